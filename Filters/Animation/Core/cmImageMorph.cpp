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

} // namespace cm::anim
