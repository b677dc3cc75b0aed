// SPDX-License-Identifier: BSD-3-Clause
#include "cmAreaWeighting.h"

#include <array>
#include <cmath>
#include <unordered_map>

namespace cloudmap
{
namespace
{
struct CellKey
{
  std::int64_t I, J, K;
  bool operator==(const CellKey& o) const { return I == o.I && J == o.J && K == o.K; }
};
struct CellKeyHash
{
  std::size_t operator()(const CellKey& k) const
  {
    // Large primes spread neighbouring grid cells over the table.
    return std::size_t(k.I * 73856093LL) ^ std::size_t(k.J * 19349663LL) ^
      std::size_t(k.K * 83492791LL);
  }
};
} // namespace

std::vector<std::int64_t> MergeCoincidentPoints(
  const double* xyz, std::int64_t nPoints, double tolerance, std::int64_t& nGroups)
{
  std::vector<std::int64_t> group(nPoints, -1);
  nGroups = 0;
  if (!(tolerance > 0))
  {
    struct ExactHash
    {
      std::size_t operator()(const std::array<double, 3>& a) const
      {
        std::hash<double> h;
        return h(a[0]) ^ (h(a[1]) * 31) ^ (h(a[2]) * 131);
      }
    };
    std::unordered_map<std::array<double, 3>, std::int64_t, ExactHash> seen;
    seen.reserve(nPoints);
    for (std::int64_t p = 0; p < nPoints; ++p)
    {
      const std::array<double, 3> key{ xyz[3 * p] + 0.0, xyz[3 * p + 1] + 0.0,
        xyz[3 * p + 2] + 0.0 }; // + 0.0 folds -0 into +0
      auto it = seen.emplace(key, nGroups);
      if (it.second)
      {
        ++nGroups;
      }
      group[p] = it.first->second;
    }
    return group;
  }
  // Bin points on a grid of the tolerance; a match can only be in the 27 neighbouring bins.
  std::unordered_multimap<CellKey, std::int64_t, CellKeyHash> bins;
  bins.reserve(nPoints);
  const double inv = 1.0 / tolerance, tol2 = tolerance * tolerance;
  for (std::int64_t p = 0; p < nPoints; ++p)
  {
    const double* x = xyz + 3 * p;
    const CellKey key{ std::int64_t(std::floor(x[0] * inv)), std::int64_t(std::floor(x[1] * inv)),
      std::int64_t(std::floor(x[2] * inv)) };
    std::int64_t found = -1;
    for (int di = -1; di <= 1 && found < 0; ++di)
      for (int dj = -1; dj <= 1 && found < 0; ++dj)
        for (int dk = -1; dk <= 1 && found < 0; ++dk)
        {
          auto range = bins.equal_range({ key.I + di, key.J + dj, key.K + dk });
          for (auto it = range.first; it != range.second; ++it)
          {
            const double* y = xyz + 3 * it->second;
            const double d2 = (x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) +
              (x[2] - y[2]) * (x[2] - y[2]);
            if (d2 <= tol2)
            {
              found = group[it->second];
              break;
            }
          }
        }
    if (found < 0)
    {
      found = nGroups++;
      bins.emplace(key, p);
    }
    group[p] = found;
  }
  return group;
}

} // namespace cloudmap
