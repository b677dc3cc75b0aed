// SPDX-License-Identifier: BSD-3-Clause
// Free-form deformation against its definition: zero displacements are the
// identity (exactly), one moved control point moves every point by its
// Bernstein weight (written out independently here), a uniformly translated
// lattice translates exactly, an affinely moved lattice maps points by the
// same affine map (linear precision), the 1-D quadratic special case is the
// quadratic Bézier, points outside are untouched, bad lattices are refused.
#include "cmCheck.h"
#include "cmFFD.h"

#include <cmath>

using namespace cm::anim;

namespace
{
double Binomial(int n, int k)
{
  return std::round(
    std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0)));
}
double B(int n, int i, double t)
{
  return Binomial(n, i) * std::pow(t, i) * std::pow(1 - t, n - i);
}
}

int TestFFD(int, char*[])
{
  cmRandom rng;
  FFDLattice lat;
  lat.Size[0] = 4;
  lat.Size[1] = 3;
  lat.Size[2] = 5;
  lat.Origin[0] = -1;
  lat.Origin[1] = 2;
  lat.Origin[2] = 0.5;
  lat.Length[0] = 2;
  lat.Length[1] = 3;
  lat.Length[2] = 1.5;
  CM_CHECK(lat.Validate().empty());
  const std::int64_t ncp = lat.NumberOfControlPoints();
  CM_CHECK(ncp == 60);
  std::vector<double> pts;
  for (int n = 0; n < 500; ++n)
  {
    pts.push_back(rng.Uniform(-1, 1));
    pts.push_back(rng.Uniform(2, 5));
    pts.push_back(rng.Uniform(0.5, 2));
  }

  // Zero displacement (explicit zeros) is the identity, bit for bit.
  lat.Displacements.assign(3 * ncp, 0.0);
  for (std::size_t n = 0; n < pts.size(); n += 3)
  {
    double y[3];
    CM_CHECK(lat.Deform(&pts[n], y));
    CM_CHECK(y[0] == pts[n] && y[1] == pts[n + 1] && y[2] == pts[n + 2]);
  }

  // One control point moved: every point moves by B_i B_j B_k · d.
  const int ci = 2, cj = 1, ck = 3;
  const double d[3] = { 0.3, -0.7, 1.1 };
  for (int a = 0; a < 3; ++a)
  {
    lat.Displacements[3 * lat.Index(ci, cj, ck) + a] = d[a];
  }
  double maxErr = 0;
  for (std::size_t n = 0; n < pts.size(); n += 3)
  {
    const double s = (pts[n] + 1) / 2, t = (pts[n + 1] - 2) / 3, u = (pts[n + 2] - 0.5) / 1.5;
    const double w = B(3, ci, s) * B(2, cj, t) * B(4, ck, u);
    double y[3];
    lat.Deform(&pts[n], y);
    for (int a = 0; a < 3; ++a)
    {
      maxErr = std::max(maxErr, std::abs((y[a] - pts[n + a]) - w * d[a]));
    }
  }
  std::printf("single control point: max |move - B*d| = %.3g\n", maxErr);
  CM_CHECK(maxErr < 1e-14);

  // Uniform translation of the lattice translates the points.
  for (std::int64_t c = 0; c < ncp; ++c)
  {
    lat.Displacements[3 * c] = 0.25;
    lat.Displacements[3 * c + 1] = -3;
    lat.Displacements[3 * c + 2] = 7;
  }
  for (std::size_t n = 0; n < pts.size(); n += 3)
  {
    double y[3];
    lat.Deform(&pts[n], y);
    CM_NEAR(y[0], pts[n] + 0.25, 1e-13);
    CM_NEAR(y[1], pts[n + 1] - 3, 1e-13);
    CM_NEAR(y[2], pts[n + 2] + 7, 1e-13);
  }

  // Affine lattice motion P' = A P + b maps points by the same map.
  const double A[3][3] = { { 1.2, 0.3, 0 }, { -0.1, 0.9, 0.2 }, { 0.05, 0, 1.1 } };
  const double b[3] = { 0.1, 0.2, -0.3 };
  for (int k = 0; k < 5; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 4; ++i)
      {
        double p[3];
        lat.RestPosition(i, j, k, p);
        for (int a = 0; a < 3; ++a)
        {
          lat.Displacements[3 * lat.Index(i, j, k) + a] =
            A[a][0] * p[0] + A[a][1] * p[1] + A[a][2] * p[2] + b[a] - p[a];
        }
      }
  for (std::size_t n = 0; n < pts.size(); n += 3)
  {
    double y[3];
    lat.Deform(&pts[n], y);
    for (int a = 0; a < 3; ++a)
    {
      CM_NEAR(y[a], A[a][0] * pts[n] + A[a][1] * pts[n + 1] + A[a][2] * pts[n + 2] + b[a], 1e-12);
    }
  }

  // Outside the box: untouched.
  {
    const double x[3] = { 1.5, 3, 1 };
    double y[3];
    CM_CHECK(!lat.Deform(x, y));
    CM_CHECK(y[0] == x[0] && y[1] == x[1] && y[2] == x[2]);
  }

  // The chapter's 1-D quadratic: control points (0, 0), (½, h), (1, 0) in y.
  {
    FFDLattice q;
    q.Size[0] = 3;
    q.Size[1] = 2;
    q.Size[2] = 2;
    q.Displacements.assign(3 * q.NumberOfControlPoints(), 0.0);
    const double h = 0.8;
    for (int k = 0; k < 2; ++k)
      for (int j = 0; j < 2; ++j)
      {
        q.Displacements[3 * q.Index(1, j, k) + 1] = h;
      }
    for (int n = 0; n <= 20; ++n)
    {
      const double s = n / 20.0;
      const double x[3] = { s, 0.25, 0.5 };
      double y[3];
      q.Deform(x, y);
      CM_NEAR(y[0], s, 1e-15);
      CM_NEAR(y[1], 0.25 + 2 * s * (1 - s) * h, 1e-15); // (1-s)²·0 + 2s(1-s)h + s²·0
    }
  }

  // Refusals.
  {
    FFDLattice bad;
    bad.Size[1] = 1;
    CM_CHECK(bad.Validate().find("at least 2") != std::string::npos);
    bad.Size[1] = 65;
    CM_CHECK(!bad.Validate().empty());
    bad.Size[0] = bad.Size[1] = bad.Size[2] = 64;
    CM_CHECK(bad.Validate().find("262144") != std::string::npos); // states the projected size
    FFDLattice zero;
    zero.Length[2] = 0;
    CM_CHECK(!zero.Validate().empty());
    FFDLattice wrong;
    wrong.Displacements.assign(5, 0.0);
    CM_CHECK(!wrong.Validate().empty());
  }
  return cmReport("TestFFD");
}
