// SPDX-License-Identifier: BSD-3-Clause
// Beier–Neely against geometry: identical line pairs are the identity warp;
// one line translated, or rotated about its start, moves every point by the
// same rigid motion; line interpolation hits its ends; bilinear sampling is
// exact on pixels and on linear images; bad lines and weights are refused.
#include "cmCheck.h"
#include "cmImageMorph.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

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

  // The filter's morph: checks with the filter's text, the output extent,
  // the identity warp (identical lines) maps every pixel to itself in both
  // images, and the cross-dissolve of two constant images is their lerp.
  {
    const int d[3] = { 4, 3, 1 }, d3[3] = { 4, 3, 2 };
    std::vector<FeatureLine> l0, l1;
    const BeierNeelyWeights bw;
    CM_EQUAL(PrepareImageMorph(d, d3, {}, bw, l0, l1),
      std::string("Image Morph needs two 2-D images of equal size; got 4x3x1 and 4x3x2"));
    CM_EQUAL(PrepareImageMorph(d, d, { 1, 2, 3 }, bw, l0, l1),
      std::string("FeatureLines must be rows of 8 numbers"));
    const std::vector<double> rows = { 0, 0, 3, 0, 0, 0, 3, 0, 1, 2, 1, 0, 1, 2, 1, 0 };
    CM_EQUAL(PrepareImageMorph(d, d, rows, bw, l0, l1), std::string());
    CM_EQUAL(l0.size(), std::size_t(2));
    CM_CHECK(l1[1].P[1] == 2 && l1[1].Q[0] == 1);
    const int whole[6] = { 2, 5, 10, 12, 0, 0 }, asked[6] = { 3, 9, 0, 10, 0, 0 };
    int ext[6];
    ClipExtent(whole, asked, ext);
    CM_CHECK(ext[0] == 3 && ext[1] == 5 && ext[2] == 10 && ext[3] == 10);
    CM_EQUAL(ExtentPixels(ext), std::int64_t(3));
    ClipExtent(whole, nullptr, ext);
    CM_EQUAL(ExtentPixels(ext), std::int64_t(12));
    ImageGrid g;
    g.Origin[0] = -1;
    g.Origin[1] = 0.5;
    g.Spacing[0] = 0.5;
    g.Spacing[1] = 2;
    std::copy(whole, whole + 6, g.Extent);
    std::vector<double> f0(24), f1(24);
    MorphSourcePixels(l0, l0, bw, 0.3, g, g, ext, f0.data(), f1.data(), nullptr);
    for (int k = 0; k < 12; ++k)
    {
      CM_NEAR(f0[2 * k], k % 4 + 2 - whole[0], 1e-12);
      CM_NEAR(f0[2 * k + 1], k / 4 + 10 - whole[2], 1e-12);
      CM_NEAR(f1[2 * k], f0[2 * k], 1e-12);
    }
    const std::vector<double> a(12, 2.0), b(12, 6.0);
    std::vector<double> out(12);
    CrossDissolve(a.data(), b.data(), 4, 3, 1, f0.data(), f1.data(), 12, 0.25, out.data(), nullptr);
    CM_EQUAL(out, std::vector<double>(12, 3.0));
  }
  return cmReport("TestImageMorph");
}
