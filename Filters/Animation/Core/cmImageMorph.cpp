// SPDX-License-Identifier: BSD-3-Clause
#include "cmImageMorph.h"

#include "cmTweening.h"

#include <algorithm>
#include <cmath>

namespace cm::anim
{
std::string BeierNeelyWeights::Validate() const
{
  if (!(this->A > 0) || !std::isfinite(this->A))
  {
    return "Beier-Neely a must be positive";
  }
  if (!(this->B >= 0 && this->B <= 10) || !(this->P >= 0 && this->P <= 10))
  {
    return "Beier-Neely b and p must be in [0, 10] (the paper uses b in [0.5, 2], p in [0, 1])";
  }
  return {};
}

std::string ValidateLines(const std::vector<FeatureLine>& a, const std::vector<FeatureLine>& b)
{
  if (a.size() != b.size())
  {
    return "the two images need the same number of feature lines";
  }
  for (const auto* set : { &a, &b })
  {
    for (std::size_t i = 0; i < set->size(); ++i)
    {
      const FeatureLine& l = (*set)[i];
      if (!(std::hypot(l.Q[0] - l.P[0], l.Q[1] - l.P[1]) > 0))
      {
        return "feature line " + std::to_string(i) + " has zero length";
      }
    }
  }
  return {};
}

void BeierNeelyMap(const std::vector<FeatureLine>& dst, const std::vector<FeatureLine>& src,
  const BeierNeelyWeights& w, const double x[2], double out[2])
{
  double sum[2] = { 0, 0 }, wsum = 0;
  for (std::size_t i = 0; i < dst.size(); ++i)
  {
    const FeatureLine& d = dst[i];
    const FeatureLine& s = src[i];
    const double e[2] = { d.Q[0] - d.P[0], d.Q[1] - d.P[1] };
    const double len2 = e[0] * e[0] + e[1] * e[1], len = std::sqrt(len2);
    const double r[2] = { x[0] - d.P[0], x[1] - d.P[1] };
    const double u = (r[0] * e[0] + r[1] * e[1]) / len2;
    const double v = (r[0] * -e[1] + r[1] * e[0]) / len; // perp(e) = (−e_y, e_x)
    const double f[2] = { s.Q[0] - s.P[0], s.Q[1] - s.P[1] };
    const double flen = std::hypot(f[0], f[1]);
    const double xs[2] = { s.P[0] + u * f[0] + v * -f[1] / flen,
      s.P[1] + u * f[1] + v * f[0] / flen };
    double dist;
    if (u < 0)
    {
      dist = std::hypot(r[0], r[1]);
    }
    else if (u > 1)
    {
      dist = std::hypot(x[0] - d.Q[0], x[1] - d.Q[1]);
    }
    else
    {
      dist = std::abs(v);
    }
    const double weight = std::pow(std::pow(len, w.P) / (w.A + dist), w.B);
    sum[0] += weight * (xs[0] - x[0]);
    sum[1] += weight * (xs[1] - x[1]);
    wsum += weight;
  }
  out[0] = x[0] + (wsum > 0 ? sum[0] / wsum : 0.0);
  out[1] = x[1] + (wsum > 0 ? sum[1] / wsum : 0.0);
}

std::vector<FeatureLine> LerpLines(
  const std::vector<FeatureLine>& a, const std::vector<FeatureLine>& b, double t)
{
  std::vector<FeatureLine> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    for (int k = 0; k < 2; ++k)
    {
      out[i].P[k] = Lerp(a[i].P[k], b[i].P[k], t);
      out[i].Q[k] = Lerp(a[i].Q[k], b[i].Q[k], t);
    }
  }
  return out;
}

double SampleBilinear(const double* image, int nx, int ny, int ncomp, int c, double x, double y)
{
  x = std::min(std::max(x, 0.0), double(nx - 1));
  y = std::min(std::max(y, 0.0), double(ny - 1));
  const int i = std::min(static_cast<int>(x), std::max(nx - 2, 0));
  const int j = std::min(static_cast<int>(y), std::max(ny - 2, 0));
  const double fx = x - i, fy = y - j;
  auto at = [&](int ii, int jj) {
    ii = std::min(ii, nx - 1);
    jj = std::min(jj, ny - 1);
    return image[(static_cast<std::size_t>(jj) * nx + ii) * ncomp + c];
  };
  // Exact at pixel centres: fx = fy = 0 returns the pixel itself.
  const double v0 = fx == 0 ? at(i, j) : Lerp(at(i, j), at(i + 1, j), fx);
  if (fy == 0)
  {
    return v0;
  }
  const double v1 = fx == 0 ? at(i, j + 1) : Lerp(at(i, j + 1), at(i + 1, j + 1), fx);
  return Lerp(v0, v1, fy);
}

