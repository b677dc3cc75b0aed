// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFEKOFarFieldReader
 * @brief   Reads a FEKO far-field export (.ffe) as the common far-field table.
 *
 * Formats 3 to 8: quoted column names, spaced or run together; `E+009` or `E+9`
 * exponents; single cuts; several blocks (frequencies or requests) in one file, with or
 * without `#Request Name`. The output is a vtkTable with one row per (θ, φ), θ fastest:
 * Theta, Phi (degrees), Etheta_re/_im, Ephi_re/_im (V, as FEKO writes r·E), |Etheta|,
 * |Ephi|, |E|, Gain (the Total column, dBi), Gain_theta, Gain_phi; field data Frequency
 * (Hz), NumberOfTheta, NumberOfPhi, GainKind ("Gain", "Directivity" or "Realized Gain"),
 * SourceFormat "FEKO" and RequestName when the file has one. Several frequencies are
 * time steps whose values are the frequencies in Hz; RequestIndex picks among several
 * blocks at the same frequency (several far-field requests).
 *
 * @sa cmFekoFormat.h, cmFarFieldToVTK.h, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapFEKOFarFieldReader_h
#define vtkCloudMapFEKOFarFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkTableAlgorithm.h"

#include <memory>
#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKOFarFieldReader : public vtkTableAlgorithm
{
public:
  static vtkCloudMapFEKOFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapFEKOFarFieldReader, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The .ffe file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  ///@{
  /// Which block of the current frequency to show when several requests share it.
  vtkSetClampMacro(RequestIndex, int, 0, 1000000);
  vtkGetMacro(RequestIndex, int);
  ///@}

  /// Returns 1 when the first 4 KB look like a FEKO far-field file.
  int CanReadFile(const char* fileName);

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapFEKOFarFieldReader();
  ~vtkCloudMapFEKOFarFieldReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;
  int RequestIndex = 0;

private:
  vtkCloudMapFEKOFarFieldReader(const vtkCloudMapFEKOFarFieldReader&) = delete;
  void operator=(const vtkCloudMapFEKOFarFieldReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
