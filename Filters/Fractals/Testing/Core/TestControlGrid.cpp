// SPDX-License-Identifier: BSD-3-Clause
// Inverse-distance control grid against hand-computed values: nodes on a
// point take its height exactly, the node halfway between two points their
// mean, and the node at distances 1 and 3 (power 2) (1 + 3/9) / (1 + 1/9) =
// 1.2; the layout and the refusals (wording of the filter).
#include "cmCheck.h"
#include "cmControlGrid.h"

#include <string>
#include <vector>

int TestControlGrid(int, char*[])
{
  CM_EQUAL(cm::fractal::CheckHeightArray(true, 1), std::string());
  CM_EQUAL(cm::fractal::CheckHeightArray(true, 3),
    std::string("select a 1-component point array for the heights, or turn UseZCoordinate on."));
  CM_EQUAL(cm::fractal::CheckHeightArray(false, 0), cm::fractal::CheckHeightArray(true, 3));

  const double b[4] = { 0, 4, 0, 2 };
  const double flat[4] = { 0, 4, 1, 1 };
  CM_EQUAL(cm::fractal::CheckControlGridPoints(2, b), std::string());
  CM_EQUAL(cm::fractal::CheckControlGridPoints(0, b), std::string("the input has no points."));
  CM_EQUAL(cm::fractal::CheckControlGridPoints(2, flat),
    std::string("the x-y bounds [0, 4] x [1, 1] are empty."));

  // Level 2: 5 x 5 nodes, spacing 1 in x and 0.5 in y.
  const cm::fractal::ControlGridLayout l = cm::fractal::LayOutControlGrid(2, b);
  CM_EQUAL(l.M, 5);
  CM_EQUAL(l.Dx, 1.0);
  CM_EQUAL(l.Dy, 0.5);

  // Two points on the row y = 0: (0, 0) at height 1 and (4, 0) at height 3.
  const std::vector<double> xyh = { 0, 0, 1, 4, 0, 3 };
  std::vector<double> h(25, -1);
  CM_CHECK(cm::fractal::InterpolateControlGrid(xyh, b, 2, 2.0, h.data()));
  CM_EQUAL(h[0], 1.0); // on the first point
  CM_EQUAL(h[4], 3.0); // on the second
  CM_NEAR(h[2], 2.0, 1e-15); // halfway: equal weights
  CM_NEAR(h[1], 1.2, 1e-15); // distances 1 and 3
  CM_NEAR(h[3], 2.8, 1e-15); // distances 3 and 1
  // Node (2, 2) (index 22): both points at distance sqrt(8), equal weights.
  CM_NEAR(h[22], 2.0, 1e-15);
  // Power 4 weighs the nearer point more: (1 + 3/81) / (1 + 1/81) = 84/82.
  CM_CHECK(cm::fractal::InterpolateControlGrid(xyh, b, 2, 4.0, h.data()));
  CM_NEAR(h[1], 84.0 / 82.0, 1e-15);

  // Progress reaches 1; an abort stops it.
  double last = 0;
  CM_CHECK(cm::fractal::InterpolateControlGrid(xyh, b, 2, 2.0, h.data(), nullptr, [&](double f) {
    last = f;
    return false;
  }));
  CM_EQUAL(last, 1.0);
  CM_CHECK(!cm::fractal::InterpolateControlGrid(
    xyh, b, 2, 2.0, h.data(), nullptr, [](double) { return true; }));
  return cmReport("TestControlGrid");
}
