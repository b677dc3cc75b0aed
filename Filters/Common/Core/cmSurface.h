// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSurface.h
 * @brief A VTK-free view of a surface of triangles and quads (points as a
 *        flat array, cells as offsets + connectivity), and the corner-weight
 *        sum that interpolates per-point values inside a cell.
 */
#ifndef cmSurface_h
#define cmSurface_h

#include "cmLargeBuffer.h"
#include "cmParallelFor.h"
#include "cmVec3.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cm
{
/**
 * A surface of triangles and quads over plain arrays, read in place: 32- or
 * 64-bit offsets (NumberOfCells() + 1 of them) and corner ids, and float or
 * double points (3 values each). Nothing is copied, because on large meshes
 * fresh temporary memory (page faults) costs more than the arithmetic. The
 * VTK layer fills it from a vtkPolyData's cell array (cm::MakeSurfaceView in
 * Filters/Common); plain code with FromArrays().
 */
struct SurfaceView
{
  const long long* Off64 = nullptr;
  const long long* Conn64 = nullptr;
  const int* Off32 = nullptr;
  const int* Conn32 = nullptr;
  std::int64_t NCells = 0;
  const double* Points = nullptr; ///< double points, or null when PointsF is used
  const float* PointsF = nullptr; ///< float points
  std::int64_t NumberOfPoints = 0;
  mutable std::vector<double> PointStore; ///< double copy made on demand

  std::int64_t NumberOfCells() const { return NCells; }
  std::int64_t Offset(std::int64_t c) const { return Off64 ? Off64[c] : Off32[c]; }
  std::int64_t Id(std::int64_t k) const { return Conn64 ? Conn64[k] : Conn32[k]; }
  int Size(std::int64_t c) const { return static_cast<int>(Offset(c + 1) - Offset(c)); }
  double Coord(std::int64_t p, int d) const
  {
    return Points ? Points[3 * p + d] : PointsF[3 * p + d];
  }
  void Corners(std::int64_t c, Vec3* p) const
  {
    const std::int64_t b = Offset(c);
    const int n = Size(c);
    for (int i = 0; i < n; ++i)
    {
      const std::int64_t q = Id(b + i);
      p[i] = { Coord(q, 0), Coord(q, 1), Coord(q, 2) };
    }
  }
  /// Calls f(offsets, ids) with the typed pointers.
  template <typename F>
  void WithIds(F&& f) const
  {
    if (Off64)
    {
      f(Off64, Conn64);
    }
    else
    {
      f(Off32, Conn32);
    }
  }
  /// Calls f(offsets, ids, points) with the typed pointers (points float or
  /// double, as the input holds them; null when there are none).
  template <typename F>
  void WithIdsAndPoints(F&& f) const
  {
    this->WithIds([&](auto* off, auto* conn) {
      if (this->PointsF && !this->Points)
      {
        f(off, conn, this->PointsF);
      }
      else
      {
        f(off, conn, this->Points);
      }
    });
  }
  /// The points as doubles (copied once when they are float).
  const double* DoublePoints() const
  {
    if (Points || NumberOfPoints == 0)
    {
      return Points;
    }
    if (PointStore.empty())
    {
      PointStore.assign(PointsF, PointsF + 3 * NumberOfPoints);
    }
    return PointStore.data();
  }
};

/// A view of `nCells` cells over plain arrays: offsets[nCells + 1],
/// connectivity, and 3 doubles per point.
inline SurfaceView SurfaceFromArrays(const double* points, std::int64_t nPoints,
  const long long* offsets, std::int64_t nCells, const long long* connectivity)
{
  SurfaceView v;
  v.Points = points;
  v.NumberOfPoints = nPoints;
  v.Off64 = offsets;
  v.Conn64 = connectivity;
  v.NCells = nCells;
  return v;
}

/**
 * The one corner-weight interpolation: out[q] = sum over the corners j (in
 * order) of w[j] * values[id(j) * nc + q], for q < nc, where id(j) is the
 * point id of corner j of `cell`. The weights are the cell's barycentric
 * (triangle) or bilinear (quad) weights of a parametric point, from
 * cm::map::ParentWeights, or the scanline weights. Every filter that
 * interpolates point values inside a cell sums through here, so the sums
 * are the same, bit for bit, whichever filter computes them.
 */
inline void CornerSum(const SurfaceView& view, std::int64_t cell, const double* w,
  const double* values, int nc, double* out)
{
  const std::int64_t first = view.Offset(cell);
  const int n = view.Size(cell);
  for (int q = 0; q < nc; ++q)
  {
    double v = 0;
    for (int j = 0; j < n; ++j)
    {
      v += w[j] * values[view.Id(first + j) * nc + q];
    }
    out[q] = v;
  }
}
/// Area of every cell of the view (the loop through pf).
inline LargeArray<double> CellAreas(const SurfaceView& view, const ParallelFor& pf)
{
  const std::int64_t n = view.NumberOfCells();
  LargeArray<double> areas(static_cast<std::size_t>(n));
  if (n == 0 || (!view.Points && !view.PointsF))
  {
    std::fill(areas.begin(), areas.end(), 0.0);
    return areas;
  }
  // Typed once (ids, point precision) instead of per corner.
  view.WithIdsAndPoints([&](auto* off, auto* conn, auto* pts) {
    RunFor(pf, n, [&](long long b, long long e) {
      for (std::int64_t c = b; c < e; ++c)
      {
        areas[c] = CellArea(c, off, conn, pts);
      }
    });
  });
  return areas;
}
} // namespace cm
#endif
