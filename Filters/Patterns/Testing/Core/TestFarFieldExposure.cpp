// SPDX-License-Identifier: BSD-3-Clause
// An antenna's far-field table placed in a scene (cmFarFieldExposure.h), worked by hand.
// Mounting: a downtilt t tips the boresight +x to (cos t, 0, −sin t); an azimuth α then
// turns it to (cos t cos α, cos t sin α, −sin t). Power density: an isotropic radiator
// of 100 W gives S = 100/(4π·5²) = 0.318310 W/m² at 5 m; the far-field compliance
// distance against S_L = 2 W/m² of a 63.1 (18 dBi) gain at 200 W is
// √(200·63.0957/(8π)) = 22.4076 m.
#include "cmCheck.h"
#include "cmFarFieldExposure.h"

#include <cmath>
#include <limits>
#include <vector>

using namespace cm::exposure;

namespace
{
const double D2R = 3.14159265358979323846 / 180.0;

/// A 5° grid of G(θ, φ) = 10 dBi·cos²(ψ) around +x (ψ from +x), −999.99 behind.
void Beam(std::vector<double>& th, std::vector<double>& ph, std::vector<double>& g)
{
  for (int j = 0; j < 72; ++j)
  {
    for (int i = 0; i <= 36; ++i)
    {
      const double t = 5.0 * i * D2R, p = 5.0 * j * D2R;
      const double c = std::sin(t) * std::cos(p); // cos ψ
      th.push_back(5.0 * i);
      ph.push_back(5.0 * j);
      g.push_back(c > 0 ? 10 * std::log10(10 * c * c + 1e-30) : -999.99);
    }
  }
}
} // namespace

int TestFarFieldExposure(int, char*[])
{
  double r[9];
  MountRotation(0, 0, r);
  for (int k = 0; k < 9; ++k)
  {
    CM_NEAR(r[k], k % 4 == 0 ? 1.0 : 0.0, 1e-15);
  }
  // Azimuth 30°, downtilt 10°: the boresight and the point (1, 0, 0) turned about (1, 2, 3).
  MountRotation(30, 10, r);
  const double bx = std::cos(10 * D2R) * std::cos(30 * D2R);
  const double by = std::cos(10 * D2R) * std::sin(30 * D2R), bz = -std::sin(10 * D2R);
  CM_NEAR(r[0], bx, 1e-15);
  CM_NEAR(r[3], by, 1e-15);
  CM_NEAR(r[6], bz, 1e-15);
  double p[3] = { 2, 2, 3 };
  const double c[3] = { 1, 2, 3 };
  RotateAbout(p, 1, c, r);
  CM_NEAR(p[0], 1 + bx, 1e-15);
  CM_NEAR(p[1], 2 + by, 1e-15);
  CM_NEAR(p[2], 3 + bz, 1e-15);
  // The horizontal axis (y) stays horizontal: downtilt turns about it.
  CM_NEAR(r[7], 0.0, 1e-15);

  // The beam's gain toward the turned boresight is its peak, 10; at 60° off it, 10/4.
  std::vector<double> th, ph, g;
  Beam(th, ph, g);
  GainGrid grid;
  CM_EQUAL(BuildGainGrid(th, ph, g, grid), std::string());
  CM_NEAR(grid.Peak, 10.0, 1e-9);
  const double bore[3] = { 3 * bx, 3 * by, 3 * bz };
  CM_NEAR(GainToward(grid, r, bore), 10.0, 1e-9);
  MountRotation(30, 0, r);
  const double off[3] = { std::cos(90 * D2R), std::sin(90 * D2R), 0 }; // 60° from 30°
  CM_NEAR(GainToward(grid, r, off), 2.5, 0.02);
  const double behind[3] = { -std::cos(30 * D2R), -std::sin(30 * D2R), 0 };
  CM_EQUAL(GainToward(grid, r, behind), 0.0);

  // Isotropic 0 dBi at 100 W: S at 5 m on the grid's points; the compliance distance.
  std::vector<double> it, ip, ig;
  for (int j = 0; j < 4; ++j)
  {
    for (int i = 0; i <= 2; ++i)
    {
      it.push_back(90.0 * i);
      ip.push_back(90.0 * j);
      ig.push_back(0.0);
    }
  }
  GainGrid iso;
  CM_EQUAL(BuildGainGrid(it, ip, ig, iso), std::string());
  const double o[3] = { 0, 0, 0 };
  const CubeGrid cube = MakeCube(o, 5, 3); // points at -5, 0, 5
  CM_NEAR(cube.Spacing, 5.0, 1e-15);
  const int extent[6] = { 2, 2, 1, 1, 1, 2 }; // (5, 0, 0) and (5, 0, 5)
  const std::vector<double> s = FarFieldPowerDensity(iso, r, o, 100, cube, extent);
  CM_EQUAL(s.size(), std::size_t(2));
  CM_NEAR(s[0], 0.318310, 1e-6);
  CM_NEAR(s[1], 0.318310 / 2, 1e-6);
  const int centre[6] = { 1, 1, 1, 1, 1, 1 }; // on the antenna: finite
  CM_CHECK(std::isfinite(FarFieldPowerDensity(iso, r, o, 100, cube, centre)[0]));
  CM_NEAR(FarFieldComplianceDistance(200, std::pow(10.0, 1.8), 2.0), 22.4076, 1e-4);
  CM_NEAR(PowerDensityLimit(std::numeric_limits<double>::quiet_NaN(), 27.7),
    27.7 * 27.7 / 376.730313668, 1e-12);

  // Refused: a missing sample; no field anywhere.
  it.pop_back();
  CM_CHECK(!BuildGainGrid(it, ip, ig, iso).empty());
  std::vector<double> none(g.size(), -999.99);
  CM_CHECK(!BuildGainGrid(th, ph, none, grid).empty());
  return cmReport("TestFarFieldExposure");
}
