// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmRefineShared.h
 * @brief The lean layout of a refined surface (pipeline free): points shared
 *        across neighbouring parents, one point per sub-element on a closed
 *        mesh, for Surface Cloud Map's fused pass.
 *
 * RefineSurface (cmRefineSurface.h) gives every parent its own points
 * (2.25 per sub-element at 2 levels on triangles). Here the points are:
 *  1. the input points, first and with their own ids (the parents' corners);
 *  2. per parent, in parent order: the points inside the edges it owns, then
 *     its interior points (the centre, the inner spokes of a triangle, the
 *     patch interiors).
 * An edge is owned by the lowest-numbered parent of the same level that has
 * it (either direction); the others refer to the owner's points. Parents of
 * different levels (the adaptive rule) keep their own edge points, as before.
 * The sub-elements, their order, their corners' positions (to rounding of the
 * shared ones) and the centre values are those of RefineSurface: only the
 * point numbering differs. Numbering, prefix sums and ownership depend on the
 * mesh alone, so the output is the same on any thread count.
 */
#ifndef cmRefineShared_h
#define cmRefineShared_h

#include "cmAreaWeighting.h"
#include "cmRefineSurface.h"

namespace cm::map
{
/// Pass 1 of the shared layout, beside the RefinePlan it rewrites.
struct SharedPointPlan
{
  std::int64_t NumberOfVertices = 0; ///< the leading block: the input points
  LargeArray<unsigned char> OwnedEdges; ///< per parent: bit k when it owns its edge k
  /// point -> parents (rows ascending), to find an edge's owner: rows
  /// LinkOffsets[p] .. LinkOffsets[p + 1] of LinkCells.
  LargeArray<std::int64_t> LinkOffsets, LinkCells;
};

/**
 * Rewrites plan.PointStart (from PlanRefinement, same levels) for the shared
 * layout: PointStart[0] is the number of input points, and each parent
 * counts its interior points and those of the edges it owns.
 */
void PlanSharedPoints(
  const SurfaceView& view, RefinePlan& plan, SharedPointPlan& shared, const ParallelFor& pf);

/// Pass 2 of the shared layout: as RefineSurface, but points shared (out.PointRS
/// must be null). Instantiated for float and double points and 32- and 64-bit ids.
template <typename PointT, typename ConnT>
void RefineSurfaceShared(const SurfaceView& view, const RefinePlan& plan,
  const SharedPointPlan& shared, const RefinedSurfaceT<PointT, ConnT>& out, const ParallelFor& pf);

/// Points one parent adds in the shared layout besides its edges': interior points.
std::int64_t InteriorPointCount(int nCorners, int level);
} // namespace cm::map
#endif
