// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class vtkCloudMapMSIPlanetReader
 * @brief Reads MSI/Planet antenna pattern files (.msi, .pln): a 3-D pattern reconstructed
 * from the horizontal and vertical cuts (port 0, the common far-field table) and the two
 * cuts as printed (port 1).
 *
 * Port 0: the far-field table (cmFarFieldToVTK.h) on a θ/φ grid of ThetaStep × PhiStep,
 * Gain in dBi (the file's GAIN, dBd + 2.15, minus the reconstructed attenuation), the
 * reconstruction by Method (0 summing, 1 cross-weighted of Gil et al. 2001; cmMsiPattern.h),
 * boresight along +x (φ = 0, θ = 90°). Port 1: the cuts, one row per printed sample:
 * Cut (0 horizontal, 1 vertical), Angle (degrees as printed), Attenuation (dB) and Gain
 * (dBi); field data Name, Make, Polarization, Comment, GainUnit (strings), Frequency (Hz),
 * Gain[dBi], Tilt, H_WIDTH, V_WIDTH, FRONT_TO_BACK (−1 where absent).
 */
#ifndef vtkCloudMapMSIPlanetReader_h
#define vtkCloudMapMSIPlanetReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapMSIPlanetReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapMSIPlanetReader* New();
  vtkTypeMacro(vtkCloudMapMSIPlanetReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The 2-D → 3-D reconstruction: 0 summing (default), 1 cross-weighted.
  vtkSetClampMacro(Method, int, 0, 1);
  vtkGetMacro(Method, int);
  ///@}
  ///@{
  /// The grid's steps in degrees (they must divide 180 and 360).
  vtkSetClampMacro(ThetaStep, double, 0.1, 45.0);
  vtkGetMacro(ThetaStep, double);
  vtkSetClampMacro(PhiStep, double, 0.1, 90.0);
  vtkGetMacro(PhiStep, double);
  ///@}

  /// 1 when the head of the file is `KEY value` lines then a HORIZONTAL or VERTICAL cut.
  int CanReadFile(const char* fileName);

  /// The far-field table.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapMSIPlanetReader();
  ~vtkCloudMapMSIPlanetReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  int Method = 0;
  double ThetaStep = 1;
  double PhiStep = 1;

private:
  vtkCloudMapMSIPlanetReader(const vtkCloudMapMSIPlanetReader&) = delete;
  void operator=(const vtkCloudMapMSIPlanetReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
