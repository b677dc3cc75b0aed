// SPDX-License-Identifier: BSD-3-Clause
// Sphere meshing and radius mapping: cell counts and shapes for full, wrapped
// (with and without the closing 360° column), partial and polar grids;
// refusal of incomplete grids; the radius formulas at known points
// (−6.0206 dB is half the field; the floor maps to the centre).
#include "cmCheck.h"
#include "cmSphereGrid.h"

#include <string>
#include <vector>

using namespace cm::pattern;

namespace
{
SphereGrid Make(double t0, double t1, double dt, double p0, double p1, double dp, bool& ok)
{
  std::vector<double> th, ph, v;
  for (double p = p0; p <= p1 + 1e-9; p += dp)
    for (double t = t0; t <= t1 + 1e-9; t += dt)
    {
      th.push_back(t);
      ph.push_back(p);
      v.push_back(1.0);
    }
  SphereGrid g;
  std::string err;
  ok = BuildSphereGrid(th.data(), ph.data(), v.data(), static_cast<std::int64_t>(v.size()), g, err);
  return g;
}
int Count(const SphereGrid& g, int size)
{
  int n = 0;
  for (std::size_t e = 0; e + 1 < g.Offsets.size(); ++e)
    n += (g.Offsets[e + 1] - g.Offsets[e]) == size;
  return n;
}
} // namespace

