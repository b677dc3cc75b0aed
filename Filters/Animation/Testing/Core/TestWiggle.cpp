// SPDX-License-Identifier: BSD-3-Clause
// The Wiggle filter's point maths against its definition: Whole mode moves
// every point by Directions times the noise of channels 0, 1, 2; PerPoint
// by the noise of the point's own channels Mix64(PointChannel + axis);
// Scalar gives the noise of the point's channel; moved = point +
// displacement exactly; blocks give the serial result. PointChannel keys on
// the coordinates quantised to 24 bits: copies of a point that differ in the
// last bits, or by the sign of zero, share a channel; distinct points do not.
#include "cmCheck.h"
#include "cmCounterRng.h"
#include "cmWiggle.h"

#include <cmath>
#include <vector>

using namespace cm::anim;

int TestWiggle(int, char*[])
{
  WiggleSpec spec;
  spec.Frequency = 2.5;
  spec.Amplitude = 0.3;
  spec.Octaves = 3;
  spec.Seed = 17;
  CM_EQUAL(spec.Validate(), std::string());
  const double dir[3] = { 1, 0.5, -2 };
  const double t = 1.37;
  const std::vector<double> pts = { 0, 0, 0, 1, 2, 3, -0.5, 4, 1e-3, 7, 7, 7 };
  const std::int64_t n = 4;
  cm::ParallelFor blocks = [](long long m, const std::function<void(long long, long long)>& body) {
    for (long long b = 0; b < m; b += 3)
    {
      body(b, std::min(m, b + 3));
    }
  };

  // Whole: one displacement for every point.
  std::vector<double> d(3 * n), moved(3 * n);
  WiggleDisplacements(
    spec, WiggleMode::Whole, dir, t, pts.data(), n, d.data(), moved.data(), blocks);
  for (std::int64_t i = 0; i < n; ++i)
  {
    for (int a = 0; a < 3; ++a)
    {
      CM_EQUAL(d[3 * i + a], dir[a] * Wiggle(spec, static_cast<std::uint64_t>(a), t));
      CM_EQUAL(moved[3 * i + a], pts[3 * i + a] + d[3 * i + a]);
    }
  }
  CM_CHECK(d[0] != 0 && d[0] != d[1]);

  // PerPoint: each point its own channels; serial equals blocks.
  std::vector<double> d2(3 * n), moved2(3 * n);
  WiggleDisplacements(
    spec, WiggleMode::PerPoint, dir, t, pts.data(), n, d.data(), moved.data(), nullptr);
  WiggleDisplacements(
    spec, WiggleMode::PerPoint, dir, t, pts.data(), n, d2.data(), moved2.data(), blocks);
  CM_EQUAL(d, d2);
  CM_EQUAL(moved, moved2);
  for (std::int64_t i = 0; i < n; ++i)
  {
    const std::uint64_t c = PointChannel(&pts[3 * i]);
    for (int a = 0; a < 3; ++a)
    {
      CM_EQUAL(d[3 * i + a], dir[a] * Wiggle(spec, cm::Mix64(c + a), t));
      CM_EQUAL(moved[3 * i + a], pts[3 * i + a] + d[3 * i + a]);
    }
  }
  CM_CHECK(d[3] != d[6]); // two points, two wiggles

  // Scalar: the noise of the point's channel.
  std::vector<double> s(n);
  WiggleScalars(spec, t, pts.data(), n, s.data(), blocks);
  for (std::int64_t i = 0; i < n; ++i)
  {
    CM_EQUAL(s[i], Wiggle(spec, PointChannel(&pts[3 * i]), t));
  }

  // PointChannel: quantised coordinates.
  const double p[3] = { 1.0, -2.5, 0.0 };
  const double nearP[3] = { 1.0 + std::ldexp(1.0, -40), -2.5, -0.0 };
  const double tinyP[3] = { 1.0, -2.5, 1e-17 };
  const double farP[3] = { 1.0 + std::ldexp(1.0, -20), -2.5, 0.0 };
  CM_EQUAL(PointChannel(p), PointChannel(nearP));
  CM_EQUAL(PointChannel(p), PointChannel(tinyP));
  CM_CHECK(PointChannel(p) != PointChannel(farP));
  return cmReport("TestWiggle");
}
