// SPDX-License-Identifier: BSD-3-Clause
#include "cmFarFieldExposure.h"

#include "cmConstants.h"
#include "cmExposureLimits.h"
#include "cmPatternMetrics.h"
#include "cmSphereGrid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cm::exposure
{
namespace
{
constexpr double D2R = RadiansPerDegree;
} // namespace

void MountRotation(double azimuthDeg, double downtiltDeg, double r[9])
{
  const double ca = std::cos(azimuthDeg * D2R), sa = std::sin(azimuthDeg * D2R);
  const double ct = std::cos(downtiltDeg * D2R), st = std::sin(downtiltDeg * D2R);
  // Rz(a) = [ca -sa 0; sa ca 0; 0 0 1], Ry(t) = [ct 0 st; 0 1 0; -st 0 ct]: Ry(t)·x is
  // (ct, 0, -st), the boresight tipped down by t.
  const double m[9] = { ca * ct, -sa, ca * st, sa * ct, ca, sa * st, -st, 0.0, ct };
  std::copy(m, m + 9, r);
}

void RotateAbout(double* xyz, std::int64_t n, const double c[3], const double r[9])
{
  for (std::int64_t k = 0; k < n; ++k)
  {
    double* p = xyz + 3 * k;
    const double d[3] = { p[0] - c[0], p[1] - c[1], p[2] - c[2] };
    for (int i = 0; i < 3; ++i)
    {
      p[i] = c[i] + r[3 * i] * d[0] + r[3 * i + 1] * d[1] + r[3 * i + 2] * d[2];
    }
  }
}

std::string BuildGainGrid(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& g, GainGrid& grid)
{
  auto same = [](double a, double b) { return std::abs(a - b) < 1e-6; };
  grid.Theta = th;
  grid.Phi = ph;
  for (auto* axis : { &grid.Theta, &grid.Phi })
  {
    std::sort(axis->begin(), axis->end());
    axis->erase(std::unique(axis->begin(), axis->end(), same), axis->end());
  }
  const std::size_t nt = grid.Theta.size(), np = grid.Phi.size();
  if (th.empty() || nt * np != th.size() || ph.size() != th.size() || g.size() != th.size())
  {
    std::ostringstream os;
    os << "the far-field samples do not form a complete theta/phi grid (" << nt << " x " << np
       << " != " << th.size() << ")";
    return os.str();
  }
  grid.Linear.assign(nt * np, 0.0);
  grid.Peak = 0;
  for (std::size_t k = 0; k < th.size(); ++k)
  {
    if (std::isnan(g[k]))
    {
      return "a Gain value is NaN";
    }
    const auto i = std::lower_bound(grid.Theta.begin(), grid.Theta.end(), th[k] - 1e-6);
    const auto j = std::lower_bound(grid.Phi.begin(), grid.Phi.end(), ph[k] - 1e-6);
    const double lin = g[k] > -300 ? std::pow(10.0, g[k] / 10.0) : 0.0; // −999.99: no field
    grid.Linear[(j - grid.Phi.begin()) * nt + (i - grid.Theta.begin())] = lin;
    grid.Peak = std::max(grid.Peak, lin);
  }
  return grid.Peak > 0 ? std::string() : "no far-field sample has a field (every Gain is -999.99)";
}

double GainToward(const GainGrid& grid, const double r[9], const double d[3])
{
  // The pattern's own direction is Rᵀ·d.
  const double u[3] = { r[0] * d[0] + r[3] * d[1] + r[6] * d[2],
    r[1] * d[0] + r[4] * d[1] + r[7] * d[2], r[2] * d[0] + r[5] * d[1] + r[8] * d[2] };
  const double len = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  if (!(len > 0))
  {
    return grid.Peak;
  }
  const double unit[3] = { u[0] / len, u[1] / len, u[2] / len };
  double theta, phi;
  const bool nonNegative = !grid.Phi.empty() && grid.Phi.front() >= 0;
  cm::pattern::DirectionAngles(unit, nonNegative, theta, phi);
  return std::max(0.0, cm::pattern::SamplePattern(grid.Theta, grid.Phi, grid.Linear, theta, phi));
}

double FarFieldComplianceDistance(double power, double gain, double sLimit)
{
  return std::sqrt(power * gain / (4 * Pi * sLimit));
}

double PowerDensityLimit(double s, double e)
{
  if (!std::isnan(s) && s > 0)
  {
    return s;
  }
  return !std::isnan(e) && e > 0 ? e * e / FreeSpaceImpedance
                                 : std::numeric_limits<double>::quiet_NaN();
}

CubeGrid MakeCube(const double center[3], double halfWidth, int n)
{
  CubeGrid c;
  c.N = std::max(n, 2);
  c.Spacing = 2 * halfWidth / (c.N - 1);
  for (int i = 0; i < 3; ++i)
  {
    c.Origin[i] = center[i] - halfWidth;
  }
  return c;
}

std::vector<double> FarFieldPowerDensity(const GainGrid& grid, const double r[9], const double c[3],
  double power, const CubeGrid& cube, const int e[6])
{
  const std::int64_t ni = e[1] - e[0] + 1, nj = e[3] - e[2] + 1, nk = e[5] - e[4] + 1;
  std::vector<double> s(static_cast<std::size_t>(std::max<std::int64_t>(0, ni * nj * nk)));
  const double floor2 = std::pow(1e-3 * cube.Spacing, 2);
  std::size_t at = 0;
  for (std::int64_t k = 0; k < nk; ++k)
  {
    for (std::int64_t j = 0; j < nj; ++j)
    {
      for (std::int64_t i = 0; i < ni; ++i, ++at)
      {
        const double d[3] = { cube.Origin[0] + (e[0] + i) * cube.Spacing - c[0],
          cube.Origin[1] + (e[2] + j) * cube.Spacing - c[1],
          cube.Origin[2] + (e[4] + k) * cube.Spacing - c[2] };
        const double r2 = std::max(d[0] * d[0] + d[1] * d[1] + d[2] * d[2], floor2);
        s[at] = power * GainToward(grid, r, d) / (4 * Pi * r2);
      }
    }
  }
  return s;
}
} // namespace cm::exposure
