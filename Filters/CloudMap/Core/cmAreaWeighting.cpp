// SPDX-License-Identifier: BSD-3-Clause
#include "cmAreaWeighting.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <unordered_map>

namespace cm::map
{
namespace
{
struct CellKey
{
  std::int64_t I, J, K;
  bool operator==(const CellKey& o) const { return I == o.I && J == o.J && K == o.K; }
};
struct CellKeyHash
{
  std::size_t operator()(const CellKey& k) const
  {
    // Large primes spread neighbouring grid cells over the table.
    return std::size_t(k.I * 73856093LL) ^ std::size_t(k.J * 19349663LL) ^
      std::size_t(k.K * 83492791LL);
  }
};
} // namespace

std::string CheckCellArray(
  const char* name, bool cellAssociation, std::int64_t nTuples, std::int64_t nCells)
{
  if (!name)
  {
    return "no cell array selected to average";
  }
  if (!cellAssociation)
  {
    return std::string("array '") + name + "' is not a cell array";
  }
  if (nTuples != nCells)
  {
    return std::string("cell array '") + name + "' has " + std::to_string(nTuples) +
      " tuples for " + std::to_string(nCells) + " elements";
  }
  return std::string();
}

void BuildPointCellLinksInParallel(const SurfaceView& view, std::int64_t nRows,
  const std::int64_t* map, PointCellLinks& links, const ParallelFor& pf)
{
  const std::int64_t nCells = view.NumberOfCells();
  links.Offsets.assign(nRows + 1, 0);
  std::int64_t* count = links.Offsets.data() + 1;
  view.WithIds([&](auto* off, auto* conn) {
    RunFor(pf, nCells, [&](long long b, long long e) {
      for (std::int64_t c = b; c < e; ++c)
      {
        ForDistinctRows(c, off, conn, map,
          [&](std::int64_t row) { __atomic_fetch_add(count + row, 1, __ATOMIC_RELAXED); });
      }
    });
  });
  for (std::int64_t p = 0; p < nRows; ++p)
  {
    links.Offsets[p + 1] += links.Offsets[p];
  }
  links.Cells.resize(links.Offsets[nRows]);
  std::vector<std::int64_t> cursor(links.Offsets.begin(), links.Offsets.end() - 1);
  std::int64_t* next = cursor.data();
  std::int64_t* cells = links.Cells.data();
  view.WithIds([&](auto* off, auto* conn) {
    RunFor(pf, nCells, [&](long long b, long long e) {
      for (std::int64_t c = b; c < e; ++c)
      {
        ForDistinctRows(c, off, conn, map, [&](std::int64_t row) {
          cells[__atomic_fetch_add(next + row, 1, __ATOMIC_RELAXED)] = c;
        });
      }
    });
  });
  RunFor(pf, nRows, [&](long long b, long long e) { SortLinkRows(links, b, e); });
}

AreaAveraging::AreaAveraging(
  const SurfaceView& view, bool mergeCoincidentPoints, double tolerance, const ParallelFor& light)
  : View(view)
  , Light(light)
  , NumberOfRows(view.NumberOfPoints)
{
  if (mergeCoincidentPoints && view.NumberOfPoints > 0)
  {
    this->Group = MergeCoincidentPoints(
      view.DoublePoints(), view.NumberOfPoints, tolerance, this->NumberOfRows);
    this->ComputeAreasAndLinks();
  }
}

AreaAverageInput AreaAveraging::Input() const
{
  AreaAverageInput in;
  in.View = &this->View;
  in.PointMap = this->Group.empty() ? nullptr : this->Group.data();
  in.NumberOfRows = this->NumberOfRows;
  in.Areas = this->HaveAreas ? this->Areas.data() : nullptr;
  in.Links = this->UseLinks ? &this->Links : nullptr;
  return in;
}

void AreaAveraging::ComputeAreasAndLinks()
{
  this->Areas = CellAreas(this->View, this->Light);
  this->UseLinks =
    std::any_of(this->Areas.begin(), this->Areas.end(), [](double s) { return !(s > 0); });
  if (this->UseLinks)
  {
    BuildPointCellLinksInParallel(this->View, this->NumberOfRows,
      this->Group.empty() ? nullptr : this->Group.data(), this->Links, this->Light);
  }
  this->HaveAreas = true;
}

std::vector<std::int64_t> MergeCoincidentPoints(
  const double* xyz, std::int64_t nPoints, double tolerance, std::int64_t& nGroups)
{
  std::vector<std::int64_t> group(nPoints, -1);
  nGroups = 0;
  if (!(tolerance > 0))
  {
    struct ExactHash
    {
      std::size_t operator()(const std::array<double, 3>& a) const
      {
        std::hash<double> h;
        return h(a[0]) ^ (h(a[1]) * 31) ^ (h(a[2]) * 131);
      }
    };
    std::unordered_map<std::array<double, 3>, std::int64_t, ExactHash> seen;
    seen.reserve(nPoints);
    for (std::int64_t p = 0; p < nPoints; ++p)
    {
      const std::array<double, 3> key{ xyz[3 * p] + 0.0, xyz[3 * p + 1] + 0.0,
        xyz[3 * p + 2] + 0.0 }; // + 0.0 folds -0 into +0
      auto it = seen.emplace(key, nGroups);
      if (it.second)
      {
        ++nGroups;
      }
      group[p] = it.first->second;
    }
    return group;
  }
  // Bin points on a grid of the tolerance; a match can only be in the 27 neighbouring bins.
  std::unordered_multimap<CellKey, std::int64_t, CellKeyHash> bins;
  bins.reserve(nPoints);
  const double inv = 1.0 / tolerance, tol2 = tolerance * tolerance;
  for (std::int64_t p = 0; p < nPoints; ++p)
  {
    const double* x = xyz + 3 * p;
    const CellKey key{ std::int64_t(std::floor(x[0] * inv)), std::int64_t(std::floor(x[1] * inv)),
      std::int64_t(std::floor(x[2] * inv)) };
    std::int64_t found = -1;
    for (int di = -1; di <= 1 && found < 0; ++di)
      for (int dj = -1; dj <= 1 && found < 0; ++dj)
        for (int dk = -1; dk <= 1 && found < 0; ++dk)
        {
          auto range = bins.equal_range({ key.I + di, key.J + dj, key.K + dk });
          for (auto it = range.first; it != range.second; ++it)
          {
            const double* y = xyz + 3 * it->second;
            const double d2 = (x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) +
              (x[2] - y[2]) * (x[2] - y[2]);
            if (d2 <= tol2)
            {
              found = group[it->second];
              break;
            }
          }
        }
    if (found < 0)
    {
      found = nGroups++;
      bins.emplace(key, p);
    }
    group[p] = found;
  }
  return group;
}

} // namespace cm::map
