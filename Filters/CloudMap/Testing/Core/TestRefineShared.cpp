// SPDX-License-Identifier: BSD-3-Clause
// cm::map::RefineSurfaceShared, the lean layout, on closed surfaces (an
// octahedron of triangles, a cube of quads; some faces listed clockwise so
// shared edges run both ways) and on a mixed open strip. Oracles:
//  - Euler: on a closed mesh of V vertices, E edges and F faces refined to
//    level L (N = 2^L segments per edge) the points are
//    V + E (N - 1) + F * interior, which is the number of sub-elements + 2;
//  - every sub-element has the corners of the unshared RefineSurface, in
//    order, to rounding (1e-12), and the same fused centre values bit for bit;
//  - no two points coincide (every shared point is stored once) and every
//    point is used;
//  - a loop split in blocks run out of order gives bit-identical output.
#include "cmCheck.h"
#include "cmRefineShared.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace
{
struct Mesh
{
  std::vector<double> Pts;
  std::vector<long long> Off, Conn;
};

Mesh Octahedron()
{
  Mesh m;
  m.Pts = { 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1 };
  // Faces 0-3 outward, 4-7 clockwise (their shared edges run the same way).
  const int f[8][3] = { { 0, 2, 4 }, { 2, 1, 4 }, { 1, 3, 4 }, { 3, 0, 4 }, { 2, 0, 5 },
    { 1, 2, 5 }, { 3, 1, 5 }, { 0, 3, 5 } };
  m.Off.push_back(0);
  for (const auto& t : f)
  {
    m.Conn.insert(m.Conn.end(), t, t + 3);
    m.Off.push_back(static_cast<long long>(m.Conn.size()));
  }
  return m;
}

Mesh Cube()
{
  Mesh m;
  for (int k = 0; k < 8; ++k)
  {
    m.Pts.insert(m.Pts.end(), { double(k & 1), double((k >> 1) & 1), 0.5 * ((k >> 2) & 1) });
  }
  const int f[6][4] = { { 0, 2, 3, 1 }, { 4, 5, 7, 6 }, { 0, 1, 5, 4 }, { 2, 6, 7, 3 },
    { 0, 4, 6, 2 }, { 1, 3, 7, 5 } };
  m.Off.push_back(0);
  for (const auto& q : f)
  {
    m.Conn.insert(m.Conn.end(), q, q + 4);
    m.Off.push_back(static_cast<long long>(m.Conn.size()));
  }
  return m;
}

// An open strip: a triangle, a non-planar quad, a triangle.
Mesh Strip()
{
  Mesh m;
  m.Pts = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0.3, 2, 0, 0.1, 2, 1, 0, 3, 0.5, 0 };
  m.Off = { 0, 3, 7, 10 };
  m.Conn = { 0, 1, 2, 1, 4, 5, 3, 4, 6, 5 };
  return m;
}

struct Result
{
  std::vector<double> Points, Centre;
  std::vector<long long> Offsets, Conn;
};

Result Run(const Mesh& m, int level, bool shared, const cm::ParallelFor& pf)
{
  const std::int64_t nPts = static_cast<std::int64_t>(m.Pts.size() / 3);
  const std::int64_t nCells = static_cast<std::int64_t>(m.Off.size() - 1);
  const cm::SurfaceView view =
    cm::SurfaceFromArrays(m.Pts.data(), nPts, m.Off.data(), nCells, m.Conn.data());
  cm::map::RefineOptions opt;
  opt.Level = level;
  cm::map::RefinePlan plan;
  CM_CHECK(cm::map::PlanRefinement(view, opt, pf, {}, plan));
  cm::map::SharedPointPlan sp;
  if (shared)
  {
    cm::map::PlanSharedPoints(view, plan, sp, pf);
  }
  Result r;
  r.Points.assign(3 * plan.NumberOfPoints(), -99);
  r.Centre.resize(plan.NumberOfCells());
  r.Offsets.resize(plan.NumberOfCells() + 1);
  r.Conn.resize(plan.ConnectivitySize());
  std::vector<double> values(nPts);
  for (std::int64_t p = 0; p < nPts; ++p)
  {
    values[p] = 0.5 + 2 * m.Pts[3 * p] - 3 * m.Pts[3 * p + 1] + 0.25 * m.Pts[3 * p + 2];
  }
  cm::map::RefinedSurfaceT<double, long long> out;
  out.Points = r.Points.data();
  out.Offsets = r.Offsets.data();
  out.Connectivity = r.Conn.data();
  out.CentreIn = values.data();
  out.CentreComps = 1;
  out.CentreOut = r.Centre.data();
  if (shared)
  {
    cm::map::RefineSurfaceShared(view, plan, sp, out, pf);
  }
  else
  {
    cm::map::RefineSurface(view, plan, out, pf);
  }
  return r;
}

