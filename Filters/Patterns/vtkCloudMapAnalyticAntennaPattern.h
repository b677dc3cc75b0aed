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
 *  - HALF_WAVE_DIPOLE along z: Eθ = cos(π/2·cos θ)/sin θ, D = 1.641 F² (2.15 dBi);
 *  - UNIFORM_LINEAR_ARRAY of N isotropic elements along z, spacing d (in
 *    wavelengths) and progressive phase β: |E| = |sin(Nψ/2) / (N sin(ψ/2))|
 *    with ψ = 2π d cos θ + β; its directivity is integrated numerically.
 * θ runs 0…180 and φ 0…360 (the closing column included) in the given steps.
 */
#ifndef vtkCloudMapAnalyticAntennaPattern_h
#define vtkCloudMapAnalyticAntennaPattern_h

#include "CloudMapFiltersPatternsModule.h"
#include "vtkTableAlgorithm.h"

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapAnalyticAntennaPattern : public vtkTableAlgorithm
{
public:
  static vtkCloudMapAnalyticAntennaPattern* New();
  vtkTypeMacro(vtkCloudMapAnalyticAntennaPattern, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  enum Patterns
  {
    ISOTROPIC = 0,
    SHORT_DIPOLE = 1,
    HALF_WAVE_DIPOLE = 2,
    UNIFORM_LINEAR_ARRAY = 3
  };

  ///@{
  /// The antenna (default HALF_WAVE_DIPOLE).
  vtkSetClampMacro(Pattern, int, ISOTROPIC, UNIFORM_LINEAR_ARRAY);
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
  /// Uniform linear array: element count (default 4), spacing in wavelengths
  /// (default 0.5) and progressive phase step in degrees (default 0).
  vtkSetClampMacro(NumberOfElements, int, 1, 1000);
  vtkGetMacro(NumberOfElements, int);
  vtkSetClampMacro(ElementSpacing, double, 0.0, 100.0);
  vtkGetMacro(ElementSpacing, double);
  vtkSetMacro(PhaseStep, double);
  vtkGetMacro(PhaseStep, double);
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
  int NumberOfElements = 4;
  double ElementSpacing = 0.5;
  double PhaseStep = 0.0;

private:
  vtkCloudMapAnalyticAntennaPattern(const vtkCloudMapAnalyticAntennaPattern&) = delete;
  void operator=(const vtkCloudMapAnalyticAntennaPattern&) = delete;
};

#endif
