// SPDX-License-Identifier: BSD-3-Clause
// Ties SURFACE PATCH DATA to the echo's polygons: by centre and area, as 4 quarters
// of a patch NEC split for a wire, or as NEC's own square; then merges shared corners.
#include "cmNecOutputParser.h"

#include "cmTextScan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>
#include <vector>

namespace cm
{
namespace nec
{
namespace
{
/// Splits a patch polygon into 4 like NEC's subph() splits the patch: quads by edge
/// midpoints and the bilinear centre, triangles by edge midpoints.
std::array<EchoPatch, 4> Quarter(const EchoPatch& e)
{
  std::array<EchoPatch, 4> q;
  const auto& p = e.P;
  auto mid = [](const Vec3& a, const Vec3& b) { return Scale(0.5, Add(a, b)); };
  if (e.Corners == 4)
  {
    const Vec3 c = Scale(0.25, Add(Add(Add(p[0], p[1]), p[2]), p[3]));
    const Vec3 m01 = mid(p[0], p[1]), m12 = mid(p[1], p[2]), m23 = mid(p[2], p[3]),
               m30 = mid(p[3], p[0]);
    q[0].P = { p[0], m01, c, m30 };
    q[1].P = { m01, p[1], m12, c };
    q[2].P = { c, m12, p[2], m23 };
    q[3].P = { m30, c, m23, p[3] };
  }
  else
  {
    const Vec3 m01 = mid(p[0], p[1]), m12 = mid(p[1], p[2]), m20 = mid(p[2], p[0]);
    q[0].P = { p[0], m01, m20, {} };
    q[1].P = { m01, p[1], m12, {} };
    q[2].P = { m20, m12, p[2], {} };
    q[3].P = { m01, m12, m20, {} };
  }
  for (EchoPatch& s : q)
  {
    s.Corners = e.Corners;
    Measure(s);
  }
  return q;
}
} // namespace

void Parser::Build()
{
  Structure& g = this->Geo;
  const std::int64_t m = static_cast<std::int64_t>(g.Data.size());
  this->Out.EchoPatches = static_cast<std::int64_t>(g.Echo.size());

  // Echo patches with a shape, sorted by x for a tolerance window search.
  std::vector<std::size_t> byX;
  for (std::size_t i = 0; i < g.Echo.size(); ++i)
  {
    if (g.Echo[i].Corners > 0)
    {
      byX.push_back(i);
    }
  }
  std::sort(byX.begin(), byX.end(),
    [&](std::size_t a, std::size_t b) { return g.Echo[a].Centre[0] < g.Echo[b].Centre[0]; });
  std::size_t hint = 0;
  // Both tables print metres to 5 decimals, so matches are far tighter than the gap
  // between two distinct patches' centres (about a patch side).
  auto find = [&](const Vec3& c, double area) -> std::ptrdiff_t {
    const double tolC = 5e-5 + 0.02 * std::sqrt(area), tolA = 2e-5 + 0.005 * area;
    auto fits = [&](const EchoPatch& e) {
      return !e.Used && e.Corners > 0 && std::abs(e.Area - area) <= tolA &&
        Norm(Sub(e.Centre, c)) <= tolC;
    };
    if (hint < g.Echo.size() && fits(g.Echo[hint]))
    {
      return static_cast<std::ptrdiff_t>(hint);
    }
    auto it = std::lower_bound(byX.begin(), byX.end(), c[0] - tolC,
      [&](std::size_t i, double x) { return g.Echo[i].Centre[0] < x; });
    for (; it != byX.end() && g.Echo[*it].Centre[0] <= c[0] + tolC; ++it)
    {
      if (fits(g.Echo[*it]))
      {
        return static_cast<std::ptrdiff_t>(*it);
      }
    }
    return -1;
  };

  std::vector<EchoPatch> poly(static_cast<std::size_t>(m));
  for (std::int64_t i = 0; i < m; ++i)
  {
    const DataPatch& d = g.Data[static_cast<std::size_t>(i)];
    std::ptrdiff_t e = find(d.Centre, d.Area);
    if (e >= 0)
    {
      g.Echo[static_cast<std::size_t>(e)].Used = true;
      poly[static_cast<std::size_t>(i)] = g.Echo[static_cast<std::size_t>(e)];
      hint = static_cast<std::size_t>(e) + 1;
      continue;
    }
    // A wire end at this patch's centre: NEC replaced it by 4 quarter patches in place.
    if (i + 3 < m)
    {
      bool quarters = true;
      Vec3 mean = d.Centre;
      for (std::int64_t k = 1; k < 4; ++k)
      {
        const DataPatch& q = g.Data[static_cast<std::size_t>(i + k)];
        quarters = quarters && std::abs(q.Area - d.Area) <= 2e-5 + 0.005 * d.Area;
        mean = Add(mean, q.Centre);
      }
      e = quarters ? find(Scale(0.25, mean), 4 * d.Area) : -1;
      if (e >= 0)
      {
        EchoPatch& parent = g.Echo[static_cast<std::size_t>(e)];
        parent.Used = true;
        hint = static_cast<std::size_t>(e) + 1;
        const std::array<EchoPatch, 4> q = Quarter(parent);
        // Give each quarter to the sub-patch whose centre it holds (best of 24 orders).
        std::array<int, 4> perm{ 0, 1, 2, 3 }, best = perm;
        double bestCost = HUGE_VAL;
        do
        {
          double cost = 0;
          for (int k = 0; k < 4; ++k)
          {
            const Vec3 r = Sub(q[perm[k]].Centre, g.Data[static_cast<std::size_t>(i + k)].Centre);
            cost += Dot(r, r);
          }
          if (cost < bestCost)
          {
            bestCost = cost;
            best = perm;
          }
        } while (std::next_permutation(perm.begin(), perm.end()));
        for (int k = 0; k < 4; ++k)
        {
          poly[static_cast<std::size_t>(i + k)] = q[best[k]];
        }
        ++this->Out.SplitPatches;
        i += 3;
        continue;
      }
    }
    // No corners: NEC's own model of the patch is a square along the tangents.
    EchoPatch sq;
    sq.Corners = 4;
    Vec3 t1 = d.T1, t2 = d.T2;
    if (Norm(t1) < 0.5 || Norm(t2) < 0.5)
    {
      const Vec3 n = d.Normal;
      t1 = std::abs(n[0]) < 0.9 ? Cross(n, Vec3{ 1, 0, 0 }) : Cross(n, Vec3{ 0, 1, 0 });
      t2 = Cross(n, t1);
    }
    t1 = Scale(1 / Norm(t1), t1);
    t2 = Scale(1 / Norm(t2), t2);
    const double h = 0.5 * std::sqrt(d.Area);
    const Vec3 a = Scale(h, t1), b = Scale(h, t2);
    sq.P = { Sub(Sub(d.Centre, a), b), Sub(Add(d.Centre, a), b), Add(Add(d.Centre, a), b),
      Add(Sub(d.Centre, a), b) };
    poly[static_cast<std::size_t>(i)] = sq;
    ++this->Out.SquarePatches;
  }

  // Merge corners closer than 1e-9 of the model size so neighbours share vertices; the
  // grid cell is larger than the tolerance, so a match is always in one of 27 cells.
  double lo[3] = { HUGE_VAL, HUGE_VAL, HUGE_VAL }, hi[3] = { -HUGE_VAL, -HUGE_VAL, -HUGE_VAL };
  for (const EchoPatch& p : poly)
  {
    for (int k = 0; k < p.Corners; ++k)
    {
      for (int a = 0; a < 3; ++a)
      {
        lo[a] = std::min(lo[a], p.P[k][a]);
        hi[a] = std::max(hi[a], p.P[k][a]);
      }
    }
  }
  const double size = m > 0 ? Norm(Vec3{ hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2] }) : 0;
  const double eps = std::max(1e-9 * size, 1e-12), cell = 2 * eps;
  struct KeyHash
  {
    std::size_t operator()(const std::array<std::int64_t, 3>& k) const
    {
      return static_cast<std::size_t>(k[0] * 73856093LL ^ k[1] * 19349663LL ^ k[2] * 83492791LL);
    }
  };
  std::unordered_multimap<std::array<std::int64_t, 3>, std::int64_t, KeyHash> grid;
  grid.reserve(4 * static_cast<std::size_t>(m));
  g.Geometry = std::make_shared<SurfaceMesh>();
  SurfaceMesh& mesh = *g.Geometry;
  mesh = SurfaceMesh();
  mesh.Offsets.reserve(static_cast<std::size_t>(m) + 1);
  mesh.Connectivity.reserve(4 * static_cast<std::size_t>(m));
  auto vertex = [&](const Vec3& p) -> std::int64_t {
    std::array<std::int64_t, 3> key;
    for (int a = 0; a < 3; ++a)
    {
      key[a] = static_cast<std::int64_t>(std::floor((p[a] - lo[a]) / cell));
    }
    // Only the neighbour cells that p's tolerance box (widened by half, for
    // rounding) reaches: 2 of the 3 per axis as a rule, in the same order, so
    // the first match is the one the full 27-cell search finds.
    std::int64_t from[3], to[3];
    for (int a = 0; a < 3; ++a)
    {
      const double r = p[a] - lo[a];
      from[a] = std::max(key[a] - 1, static_cast<std::int64_t>(std::floor((r - 1.5 * eps) / cell)));
      to[a] = std::min(key[a] + 1, static_cast<std::int64_t>(std::floor((r + 1.5 * eps) / cell)));
    }
    for (std::int64_t x = from[0]; x <= to[0]; ++x)
      for (std::int64_t y = from[1]; y <= to[1]; ++y)
        for (std::int64_t z = from[2]; z <= to[2]; ++z)
        {
          auto range = grid.equal_range({ x, y, z });
          for (auto it = range.first; it != range.second; ++it)
          {
            const double* q = &mesh.Points[3 * static_cast<std::size_t>(it->second)];
            if (std::abs(q[0] - p[0]) <= eps && std::abs(q[1] - p[1]) <= eps &&
              std::abs(q[2] - p[2]) <= eps)
            {
              return it->second;
            }
          }
        }
    const std::int64_t id = mesh.NumberOfPoints();
    mesh.Points.insert(mesh.Points.end(), p.begin(), p.end());
    grid.emplace(key, id);
    return id;
  };
  for (std::int64_t i = 0; i < m; ++i)
  {
    const EchoPatch& p = poly[static_cast<std::size_t>(i)];
    // Counter-clockwise about NEC's printed normal: the echo order may be either way
    // (mirrored copies reverse it), the printed normal is the one NEC solved with.
    Vec3 newell{ 0, 0, 0 };
    for (int k = 0; k < p.Corners; ++k)
    {
      newell = Add(newell, Cross(p.P[k], p.P[(k + 1) % p.Corners]));
    }
    const bool flip = Dot(newell, g.Data[static_cast<std::size_t>(i)].Normal) < 0;
    for (int k = 0; k < p.Corners; ++k)
    {
      mesh.Connectivity.push_back(vertex(p.P[flip ? (p.Corners - k) % p.Corners : k]));
    }
    mesh.Offsets.push_back(static_cast<std::int64_t>(mesh.Connectivity.size()));
  }
  g.Built = true;
}
} // namespace nec
} // namespace cm