void Compare(const std::string& what, const Mesh& m, int level, std::int64_t expectedPoints)
{
  const Result a = Run(m, level, false, {});
  const Result b = Run(m, level, true, {});
  const std::int64_t nb = static_cast<std::int64_t>(b.Points.size() / 3);
  if (expectedPoints >= 0)
  {
    CM_CHECK_MSG(nb == expectedPoints,
      what + ": " + std::to_string(nb) + " points, Euler says " + std::to_string(expectedPoints));
  }
  CM_CHECK_MSG(a.Offsets == b.Offsets && a.Conn.size() == b.Conn.size(), what + ": cells differ");
  CM_CHECK_MSG(std::memcmp(a.Centre.data(), b.Centre.data(), a.Centre.size() * sizeof(double)) == 0,
    what + ": centre values differ");
  double worst = 0;
  std::vector<int> used(static_cast<std::size_t>(nb), 0);
  for (std::size_t k = 0; k < a.Conn.size() && k < b.Conn.size(); ++k)
  {
    const long long pb = b.Conn[k];
    CM_CHECK(pb >= 0 && pb < nb);
    if (pb < 0 || pb >= nb)
    {
      return;
    }
    used[pb] = 1;
    for (int d = 0; d < 3; ++d)
    {
      worst = std::max(worst, std::abs(a.Points[3 * a.Conn[k] + d] - b.Points[3 * pb + d]));
    }
  }
  CM_CHECK_MSG(worst <= 1e-12, what + ": a corner moved by " + std::to_string(worst));
  CM_CHECK_MSG(std::count(used.begin(), used.end(), 0) == 0, what + ": unused points");
  std::vector<std::array<double, 3>> sorted(static_cast<std::size_t>(nb));
  for (std::int64_t p = 0; p < nb; ++p)
  {
    sorted[p] = { b.Points[3 * p], b.Points[3 * p + 1], b.Points[3 * p + 2] };
  }
  std::sort(sorted.begin(), sorted.end());
  int dup = 0;
  for (std::size_t p = 1; p < sorted.size(); ++p)
  {
    const double d = std::abs(sorted[p][0] - sorted[p - 1][0]) +
      std::abs(sorted[p][1] - sorted[p - 1][1]) + std::abs(sorted[p][2] - sorted[p - 1][2]);
    dup += d < 1e-9;
  }
  CM_CHECK_MSG(dup == 0, what + ": " + std::to_string(dup) + " duplicate point(s)");
  // Out of order: the same bytes.
  const cm::ParallelFor backwards = [](long long n,
                                      const std::function<void(long long, long long)>& body) {
    for (long long s = n - 1; s >= 0; --s)
    {
      body(s, s + 1);
    }
  };
  const Result c = Run(m, level, true, backwards);
  CM_CHECK_MSG(c.Conn == b.Conn &&
      std::memcmp(c.Points.data(), b.Points.data(), b.Points.size() * sizeof(double)) == 0,
    what + ": blocks out of order change the output");
}
} // namespace

int TestRefineShared(int, char*[])
{
  for (int level = 0; level <= 3; ++level)
  {
    const std::int64_t big = std::int64_t(1) << level;
    // Octahedron: V 6, E 12, F 8.
    const std::int64_t tri = cm::map::InteriorPointCount(3, level);
    Compare(
      "octahedron L" + std::to_string(level), Octahedron(), level, 6 + 12 * (big - 1) + 8 * tri);
    CM_EQUAL(6 + 12 * (big - 1) + 8 * tri,
      8 * cm::map::RefinedSize(3, level).Cells + 2 - (level == 0 ? 4 : 0));
    // Cube: V 8, E 12, F 6.
    const std::int64_t quad = cm::map::InteriorPointCount(4, level);
    Compare("cube L" + std::to_string(level), Cube(), level, 8 + 12 * (big - 1) + 6 * quad);
    CM_EQUAL(8 + 12 * (big - 1) + 6 * quad, 6 * cm::map::RefinedSize(4, level).Cells + 2);
    // Open strip: V 7, E 9 (one shared by the quad and a triangle), 2 triangles and a quad.
    Compare("strip L" + std::to_string(level), Strip(), level, 7 + 9 * (big - 1) + 2 * tri + quad);
  }
  return cmReport("TestRefineShared");
}
