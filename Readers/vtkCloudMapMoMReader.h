// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapMoMReader
 * @brief   Reads the native CloudMap MoM surface-current format (.cmom).
 *
 * Output is a vtkPolyData of triangle and quad cells (counter-clockwise, as in
 * the file) with cell arrays:
 *  - `J_real` and `J_imag`: the complex surface current density vector (A/m),
 *  - `|J|`: sqrt(|Jx|² + |Jy|² + |Jz|²),
 * and field data `Frequency` (Hz), `SourceNames`/`SourcePositions` and
 * `ReceiverNames`/`ReceiverPositions` when the file names them.
 *
 * A file that fails to parse produces an error naming the file, the line and
 * the problem, and an empty output; never a partial mesh.
 *
 * @sa cmMoMFormat.h for the format.
 */
#ifndef vtkCloudMapMoMReader_h
#define vtkCloudMapMoMReader_h

#include "CloudMapReadersModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapMoMReader : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapMoMReader* New();
  vtkTypeMacro(vtkCloudMapMoMReader, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  /// Returns 1 when the file starts with the CLOUDMAP-MOM header.
  int CanReadFile(const char* fileName);

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapMoMReader();
  ~vtkCloudMapMoMReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;

private:
  vtkCloudMapMoMReader(const vtkCloudMapMoMReader&) = delete;
  void operator=(const vtkCloudMapMoMReader&) = delete;
};

#endif
