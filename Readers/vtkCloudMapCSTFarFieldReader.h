// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapCSTFarFieldReader
 * @brief   Reads a CST Studio far-field ASCII export as the common far-field table.
 *
 * Units (dB or linear) and polarization (θ/φ, Ludwig-3 Horiz/Vert, circular Left/Right)
 * are taken from the bracketed header and converted to Eθ, Eφ; φ is kept as printed
 * (from −180 or from 0). The output is the common far-field vtkTable (see
 * cmFarFieldToVTK.h) with Gain (the Abs(Dir.)/Abs(Gain)/Abs(Realized Gain) column in
 * dBi), the components as printed (Gain_theta/Gain_phi, Gain_horiz/Gain_vert or
 * Gain_left/Gain_right) and AxialRatio. The export has no frequency, so the Frequency
 * property (Hz) fills the field data. The fields are relative: |Eθ| = 10^(D_θ/20).
 *
 * @sa cmCstFarField.h, vtkCloudMapFEKOFarFieldReader, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapCSTFarFieldReader_h
#define vtkCloudMapCSTFarFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapCSTFarFieldReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapCSTFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapCSTFarFieldReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The frequency of the export in Hz (CST writes it only in the file name); 0 = unknown.
  vtkSetClampMacro(Frequency, double, 0.0, 1e15);
  vtkGetMacro(Frequency, double);
  ///@}

  /// Returns 1 when the file starts with CST's bracketed header and dashed rule.
  int CanReadFile(const char* fileName);

  /// The far-field table.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapCSTFarFieldReader();
  ~vtkCloudMapCSTFarFieldReader() override;

  /// Parses the file on every execution (one pattern, small next to a solve).
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  double Frequency = 0;

private:
  vtkCloudMapCSTFarFieldReader(const vtkCloudMapCSTFarFieldReader&) = delete;
  void operator=(const vtkCloudMapCSTFarFieldReader&) = delete;
};

#endif
