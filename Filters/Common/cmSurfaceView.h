// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSurfaceView.h
 * @brief A flat, copy-free view of a surface's triangles and quads and their
 *        points, for the pipeline-free cores.
 */
#ifndef cmSurfaceView_h
#define cmSurfaceView_h

#include "cmLargeBuffer.h"
#include "CloudMapFiltersCommonModule.h"
#include "cmVec3.h"

#include <cstdint>
#include <string>
#include <vector>

class vtkPolyData;

namespace cm
{
/**
 * The polygons and points of a vtkPolyData, read in place: the cell array's
 * own 32- or 64-bit offsets and ids, and float or double points. Nothing is
 * copied, because on large meshes fresh temporary memory (page faults) costs
 * more than the arithmetic.
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
  double Coord(std::int64_t p, int d) const { return Points ? Points[3 * p + d] : PointsF[3 * p + d]; }
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

/**
 * Fills `view` from the polygons of `input`. Fails (returns false with a
 * message naming the cell) when a polygon is not a triangle or a quad, or
 * when the input also has vertices, lines or strips that would be dropped.
 */
CLOUDMAPFILTERSCOMMON_EXPORT bool MakeSurfaceView(
  vtkPolyData* input, SurfaceView& view, std::string& error);

/// Area of every cell of the view (parallel).
CLOUDMAPFILTERSCOMMON_EXPORT LargeArray<double> CellAreas(const SurfaceView& view);
} // namespace cm
#endif
