// SPDX-License-Identifier: BSD-3-Clause
#include "cmBoxCounting.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

namespace cm::fractal
{
void FitLine(
  const std::vector<double>& x, const std::vector<double>& y, double& slope, double& intercept)
{
  const double n = double(x.size());
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
  {
    mx += x[k];
    my += y[k];
  }
  mx /= n;
  my /= n;
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
  {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) * (x[k] - mx);
  }
  slope = sxx > 0 ? sxy / sxx : 0;
  intercept = my - slope * mx;
}

namespace
{
struct Cube
{
  double Lo[3], Hi[3], Side;
};

Cube BoundingCube(const double* xyz, long long n)
{
  Cube c{ { 1e300, 1e300, 1e300 }, { -1e300, -1e300, -1e300 }, 1 };
  for (long long k = 0; k < n; ++k)
  {
    for (int d = 0; d < 3; ++d)
    {
      c.Lo[d] = std::min(c.Lo[d], xyz[3 * k + d]);
      c.Hi[d] = std::max(c.Hi[d], xyz[3 * k + d]);
    }
  }
  c.Side = std::max({ c.Hi[0] - c.Lo[0], c.Hi[1] - c.Lo[1], c.Hi[2] - c.Lo[2] });
  if (!(c.Side > 0))
  {
    c.Side = 1;
  }
  c.Side *= 1 + 1e-9; // points on the upper bound stay in the last box
  return c;
}

// The number of boxes of size eps that hold a point or that a segment passes
// through, minimised over grids shifted by half a box along each axis the data
// spans (the smallest cover, as the definition asks). `tick` is called after
// every grid; returning true stops (the result is then -1).
double CountBoxes(const double* xyz, long long n, const std::vector<long long>& segments,
  const Cube& cube, double eps, const std::function<bool()>& tick)
{
  const double* lo = cube.Lo;
  const double* hi = cube.Hi;
  double best = 1e300;
  for (int shift = 0; shift < 8; ++shift)
  {
    bool used = true;
    double off[3];
    for (int d = 0; d < 3; ++d)
    {
      off[d] = ((shift >> d) & 1) ? 0.5 * eps : 0.0;
      used = used && (off[d] == 0 || hi[d] > lo[d]);
    }
    if (!used)
    {
      continue;
    }
    std::vector<std::uint64_t> boxes;
    auto mark = [&](const double* p) {
      std::uint64_t key = 0;
      for (int d = 0; d < 3; ++d)
      {
        const auto c = static_cast<std::uint64_t>(std::floor((p[d] - lo[d] + off[d]) / eps));
        key = (key << 21) | (c & 0x1FFFFF);
      }
      boxes.push_back(key);
    };
    if (segments.empty())
    {
      for (long long k = 0; k < n; ++k)
      {
        mark(xyz + 3 * k);
      }
    }
    else
    {
      for (std::size_t s = 0; s + 1 < segments.size(); s += 2)
      {
        const double* a = xyz + 3 * segments[s];
        const double* b = xyz + 3 * segments[s + 1];
        const double len = std::sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
          (b[2] - a[2]) * (b[2] - a[2]));
        const long long steps = std::max(1LL, static_cast<long long>(std::ceil(8 * len / eps)));
        for (long long t = 0; t <= steps; ++t)
        {
          const double u = double(t) / double(steps);
          const double p[3] = { a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]),
            a[2] + u * (b[2] - a[2]) };
          mark(p);
        }
      }
    }
    // Sorting and counting distinct keys beats a hash set here.
    std::sort(boxes.begin(), boxes.end());
    best = std::min(best, double(std::unique(boxes.begin(), boxes.end()) - boxes.begin()));
    if (tick && tick())
    {
      return -1;
    }
  }
  return best;
}

void Fit(BoxCountResult& r)
{
  std::vector<double> x, y;
  for (std::size_t k = 0; k < r.BoxSize.size(); ++k)
  {
    x.push_back(std::log(1.0 / r.BoxSize[k]));
    y.push_back(std::log(r.Count[k]));
  }
  FitLine(x, y, r.Slope, r.Intercept);
}
}

BoxCountResult BoxCount(const double* xyz, long long n, const std::vector<long long>& segments,
  int minimumLevel, int maximumLevel, int stepsPerOctave,
  const std::function<bool(double)>& progressAbort)
{
  stepsPerOctave = std::max(1, stepsPerOctave);
  BoxCountResult r;
  if (n <= 0 || maximumLevel < minimumLevel)
  {
    return r;
  }
  const Cube cube = BoundingCube(xyz, n);
  maximumLevel = std::min(maximumLevel, 20); // 21 bits per axis in the key
  const int firstStep = minimumLevel * stepsPerOctave, lastStep = maximumLevel * stepsPerOctave;
  const double grids = 8.0 * std::max(1, lastStep - firstStep + 1);
  int done = 0;
  for (int step = firstStep; step <= lastStep; ++step)
  {
    const double level = double(step) / stepsPerOctave;
    const double eps = cube.Side * std::pow(2.0, -level);
    const double count = CountBoxes(xyz, n, segments, cube, eps,
      [&]() { return progressAbort && progressAbort(double(++done) / grids); });
    if (count < 0)
    {
      r.Aborted = true;
      return r;
    }
    r.Level.push_back(level);
    r.BoxSize.push_back(eps);
    r.Count.push_back(count);
  }
  Fit(r);
  return r;
}

namespace
{
// The median length of the non-degenerate segments (0 without segments).
double MedianSegmentLength(const double* xyz, const std::vector<long long>& segments)
{
  std::vector<double> lengths;
  for (std::size_t s = 0; s + 1 < segments.size(); s += 2)
  {
    const double* a = xyz + 3 * segments[s];
    const double* b = xyz + 3 * segments[s + 1];
    const double len = std::sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
      (b[2] - a[2]) * (b[2] - a[2]));
    if (len > 0)
    {
      lengths.push_back(len);
    }
  }
  if (lengths.empty())
  {
    return 0;
  }
  std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
  return lengths[lengths.size() / 2];
}
}

