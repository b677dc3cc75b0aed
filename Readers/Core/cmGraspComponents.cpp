// SPDX-License-Identifier: BSD-3-Clause
// TICRA GRASP field components and the sets' tables, shared by the .cut and .grd
// parsers: see cmGrasp.h.
#include "cmGrasp.h"

#include "cmTextScan.h"

#include <cmath>
#include <limits>

namespace cm
{
namespace
{
using C = std::complex<double>;
constexpr double Pi = 3.14159265358979323846;
constexpr double Rad = Pi / 180;
const double NaN = std::numeric_limits<double>::quiet_NaN();
} // namespace

std::string GraspComponentName(int icomp, int k)
{
  static const char* const names[9][2] = { { "E_theta", "E_phi" }, { "E_rhc", "E_lhc" },
    { "E_co", "E_cx" }, { "E_maj", "E_min" }, { "E_theta/E_phi", "E_phi/E_theta" },
    { "E_rhc/E_lhc", "E_lhc/E_rhc" }, { "E_co/E_cx", "E_cx/E_co" },
    { "E_maj/E_min", "E_min/E_maj" }, { "|E|", "sqrt(E_rhc/E_lhc)" } };
  if (k == 2)
  {
    return "E_r";
  }
  return icomp >= 1 && icomp <= 9 && (k == 0 || k == 1) ? names[icomp - 1][k]
                                                        : "F" + std::to_string(k + 1);
}

bool GraspToThetaPhi(int icomp, double phiDegrees, C f1, C f2, C& et, C& ep)
{
  const double c = std::cos(phiDegrees * Rad), s = std::sin(phiDegrees * Rad);
  C co, cx;
  switch (icomp)
  {
    case 1:
      et = f1;
      ep = f2;
      return true;
    case 2: // E_rhc = (E_co + j E_cx)/√2, E_lhc = (E_co − j E_cx)/√2
      co = (f1 + f2) / std::sqrt(2.0);
      cx = (f1 - f2) / (C(0, 1) * std::sqrt(2.0));
      break;
    case 3:
      co = f1;
      cx = f2;
      break;
    default: return false;
  }
  // E_co = Eθ cos φ − Eφ sin φ, E_cx = Eθ sin φ + Eφ cos φ (a rotation: its transpose inverts it)
  et = co * c + cx * s;
  ep = -co * s + cx * c;
  return true;
}

double GraspMagnitude(int icomp, C f1, C f2)
{
  if (icomp >= 1 && icomp <= 4)
  {
    return std::sqrt(std::norm(f1) + std::norm(f2));
  }
  return icomp == 9 ? std::abs(f1) : NaN;
}

namespace grasp
{
namespace
{
/// Eθ, Eφ given in the unit vectors of φ = 0 at a pole, in those of φ (degrees).
void TurnFromPhiZero(double theta, double phi, C& et, C& ep)
{
  const double s = theta < 90 ? 1 : -1; // θ̂ at the pole is s (cos φ, sin φ, 0)
  const C x = s * et, y = ep; // the transverse field in x, y
  const double c = std::cos(phi * Rad), n = std::sin(phi * Rad);
  et = s * (x * c + y * n);
  ep = -x * n + y * c;
}

bool IsPole(double theta, double pole)
{
  return std::abs(std::fmod(std::abs(theta), 360.0) - pole) < 1e-9;
}

/// The sample kept at θ = 0 and at θ = 180 (or ±180): the one nearest φ = 0 (mod 360);
/// n where the pole has none.
std::vector<std::size_t> PoleSamples(const FarFieldGrid& g)
{
  const std::size_t n = g.Theta.size();
  std::vector<std::size_t> best = { n, n };
  std::vector<double> off = { 1e300, 1e300 };
  for (std::size_t k = 0; k < n; ++k)
  {
    for (int p = 0; p < 2; ++p)
    {
      double d = std::fmod(std::abs(g.Phi[k]), 360.0);
      d = std::min(d, 360 - d);
      if (IsPole(g.Theta[k], p * 180.0) && d < off[static_cast<std::size_t>(p)])
      {
        off[static_cast<std::size_t>(p)] = d;
        best[static_cast<std::size_t>(p)] = k;
      }
    }
  }
  return best;
}

void AddComponentColumns(FarFieldGrid& g, int icomp, const std::vector<C> (&f)[3])
{
  for (int k = 0; k < 3; ++k)
  {
    if (f[k].empty())
    {
      continue;
    }
    const std::string name = GraspComponentName(icomp, k);
    g.Column(name + "_re");
    g.Column(name + "_im"); // both first: a later Column() may move the earlier one
    std::vector<double>& re = g.Column(name + "_re");
    std::vector<double>& im = g.Column(name + "_im");
    re.reserve(f[k].size());
    im.reserve(f[k].size());
    for (const C& v : f[k])
    {
      re.push_back(v.real());
      im.push_back(v.imag());
    }
  }
}
} // namespace

void FinishSet(GraspSet& set, int icomp, const std::vector<bool>& poleTurn,
  const std::vector<C> (&f)[3], const std::string& file, std::int64_t line)
{
  FarFieldGrid& g = set.Samples;
  const std::size_t n = g.Theta.size();
  g.SourceFormat = "GRASP";
  g.FieldUnit = "sqrt(W)";
  g.GainKind = "Gain";
  FarFieldGrid t;
  t.Frequency = g.Frequency;
  t.SourceFormat = g.SourceFormat;
  t.FieldUnit = g.FieldUnit;
  t.GainKind = g.GainKind;
  t.Name = g.Name;
  const bool fields = icomp >= 1 && icomp <= 3;
  const std::vector<std::size_t> pole = PoleSamples(g);
  for (std::size_t k = 0; k < n; ++k)
  {
    C et(NaN, NaN), ep(NaN, NaN);
    if (fields && GraspToThetaPhi(icomp, g.Phi[k], f[0][k], f[1][k], et, ep) && poleTurn[k])
    {
      TurnFromPhiZero(g.Theta[k], g.Phi[k], et, ep);
    }
    // A near field's E_r (NCOMP 3) is part of |E|, as GRASP's ICOMP 9 |E| has it.
    const double e = f[2].empty() || icomp == 9
      ? GraspMagnitude(icomp, f[0][k], f[1][k])
      : std::hypot(GraspMagnitude(icomp, f[0][k], f[1][k]), std::abs(f[2][k]));
    g.EthetaRe.push_back(et.real());
    g.EthetaIm.push_back(et.imag());
    g.EphiRe.push_back(ep.real());
    g.EphiIm.push_back(ep.imag());
    g.Gain.push_back(std::isnan(e) ? NaN
        : e > 0                    ? std::max(20 * std::log10(e), NoFieldDecibels)
                                   : NoFieldDecibels);
    // One sample per pole goes to the table (MapToTableRanges turns it to the other φ):
    // GRASP's θφ grids give Eθ, Eφ at the pole in no consistent unit vectors (MEMACS's
    // CircWG grid: φ = 0's at some φ, the sample's own at others), and the one nearest
    // φ = 0 is right in either.
    const bool otherPole =
      (k != pole[0] && IsPole(g.Theta[k], 0)) || (k != pole[1] && IsPole(g.Theta[k], 180));
    if (fields && std::isfinite(g.Theta[k]) && !otherPole)
    {
      t.Theta.push_back(g.Theta[k]);
      t.Phi.push_back(g.Phi[k]);
      t.EthetaRe.push_back(et.real());
      t.EthetaIm.push_back(et.imag());
      t.EphiRe.push_back(ep.real());
      t.EphiIm.push_back(ep.imag());
      t.Gain.push_back(g.Gain.back());
    }
  }
  AddComponentColumns(g, icomp, f);
  if (!fields)
  {
    set.TableProblem = "ICOMP " + std::to_string(icomp) + " (" + GraspComponentName(icomp, 0) +
      ", " + GraspComponentName(icomp, 1) +
      ") gives no theta/phi components: no far-field table; the samples are read";
    return;
  }
  try
  {
    MapToTableRanges(t, file, line);
    set.Table = std::move(t);
  }
  catch (const ParseError& e)
  {
    set.TableProblem = e.what();
  }
}
} // namespace grasp
} // namespace cm
