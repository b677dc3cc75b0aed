// SPDX-License-Identifier: BSD-3-Clause
// Free-form deformation against its definition: zero displacements are the
// identity (exactly), one moved control point moves every point by its
// Bernstein weight (written out independently here), a uniformly translated
// lattice translates exactly, an affinely moved lattice maps points by the
// same affine map (linear precision), the 1-D quadratic special case is the
// quadratic Bézier, points outside are untouched, bad lattices are refused.
#include "cmCheck.h"
#include "cmFFD.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

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
  {
    // The filter's lattice (BuildFFDLattice): a flat axis of the bounds gets
    // a unit extent centred on it; then each source of displacements.
    const double bounds[6] = { 0, 2, 1, 1, -1, 3 };
    FFDSettings s;
    s.Size[0] = s.Size[1] = s.Size[2] = 2;
    s.Bounds = bounds;
    FFDLattice l;
    CM_EQUAL(BuildFFDLattice(s, l), std::string());
    CM_EQUAL(l.Origin[1], 0.5);
    CM_EQUAL(l.Length[1], 1.0);
    CM_EQUAL(l.Length[2], 4.0);
    CM_CHECK(l.Displacements.empty());
    // Control points: each one 0.1 along x from its rest position.
    std::vector<double> controls(24);
    for (int c = 0; c < 8; ++c)
    {
      const int ijk[3] = { c % 2, (c / 2) % 2, c / 4 };
      for (int a = 0; a < 3; ++a)
      {
        controls[3 * c + a] = l.Origin[a] + l.Length[a] * ijk[a] + (a == 0 ? 0.1 : 0.0);
      }
    }
    s.Controls = controls.data();
    s.NumberOfControls = 5;
    CM_EQUAL(BuildFFDLattice(s, l),
      std::string("the control-point input has 5 points; the lattice needs 8"));
    s.NumberOfControls = 8;
    CM_EQUAL(BuildFFDLattice(s, l), std::string());
    for (int c = 0; c < 8; ++c)
    {
      CM_NEAR(l.Displacements[3 * c], 0.1, 1e-15);
      CM_EQUAL(l.Displacements[3 * c + 1], 0.0);
    }
    // Keys (rows: time, 24 displacements): linear from 0 at t = 0 to 1 at t = 2.
    s.Controls = nullptr;
    s.NumberOfControls = -1;
    s.DisplacementKeys.assign(50, 0.0);
    std::fill(s.DisplacementKeys.begin() + 26, s.DisplacementKeys.end(), 1.0);
    s.DisplacementKeys[25] = 2.0;
    s.KeyInterpolation = 1;
    s.Time = 0.5;
    CM_EQUAL(BuildFFDLattice(s, l), std::string());
    CM_EQUAL(l.Displacements, std::vector<double>(24, 0.25));
    double t0, t1;
    CM_CHECK(FFDKeyRange(s.Size, s.DisplacementKeys, t0, t1) && t0 == 0 && t1 == 2);
    s.DisplacementKeys.pop_back();
    CM_CHECK(!FFDKeyRange(s.Size, s.DisplacementKeys, t0, t1));
    CM_CHECK(BuildFFDLattice(s, l).rfind("DisplacementKeys: ", 0) == 0);
    // The GUI handle: control point 7 (1, 1, 1) moved to ControlPointPosition.
    s.DisplacementKeys.clear();
    s.Bounds = nullptr; // the unit box
    s.SelectedControlPoint = 7;
    s.ControlPointPosition[0] = 1.5;
    s.ControlPointPosition[1] = s.ControlPointPosition[2] = 1;
    CM_EQUAL(BuildFFDLattice(s, l), std::string());
    std::vector<double> expected(24, 0.0);
    expected[21] = 0.5;
    CM_EQUAL(l.Displacements, expected);
    s.SelectedControlPoint = 8;
    CM_EQUAL(BuildFFDLattice(s, l),
      std::string("SelectedControlPoint 8 is out of range: the lattice has 8 control points"));
    // Deforming many points is deforming each; the lattice drawn as
    // displaced control points joined along each axis.
    s.SelectedControlPoint = 7;
    s.Size[0] = 3;
    s.Displacements.assign(36, 0.0);
    CM_CHECK(BuildFFDLattice(s, l).empty());
    const std::vector<double> x = { 0.9, 0.9, 0.9, 0.2, 0.5, 0.1, 2, 0, 0 };
    std::vector<double> y(9);
    DeformPoints(l, x.data(), 3, y.data(), nullptr);
    for (int i = 0; i < 3; ++i)
    {
      double yi[3];
      l.Deform(&x[3 * i], yi);
      CM_CHECK(y[3 * i] == yi[0] && y[3 * i + 1] == yi[1] && y[3 * i + 2] == yi[2]);
    }
    CM_CHECK(y[0] > 0.9 && y[6] == 2); // moved inside, untouched outside
    std::vector<double> pts, disp;
    std::vector<std::int64_t> segments;
    LatticeGeometry(l, pts, disp, segments);
    CM_EQUAL(segments.size(), std::size_t(2 * (2 * 2 * 2 + 3 * 1 * 2 + 3 * 2 * 1)));
    CM_EQUAL(disp, l.Displacements);
    // Control point 7 is (1, 0, 1) of the 3 x 2 x 2 lattice, where the handle is.
    CM_CHECK(pts[3 * 7] == 1.5 && pts[3 * 7 + 1] == 1 && pts[3 * 7 + 2] == 1);
    CM_EQUAL(segments[0], std::int64_t(0));
    CM_EQUAL(segments[1], std::int64_t(1));
  }
  return cmReport("TestFFD");
}
