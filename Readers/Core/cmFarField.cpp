// SPDX-License-Identifier: BSD-3-Clause
#include "cmFarField.h"

#include "cmConstants.h"

#include "cmTextScan.h"

#include <cmath>

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
    sized(g.EphiIm) && (g.Gain.empty() || sized(g.Gain)) && (g.Sense.empty() || g.Sense.size() == n);
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

} // namespace cm
