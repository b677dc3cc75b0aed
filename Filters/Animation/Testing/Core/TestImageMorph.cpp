// SPDX-License-Identifier: BSD-3-Clause
// Beier–Neely against geometry: identical line pairs are the identity warp;
// one line translated, or rotated about its start, moves every point by the
// same rigid motion; line interpolation hits its ends; bilinear sampling is
// exact on pixels and on linear images; bad lines and weights are refused.
#include "cmCheck.h"
#include "cmImageMorph.h"

#include <cmath>

using namespace cm::anim;

int TestImageMorph(int, char*[])
{
  cmRandom rng;
  BeierNeelyWeights w;
  CM_CHECK(w.Validate().empty());
  std::vector<FeatureLine> lines(3);
  for (auto& l : lines)
  {
    l.P[0] = rng.Uniform(0, 100);
    l.P[1] = rng.Uniform(0, 100);
    l.Q[0] = rng.Uniform(0, 100);
    l.Q[1] = rng.Uniform(0, 100);
  }
  CM_CHECK(ValidateLines(lines, lines).empty());
  double worst = 0;
  for (int n = 0; n < 2000; ++n)
  {
    const double x[2] = { rng.Uniform(-20, 120), rng.Uniform(-20, 120) };
    double y[2];
    BeierNeelyMap(lines, lines, w, x, y);
    worst = std::max(worst, std::max(std::abs(y[0] - x[0]), std::abs(y[1] - x[1])));
  }
  std::printf("identity line pairs: worst displacement %.3g\n", worst);
  CM_CHECK(worst < 1e-12);

  // One line, translated by d: a pure translation of every point.
  std::vector<FeatureLine> one(1), moved(1), turned(1);
  one[0].P[0] = 10;
  one[0].P[1] = 20;
  one[0].Q[0] = 40;
  one[0].Q[1] = 25;
  moved[0] = one[0];
  moved[0].P[0] += 3;
  moved[0].Q[0] += 3;
  moved[0].P[1] -= 7;
  moved[0].Q[1] -= 7;
  // Rotated by 90° about P: (Q − P) = (30, 5) → (−5, 30).
  turned[0].P[0] = 10;
  turned[0].P[1] = 20;
  turned[0].Q[0] = 5;
  turned[0].Q[1] = 50;
  for (int n = 0; n < 500; ++n)
  {
    const double x[2] = { rng.Uniform(0, 60), rng.Uniform(0, 60) };
    double y[2];
    BeierNeelyMap(one, moved, w, x, y);
    CM_NEAR(y[0], x[0] + 3, 1e-12);
    CM_NEAR(y[1], x[1] - 7, 1e-12);
    BeierNeelyMap(one, turned, w, x, y);
    CM_NEAR(y[0], 10 - (x[1] - 20), 1e-12);
    CM_NEAR(y[1], 20 + (x[0] - 10), 1e-12);
  }
  // Line interpolation.
  const auto l0 = LerpLines(one, turned, 0.0), l1 = LerpLines(one, turned, 1.0);
  CM_CHECK(l0[0].Q[0] == one[0].Q[0] && l1[0].Q[1] == turned[0].Q[1]);

  // Bilinear sampling: exact at pixels and on a linear image.
  const int nx = 7, ny = 5;
  std::vector<double> img(nx * ny * 2);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
    {
      img[2 * (j * nx + i)] = 3 + 2 * i - 0.5 * j;
      img[2 * (j * nx + i) + 1] = rng.Uniform();
    }
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
    {
      CM_CHECK(SampleBilinear(img.data(), nx, ny, 2, 1, i, j) == img[2 * (j * nx + i) + 1]);
    }
  for (int n = 0; n < 300; ++n)
  {
    const double x = rng.Uniform(0, nx - 1), y = rng.Uniform(0, ny - 1);
    CM_NEAR(SampleBilinear(img.data(), nx, ny, 2, 0, x, y), 3 + 2 * x - 0.5 * y, 1e-13);
  }
  CM_NEAR(SampleBilinear(img.data(), nx, ny, 2, 0, -5, -5), 3, 1e-15); // clamped

  // Refusals.
  std::vector<FeatureLine> zero(1);
  zero[0].Q[0] = 0;
  CM_CHECK(!ValidateLines(zero, zero).empty());
  CM_CHECK(!ValidateLines(one, lines).empty());
  w.A = 0;
  CM_CHECK(!w.Validate().empty());
  return cmReport("TestImageMorph");
}
