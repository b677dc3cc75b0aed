// SPDX-License-Identifier: BSD-3-Clause
// Oracles: area coordinates reproduce linear fields exactly on triangles;
// both quad modes reproduce bilinear fields exactly on rectangles (and
// parallelograms); the isoparametric mode inverts the bilinear map on any
// convex quad; degenerate and concave quads give finite weights summing to 1.
#include "cmCheck.h"
#include "cmElementInterpolation.h"

using cm::Vec3;

namespace
{
double Apply(const double* w, const double* v, int n)
{
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * v[i];
  return s;
}
bool Finite(const double* w, int n)
{
  double s = 0;
  for (int i = 0; i < n; ++i)
  {
    if (!std::isfinite(w[i]))
      return false;
    s += w[i];
  }
  return std::abs(s - 1) < 1e-9;
}
} // namespace

int TestInterpolation(int, char*[])
{
  cmRandom rng;
  // Triangles in 3-D with a linear field f = a + b·x.
  for (int t = 0; t < 200; ++t)
  {
    Vec3 p[3];
    for (auto& x : p)
      x = { rng.Uniform(-2, 2), rng.Uniform(-2, 2), rng.Uniform(-2, 2) };
    const double a = rng.Uniform(-1, 1), b[3] = { rng.Uniform(), rng.Uniform(), rng.Uniform() };
    auto f = [&](const Vec3& x) { return a + b[0] * x[0] + b[1] * x[1] + b[2] * x[2]; };
    const double v[3] = { f(p[0]), f(p[1]), f(p[2]) };
    const double r = rng.Uniform(0, 1), s = rng.Uniform(0, 1 - r);
    const Vec3 q = cm::map::ParentPoint(p, 3, r, s);
    double w[3];
    CM_CHECK(cm::map::TriangleAreaWeights(p, q, w));
    CM_NEAR(Apply(w, v, 3), f(q), 1e-10);
    // Area coordinates are the (1-r-s, r, s) of the point.
    CM_NEAR(w[1], r, 1e-10);
    CM_NEAR(w[2], s, 1e-10);
  }

  // Rectangles (rotated, in 3-D) with a bilinear field in the rectangle's own axes.
  for (int t = 0; t < 200; ++t)
  {
    const double L = rng.Uniform(0.5, 3), H = rng.Uniform(0.5, 3), ang = rng.Uniform(0, 6.28);
    const Vec3 ex = { std::cos(ang), std::sin(ang), 0 },
               ey = { -std::sin(ang) * 0.6, std::cos(ang) * 0.6, 0.8 };
    const Vec3 o = { rng.Uniform(), rng.Uniform(), rng.Uniform() };
    auto at = [&](double u, double v) {
      return Vec3{ o[0] + u * ex[0] + v * ey[0], o[1] + u * ex[1] + v * ey[1],
        o[2] + u * ex[2] + v * ey[2] };
    };
    // The first corner is rotated too: the scanline frame starts at p[0].
    const int shift = t % 4;
    const Vec3 c[4] = { at(0, 0), at(L, 0), at(L, H), at(0, H) };
    const double uv[4][2] = { { 0, 0 }, { L, 0 }, { L, H }, { 0, H } };
    Vec3 p[4];
    double val[4];
    const double k0 = rng.Uniform(), k1 = rng.Uniform(), k2 = rng.Uniform(), k3 = rng.Uniform();
    auto f = [&](double u, double v) { return k0 + k1 * u + k2 * v + k3 * u * v; };
    for (int i = 0; i < 4; ++i)
    {
      p[i] = c[(i + shift) % 4];
      val[i] = f(uv[(i + shift) % 4][0], uv[(i + shift) % 4][1]);
    }
    const double u = rng.Uniform(0, L), v = rng.Uniform(0, H);
    const Vec3 q = at(u, v);
    double w[4];
    cm::map::ElementWeights(p, 4, q, cm::map::QuadInterpolation::Isoparametric, w);
    CM_NEAR(Apply(w, val, 4), f(u, v), 1e-10);
    CM_CHECK(cm::map::ScanlineQuadWeights(p, q, w));
    CM_NEAR(Apply(w, val, 4), f(u, v), 1e-10);
  }

  // Any convex quad: inverse bilinear recovers (r, s).
  for (int t = 0; t < 200; ++t)
  {
    const Vec3 p[4] = { { rng.Uniform(-0.3, 0.3), rng.Uniform(-0.3, 0.3), 0 },
      { rng.Uniform(0.7, 1.3), rng.Uniform(-0.3, 0.3), 0 },
      { rng.Uniform(0.7, 1.3), rng.Uniform(0.7, 1.3), 0 },
      { rng.Uniform(-0.3, 0.3), rng.Uniform(0.7, 1.3), 0 } };
    const double r = rng.Uniform(), s = rng.Uniform();
    double rr, ss;
    CM_CHECK(cm::map::InverseBilinear(p, cm::map::ParentPoint(p, 4, r, s), rr, ss));
    CM_NEAR(rr, r, 1e-10);
    CM_NEAR(ss, s, 1e-10);
  }

  // The scanline method on a trapezoid, by hand: P1(0,0) P2(4,0) P3(3,2) P4(1,2),
  // values 0, 4, 8, 12 at the corners; Q = (2, 1): A = (0.5, 1) on P4P1 with
  // i_A = 6, B = (3.5, 1) on P2P3 with i_B = 6, so i_Q = 6.
  {
    const Vec3 p[4] = { { 0, 0, 0 }, { 4, 0, 0 }, { 3, 2, 0 }, { 1, 2, 0 } };
    const double val[4] = { 0, 4, 8, 12 };
    double w[4];
    CM_CHECK(cm::map::ScanlineQuadWeights(p, { 2, 1, 0 }, w));
    CM_NEAR(Apply(w, val, 4), 6.0, 1e-12);
    // Q = (1, 0.5): A on P4P1 at t=0.75 from P4 → (0.25,0.5), i_A = 12·0.75 = 9... (P1 weight .75)
    // A = P1 + 0.25 (P4 - P1) = (0.25, 0.5): i_A = 0.75·0 + 0.25·12 = 3;
    // B = P2 + 0.25 (P3 - P2) = (3.75, 0.5): i_B = 0.75·4 + 0.25·8 = 5;
    // t = (1 - 0.25)/(3.5) → i_Q = 3 + 2·0.75/3.5.
    CM_CHECK(cm::map::ScanlineQuadWeights(p, { 1, 0.5, 0 }, w));
    CM_NEAR(Apply(w, val, 4), 3 + 2 * 0.75 / 3.5, 1e-12);
  }

  // Degenerate and concave quads: finite weights that sum to one, never NaN.
  {
    const Vec3 flat[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 } };
    const Vec3 point[4] = { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } };
    const Vec3 concave[4] = { { 0, 0, 0 }, { 2, 0, 0 }, { 0.5, 0.5, 0 }, { 0, 2, 0 } };
    const Vec3 bowtie[4] = { { 0, 0, 0 }, { 1, 1, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    const Vec3 degenerateTri[3] = { { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 } };
    for (int mode = 0; mode < 2; ++mode)
    {
      const auto m = static_cast<cm::map::QuadInterpolation>(mode);
      double w[4];
      for (const Vec3* quad : { flat, point, concave, bowtie })
      {
        for (const Vec3& q : { Vec3{ 0.3, 0.2, 0 }, Vec3{ 0.25, 0.25, 0 }, Vec3{ 5, 5, 5 } })
        {
          cm::map::ElementWeights(quad, 4, q, m, w);
          CM_CHECK(Finite(w, 4));
        }
      }
      cm::map::ElementWeights(degenerateTri, 3, { 1, 1, 1 }, m, w);
      CM_CHECK(Finite(w, 3));
    }
    // The concave quad's reflex region still interpolates a linear field exactly by scanline
    // (a linear field is exact along any line, and A, B are on the boundary).
    double w[4];
    const double lin[4] = { 0, 2, 0.5, 0 }; // f = x
    cm::map::ScanlineQuadWeights(concave, { 0.3, 0.2, 0 }, w);
    CM_NEAR(Apply(w, lin, 4), 0.3, 1e-12);
  }
  return cmReport("TestInterpolation");
}
