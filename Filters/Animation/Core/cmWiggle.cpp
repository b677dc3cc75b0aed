// SPDX-License-Identifier: BSD-3-Clause
#include "cmWiggle.h"

#include "cmCounterRng.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cm::anim
{
std::uint64_t PointChannel(const double* p)
{
  const double scale = std::max({ std::fabs(p[0]), std::fabs(p[1]), std::fabs(p[2]) });
  std::uint64_t h = 0x6a09e667f3bcc909ull;
  for (int a = 0; a < 3; ++a)
  {
    double v = p[a];
    if (!(std::fabs(v) > 1e-12 * scale)) // also −0 and +0, and NaN
    {
      v = 0.0;
    }
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    if (v != 0.0 && std::isfinite(v))
    {
      // Round the 52-bit mantissa to 23 bits (carry into the exponent is right).
      constexpr int drop = 52 - 23;
      bits = (bits + (std::uint64_t(1) << (drop - 1))) & ~((std::uint64_t(1) << drop) - 1);
    }
    h = cm::Mix64(h ^ bits);
  }
  return h;
}

void WiggleScalars(const WiggleSpec& spec, double t, const double* points, std::int64_t n,
  double* values, const ParallelFor& pf)
{
  RunFor(pf, n, [&](long long b, long long e) {
    for (std::int64_t i = b; i < e; ++i)
    {
      values[i] = Wiggle(spec, PointChannel(points + 3 * i), t);
    }
  });
}

void WiggleDisplacements(const WiggleSpec& spec, WiggleMode mode, const double directions[3],
  double t, const double* points, std::int64_t n, double* displacement, double* moved,
  const ParallelFor& pf)
{
  // One vector for the whole input (channels 0..2), or one per point.
  double whole[3] = { 0, 0, 0 };
  for (int a = 0; a < 3; ++a)
  {
    whole[a] = directions[a] * Wiggle(spec, static_cast<std::uint64_t>(a), t);
  }
  const bool perPoint = mode == WiggleMode::PerPoint;
  RunFor(pf, n, [&](long long b, long long e) {
    double d[3];
    for (std::int64_t i = b; i < e; ++i)
    {
      const double* p = points + 3 * i;
      if (perPoint)
      {
        const std::uint64_t c = PointChannel(p);
        for (int a = 0; a < 3; ++a)
        {
          d[a] = directions[a] * Wiggle(spec, cm::Mix64(c + a), t);
        }
      }
      else
      {
        std::copy(whole, whole + 3, d);
      }
      for (int a = 0; a < 3; ++a)
      {
        displacement[3 * i + a] = d[a];
        moved[3 * i + a] = p[a] + d[a];
      }
    }
  });
}

} // namespace cm::anim
