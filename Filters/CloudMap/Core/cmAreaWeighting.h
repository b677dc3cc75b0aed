// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmAreaWeighting.h
 * @brief Area-weighted vertex values: i_v = Σ s_k i_k / Σ s_k (pipeline free).
 *
 * The sum runs over the elements k that use vertex v, s_k being the element's
 * area. VTK's vtkCellDataToPointData takes the unweighted mean instead, which
 * lets a sliver next to a large patch count as much as the patch.
 *
 * The work is split in per-item kernels (one vertex, one element) so that a
 * caller can run them in any parallel loop; the links are a flat CSR table.
 */
#ifndef cmAreaWeighting_h
#define cmAreaWeighting_h

#include "cmLargeBuffer.h"
#include "cmParallelFor.h"
#include "cmSurface.h"
#include "cmVec3.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace cm::map
{
/// Vertex → element table in compressed-row form.
struct PointCellLinks
{
  std::vector<std::int64_t> Offsets; ///< size nPoints + 1
  std::vector<std::int64_t> Cells; ///< element ids, grouped by vertex
};

/**
 * Builds the links of `nPoints` vertices from cells given as offsets
 * (nCells + 1) and connectivity. `pointMap` (optional) renames point ids,
 * e.g. to merge coincident vertices; then nPoints is the number of groups.
 * A repeated vertex within one cell is linked once.
 */
template <typename OffsetT, typename ConnT>
void BuildPointCellLinks(std::int64_t nPoints, std::int64_t nCells, const OffsetT* offsets,
  const ConnT* conn, const std::int64_t* pointMap, PointCellLinks& links)
{
  links.Offsets.assign(nPoints + 1, 0);
  auto pid = [&](std::int64_t k) -> std::int64_t {
    const std::int64_t p = static_cast<std::int64_t>(conn[k]);
    return pointMap ? pointMap[p] : p;
  };
  auto repeated = [&](std::int64_t c, std::int64_t k) {
    for (std::int64_t m = static_cast<std::int64_t>(offsets[c]); m < k; ++m)
    {
      if (pid(m) == pid(k))
      {
        return true;
      }
    }
    return false;
  };
  for (std::int64_t c = 0; c < nCells; ++c)
  {
    for (std::int64_t k = offsets[c]; k < static_cast<std::int64_t>(offsets[c + 1]); ++k)
    {
      if (!repeated(c, k))
      {
        ++links.Offsets[pid(k) + 1];
      }
    }
  }
  for (std::int64_t p = 0; p < nPoints; ++p)
  {
    links.Offsets[p + 1] += links.Offsets[p];
  }
  links.Cells.resize(links.Offsets[nPoints]);
  std::vector<std::int64_t> fill(links.Offsets.begin(), links.Offsets.end() - 1);
  for (std::int64_t c = 0; c < nCells; ++c)
  {
    for (std::int64_t k = offsets[c]; k < static_cast<std::int64_t>(offsets[c + 1]); ++k)
    {
      if (!repeated(c, k))
      {
        links.Cells[fill[pid(k)]++] = c;
      }
    }
  }
}

/**
 * Calls f(row) once for every distinct vertex row of cell `c` (a vertex
 * repeated within the cell counts once), in the cell's order: the kernel of
 * a parallel link build (count the rows, prefix-sum, fill, then
 * SortLinkRows), which gives exactly the table BuildPointCellLinks builds.
 */
template <typename OffsetT, typename ConnT, typename F>
void ForDistinctRows(
  std::int64_t c, const OffsetT* offsets, const ConnT* conn, const std::int64_t* pointMap, F&& f)
{
  const std::int64_t b = static_cast<std::int64_t>(offsets[c]);
  const std::int64_t e = static_cast<std::int64_t>(offsets[c + 1]);
  for (std::int64_t k = b; k < e; ++k)
  {
    const std::int64_t p = pointMap ? pointMap[conn[k]] : static_cast<std::int64_t>(conn[k]);
    bool repeated = false;
    for (std::int64_t m = b; m < k && !repeated; ++m)
    {
      repeated = (pointMap ? pointMap[conn[m]] : static_cast<std::int64_t>(conn[m])) == p;
    }
    if (!repeated)
    {
      f(p);
    }
  }
}

/// Sorts the element ids of rows [begin, end) ascending (rows are short: insertion sort).
inline void SortLinkRows(PointCellLinks& links, std::int64_t begin, std::int64_t end)
{
  for (std::int64_t p = begin; p < end; ++p)
  {
    std::int64_t* row = links.Cells.data() + links.Offsets[p];
    const std::int64_t n = links.Offsets[p + 1] - links.Offsets[p];
    for (std::int64_t i = 1; i < n; ++i)
    {
      const std::int64_t v = row[i];
      std::int64_t j = i;
      for (; j > 0 && row[j - 1] > v; --j)
      {
        row[j] = row[j - 1];
      }
      row[j] = v;
    }
  }
}

/**
 * Area-weighted mean at one vertex over `nComp` components.
 * `values` holds nComp values per element (any arithmetic type); sums are in double.
 * A vertex used by no element, or only by zero-area ones, gets the plain mean
 * of its elements, or 0 when it has none.
 */
template <typename T>
void AreaWeightedVertex(const PointCellLinks& links, std::int64_t p, const double* areas,
  const T* values, int nComp, double* out)
{
  double wsum = 0;
  for (int c = 0; c < nComp; ++c)
  {
    out[c] = 0;
  }
  const std::int64_t b = links.Offsets[p], e = links.Offsets[p + 1];
  for (std::int64_t k = b; k < e; ++k)
  {
    const std::int64_t cell = links.Cells[k];
    const double s = areas[cell];
    wsum += s;
    for (int c = 0; c < nComp; ++c)
    {
      out[c] += s * static_cast<double>(values[cell * nComp + c]);
    }
  }
  if (wsum > 0)
  {
    for (int c = 0; c < nComp; ++c)
    {
      out[c] /= wsum;
    }
    return;
  }
  // Every neighbour has zero area: fall back to the unweighted mean.
  for (int c = 0; c < nComp; ++c)
  {
    out[c] = 0;
    for (std::int64_t k = b; k < e; ++k)
    {
      out[c] += static_cast<double>(values[links.Cells[k] * nComp + c]);
    }
    out[c] = e > b ? out[c] / double(e - b) : 0.0;
  }
}

/// Adds one element's share to vertex row r: s to weight[r], s·value to its sums.
template <typename T>
inline void AddAreaShare(
  double* sum, double* weight, std::int64_t r, double s, const T* value, int nComp)
{
  weight[r] += s;
  for (int q = 0; q < nComp; ++q)
  {
    sum[r * nComp + q] += s * static_cast<double>(value[q]);
  }
}

/**
 * Scatter form of the same average, for cells [begin, end) and the vertex
 * rows [rowLo, rowHi) only: adds s_k·i_k to `sum` (nComp per vertex row) and
 * s_k to `weight` for every distinct vertex of each cell in the rows. One
 * pass over the connectivity and no link table. Callers split the rows among
 * threads (each owns its rows' sums, so no locks) and every row still adds
 * its elements in ascending order: the sums are bit for bit the same
 * whatever the split, and, divided, exactly AreaWeightedVertex wherever a
 * vertex has a positive weight.
 */
template <typename OffsetT, typename ConnT, typename T>
void AreaWeightedScatterRows(std::int64_t begin, std::int64_t end, const OffsetT* offsets,
  const ConnT* conn, const std::int64_t* pointMap, const double* areas, const T* values, int nComp,
  std::int64_t rowLo, std::int64_t rowHi, double* sum, double* weight)
{
  for (std::int64_t c = begin; c < end; ++c)
  {
    ForDistinctRows(c, offsets, conn, pointMap, [&](std::int64_t p) {
      if (p < rowLo || p >= rowHi)
      {
        return;
      }
      AddAreaShare(sum, weight, p, areas[c], values + c * nComp, nComp);
    });
  }
}

/**
 * AreaWeightedScatterRows without an area array, for meshes whose vertex
 * rows are their point ids: each element's area is computed on the way by
 * cm::CellArea (the value cm::CellAreas stores, bit for bit) from `points`
 * (x, y, z per vertex), and only for elements with a vertex in the rows.
 * `sum` (nComp per row) and `weight` hold the rows [rowLo, rowHi) only, at
 * index row - rowLo. Elements have 3 or 4 vertices.
 *
 * Returns false at the first element it weighs whose area is not positive
 * (zero, or not a number): the zero-area fallback of AreaWeightedVertex
 * needs the link table, so the caller must average by that instead.
 */
template <typename OffsetT, typename ConnT, typename PointT, typename T>
bool AreaWeightedScatterRowsOfPoints(std::int64_t begin, std::int64_t end, const OffsetT* offsets,
  const ConnT* conn, const PointT* points, const T* values, int nComp, std::int64_t rowLo,
  std::int64_t rowHi, double* sum, double* weight)
{
  for (std::int64_t c = begin; c < end; ++c)
  {
    const std::int64_t b = static_cast<std::int64_t>(offsets[c]);
    const std::int64_t e = static_cast<std::int64_t>(offsets[c + 1]);
    bool mine = false;
    for (std::int64_t k = b; k < e; ++k)
    {
      const std::int64_t p = static_cast<std::int64_t>(conn[k]);
      mine = mine || (p >= rowLo && p < rowHi);
    }
    if (!mine)
    {
      continue;
    }
    const double s = CellArea(c, offsets, conn, points);
    if (!(s > 0))
    {
      return false;
    }
    for (std::int64_t k = b; k < e; ++k)
    {
      const std::int64_t p = static_cast<std::int64_t>(conn[k]);
      if (p < rowLo || p >= rowHi)
      {
        continue;
      }
      bool repeated = false;
      for (std::int64_t m = b; m < k && !repeated; ++m)
      {
        repeated = static_cast<std::int64_t>(conn[m]) == p;
      }
      if (repeated)
      {
        continue;
      }
      AddAreaShare(sum, weight, p - rowLo, s, values + c * nComp, nComp);
    }
  }
  return true;
}

/// Smallest and largest vertex row used by cells [begin, end) (lo > hi when none).
template <typename OffsetT, typename ConnT>
void RowSpan(std::int64_t begin, std::int64_t end, const OffsetT* offsets, const ConnT* conn,
  const std::int64_t* pointMap, std::int64_t& lo, std::int64_t& hi)
{
  lo = INT64_MAX;
  hi = -1;
  for (std::int64_t k = static_cast<std::int64_t>(offsets[begin]);
       k < static_cast<std::int64_t>(offsets[end]); ++k)
  {
    const std::int64_t p = pointMap ? pointMap[conn[k]] : static_cast<std::int64_t>(conn[k]);
    lo = p < lo ? p : lo;
    hi = p > hi ? p : hi;
  }
}

/**
 * Why a selected cell array cannot be averaged, or "" when it can: none
 * selected, not a cell array, or not one tuple per element.
 */
std::string CheckCellArray(
  const char* name, bool cellAssociation, std::int64_t nTuples, std::int64_t nCells);

/**
 * The link table of `view` built in parallel: count each row's elements with
 * atomic increments, prefix-sum, place the element ids with atomic cursors,
 * then sort every row. The sort makes the table exactly the one the serial
 * BuildPointCellLinks builds (ids ascending), whatever the thread count, so
 * the sums that read it run in the same order on any thread count.
 */
void BuildPointCellLinksInParallel(const SurfaceView& view, std::int64_t nRows,
  const std::int64_t* pointMap, PointCellLinks& links, const ParallelFor& pf);

/// Where AverageCellValues reads: the surface, its vertex rows (point ids,
/// or groups of merged points through PointMap), and optionally the areas
/// and the link table.
struct AreaAverageInput
{
  const SurfaceView* View = nullptr;
  const std::int64_t* PointMap = nullptr; ///< row of each point, or null (rows are points)
  std::int64_t NumberOfRows = 0;
  const double* Areas = nullptr; ///< per element, or null: computed on the way
  const PointCellLinks* Links = nullptr; ///< set: average by the table (zero-area fallback)
};

/**
 * The area-weighted value of every point (nc per point, into out) from the
 * element values (nc per element), by one of three strategies:
 *  - by the link table, vertex by vertex (the documented zero-area fallback);
 *  - by the row-owner scatter with given areas: the vertex rows are split
 *    into parts that threads own; a part visits only the blocks of elements
 *    whose row span meets its rows (meshes number neighbours close
 *    together, so that is about its share);
 *  - by the same scatter computing each area on the way (no merged points,
 *    Areas null), each part in small cache-resident buffers written straight
 *    to the output.
 * Every vertex adds its elements' terms in ascending element order, so the
 * result is the same on any thread count. The heavy loops run through
 * `heavy` (the wrapper's progress and abort), the light ones through
 * `light`. Returns false, writing nothing, when the on-the-way areas met a
 * zero-area element: then the caller computes the areas and the link table
 * and averages again.
 */
template <typename T>
bool AverageCellValues(const AreaAverageInput& in, const T* values, int nc, double* out,
  const ParallelFor& heavy, const ParallelFor& light)
{
  const SurfaceView& view = *in.View;
  const std::int64_t* map = in.PointMap;
  const std::int64_t nPoints = view.NumberOfPoints, nRows = in.NumberOfRows;
  if (in.Links)
  {
    RunFor(heavy, nPoints, [&](long long b, long long e) {
      for (std::int64_t p = b; p < e; ++p)
      {
        AreaWeightedVertex(*in.Links, map ? map[p] : p, in.Areas, values, nc, out + p * nc);
      }
    });
    return true;
  }
  const std::int64_t nCells = view.NumberOfCells();
  constexpr std::int64_t BlockCells = 2048;
  const std::int64_t nBlocks = (nCells + BlockCells - 1) / BlockCells;
  std::vector<std::int64_t> spanLo(nBlocks), spanHi(nBlocks);
  view.WithIds([&](auto* off, auto* conn) {
    RunFor(light, nBlocks, [&](long long b, long long e) {
      for (std::int64_t k = b; k < e; ++k)
      {
        RowSpan(k * BlockCells, std::min<std::int64_t>(nCells, (k + 1) * BlockCells), off, conn,
          map, spanLo[k], spanHi[k]);
      }
    });
  });
  const std::int64_t parts = std::max<std::int64_t>(1, std::min<std::int64_t>(64, nRows / 4096));
  if (!in.Areas)
  {
    std::atomic<bool> flat{ false };
    RunFor(heavy, parts, [&](long long b, long long e) {
      std::vector<double> lsum, lweight;
      for (std::int64_t part = b; part < e && !flat.load(std::memory_order_relaxed); ++part)
      {
        const std::int64_t lo = nRows * part / parts, hi = nRows * (part + 1) / parts;
        lsum.assign(static_cast<std::size_t>((hi - lo) * nc), 0.0);
        lweight.assign(static_cast<std::size_t>(hi - lo), 0.0);
        bool positive = true;
        view.WithIdsAndPoints([&](auto* off, auto* conn, auto* pts) {
          for (std::int64_t k = 0; k < nBlocks && positive; ++k)
          {
            if (spanHi[k] >= lo && spanLo[k] < hi)
            {
              positive = AreaWeightedScatterRowsOfPoints(k * BlockCells,
                std::min<std::int64_t>(nCells, (k + 1) * BlockCells), off, conn, pts, values, nc,
                lo, hi, lsum.data(), lweight.data());
            }
          }
        });
        if (!positive)
        {
          flat.store(true, std::memory_order_relaxed);
          return;
        }
        for (std::int64_t p = lo; p < hi; ++p)
        {
          const double w = lweight[p - lo];
          for (int q = 0; q < nc; ++q)
          {
            out[p * nc + q] = w > 0 ? lsum[(p - lo) * nc + q] / w : 0.0;
          }
        }
      }
    });
    return !flat.load();
  }
  const std::size_t nSum = static_cast<std::size_t>(nRows) * nc;
  LargeArray<double> sum(nSum), weight(static_cast<std::size_t>(nRows));
  RunFor(heavy, parts, [&](long long b, long long e) {
    for (std::int64_t part = b; part < e; ++part)
    {
      const std::int64_t lo = nRows * part / parts, hi = nRows * (part + 1) / parts;
      std::fill(sum.data() + lo * nc, sum.data() + hi * nc, 0.0);
      std::fill(weight.data() + lo, weight.data() + hi, 0.0);
      view.WithIds([&](auto* off, auto* conn) {
        for (std::int64_t k = 0; k < nBlocks; ++k)
        {
          if (spanHi[k] >= lo && spanLo[k] < hi)
          {
            AreaWeightedScatterRows(k * BlockCells,
              std::min<std::int64_t>(nCells, (k + 1) * BlockCells), off, conn, map, in.Areas,
              values, nc, lo, hi, sum.data(), weight.data());
          }
        }
      });
    }
  });
  RunFor(light, nPoints, [&](long long b, long long e) {
    for (std::int64_t p = b; p < e; ++p)
    {
      const std::int64_t row = map ? map[p] : p;
      const double w = weight[row];
      for (int q = 0; q < nc; ++q)
      {
        out[p * nc + q] = w > 0 ? sum[row * nc + q] / w : 0.0;
      }
    }
  });
  return true;
}

/**
 * The averaging strategy of one surface, for any number of arrays: the
 * vertex rows (each point alone, or merged with its coincident neighbours),
 * then, as needed, the element areas and the link table. With merged points
 * the areas are computed up front (and the link table when an element has
 * zero area); without, the scatter computes the areas on the way, and only
 * when it meets a zero-area element are the areas and the link table built
 * and that array averaged again by the table.
 */
class AreaAveraging
{
public:
  /// `light` runs the short parallel loops (areas, links, spans).
  AreaAveraging(const SurfaceView& view, bool mergeCoincidentPoints, double tolerance,
    const ParallelFor& light);

  /// Averages one array (nc values per element) into out (nc per point);
  /// the heavy loops run through `heavy` (the caller's progress and abort).
  template <typename T>
  void Average(const T* values, int nc, double* out, const ParallelFor& heavy)
  {
    if (!AverageCellValues(this->Input(), values, nc, out, heavy, this->Light))
    {
      this->ComputeAreasAndLinks(); // a zero-area element: average by the link table
      AverageCellValues(this->Input(), values, nc, out, heavy, this->Light);
    }
  }

private:
  AreaAverageInput Input() const;
  void ComputeAreasAndLinks();

  const SurfaceView& View;
  ParallelFor Light;
  std::vector<std::int64_t> Group; ///< row of each point; empty: rows are points
  std::int64_t NumberOfRows = 0;
  LargeArray<double> Areas;
  PointCellLinks Links;
  bool HaveAreas = false, UseLinks = false;
};

/**
 * Groups points closer than `tolerance` (0 = exactly equal coordinates).
 * Returns, per point, its group id in [0, nGroups); groups are numbered in
 * order of first appearance, so the result does not depend on hashing.
 */
std::vector<std::int64_t> MergeCoincidentPoints(
  const double* xyz, std::int64_t nPoints, double tolerance, std::int64_t& nGroups);

} // namespace cm::map
#endif
