// SPDX-License-Identifier: BSD-3-Clause
#include "cmRefineSurface.h"

#include "cmElementInterpolation.h"

#include <vector>

namespace cm::map
{
void CentreValues(const SurfaceView& view, const RefineExtras& out, std::int64_t c, const Vec3* p,
  int n, const double* rs, std::int64_t nSub, double* values)
{
  const int nc = out.CentreComps;
  double w[4];
  for (std::int64_t k = 0; k < nSub; ++k)
  {
    if (out.Scanline)
    {
      const Vec3 q = ParentPoint(p, n, rs[2 * k], rs[2 * k + 1]);
      ElementWeights(p, n, q, QuadInterpolation::Scanline, w);
    }
    else
    {
      ParentWeights(n, rs[2 * k], rs[2 * k + 1], w);
    }
    CornerSum(view, c, w, out.CentreIn, nc, values + k * nc);
  }
}

bool PlanRefinement(const SurfaceView& view, const RefineOptions& options, const ParallelFor& pf,
  const std::function<bool()>& aborted, RefinePlan& plan)
{
  const std::int64_t nIn = view.NumberOfCells();
  // Uninitialized, on huge pages: the sizing loop writes (and faults in)
  // every entry but the leading zero on the threads.
  plan.Level = LargeArray<unsigned char>(nIn);
  plan.PointStart = LargeArray<std::int64_t>(nIn + 1);
  plan.CellStart = LargeArray<std::int64_t>(nIn + 1);
  plan.ConnStart = LargeArray<std::int64_t>(nIn + 1);
  plan.PointStart[0] = plan.CellStart[0] = plan.ConnStart[0] = 0;
  RunFor(pf, nIn, [&](long long b, long long e) {
    Vec3 p[4];
    for (std::int64_t c = b; c < e; ++c)
    {
      const int n = view.Size(c);
      int l = options.Level;
      if (options.Adaptive)
      {
        view.Corners(c, p);
        l = LevelForEdgeLength(p, n, options.MaximumEdgeLength, options.MaximumLevel);
      }
      plan.Level[c] = static_cast<unsigned char>(l);
      const RefineCounts rc = RefinedSize(n, l);
      plan.PointStart[c + 1] = rc.Points;
      plan.CellStart[c + 1] = rc.Cells;
      plan.ConnStart[c + 1] = rc.Connectivity;
    }
  });
  if (aborted && aborted())
  {
    return false;
  }
  // Serial prefix sums give every parent its own output range (no locks later).
  for (std::int64_t c = 0; c < nIn; ++c)
  {
    plan.PointStart[c + 1] += plan.PointStart[c];
    plan.CellStart[c + 1] += plan.CellStart[c];
    plan.ConnStart[c + 1] += plan.ConnStart[c];
  }
  return true;
}

std::string CheckRefinementSize(const RefinePlan& plan, long long maximumCells)
{
  if (plan.NumberOfCells() <= maximumCells)
  {
    return std::string();
  }
  return "refinement would produce " + std::to_string(plan.NumberOfCells()) + " sub-elements (" +
    std::to_string(plan.NumberOfPoints()) +
    " points), above MaximumNumberOfCells = " + std::to_string(maximumCells) +
    "; lower the level or raise the limit";
}

template <typename PointT, typename ConnT>
void RefineSurface(const SurfaceView& view, const RefinePlan& plan,
  const RefinedSurfaceT<PointT, ConnT>& out, const ParallelFor& pf)
{
  const std::int64_t nIn = view.NumberOfCells();
  out.Offsets[plan.NumberOfCells()] = static_cast<ConnT>(plan.ConnectivitySize());
  RunFor(pf, nIn, [&](long long b, long long e) {
    Vec3 p[4];
    std::vector<double> scratch; // the centres of one parent, when CellRS is not kept
    for (std::int64_t c = b; c < e; ++c)
    {
      const int n = view.Size(c);
      const std::int64_t first = plan.CellStart[c], nSub = plan.CellStart[c + 1] - first;
      view.Corners(c, p);
      RefineOutputT<PointT, ConnT> ro;
      ro.Points = out.Points + 3 * plan.PointStart[c];
      ro.PointRS = out.PointRS ? out.PointRS + 2 * plan.PointStart[c] : nullptr;
      ro.Connectivity = out.Connectivity + plan.ConnStart[c];
      if (out.CellRS)
      {
        ro.CellRS = out.CellRS + 2 * first;
      }
      else if (out.CentreOut)
      {
        scratch.resize(static_cast<std::size_t>(2 * nSub));
        ro.CellRS = scratch.data();
      }
      ro.PointBase = plan.PointStart[c];
      RefineElement(p, n, plan.Level[c], ro);
      if (out.CentreOut)
      {
        CentreValues(view, out, c, p, n, ro.CellRS, nSub, out.CentreOut + out.CentreComps * first);
      }
      const std::int64_t per = plan.Level[c] == 0 ? n : 4;
      for (std::int64_t k = first; k < first + nSub; ++k)
      {
        out.Offsets[k] = static_cast<ConnT>(plan.ConnStart[c] + (k - first) * per);
        if (out.ParentId)
        {
          out.ParentId[k] = c;
        }
        if (out.Level)
        {
          out.Level[k] = plan.Level[c];
        }
      }
    }
  });
}

void InterpolateRefinedPoints(const SurfaceView& view, const RefinePlan& plan,
  const double* pointRS, const double* values, int nc, double* out, const ParallelFor& pf)
{
  RunFor(pf, view.NumberOfCells(), [&](long long b, long long e) {
    double w[4];
    for (std::int64_t c = b; c < e; ++c)
    {
      const int n = view.Size(c);
      for (std::int64_t p = plan.PointStart[c]; p < plan.PointStart[c + 1]; ++p)
      {
        ParentWeights(n, pointRS[2 * p], pointRS[2 * p + 1], w);
        CornerSum(view, c, w, values, nc, out + p * nc);
      }
    }
  });
}

// 64-bit ids come as long (std::int64_t) from plain code and as long long
// (vtkTypeInt64) from VTK arrays on LP64 systems; both are instantiated.
template void RefineSurface(
  const SurfaceView&, const RefinePlan&, const RefinedSurfaceT<double, long>&, const ParallelFor&);
template void RefineSurface(const SurfaceView&, const RefinePlan&,
  const RefinedSurfaceT<double, long long>&, const ParallelFor&);
template void RefineSurface(const SurfaceView&, const RefinePlan&,
  const RefinedSurfaceT<double, std::int32_t>&, const ParallelFor&);
template void RefineSurface(const SurfaceView&, const RefinePlan&,
  const RefinedSurfaceT<float, long long>&, const ParallelFor&);
template void RefineSurface(const SurfaceView&, const RefinePlan&,
  const RefinedSurfaceT<float, std::int32_t>&, const ParallelFor&);
} // namespace cm::map
