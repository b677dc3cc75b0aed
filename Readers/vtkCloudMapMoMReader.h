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
#include "vtkCloudMapReaderBase.h"
#include "vtkPolyData.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapMoMReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapMoMReader* New();
  vtkTypeMacro(vtkCloudMapMoMReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the file starts with the CLOUDMAP-MOM header.
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkPolyData* GetOutput() { return vtkPolyData::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapMoMReader();
  ~vtkCloudMapMoMReader() override;

  /// Parses the file on every execution, the rows in blocks on the SMP threads.
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapMoMReader(const vtkCloudMapMoMReader&) = delete;
  void operator=(const vtkCloudMapMoMReader&) = delete;
};

#endif
