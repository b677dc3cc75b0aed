// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFEKOCurrentsReader
 * @brief   Reads FEKO surface currents (.os) as points at the triangle centroids.
 *
 * An .os file has no mesh, only one sample per triangle: its number, centroid and the
 * complex current vector. Output 0 holds the electric samples as vertices with point
 * arrays `J_real`, `J_imag` (A/m), `|J|` and `TriangleNumber`; output 1 the magnetic
 * samples, when the file has them, as `M_real`, `M_imag` (V/m), `|M|` and
 * `TriangleNumber`. Field data: `Frequency` (Hz). Several frequency blocks are time
 * steps. Piece p of P gets the contiguous sample range [p·N/P, (p+1)·N/P).
 *
 * @sa cmFekoFormat.h, vtkCloudMapFEKOReader
 */
#ifndef vtkCloudMapFEKOCurrentsReader_h
#define vtkCloudMapFEKOCurrentsReader_h

#include "CloudMapReadersModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <memory>
#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKOCurrentsReader : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapFEKOCurrentsReader* New();
  vtkTypeMacro(vtkCloudMapFEKOCurrentsReader, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The FEKO .os file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  /// Returns 1 when the first 4 KB look like a FEKO currents file.
  int CanReadFile(const char* fileName);

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapFEKOCurrentsReader();
  ~vtkCloudMapFEKOCurrentsReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;

private:
  vtkCloudMapFEKOCurrentsReader(const vtkCloudMapFEKOCurrentsReader&) = delete;
  void operator=(const vtkCloudMapFEKOCurrentsReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
