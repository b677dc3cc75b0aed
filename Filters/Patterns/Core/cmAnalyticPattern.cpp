// SPDX-License-Identifier: BSD-3-Clause
#include "cmAnalyticPattern.h"

#include "cmConstants.h"

#include <cmath>
#include <sstream>

namespace cm::pattern
{
std::string CheckAnalyticGrid(const AnalyticPatternSpec& spec, int& nt, int& np)
{
  nt = static_cast<int>(std::lround(180.0 / spec.ThetaStep)) + 1;
  np = static_cast<int>(std::lround(360.0 / spec.PhiStep)) + 1;
  if (std::abs((nt - 1) * spec.ThetaStep - 180.0) > 1e-9 ||
    std::abs((np - 1) * spec.PhiStep - 360.0) > 1e-9)
  {
    std::ostringstream os;
    os << "ThetaStep must divide 180 and PhiStep 360 (got " << spec.ThetaStep << ", "
       << spec.PhiStep << ")";
    return os.str();
  }
  return std::string();
}

FarFieldTable AnalyticPattern(const AnalyticPatternSpec& spec)
{
  FarFieldTable out;
  int nt = 0, np = 0;
  if (!CheckAnalyticGrid(spec, nt, np).empty())
  {
    return out;
  }
  const int nElem = spec.NumberOfElements;
  const double kd = 2 * cm::Pi * spec.ElementSpacing, beta = spec.PhaseStep * cm::Pi / 180.0;
  auto ArrayFactor = [&](double t) {
    const double psi = kd * std::cos(t) + beta;
    const double den = nElem * std::sin(0.5 * psi);
    return std::abs(den) > 1e-12 ? std::abs(std::sin(0.5 * nElem * psi) / den) : 1.0;
  };
  double arrayDirectivity = 1.0;
  if (spec.Antenna == AnalyticAntenna::UniformLinearArray)
  {
    const int steps = 20000;
    double integral = 0;
    for (int i = 0; i < steps; ++i)
    {
      const double t = (i + 0.5) * cm::Pi / steps, af = ArrayFactor(t);
      integral += af * af * std::sin(t) * (cm::Pi / steps);
    }
    arrayDirectivity = 2.0 / integral; // 4π / (2π ∫ |AF|² sin θ dθ)
  }
  for (int j = 0; j < np; ++j)
  {
    for (int i = 0; i < nt; ++i)
    {
      const double th = i * spec.ThetaStep, ph = j * spec.PhiStep;
      const double t = th * cm::Pi / 180.0, s = std::sin(t);
      double et = 1.0, d = 1.0;
      if (spec.Antenna == AnalyticAntenna::ShortDipole)
      {
        et = s;
        d = 1.5 * s * s;
      }
      else if (spec.Antenna == AnalyticAntenna::HalfWaveDipole)
      {
        et = std::abs(s) > 1e-12 ? std::cos(0.5 * cm::Pi * std::cos(t)) / s : 0.0;
        d = 1.640922 * et * et;
      }
      else if (spec.Antenna == AnalyticAntenna::UniformLinearArray)
      {
        et = ArrayFactor(t);
        d = arrayDirectivity * et * et;
      }
      const double row[9] = { th, ph, et, 0.0, 0.0, 0.0, std::abs(et), 0.0, std::abs(et) };
      for (int c = 0; c < 9; ++c)
      {
        out.Columns[c].push_back(row[c]);
      }
      out.Gain.push_back(d > 0 ? 10.0 * std::log10(d) : -999.99);
    }
  }
  return out;
}
} // namespace cm::pattern
