// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapTimeHarmonic
 * @brief   Phase animation of a complex field: Re{X·e^{jωt}} over one period.
 *
 * For a complex array given as a pair of real arrays (RealArrayName and
 * ImaginaryArrayName, default J_real and J_imag, on cells or points), the
 * output at time step k of NumberOfSteps carries
 *   `<Name>_inst` = X_re·cos(2πk/N) − X_im·sin(2πk/N)   (the instantaneous value)
 * and `|<Name>_inst|`, its magnitude. The filter reports N time steps
 * t_k = k/N (fractions of the period), so ParaView's Play button shows the
 * current flowing over the surface. The field data `InstantaneousRange`
 * holds [0, max over all cells and phases of |Re{X e^{jωt}}|] computed in
 * closed form, and `|<Name>_inst|` is banded over that one fixed range when
 * used with Banded Color Map's custom range, so colours mean the same in
 * every frame.
 */
#ifndef vtkCloudMapTimeHarmonic_h
#define vtkCloudMapTimeHarmonic_h

#include "CloudMapFiltersCloudMapModule.h"
#include "vtkPassInputTypeAlgorithm.h"

#include <string>

class CLOUDMAPFILTERSCLOUDMAP_EXPORT vtkCloudMapTimeHarmonic : public vtkPassInputTypeAlgorithm
{
public:
  static vtkCloudMapTimeHarmonic* New();
  vtkTypeMacro(vtkCloudMapTimeHarmonic, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The real and imaginary parts of the complex array (default J_real, J_imag).
  vtkSetStdStringFromCharMacro(RealArrayName);
  vtkGetCharFromStdStringMacro(RealArrayName);
  vtkSetStdStringFromCharMacro(ImaginaryArrayName);
  vtkGetCharFromStdStringMacro(ImaginaryArrayName);
  ///@}

  ///@{
  /// Time steps per period (default 24).
  vtkSetClampMacro(NumberOfSteps, int, 2, 3600);
  vtkGetMacro(NumberOfSteps, int);
  ///@}

protected:
  vtkCloudMapTimeHarmonic();
  ~vtkCloudMapTimeHarmonic() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string RealArrayName = "J_real";
  std::string ImaginaryArrayName = "J_imag";
  int NumberOfSteps = 24;

private:
  vtkCloudMapTimeHarmonic(const vtkCloudMapTimeHarmonic&) = delete;
  void operator=(const vtkCloudMapTimeHarmonic&) = delete;
};

#endif
