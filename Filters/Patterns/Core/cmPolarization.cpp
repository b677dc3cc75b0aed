// SPDX-License-Identifier: BSD-3-Clause
#include "cmPolarization.h"

#include <cmath>
#include <limits>

namespace cloudmap
{
Polarization ComputePolarization(
  std::complex<double> et, std::complex<double> ep, double phiDeg, double referenceDeg)
{
  const double pi = 3.14159265358979323846;
  const std::complex<double> j(0.0, 1.0);
  Polarization p;
  p.Right = (et + j * ep) / std::sqrt(2.0);
  p.Left = (et - j * ep) / std::sqrt(2.0);
  const double a = (phiDeg - referenceDeg) * pi / 180.0;
  p.Co = et * std::cos(a) - ep * std::sin(a);
  p.Cross = et * std::sin(a) + ep * std::cos(a);
  const double r = std::abs(p.Right), l = std::abs(p.Left);
  const double scale = std::max(r, l);
  // Equal magnitudes (to rounding) are a linear polarization.
  if (!(scale > 0) || std::abs(r - l) <= 1e-12 * scale)
  {
    p.AxialRatio = std::numeric_limits<double>::infinity();
    p.Sense = 0;
  }
  else
  {
    p.AxialRatio = (r + l) / std::abs(r - l);
    p.Sense = r > l ? 1 : -1;
  }
  if (r > 0 && l > 0)
  {
    double tilt = 0.5 * (std::arg(p.Right) - std::arg(p.Left)) * 180.0 / pi;
    // Fold into (−90, 90]: an axis has no direction.
    while (tilt > 90)
      tilt -= 180;
    while (tilt <= -90)
      tilt += 180;
    p.Tilt = tilt;
  }
  return p;
}
} // namespace cloudmap