BoxCountResult BoxCountFromData(const double* xyz, long long n,
  const std::vector<long long>& segments, int stepsPerOctave, double firstM, double lastM,
  const std::function<bool(double)>& progressAbort)
{
  stepsPerOctave = std::max(1, stepsPerOctave);
  BoxCountResult r;
  if (n <= 0)
  {
    return r;
  }
  const Cube cube = BoundingCube(xyz, n);
  // The finest boxes: m boxes across the cube, m a whole number so that the
  // boxes tile the cube exactly.
  const double maxM = double(1 << 20); // 21 bits per axis in the key
  const bool finestFromData = !(lastM > 0);
  const double resolution = MedianSegmentLength(xyz, segments);
  if (finestFromData)
  {
    lastM = maxM;
  }
  if (finestFromData && !segments.empty())
  {
    // A quarter of the median segment, and at least 2^8 boxes across.
    lastM = resolution > 0 ? std::max(256.0, std::ceil(4 * cube.Side / resolution)) : 256.0;
    // The segments are sampled every eps / 8: keep that below ~2^27 samples.
    double total = 0;
    for (std::size_t s = 0; s + 1 < segments.size(); s += 2)
    {
      const double* a = xyz + 3 * segments[s];
      const double* b = xyz + 3 * segments[s + 1];
      total += std::sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
        (b[2] - a[2]) * (b[2] - a[2]));
    }
    if (total > 0)
    {
      lastM = std::min(lastM, std::max(4.0, std::floor(double(1 << 24) * cube.Side / total)));
    }
    lastM = std::min(lastM, maxM);
  }
  lastM = std::min(lastM, maxM);
  if (!(firstM >= 1))
  {
    // The coarsest boxes: a quarter of the cube (m = 4). Coarser boxes only
    // count the set's outline.
    firstM = 4;
  }
  // Sizes m = round(2^(j / stepsPerOctave)), each once.
  std::vector<double> ms;
  for (int j = 0;; ++j)
  {
    const double m = std::round(std::pow(2.0, double(j) / stepsPerOctave));
    if (m > lastM)
    {
      break;
    }
    if (m >= firstM && (ms.empty() || m != ms.back()))
    {
      ms.push_back(m);
    }
  }
  const double grids = 8.0 * double(std::max<std::size_t>(1, ms.size()));
  int done = 0;
  for (double m : ms)
  {
    const double eps = cube.Side / m;
    const double count = CountBoxes(xyz, n, segments, cube, eps,
      [&]() { return progressAbort && progressAbort(std::min(1.0, double(++done) / grids)); });
    if (count < 0)
    {
      r.Aborted = true;
      return r;
    }
    // Point sets: stop where the boxes hold fewer than 4 points on average
    // (the points, not the set, would be counted below).
    if (finestFromData && segments.empty() && count > double(n) / 4 && r.Count.size() >= 2)
    {
      break;
    }
    r.Level.push_back(std::log2(m));
    r.BoxSize.push_back(eps);
    r.Count.push_back(count);
  }
  Fit(r);
  return r;
}

std::string CheckBoxLevels(int minimumLevel, int maximumLevel)
{
  if (minimumLevel >= 0 && maximumLevel >= 0 && maximumLevel < minimumLevel)
  {
    return "MaximumLevel " + std::to_string(maximumLevel) + " is below MinimumLevel " +
      std::to_string(minimumLevel) + ".";
  }
  return std::string();
}

BoxCountResult MeasureBoxCounting(const double* xyz, long long n,
  const std::vector<long long>& segments, int minimumLevel, int maximumLevel, int stepsPerOctave,
  const std::function<bool(double)>& progressAbort)
{
  if (minimumLevel >= 0 && maximumLevel >= 0)
  {
    return BoxCount(xyz, n, segments, minimumLevel, maximumLevel, stepsPerOctave, progressAbort);
  }
  const double firstM = minimumLevel >= 0 ? std::ldexp(1.0, minimumLevel) : 0;
  const double lastM = maximumLevel >= 0 ? std::ldexp(1.0, maximumLevel) : 0;
  return BoxCountFromData(xyz, n, segments, stepsPerOctave, firstM, lastM, progressAbort);
}

std::string CheckBoxCount(const BoxCountResult& r, long long n)
{
  if (r.Count.size() >= 3)
  {
    return std::string();
  }
  std::ostringstream msg;
  msg << "only " << r.Count.size()
      << " box sizes fit between the data's extent and its resolution (" << n
      << " points); a slope needs at least 3.";
  return msg.str();
}

const char* const BoxCountColumns[6] = { "Level", "BoxSize", "LogInverseBoxSize", "BoxCount",
  "LogBoxCount", "FittedLogBoxCount" };

std::vector<std::array<double, 6>> BoxCountTable(const BoxCountResult& r)
{
  std::vector<std::array<double, 6>> rows(r.Count.size());
  for (std::size_t k = 0; k < r.Count.size(); ++k)
  {
    const double li = std::log(1.0 / r.BoxSize[k]);
    rows[k] = { r.Level[k], r.BoxSize[k], li, r.Count[k], std::log(r.Count[k]),
      r.Slope * li + r.Intercept };
  }
  return rows;
}

std::vector<long long> IndicesAbove(const double* values, long long n, double threshold)
{
  std::vector<long long> ids;
  for (long long k = 0; k < n; ++k)
  {
    if (values[k] > threshold)
    {
      ids.push_back(k);
    }
  }
  return ids;
}
}
