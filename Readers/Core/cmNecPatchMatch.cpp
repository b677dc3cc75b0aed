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

/// The quarter order that gives each quarter to the sub-patch whose centre it holds
/// (best of 24 orders); `d` points at the 4 sub-patches.
std::array<int, 4> QuarterOrder(const std::array<EchoPatch, 4>& q, const DataPatch* d)
{
  std::array<int, 4> perm{ 0, 1, 2, 3 }, best = perm;
  double bestCost = HUGE_VAL;
  do
  {
    double cost = 0;
    for (int k = 0; k < 4; ++k)
    {
      const Vec3 r = Sub(q[perm[k]].Centre, d[k].Centre);
      cost += Dot(r, r);
    }
    if (cost < bestCost)
    {
      bestCost = cost;
      best = perm;
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

/// NEC's own model of a patch without corners: a square along the tangents.
EchoPatch NecSquare(const DataPatch& d)
{
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
  return sq;
}

/// Gives every SURFACE PATCH DATA row a polygon: an echo patch by centre and area, a
/// quarter of one NEC split for a wire, or NEC's square.
class PatchMatcher
{
public:
  PatchMatcher(Structure& g, NecOutput& out);
  std::vector<EchoPatch> Run(const ParallelFor& pf);

private:
  static bool Fits(const EchoPatch& e, const Vec3& c, double area);
  std::int64_t InOrder(const ParallelFor& pf) const;
  std::ptrdiff_t Find(const Vec3& c, double area);
  bool MatchQuarters(std::int64_t i, std::vector<EchoPatch>& poly);

  Structure& G;
  NecOutput& Out;
  std::vector<std::size_t> ByX; ///< echo patches with a shape, sorted by x
  std::size_t Hint = 0; ///< the echo patch after the last match
  bool Sorted = false; ///< ByX is made
};

PatchMatcher::PatchMatcher(Structure& g, NecOutput& out)
  : G(g)
  , Out(out)
{}

/// Whether echo patch e is unused and has centre `c` and area `area`.
bool PatchMatcher::Fits(const EchoPatch& e, const Vec3& c, double area)
{
  // Both tables print metres to 5 decimals, so matches are far tighter than the gap
  // between two distinct patches' centres (about a patch side).
  const double tolC = 5e-5 + 0.02 * std::sqrt(area), tolA = 2e-5 + 0.005 * area;
  return !e.Used && e.Corners > 0 && std::abs(e.Area - area) <= tolA &&
    Norm(Sub(e.Centre, c)) <= tolC;
}

/// How many rows from the first match the echo patch of their own number: Run() would
/// take each of them by its hint (the patch after the last match), so they are
/// checked at once on the threads.
std::int64_t PatchMatcher::InOrder(const ParallelFor& pf) const
{
  const std::vector<EchoPatch>& echo = this->G.Echo;
  const std::int64_t n = static_cast<std::int64_t>(std::min(echo.size(), this->G.Data.size()));
  const long long blocks = (n + 4095) / 4096;
  std::vector<std::int64_t> firstMiss(static_cast<std::size_t>(blocks), n);
  RunFor(pf, blocks, [&](long long lo, long long hi) {
    for (long long b = lo; b < hi; ++b)
    {
      const std::int64_t end = std::min<std::int64_t>(n, (b + 1) * 4096);
      for (std::int64_t i = b * 4096; i < end; ++i)
      {
        const DataPatch& d = this->G.Data[static_cast<std::size_t>(i)];
        if (!Fits(echo[static_cast<std::size_t>(i)], d.Centre, d.Area))
        {
          firstMiss[static_cast<std::size_t>(b)] = i;
          break;
        }
      }
    }
  });
  return firstMiss.empty() ? 0 : *std::min_element(firstMiss.begin(), firstMiss.end());
}

/// An unused echo patch with centre `c` and area `area`, or -1.
std::ptrdiff_t PatchMatcher::Find(const Vec3& c, double area)
{
  const std::vector<EchoPatch>& echo = this->G.Echo;
  auto fits = [&](const EchoPatch& e) { return Fits(e, c, area); };
  if (this->Hint < echo.size() && fits(echo[this->Hint]))
  {
    return static_cast<std::ptrdiff_t>(this->Hint);
  }
  if (!this->Sorted)
  {
    this->Sorted = true;
    // Echo patches with a shape, sorted by x for a tolerance window search (made at
    // the first row its hint misses).
    for (std::size_t i = 0; i < echo.size(); ++i)
    {
      if (echo[i].Corners > 0)
      {
        this->ByX.push_back(i);
      }
    }
    std::sort(this->ByX.begin(), this->ByX.end(),
      [&](std::size_t a, std::size_t b) { return echo[a].Centre[0] < echo[b].Centre[0]; });
  }
  const double tolC = 5e-5 + 0.02 * std::sqrt(area);
  auto it = std::lower_bound(this->ByX.begin(), this->ByX.end(), c[0] - tolC,
    [&](std::size_t i, double x) { return echo[i].Centre[0] < x; });
  for (; it != this->ByX.end() && echo[*it].Centre[0] <= c[0] + tolC; ++it)
  {
    if (fits(echo[*it]))
    {
      return static_cast<std::ptrdiff_t>(*it);
    }
  }
  return -1;
}

/// A wire end at row i's centre: NEC replaced an echo patch by 4 quarter patches in
/// place (rows i..i+3). True when it did and the quarters are in `poly`.
bool PatchMatcher::MatchQuarters(std::int64_t i, std::vector<EchoPatch>& poly)
{
  const std::int64_t m = static_cast<std::int64_t>(this->G.Data.size());
  if (i + 3 >= m)
  {
    return false;
  }
  const DataPatch* d = &this->G.Data[static_cast<std::size_t>(i)];
  bool quarters = true;
  Vec3 mean = d[0].Centre;
  for (std::int64_t k = 1; k < 4; ++k)
  {
    quarters = quarters && std::abs(d[k].Area - d[0].Area) <= 2e-5 + 0.005 * d[0].Area;
    mean = Add(mean, d[k].Centre);
  }
  const std::ptrdiff_t e = quarters ? this->Find(Scale(0.25, mean), 4 * d[0].Area) : -1;
  if (e < 0)
  {
    return false;
  }
  EchoPatch& parent = this->G.Echo[static_cast<std::size_t>(e)];
  parent.Used = true;
  this->Hint = static_cast<std::size_t>(e) + 1;
  const std::array<EchoPatch, 4> q = Quarter(parent);
  const std::array<int, 4> best = QuarterOrder(q, d);
  for (int k = 0; k < 4; ++k)
  {
    poly[static_cast<std::size_t>(i + k)] = q[best[k]];
  }
  ++this->Out.SplitPatches;
  return true;
}

std::vector<EchoPatch> PatchMatcher::Run(const ParallelFor& pf)
{
  const std::int64_t m = static_cast<std::int64_t>(this->G.Data.size());
  std::vector<EchoPatch> poly(static_cast<std::size_t>(m));
  const std::int64_t inOrder = this->InOrder(pf);
  RunFor(pf, (inOrder + 4095) / 4096, [&](long long lo, long long hi) {
    const std::int64_t end = std::min<std::int64_t>(inOrder, hi * 4096);
    for (std::int64_t i = lo * 4096; i < end; ++i)
    {
      EchoPatch& e = this->G.Echo[static_cast<std::size_t>(i)];
      e.Used = true;
      poly[static_cast<std::size_t>(i)] = e;
    }
  });
  this->Hint = static_cast<std::size_t>(inOrder);
  for (std::int64_t i = inOrder; i < m; ++i)
  {
    const DataPatch& d = this->G.Data[static_cast<std::size_t>(i)];
    const std::ptrdiff_t e = this->Find(d.Centre, d.Area);
    if (e >= 0)
    {
      this->G.Echo[static_cast<std::size_t>(e)].Used = true;
      poly[static_cast<std::size_t>(i)] = this->G.Echo[static_cast<std::size_t>(e)];
      this->Hint = static_cast<std::size_t>(e) + 1;
    }
    else if (this->MatchQuarters(i, poly))
    {
      i += 3;
    }
    else
    {
      poly[static_cast<std::size_t>(i)] = NecSquare(d);
      ++this->Out.SquarePatches;
    }
  }
  return poly;
}

/// Adds points to a mesh, merging those closer than 1e-9 of the model size so
/// neighbours share vertices; the grid cell is larger than the tolerance, so a match is
/// always in one of 27 cells.
class VertexMerger
{
public:
  VertexMerger(const MergeGrid& g, SurfaceMesh& mesh);
  std::int64_t Vertex(const Vec3& p);

private:
  struct KeyHash
  {
    std::size_t operator()(const std::array<std::int64_t, 3>& k) const
    {
      return static_cast<std::size_t>(k[0] * 73856093LL ^ k[1] * 19349663LL ^ k[2] * 83492791LL);
    }
  };
  std::int64_t Search(const Vec3& p, const std::array<std::int64_t, 3>& key) const;

  SurfaceMesh& Mesh;
  double Lo[3];
  double Eps, Cell;
  std::unordered_multimap<std::array<std::int64_t, 3>, std::int64_t, KeyHash> Grid;
};

VertexMerger::VertexMerger(const MergeGrid& g, SurfaceMesh& mesh)
  : Mesh(mesh)
  , Lo{ g.Lo[0], g.Lo[1], g.Lo[2] }
  , Eps(g.Eps)
  , Cell(g.Cell)
{
  this->Grid.reserve(g.Corners.size());
}

/// The id of an earlier point within the tolerance of p, or -1.
std::int64_t VertexMerger::Search(const Vec3& p, const std::array<std::int64_t, 3>& key) const
{
  // Only the neighbour cells that p's tolerance box (widened by half, for
  // rounding) reaches: 2 of the 3 per axis as a rule, in the same order, so
  // the first match is the one the full 27-cell search finds.
  const double eps = this->Eps, cell = this->Cell;
  std::int64_t from[3], to[3];
  for (int a = 0; a < 3; ++a)
  {
    const double r = p[a] - this->Lo[a];
    from[a] = std::max(key[a] - 1, static_cast<std::int64_t>(std::floor((r - 1.5 * eps) / cell)));
    to[a] = std::min(key[a] + 1, static_cast<std::int64_t>(std::floor((r + 1.5 * eps) / cell)));
  }
  for (std::int64_t x = from[0]; x <= to[0]; ++x)
    for (std::int64_t y = from[1]; y <= to[1]; ++y)
      for (std::int64_t z = from[2]; z <= to[2]; ++z)
      {
        auto range = this->Grid.equal_range({ x, y, z });
        for (auto it = range.first; it != range.second; ++it)
        {
          const double* q = &this->Mesh.Points[3 * static_cast<std::size_t>(it->second)];
          if (std::abs(q[0] - p[0]) <= eps && std::abs(q[1] - p[1]) <= eps &&
            std::abs(q[2] - p[2]) <= eps)
          {
            return it->second;
          }
        }
      }
  return -1;
}

/// The id of point p: an earlier point within the tolerance, else a new one.
std::int64_t VertexMerger::Vertex(const Vec3& p)
{
  std::array<std::int64_t, 3> key;
  for (int a = 0; a < 3; ++a)
  {
    key[a] = static_cast<std::int64_t>(std::floor((p[a] - this->Lo[a]) / this->Cell));
  }
  const std::int64_t found = this->Search(p, key);
  if (found >= 0)
  {
    return found;
  }
  const std::int64_t id = this->Mesh.NumberOfPoints();
  this->Mesh.Points.insert(this->Mesh.Points.end(), p.begin(), p.end());
  this->Grid.emplace(key, id);
  return id;
}

/// The corners in mesh order (each polygon counter-clockwise about its row's printed
/// normal) and the merge grid over them.
MergeGrid Corners(const std::vector<EchoPatch>& poly, const std::vector<DataPatch>& data,
  std::vector<std::int64_t>& offsets, const ParallelFor& pf)
{
  MergeGrid g;
  offsets.assign(1, 0);
  offsets.reserve(poly.size() + 1);
  for (const EchoPatch& p : poly)
  {
    offsets.push_back(offsets.back() + p.Corners);
  }
  g.Corners.resize(static_cast<std::size_t>(offsets.back()));
  RunFor(pf, static_cast<long long>((poly.size() + 4095) / 4096), [&](long long lo, long long hi) {
    const std::size_t end = std::min(poly.size(), static_cast<std::size_t>(hi) * 4096);
    for (std::size_t i = static_cast<std::size_t>(lo) * 4096; i < end; ++i)
    {
      const EchoPatch& p = poly[i];
      // Counter-clockwise about NEC's printed normal: the echo order may be either way
      // (mirrored copies reverse it), the printed normal is the one NEC solved with.
      Vec3 newell{ 0, 0, 0 };
      for (int k = 0; k < p.Corners; ++k)
      {
        newell = Add(newell, Cross(p.P[k], p.P[(k + 1) % p.Corners]));
      }
      const bool flip = Dot(newell, data[i].Normal) < 0;
      Vec3* out = &g.Corners[static_cast<std::size_t>(offsets[i])];
      for (int k = 0; k < p.Corners; ++k)
      {
        out[k] = p.P[flip ? (p.Corners - k) % p.Corners : k];
      }
    }
  });
  double hi[3] = { -HUGE_VAL, -HUGE_VAL, -HUGE_VAL };
  double* lo = g.Lo;
  lo[0] = lo[1] = lo[2] = HUGE_VAL;
  for (const Vec3& c : g.Corners)
  {
    for (int a = 0; a < 3; ++a)
    {
      lo[a] = std::min(lo[a], c[a]);
      hi[a] = std::max(hi[a], c[a]);
    }
  }
  const double size = !poly.empty() ? Norm(Vec3{ hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2] }) : 0;
  g.Eps = std::max(1e-9 * size, 1e-12);
  g.Cell = 2 * g.Eps;
  return g;
}
} // namespace

void MeshPolygons(const std::vector<EchoPatch>& poly, const std::vector<DataPatch>& data,
  SurfaceMesh& mesh, const ParallelFor& pf, bool serial)
{
  mesh = SurfaceMesh();
  const MergeGrid g = Corners(poly, data, mesh.Offsets, pf);
  std::vector<std::int64_t> creator;
  if (serial || !MergeCornersParallel(g, pf, creator))
  {
    VertexMerger merger(g, mesh);
    mesh.Connectivity.reserve(g.Corners.size());
    for (const Vec3& c : g.Corners)
    {
      mesh.Connectivity.push_back(merger.Vertex(c));
    }
    return;
  }
  // Points are numbered in the order their first corner comes, as the serial merge does.
  const std::size_t m = g.Corners.size();
  mesh.Connectivity.resize(m);
  std::int64_t next = 0;
  for (std::size_t j = 0; j < m; ++j)
  {
    mesh.Connectivity[j] = creator[j] == static_cast<std::int64_t>(j)
      ? next++
      : mesh.Connectivity[static_cast<std::size_t>(creator[j])];
  }
  mesh.Points.resize(3 * static_cast<std::size_t>(next));
  RunFor(pf, static_cast<long long>((m + 65535) / 65536), [&](long long lo, long long hi) {
    const std::size_t end = std::min(m, static_cast<std::size_t>(hi) * 65536);
    for (std::size_t j = static_cast<std::size_t>(lo) * 65536; j < end; ++j)
    {
      if (creator[j] == static_cast<std::int64_t>(j))
      {
        std::copy(g.Corners[j].begin(), g.Corners[j].end(),
          mesh.Points.begin() + 3 * static_cast<std::ptrdiff_t>(mesh.Connectivity[j]));
      }
    }
  });
}

void Parser::Build()
{
  Structure& g = this->Geo;
  this->Out.EchoPatches = static_cast<std::int64_t>(g.Echo.size());
  const std::vector<EchoPatch> poly = PatchMatcher(g, this->Out).Run(this->Parallel);
  g.Geometry = std::make_shared<SurfaceMesh>();
  MeshPolygons(poly, g.Data, *g.Geometry, this->Parallel);
  g.Built = true;
}
} // namespace nec
} // namespace cm
