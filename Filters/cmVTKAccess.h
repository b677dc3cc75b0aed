// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmVTKAccess.h
 * @brief Private glue between VTK data and the pipeline-free core: flat views
 *        of a surface's elements and points, and the MPI range reduction.
 */
#ifndef cmVTKAccess_h
#define cmVTKAccess_h

#include "cmBanding.h"
#include "cmRefinement.h"

#include <cstdint>
#include <string>
#include <vector>

class vtkDataArray;
class vtkPolyData;
class vtkTable;
class vtkUnsignedCharArray;

namespace cloudmap
{
/// The polygons of a vtkPolyData as flat int64 offsets/connectivity plus double points.
struct SurfaceView
{
  std::vector<std::int64_t> Offsets; ///< nCells + 1
  std::vector<std::int64_t> Conn;
  std::vector<double> PointStore;    ///< used only when the points are not already double
  const double* Points = nullptr;
  std::int64_t NumberOfPoints = 0;
  std::int64_t NumberOfCells() const { return static_cast<std::int64_t>(Offsets.size()) - 1; }
  int Size(std::int64_t c) const { return static_cast<int>(Offsets[c + 1] - Offsets[c]); }
  void Corners(std::int64_t c, Vec3* p) const
  {
    const std::int64_t b = Offsets[c];
    const int n = Size(c);
    for (int i = 0; i < n; ++i)
    {
      const double* x = Points + 3 * Conn[b + i];
      p[i] = { x[0], x[1], x[2] };
    }
  }
};

/**
 * Fills `view` from the polygons of `input`. Fails (returns false with a
 * message naming the cell) when a polygon is not a triangle or a quad, or
 * when the input also has vertices, lines or strips that would be dropped.
 */
bool MakeSurfaceView(vtkPolyData* input, SurfaceView& view, std::string& error);

/// All values of an array as doubles, tuple-major (typed fast paths, no per-value virtual calls).
std::vector<double> ValuesAsDouble(vtkDataArray* array);

/// One scalar per tuple: the component `comp`, or the magnitude when comp < 0
/// and the array has several components.
std::vector<double> ScalarsOf(vtkDataArray* array, int comp);

/// Min/max of `values` over non-ghost entries, reduced over all MPI ranks.
bool GlobalRange(const std::vector<double>& values, vtkUnsignedCharArray* ghosts, double range[2]);

/// The legend table of a band spec: BandIndex, Lower, Upper, Red, Green, Blue, Label.
void FillBandTable(vtkTable* table, const BandSpec& spec, Palette palette);

/// Area of every cell of the view (parallel).
std::vector<double> CellAreas(const SurfaceView& view);

} // namespace cloudmap
#endif
