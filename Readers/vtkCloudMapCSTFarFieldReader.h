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
#include "vtkTableAlgorithm.h"

#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapCSTFarFieldReader : public vtkTableAlgorithm
{
public:
  static vtkCloudMapCSTFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapCSTFarFieldReader, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The exported .txt file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  ///@{
  /// The frequency of the export in Hz (CST writes it only in the file name); 0 = unknown.
  vtkSetClampMacro(Frequency, double, 0.0, 1e15);
  vtkGetMacro(Frequency, double);
  ///@}

  /// Returns 1 when the file starts with CST's bracketed header and dashed rule.
  int CanReadFile(const char* fileName);

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapCSTFarFieldReader();
  ~vtkCloudMapCSTFarFieldReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;
  double Frequency = 0;

private:
  vtkCloudMapCSTFarFieldReader(const vtkCloudMapCSTFarFieldReader&) = delete;
  void operator=(const vtkCloudMapCSTFarFieldReader&) = delete;
};

#endif
