// SPDX-License-Identifier: BSD-3-Clause
#include "cmBandClip.h"

namespace cloudmap
{
bool QuadFanCentre(const double f[4], double& r, double& s, double& fc)
{
  // f = a + b r + c s + d r s; the saddle solves df/dr = df/ds = 0.
  const double a = f[0], b = f[1] - f[0], c = f[3] - f[0], d = f[0] - f[1] + f[2] - f[3];
  const double scale = std::fabs(f[0]) + std::fabs(f[1]) + std::fabs(f[2]) + std::fabs(f[3]);
  constexpr double Inside = 1e-9;
  if (std::fabs(d) > 1e-14 * scale)
  {
    const double rs = -c / d, ss = -b / d;
    if (rs > Inside && rs < 1 - Inside && ss > Inside && ss < 1 - Inside)
    {
      r = rs;
      s = ss;
      fc = a - b * c / d;
      return true;
    }
  }
  r = s = 0.5;
  fc = 0.25 * (f[0] + f[1] + f[2] + f[3]);
  return false;
}

double PieceArea(const ClipVertex* v, int n)
{
  // Fan from the first corner: exact for planar polygons, convex or not.
  double sx = 0, sy = 0, sz = 0;
  for (int i = 1; i + 1 < n; ++i)
  {
    const double u[3] = { v[i].X[0] - v[0].X[0], v[i].X[1] - v[0].X[1], v[i].X[2] - v[0].X[2] };
    const double w[3] = { v[i + 1].X[0] - v[0].X[0], v[i + 1].X[1] - v[0].X[1],
      v[i + 1].X[2] - v[0].X[2] };
    sx += u[1] * w[2] - u[2] * w[1];
    sy += u[2] * w[0] - u[0] * w[2];
    sz += u[0] * w[1] - u[1] * w[0];
  }
  return 0.5 * std::sqrt(sx * sx + sy * sy + sz * sz);
}

} // namespace cloudmap
