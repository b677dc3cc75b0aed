// SPDX-License-Identifier: BSD-3-Clause
// A Palace far field at scattered directions on a regular θ/φ grid (cmPalace.h): moving
// least squares of the Cartesian r·E over the nearest sample directions.
#include "cmPalace.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace cm
{
namespace
{
constexpr double Pi = 3.14159265358979323846;
constexpr double Rad = Pi / 180;
using C = std::complex<double>;
using Vec = std::array<double, 3>;

Vec Direction(double thetaRad, double phiRad)
{
  return { std::sin(thetaRad) * std::cos(phiRad), std::sin(thetaRad) * std::sin(phiRad),
    std::cos(thetaRad) };
}

double Dot(const Vec& a, const Vec& b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/// The samples as unit vectors, sorted by θ for the neighbour search.
struct Samples
{
  std::vector<Vec> P;
  std::vector<double> Theta; ///< radians, ascending
  std::vector<std::size_t> Index; ///< into the block's rows
};

Samples SortSamples(const PalaceFarFieldBlock& b)
{
  Samples s;
  const std::size_t n = b.Theta.size();
  s.Index.resize(n);
  std::iota(s.Index.begin(), s.Index.end(), std::size_t(0));
  std::vector<Vec> p(n);
  std::vector<double> t(n);
  for (std::size_t k = 0; k < n; ++k)
  {
    p[k] = Direction(b.Theta[k] * Rad, b.Phi[k] * Rad);
    t[k] = std::acos(std::max(-1.0, std::min(1.0, p[k][2]))); // θ of any printed angles
  }
  std::stable_sort(
    s.Index.begin(), s.Index.end(), [&t](std::size_t a, std::size_t c) { return t[a] < t[c]; });
  for (std::size_t k : s.Index)
  {
    s.P.push_back(p[k]);
    s.Theta.push_back(t[k]);
  }
  return s;
}

/// The `k` nearest samples to q (sorted positions and squared chords), nearest first.
/// Scans outward from q's θ in the θ-sorted list and stops once |Δθ| alone puts every
/// further sample beyond the k-th nearest (chord ≥ 2 sin(|Δθ|/2)).
void Nearest(const Samples& s, const Vec& q, double thetaQ, std::size_t k,
  std::vector<std::pair<double, std::size_t>>& best)
{
  best.clear();
  const auto n = static_cast<std::ptrdiff_t>(s.Theta.size());
  std::ptrdiff_t hi = std::lower_bound(s.Theta.begin(), s.Theta.end(), thetaQ) - s.Theta.begin();
  std::ptrdiff_t lo = hi - 1;
  auto push = [&](std::size_t i) {
    const double d2 = std::max(0.0, 2 - 2 * Dot(s.P[i], q));
    if (best.size() < k || d2 < best.back().first)
    {
      if (best.size() == k)
      {
        best.pop_back();
      }
      best.insert(
        std::upper_bound(best.begin(), best.end(), std::make_pair(d2, i)), std::make_pair(d2, i));
    }
  };
  while (lo >= 0 || hi < n)
  {
    const double dl = lo >= 0 ? thetaQ - s.Theta[static_cast<std::size_t>(lo)] : 1e300;
    const double dh = hi < n ? s.Theta[static_cast<std::size_t>(hi)] - thetaQ : 1e300;
    const double dt = std::min(dl, dh);
    const double bound = 2 * std::sin(0.5 * std::min(dt, Pi));
    if (best.size() == k && bound * bound > best.back().first)
    {
      break;
    }
    push(static_cast<std::size_t>(dl <= dh ? lo-- : hi++));
  }
}

/// Solves the n × n system a x = r (row-major, n ≤ 6, two right-hand sides) by Gaussian
/// elimination with partial pivoting; false when a pivot is below 1e-12 of the largest
/// diagonal entry (the neighbours do not determine the fit).
bool Solve(int n, double a[6][6], C r[6][2], C x[2])
{
  double scale = 0;
  for (int i = 0; i < n; ++i)
  {
    scale = std::max(scale, std::abs(a[i][i]));
  }
  for (int c = 0; c < n; ++c)
  {
    int p = c;
    for (int i = c + 1; i < n; ++i)
    {
      p = std::abs(a[i][c]) > std::abs(a[p][c]) ? i : p;
    }
    if (!(std::abs(a[p][c]) > 1e-12 * scale))
    {
      return false;
    }
    std::swap(a[p], a[c]);
    std::swap(r[p], r[c]);
    for (int i = c + 1; i < n; ++i)
    {
      const double f = a[i][c] / a[c][c];
      for (int j = c; j < n; ++j)
      {
        a[i][j] -= f * a[c][j];
      }
      r[i][0] -= f * r[c][0];
      r[i][1] -= f * r[c][1];
    }
  }
  for (int k = 0; k < 2; ++k)
  {
    C v[6];
    for (int i = n - 1; i >= 0; --i)
    {
      C sum = r[i][k];
      for (int j = i + 1; j < n; ++j)
      {
        sum -= a[i][j] * v[j];
      }
      v[i] = sum / a[i][i];
    }
    x[k] = v[0];
  }
  return true;
}

/// A tangent vector at p carried to q along the great circle (Rodrigues' rotation that
/// takes p to q), so that a smooth pattern's neighbours agree before they are fitted.
std::array<C, 3> Transport(const Vec& p, const Vec& q, const std::array<C, 3>& e)
{
  Vec n = { p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0] };
  const double s = std::sqrt(Dot(n, n)), c = Dot(p, q);
  if (s < 1e-15)
  {
    return e;
  }
  n = { n[0] / s, n[1] / s, n[2] / s };
  const C ne = n[0] * e[0] + n[1] * e[1] + n[2] * e[2];
  const std::array<C, 3> x = { n[1] * e[2] - n[2] * e[1], n[2] * e[0] - n[0] * e[2],
    n[0] * e[1] - n[1] * e[0] };
  std::array<C, 3> out;
  for (int i = 0; i < 3; ++i)
  {
    out[static_cast<std::size_t>(i)] =
      e[static_cast<std::size_t>(i)] * c + x[static_cast<std::size_t>(i)] * s + n[i] * ne * (1 - c);
  }
  return out;
}

/// (Eθ, Eφ) at q from its neighbours (see cmPalace.h): each neighbour's r·E carried to q
/// and taken on q's θ̂, φ̂, then fitted by weighted least squares, quadratic in the
/// tangent-plane offsets (u, v), else linear, else inverse-distance weighted.
std::array<C, 2> Fit(const PalaceFarFieldBlock& b, const Samples& s, const Vec& q, const Vec& t1,
  const Vec& t2, const std::vector<std::pair<double, std::size_t>>& nb)
{
  const std::size_t row0 = s.Index[nb.front().second];
  if (nb.front().first < 1e-18)
  {
    const std::array<C, 3> e = { b.Ex[row0], b.Ey[row0], b.Ez[row0] };
    return { e[0] * t1[0] + e[1] * t1[1] + e[2] * t1[2], e[0] * t2[0] + e[1] * t2[1] };
  }
  const double h = std::sqrt(nb.back().first); // scales u, v to about 1
  std::vector<std::array<double, 6>> basis(nb.size());
  std::vector<std::array<C, 2>> f(nb.size());
  std::vector<double> w(nb.size());
  C idw[2] = {};
  double wsum = 0;
  for (std::size_t k = 0; k < nb.size(); ++k)
  {
    const Vec& p = s.P[nb[k].second];
    const std::size_t row = s.Index[nb[k].second];
    const std::array<C, 3> e = Transport(p, q, { b.Ex[row], b.Ey[row], b.Ez[row] });
    f[k] = { e[0] * t1[0] + e[1] * t1[1] + e[2] * t1[2], e[0] * t2[0] + e[1] * t2[1] };
    const Vec d = { p[0] - q[0], p[1] - q[1], p[2] - q[2] };
    const double u = Dot(d, t1) / h, v = Dot(d, t2) / h;
    basis[k] = { 1, u, v, u * u, u * v, v * v };
    w[k] = 1 / nb[k].first;
    idw[0] += w[k] * f[k][0];
    idw[1] += w[k] * f[k][1];
    wsum += w[k];
  }
  for (int n : { 6, 3 })
  {
    if (static_cast<int>(nb.size()) < n + (n == 6 ? 3 : 0))
    {
      continue; // a quadratic fit wants some redundancy
    }
    double a[6][6] = {};
    C r[6][2] = {};
    for (std::size_t k = 0; k < nb.size(); ++k)
    {
      for (int i = 0; i < n; ++i)
      {
        for (int j = 0; j < n; ++j)
        {
          a[i][j] +=
            w[k] * basis[k][static_cast<std::size_t>(i)] * basis[k][static_cast<std::size_t>(j)];
        }
        r[i][0] += w[k] * basis[k][static_cast<std::size_t>(i)] * f[k][0];
        r[i][1] += w[k] * basis[k][static_cast<std::size_t>(i)] * f[k][1];
      }
    }
    C x[2];
    if (Solve(n, a, r, x))
    {
      return { x[0], x[1] };
    }
  }
  return { idw[0] / wsum, idw[1] / wsum };
}
} // namespace

double PalaceIntegratedPower(const FarFieldGrid& g)
{
  return TrapezoidRadiatedPower(g);
}

FarFieldGrid PalaceFarFieldGrid(
  const PalaceFarFieldBlock& b, double thetaStep, double phiStep, int neighbours)
{
  if (!(thetaStep >= 0.1 && thetaStep <= 90 && phiStep >= 0.1 && phiStep <= 180))
  {
    throw std::invalid_argument("the grid steps must be 0.1 to 90 (theta), 180 (phi) degrees");
  }
  if (b.Theta.empty() || neighbours < 1)
  {
    throw std::invalid_argument("no far-field samples to interpolate");
  }
  // The nearest steps that divide 180 and 360 degrees.
  const auto nt = static_cast<std::size_t>(std::lround(180 / thetaStep)) + 1;
  const auto np = static_cast<std::size_t>(std::max(1L, std::lround(360 / phiStep)));
  FarFieldGrid g;
  g.SourceFormat = "Palace";
  g.FieldUnit = "V";
  g.Frequency = b.Frequency;
  g.NumberOfTheta = static_cast<std::int64_t>(nt);
  g.NumberOfPhi = static_cast<std::int64_t>(np);
  const Samples s = SortSamples(b);
  const std::size_t k = std::min(static_cast<std::size_t>(neighbours), s.P.size());
  std::vector<std::pair<double, std::size_t>> nb;
  double gap = 0; // the largest squared chord from a grid direction to its nearest sample
  for (std::size_t j = 0; j < np; ++j)
  {
    const double phi = 360.0 * static_cast<double>(j) / static_cast<double>(np);
    for (std::size_t i = 0; i < nt; ++i)
    {
      const double theta = 180.0 * static_cast<double>(i) / static_cast<double>(nt - 1);
      const double t = theta * Rad, p = phi * Rad;
      const Vec q = Direction(t, p);
      const Vec t1 = { std::cos(t) * std::cos(p), std::cos(t) * std::sin(p), -std::sin(t) };
      const Vec t2 = { -std::sin(p), std::cos(p), 0 };
      Nearest(s, q, t, k, nb);
      gap = std::max(gap, nb.front().first);
      const std::array<C, 2> e = Fit(b, s, q, t1, t2, nb);
      const C et = e[0], ep = e[1];
      g.Theta.push_back(theta);
      g.Phi.push_back(phi);
      g.EthetaRe.push_back(et.real());
      g.EthetaIm.push_back(et.imag());
      g.EphiRe.push_back(ep.real());
      g.EphiIm.push_back(ep.imag());
    }
  }
  const double power = PalaceIntegratedPower(g);
  if (power > 0)
  {
    g.Gain.resize(g.Theta.size());
    const double scale = 4 * Pi / (2 * FreeSpaceWaveImpedance * power);
    for (std::size_t n = 0; n < g.Gain.size(); ++n)
    {
      const double d = scale *
        (g.EthetaRe[n] * g.EthetaRe[n] + g.EthetaIm[n] * g.EthetaIm[n] + g.EphiRe[n] * g.EphiRe[n] +
          g.EphiIm[n] * g.EphiIm[n]);
      g.Gain[n] = d > 0 ? std::max(10 * std::log10(d), NoFieldDecibels) : NoFieldDecibels;
    }
    g.GainKind = "Directivity";
    g.Values.emplace_back("IntegratedPower", std::vector<double>{ power });
  }
  g.Values.emplace_back("Excitation", std::vector<double>{ static_cast<double>(b.Excitation) });
  g.Values.emplace_back("LargestGap[deg]",
    std::vector<double>{ 2 * std::asin(std::min(1.0, 0.5 * std::sqrt(gap))) / Rad });
  if (b.Mode != 0)
  {
    g.Values.emplace_back("Mode", std::vector<double>{ static_cast<double>(b.Mode) });
    g.Values.emplace_back("FrequencyImag", std::vector<double>{ b.FrequencyImag });
  }
  return g;
}
} // namespace cm
