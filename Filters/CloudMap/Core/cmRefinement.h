// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmRefinement.h
 * @brief Centroid–midpoint refinement of triangles and quads (pipeline free).
 *
 * The chapter's rule: a triangle is split into 3 quads, each joining one corner,
 * the two adjacent edge midpoints and the centroid; a quad is split into 4 quads
 * the same way (corner, edge midpoints, centre). Every sub-quad is split again
 * into 4 at the next level.
 *
 * Because an edge midpoint and the vertex-average centre of a quad are the
 * images of the parametric midpoints under the element's bilinear (or, for a
 * triangle, affine) map, L levels of the recursive rule produce exactly a
 * uniform n×n grid of each "patch" in parametric space:
 *   - a quad is 1 patch with n = 2^L,
 *   - a triangle is 3 patches (its level-1 quads) with n = 2^(L-1).
 * So a triangle yields 3·4^(L-1) quads and a quad 4^L quads; level 0 keeps the
 * element unchanged. Points are shared inside a patch, never across parents:
 * the chapter's pulse basis needs no conformity between neighbours, so
 * neighbours may be refined to different levels.
 *
 * Orientation: every sub-quad is listed corner, next-edge midpoint, centre,
 * previous-edge midpoint, which keeps the parent's counter-clockwise order and
 * hence its normal sign.
 *
 * Parametric coordinates (r, s) are those of the parent:
 *   - triangle: P = (1-r-s) P0 + r P1 + s P2 (area coordinates w = (1-r-s, r, s)),
 *   - quad: P = (1-r)(1-s) P0 + r(1-s) P1 + r s P2 + (1-r) s P3.
 */
#ifndef cmRefinement_h
#define cmRefinement_h

#include "cmVec3.h"

#include <cstdint>

namespace cm::map
{
// Vec3, ElementArea and ElementNormal come from cmVec3.h (namespace cm).

/// Hard limit on refinement levels: 4^12 = 16.7 M sub-elements per parent.
constexpr int MaxRefinementLevel = 12;

/// Output sizes of one parent element refined to a level.
struct RefineCounts
{
  std::int64_t Points = 0;
  std::int64_t Cells = 0;
  std::int64_t Connectivity = 0;
};

/// Sizes for an element with `nCorners` (3 or 4) refined to `level` (0..MaxRefinementLevel).
RefineCounts RefinedSize(int nCorners, int level);

/// Level needed so that no sub-element edge is longer than `maxEdge`
/// (0 when the element is already fine enough), clamped to `maxLevel`.
int LevelForEdgeLength(const Vec3* corners, int nCorners, double maxEdge, int maxLevel);

/// Maps parent parametric (r, s) to a point, for a triangle or a quad.
Vec3 ParentPoint(const Vec3* corners, int nCorners, double r, double s);

/// Weights of the parent's corners at parametric (r, s); fills nCorners values.
void ParentWeights(int nCorners, double r, double s, double* w);

/**
 * Output buffers for one parent. Pointers are already offset to where this
 * parent's output starts; sizes are those given by RefinedSize().
 *  - Points:       3 values per output point (float or double)
 *  - PointRS:      2 doubles per output point (parent parametric coords), may be null
 *  - Connectivity: point ids (with `PointBase` added), 4 per sub-quad (3 at level 0
 *                  for a triangle), 32- or 64-bit
 *  - CellRS:       2 doubles per sub-element: parametric coords of its centre, may be null
 */
template <typename PointT, typename ConnT>
struct RefineOutputT
{
  PointT* Points = nullptr;
  double* PointRS = nullptr;
  ConnT* Connectivity = nullptr;
  double* CellRS = nullptr;
  std::int64_t PointBase = 0;
};
using RefineOutput = RefineOutputT<double, std::int64_t>;

/// Refines one element (3 or 4 corners, counter-clockwise) to `level`.
/// Instantiated for float and double points and 32- and 64-bit ids.
template <typename PointT, typename ConnT>
void RefineElement(
  const Vec3* corners, int nCorners, int level, const RefineOutputT<PointT, ConnT>& out);

} // namespace cm::map

#endif
