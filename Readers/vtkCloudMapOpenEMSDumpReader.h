// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapOpenEMSDumpReader
 * @brief   Reads an openEMS HDF5 field dump (DumpBox) as a vtkRectilinearGrid.
 *
 * The file a dump box with FileType 1 writes (see cmOpenEmsDump.h for the layout): the
 * grid's coordinates are the mesh lines /Mesh/x, y, z in metres. A frequency-domain dump
 * (dump types 10-15) gives point arrays `<F>_real`, `<F>_imag` (3-component vectors) and
 * `|<F>|` = sqrt(sum re^2 + im^2), the peak amplitude, so Banded Color Map and Time
 * Harmonic (RealArrayName `<F>_real`) work on it; several frequencies are time steps whose
 * values are the frequencies in Hz. A time-domain dump (types 0-5) gives `<F>` and `|<F>|`
 * per recorded step, the steps' times (s) being the time steps. `<F>` is FieldName
 * (default E; openEMS does not store which field a dump holds). Field data `Frequency` or
 * `Time` holds the step shown.
 *
 * The grid is split by extent (CAN_PRODUCE_SUB_EXTENT), so every rank reads its part.
 * A file that is not HDF5 or lacks the layout gives one error naming the file, the dataset
 * and the problem, and an empty output; failures agree across MPI ranks (vtkCloudMapReaderBase.h).
 *
 * @sa cmOpenEmsDump.h, cmHdf5File.h, vtkCloudMapOpenEMSReader (nf2ff far fields)
 */
#ifndef vtkCloudMapOpenEMSDumpReader_h
#define vtkCloudMapOpenEMSDumpReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkRectilinearGrid.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapOpenEMSDumpReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapOpenEMSDumpReader* New();
  vtkTypeMacro(vtkCloudMapOpenEMSDumpReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The name of the dumped field, the arrays' base name (default "E").
  vtkSetStdStringFromCharMacro(FieldName);
  vtkGetCharFromStdStringMacro(FieldName);
  ///@}

  /// Returns 1 when the file is HDF5 with /FieldData and /Mesh and without /nf2ff.
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkRectilinearGrid* GetOutput()
  {
    return vtkRectilinearGrid::SafeDownCast(this->GetOutputDataObject(0));
  }

protected:
  vtkCloudMapOpenEMSDumpReader();
  ~vtkCloudMapOpenEMSDumpReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;
  void DescribeOutputPort(int port, vtkInformation* info) override;

  std::string FieldName = "E";

private:
  vtkCloudMapOpenEMSDumpReader(const vtkCloudMapOpenEMSDumpReader&) = delete;
  void operator=(const vtkCloudMapOpenEMSDumpReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
