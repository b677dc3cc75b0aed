// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapTouchstoneReader
 * @brief   Reads a Touchstone 1.x .s1p/.s2p file as a port-parameter table.
 *
 * One row per frequency: Frequency (Hz), Sij_re, Sij_im, Sij_dB for S11 (and S21, S12,
 * S22 of a 2-port; Y and Z files are converted to S), and port 1's R, X, |Z|, Gamma_re,
 * Gamma_im, |Gamma|, ReturnLoss, VSWR and MismatchLoss against the file's reference
 * impedance, which is in the field data as ReferenceImpedance: the same columns as the
 * NEC reader's Port Parameters output, so the two plot alike in a Line Chart View.
 * Rows go to piece 0. A bad file gives an error naming the file, line and problem, and
 * an empty table.
 *
 * @sa cmTouchstone.h, vtkCloudMapTouchstoneWriter, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapTouchstoneReader_h
#define vtkCloudMapTouchstoneReader_h

#include "CloudMapReadersModule.h"
#include "vtkTableAlgorithm.h"

#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapTouchstoneReader : public vtkTableAlgorithm
{
public:
  static vtkCloudMapTouchstoneReader* New();
  vtkTypeMacro(vtkCloudMapTouchstoneReader, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The .s1p or .s2p file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapTouchstoneReader();
  ~vtkCloudMapTouchstoneReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;

private:
  vtkCloudMapTouchstoneReader(const vtkCloudMapTouchstoneReader&) = delete;
  void operator=(const vtkCloudMapTouchstoneReader&) = delete;
};

#endif
