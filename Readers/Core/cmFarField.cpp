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

namespace
{
constexpr std::size_t None = static_cast<std::size_t>(-1);
using C = std::complex<double>;

/// Degrees into [0, 360); within 1e-4 degrees of 360 is 0 (float32 radians).
double WrapDegrees(double d)
{
  d = std::fmod(d, 360.0);
  d = d < 0 ? d + 360 : d;
  const double snapped = std::round(d * 1e4) / 1e4;
  return snapped >= 360 || snapped == 0 ? 0.0 : d;
}

/// Distinct values, ascending, merging those closer than 1e-6.
std::vector<double> Axis(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  v.erase(
    std::unique(v.begin(), v.end(), [](double a, double b) { return std::abs(a - b) < 1e-6; }),
    v.end());
  return v;
}

std::size_t Slot(const std::vector<double>& v, double x)
{
  return static_cast<std::size_t>(std::lower_bound(v.begin(), v.end(), x - 1e-6) - v.begin());
}

/// The samples taken to the table's ranges, and where each cell of the grid comes from.
struct TableGrid
{
  std::vector<double> MappedTheta, MappedPhi, Sign; ///< per sample
  std::vector<double> Theta, Phi; ///< the axes
  std::size_t Nt = 0, Np = 0;
  std::vector<std::size_t> From; ///< per cell (θ fastest): its sample, or None
  std::vector<std::size_t> PoleFrom; ///< per empty pole cell: the cell whose field it takes

