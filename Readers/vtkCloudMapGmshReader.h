// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapGmshReader
 * @brief   Reads the triangles and quads of a Gmsh MSH 1, 2.x, 3, 4.0 or 4.1 file (ASCII,
 *          or binary in either byte order) with its views.
 *
 * Triangles and quads of every order become polygons (higher-order ones as their linear
 * corner elements, with one warning: the cloud-map filters take triangles and quads, and
 * vtkPolyData holds no quadratic cells); other types are skipped and reported once per
 * file in a warning. `$ElementData` views become cell arrays, `$ElementNodeData` views
 * cell arrays of each element's mean corner value, and `$NodeData` views point arrays,
 * NaN where a view does not cover an entity. A data section that fails or an unknown
 * section is one warning (file, line, problem), and the mesh is still output;
 * bempp-style `"<name> (real)"`/`"<name> (imag)"` pairs become `<name>_real`,
 * `<name>_imag` and `|<name>|` (so a view pair named "J" feeds Surface Cloud Map
 * directly). Cell arrays `ElementId` (index) and `GmshElementTag` (the file's tag) are
 * always present. Which views to load is chosen with the cell and point array selections.
 * Views with several time steps make the reader's time steps (the views' real tags); at
 * each time a view shows its last step at or before it.
 * Honours piece requests with ghost cells like the other surface readers.
 *
 * @sa cmGmshFormat.h, vtkCloudMapNECDeckWriter (to solve a Gmsh mesh with nec2c)
 */
#ifndef vtkCloudMapGmshReader_h
#define vtkCloudMapGmshReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkPolyData.h" // for GetOutput

class vtkDataArraySelection;

class CLOUDMAPREADERS_EXPORT vtkCloudMapGmshReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapGmshReader* New();
  vtkTypeMacro(vtkCloudMapGmshReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the file starts with $MeshFormat (MSH 2 to 4) or $NOD (MSH 1).
  int CanReadFile(const char* fileName);

  ///@{
  /// The `$ElementData` views (cell arrays) to load; all are on by default.
  vtkDataArraySelection* GetCellDataArraySelection();
  int GetNumberOfCellArrays();
  const char* GetCellArrayName(int index);
  int GetCellArrayStatus(const char* name);
  void SetCellArrayStatus(const char* name, int status);
  ///@}

  ///@{
  /// The `$NodeData` views (point arrays) to load; all are on by default.
  vtkDataArraySelection* GetPointDataArraySelection();
  int GetNumberOfPointArrays();
  const char* GetPointArrayName(int index);
  int GetPointArrayStatus(const char* name);
  void SetPointArrayStatus(const char* name, int status);
  ///@}

  vtkMTimeType GetMTime() override;

  /// The output of port 0.
  vtkPolyData* GetOutput() { return vtkPolyData::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapGmshReader();
  ~vtkCloudMapGmshReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapGmshReader(const vtkCloudMapGmshReader&) = delete;
  void operator=(const vtkCloudMapGmshReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
