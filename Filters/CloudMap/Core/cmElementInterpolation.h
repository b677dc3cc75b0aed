// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmElementInterpolation.h
 * @brief Interpolation inside a triangle or quad from its corner values (pipeline free).
 *
 * Every method returns corner *weights* rather than a value: the result is
 * linear in the corner values, so one set of weights serves any number of
 * components (a scalar |J|, a complex vector, a colour).
 *
 * - Triangles: area (barycentric) coordinates, i = (s1 i1 + s2 i2 + s3 i3) / s,
 *   where s_k is the area of the sub-triangle opposite corner k.
 * - Quads, two modes:
 *   - Isoparametric: invert the bilinear map P(r,s) for the point, then use
 *     the bilinear weights. Exact for bilinear fields on any convex quad.
 *   - Scanline (the chapter's method): put the quad in a local frame with P1 at
 *     the origin and P1P2 on x'; the line through Q parallel to x' meets the
 *     boundary at a left point A and a right point B; interpolate along those
 *     edges for i_A and i_B, then linearly between A and B.
 *
 * Degenerate input never yields NaN. The documented fallbacks are:
 *   - zero-area triangle or quad: equal weights (the corner mean);
 *   - isoparametric on a quad whose bilinear map cannot be inverted at Q
 *     (concave, self-intersecting, or Q outside): the scanline weights;
 *   - scanline where the line misses the quad (Q outside): the weights of the
 *     nearest boundary point.
 * Non-planar quads are handled in the plane normal to their diagonals' cross product.
 */
#ifndef cmElementInterpolation_h
#define cmElementInterpolation_h

#include "cmParallelFor.h"
#include "cmRefinement.h"
#include "cmSurface.h"

#include <string>

namespace cm::map
{
enum class QuadInterpolation
{
  Isoparametric = 0,
  Scanline = 1
};

/// Area coordinates of q in triangle p[0..2]; writes w[3]. Returns false for a zero-area triangle.
bool TriangleAreaWeights(const Vec3* p, const Vec3& q, double* w);

/// Inverse bilinear map: finds (r, s) with P(r, s) = q (projected on the quad's plane).
/// Returns false when the map is singular at the solution or the solution is outside [0,1]^2.
bool InverseBilinear(const Vec3* p, const Vec3& q, double& r, double& s);

/// Scanline weights of q in quad p[0..3]; writes w[4]. Returns false on a fallback path.
bool ScanlineQuadWeights(const Vec3* p, const Vec3& q, double* w);

/// Weights of q in an element with 3 or 4 corners with the chosen quad mode; writes nCorners
/// weights.
void ElementWeights(const Vec3* p, int nCorners, const Vec3& q, QuadInterpolation mode, double* w);

/// Why sub-elements cannot be interpolated from their parents, or "" when
/// they can: a parent id outside [0, nParents) (the first one is named).
std::string CheckParentIds(const long long* parentId, std::int64_t n, std::int64_t nParents);

/**
 * Element Interpolation: the value of each of the n sub-elements (nc per
 * sub-element, into out) from its parent's point values (nc per point of
 * `parents`), at the sub-element's parent parametric centre rs (2 per
 * sub-element). Isoparametric: the parent's corner weights at rs, which are
 * exactly those of the inverse map of the centre, so no inversion is needed;
 * scanline: the scanline weights of the centre's point. The sum over the
 * corners is cm::CornerSum.
 */
void InterpolateAtParents(const SurfaceView& parents, const long long* parentId, const double* rs,
  std::int64_t n, QuadInterpolation mode, const double* values, int nc, double* out,
  const ParallelFor& pf);

} // namespace cm::map
#endif
