// SPDX-License-Identifier: BSD-3-Clause
#include "cmFarField.h"

#include "cmConstants.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace cm
{
std::vector<double>& FarFieldGrid::Column(const std::string& name)
{
  for (auto& c : this->Extra)
  {
    if (c.first == name)
    {
      return c.second;
    }
  }
  this->Extra.emplace_back(name, std::vector<double>());
  return this->Extra.back().second;
}

void FromMagnitudePhase(double magnitude, double phaseDegrees, double& re, double& im)
{
  const double a = phaseDegrees * cm::RadiansPerDegree;
  re = magnitude * std::cos(a);
  im = magnitude * std::sin(a);
}

void FinishFarFieldGrid(FarFieldGrid& g, const std::string& file, std::int64_t line)
{
  const std::size_t n = g.Theta.size();
  auto sized = [&](const std::vector<double>& v) { return v.size() == n; };
  bool ok = sized(g.Phi) && sized(g.EthetaRe) && sized(g.EthetaIm) && sized(g.EphiRe) &&
    sized(g.EphiIm) && (g.Gain.empty() || sized(g.Gain)) &&
    (g.Sense.empty() || g.Sense.size() == n);
  for (const auto& c : g.Extra)
  {
    ok = ok && sized(c.second);
  }
  if (!ok)
  {
    throw ParseError(file, line, "far-field columns of different lengths (internal error)");
  }
  if (n == 0)
  {
    throw ParseError(file, line, "far-field table without samples");
  }
  // θ fastest: the first run of equal φ gives the θ count.
  std::size_t nt = 1;
  while (nt < n && g.Phi[nt] == g.Phi[0])
  {
    ++nt;
  }
  if (n % nt != 0)
  {
    throw ParseError(file, line,
      "far-field table of " + std::to_string(n) + " samples is not a grid of " +
        std::to_string(nt) + " theta values per phi");
  }
  for (std::size_t k = nt; k < n; ++k)
  {
    const std::size_t first = k - k % nt;
    if (g.Theta[k] != g.Theta[k % nt] || g.Phi[k] != g.Phi[first])
    {
      throw ParseError(file, line,
        "far-field sample " + std::to_string(k + 1) + " (theta " + std::to_string(g.Theta[k]) +
          ", phi " + std::to_string(g.Phi[k]) +
          ") breaks the theta-fastest grid set by the first phi cut");
    }
  }
  g.NumberOfTheta = static_cast<std::int64_t>(nt);
  g.NumberOfPhi = static_cast<std::int64_t>(n / nt);
  if (!g.Gain.empty())
  {
    for (std::size_t k = 0; k < n; ++k)
    {
      if (g.Gain[k] <= NoFieldDecibels + 0.005)
      {
        g.EthetaRe[k] = g.EthetaIm[k] = g.EphiRe[k] = g.EphiIm[k] = 0;
      }
    }
  }
}

bool HasThetaBeyondTable(const FarFieldGrid& g)
{
  for (double t : g.Theta)
  {
    if (t < -1e-9 || t > 180 + 1e-9)
    {
      return true;
    }
  }
  return false;
}

void MapToTableRanges(FarFieldGrid& g, const std::string& file, std::int64_t line,
  const std::vector<std::string>& basisColumns)
{
  const std::size_t n = g.Theta.size();
  if (g.Phi.size() != n || g.EthetaRe.size() != n || g.EthetaIm.size() != n ||
    g.EphiRe.size() != n || g.EphiIm.size() != n)
  {
    throw ParseError(file, line, "far-field columns of different lengths (internal error)");
  }
  // Degrees into [0, 360); within 1e-4 degrees of 360 is 0 (float32 radians).
  auto wrap = [](double d) {
    d = std::fmod(d, 360.0);
    d = d < 0 ? d + 360 : d;
    const double snapped = std::round(d * 1e4) / 1e4;
    return snapped >= 360 || snapped == 0 ? 0.0 : d;
  };
  std::vector<double> mt(n), mp(n), sg(n);
  for (std::size_t k = 0; k < n; ++k)
  {
    double t = wrap(g.Theta[k]), p = g.Phi[k], s = 1;
    if (t > 180)
    {
      t = 360 - t;
      p += 180;
      s = -1;
    }
    mt[k] = t;
    mp[k] = wrap(p);
    sg[k] = s;
  }
  auto axis = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    v.erase(
      std::unique(v.begin(), v.end(), [](double a, double b) { return std::abs(a - b) < 1e-6; }),
      v.end());
    return v;
  };
  const std::vector<double> ths = axis(mt), phs = axis(mp);
  const std::size_t nt = ths.size(), np = phs.size();
  auto slot = [](const std::vector<double>& v, double x) {
    return static_cast<std::size_t>(std::lower_bound(v.begin(), v.end(), x - 1e-6) - v.begin());
  };
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> from(nt * np, none), poleFrom(nt * np, none);
  for (std::size_t k = 0; k < n; ++k)
  {
    const std::size_t c = slot(phs, mp[k]) * nt + slot(ths, mt[k]);
    from[c] = from[c] == none ? k : from[c];
  }
  for (std::size_t it : { std::size_t(0), nt - 1 })
  {
    if (ths[it] > 1e-6 && ths[it] < 180 - 1e-6)
    {
      continue; // no pole
    }
    std::size_t have = none;
    for (std::size_t ip = 0; ip < np && have == none; ++ip)
    {
      have = from[ip * nt + it] != none ? ip : none;
    }
    for (std::size_t ip = 0; ip < np && have != none; ++ip)
    {
      poleFrom[ip * nt + it] = from[ip * nt + it] == none ? have * nt + it : none;
    }
  }
  for (std::size_t c = 0; c < nt * np; ++c)
  {
    if (from[c] == none && poleFrom[c] == none)
    {
      throw ParseError(file, line,
        "the theta/phi samples, taken to theta in [0, 180] and phi in [0, 360) degrees, do not "
        "fill "
        "a grid: no sample for theta " +
          std::to_string(ths[c % nt]) + ", phi " + std::to_string(phs[c / nt]) + " (" +
          std::to_string(nt) + " theta x " + std::to_string(np) + " phi values)");
    }
  }
  FarFieldGrid out;
  out.Frequency = g.Frequency;
  out.GainKind = g.GainKind;
  out.SourceFormat = g.SourceFormat;
  out.Name = g.Name;
  out.FieldUnit = g.FieldUnit;
  out.Values = g.Values;
  std::vector<bool> basis;
  for (const auto& c : g.Extra)
  {
    out.Extra.emplace_back(c.first, std::vector<double>());
    bool b = false;
    for (const std::string& name : basisColumns)
    {
      b = b || name == c.first;
    }
    basis.push_back(b);
  }
  using C = std::complex<double>;
  for (std::size_t c = 0; c < nt * np; ++c)
  {
    const std::size_t it = c % nt, ip = c / nt;
    const bool filled = from[c] == none;
    const std::size_t k = filled ? from[poleFrom[c]] : from[c];
    C et = sg[k] * C(g.EthetaRe[k], g.EthetaIm[k]), ep = sg[k] * C(g.EphiRe[k], g.EphiIm[k]);
    if (filled)
    {
      // The transverse vector (x, y) at the pole from the sample at phi a, then its
      // components at phi b: theta-hat = s (cos p, sin p, 0), phi-hat = (-sin p, cos p, 0),
      // s = 1 at theta = 0 and -1 at 180.
      const double s = ths[it] < 90 ? 1 : -1;
      const double a = phs[poleFrom[c] / nt] * RadiansPerDegree, b = phs[ip] * RadiansPerDegree;
      const C x = s * et * std::cos(a) - ep * std::sin(a);
      const C y = s * et * std::sin(a) + ep * std::cos(a);
      et = s * (x * std::cos(b) + y * std::sin(b));
      ep = -x * std::sin(b) + y * std::cos(b);
    }
    out.Theta.push_back(ths[it]);
    out.Phi.push_back(phs[ip]);
    out.EthetaRe.push_back(et.real());
    out.EthetaIm.push_back(et.imag());
    out.EphiRe.push_back(ep.real());
    out.EphiIm.push_back(ep.imag());
    if (!g.Gain.empty())
    {
      out.Gain.push_back(g.Gain[k]);
    }
    if (!g.Sense.empty())
    {
      out.Sense.push_back(g.Sense[k]);
    }
    for (std::size_t e = 0; e < g.Extra.size(); ++e)
    {
      out.Extra[e].second.push_back(filled && basis[e] ? std::nan("") : g.Extra[e].second[k]);
    }
  }
  g = std::move(out);
  FinishFarFieldGrid(g, file, line);
}

} // namespace cm
