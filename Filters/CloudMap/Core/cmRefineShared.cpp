// SPDX-License-Identifier: BSD-3-Clause
#include "cmRefineShared.h"

#include <algorithm>
#include <vector>

namespace cm::map
{
namespace
{
/// What a point of RefineElement's per-parent grid is in the shared layout.
struct LocalPoint
{
  enum Kind : unsigned char
  {
    Vertex, ///< the parent's corner Edge
    OnEdge, ///< Index-th (1..N-1) point of edge Edge, counted from its corner Edge
    Interior ///< Index-th interior point of the parent
  };
  Kind What = Interior;
  unsigned char Edge = 0;
  std::int32_t Index = 0;
};

// The grid of a triangle: 3 patches of (n+1)^2 points, patch p from corner
// p (i along edge p, j back along edge p-1) to the centroid at (n, n).
// Interior: the centroid, the spokes (edge k's midpoint to the centroid),
// then the patches' inner points.
std::vector<LocalPoint> TriangleLayout(int level)
{
  const int n = 1 << (level - 1), big = 2 * n;
  std::vector<LocalPoint> out;
  for (int p = 0; p < 3; ++p)
  {
    const int prev = (p + 2) % 3;
    for (int j = 0; j <= n; ++j)
    {
      for (int i = 0; i <= n; ++i)
      {
        LocalPoint q;
        if (i == 0 && j == 0)
        {
          q = { LocalPoint::Vertex, static_cast<unsigned char>(p), 0 };
        }
        else if (j == 0)
        {
          q = { LocalPoint::OnEdge, static_cast<unsigned char>(p), i };
        }
        else if (i == 0)
        {
          q = { LocalPoint::OnEdge, static_cast<unsigned char>(prev), big - j };
        }
        else if (i == n && j == n)
        {
          q.Index = 0;
        }
        else if (i == n)
        {
          q.Index = 1 + p * (n - 1) + (j - 1);
        }
        else if (j == n)
        {
          q.Index = 1 + prev * (n - 1) + (i - 1);
        }
        else
        {
          q.Index = 1 + 3 * (n - 1) + p * (n - 1) * (n - 1) + (i - 1) + (j - 1) * (n - 1);
        }
        out.push_back(q);
      }
    }
  }
  return out;
}

// The grid of a quad: one patch of (N+1)^2 points, corners 0..3 at
// (0,0), (N,0), (N,N), (0,N).
std::vector<LocalPoint> QuadLayout(int level)
{
  const int big = 1 << level;
  std::vector<LocalPoint> out;
  for (int j = 0; j <= big; ++j)
  {
    for (int i = 0; i <= big; ++i)
    {
      const bool lo = j == 0, hi = j == big, left = i == 0, right = i == big;
      LocalPoint q;
      if ((lo || hi) && (left || right))
      {
        q = { LocalPoint::Vertex, static_cast<unsigned char>(lo ? (left ? 0 : 1) : (right ? 2 : 3)),
          0 };
      }
      else if (lo)
      {
        q = { LocalPoint::OnEdge, 0, i };
      }
      else if (right)
      {
        q = { LocalPoint::OnEdge, 1, j };
      }
      else if (hi)
      {
        q = { LocalPoint::OnEdge, 2, big - i };
      }
      else if (left)
      {
        q = { LocalPoint::OnEdge, 3, big - j };
      }
      else
      {
        q.Index = (i - 1) + (j - 1) * (big - 1);
      }
      out.push_back(q);
    }
  }
  return out;
}

std::vector<LocalPoint> Layout(int nCorners, int level)
{
  if (level <= 0)
  {
    std::vector<LocalPoint> out(nCorners);
    for (int k = 0; k < nCorners; ++k)
    {
      out[k] = { LocalPoint::Vertex, static_cast<unsigned char>(k), 0 };
    }
    return out;
  }
  return nCorners == 3 ? TriangleLayout(level) : QuadLayout(level);
}

/// Where an edge's points are: the owner parent, its local edge, and whether
/// it runs the edge in the asking parent's direction.
struct EdgeOwner
{
  std::int64_t Cell = -1;
  int Local = 0;
  bool Same = true;
};

// The owner of edge k of parent c (points a -> b): the lowest-numbered
// parent of c's level holding the edge, c itself when none is lower. Typed
// offsets and ids (the hot loop of both passes): the candidates are the
// parents linked to a below c, in ascending order.
template <typename OffT, typename IdT>
EdgeOwner FindOwner(const OffT* off, const IdT* conn, const unsigned char* level,
  const SharedPointPlan& links, std::int64_t c, int k)
{
  const std::int64_t first = off[c];
  const int n = static_cast<int>(off[c + 1] - first);
  const std::int64_t a = conn[first + k], b = conn[first + (k + 1 == n ? 0 : k + 1)];
  if (a == b)
  {
    return { c, k, true };
  }
  const std::int64_t* row = links.LinkCells.data() + links.LinkOffsets[a];
  const std::int64_t* end = links.LinkCells.data() + links.LinkOffsets[a + 1];
  for (; row != end && *row < c; ++row)
  {
    const std::int64_t o = *row;
    if (level[o] != level[c])
    {
      continue;
    }
    const std::int64_t of = off[o];
    const int on = static_cast<int>(off[o + 1] - of);
    for (int q = 0; q < on; ++q)
    {
      const std::int64_t u = conn[of + q], w = conn[of + (q + 1 == on ? 0 : q + 1)];
      if ((u == a && w == b) || (u == b && w == a))
      {
        return { o, q, u == a };
      }
    }
  }
  return { c, k, true };
}

// The point -> parent links, lean: uninitialized huge-page arrays written
// (and so faulted in) on the threads, counted with atomics into the rows'
// ends, filled by counting each row's end down to its start (no cursor
// copy), then every row sorted, which makes the table independent of the
// thread count. A vertex repeated in a parent is linked once.
void BuildLinks(const SurfaceView& view, SharedPointPlan& shared, const ParallelFor& pf)
{
  const std::int64_t nPts = view.NumberOfPoints, nIn = view.NumberOfCells();
  shared.LinkOffsets = LargeArray<std::int64_t>(nPts + 1);
  std::int64_t* off = shared.LinkOffsets.data();
  RunFor(pf, nPts + 1, [&](long long b, long long e) { std::fill(off + b, off + e, 0); });
  view.WithIds([&](auto* o, auto* conn) {
    RunFor(pf, nIn, [&](long long b, long long e) {
      for (std::int64_t c = b; c < e; ++c)
      {
        ForDistinctRows(c, o, conn, nullptr,
          [&](std::int64_t p) { __atomic_fetch_add(off + p, 1, __ATOMIC_RELAXED); });
      }
    });
  });
  for (std::int64_t p = 1; p <= nPts; ++p)
  {
    off[p] += off[p - 1]; // off[p] = the end of row p; off[nPts] = the total (0 counts)
  }
  shared.LinkCells = LargeArray<std::int64_t>(static_cast<std::size_t>(off[nPts]));
  std::int64_t* cells = shared.LinkCells.data();
  view.WithIds([&](auto* o, auto* conn) {
    RunFor(pf, nIn, [&](long long b, long long e) {
      for (std::int64_t c = b; c < e; ++c)
      {
        ForDistinctRows(c, o, conn, nullptr,
          [&](std::int64_t p) { cells[__atomic_sub_fetch(off + p, 1, __ATOMIC_RELAXED)] = c; });
      }
    });
  });
  // off[p] is now the start of row p, and off[nPts] still the total.
  RunFor(pf, nPts, [&](long long b, long long e) {
    for (std::int64_t p = b; p < e; ++p)
    {
      std::sort(cells + off[p], cells + off[p + 1]);
    }
  });
}

int OwnedBefore(unsigned char mask, int k)
{
  int r = 0;
  for (int q = 0; q < k; ++q)
  {
    r += (mask >> q) & 1;
  }
  return r;
}
} // namespace

std::int64_t InteriorPointCount(int nCorners, int level)
{
  if (level <= 0)
  {
    return 0;
  }
  if (nCorners == 3)
  {
    const std::int64_t n = std::int64_t(1) << (level - 1);
    return 1 + 3 * (n - 1) + 3 * (n - 1) * (n - 1);
  }
  const std::int64_t big = std::int64_t(1) << level;
  return (big - 1) * (big - 1);
}

void PlanSharedPoints(
  const SurfaceView& view, RefinePlan& plan, SharedPointPlan& shared, const ParallelFor& pf)
{
  const std::int64_t nIn = view.NumberOfCells();
  shared.NumberOfVertices = view.NumberOfPoints;
  BuildLinks(view, shared, pf);
  shared.OwnedEdges = LargeArray<unsigned char>(nIn);
  const unsigned char* levels = plan.Level.data();
  view.WithIds([&](auto* off, auto* conn) {
    RunFor(pf, nIn, [&](long long b, long long e) {
      for (std::int64_t c = b; c < e; ++c)
      {
        const int n = static_cast<int>(off[c + 1] - off[c]), level = levels[c];
        unsigned char mask = 0;
        std::int64_t count = InteriorPointCount(n, level);
        for (int k = 0; level > 0 && k < n; ++k)
        {
          if (FindOwner(off, conn, levels, shared, c, k).Cell == c)
          {
            mask = static_cast<unsigned char>(mask | (1u << k));
            count += (std::int64_t(1) << level) - 1;
          }
        }
        shared.OwnedEdges[c] = mask;
        plan.PointStart[c + 1] = count;
      }
    });
  });
  plan.PointStart[0] = shared.NumberOfVertices;
  for (std::int64_t c = 0; c < nIn; ++c)
  {
    plan.PointStart[c + 1] += plan.PointStart[c];
  }
}

template <typename PointT, typename ConnT>
void RefineSurfaceShared(const SurfaceView& view, const RefinePlan& plan,
  const SharedPointPlan& shared, const RefinedSurfaceT<PointT, ConnT>& out, const ParallelFor& pf)
{
  // The input points lead, as they are (the parents' corners).
  RunFor(pf, shared.NumberOfVertices, [&](long long b, long long e) {
    for (std::int64_t v = b; v < e; ++v)
    {
      for (int d = 0; d < 3; ++d)
      {
        out.Points[3 * v + d] = static_cast<PointT>(view.Coord(v, d));
      }
    }
  });
  const std::int64_t nIn = view.NumberOfCells();
  out.Offsets[plan.NumberOfCells()] = static_cast<ConnT>(plan.ConnectivitySize());
  view.WithIds([&](auto* off, auto* ids) {
    RunFor(pf, nIn, [&](long long b, long long e) {
      Vec3 p[4];
      std::vector<std::vector<LocalPoint>> layouts(2 * (MaxRefinementLevel + 1));
      std::vector<PointT> pts;
      std::vector<ConnT> conn;
      std::vector<std::int64_t> gid;
      std::vector<double> rs;
      for (std::int64_t c = b; c < e; ++c)
      {
        const int n = view.Size(c), level = plan.Level[c];
        std::vector<LocalPoint>& layout = layouts[(n == 3 ? 0 : MaxRefinementLevel + 1) + level];
        if (layout.empty())
        {
          layout = Layout(n, level);
        }
        const RefineCounts rc = RefinedSize(n, level);
        const std::int64_t first = plan.CellStart[c], nSub = rc.Cells;
        pts.resize(static_cast<std::size_t>(3 * rc.Points));
        conn.resize(static_cast<std::size_t>(rc.Connectivity));
        gid.resize(static_cast<std::size_t>(rc.Points));
        view.Corners(c, p);
        RefineOutputT<PointT, ConnT> ro;
        ro.Points = pts.data();
        ro.Connectivity = conn.data();
        if (out.CellRS || out.CentreOut)
        {
          rs.resize(static_cast<std::size_t>(2 * nSub));
          ro.CellRS = out.CellRS ? out.CellRS + 2 * first : rs.data();
        }
        RefineElement(p, n, level, ro);
        // Where each edge's points start, and in which direction they run.
        const std::int64_t perEdge = (std::int64_t(1) << level) - 1;
        const unsigned char mask = shared.OwnedEdges[c];
        std::int64_t edgeBase[4];
        bool same[4];
        for (int k = 0; level > 0 && k < n; ++k)
        {
          const EdgeOwner o = (mask >> k) & 1
            ? EdgeOwner{ c, k, true }
            : FindOwner(off, ids, plan.Level.data(), shared, c, k);
          edgeBase[k] =
            plan.PointStart[o.Cell] + OwnedBefore(shared.OwnedEdges[o.Cell], o.Local) * perEdge;
          same[k] = o.Same;
        }
        const std::int64_t interiorBase = plan.PointStart[c] + OwnedBefore(mask, n) * perEdge;
        const std::int64_t cornerBase = view.Offset(c);
        for (std::size_t l = 0; l < layout.size(); ++l)
        {
          const LocalPoint& q = layout[l];
          bool write = true;
          if (q.What == LocalPoint::Vertex)
          {
            gid[l] = view.Id(cornerBase + q.Edge);
            write = false; // the leading block has it
          }
          else if (q.What == LocalPoint::OnEdge)
          {
            const std::int64_t t = same[q.Edge] ? q.Index : perEdge + 1 - q.Index;
            gid[l] = edgeBase[q.Edge] + t - 1;
            write = (mask >> q.Edge) & 1;
          }
          else
          {
            gid[l] = interiorBase + q.Index;
          }
          if (write)
          {
            for (int d = 0; d < 3; ++d)
            {
              out.Points[3 * gid[l] + d] = pts[3 * l + d];
            }
          }
        }
        ConnT* dst = out.Connectivity + plan.ConnStart[c];
        for (std::int64_t k = 0; k < rc.Connectivity; ++k)
        {
          dst[k] = static_cast<ConnT>(gid[static_cast<std::size_t>(conn[k])]);
        }
        if (out.CentreOut)
        {
          CentreValues(
            view, out, c, p, n, ro.CellRS, nSub, out.CentreOut + out.CentreComps * first);
        }
        const std::int64_t per = level == 0 ? n : 4;
        for (std::int64_t k = first; k < first + nSub; ++k)
        {
          out.Offsets[k] = static_cast<ConnT>(plan.ConnStart[c] + (k - first) * per);
          if (out.ParentId)
          {
            out.ParentId[k] = c;
          }
          if (out.Level)
          {
            out.Level[k] = static_cast<unsigned char>(level);
          }
        }
      }
    });
  });
}

// 64-bit ids come as long (std::int64_t) from plain code and as long long
// (vtkTypeInt64) from VTK arrays on LP64 systems; both are instantiated.
template void RefineSurfaceShared(const SurfaceView&, const RefinePlan&, const SharedPointPlan&,
  const RefinedSurfaceT<double, long>&, const ParallelFor&);
template void RefineSurfaceShared(const SurfaceView&, const RefinePlan&, const SharedPointPlan&,
  const RefinedSurfaceT<double, long long>&, const ParallelFor&);
template void RefineSurfaceShared(const SurfaceView&, const RefinePlan&, const SharedPointPlan&,
  const RefinedSurfaceT<double, std::int32_t>&, const ParallelFor&);
template void RefineSurfaceShared(const SurfaceView&, const RefinePlan&, const SharedPointPlan&,
  const RefinedSurfaceT<float, long long>&, const ParallelFor&);
template void RefineSurfaceShared(const SurfaceView&, const RefinePlan&, const SharedPointPlan&,
  const RefinedSurfaceT<float, std::int32_t>&, const ParallelFor&);
} // namespace cm::map
