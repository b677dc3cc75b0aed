// SPDX-License-Identifier: BSD-3-Clause
#include "cmVec3.h"

namespace cm
{
Vec3 ElementNormal(const Vec3* c, int nCorners)
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

double ElementArea(const Vec3* corners, int nCorners)
{
  const Vec3 n = ElementNormal(corners, nCorners);
  return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}
} // namespace cm
