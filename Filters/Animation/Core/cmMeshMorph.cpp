// SPDX-License-Identifier: BSD-3-Clause
#include "cmMeshMorph.h"

#include "cmTweening.h"

namespace cm::anim
{
std::string ValidateCorrespondence(
  MorphCorrespondence correspondence, std::int64_t n, std::int64_t m)
{
  if (correspondence == MorphCorrespondence::ByIndex)
  {
    if (n != m)
    {
      return "the inputs have " + std::to_string(n) + " and " + std::to_string(m) +
        " points; By Index needs equal counts (or choose Nearest Normalized Point)";
    }
  }
  else if (m == 0 && n > 0)
  {
    return "the target has no points";
  }
  return {};
}

std::vector<double> NormalizedToBounds(const double* points, std::int64_t n, const double bounds[6])
{
  std::vector<double> out(3 * n);
  for (std::int64_t i = 0; i < n; ++i)
  {
    for (int a = 0; a < 3; ++a)
    {
      const double len = bounds[2 * a + 1] - bounds[2 * a];
      out[3 * i + a] = len > 0 ? (points[3 * i + a] - bounds[2 * a]) / len : 0.5;
    }
  }
  return out;
}

std::vector<std::int64_t> MatchPoints(const double* queries, std::int64_t n,
  const std::function<std::int64_t(const double*)>& closest, const ParallelFor& pf)
{
  std::vector<std::int64_t> match(n);
  RunFor(pf, n, [&](long long b, long long e) {
    for (std::int64_t i = b; i < e; ++i)
    {
      match[i] = closest(queries + 3 * i);
    }
  });
  return match;
}

void LerpMatched(const double* a, const double* b, const std::int64_t* match, std::int64_t n,
  int nc, double w, double* out, const ParallelFor& pf)
{
  RunFor(pf, n, [&](long long s, long long e) {
    for (std::int64_t i = s; i < e; ++i)
    {
      const std::int64_t j = match ? match[i] : i;
      for (int c = 0; c < nc; ++c)
      {
        out[i * nc + c] = Lerp(a[i * nc + c], b[j * nc + c], w);
      }
    }
  });
}

} // namespace cm::anim
