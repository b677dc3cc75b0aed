// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapPatternMetrics
 * @brief   An antenna pattern's figures of merit as a table, one row per frequency.
 *
 * Input: a far-field grid table (Theta, Phi in degrees, θ fastest). The power
 * pattern is taken from the `Gain` column (dBi → linear) when the table has
 * one, else from |E|². Output columns (unit in brackets): Frequency[Hz] (or
 * the time value), PeakTheta[deg], PeakPhi[deg], PeakGain[dBi] (from the Gain
 * column; NaN without one), Directivity[dBi] (integrated over the sphere),
 * HPBWPlane1[deg] and HPBWPlane2[deg] (the elevation plane through the peak
 * and the plane perpendicular to it), FrontToBack[dB], FirstSidelobe[dB] (re
 * peak), ConePowerFraction and ConeAverageDirectivity[dBi] within
 * ConeHalfAngle of the peak. See cmPatternMetrics.h for the definitions.
 *
 * When the input has time steps (a frequency sweep), every step is computed
 * and gets its row, so a line chart plots the metrics against frequency.
 */
#ifndef vtkCloudMapPatternMetrics_h
#define vtkCloudMapPatternMetrics_h

#include "CloudMapFiltersPatternsModule.h"
#include "vtkTableAlgorithm.h"

#include <vector>

class vtkTable;

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapPatternMetrics : public vtkTableAlgorithm
{
public:
  static vtkCloudMapPatternMetrics* New();
  vtkTypeMacro(vtkCloudMapPatternMetrics, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Half-angle of the cone around the peak for the cone metrics, degrees (default 10).
  vtkSetClampMacro(ConeHalfAngle, double, 0.0, 180.0);
  vtkGetMacro(ConeHalfAngle, double);
  ///@}

protected:
  vtkCloudMapPatternMetrics();
  ~vtkCloudMapPatternMetrics() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double ConeHalfAngle = 10.0;

private:
  vtkCloudMapPatternMetrics(const vtkCloudMapPatternMetrics&) = delete;
  void operator=(const vtkCloudMapPatternMetrics&) = delete;

  std::vector<double> TimeSteps;
  std::size_t CurrentStep = 0;
  vtkTable* Accumulated = nullptr;
};

#endif
