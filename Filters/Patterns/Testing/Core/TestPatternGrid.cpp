// SPDX-License-Identifier: BSD-3-Clause
// The pattern grid: every level circle's radius against the scale formulas
// written out here independently (linear 10^(L/20), power 10^(L/10), dB
// 1 + L/D, ARRL 0.89^(−L/2), absolute 1 + (L − ref)/D), the ARRL radii at 0,
// −3, −10 and −20 dB against the published scale (1.00, 0.84, 0.56, 0.31),
// circles lying in their planes, graticule counts and radii, labels, and
// contours of a linear field exactly on its iso-plane.
#include "cmCheck.h"
#include "cmPatternGrid.h"

#include <cmath>
#include <string>
#include <vector>

using namespace cm::pattern;

int TestPatternGrid(int, char*[])
{
  const double R = 2.5, C[3] = { 1.0, -2.0, 0.5 }, D = 30.0, ref = 5.0;
  const double levels[] = { 0, -3, -10, -20, -29 };
  auto oracle = [&](PatternScale s, double L) {
    switch (s)
    {
      case PatternScale::LinearField: return std::pow(10.0, L / 20);
      case PatternScale::Power: return std::pow(10.0, L / 10);
      case PatternScale::Decibels: return 1 + L / D;
      case PatternScale::ARRL: return std::pow(0.89, -L / 2);
      default: return 1 + (L - ref) / D;
    }
  };
  for (int si = 0; si <= 4; ++si)
  {
    const auto s = static_cast<PatternScale>(si);
    for (double L0 : levels)
    {
      const double L = s == PatternScale::AbsoluteDecibels ? L0 + ref : L0;
      CM_CHECK(LevelDrawable(L, s, D, ref));
      const double frac = LevelRadiusFraction(L, s, D, ref);
      CM_NEAR(frac, oracle(s, L), 1e-12);
      GridLines g;
      AddLevelCircles(g, C, R * frac, L, LevelLabel(L, s), 72);
      CM_CHECK(g.NumberOfLines() == 3);
      double worst = 0;
      for (std::int64_t p = 0; p < g.Offsets.back(); ++p)
      {
        const double* x = &g.Points[3 * p];
        worst = std::max(
          worst, std::abs(std::hypot(x[0] - C[0], x[1] - C[1], x[2] - C[2]) - R * oracle(s, L)));
      }
      CM_NEAR(worst, 0.0, 1e-12);
      // Each circle lies in its plane through the centre: xz (y = Cy), yz, xy.
      for (int line = 0; line < 3; ++line)
      {
        const int fixed = line == 0 ? 1 : (line == 1 ? 0 : 2);
        for (std::int64_t p = g.Offsets[line]; p < g.Offsets[line + 1]; ++p)
          CM_NEAR(g.Points[3 * p + fixed], C[fixed], 1e-15);
        CM_CHECK(g.Offsets[line + 1] - g.Offsets[line] == 73); // closed: first point repeated
        CM_CHECK(g.Level[line] == L);
      }
    }
  }
  // Below the floor there is no circle; the floor itself is the centre.
  CM_CHECK(!LevelDrawable(-30, PatternScale::Decibels, D, 0));
  CM_CHECK(!LevelDrawable(-40, PatternScale::ARRL, D, 0));
  CM_CHECK(!LevelDrawable(-25.5, PatternScale::AbsoluteDecibels, D, ref));
  CM_CHECK(LevelDrawable(8, PatternScale::AbsoluteDecibels, D, ref)); // above the reference
  CM_NEAR(LevelRadiusFraction(8, PatternScale::AbsoluteDecibels, D, ref), 1.1, 1e-12);
  CM_NEAR(LevelRadiusFraction(-30, PatternScale::Decibels, D, 0), 0.0, 1e-12);

  // ARRL: the published scale (0.89 per 2 dB), printed to two decimals.
  const double arrlDb[] = { 0, -3, -10, -20 }, arrlPublished[] = { 1.00, 0.84, 0.56, 0.31 };
  for (int k = 0; k < 4; ++k)
  {
    const double f = LevelRadiusFraction(arrlDb[k], PatternScale::ARRL, 40, 0);
    CM_NEAR(f, arrlPublished[k], 0.005);
    CM_NEAR(f, std::pow(0.89, -arrlDb[k] / 2), 1e-12);
  }
  CM_NEAR(LevelRadiusFraction(-2, PatternScale::ARRL, 40, 0), 0.89, 1e-12);

  // Drawn quantity at a level: the contour value.
  CM_NEAR(LevelQuantity(-3, PatternScale::Decibels, D, 0), -3.0, 1e-12);
  CM_NEAR(LevelQuantity(-6, PatternScale::LinearField, D, 0), std::pow(10.0, -0.3), 1e-12);
  CM_NEAR(LevelQuantity(-6, PatternScale::Power, D, 0), std::pow(10.0, -0.6), 1e-12);
  CM_NEAR(LevelQuantity(-10, PatternScale::AbsoluteDecibels, D, ref), -10.0, 1e-12);

  // Labels.
  CM_CHECK(LevelLabel(-3, PatternScale::Decibels) == "-3 dB");
  CM_CHECK(LevelLabel(0, PatternScale::ARRL) == "0 dB");
  CM_CHECK(LevelLabel(2.15, PatternScale::AbsoluteDecibels) == "2.15 dBi");

  // Graticule every 30°: 5 parallels and 12 meridians, all on the sphere.
  {
    GridLines g;
    AddGraticule(g, C, R, 30, 72);
    int nt = 0, np = 0;
    for (std::int64_t i = 0; i < g.NumberOfLines(); ++i)
    {
      nt += g.Kind[i] == static_cast<int>(GridLineKind::ThetaLine);
      np += g.Kind[i] == static_cast<int>(GridLineKind::PhiLine);
    }
    CM_CHECK(nt == 5 && np == 12);
    CM_CHECK(g.Label[0] == "theta=30\u00b0");
    CM_CHECK(g.Label[5] == "phi=0\u00b0");
    double worst = 0;
    for (std::int64_t p = 0; p < g.Offsets.back(); ++p)
    {
      const double* x = &g.Points[3 * p];
      worst = std::max(worst, std::abs(std::hypot(x[0] - C[0], x[1] - C[1], x[2] - C[2]) - R));
    }
    CM_NEAR(worst, 0.0, 1e-12);
    // Parallel θ = 60°: z = Cz + R cos 60° everywhere.
    for (std::int64_t p = g.Offsets[1]; p < g.Offsets[2]; ++p)
      CM_NEAR(g.Points[3 * p + 2], C[2] + R * 0.5, 1e-12);
  }

  // Contours of a linear field (value = z) on a quad and a triangle: the
  // segments lie exactly on z = iso; above the range nothing is added.
  {
    const double pts[] = { 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 2, 0, 0 };
    const double val[] = { 0, 0, 1, 1, 0 };
    const std::int64_t conn[] = { 0, 1, 2, 3, 1, 4, 2 }, off[] = { 0, 4, 7 };
    GridLines g;
    const std::int64_t n = AddContour(g, pts, val, off, 2, conn, 0.3, -3, "-3 dB");
    CM_CHECK(n == 3); // the quad's two fan triangles and the triangle
    for (std::int64_t p = 0; p < g.Offsets.back(); ++p)
      CM_NEAR(g.Points[3 * p + 2], 0.3, 1e-15);
    CM_CHECK(g.Label.size() == 3 && g.Label[0] == "-3 dB" && g.Kind[0] == 3);
    CM_CHECK(AddContour(g, pts, val, off, 2, conn, 1.5, 0, "x") == 0);
    // The level of the maximum itself: the quad's top edge (z = 1), and no
    // zero-length segment from the triangle that only touches it at a corner.
    GridLines top;
    CM_CHECK(AddContour(top, pts, val, off, 2, conn, 1.0, 0, "0 dB") == 1);
    CM_NEAR(top.Points[2], 1.0, 0);
    CM_NEAR(top.Points[5], 1.0, 0);
    CM_CHECK(top.Points[0] != top.Points[3]);
  }
  return cmReport("TestPatternGrid");
}
