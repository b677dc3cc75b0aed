// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmRefineSurface.h
 * @brief Centroid–midpoint refinement of a whole surface (pipeline free): the
 *        one driver behind Centroid Midpoint Refinement, Surface Cloud Map's
 *        fused pass and Antenna Pattern Surface.
 *
 * Two passes, so that every parent writes its own output range with no locks:
 *  1. PlanRefinement: each parent's level (fixed, or the least level whose
 *     sub-element edges are at most a length) and its output sizes, then a
 *     serial prefix sum giving where each parent's points, cells and ids start;
 *  2. RefineSurface: each parent refined into its range by RefineElement
 *     (cmRefinement.h), in parallel.
 * Values given at the parents' points are carried to the refined points
 * (InterpolateRefinedPoints) or, in the fused mode, evaluated at the
 * sub-element centres while refining, with the parents' corner weights and
 * cm::CornerSum: the same sums as Element Interpolation, bit for bit.
 */
#ifndef cmRefineSurface_h
#define cmRefineSurface_h

#include "cmLargeBuffer.h"
#include "cmParallelFor.h"
#include "cmRefinement.h"
#include "cmSurface.h"

#include <cstdint>
#include <functional>
#include <string>

namespace cm::map
{
/// How each parent's level is chosen.
struct RefineOptions
{
  bool Adaptive = false; ///< by edge length instead of a fixed level
  int Level = 0; ///< the fixed level
  double MaximumEdgeLength = 0.0; ///< adaptive: the longest sub-element edge allowed
  int MaximumLevel = MaxRefinementLevel; ///< adaptive: the level never exceeded
};

/// Pass 1: each parent's level and where its output starts.
struct RefinePlan
{
  LargeArray<unsigned char> Level; ///< per parent
  LargeArray<std::int64_t> PointStart, CellStart, ConnStart; ///< per parent + 1, prefix sums
  std::int64_t NumberOfParents() const { return static_cast<std::int64_t>(this->Level.size()); }
  std::int64_t NumberOfPoints() const { return this->PointStart.back(); }
  std::int64_t NumberOfCells() const { return this->CellStart.back(); }
  std::int64_t ConnectivitySize() const { return this->ConnStart.back(); }
};

/// Fills `plan` for `view` (the sizing loop through pf). Returns false, with
/// the plan incomplete, when `aborted` (may be empty) says so after that loop.
bool PlanRefinement(const SurfaceView& view, const RefineOptions& options, const ParallelFor& pf,
  const std::function<bool()>& aborted, RefinePlan& plan);

/**
 * What pass 2 writes besides the points and cells, sized by the plan; each
 * may be null.
 *  - ParentId, Level: per sub-element;
 *  - CellRS: parent parametric (r, s) of each sub-element centre;
 *  - PointRS: parent parametric (r, s) of each refined point;
 *  - the fused mode (CentreIn and CentreOut set): CentreComps values per
 *    parent point, evaluated at each sub-element centre into CentreOut, with
 *    the parent's bilinear/barycentric weights, or the scanline weights of
 *    the centre's point (Scanline).
 */
struct RefineExtras
{
  long long* ParentId = nullptr;
  unsigned char* Level = nullptr;
  double* CellRS = nullptr;
  double* PointRS = nullptr;
  const double* CentreIn = nullptr;
  int CentreComps = 0;
  bool Scanline = false;
  double* CentreOut = nullptr;
};

/// Where pass 2 writes: 3 values per point, NumberOfCells() + 1 offsets and
/// the corner ids (all required), and the extras.
template <typename PointT, typename ConnT>
struct RefinedSurfaceT : RefineExtras
{
  PointT* Points = nullptr;
  ConnT* Offsets = nullptr;
  ConnT* Connectivity = nullptr;
};

/// The error when the plan exceeds `maximumCells` sub-elements, else empty.
std::string CheckRefinementSize(const RefinePlan& plan, long long maximumCells);

/// Pass 2: refines every parent of `view` into `out` (in parallel through pf).
/// Instantiated for float and double points and 32- and 64-bit ids.
template <typename PointT, typename ConnT>
void RefineSurface(const SurfaceView& view, const RefinePlan& plan,
  const RefinedSurfaceT<PointT, ConnT>& out, const ParallelFor& pf);

/// The fused mode's value at each of the nSub sub-element centres of parent
/// c (its corners p, n of them; parametric centres rs), from its corners'
/// values out.CentreIn, into values (out.CentreComps per centre).
void CentreValues(const SurfaceView& view, const RefineExtras& out, std::int64_t c, const Vec3* p,
  int n, const double* rs, std::int64_t nSub, double* values);

/// Values at the refined points (nc per point, into out) from the parents'
/// point values (nc per parent point), weighted at each point's PointRS.
void InterpolateRefinedPoints(const SurfaceView& view, const RefinePlan& plan,
  const double* pointRS, const double* values, int nc, double* out, const ParallelFor& pf);

} // namespace cm::map
#endif
