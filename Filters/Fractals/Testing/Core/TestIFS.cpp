// SPDX-License-Identifier: BSD-3-Clause
// Chaos game against the oracles: the Barnsley fern's known bounds, map-usage
// frequencies within 3 sigma of the probabilities, |det| probabilities by
// hand, the chapter's (r, q, theta, phi) parameters, pieces equal to the
// serial run, and parse errors.
#include "cmCheck.h"
#include "cmIFS.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

int TestIFS(int, char*[])
{
  const auto& fernPreset = cm::fractal::IFSPresets()[1];
  std::vector<cm::fractal::AffineMap> fern;
  CM_CHECK(cm::fractal::ParseMaps(fernPreset.Maps, fernPreset.Format, fern).empty());
  CM_CHECK(cm::fractal::ResolveProbabilities(fern, true).empty());
  const long long N = 1000000;
  std::vector<double> xyz(3 * N);
  std::vector<unsigned char> idx(N);
  cm::fractal::ChaosGame(fern, 42, 0, N, xyz.data(), idx.data());
  double lo[2] = { 1e300, 1e300 }, hi[2] = { -1e300, -1e300 };
  std::vector<long long> used(4, 0);
  for (long long k = 0; k < N; ++k)
  {
    for (int d = 0; d < 2; ++d)
    {
      lo[d] = std::min(lo[d], xyz[3 * k + d]);
      hi[d] = std::max(hi[d], xyz[3 * k + d]);
    }
    ++used[idx[std::size_t(k)]];
  }
  std::printf(
    "fern (%lld points): x in [%.4f, %.4f], y in [%.4f, %.4f]\n", N, lo[0], hi[0], lo[1], hi[1]);
  // The attractor lies in -2.1820 < x < 2.6558, 0 <= y < 9.9983; a million
  // points come close to every side.
  CM_CHECK(lo[0] > -2.1820 && lo[0] < -2.0);
  CM_CHECK(hi[0] < 2.6558 && hi[0] > 2.5);
  CM_CHECK(lo[1] >= 0.0 && lo[1] < 0.05);
  CM_CHECK(hi[1] < 9.9983 && hi[1] > 9.9);
  const double p[4] = { 0.01, 0.85, 0.07, 0.07 };
  for (int m = 0; m < 4; ++m)
  {
    const double sd = std::sqrt(N * p[m] * (1 - p[m]));
    std::printf("map %d used %lld times, expected %.0f +- %.0f (3 sigma)\n", m + 1, used[m],
      N * p[m], 3 * sd);
    CM_CHECK(std::abs(double(used[m]) - N * p[m]) < 3 * sd);
  }

  // A piece [begin, end) equals the same points of the serial run.
  {
    const long long b = 123457, e = 200003;
    std::vector<double> part(3 * (e - b));
    std::vector<unsigned char> pidx(e - b);
    cm::fractal::ChaosGame(fern, 42, b, e, part.data(), pidx.data());
    CM_CHECK(std::equal(part.begin(), part.end(), xyz.begin() + 3 * b));
    CM_CHECK(std::equal(pidx.begin(), pidx.end(), idx.begin() + b));
  }

  // Probabilities from |det A| (the chapter's area share).
  {
    std::vector<cm::fractal::AffineMap> maps;
    CM_CHECK(cm::fractal::ParseMaps(
      "0.5 0 0 0.5 0 0; 0.25, 0, 0, 0.25, 1, 1", cm::fractal::MapFormat::Coefficients, maps)
               .empty());
    CM_CHECK(cm::fractal::ResolveProbabilities(maps, false).empty());
    CM_NEAR(maps[0].Probability, 0.25 / 0.3125, 1e-15);
    CM_NEAR(maps[1].Probability, 0.0625 / 0.3125, 1e-15);
    // Given probabilities that do not sum to 1 are refused.
    CM_CHECK(cm::fractal::ParseMaps(
      "0.5 0 0 0.5 0 0 0.5; 0.5 0 0 0.5 1 0 0.3", cm::fractal::MapFormat::Coefficients, maps)
               .empty());
    CM_CHECK(cm::fractal::ResolveProbabilities(maps, true).find("sum to 0.8") != std::string::npos);
    // Determinants that overflow (the fuzzer's case: weights inf / inf = NaN) are
    // refused, not turned into NaN probabilities.
    CM_CHECK(cm::fractal::ParseMaps(
      "1e200 0 0 1e200 0 0; 0.5 0 0 0.5 1 0", cm::fractal::MapFormat::Coefficients, maps)
               .empty());
    CM_CHECK(cm::fractal::ResolveProbabilities(maps, false).find("overflow") != std::string::npos);
    // A given probability within the 1e-6 tolerance above 1 is capped at 1.
    CM_CHECK(cm::fractal::ParseMaps(
      "0.5 0 0 0.5 0 0 1.0000005; 0.5 0 0 0.5 1 0 0", cm::fractal::MapFormat::Coefficients, maps)
               .empty());
    CM_CHECK(cm::fractal::ResolveProbabilities(maps, true).empty());
    CM_CHECK(maps[0].Probability <= 1.0);
  }
  // The chapter's parameters: a = r cos(theta), b = -q sin(phi), c = r sin(theta), d = q cos(phi).
  {
    std::vector<cm::fractal::AffineMap> maps;
    CM_CHECK(
      cm::fractal::ParseMaps("0.85 0.85 -2.5 -2.5 0 1.6", cm::fractal::MapFormat::Parameters, maps)
        .empty());
    const double t = -2.5 * M_PI / 180;
    CM_NEAR(maps[0].A[0], 0.85 * std::cos(t), 1e-15);
    CM_NEAR(maps[0].A[1], -0.85 * std::sin(t), 1e-15);
    CM_NEAR(maps[0].A[3], 0.85 * std::sin(t), 1e-15);
    CM_NEAR(maps[0].A[4], 0.85 * std::cos(t), 1e-15);
    CM_NEAR(maps[0].T[1], 1.6, 0);
  }
  // Errors name the map and the column.
  {
    std::vector<cm::fractal::AffineMap> maps;
    const std::string e = cm::fractal::ParseMaps(
      "0.5 0 0 0.5 0 0\n0.5 0 x 0.5 0 0", cm::fractal::MapFormat::Coefficients, maps);
    std::printf("error: %s\n", e.c_str());
    CM_CHECK(e.find("map 2") != std::string::npos && e.find("column 7") != std::string::npos);
    CM_CHECK(cm::fractal::ParseMaps("0.5 0 0 0.5 0", cm::fractal::MapFormat::Coefficients, maps)
               .find("found 5") != std::string::npos);
  }
  // Every preset parses and its given probabilities sum to 1.
  for (std::size_t k = 1; k < cm::fractal::IFSPresets().size(); ++k)
  {
    std::vector<cm::fractal::AffineMap> maps;
    CM_CHECK(cm::fractal::ParseMaps(
      cm::fractal::IFSPresets()[k].Maps, cm::fractal::IFSPresets()[k].Format, maps)
               .empty());
    CM_CHECK(cm::fractal::ResolveProbabilities(maps, true).empty());
  }
  return cmReport("TestIFS");
}
