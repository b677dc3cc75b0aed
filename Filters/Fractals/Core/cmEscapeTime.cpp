// SPDX-License-Identifier: BSD-3-Clause
#include "cmEscapeTime.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cm::fractal
{
namespace
{
// z^k for a positive integer k by repeated squaring.
inline void IntPow(double x, double y, int k, double& rx, double& ry)
{
  double ax = 1, ay = 0, bx = x, by = y;
  while (k > 0)
  {
    if (k & 1)
    {
      const double t = ax * bx - ay * by;
      ay = ax * by + ay * bx;
      ax = t;
    }
    const double t = bx * bx - by * by;
    by = 2 * bx * by;
    bx = t;
    k >>= 1;
  }
  rx = ax;
  ry = ay;
}

inline void Pow(double x, double y, double d, int id, double& rx, double& ry)
{
  if (id > 0)
  {
    IntPow(x, y, id, rx, ry);
    return;
  }
  const double r = std::pow(x * x + y * y, 0.5 * d), a = d * std::atan2(y, x);
  rx = r * std::cos(a);
  ry = r * std::sin(a);
}
}

EscapeResult EscapeTime(double x, double y, const EscapeParameters& p)
{
  const double d = p.Power;
  const int id = (d == std::floor(d) && d >= 1 && d <= 64) ? int(d) : 0;
  double zx, zy, cx, cy, dzx, dzy;
  if (p.Julia)
  {
    zx = x;
    zy = y;
    cx = p.C[0];
    cy = p.C[1];
    dzx = 1;
    dzy = 0;
  }
  else
  {
    zx = zy = 0;
    cx = x;
    cy = y;
    dzx = dzy = 0;
  }
  const double R2 = p.EscapeRadius * p.EscapeRadius;
  EscapeResult r;
  double trap = (zx - p.Trap[0]) * (zx - p.Trap[0]) + (zy - p.Trap[1]) * (zy - p.Trap[1]);
  if (p.Julia && zx * zx + zy * zy > R2)
  {
    // Escaped before any iteration.
    r.Trap = std::sqrt(trap);
    r.Smooth =
      1 - std::log(0.5 * std::log(zx * zx + zy * zy) / std::log(p.EscapeRadius)) / std::log(d);
    r.Distance = std::sqrt(zx * zx + zy * zy) * 0.5 * std::log(zx * zx + zy * zy);
    return r;
  }
  int n = 0;
  for (n = 1; n <= p.MaxIterations; ++n)
  {
    // z' ← d z^(d−1) z' (+1 for Mandelbrot)
    double px, py;
    if (d == 2)
    {
      px = zx;
      py = zy;
    }
    else
    {
      Pow(zx, zy, d - 1, id > 0 ? id - 1 : 0, px, py);
      if (id == 1)
      {
        px = 1;
        py = 0;
      }
    }
    const double tx = d * (px * dzx - py * dzy) + (p.Julia ? 0 : 1);
    const double ty = d * (px * dzy + py * dzx);
    dzx = tx;
    dzy = ty;
    double nx, ny;
    if (d == 2)
    {
      nx = zx * zx - zy * zy;
      ny = 2 * zx * zy;
    }
    else
    {
      Pow(zx, zy, d, id, nx, ny);
    }
    zx = nx + cx;
    zy = ny + cy;
    const double m2 = zx * zx + zy * zy;
    if (p.ComputeTrap)
    {
      const double t = (zx - p.Trap[0]) * (zx - p.Trap[0]) + (zy - p.Trap[1]) * (zy - p.Trap[1]);
      trap = t < trap ? t : trap; // squared until the end
    }
    if (m2 > R2)
    {
      break;
    }
  }
  r.Trap = std::sqrt(trap);
  if (n > p.MaxIterations)
  {
    r.Iterations = p.MaxIterations;
    r.Smooth = p.MaxIterations;
    r.Distance = 0;
    return r;
  }
  const double m2 = zx * zx + zy * zy;
  const double logz = 0.5 * std::log(m2);
  r.Iterations = n;
  r.Smooth = n + 1 - std::log(logz / std::log(p.EscapeRadius)) / std::log(d);
  const double dz = std::hypot(dzx, dzy);
  r.Distance = dz > 0 ? std::sqrt(m2) * logz / dz : 0;
  return r;
}

void EscapeImage(const EscapeParameters& p, const EscapeGrid& g, const int e[4], int* iterations,
  double* smooth, double* distance, double* trap, const ParallelFor& pf)
{
  const int nx = e[1] - e[0] + 1;
  RunFor(pf, e[3] - e[2] + 1, [&](long long rb, long long re) {
    for (long long r = rb; r < re; ++r)
    {
      const double y = g.Y(e[2] + int(r));
      for (int i = 0; i < nx; ++i)
      {
        const EscapeResult q = EscapeTime(g.X(e[0] + i), y, p);
        const std::size_t k = std::size_t(r) * nx + i;
        if (iterations)
        {
          iterations[k] = q.Iterations;
        }
        if (smooth)
        {
          smooth[k] = q.Smooth;
        }
        if (distance)
        {
          distance[k] = q.Distance;
        }
        if (trap)
        {
          trap[k] = q.Trap;
        }
      }
    }
  });
}

EscapeGrid MakeEscapeGrid(const int dims[2], const double centre[2], double width)
{
  EscapeGrid g;
  g.Dimensions[0] = std::max(1, dims[0]);
  g.Dimensions[1] = std::max(1, dims[1]);
  g.Centre[0] = centre[0];
  g.Centre[1] = centre[1];
  g.Spacing = width / std::max(1, g.Dimensions[0] - 1);
  return g;
}

std::string EscapeImageSizeProblem(const int dims[2], double maximumPixels)
{
  const double pixels = double(dims[0]) * double(dims[1]);
  if (dims[0] >= 1 && dims[1] >= 1 && !(pixels > maximumPixels))
  {
    return std::string();
  }
  std::ostringstream msg;
  msg << "an image of " << dims[0] << " x " << dims[1] << " = " << pixels << " pixels (about "
      << pixels * 28 / 1e9 << " GB) is outside the limit of " << maximumPixels
      << " (MaximumNumberOfPixels).";
  return msg.str();
}

bool EscapeImageInBands(const EscapeParameters& p, const EscapeGrid& g, const int ext[4],
  int* iterations, double* smooth, double* distance, double* trap, const ParallelFor& pf,
  const std::function<bool(double)>& progressAbort)
{
  // Bands of rows, so that progress and abort are honoured.
  const int rows = ext[3] - ext[2] + 1, nx = ext[1] - ext[0] + 1;
  const int band = std::max(1, rows / 16);
  for (int r0 = 0; r0 < rows; r0 += band)
  {
    if (progressAbort && progressAbort(double(r0) / rows))
    {
      return false;
    }
    const int r1 = std::min(rows, r0 + band);
    const int e[4] = { ext[0], ext[1], ext[2] + r0, ext[2] + r1 - 1 };
    const std::size_t off = std::size_t(r0) * nx;
    auto at = [off](auto* a) { return a ? a + off : nullptr; };
    EscapeImage(p, g, e, at(iterations), at(smooth), at(distance), at(trap), pf);
  }
  return true;
}
}
