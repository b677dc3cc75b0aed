// SPDX-License-Identifier: BSD-3-Clause
#include "cmSphereGrid.h"

#include "cmConstants.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace cm::pattern
{
namespace
{
constexpr double AngleTol = 1e-6; // degrees: tables print a few decimals at most

// Distinct values, ascending, merging those closer than the tolerance.
std::vector<double> Distinct(const double* v, std::int64_t n)
{
  std::vector<double> s(v, v + n);
  std::sort(s.begin(), s.end());
  std::vector<double> out;
  for (double x : s)
  {
    if (out.empty() || x - out.back() > AngleTol)
    {
      out.push_back(x);
    }
  }
  return out;
}

std::int64_t IndexOf(const std::vector<double>& axis, double x)
{
  auto it = std::lower_bound(axis.begin(), axis.end(), x - AngleTol);
  if (it != axis.end() && std::abs(*it - x) <= AngleTol)
  {
    return it - axis.begin();
  }
  return -1;
}
/// "" when every sample has finite angles, theta in [0, 180] and a value that is not
/// NaN; else why not (the first such sample).
std::string CheckSamples(
  const double* theta, const double* phi, const double* value, std::int64_t n)
{
  for (std::int64_t i = 0; i < n; ++i)
  {
    if (!std::isfinite(theta[i]) || !std::isfinite(phi[i]))
    {
      return "sample " + std::to_string(i) + " has a non-finite angle";
    }
    if (theta[i] < -AngleTol || theta[i] > 180 + AngleTol)
    {
      return "sample " + std::to_string(i) + " has theta = " + std::to_string(theta[i]) +
        " degrees, outside [0, 180]";
    }
    if (std::isnan(value[i]))
    {
      return "sample " + std::to_string(i) + " has a NaN value";
    }
  }
  return std::string();
}

/// The value per (theta index, phi index) cell of the axes `ths` x `phs`; false with
/// `error` unless every cell has exactly one sample.
bool GridValues(const double* theta, const double* phi, const double* value, std::int64_t n,
  const std::vector<double>& ths, const std::vector<double>& phs, std::vector<double>& grid,
  std::string& error)
{
  const std::int64_t nt = ths.size(), np = phs.size();
  if (nt * np != n)
  {
    error = "the samples do not form a complete theta/phi grid: " + std::to_string(nt) +
      " theta values x " + std::to_string(np) + " phi values = " + std::to_string(nt * np) +
      " expected samples, but the table has " + std::to_string(n);
    return false;
  }
  // Sample (θ index, φ index) → value; every cell exactly once.
  grid.assign(n, 0.0);
  std::vector<char> seen(n, 0);
  for (std::int64_t i = 0; i < n; ++i)
  {
    const std::int64_t a = IndexOf(ths, theta[i]), b = IndexOf(phs, phi[i]);
    const std::int64_t k = a * np + b;
    if (seen[k])
    {
      error = "duplicate sample at theta = " + std::to_string(theta[i]) +
        ", phi = " + std::to_string(phi[i]);
      return false;
    }
    seen[k] = 1;
    grid[k] = value[i];
  }
  return true;
}

/// φ wrap-around: a repeated closing column (span 360) or a uniform full circle. Returns
/// the number of φ columns kept (the 360° column dropped).
std::int64_t WrapPhi(const std::vector<double>& phs, bool& wraps)
{
  const std::int64_t np = phs.size();
  std::int64_t npKeep = np;
  if (np >= 2 && std::abs(phs.back() - phs.front() - 360.0) <= 1e-4)
  {
    npKeep = np - 1; // the 360° column repeats the 0° one
    wraps = true;
  }
  else if (np >= 3)
  {
    const double step = (phs.back() - phs.front()) / (np - 1);
    bool uniform = true;
    for (std::int64_t j = 1; j < np; ++j)
    {
      uniform = uniform && std::abs(phs[j] - phs[j - 1] - step) <= 1e-4;
    }
    wraps = uniform && std::abs(phs.back() - phs.front() + step - 360.0) <= 1e-4;
  }
  return npKeep;
}

std::int64_t AddVertex(SphereGrid& g, double t, double p, double v)
{
  double d[3];
  SphericalDirection(t, p, d);
  g.Direction.insert(g.Direction.end(), d, d + 3);
  g.VertexTheta.push_back(t);
  g.VertexPhi.push_back(p);
  g.Value.push_back(v);
  return static_cast<std::int64_t>(g.Value.size()) - 1;
}

/// The vertices of a grid of several rows and columns: ids per (θ row, φ column) in
/// `vid`; a pole row is one vertex with the row mean (`pole` marks those rows).
void AddGridVertices(SphereGrid& g, const std::vector<double>& grid, std::int64_t np,
  std::int64_t npKeep, std::vector<std::int64_t>& vid, std::vector<char>& pole)
{
  const std::vector<double>& ths = g.Theta;
  const std::int64_t nt = ths.size();
  vid.assign(nt * npKeep, 0);
  pole.assign(nt, 0);
  for (std::int64_t i = 0; i < nt; ++i)
  {
    pole[i] = ths[i] <= AngleTol || ths[i] >= 180.0 - AngleTol;
    if (pole[i])
    {
      double mean = 0;
      for (std::int64_t j = 0; j < npKeep; ++j)
        mean += grid[i * np + j];
      const std::int64_t v = AddVertex(g, ths[i], 0.0, mean / npKeep);
      for (std::int64_t j = 0; j < npKeep; ++j)
        vid[i * npKeep + j] = v;
      continue;
    }
    for (std::int64_t j = 0; j < npKeep; ++j)
      vid[i * npKeep + j] = AddVertex(g, ths[i], g.Phi[j], grid[i * np + j]);
  }
}

/// The cells between rows: quads, triangles where a row is a pole.
void AddGridCells(SphereGrid& g, std::int64_t npKeep, const std::vector<std::int64_t>& vid,
  const std::vector<char>& pole)
{
  const std::int64_t nt = g.Theta.size();
  const std::int64_t ncol = g.WrapsPhi ? npKeep : npKeep - 1;
  for (std::int64_t i = 0; i + 1 < nt; ++i)
  {
    for (std::int64_t j = 0; j < ncol; ++j)
    {
      const std::int64_t j1 = (j + 1) % npKeep;
      const std::int64_t a = vid[i * npKeep + j], b = vid[(i + 1) * npKeep + j],
                         c = vid[(i + 1) * npKeep + j1], d = vid[i * npKeep + j1];
      if (pole[i] && pole[i + 1])
      {
        continue; // both rows are poles: no area between them
      }
      if (pole[i])
      {
        g.Connectivity.insert(g.Connectivity.end(), { a, b, c });
      }
      else if (pole[i + 1])
      {
        g.Connectivity.insert(g.Connectivity.end(), { a, b, d });
      }
      else
      {
        g.Connectivity.insert(g.Connectivity.end(), { a, b, c, d });
      }
      g.Offsets.push_back(static_cast<long long>(g.Connectivity.size()));
    }
  }
}
} // namespace

void SphericalDirection(double thetaDeg, double phiDeg, double dir[3])
{
  const double t = thetaDeg * Pi / 180.0, p = phiDeg * Pi / 180.0;
  dir[0] = std::sin(t) * std::cos(p);
  dir[1] = std::sin(t) * std::sin(p);
  dir[2] = std::cos(t);
}

bool BuildSphereGrid(const double* theta, const double* phi, const double* value, std::int64_t n,
  SphereGrid& g, std::string& error)
{
  g = SphereGrid();
  if (n <= 0)
  {
    error = "the pattern table has no samples";
    return false;
  }
  const std::string bad = CheckSamples(theta, phi, value, n);
  if (!bad.empty())
  {
    error = bad;
    return false;
  }
  std::vector<double> ths = Distinct(theta, n), phs = Distinct(phi, n);
  std::vector<double> grid;
  if (!GridValues(theta, phi, value, n, ths, phs, grid, error))
  {
    return false;
  }
  const std::int64_t nt = ths.size(), np = phs.size();
  const std::int64_t npKeep = WrapPhi(phs, g.WrapsPhi);
  g.Theta = ths;
  g.Phi.assign(phs.begin(), phs.begin() + npKeep);

  // A single cut: one polyline through the samples in order.
  if (nt == 1 || np == 1)
  {
    g.IsCut = true;
    for (std::int64_t i = 0; i < nt; ++i)
      for (std::int64_t j = 0; j < npKeep; ++j)
        AddVertex(g, ths[i], phs[j], grid[i * np + j]);
    return true;
  }
  std::vector<std::int64_t> vid;
  std::vector<char> pole;
  AddGridVertices(g, grid, np, npKeep, vid, pole);
  AddGridCells(g, npKeep, vid, pole);
  return true;
}

double FieldRatio(double value, double maxValue, PatternValueKind kind, bool clampToOne)
{
  const double top = clampToOne ? 1.0 : std::numeric_limits<double>::infinity();
  switch (kind)
  {
    case PatternValueKind::Decibels:
      // −999.99 dB is NEC's "no field"; anything at or below −300 dB is zero,
      // and so is a reference that is itself "no field" (an all-null step).
      if (!(value > -300.0) || !(maxValue > -300.0) || !std::isfinite(maxValue))
      {
        return 0.0;
      }
      return std::min(top, std::pow(10.0, (value - maxValue) / 20.0));
    case PatternValueKind::Power:
      return maxValue > 0 && value > 0 ? std::min(top, std::sqrt(value / maxValue)) : 0.0;
    case PatternValueKind::FieldMagnitude:
    default: return maxValue > 0 && value > 0 ? std::min(top, value / maxValue) : 0.0;
  }
}

double LevelAsValue(double levelDb, PatternValueKind kind)
{
  switch (kind)
  {
    case PatternValueKind::Decibels: return levelDb;
    case PatternValueKind::Power: return std::pow(10.0, levelDb / 10.0);
    case PatternValueKind::FieldMagnitude:
    default: return std::pow(10.0, levelDb / 20.0);
  }
}

double ScaledQuantity(double a, PatternScale scale, double floorDb, double referenceDb)
{
  switch (scale)
  {
    case PatternScale::AbsoluteDecibels:
      return referenceDb + (a > 0 ? std::max(-floorDb, 20.0 * std::log10(a)) : -floorDb);
    case PatternScale::Power: return a * a;
    case PatternScale::Decibels:
    case PatternScale::ARRL: return a > 0 ? std::max(-floorDb, 20.0 * std::log10(a)) : -floorDb;
    case PatternScale::LinearField:
    default: return a;
  }
}

double RadiusFraction(double a, PatternScale scale, double floorDb)
{
  if (scale == PatternScale::ARRL)
  {
    // Each 2 dB below the peak shrinks the radius by 0.89 (the ARRL plot);
    // the dynamic range still caps the depth.
    return a > 0 && 20.0 * std::log10(a) > -floorDb ? std::pow(0.89, -10.0 * std::log10(a)) : 0.0;
  }
  if (scale == PatternScale::AbsoluteDecibels)
  {
    // Not clamped at the top: a gain above the fixed reference shows as such.
    return a > 0 && floorDb > 0 ? std::max(0.0, 1.0 + 20.0 * std::log10(a) / floorDb) : 0.0;
  }
  if (scale == PatternScale::Decibels)
  {
    return floorDb > 0 ? 1.0 + ScaledQuantity(a, scale, floorDb) / floorDb : (a >= 1 ? 1.0 : 0.0);
  }
  return ScaledQuantity(a, scale, floorDb);
}

void DirectionAngles(const double dir[3], bool nonNegativePhi, double& thetaDeg, double& phiDeg)
{
  thetaDeg = std::acos(std::clamp(dir[2], -1.0, 1.0)) * 180.0 / cm::Pi;
  phiDeg = std::atan2(dir[1], dir[0]) * 180.0 / cm::Pi;
  if (nonNegativePhi && phiDeg < 0)
  {
    phiDeg += 360.0;
  }
}

void FixedBandRange(PatternScale scale, double floorDb, double referenceDb, double& lo, double& hi)
{
  switch (scale)
  {
    case PatternScale::LinearField:
    case PatternScale::Power:
      lo = 0.0;
      hi = 1.0;
      break;
    case PatternScale::AbsoluteDecibels:
      lo = referenceDb - floorDb;
      hi = referenceDb;
      break;
    default:
      lo = -floorDb;
      hi = 0.0;
      break;
  }
}

} // namespace cm::pattern
