// SPDX-License-Identifier: BSD-3-Clause
#include "cmRadiation.h"

#include <cmath>

namespace cloudmap
{
void RadiationVector(const std::vector<CurrentElement>& elements, double k, const double rhat[3],
  std::complex<double> n[3])
{
  n[0] = n[1] = n[2] = 0.0;
  for (const CurrentElement& e : elements)
  {
    const double phase =
      k * (rhat[0] * e.Position[0] + rhat[1] * e.Position[1] + rhat[2] * e.Position[2]);
    const std::complex<double> f(std::cos(phase), std::sin(phase));
    n[0] += e.Moment[0] * f;
    n[1] += e.Moment[1] * f;
    n[2] += e.Moment[2] * f;
  }
}

void FarFieldFromRadiationVector(const std::complex<double> n[3], double k, double theta,
  double phi, std::complex<double>& eTheta, std::complex<double>& ePhi)
{
  const double ct = std::cos(theta), st = std::sin(theta), cp = std::cos(phi), sp = std::sin(phi);
  const double thetaHat[3] = { ct * cp, ct * sp, -st };
  const double phiHat[3] = { -sp, cp, 0.0 };
  const std::complex<double> c(0.0, -k * FreeSpaceImpedance / (4.0 * 3.14159265358979323846));
  eTheta = c * (n[0] * thetaHat[0] + n[1] * thetaHat[1] + n[2] * thetaHat[2]);
  ePhi = c * (n[0] * phiHat[0] + n[1] * phiHat[1] + n[2] * phiHat[2]);
}

std::vector<double> DirectivityOnGrid(const std::vector<double>& e2,
  const std::vector<double>& thetaDeg, const std::vector<double>& phiDeg, bool closing)
{
  const std::size_t nt = thetaDeg.size(), np = phiDeg.size();
  const double d2r = 3.14159265358979323846 / 180.0;
  const std::size_t npUsed = closing ? np - 1 : np;
  double total = 0;
  for (std::size_t j = 0; j < npUsed; ++j)
  {
    // φ weight: half the distance to each neighbour, wrapping around.
    const double pPrev = j == 0 ? phiDeg[npUsed - 1] - 360.0 : phiDeg[j - 1];
    const double pNext = j + 1 == npUsed ? phiDeg[0] + 360.0 : phiDeg[j + 1];
    const double wp = 0.5 * (pNext - pPrev) * d2r;
    for (std::size_t i = 0; i < nt; ++i)
    {
      const double t0 = i == 0 ? thetaDeg[0] : 0.5 * (thetaDeg[i - 1] + thetaDeg[i]);
      const double t1 = i + 1 == nt ? thetaDeg[nt - 1] : 0.5 * (thetaDeg[i] + thetaDeg[i + 1]);
      // Exact integral of sin θ over the sample's θ cell.
      const double wt = std::cos(t0 * d2r) - std::cos(t1 * d2r);
      total += e2[j * nt + i] * wt * wp;
    }
  }
  std::vector<double> d(e2.size(), 0.0);
  if (total > 0)
  {
    for (std::size_t i = 0; i < e2.size(); ++i)
    {
      d[i] = 4.0 * 3.14159265358979323846 * e2[i] / total;
    }
  }
  return d;
}
} // namespace cloudmap