  explicit TableGrid(const FarFieldGrid& g);
  void FillPoles();
  void CheckFilled(const std::string& file, std::int64_t line) const;
};

TableGrid::TableGrid(const FarFieldGrid& g)
{
  const std::size_t n = g.Theta.size();
  this->MappedTheta.resize(n);
  this->MappedPhi.resize(n);
  this->Sign.resize(n);
  for (std::size_t k = 0; k < n; ++k)
  {
    double t = WrapDegrees(g.Theta[k]), p = g.Phi[k], s = 1;
    if (t > 180)
    {
      t = 360 - t;
      p += 180;
      s = -1;
    }
    this->MappedTheta[k] = t;
    this->MappedPhi[k] = WrapDegrees(p);
    this->Sign[k] = s;
  }
  this->Theta = Axis(this->MappedTheta);
  this->Phi = Axis(this->MappedPhi);
  this->Nt = this->Theta.size();
  this->Np = this->Phi.size();
  this->From.assign(this->Nt * this->Np, None);
  this->PoleFrom.assign(this->Nt * this->Np, None);
  for (std::size_t k = 0; k < n; ++k)
  {
    const std::size_t c =
      Slot(this->Phi, this->MappedPhi[k]) * this->Nt + Slot(this->Theta, this->MappedTheta[k]);
    this->From[c] = this->From[c] == None ? k : this->From[c];
  }
}

/// A pole cell without a sample takes the first cell of the same pole that has one.
void TableGrid::FillPoles()
{
  const std::size_t nt = this->Nt, np = this->Np;
  for (std::size_t it : { std::size_t(0), nt - 1 })
  {
    if (this->Theta[it] > 1e-6 && this->Theta[it] < 180 - 1e-6)
    {
      continue; // no pole
    }
    std::size_t have = None;
    for (std::size_t ip = 0; ip < np && have == None; ++ip)
    {
      have = this->From[ip * nt + it] != None ? ip : None;
    }
    for (std::size_t ip = 0; ip < np && have != None; ++ip)
    {
      this->PoleFrom[ip * nt + it] = this->From[ip * nt + it] == None ? have * nt + it : None;
    }
  }
}

void TableGrid::CheckFilled(const std::string& file, std::int64_t line) const
{
  const std::size_t nt = this->Nt, np = this->Np;
  for (std::size_t c = 0; c < nt * np; ++c)
  {
    if (this->From[c] == None && this->PoleFrom[c] == None)
    {
      throw ParseError(file, line,
        "the theta/phi samples, taken to theta in [0, 180] and phi in [0, 360) degrees, do not "
        "fill "
        "a grid: no sample for theta " +
          std::to_string(this->Theta[c % nt]) + ", phi " + std::to_string(this->Phi[c / nt]) +
          " (" + std::to_string(nt) + " theta x " + std::to_string(np) + " phi values)");
    }
  }
}

/// A grid with g's description and no samples; `basis` marks the extra columns named in
/// `basisColumns`.
FarFieldGrid EmptyLike(
  const FarFieldGrid& g, const std::vector<std::string>& basisColumns, std::vector<bool>& basis)
{
  FarFieldGrid out;
  out.Frequency = g.Frequency;
  out.GainKind = g.GainKind;
  out.SourceFormat = g.SourceFormat;
  out.Name = g.Name;
  out.FieldUnit = g.FieldUnit;
  out.Values = g.Values;
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
  return out;
}

/// The field of a pole sample at phi `from` (degrees) in the unit vectors at phi `to`:
/// the transverse vector (x, y) at the pole from the sample at phi a, then its
/// components at phi b: theta-hat = s (cos p, sin p, 0), phi-hat = (-sin p, cos p, 0),
/// s = 1 at theta = 0 and -1 at 180.
void TurnAtPole(double theta, double from, double to, C& et, C& ep)
{
  const double s = theta < 90 ? 1 : -1;
  const double a = from * RadiansPerDegree, b = to * RadiansPerDegree;
  const C x = s * et * std::cos(a) - ep * std::sin(a);
  const C y = s * et * std::sin(a) + ep * std::cos(a);
  et = s * (x * std::cos(b) + y * std::sin(b));
  ep = -x * std::sin(b) + y * std::cos(b);
}

/// Cell c of the table grid, from sample k of g (a pole cell `filled` from another φ).
void AppendCell(FarFieldGrid& out, const FarFieldGrid& g, const TableGrid& tg,
  const std::vector<bool>& basis, std::size_t c)
{
  const std::size_t it = c % tg.Nt, ip = c / tg.Nt;
  const bool filled = tg.From[c] == None;
  const std::size_t k = filled ? tg.From[tg.PoleFrom[c]] : tg.From[c];
  const double sg = tg.Sign[k];
  C et = sg * C(g.EthetaRe[k], g.EthetaIm[k]), ep = sg * C(g.EphiRe[k], g.EphiIm[k]);
  if (filled)
  {
    TurnAtPole(tg.Theta[it], tg.Phi[tg.PoleFrom[c] / tg.Nt], tg.Phi[ip], et, ep);
  }
  out.Theta.push_back(tg.Theta[it]);
  out.Phi.push_back(tg.Phi[ip]);
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
} // namespace

void MapToTableRanges(FarFieldGrid& g, const std::string& file, std::int64_t line,
  const std::vector<std::string>& basisColumns)
{
  const std::size_t n = g.Theta.size();
  if (g.Phi.size() != n || g.EthetaRe.size() != n || g.EthetaIm.size() != n ||
    g.EphiRe.size() != n || g.EphiIm.size() != n)
  {
    throw ParseError(file, line, "far-field columns of different lengths (internal error)");
  }
  bool extrasFit =
    (g.Gain.empty() || g.Gain.size() == n) && (g.Sense.empty() || g.Sense.size() == n);
  for (const auto& e : g.Extra)
  {
    extrasFit = extrasFit && e.second.size() == n;
  }
  if (!extrasFit)
  {
    throw ParseError(file, line,
      "far-field gain, sense or extra columns of another length than the angles (internal error)");
  }
  if (n == 0)
  {
    throw ParseError(file, line, "the far-field table has no samples");
  }
  TableGrid tg(g);
  tg.FillPoles();
  tg.CheckFilled(file, line);
  std::vector<bool> basis;
  FarFieldGrid out = EmptyLike(g, basisColumns, basis);
  for (std::size_t c = 0; c < tg.Nt * tg.Np; ++c)
  {
    AppendCell(out, g, tg, basis, c);
  }
  g = std::move(out);
  FinishFarFieldGrid(g, file, line);
}

double TrapezoidRadiatedPower(const FarFieldGrid& g)
{
  const auto nt = static_cast<std::size_t>(g.NumberOfTheta);
  const auto np = static_cast<std::size_t>(g.NumberOfPhi);
  const double rad = Pi / 180;
  double sum = 0;
  for (std::size_t i = 0; i < nt; ++i)
  {
    const double lo = g.Theta[i == 0 ? 0 : i - 1], hi = g.Theta[i + 1 == nt ? i : i + 1];
    const double w = 0.5 * (hi - lo) * rad * std::sin(g.Theta[i] * rad);
    for (std::size_t j = 0; j < np; ++j)
    {
      const std::size_t k = j * nt + i;
      sum += w *
        (g.EthetaRe[k] * g.EthetaRe[k] + g.EthetaIm[k] * g.EthetaIm[k] + g.EphiRe[k] * g.EphiRe[k] +
          g.EphiIm[k] * g.EphiIm[k]);
    }
  }
  return sum * (360.0 / static_cast<double>(np)) * rad / (2 * FreeSpaceWaveImpedance);
}
} // namespace cm
