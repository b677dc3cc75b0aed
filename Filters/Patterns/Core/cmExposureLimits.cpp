// SPDX-License-Identifier: BSD-3-Clause
#include "cmExposureLimits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm
{
namespace exposure
{
namespace
{
constexpr double NA = std::numeric_limits<double>::quiet_NaN();

/// One level as printed: a·f^p with f in MHz (NaN a: not given).
struct Level
{
  double A;
  double P;
  double At(double fMHz) const
  {
    return std::isnan(this->A) ? NA : this->A * std::pow(fMHz, this->P);
  }
};

/// One table row: frequencies in MHz, (Lo, Hi]; S in the source's unit.
struct Row
{
  double Lo, Hi;
  Level E, H, S;
};

struct Table
{
  const char* Name;
  const Row* Rows;
  int Count;
  double SToWattsPerM2; ///< 1 for W/m², 10 for mW/cm²
};

// ICNIRP 2020 (Health Phys. 118(5):483–524), Table 5, "Reference levels for exposure,
// averaged over 30 min and the whole body, to electromagnetic fields from 100 kHz to
// 300 GHz (unperturbed rms values)". E_inc V/m, H_inc A/m, S_inc W/m²; f_M in MHz.
const Row IcnirpOccupationalRows[] = {
  // Table 5, occupational, row "0.1 – 30 MHz": 660/f_M^0.7, 4.9/f_M, NA
  { 0.1, 30, { 660, -0.7 }, { 4.9, -1 }, { NA, 0 } },
  // Table 5, occupational, row ">30 – 400 MHz": 61, 0.16, 10
  { 30, 400, { 61, 0 }, { 0.16, 0 }, { 10, 0 } },
  // Table 5, occupational, row ">400 – 2000 MHz": 3 f_M^0.5, 0.008 f_M^0.5, f_M/40
  { 400, 2000, { 3, 0.5 }, { 0.008, 0.5 }, { 1.0 / 40, 1 } },
  // Table 5, occupational, row ">2 – 300 GHz": NA, NA, 50
  { 2000, 300000, { NA, 0 }, { NA, 0 }, { 50, 0 } },
};
const Row IcnirpPublicRows[] = {
  // Table 5, general public, row "0.1 – 30 MHz": 300/f_M^0.7, 2.2/f_M, NA
  { 0.1, 30, { 300, -0.7 }, { 2.2, -1 }, { NA, 0 } },
  // Table 5, general public, row ">30 – 400 MHz": 27.7, 0.073, 2
  { 30, 400, { 27.7, 0 }, { 0.073, 0 }, { 2, 0 } },
  // Table 5, general public, row ">400 – 2000 MHz": 1.375 f_M^0.5, 0.0037 f_M^0.5, f_M/200
  { 400, 2000, { 1.375, 0.5 }, { 0.0037, 0.5 }, { 1.0 / 200, 1 } },
  // Table 5, general public, row ">2 – 300 GHz": NA, NA, 10
  { 2000, 300000, { NA, 0 }, { NA, 0 }, { 10, 0 } },
};

// 47 CFR § 1.1310, Table 1 "Limits for Maximum Permissible Exposure (MPE)" (also FCC OET
// Bulletin 65 Ed. 97-01, Table 1). E V/m, H A/m, power density mW/cm² (* = plane-wave
// equivalent); f in MHz.
const Row FccOccupationalRows[] = {
  // Table 1 (A) occupational/controlled, row "0.3–3.0": 614, 1.63, *(100)
  { 0.3, 3.0, { 614, 0 }, { 1.63, 0 }, { 100, 0 } },
  // Table 1 (A), row "3.0–30": 1842/f, 4.89/f, *(900/f²)
  { 3.0, 30, { 1842, -1 }, { 4.89, -1 }, { 900, -2 } },
  // Table 1 (A), row "30–300": 61.4, 0.163, 1.0
  { 30, 300, { 61.4, 0 }, { 0.163, 0 }, { 1.0, 0 } },
  // Table 1 (A), row "300–1,500": —, —, f/300
  { 300, 1500, { NA, 0 }, { NA, 0 }, { 1.0 / 300, 1 } },
  // Table 1 (A), row "1,500–100,000": —, —, 5
  { 1500, 100000, { NA, 0 }, { NA, 0 }, { 5, 0 } },
};
const Row FccPublicRows[] = {
  // Table 1 (B) general population/uncontrolled, row "0.3–1.34": 614, 1.63, *(100)
  { 0.3, 1.34, { 614, 0 }, { 1.63, 0 }, { 100, 0 } },
  // Table 1 (B), row "1.34–30": 824/f, 2.19/f, *(180/f²)
  { 1.34, 30, { 824, -1 }, { 2.19, -1 }, { 180, -2 } },
  // Table 1 (B), row "30–300": 27.5, 0.073, 0.2
  { 30, 300, { 27.5, 0 }, { 0.073, 0 }, { 0.2, 0 } },
  // Table 1 (B), row "300–1,500": —, —, f/1500
  { 300, 1500, { NA, 0 }, { NA, 0 }, { 1.0 / 1500, 1 } },
  // Table 1 (B), row "1,500–100,000": —, —, 1.0
  { 1500, 100000, { NA, 0 }, { NA, 0 }, { 1.0, 0 } },
};

const Table Tables[NumberOfStandards] = {
  { "ICNIRP 2020 general public", IcnirpPublicRows, 4, 1 },
  { "ICNIRP 2020 occupational", IcnirpOccupationalRows, 4, 1 },
  { "FCC general population", FccPublicRows, 5, 10 },
  { "FCC occupational", FccOccupationalRows, 5, 10 },
};

const Table& TableOf(Standard s)
{
  const int i = std::clamp(static_cast<int>(s), 0, NumberOfStandards - 1);
  return Tables[i];
}

double MaxOfFinite(double a, double b)
{
  if (std::isnan(a))
  {
    return b;
  }
  return std::isnan(b) ? a : std::max(a, b);
}
} // namespace

const char* StandardName(Standard s)
{
  return TableOf(s).Name;
}

double MinimumFrequency(Standard s)
{
  return TableOf(s).Rows[0].Lo * 1e6;
}

double MaximumFrequency(Standard s)
{
  const Table& t = TableOf(s);
  return t.Rows[t.Count - 1].Hi * 1e6;
}

ReferenceLevels LevelsAt(Standard s, double hz)
{
  ReferenceLevels out;
  const Table& t = TableOf(s);
  const double f = hz / 1e6;
  // The table's own ends are inclusive to rounding (0.1 MHz typed as 1e5 Hz).
  constexpr double slack = 1e-12;
  if (!(f >= t.Rows[0].Lo * (1 - slack) && f <= t.Rows[t.Count - 1].Hi * (1 + slack)))
  {
    out.E = out.H = out.S = NA;
    return out;
  }
  int r = 0;
  while (r + 1 < t.Count && f > t.Rows[r].Hi)
  {
    ++r;
  }
  const Row& row = t.Rows[r];
  out.Valid = true;
  out.Row = r;
  out.E = row.E.At(f);
  out.H = row.H.At(f);
  out.S = row.S.At(f) * t.SToWattsPerM2;
  return out;
}

double Ratios::Of(Quantity q) const
{
  switch (q)
  {
    case Quantity::ElectricField: return this->E;
    case Quantity::MagneticField: return this->H;
    case Quantity::PowerDensity: return this->S;
    default: return this->Max;
  }
}

Ratios RatiosAt(const ReferenceLevels& l, double eRms, double hRms)
{
  constexpr double eta = FreeSpaceImpedance;
  Ratios r;
  r.E = r.H = r.S = r.Max = NA;
  if (!l.Valid)
  {
    return r;
  }
  const double sFromE = std::isnan(eRms) ? NA : eRms * eRms / eta;
  const double sFromH = std::isnan(hRms) ? NA : eta * hRms * hRms;
  if (!std::isnan(eRms))
  {
    r.E = std::isnan(l.E) ? sFromE / l.S : (eRms / l.E) * (eRms / l.E);
  }
  if (!std::isnan(hRms))
  {
    r.H = std::isnan(l.H) ? sFromH / l.S : (hRms / l.H) * (hRms / l.H);
  }
  // S_eq: the larger of the two plane-wave equivalents (they agree in the far zone).
  r.S = std::isnan(l.S) ? MaxOfFinite(r.E, r.H) : MaxOfFinite(sFromE, sFromH) / l.S;
  r.Max = MaxOfFinite(MaxOfFinite(r.E, r.H), r.S);
  return r;
}

double ComplianceDistance(const double* t, const double* db, const unsigned char* valid, int n)
{
  int last = -1; // the outermost valid sample
  for (int k = n - 1; k >= 0; --k)
  {
    if (valid[k] && !std::isnan(db[k]))
    {
      last = k;
      break;
    }
  }
  if (last < 0)
  {
    return std::numeric_limits<double>::quiet_NaN(); // the ray misses the grid
  }
  if (db[last] >= 0)
  {
    return std::numeric_limits<double>::infinity();
  }
  // Walk inward to the first valid sample at or above 0 dB.
  int outer = last;
  for (int k = last - 1; k >= 0; --k)
  {
    if (!valid[k] || std::isnan(db[k]))
    {
      continue;
    }
    if (db[k] >= 0)
    {
      const double w = db[k] / (db[k] - db[outer]);
      return t[k] + w * (t[outer] - t[k]);
    }
    outer = k;
  }
  return 0;
}
} // namespace exposure
} // namespace cm
