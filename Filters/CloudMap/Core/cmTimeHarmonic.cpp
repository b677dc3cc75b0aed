// SPDX-License-Identifier: BSD-3-Clause
#include "cmTimeHarmonic.h"

#include "cmConstants.h"

#include <algorithm>
#include <cmath>

namespace cm::map
{
std::vector<double> HarmonicTimeSteps(int n)
{
  std::vector<double> t(n > 0 ? n : 0);
  for (int k = 0; k < n; ++k)
  {
    t[k] = static_cast<double>(k) / n;
  }
  return t;
}

std::string CheckHarmonicArrays(const std::string& realName, const std::string& imagName,
  const HarmonicArray& re, const HarmonicArray& im, bool emptyPiece)
{
  const bool both = re.Present && im.Present;
  const bool mismatch = both && (re.Components != im.Components || re.Tuples != im.Tuples);
  if (mismatch || (!both && !emptyPiece))
  {
    return "need matching real and imaginary arrays '" + realName + "' and '" + imagName +
      "' on cells or points";
  }
  return std::string();
}

HarmonicNames HarmonicOutputNames(const std::string& realName)
{
  const std::size_t cut = realName.rfind("_real");
  const std::string base = cut == std::string::npos ? realName : realName.substr(0, cut);
  return { base + "_inst", "|" + base + "_inst|" };
}

double HarmonicPeak(double aa, double bb, double ab)
{
  return std::sqrt(0.5 * (aa + bb) + std::sqrt(0.25 * (aa - bb) * (aa - bb) + ab * ab));
}

double EvaluateHarmonic(const double* a, const double* b, std::int64_t n, int nc, double t,
  double* inst, double* mag, const ParallelFor& pf)
{
  const double phase = 2 * cm::Pi * t;
  const double c = std::cos(phase), s = std::sin(phase);
  std::vector<double> peak(n);
  RunFor(pf, n, [&](long long begin, long long end) {
    for (std::int64_t i = begin; i < end; ++i)
    {
      double m2 = 0, aa = 0, bb = 0, ab = 0;
      for (int k = 0; k < nc; ++k)
      {
        const double x = a[i * nc + k], y = b[i * nc + k];
        const double v = HarmonicValue(x, y, c, s);
        inst[i * nc + k] = v;
        m2 += v * v;
        aa += x * x;
        bb += y * y;
        ab += x * y;
      }
      mag[i] = std::sqrt(m2);
      peak[i] = HarmonicPeak(aa, bb, ab);
    }
  });
  return peak.empty() ? 0.0 : *std::max_element(peak.begin(), peak.end());
}

} // namespace cm::map
