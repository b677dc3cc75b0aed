// SPDX-License-Identifier: BSD-3-Clause
#include "cmPatternMetrics.h"

#include "cmConstants.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cm::pattern
{
namespace
{
constexpr double D2R = Pi / 180.0;

bool FullCircle(const std::vector<double>& ph)
{
  if (ph.size() < 2)
  {
    return false;
  }
  const double span = ph.back() - ph.front();
  const double step = span / (ph.size() - 1);
  return std::abs(span - 360.0) < 1e-6 || std::abs(span + step - 360.0) < 1e-6;
}

// Index i and weight t with axis[i] <= x <= axis[i+1]; clamps outside.
void Locate(const std::vector<double>& axis, double x, std::size_t& i, double& t)
{
  if (axis.size() == 1 || x <= axis.front())
  {
    i = 0;
    t = 0;
    return;
  }
  if (x >= axis.back())
  {
    i = axis.size() - 2;
    t = 1;
    return;
  }
  i = static_cast<std::size_t>(std::upper_bound(axis.begin(), axis.end(), x) - axis.begin()) - 1;
  t = (x - axis[i]) / (axis[i + 1] - axis[i]);
}

void Direction(double t, double p, double d[3])
{
  d[0] = std::sin(t * D2R) * std::cos(p * D2R);
  d[1] = std::sin(t * D2R) * std::sin(p * D2R);
  d[2] = std::cos(t * D2R);
}

void Angles(const double d[3], double& t, double& p)
{
  t = std::acos(std::clamp(d[2], -1.0, 1.0)) / D2R;
  p = std::atan2(d[1], d[0]) / D2R;
}

// U along a great circle: direction cos(a)·u + sin(a)·v for a in degrees.
struct Circle
{
  double U[3], V[3];
};

double OnCircle(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& in, const Circle& c, double a)
{
  const double ca = std::cos(a * D2R), sa = std::sin(a * D2R);
  const double d[3] = { ca * c.U[0] + sa * c.V[0], ca * c.U[1] + sa * c.V[1],
    ca * c.U[2] + sa * c.V[2] };
  double t, p;
  Angles(d, t, p);
  return SamplePattern(th, ph, in, t, p);
}

// Width between the half-power points either side of a = 0 on the circle.
double Beamwidth(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& in, const Circle& c, double peak)
{
  const double half = 0.5 * peak, step = 0.05;
  double edge[2] = { 180.0, 180.0 };
  for (int side = 0; side < 2; ++side)
  {
    const double sign = side == 0 ? 1.0 : -1.0;
    double prev = OnCircle(th, ph, in, c, 0.0);
    for (double a = step; a <= 180.0 + 1e-9; a += step)
    {
      const double u = OnCircle(th, ph, in, c, sign * a);
      if (u <= half)
      {
        // Linear interpolation of U between the last two steps.
        edge[side] = a - step + step * (prev - half) / (prev - u > 0 ? prev - u : 1.0);
        break;
      }
      prev = u;
    }
  }
  return std::min(360.0, edge[0] + edge[1]);
}
} // namespace

double SamplePattern(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& in, double theta, double phi)
{
  const std::size_t nt = th.size(), np = ph.size();
  std::size_t i, j0, j1;
  double t, s;
  Locate(th, theta, i, t);
  const std::size_t i1 = nt > 1 ? i + 1 : i;
  if (FullCircle(ph))
  {
    // Bring φ into [φ0, φ0 + 360) and wrap between the last and first columns.
    const double p0 = ph.front();
    double p = std::fmod(phi - p0, 360.0);
    p = p < 0 ? p + 360.0 : p;
    const bool closing = std::abs(ph.back() - p0 - 360.0) < 1e-6;
    const std::size_t n = closing ? np - 1 : np;
    const double step = 360.0 / n;
    j0 = std::min(n - 1, static_cast<std::size_t>(p / step));
    j1 = (j0 + 1) % n;
    s = (p - j0 * step) / step;
  }
  else
  {
    Locate(ph, phi, j0, s);
    j1 = np > 1 ? j0 + 1 : j0;
  }
  auto at = [&](std::size_t a, std::size_t b) { return in[b * nt + a]; };
  return (1 - t) * (1 - s) * at(i, j0) + t * (1 - s) * at(i1, j0) + t * s * at(i1, j1) +
    (1 - t) * s * at(i, j1);
}

std::vector<double> PatternCut(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& in, double peakTheta, double peakPhi, int plane, double step,
  double userAngle)
{
  std::vector<double> out;
  const int n = static_cast<int>(std::floor(360.0 / step + 1e-9));
  if (plane == 3)
  {
    for (int k = 0; k < n; ++k)
      out.push_back(SamplePattern(th, ph, in, userAngle, k * step));
    return out;
  }
  Circle c;
  double t = peakTheta, p = peakPhi;
  if (plane == 0)
  {
    t = 0; // start at the +z pole, run down φ = userAngle
    p = userAngle;
  }
  Direction(t, p, c.U);
  const double tr = t * D2R, pr = p * D2R;
  const double thetaHat[3] = { std::cos(tr) * std::cos(pr), std::cos(tr) * std::sin(pr),
    -std::sin(tr) };
  const double phiHat[3] = { -std::sin(pr), std::cos(pr), 0.0 };
  for (int d = 0; d < 3; ++d)
    c.V[d] = plane == 2 ? phiHat[d] : thetaHat[d];
  for (int k = 0; k < n; ++k)
    out.push_back(OnCircle(th, ph, in, c, k * step));
  return out;
}

PatternMetrics ComputePatternMetrics(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& in, double coneDeg)
{
  PatternMetrics m;
  const std::size_t nt = th.size(), np = ph.size();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (nt == 0 || np == 0 || in.size() != nt * np)
  {
    m.Directivity = m.ConePowerFraction = m.ConeAverageDirectivity = nan;
    return m;
  }
  const std::size_t k =
    static_cast<std::size_t>(std::max_element(in.begin(), in.end()) - in.begin());
  m.PeakIntensity = in[k];
  m.PeakTheta = th[k % nt];
  m.PeakPhi = ph[k / nt];

  // Integrals over the sphere with exact sin θ weights per θ cell.
  const bool sphere =
    std::abs(th.front()) < 1e-6 && std::abs(th.back() - 180.0) < 1e-6 && FullCircle(ph);
  double peakDir[3];
  Direction(m.PeakTheta, m.PeakPhi, peakDir);
  if (sphere)
  {
    const bool closing = std::abs(ph.back() - ph.front() - 360.0) < 1e-6;
    const std::size_t n = closing ? np - 1 : np;
    const double wp = 2 * Pi / n;
    const double cosCone = std::cos(coneDeg * D2R);
    double total = 0, cone = 0, coneSolid = 0;
    for (std::size_t j = 0; j < n; ++j)
    {
      for (std::size_t i = 0; i < nt; ++i)
      {
        const double t0 = i == 0 ? th[0] : 0.5 * (th[i - 1] + th[i]);
        const double t1 = i + 1 == nt ? th[nt - 1] : 0.5 * (th[i] + th[i + 1]);
        const double w = (std::cos(t0 * D2R) - std::cos(t1 * D2R)) * wp;
        const double u = in[j * nt + i];
        total += u * w;
        double d[3];
        Direction(th[i], ph[j], d);
        if (d[0] * peakDir[0] + d[1] * peakDir[1] + d[2] * peakDir[2] >= cosCone)
        {
          cone += u * w;
          coneSolid += w;
        }
      }
    }
    m.Directivity = total > 0 ? 4 * Pi * m.PeakIntensity / total : nan;
    m.ConePowerFraction = total > 0 ? cone / total : nan;
    m.ConeAverageDirectivity =
      total > 0 && coneSolid > 0 ? 4 * Pi * cone / (coneSolid * total) : nan;
  }
  else
  {
    m.Directivity = m.ConePowerFraction = m.ConeAverageDirectivity = nan;
  }

  // Principal planes through the peak: u = peak direction; plane 1 contains z.
  Circle c1, c2;
  for (int d = 0; d < 3; ++d)
  {
    c1.U[d] = c2.U[d] = peakDir[d];
  }
  // θ̂ at the peak lies in the plane of the peak and z; φ̂ is perpendicular to it.
  const double tp = m.PeakTheta * D2R, pp = m.PeakPhi * D2R;
  const double thetaHat[3] = { std::cos(tp) * std::cos(pp), std::cos(tp) * std::sin(pp),
    -std::sin(tp) };
  const double phiHat[3] = { -std::sin(pp), std::cos(pp), 0.0 };
  for (int d = 0; d < 3; ++d)
  {
    c1.V[d] = thetaHat[d];
    c2.V[d] = phiHat[d];
  }
  m.HalfPowerBeamwidth1 = Beamwidth(th, ph, in, c1, m.PeakIntensity);
  m.HalfPowerBeamwidth2 = Beamwidth(th, ph, in, c2, m.PeakIntensity);

  const double back = OnCircle(th, ph, in, c1, 180.0);
  m.FrontToBack =
    back > 0 ? 10 * std::log10(m.PeakIntensity / back) : std::numeric_limits<double>::infinity();

  // First sidelobe on plane 1: walk out from the peak to the first minimum on
  // each side, then take the first local maximum beyond it, stopping at the
  // back lobe (the lobe around the direction opposite the peak, which the
  // front-to-back ratio reports): a dipole has no sidelobe, not a 0 dB one.
  const double step = 0.25;
  const int n = static_cast<int>(360.0 / step);
  std::vector<double> cut(n);
  for (int a = 0; a < n; ++a)
  {
    cut[a] = OnCircle(th, ph, in, c1, a * step);
  }
  auto at = [&](int a) { return cut[((a % n) + n) % n]; };
  int right = 0, left = 0;
  while (right < n / 2 && at(right + 1) <= at(right))
    ++right;
  while (left > -n / 2 && at(left - 1) <= at(left))
    --left;
  // The back lobe's extent [backLeft, backRight] around n/2: walk down hill
  // (or along a plateau) from the opposite direction on both sides.
  int backRight = n / 2, backLeft = n / 2;
  while (backRight < n / 2 + n / 2 && at(backRight + 1) <= at(backRight) &&
    !(at(backRight + 1) == at(backRight) && at(backRight) == 0))
    ++backRight;
  while (backLeft > 0 && at(backLeft - 1) <= at(backLeft) &&
    !(at(backLeft - 1) == at(backLeft) && at(backLeft) == 0))
    --backLeft;
  // The first local maximum beyond the first minimum, on each side, before the back lobe.
  double lobe = 0;
  for (int a = right + 1; a < backLeft; ++a)
  {
    if (at(a) > at(a - 1) && at(a) >= at(a + 1))
    {
      lobe = std::max(lobe, at(a));
      break;
    }
  }
  for (int a = left - 1; a > backRight - n; --a)
  {
    if (at(a) > at(a + 1) && at(a) >= at(a - 1))
    {
      lobe = std::max(lobe, at(a));
      break;
    }
  }
  m.FirstSidelobe =
    lobe > 0 ? 10 * std::log10(lobe / m.PeakIntensity) : -std::numeric_limits<double>::infinity();
  return m;
}

const char* const MetricsColumnNames[11] = { "Frequency[Hz]", "PeakTheta[deg]", "PeakPhi[deg]",
  "PeakGain[dBi]", "Directivity[dBi]", "HPBWPlane1[deg]", "HPBWPlane2[deg]", "FrontToBack[dB]",
  "FirstSidelobe[dB]", "ConePowerFraction", "ConeAverageDirectivity[dBi]" };

std::string CheckMetricsColumns(bool theta, bool phi, bool value)
{
  return theta && phi && value ? std::string()
                               : std::string("the input needs Theta, Phi and a Gain or |E| column");
}

std::string MetricsRow(const std::vector<double>& th, const std::vector<double>& ph,
  const std::vector<double>& g, bool gain, double coneHalfAngleDeg, double row[11])
{
  // The grid axes: the distinct angles, and the intensity in grid order (θ fastest).
  auto same = [](double a, double b) { return std::abs(a - b) < 1e-6; };
  std::vector<double> ths(th), phs(ph);
  std::sort(ths.begin(), ths.end());
  ths.erase(std::unique(ths.begin(), ths.end(), same), ths.end());
  std::sort(phs.begin(), phs.end());
  phs.erase(std::unique(phs.begin(), phs.end(), same), phs.end());
  const std::size_t nt = ths.size(), np = phs.size();
  if (nt * np != th.size())
  {
    std::ostringstream os;
    os << "the samples do not form a complete theta/phi grid (" << nt << " x " << np
       << " != " << th.size() << ")";
    return os.str();
  }
  std::vector<double> u(nt * np, 0.0);
  double peakGain = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < th.size(); ++k)
  {
    const std::size_t i = std::lower_bound(ths.begin(), ths.end(), th[k] - 1e-6) - ths.begin();
    const std::size_t j = std::lower_bound(phs.begin(), phs.end(), ph[k] - 1e-6) - phs.begin();
    // −999.99 dB is NEC's zero field.
    u[j * nt + i] = gain ? (g[k] > -300 ? std::pow(10.0, g[k] / 10.0) : 0.0) : g[k] * g[k];
    peakGain = std::max(peakGain, g[k]);
  }
  const PatternMetrics m = ComputePatternMetrics(ths, phs, u, coneHalfAngleDeg);
  row[1] = m.PeakTheta;
  row[2] = m.PeakPhi;
  row[3] = gain ? peakGain : std::numeric_limits<double>::quiet_NaN();
  row[4] = 10 * std::log10(m.Directivity);
  row[5] = m.HalfPowerBeamwidth1;
  row[6] = m.HalfPowerBeamwidth2;
  row[7] = m.FrontToBack;
  row[8] = m.FirstSidelobe;
  row[9] = m.ConePowerFraction;
  row[10] = 10 * std::log10(m.ConeAverageDirectivity);
  return std::string();
}
} // namespace cm::pattern