std::string PrepareImageMorph(const int d0[3], const int d1[3],
  const std::vector<double>& featureRows, const BeierNeelyWeights& weights,
  std::vector<FeatureLine>& lines0, std::vector<FeatureLine>& lines1)
{
  if (d0[0] != d1[0] || d0[1] != d1[1] || d0[2] != d1[2] || d0[2] != 1)
  {
    return "Image Morph needs two 2-D images of equal size; got " + std::to_string(d0[0]) + "x" +
      std::to_string(d0[1]) + "x" + std::to_string(d0[2]) + " and " + std::to_string(d1[0]) + "x" +
      std::to_string(d1[1]) + "x" + std::to_string(d1[2]);
  }
  if (featureRows.size() % 8 != 0)
  {
    return "FeatureLines must be rows of 8 numbers";
  }
  lines0.clear();
  lines1.clear();
  for (std::size_t k = 0; k < featureRows.size(); k += 8)
  {
    const double* r = &featureRows[k];
    FeatureLine a, b;
    a.P[0] = r[0];
    a.P[1] = r[1];
    a.Q[0] = r[2];
    a.Q[1] = r[3];
    b.P[0] = r[4];
    b.P[1] = r[5];
    b.Q[0] = r[6];
    b.Q[1] = r[7];
    lines0.push_back(a);
    lines1.push_back(b);
  }
  const std::string error = ValidateLines(lines0, lines1);
  return error.empty() ? weights.Validate() : error;
}

void ClipExtent(const int whole[6], const int* requested, int out[6])
{
  std::copy_n(whole, 6, out);
  for (int a = 0; requested && a < 3; ++a)
  {
    out[2 * a] = std::max(requested[2 * a], whole[2 * a]);
    out[2 * a + 1] = std::min(requested[2 * a + 1], whole[2 * a + 1]);
  }
}

std::int64_t ExtentPixels(const int extent[6])
{
  const int nx = std::max(0, extent[1] - extent[0] + 1);
  const int ny = std::max(0, extent[3] - extent[2] + 1);
  return extent[5] < extent[4] ? 0 : std::int64_t(nx) * ny;
}

void MorphSourcePixels(const std::vector<FeatureLine>& lines0,
  const std::vector<FeatureLine>& lines1, const BeierNeelyWeights& weights, double w,
  const ImageGrid& grid0, const ImageGrid& grid1, const int outExt[6], double* from0, double* from1,
  const ParallelFor& pf)
{
  const std::vector<FeatureLine> linesT = LerpLines(lines0, lines1, w);
  const int onx = std::max(0, outExt[1] - outExt[0] + 1);
  const double* o0 = grid0.Origin;
  const double* s0 = grid0.Spacing;
  const double* o1 = grid1.Origin;
  const double* s1 = grid1.Spacing;
  // The output grid is image 0's.
  RunFor(pf, ExtentPixels(outExt), [&](long long kb, long long ke) {
    for (std::int64_t k = kb; k < ke; ++k)
    {
      const std::int64_t J = outExt[2] + k / onx;
      const std::int64_t I = outExt[0] + k % onx;
      const double x[2] = { o0[0] + I * s0[0], o0[1] + J * s0[1] };
      double y[2];
      BeierNeelyMap(linesT, lines0, weights, x, y);
      from0[2 * k] = (y[0] - o0[0]) / s0[0] - grid0.Extent[0];
      from0[2 * k + 1] = (y[1] - o0[1]) / s0[1] - grid0.Extent[2];
      BeierNeelyMap(linesT, lines1, weights, x, y);
      from1[2 * k] = (y[0] - o1[0]) / s1[0] - grid1.Extent[0];
      from1[2 * k + 1] = (y[1] - o1[1]) / s1[1] - grid1.Extent[2];
    }
  });
}

void CrossDissolve(const double* a, const double* b, int nx, int ny, int nc, const double* from0,
  const double* from1, std::int64_t n, double w, double* out, const ParallelFor& pf)
{
  RunFor(pf, n, [&](long long kb, long long ke) {
    for (std::int64_t k = kb; k < ke; ++k)
    {
      for (int c = 0; c < nc; ++c)
      {
        const double s0 = SampleBilinear(a, nx, ny, nc, c, from0[2 * k], from0[2 * k + 1]);
        const double s1 = SampleBilinear(b, nx, ny, nc, c, from1[2 * k], from1[2 * k + 1]);
        out[k * nc + c] = Lerp(s0, s1, w);
      }
    }
  });
}

} // namespace cm::anim
