// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFEKONearFieldReader
 * @brief   Reads a FEKO near-field export (.efe electric, .hfe magnetic) as the
 *          near-field grid of the NEC reader.
 *
 * Formats 4 to 8, Cartesian, spherical or cylindrical grids, with or without
 * `#Configuration Name`/`#Request Name`, any case of the column names, CRLF line ends
 * (cmFekoNearField.h). The output is a vtkStructuredGrid in metres, i fastest in the
 * file's nesting order, with the point arrays `E_real`, `E_imag`, `|E|` (V/m) and/or
 * `H_real`, `H_imag`, `|H|` (A/m), peak phasors, e^{jωt}, and field data `Frequency`
 * (Hz) and `CoordinateSystem`: the arrays and units of the NEC reader's Near Fields port
 * (cmNearFieldToVTK.h), so Exposure Ratio, Banded Color Map and Time Harmonic work on it
 * unchanged. Spherical and cylindrical grids are curvilinear: their points and their
 * field components (r, θ, φ or ρ, φ, z) are converted to Cartesian x, y, z with the
 * local unit vectors. Several frequencies are time steps (Hz); several requests at one
 * frequency: the first is read, with a warning.
 *
 * With ReadCompanion on (the default), the file of the other field of the same request
 * beside it (same base name, .hfe for an .efe and back) is read too and its arrays are
 * added to the same grid, when its blocks have the same frequencies and points; if
 * they differ the file alone is read, with a warning naming the difference.
 *
 * @sa cmFekoNearField.h, cmNearFieldToVTK.h, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapFEKONearFieldReader_h
#define vtkCloudMapFEKONearFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkStructuredGrid.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKONearFieldReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapFEKONearFieldReader* New();
  vtkTypeMacro(vtkCloudMapFEKONearFieldReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Also read the companion file (.hfe beside an .efe, and back) onto the same grid.
  vtkSetMacro(ReadCompanion, bool);
  vtkGetMacro(ReadCompanion, bool);
  vtkBooleanMacro(ReadCompanion, bool);
  ///@}

  /// Returns 1 when the first 4 KB look like a FEKO near-field file.
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkStructuredGrid* GetOutput()
  {
    return vtkStructuredGrid::SafeDownCast(this->GetOutputDataObject(0));
  }

protected:
  vtkCloudMapFEKONearFieldReader();
  ~vtkCloudMapFEKONearFieldReader() override;

  std::vector<double> ParseFile() override;
  void DescribeOutputPort(int port, vtkInformation* info) override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  bool ReadCompanion = true;

private:
  vtkCloudMapFEKONearFieldReader(const vtkCloudMapFEKONearFieldReader&) = delete;
  void operator=(const vtkCloudMapFEKONearFieldReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
