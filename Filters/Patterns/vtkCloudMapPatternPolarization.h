// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapPatternPolarization
 * @brief   Adds polarization columns to a far-field grid table.
 *
 * From the complex Etheta_re/_im and Ephi_re/_im columns, adds per sample:
 * `|E_co|` and `|E_cross|` (Ludwig-3, reference at ReferenceAngle from x),
 * `|E_RHCP|` and `|E_LHCP|` (IEEE handedness), `AxialRatio` (dB, capped at
 * 99 dB for linear), `Tilt` (degrees from θ̂) and `Sense` (+1 right, −1 left,
 * 0 linear). Any of them can be drawn by Antenna Pattern Surface.
 * @sa cmPolarization.h for the conventions.
 */
#ifndef vtkCloudMapPatternPolarization_h
#define vtkCloudMapPatternPolarization_h

#include "CloudMapFiltersPatternsModule.h"
#include "vtkTableAlgorithm.h"

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapPatternPolarization : public vtkTableAlgorithm
{
public:
  static vtkCloudMapPatternPolarization* New();
  vtkTypeMacro(vtkCloudMapPatternPolarization, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Ludwig-3 reference polarization angle from x, degrees (0: x-polarized, 90: y).
  vtkSetMacro(ReferenceAngle, double);
  vtkGetMacro(ReferenceAngle, double);
  ///@}

protected:
  vtkCloudMapPatternPolarization();
  ~vtkCloudMapPatternPolarization() override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double ReferenceAngle = 0.0;

private:
  vtkCloudMapPatternPolarization(const vtkCloudMapPatternPolarization&) = delete;
  void operator=(const vtkCloudMapPatternPolarization&) = delete;
};

#endif