int TestSphereGrid(int, char*[])
{
  bool ok;
  // Full sphere with the closing column: 36 x 72 elements, triangles at both poles.
  SphereGrid a = Make(0, 180, 5, 0, 360, 5, ok);
  CM_CHECK(ok && a.WrapsPhi && a.Phi.size() == 72);
  CM_CHECK(Count(a, 3) == 144 && Count(a, 4) == 34 * 72);
  CM_CHECK(a.Value.size() == 35 * 72 + 2);
  // Full sphere without the closing column: the same mesh.
  SphereGrid b = Make(0, 180, 5, 0, 355, 5, ok);
  CM_CHECK(ok && b.WrapsPhi && Count(b, 3) == 144 && Count(b, 4) == 34 * 72);
  // Phi from -180: wraps too.
  SphereGrid c = Make(0, 180, 10, -180, 170, 10, ok);
  CM_CHECK(ok && c.WrapsPhi && Count(c, 4) == 16 * 36);
  // Partial range: no wrap, no poles.
  SphereGrid d = Make(30, 90, 10, 0, 90, 10, ok);
  CM_CHECK(ok && !d.WrapsPhi && Count(d, 4) == 6 * 9 && Count(d, 3) == 0);
  // Single cut.
  SphereGrid e = Make(0, 180, 5, 0, 0, 5, ok);
  CM_CHECK(ok && e.IsCut && e.Value.size() == 37);
  // Outward orientation: (b - a) x (d - a) . centre direction > 0 for every quad.
  int inward = 0;
  for (std::size_t k = 0; k + 1 < a.Offsets.size(); ++k)
  {
    const auto* ids = &a.Connectivity[a.Offsets[k]];
    const int n = int(a.Offsets[k + 1] - a.Offsets[k]);
    const double* p0 = &a.Direction[3 * ids[0]];
    const double* p1 = &a.Direction[3 * ids[1]];
    const double* p2 = &a.Direction[3 * ids[n - 1]];
    const double u[3] = { p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2] };
    const double w[3] = { p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2] };
    const double nrm[3] = { u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2],
      u[0] * w[1] - u[1] * w[0] };
    double cen[3] = { 0, 0, 0 };
    for (int j = 0; j < n; ++j)
      for (int q = 0; q < 3; ++q)
        cen[q] += a.Direction[3 * ids[j] + q] / n;
    inward += nrm[0] * cen[0] + nrm[1] * cen[1] + nrm[2] * cen[2] <= 0;
  }
  CM_CHECK(inward == 0);

  // Incomplete and invalid grids are refused.
  {
    std::vector<double> th = { 0, 10, 0 }, ph = { 0, 0, 10 }, v = { 1, 1, 1 };
    SphereGrid g;
    std::string err;
    CM_CHECK(!BuildSphereGrid(th.data(), ph.data(), v.data(), 3, g, err));
    CM_CHECK(err.find("complete theta/phi grid") != std::string::npos);
    std::vector<double> bad = { 0, 200, 0, 200 }, p4 = { 0, 0, 10, 10 }, v4 = { 1, 1, 1, 1 };
    CM_CHECK(!BuildSphereGrid(bad.data(), p4.data(), v4.data(), 4, g, err));
    std::vector<double> dup = { 0, 0 }, pd = { 5, 5 }, vd = { 1, 2 };
    CM_CHECK(!BuildSphereGrid(dup.data(), pd.data(), vd.data(), 2, g, err));
  }

  // Radius mapping.
  CM_NEAR(FieldRatio(0.5, 2.0, PatternValueKind::FieldMagnitude), 0.25, 1e-15);
  CM_NEAR(FieldRatio(1.0, 4.0, PatternValueKind::Power), 0.5, 1e-15);
  CM_NEAR(FieldRatio(2.15 - 20 * std::log10(2.0), 2.15, PatternValueKind::Decibels), 0.5, 1e-12);
  CM_NEAR(FieldRatio(-999.99, 2.15, PatternValueKind::Decibels), 0.0, 0);
  CM_NEAR(RadiusFraction(1.0, PatternScale::LinearField, 30), 1.0, 0);
  CM_NEAR(RadiusFraction(0.5, PatternScale::Power, 30), 0.25, 1e-15);
  CM_NEAR(RadiusFraction(0.5, PatternScale::Decibels, 30), 1 - 20 * std::log10(2.0) / 30, 1e-12);
  CM_NEAR(RadiusFraction(1e-3, PatternScale::Decibels, 30), 0.0, 0); // -60 dB, below the floor
  CM_NEAR(RadiusFraction(0.0, PatternScale::Decibels, 30), 0.0, 0);
  CM_NEAR(ScaledQuantity(0.0, PatternScale::Decibels, 30), -30.0, 0);
  // ARRL log-periodic scale: 0.89 per 2 dB (published radii 0.84 at -3 dB,
  // 0.56 at -10 dB, 0.31 at -20 dB).
  auto arrl = [](double db) {
    return RadiusFraction(std::pow(10.0, db / 20.0), PatternScale::ARRL, 40);
  };
  CM_NEAR(arrl(0), 1.0, 1e-15);
  CM_NEAR(arrl(-2), 0.89, 1e-12);
  CM_NEAR(arrl(-3), 0.84, 0.005);
  CM_NEAR(arrl(-10), 0.56, 0.005);
  CM_NEAR(arrl(-20), 0.31, 0.005);
  CM_NEAR(arrl(-50), 0.0, 0); // below the 40 dB range
  // Absolute dB against a fixed reference L = 5 dBi, 30 dB deep: a 2.15 dBi
  // peak sits at 1 + (2.15 - 5)/30, -25 dBi at 0 (the floor), 8 dBi beyond 1;
  // NEC's -999.99 and a zero field go to the floor and draw the floor value.
  auto absr = [](double g, PatternValueKind k, double v) {
    return RadiusFraction(
      FieldRatio(v, LevelAsValue(5.0, k), k, false), PatternScale::AbsoluteDecibels, 30);
  };
  CM_NEAR(absr(2.15, PatternValueKind::Decibels, 2.15), 1 + (2.15 - 5) / 30, 1e-12);
  CM_NEAR(absr(8, PatternValueKind::Decibels, 8), 1.1, 1e-12);
  CM_NEAR(absr(-25, PatternValueKind::Decibels, -25), 0.0, 1e-12);
  CM_NEAR(absr(0, PatternValueKind::Decibels, -999.99), 0.0, 0);
  CM_NEAR(absr(0, PatternValueKind::FieldMagnitude, 0.0), 0.0, 0);
  CM_NEAR(absr(2.15, PatternValueKind::Power, std::pow(10.0, 0.215)), 1 + (2.15 - 5) / 30, 1e-12);
  CM_NEAR(absr(2.15, PatternValueKind::FieldMagnitude, std::pow(10.0, 2.15 / 20)),
    1 + (2.15 - 5) / 30, 1e-12);
  CM_NEAR(ScaledQuantity(0.0, PatternScale::AbsoluteDecibels, 30, 5.0), -25.0, 0);
  CM_NEAR(ScaledQuantity(std::pow(10.0, -2.85 / 20), PatternScale::AbsoluteDecibels, 30, 5.0), 2.15,
    1e-12);
  CM_NEAR(FieldRatio(-999.99, -999.99, PatternValueKind::Decibels), 0.0, 0); // an all-null step
  // DirectionAngles inverts SphericalDirection (θ in [0, 180]; φ in
  // (-180, 180], or [0, 360) when asked), and the poles and axes are exact.
  for (double th : { 0.0, 30.0, 90.0, 135.0, 180.0 })
  {
    for (double ph : { -150.0, -90.0, 0.0, 45.0, 180.0 })
    {
      double dir[3], t, f;
      SphericalDirection(th, ph, dir);
      DirectionAngles(dir, false, t, f);
      CM_NEAR(t, th, 1e-12);
      if (th > 0 && th < 180)
      {
        CM_NEAR(f, ph, 1e-12);
        DirectionAngles(dir, true, t, f);
        CM_NEAR(f, ph < 0 ? ph + 360 : ph, 1e-12);
      }
    }
  }
  double up[3] = { 0, 0, 1 }, y[3] = { 0, -1, 0 }, t, f;
  DirectionAngles(up, false, t, f);
  CM_CHECK(t == 0 && f == 0);
  DirectionAngles(y, true, t, f);
  CM_NEAR(t, 90.0, 1e-12);
  CM_NEAR(f, 270.0, 1e-12);
  // The fixed band ranges: [0, 1] for a ratio or power, [L - floor, L]
  // absolute, [-floor, 0] for the relative dB scales.
  double lo, hi;
  FixedBandRange(PatternScale::LinearField, 30, 5, lo, hi);
  CM_CHECK(lo == 0 && hi == 1);
  FixedBandRange(PatternScale::Power, 30, 5, lo, hi);
  CM_CHECK(lo == 0 && hi == 1);
  FixedBandRange(PatternScale::AbsoluteDecibels, 30, 5, lo, hi);
  CM_CHECK(lo == -25 && hi == 5);
  FixedBandRange(PatternScale::Decibels, 30, 5, lo, hi);
  CM_CHECK(lo == -30 && hi == 0);
  FixedBandRange(PatternScale::ARRL, 40, 5, lo, hi);
  CM_CHECK(lo == -40 && hi == 0);
  return cmReport("TestSphereGrid");
}
