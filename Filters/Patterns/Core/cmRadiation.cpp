// SPDX-License-Identifier: BSD-3-Clause
#include "cmRadiation.h"

#include "cmConstants.h"
#include "cmVec3.h"

#include <cmath>
#include <sstream>

namespace cm::pattern
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
  const std::complex<double> c(0.0, -k * FreeSpaceImpedance / (4.0 * cm::Pi));
  eTheta = c * (n[0] * thetaHat[0] + n[1] * thetaHat[1] + n[2] * thetaHat[2]);
  ePhi = c * (n[0] * phiHat[0] + n[1] * phiHat[1] + n[2] * phiHat[2]);
}

std::vector<double> DirectivityOnGrid(const std::vector<double>& e2,
  const std::vector<double>& thetaDeg, const std::vector<double>& phiDeg, bool closing)
{
  const std::size_t nt = thetaDeg.size(), np = phiDeg.size();
  const double d2r = cm::Pi / 180.0;
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
      d[i] = 4.0 * cm::Pi * e2[i] / total;
    }
  }
  return d;
}

std::vector<double> AngleAxis(const double range[2], double step)
{
  std::vector<double> v;
  const long n = static_cast<long>(std::floor((range[1] - range[0]) / step + 1e-9));
  for (long i = 0; i <= n; ++i)
  {
    v.push_back(range[0] + i * step);
  }
  return v;
}

std::string CheckCurrentsInput(bool hasPolygons, bool surfaceJ, bool hasLines, bool wireI)
{
  if (hasPolygons && !surfaceJ)
  {
    return "the surface needs 3-component cell arrays J_real and J_imag";
  }
  if (hasLines && !wireI)
  {
    return "the wires need cell arrays I_real and I_imag";
  }
  return std::string();
}

std::string CheckFarFieldGrid(std::size_t nt, std::size_t np)
{
  const std::size_t ns = nt * np;
  if (ns == 0 || ns > 10000000)
  {
    std::ostringstream os;
    os << "the theta/phi grid has " << ns << " samples; it must have 1 to 10^7";
    return os.str();
  }
  return std::string();
}

void AddSurfaceElements(const double* points, const std::int64_t* offsets, const std::int64_t* ids,
  std::int64_t nCells, const double* jRe, const double* jIm, const unsigned char* skip,
  std::vector<CurrentElement>& out)
{
  for (std::int64_t c = 0; c < nCells; ++c)
  {
    const std::int64_t n = offsets[c + 1] - offsets[c];
    if ((skip && skip[c]) || (n != 3 && n != 4))
    {
      continue;
    }
    cm::Vec3 p[4];
    CurrentElement e;
    e.Position[0] = e.Position[1] = e.Position[2] = 0;
    for (std::int64_t i = 0; i < n; ++i)
    {
      const double* x = points + 3 * ids[offsets[c] + i];
      p[i] = { x[0], x[1], x[2] };
      for (int d = 0; d < 3; ++d)
      {
        e.Position[d] += p[i][d] / n;
      }
    }
    const double area = cm::ElementArea(p, static_cast<int>(n));
    for (int d = 0; d < 3; ++d)
    {
      e.Moment[d] = std::complex<double>(jRe[3 * c + d], jIm[3 * c + d]) * area;
    }
    out.push_back(e);
  }
}

void AddWireElements(const double* points, const std::int64_t* offsets, const std::int64_t* ids,
  std::int64_t nCells, const double* iRe, const double* iIm, const unsigned char* skip,
  std::vector<CurrentElement>& out)
{
  for (std::int64_t c = 0; c < nCells; ++c)
  {
    if ((skip && skip[c]) || offsets[c + 1] - offsets[c] != 2)
    {
      continue;
    }
    const double* a = points + 3 * ids[offsets[c]];
    const double* b = points + 3 * ids[offsets[c] + 1];
    const std::complex<double> current(iRe[c], iIm[c]);
    CurrentElement e;
    for (int d = 0; d < 3; ++d)
    {
      e.Position[d] = 0.5 * (a[d] + b[d]);
      e.Moment[d] = current * (b[d] - a[d]); // I · L · ŝ
    }
    out.push_back(e);
  }
}

void RadiationVectors(const std::vector<CurrentElement>& elements, double k,
  const std::vector<double>& thetaDeg, const std::vector<double>& phiDeg, const ParallelFor& pf,
  double* nvec)
{
  const std::size_t nt = thetaDeg.size();
  const long long ns = static_cast<long long>(nt * phiDeg.size());
  RunFor(pf, ns, [&](long long b, long long e) {
    for (long long s = b; s < e; ++s)
    {
      double dir[3];
      const double t = thetaDeg[s % nt] * cm::Pi / 180, p = phiDeg[s / nt] * cm::Pi / 180;
      dir[0] = std::sin(t) * std::cos(p);
      dir[1] = std::sin(t) * std::sin(p);
      dir[2] = std::cos(t);
      std::complex<double> n[3];
      RadiationVector(elements, k, dir, n);
      for (int d = 0; d < 3; ++d)
      {
        nvec[6 * s + 2 * d] = n[d].real();
        nvec[6 * s + 2 * d + 1] = n[d].imag();
      }
    }
  });
}

const char* const FarFieldColumnNames[9] = { "Theta", "Phi", "Etheta_re", "Etheta_im", "Ephi_re",
  "Ephi_im", "|Etheta|", "|Ephi|", "|E|" };

FarFieldTable FarFieldOnGrid(const double* nvec, double k, const std::vector<double>& th,
  const std::vector<double>& ph, double phiStep)
{
  const std::size_t nt = th.size(), np = ph.size(), ns = nt * np;
  FarFieldTable out;
  for (auto& c : out.Columns)
  {
    c.resize(ns);
  }
  std::vector<double> e2(ns);
  for (std::size_t s = 0; s < ns; ++s)
  {
    const std::complex<double> n[3] = { { nvec[6 * s], nvec[6 * s + 1] },
      { nvec[6 * s + 2], nvec[6 * s + 3] }, { nvec[6 * s + 4], nvec[6 * s + 5] } };
    std::complex<double> et, ep;
    FarFieldFromRadiationVector(n, k, th[s % nt] * cm::Pi / 180, ph[s / nt] * cm::Pi / 180, et, ep);
    e2[s] = std::norm(et) + std::norm(ep);
    const double row[9] = { th[s % nt], ph[s / nt], et.real(), et.imag(), ep.real(), ep.imag(),
      std::abs(et), std::abs(ep), std::sqrt(e2[s]) };
    for (int c = 0; c < 9; ++c)
    {
      out.Columns[c][s] = row[c];
    }
  }
  // Directivity needs the whole sphere.
  if (ns == 0)
  {
    return out;
  }
  const bool fullTheta = std::abs(th.front()) < 1e-9 && std::abs(th.back() - 180) < 1e-9;
  const bool closing = np > 1 && std::abs(ph.back() - ph.front() - 360) < 1e-9;
  const bool fullPhi =
    closing || (np > 1 && std::abs(ph.back() - ph.front() + phiStep - 360) < 1e-9);
  if (fullTheta && fullPhi)
  {
    const std::vector<double> d = DirectivityOnGrid(e2, th, ph, closing);
    out.Gain.resize(ns);
    for (std::size_t s = 0; s < ns; ++s)
    {
      out.Gain[s] = d[s] > 0 ? 10 * std::log10(d[s]) : -999.99;
    }
  }
  return out;
}
} // namespace cm::pattern
