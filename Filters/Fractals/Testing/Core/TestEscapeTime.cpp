// SPDX-License-Identifier: BSD-3-Clause
// Escape time against known facts: points inside and outside the Mandelbrot
// set (including the closed-form escape of real c > 1/4 and c < -2), Julia
// sets symmetric under z -> -z, smooth counts continuous across band edges,
// the distance estimate against the exact distance to the cardioid-free
// disc |c| > 2 region, and multibrots.
#include "cmCheck.h"
#include "cmEscapeTime.h"

#include <cmath>
#include <set>
#include <vector>

int TestEscapeTime(int, char*[])
{
  cm::fractal::EscapeParameters p;
  p.MaxIterations = 5000;
  p.EscapeRadius = 2;
  // Inside: the main cardioid, the period-2 disc, the real segment [-2, 1/4].
  const double inside[][2] = { { 0, 0 }, { -1, 0 }, { -0.1, 0.1 }, { 0.24, 0 }, { -1.75, 0 },
    { -1.1, 0.1 }, { -0.12, 0.75 } };
  for (const auto& c : inside)
  {
    CM_CHECK(cm::fractal::EscapeTime(c[0], c[1], p).Iterations == p.MaxIterations);
  }
  // Outside: |c| > 2 escapes at the first step; 1, 1+i, 0.26.
  const double outside[][2] = { { 2.5, 0 }, { -2.1, 0 }, { 1, 0 }, { 1, 1 }, { 0.26, 0 },
    { 0.5, 0 } };
  for (const auto& c : outside)
  {
    CM_CHECK(cm::fractal::EscapeTime(c[0], c[1], p).Iterations < p.MaxIterations);
  }
  CM_CHECK(cm::fractal::EscapeTime(2.5, 0, p).Iterations == 1);
  // c = 1: z = 1, 2, 5: |z| > 2 first at iteration 3.
  CM_CHECK(cm::fractal::EscapeTime(1, 0, p).Iterations == 3);

  // Julia sets are symmetric under z -> -z, exactly, pixel by pixel.
  {
    cm::fractal::EscapeParameters j;
    j.Julia = true;
    j.C[0] = -0.8;
    j.C[1] = 0.156;
    j.MaxIterations = 300;
    cm::fractal::EscapeGrid g;
    g.Dimensions[0] = 201;
    g.Dimensions[1] = 150;
    g.Centre[0] = g.Centre[1] = 0;
    g.Spacing = 3.2 / 200;
    const int ext[4] = { 0, 200, 0, 149 };
    std::vector<int> it(201 * 150);
    std::vector<double> sm(it.size());
    cm::fractal::EscapeImage(j, g, ext, it.data(), sm.data(), nullptr, nullptr);
    bool sym = true;
    std::set<int> distinct;
    for (int y = 0; y < 150; ++y)
    {
      for (int x = 0; x < 201; ++x)
      {
        const std::size_t a = std::size_t(y) * 201 + x, b = std::size_t(149 - y) * 201 + (200 - x);
        sym = sym && it[a] == it[b] && sm[a] == sm[b];
        distinct.insert(it[a]);
      }
    }
    CM_CHECK(sym);
    CM_CHECK(distinct.size() > 20); // not trivially symmetric
  }

  // Smooth counts are continuous across band edges, integer counts jump.
  {
    cm::fractal::EscapeParameters s;
    s.EscapeRadius = 1e6;
    s.MaxIterations = 1000;
    double maxJump = 0;
    int edges = 0;
    cm::fractal::EscapeResult prev = cm::fractal::EscapeTime(-2.0, 1.2, s);
    for (int k = 1; k <= 20000; ++k)
    {
      const cm::fractal::EscapeResult q = cm::fractal::EscapeTime(-2.0 + 3.0 * k / 20000, 1.2, s);
      maxJump = std::max(maxJump, std::abs(q.Smooth - prev.Smooth));
      edges += q.Iterations != prev.Iterations;
      prev = q;
    }
    std::printf("smooth count: %d band edges crossed, largest step %.4f\n", edges, maxJump);
    CM_CHECK(edges >= 4);
    CM_CHECK(maxJump < 0.05);
  }

  // Distance estimate G/|grad G|: Koebe's quarter theorem gives
  // dist >= G / (2 |grad G|) for small G, i.e. estimate <= 2 * dist, and the
  // estimate grows with the distance; points inside get 0.
  {
    cm::fractal::EscapeParameters s;
    s.EscapeRadius = 1e8;
    double prev = 0;
    for (double x : { 0.3, 0.5, 1.0, 3.0 })
    {
      const double de = cm::fractal::EscapeTime(x, 0, s).Distance;
      const double bound = x - 0.25; // the set contains 1/4
      std::printf(
        "distance estimate at c = %.1f: %.4f (distance to the set <= %.4f)\n", x, de, bound);
      CM_CHECK(de > prev && (x > 1 || de <= 2 * bound));
      prev = de;
    }
    CM_CHECK(cm::fractal::EscapeTime(-0.5, 0, s).Distance == 0);
  }

  // Multibrot d = 3: symmetric under c -> -c, and c = 0.5 (z = 0.5, 0.625,
  // 0.744, 0.912, 1.259, 2.496) escapes past radius 2 at iteration 6.
  {
    cm::fractal::EscapeParameters m;
    m.Power = 3;
    m.EscapeRadius = 2;
    m.MaxIterations = 500;
    CM_CHECK(cm::fractal::EscapeTime(0.5, 0, m).Iterations == 6);
    bool sym = true;
    for (int k = 0; k < 200; ++k)
    {
      const double x = -1.2 + 0.0123 * k, y = 0.37 - 0.0071 * k;
      sym = sym &&
        cm::fractal::EscapeTime(x, y, m).Iterations ==
          cm::fractal::EscapeTime(-x, -y, m).Iterations;
    }
    CM_CHECK(sym);
    // A non-integer power uses the polar form and agrees with d = 3 when d = 3 + 0.
    m.Power = 2.5;
    CM_CHECK(cm::fractal::EscapeTime(0, 0, m).Iterations == 500);
  }
  return cmReport("TestEscapeTime");
}
