// SPDX-License-Identifier: BSD-3-Clause
// The patches' shared corners, merged in parallel with the serial merge's result: the
// corners are sorted by grid cell, cells that touch are joined into clusters, and each
// cluster is merged on its own in corner order (the serial merge never looks further
// than a touching cell, so the clusters are independent).
#include "cmNecOutputParser.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace cm
{
namespace nec
{
namespace
{
/// A corner by its cell: Hi = x cell << 32 | y cell, Lo = z cell << 32 | corner index,
/// so that sorting the entries sorts the cells lexicographically, corners in order.
struct Entry
{
  std::uint64_t Hi, Lo;
  bool operator<(const Entry& o) const { return Hi != o.Hi ? Hi < o.Hi : Lo < o.Lo; }
};

/// A cell's (x, y, z) as one comparable pair.
struct CellKey
{
  std::uint64_t XY, Z;
  bool operator<(const CellKey& o) const { return XY != o.XY ? XY < o.XY : Z < o.Z; }
  bool operator==(const CellKey& o) const { return XY == o.XY && Z == o.Z; }
};

/// Most stored points one cluster may hold before the serial merge is asked for (a
/// cluster of many is a chain of points closer than two tolerances: not a mesh).
constexpr std::size_t MaxClusterPoints = 64;

std::int64_t Root(std::vector<std::int64_t>& parent, std::int64_t c)
{
  while (parent[static_cast<std::size_t>(c)] != c)
  {
    const std::int64_t up = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(c)])];
    parent[static_cast<std::size_t>(c)] = up;
    c = up;
  }
  return c;
}

/// Joins every two occupied cells that touch (differ by at most one in each axis):
/// for each of the 13 forward offsets, the translated keys stay sorted, so one walk.
void JoinTouchingCells(const std::vector<CellKey>& cells, std::vector<std::int64_t>& parent)
{
  const std::int64_t n = static_cast<std::int64_t>(cells.size());
  parent.resize(cells.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (int d = 1; d < 27; ++d)
  {
    const int dx = d / 9 - 1, dy = (d / 3) % 3 - 1, dz = d % 3 - 1;
    if (dx < 0 || (dx == 0 && (dy < 0 || (dy == 0 && dz <= 0))))
    {
      continue; // the backward half: each pair once
    }
    std::int64_t q = 0;
    for (std::int64_t c = 0; c < n; ++c)
    {
      const CellKey& k = cells[static_cast<std::size_t>(c)];
      const std::int64_t y = static_cast<std::int64_t>(k.XY & 0xffffffffu) + dy;
      const std::int64_t z = static_cast<std::int64_t>(k.Z) + dz;
      if (y < 0 || z < 0 || y > 0xffffffffLL)
      {
        continue;
      }
      const CellKey t{ (((k.XY >> 32) + static_cast<std::uint64_t>(dx)) << 32) |
          static_cast<std::uint64_t>(y),
        static_cast<std::uint64_t>(z) };
      while (q < n && cells[static_cast<std::size_t>(q)] < t)
      {
        ++q;
      }
      if (q < n && cells[static_cast<std::size_t>(q)] == t)
      {
        parent[static_cast<std::size_t>(Root(parent, c))] = Root(parent, q);
      }
    }
  }
}

/// The clusters of joined cells: root r's cells (in cell order) are
/// members[count[r] .. count[r + 1]), empty for a cell that is not a root.
void ListClusters(std::vector<std::int64_t>& parent, std::vector<std::int64_t>& count,
  std::vector<std::int64_t>& members)
{
  const std::size_t nc = parent.size();
  std::vector<std::int64_t> root(nc);
  count.assign(nc + 1, 0);
  for (std::size_t c = 0; c < nc; ++c)
  {
    root[c] = Root(parent, static_cast<std::int64_t>(c));
    ++count[static_cast<std::size_t>(root[c]) + 1];
  }
  std::partial_sum(count.begin(), count.end(), count.begin());
  members.resize(nc);
  std::vector<std::int64_t> at(count.begin(), count.end() - 1);
  for (std::size_t c = 0; c < nc; ++c)
  {
    members[static_cast<std::size_t>(at[static_cast<std::size_t>(root[c])]++)] =
      static_cast<std::int64_t>(c);
  }
}

/// The serial merge over one cluster's corners (in corner order): each takes the first
/// stored point within eps, cells searched as VertexMerger::Search does (x, y, z over
/// the cells its tolerance box reaches, newest point first in a cell). False when the
/// cluster stores more than MaxClusterPoints points.
bool MergeCluster(const std::vector<std::uint32_t>& corners, const MergeGrid& g,
  std::vector<std::int64_t>& creator,
  std::vector<std::pair<std::array<std::int64_t, 3>, std::uint32_t>>& stored)
{
  stored.clear();
  for (std::uint32_t j : corners)
  {
    const Vec3& p = g.Corners[j];
    std::array<std::int64_t, 3> key;
    std::int64_t from[3], to[3];
    for (int a = 0; a < 3; ++a)
    {
      const double r = p[a] - g.Lo[a];
      key[a] = static_cast<std::int64_t>(std::floor(r / g.Cell));
      from[a] =
        std::max(key[a] - 1, static_cast<std::int64_t>(std::floor((r - 1.5 * g.Eps) / g.Cell)));
      to[a] =
        std::min(key[a] + 1, static_cast<std::int64_t>(std::floor((r + 1.5 * g.Eps) / g.Cell)));
    }
    std::int64_t found = -1;
    for (std::int64_t x = from[0]; found < 0 && x <= to[0]; ++x)
      for (std::int64_t y = from[1]; found < 0 && y <= to[1]; ++y)
        for (std::int64_t z = from[2]; found < 0 && z <= to[2]; ++z)
          for (std::size_t s = stored.size(); s-- > 0;)
          {
            const std::array<std::int64_t, 3>& k = stored[s].first;
            const Vec3& q = g.Corners[stored[s].second];
            if (k[0] == x && k[1] == y && k[2] == z && std::abs(q[0] - p[0]) <= g.Eps &&
              std::abs(q[1] - p[1]) <= g.Eps && std::abs(q[2] - p[2]) <= g.Eps)
            {
              found = stored[s].second;
              break;
            }
          }
    if (found < 0)
    {
      if (stored.size() >= MaxClusterPoints)
      {
        return false;
      }
      stored.emplace_back(key, j);
      found = j;
    }
    creator[j] = found;
  }
  return true;
}

/// The corners sorted by cell (two halves on the threads, then merged).
bool SortedEntries(const MergeGrid& g, const ParallelFor& pf, std::vector<Entry>& e)
{
  const std::int64_t m = static_cast<std::int64_t>(g.Corners.size());
  e.resize(g.Corners.size());
  std::vector<char> ok(2, 1);
  const std::int64_t half = m / 2;
  RunFor(pf, 2, [&](long long lo, long long hi) {
    for (long long h = lo; h < hi; ++h)
    {
      const std::int64_t b = h == 0 ? 0 : half, end = h == 0 ? half : m;
      for (std::int64_t j = b; j < end; ++j)
      {
        std::uint64_t k[3];
        for (int a = 0; a < 3; ++a)
        {
          const double c =
            std::floor((g.Corners[static_cast<std::size_t>(j)][a] - g.Lo[a]) / g.Cell);
          if (!(c >= 0 && c < 2147483648.0))
          {
            ok[static_cast<std::size_t>(h)] = 0;
            return;
          }
          k[a] = static_cast<std::uint64_t>(c);
        }
        e[static_cast<std::size_t>(j)] = { k[0] << 32 | k[1],
          k[2] << 32 | static_cast<std::uint64_t>(j) };
      }
      std::sort(e.begin() + b, e.begin() + end);
    }
  });
  if (!ok[0] || !ok[1])
  {
    return false;
  }
  std::inplace_merge(e.begin(), e.begin() + half, e.end());
  return true;
}
} // namespace

