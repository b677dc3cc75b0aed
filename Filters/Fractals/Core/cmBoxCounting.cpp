// SPDX-License-Identifier: BSD-3-Clause
#include "cmBoxCounting.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cm
{
void FitLine(const std::vector<double>& x, const std::vector<double>& y, double& slope,
             double& intercept)
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
  double lo[3] = { 1e300, 1e300, 1e300 }, hi[3] = { -1e300, -1e300, -1e300 };
  for (long long k = 0; k < n; ++k)
  {
    for (int d = 0; d < 3; ++d)
    {
      lo[d] = std::min(lo[d], xyz[3 * k + d]);
      hi[d] = std::max(hi[d], xyz[3 * k + d]);
    }
  }
  double side = std::max({ hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2] });
  if (!(side > 0))
  {
    side = 1;
  }
  side *= 1 + 1e-9;                          // points on the upper bound stay in the last box
  maximumLevel = std::min(maximumLevel, 20); // 21 bits per axis in the key
  const int firstStep = minimumLevel * stepsPerOctave, lastStep = maximumLevel * stepsPerOctave;
  const double grids = 8.0 * std::max(1, lastStep - firstStep + 1);
  for (int step = firstStep; step <= lastStep; ++step)
  {
    const double level = double(step) / stepsPerOctave;
    const double eps = side * std::pow(2.0, -level);
    // The box count is the smallest cover: take the minimum over grids
    // shifted by half a box along each axis the data spans.
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
      auto mark = [&](const double* p)
      {
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
          const double len =
            std::sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
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
      if (progressAbort && progressAbort(double(8 * (step - firstStep) + shift + 1) / grids))
      {
        r.Aborted = true;
        return r;
      }
    }
    r.Level.push_back(level);
    r.BoxSize.push_back(eps);
    r.Count.push_back(best);
  }
  std::vector<double> x, y;
  for (std::size_t k = 0; k < r.BoxSize.size(); ++k)
  {
    x.push_back(std::log(1.0 / r.BoxSize[k]));
    y.push_back(std::log(r.Count[k]));
  }
  FitLine(x, y, r.Slope, r.Intercept);
  return r;
}
}
