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
#include <cstdint>

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
inline Vec3 ElementNormal(const Vec3* c, int nCorners)
{
  // Twice the vector area: d1 × d2 for a quad's diagonals, e1 × e2 for a triangle.
  const Vec3& a = c[0];
  const Vec3& b = c[1];
  const Vec3& p = c[2];
  const Vec3& q = nCorners == 4 ? c[3] : c[0];
  const double u[3] = { p[0] - a[0], p[1] - a[1], p[2] - a[2] };
  const double v[3] = { q[0] - b[0], q[1] - b[1], q[2] - b[2] };
  if (nCorners == 4)
  {
    return { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
  }
  const double e1[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
  return { e1[1] * u[2] - e1[2] * u[1], e1[2] * u[0] - e1[0] * u[2], e1[0] * u[1] - e1[1] * u[0] };
}

/// Area of a triangle or quad: half the norm of ElementNormal (exact for planar quads).
inline double ElementArea(const Vec3* corners, int nCorners)
{
  const Vec3 n = ElementNormal(corners, nCorners);
  return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}

/**
 * ElementArea of cell `c` of a cell array (offsets and ids) over `points`
 * (x, y, z per vertex, float or double). The cell must have 3 or 4 corners;
 * any past the fourth are ignored. The one area every filter uses, so an
 * area computed on the way equals the stored one bit for bit.
 */
template <typename OffsetT, typename ConnT, typename PointT>
inline double CellArea(
  std::int64_t c, const OffsetT* offsets, const ConnT* conn, const PointT* points)
{
  Vec3 p[4];
  const std::int64_t o = static_cast<std::int64_t>(offsets[c]);
  const std::int64_t n = static_cast<std::int64_t>(offsets[c + 1]) - o;
  const int k = n < 4 ? static_cast<int>(n) : 4;
  for (int i = 0; i < k; ++i)
  {
    const PointT* x = points + 3 * static_cast<std::int64_t>(conn[o + i]);
    p[i] = { double(x[0]), double(x[1]), double(x[2]) };
  }
  return ElementArea(p, k);
}
} // namespace cm

#endif
