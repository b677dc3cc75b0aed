// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapAnalyticAntennaPattern
 * @brief   Far-field grid of a textbook antenna, for checking pattern plots.
 *
 * Produces the common far-field grid table (Theta, Phi in degrees, θ fastest;
 * Etheta_re/_im, Ephi_re/_im, |Etheta|, |Ephi|, |E|, Gain in dBi; field data
 * Frequency, NumberOfTheta, NumberOfPhi, GainKind = "Directivity") of:
 *  - ISOTROPIC: |E| = 1, D = 1 (0 dBi);
 *  - SHORT_DIPOLE along z: Eθ = sin θ, D = 1.5 sin²θ (1.76 dBi peak);
 *  - HALF_WAVE_DIPOLE along z: Eθ = cos(π/2·cos θ)/sin θ, D = 1.641 F² (2.15 dBi).
 * θ runs 0…180 and φ 0…360 (the closing column included) in the given steps.
 */
#ifndef vtkCloudMapAnalyticAntennaPattern_h
#define vtkCloudMapAnalyticAntennaPattern_h

#include "CloudMapFiltersModule.h"
#include "vtkTableAlgorithm.h"

class CLOUDMAPFILTERS_EXPORT vtkCloudMapAnalyticAntennaPattern : public vtkTableAlgorithm
{
public:
  static vtkCloudMapAnalyticAntennaPattern* New();
  vtkTypeMacro(vtkCloudMapAnalyticAntennaPattern, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  enum Patterns
  {
    ISOTROPIC = 0,
    SHORT_DIPOLE = 1,
    HALF_WAVE_DIPOLE = 2
  };

  ///@{
  /// The antenna (default HALF_WAVE_DIPOLE).
  vtkSetClampMacro(Pattern, int, ISOTROPIC, HALF_WAVE_DIPOLE);
  vtkGetMacro(Pattern, int);
  ///@}

  ///@{
  /// Sampling steps in degrees (default 5); 180 and 360 must be multiples.
  vtkSetClampMacro(ThetaStep, double, 0.1, 90.0);
  vtkGetMacro(ThetaStep, double);
  vtkSetClampMacro(PhiStep, double, 0.1, 180.0);
  vtkGetMacro(PhiStep, double);
  ///@}

  ///@{
  /// Frequency written to the field data, in Hz (default 300 MHz).
  vtkSetClampMacro(Frequency, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(Frequency, double);
  ///@}

protected:
  vtkCloudMapAnalyticAntennaPattern();
  ~vtkCloudMapAnalyticAntennaPattern() override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Pattern = HALF_WAVE_DIPOLE;
  double ThetaStep = 5.0;
  double PhiStep = 5.0;
  double Frequency = 300e6;

private:
  vtkCloudMapAnalyticAntennaPattern(const vtkCloudMapAnalyticAntennaPattern&) = delete;
  void operator=(const vtkCloudMapAnalyticAntennaPattern&) = delete;
};

#endif
