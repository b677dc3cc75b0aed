// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmVTKAccess.h
 * @brief Private glue between VTK data and the pipeline-free core: flat views
 *        of a surface's elements and points, and the MPI range reduction.
 */
#ifndef cmVTKAccess_h
#define cmVTKAccess_h

#include "cmRefinement.h"

#include <cstdint>
#include <string>
#include <vector>

class vtkDataArray;
class vtkPolyData;
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

/// Reads a value of a tuple as a scalar: the component, or the magnitude when comp < 0.
double TupleScalar(vtkDataArray* array, std::int64_t i, int comp);

/// Min/max of `array` (component `comp`, magnitude when < 0) over non-ghost
/// tuples, then reduced over all MPI ranks of the global controller. Returns
/// false when no rank has a finite value.
bool GlobalRange(vtkDataArray* array, int comp, vtkUnsignedCharArray* ghosts, double range[2]);

/// Area of every cell of the view (parallel).
std::vector<double> CellAreas(const SurfaceView& view);

} // namespace cloudmap
#endif
