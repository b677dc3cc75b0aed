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
#include "vtkCloudMapReaderBase.h"
#include "vtkPolyData.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKOCurrentsReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapFEKOCurrentsReader* New();
  vtkTypeMacro(vtkCloudMapFEKOCurrentsReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the first 4 KB look like a FEKO currents file.
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkPolyData* GetOutput() { return vtkPolyData::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapFEKOCurrentsReader();
  ~vtkCloudMapFEKOCurrentsReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapFEKOCurrentsReader(const vtkCloudMapFEKOCurrentsReader&) = delete;
  void operator=(const vtkCloudMapFEKOCurrentsReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
