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

#include <algorithm>
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

  // Every cell gets its band and that band's colour; 24 bands over [0.25, 0.75].
  spec = PatternBands(24, range, false, style);
  std::vector<unsigned char> band, rgb;
  const std::vector<double> cells = { 0.25, 0.5, 0.75, 0.26 };
  CM_CHECK(BandCells(cells, spec, cm::map::Palette(0), {}, band, rgb));
  CM_EQUAL(band.size(), std::size_t(4));
  CM_EQUAL(int(band[0]), 0);
  CM_EQUAL(int(band[1]), 12);
  CM_EQUAL(int(band[2]), 23);
  CM_EQUAL(int(band[3]), 0);
  CM_CHECK(rgb[0] == rgb[9] && rgb[1] == rgb[10] && rgb[2] == rgb[11]);
  CM_CHECK(rgb[0] != rgb[6] || rgb[1] != rgb[7] || rgb[2] != rgb[8]);
  double lo = 0, hi = 0;
  CellRange(s, lo, hi);
  CM_EQUAL(lo, *std::min_element(s.CellScaled.begin(), s.CellScaled.end()));
  CM_EQUAL(hi, *std::max_element(s.CellScaled.begin(), s.CellScaled.end()));

  // Labels: a circle's an eighth of the way round, a meridian's half way, one per
  // contour level (two lines at −3 dB share one label, the −10 dB line has its own).
  GridLines lines;
  const std::vector<double> xyz(3 * 16, 0.0);
  lines.AddLine(xyz.data(), 16, GridLineKind::CircleXZ, -3, "-3 dB");
  lines.AddLine(xyz.data(), 10, GridLineKind::PhiLine, 90, "90");
  lines.AddLine(xyz.data(), 4, GridLineKind::Contour, -3, "-3 dB");
  lines.AddLine(xyz.data(), 4, GridLineKind::Contour, -3, "-3 dB");
  lines.AddLine(xyz.data(), 4, GridLineKind::Contour, -10, "-10 dB");
  const std::vector<std::int64_t> at = GridLineLabelPoints(lines);
  CM_EQUAL(at, (std::vector<std::int64_t>{ 2, 16 + 5, 26, -1, 34 }));

  // The column checks, with the filter's messages.
  CM_EQUAL(CheckPatternColumns("", false, false, true, true, true, "Theta", "Phi"), std::string());
  CM_EQUAL(CheckPatternColumns("Gain", false, true, false, false, false, "Theta", "Phi"),
    std::string()); // an empty piece
  CM_EQUAL(CheckPatternColumns("Gain2", false, false, true, true, true, "Theta", "Phi"),
    std::string("Antenna Pattern Surface: the input has no numeric column 'Gain2'."));
  CM_EQUAL(CheckPatternColumns("", false, false, true, false, true, "Theta", "Az"),
    std::string("the input table needs numeric columns 'Theta', 'Az' and a value column "
                "(|E| or Gain by default)"));
  SphereGrid fromColumns;
  CM_EQUAL(
    PatternGridFromColumns({ 0, 90, 180 }, { 0, 0, 0 }, { 1, 2, 3 }, fromColumns), std::string());
  CM_EQUAL(MaximumValue(fromColumns), 3.0);
  CM_CHECK(!PatternGridFromColumns({ 0, 90 }, { 0, 0 }, { 1, NAN }, fromColumns).empty());
  CM_CHECK(fromColumns.Value.empty());
  CM_CHECK(std::isinf(MaximumValue(fromColumns)));
  return cmReport("TestPatternSurface");
}
