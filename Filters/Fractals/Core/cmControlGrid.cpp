// SPDX-License-Identifier: BSD-3-Clause
#include "cmControlGrid.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cm::fractal
{
std::string CheckHeightArray(bool found, int components)
{
  if (!found || components != 1)
  {
    return "select a 1-component point array for the heights, or turn UseZCoordinate on.";
  }
  return std::string();
}

std::string CheckControlGridPoints(long long numberOfPoints, const double b[4])
{
  if (numberOfPoints == 0)
  {
    return "the input has no points.";
  }
  if (!(b[1] > b[0]) || !(b[3] > b[2]))
  {
    std::ostringstream msg;
    msg << "the x-y bounds [" << b[0] << ", " << b[1] << "] x [" << b[2] << ", " << b[3]
        << "] are empty.";
    return msg.str();
  }
  return std::string();
}

ControlGridLayout LayOutControlGrid(int level, const double b[4])
{
  ControlGridLayout l;
  l.M = (1 << level) + 1;
  l.Dx = (b[1] - b[0]) / (l.M - 1);
  l.Dy = (b[3] - b[2]) / (l.M - 1);
  return l;
}

bool InterpolateControlGrid(const std::vector<double>& xyh, const double b[4], int level,
  double power, double* heights, const ParallelFor& pf,
  const std::function<bool(double)>& progressAbort)
{
  const long long np = static_cast<long long>(xyh.size() / 3);
  std::vector<double> px(np), py(np), ph(np);
  for (long long k = 0; k < np; ++k)
  {
    px[k] = xyh[3 * k];
    py[k] = xyh[3 * k + 1];
    ph[k] = xyh[3 * k + 2];
  }
  const ControlGridLayout l = LayOutControlGrid(level, b);
  const long long m = l.M;
  const double dx = l.Dx, dy = l.Dy;
  const double tiny = 1e-12 * std::max(b[1] - b[0], b[3] - b[2]);
  const double half = 0.5 * power; // w = 1 / (d²)^(p/2)
  auto node = [&](long long g) {
    const double gx = b[0] + dx * double(g % m), gy = b[2] + dy * double(g / m);
    double sw = 0, swh = 0;
    for (long long k = 0; k < np; ++k)
    {
      const double d2 = (px[k] - gx) * (px[k] - gx) + (py[k] - gy) * (py[k] - gy);
      if (d2 <= tiny * tiny)
      {
        return ph[k];
      }
      const double w = half == 1.0 ? 1.0 / d2 : std::pow(d2, -half);
      sw += w;
      swh += w * ph[k];
    }
    return swh / sw;
  };
  // Rows of the grid in blocks: m² x points can take a while at level 10.
  const long long total = m * m;
  const long long block = std::max<long long>(4 * m, total / 50);
  for (long long g = 0; g < total; g += block)
  {
    const long long g1 = std::min(total, g + block);
    RunFor(pf, g1 - g, [&](long long begin, long long end) {
      for (long long k = g + begin; k < g + end; ++k)
      {
        heights[k] = node(k);
      }
    });
    if (progressAbort && progressAbort(double(g1) / double(total)))
    {
      return false;
    }
  }
  return true;
}
}
