// SPDX-License-Identifier: BSD-3-Clause
// Box-counting dimensions against the similarity dimensions of ORACLES.md:
// Koch curve log4/log3 = 1.2619, Sierpinski gasket log3/log2 = 1.5850
// (as a chaos-game point set and as the arrowhead curve), a straight line 1
// and a filled square 2.
#include "cmBoxCounting.h"
#include "cmCheck.h"
#include "cmIFS.h"
#include "cmLSystem.h"

#include <cmath>
#include <string>
#include <vector>

namespace
{
cm::fractal::BoxCountResult CurveDimension(const char* axiom, const char* rules, int n, double angle,
  const char* draw, int lmin, int lmax, int spo)
{
  cm::fractal::LGrammar g;
  cm::fractal::ParseGrammar(axiom, rules, "", g);
  std::string s;
  cm::fractal::Derive(g, n, 0, s);
  cm::fractal::TurtleParameters tp;
  tp.AngleDegrees = angle;
  tp.DrawSymbols = draw;
  tp.Heading[0] = 1;
  tp.Heading[1] = 0;
  cm::fractal::TurtleGeometry geo;
  cm::fractal::Interpret(s, tp, geo);
  std::vector<long long> seg;
  for (std::size_t l = 0; l + 1 < geo.Offsets.size(); ++l)
  {
    for (long long k = geo.Offsets[l]; k + 1 < geo.Offsets[l + 1]; ++k)
    {
      seg.push_back(k);
      seg.push_back(k + 1);
    }
  }
  return cm::fractal::BoxCount(geo.Points.data(), (long long)geo.Width.size(), seg, lmin, lmax, spo);
}
}

int TestFractalDimension(int, char*[])
{
  const double koch = std::log(4.0) / std::log(3.0), sierpinski = std::log(3.0) / std::log(2.0);
  // Koch curve, level 7: segments are 3^-7 = 4.6e-4 of the span; boxes from
  // 2^-6 down to 2^-11 = 4.9e-4 (the resolution), 4 sizes per octave. Coarser
  // boxes are pre-asymptotic (the fit creeps from 1.30 down to 1.27 as the
  // range moves to finer boxes).
  {
    const auto r = CurveDimension("F", "F -> F+F--F+F", 7, 60, "F", 6, 11, 4);
    std::printf("Koch curve: box-counting dimension %.4f (similarity %.4f)\n", r.Slope, koch);
    CM_NEAR(r.Slope, koch, 0.03);
  }
  // Sierpinski gasket as the arrowhead curve (level 9, segments 2^-9) and as chaos-game points.
  {
    const auto r = CurveDimension("A", "A -> B-A-B; B -> A+B+A", 9, 60, "AB", 3, 8, 4);
    std::printf("Sierpinski arrowhead: box-counting dimension %.4f (similarity %.4f)\n", r.Slope, sierpinski);
    CM_NEAR(r.Slope, sierpinski, 0.03);
    std::vector<cm::fractal::AffineMap> maps;
    cm::fractal::ParseMaps(cm::fractal::IFSPresets()[2].Maps, cm::fractal::IFSPresets()[2].Format, maps);
    cm::fractal::ResolveProbabilities(maps, true);
    const long long N = 1000000;
    std::vector<double> xyz(3 * N);
    std::vector<unsigned char> idx(N);
    cm::fractal::ChaosGame(maps, 1, 0, N, xyz.data(), idx.data());
    const auto q = cm::fractal::BoxCount(xyz.data(), N, {}, 5, 9, 1);
    std::printf("Sierpinski chaos game: box-counting dimension %.4f\n", q.Slope);
    CM_NEAR(q.Slope, sierpinski, 0.03);
  }
  // A straight (diagonal) line and a filled square.
  {
    const double line[6] = { 0, 0, 0, 1, 0.37, 0 };
    const auto r = cm::fractal::BoxCount(line, 2, { 0, 1 }, 2, 10, 4);
    std::printf("straight line: %.4f\n", r.Slope);
    CM_NEAR(r.Slope, 1.0, 0.02);
    const int m = 1024;
    std::vector<double> sq;
    for (int j = 0; j < m; ++j)
    {
      for (int i = 0; i < m; ++i)
      {
        sq.insert(sq.end(), { (i + 0.5) / m, (j + 0.5) / m, 0.0 });
      }
    }
    const auto s = cm::fractal::BoxCount(sq.data(), (long long)m * m, {}, 2, 8, 1);
    std::printf("filled square: %.4f\n", s.Slope);
    CM_NEAR(s.Slope, 2.0, 0.02);
    // The counts themselves: a 2^k grid over the unit square is full.
    CM_CHECK(s.Count[0] == 16 && s.Count.back() == 65536);
  }
  return cmReport("TestFractalDimension");
}
