// SPDX-License-Identifier: BSD-3-Clause
// The pattern surface builder on a full sphere grid (10° steps) of the
// pattern |E| = sin θ, drawn on the linear-field scale with radius 2 about
// (1, 2, 3). Oracles: every sample point lies at centre + 2 · |E| / max in
// its own direction, with its own θ and φ; a refined point lies on the ray of
// its (unit) direction at the radius of its interpolated value; the counts
// are those of RefinedSize; a cut is drawn as segments valued at their mean;
// and the bands use the scale's fixed range when asked.
#include "cmCheck.h"
#include "cmPatternSurface.h"

#include <cmath>
#include <vector>

using namespace cm::pattern;

namespace
{
constexpr double Deg = 3.14159265358979323846 / 180.0;

SphereGrid Make(double dtheta, double dphi, double phiEnd)
{
  std::vector<double> th, ph, v;
  for (double p = 0; p <= phiEnd + 1e-9; p += dphi)
    for (double t = 0; t <= 180 + 1e-9; t += dtheta)
    {
      th.push_back(t);
      ph.push_back(p);
      v.push_back(std::sin(t * Deg));
    }
  SphereGrid g;
  std::string err;
  CM_CHECK_MSG(
    BuildSphereGrid(th.data(), ph.data(), v.data(), std::int64_t(v.size()), g, err), err);
  return g;
}

double Dist(const double* x, const double* c)
{
  return std::sqrt(
    (x[0] - c[0]) * (x[0] - c[0]) + (x[1] - c[1]) * (x[1] - c[1]) + (x[2] - c[2]) * (x[2] - c[2]));
}
} // namespace

int TestPatternSurface(int, char*[])
{
  PatternStyle style;
  style.RefValue = 1.0; // the maximum of sin θ
  style.Radius = 2.0;
  style.Center[0] = 1;
  style.Center[1] = 2;
  style.Center[2] = 3;
  const SphereGrid grid = Make(10, 10, 350);
  for (int level = 0; level <= 2; ++level)
  {
    RefinedSphereGrid refined;
    CM_CHECK(RefineSphereGrid(grid, level, {}, {}, {}, refined));
    PatternSurface s;
    int events = 0;
    CM_CHECK(BuildPatternSurface(
      grid, refined, level, style,
      [&](double f) {
        CM_CHECK(f >= 0.3 && f <= 0.8);
        ++events;
        return false;
      },
      s));
    CM_CHECK(events > 0);
    CM_CHECK(!s.Lines);
    CM_EQUAL(s.NumberOfCells(), refined.Plan.NumberOfCells());
    CM_EQUAL(std::int64_t(s.CellScaled.size()), s.NumberOfCells());
    CM_EQUAL(std::int64_t(s.Points.size()), 3 * s.NumberOfPoints());
    for (std::int64_t p = 0; p < s.NumberOfPoints(); ++p)
    {
      // Radius-mapped: the distance from the centre is 2 · value (linear field).
      CM_NEAR(Dist(&s.Points[3 * p], style.Center), 2.0 * s.Value[p], 1e-12);
      CM_NEAR(s.Scaled[p], s.Value[p], 1e-15);
      if (level == 0)
      {
        CM_NEAR(s.Value[p], std::sin(s.Theta[p] * Deg), 1e-12);
      }
      CM_CHECK(s.Theta[p] >= 0 && s.Theta[p] <= 180 && s.Phi[p] >= 0 && s.Phi[p] < 360);
    }
  }
  // A stop request ends the build.
  RefinedSphereGrid refined;
  CM_CHECK(RefineSphereGrid(grid, 1, {}, {}, {}, refined));
  PatternSurface s;
  CM_CHECK(!BuildPatternSurface(
    grid, refined, 1, style, [](double) { return true; }, s));
  CM_CHECK(!RefineSphereGrid(
    grid, 1, {}, {}, [] { return true; }, refined));

  // A single cut (φ = 0 only): segments valued at the mean of their ends.
  const SphereGrid cut = Make(10, 10, 0);
  CM_CHECK(cut.IsCut);
  CM_CHECK(RefineSphereGrid(cut, 0, {}, {}, {}, refined));
  CM_CHECK(BuildPatternSurface(cut, refined, 0, style, {}, s));
  CM_CHECK(s.Lines);
  CM_EQUAL(s.NumberOfCells(), s.NumberOfPoints() - 1);
  CM_NEAR(s.CellScaled[0], 0.5 * (s.Value[0] + s.Value[1]), 1e-15);

  // Bands: the finite range, or the fixed range of the scale.
  const double range[2] = { 0.25, 0.75 };
  auto spec = PatternBands(24, range, false, style);
  CM_EQUAL(spec.N, 24);
  CM_EQUAL(spec.Min, 0.25);
  CM_EQUAL(spec.Max, 0.75);
  spec = PatternBands(24, range, true, style);
  CM_EQUAL(spec.Min, 0.0);
  CM_EQUAL(spec.Max, 1.0);
  const double none[2] = { INFINITY, -INFINITY };
  spec = PatternBands(8, none, false, style);
  CM_EQUAL(spec.Min, 0.0);
  CM_EQUAL(spec.Max, 1.0);
  CM_EQUAL(GuessValueKind(-1, "Gain (dBi)"), PatternValueKind::Decibels);
  CM_EQUAL(GuessValueKind(-1, "|E|"), PatternValueKind::FieldMagnitude);
  return cmReport("TestPatternSurface");
}
