// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmVec3.h
 * @brief The one 3-vector of the pipeline-free cores and its few operations
 *        (pipeline free, header only).
 */
#ifndef cmVec3_h
#define cmVec3_h

#include <array>
#include <cmath>

namespace cm
{
using Vec3 = std::array<double, 3>;

inline Vec3 Add(const Vec3& a, const Vec3& b)
{
  return { a[0] + b[0], a[1] + b[1], a[2] + b[2] };
}
inline Vec3 Sub(const Vec3& a, const Vec3& b)
{
  return { a[0] - b[0], a[1] - b[1], a[2] - b[2] };
}
inline Vec3 Scale(double s, const Vec3& a)
{
  return { s * a[0], s * a[1], s * a[2] };
}
inline double Dot(const Vec3& a, const Vec3& b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline Vec3 Cross(const Vec3& a, const Vec3& b)
{
  return { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
}
inline double Norm(const Vec3& a)
{
  return std::sqrt(Dot(a, a));
}

/// Un-normalised normal of a triangle or (possibly non-planar) quad, twice
/// its vector area: e1 × e2 for a triangle, the diagonals' d1 × d2 for a quad.
Vec3 ElementNormal(const Vec3* corners, int nCorners);

/// Area of a triangle or quad: half the norm of ElementNormal (exact for planar quads).
double ElementArea(const Vec3* corners, int nCorners);
} // namespace cm

#endif