bool MergeCornersParallel(
  const MergeGrid& g, const ParallelFor& pf, std::vector<std::int64_t>& creator)
{
  const std::size_t m = g.Corners.size();
  if (m >= (std::size_t(1) << 32))
  {
    return false;
  }
  std::vector<Entry> e;
  if (!SortedEntries(g, pf, e))
  {
    return false; // a cell out of the packed range (a huge or non-finite model)
  }
  // The occupied cells and where each starts in e.
  std::vector<CellKey> cells;
  std::vector<std::size_t> cellStart;
  for (std::size_t i = 0; i < m; ++i)
  {
    const CellKey k{ e[i].Hi, e[i].Lo >> 32 };
    if (cells.empty() || !(cells.back() == k))
    {
      cells.push_back(k);
      cellStart.push_back(i);
    }
  }
  cellStart.push_back(m);
  std::vector<std::int64_t> parent, count, members;
  JoinTouchingCells(cells, parent);
  ListClusters(parent, count, members);
  const std::int64_t nc = static_cast<std::int64_t>(cells.size());
  creator.assign(m, -1);
  const long long blocks = (nc + 4095) / 4096;
  std::vector<char> ok(static_cast<std::size_t>(blocks), 1);
  RunFor(pf, blocks, [&](long long lo, long long hi) {
    std::vector<std::uint32_t> corners;
    std::vector<std::pair<std::array<std::int64_t, 3>, std::uint32_t>> stored;
    for (long long b = lo; b < hi; ++b)
    {
      const std::int64_t r0 = b * 4096, r1 = std::min<std::int64_t>(nc, r0 + 4096);
      for (std::int64_t r = r0; r < r1 && ok[static_cast<std::size_t>(b)]; ++r)
      {
        // r is a root when it owns members: its cluster's corners, in corner order.
        corners.clear();
        for (std::int64_t k = count[static_cast<std::size_t>(r)];
             k < count[static_cast<std::size_t>(r) + 1]; ++k)
        {
          const std::size_t c = static_cast<std::size_t>(members[static_cast<std::size_t>(k)]);
          for (std::size_t i = cellStart[c]; i < cellStart[c + 1]; ++i)
          {
            corners.push_back(static_cast<std::uint32_t>(e[i].Lo & 0xffffffffu));
          }
        }
        if (count[static_cast<std::size_t>(r) + 1] - count[static_cast<std::size_t>(r)] > 1)
        {
          std::sort(corners.begin(), corners.end());
        }
        ok[static_cast<std::size_t>(b)] = MergeCluster(corners, g, creator, stored) ? 1 : 0;
      }
    }
  });
  return std::find(ok.begin(), ok.end(), 0) == ok.end();
}
} // namespace nec
} // namespace cm
