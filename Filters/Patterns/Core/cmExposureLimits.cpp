// SPDX-License-Identifier: BSD-3-Clause
#include "cmExposureLimits.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

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

std::vector<double> SquaredMagnitudes(const double* re, const double* im, std::int64_t n)
{
  std::vector<double> out(static_cast<std::size_t>(n), 0.0);
  for (std::int64_t k = 0; k < n; ++k)
  {
    double s = 0;
    for (int c = 0; c < 3; ++c)
    {
      const double a = re[3 * k + c], b = im[3 * k + c];
      s += a * a + b * b;
    }
    out[static_cast<std::size_t>(k)] = s;
  }
  return out;
}

std::vector<double> SquaredMagnitudes(const double* magnitude, std::int64_t n)
{
  std::vector<double> out(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k)
  {
    out[static_cast<std::size_t>(k)] = magnitude[k] * magnitude[k];
  }
  return out;
}

std::string CheckExposureInput(Standard standard, double frequency, double transmitPower,
  double inputPowerSetting, double gridInputPower, std::int64_t points, bool hasFields,
  ReferenceLevels& levels, double& inputPower)
{
  std::ostringstream error;
  inputPower = inputPowerSetting;
  if (!(frequency > 0) || !std::isfinite(frequency))
  {
    error << "the grid has no field data Frequency (Hz): exposure limits depend on frequency";
  }
  else if (!(levels = LevelsAt(standard, frequency)).Valid)
  {
    error << "the grid's frequency " << frequency * 1e-6 << " MHz is outside the "
          << StandardName(standard) << " table (" << MinimumFrequency(standard) * 1e-6 << " to "
          << MaximumFrequency(standard) * 1e-6 << " MHz)";
  }
  else if (!(transmitPower > 0) || !std::isfinite(transmitPower))
  {
    error << "Transmit Power must be positive (W), not " << transmitPower;
  }
  else if (inputPowerSetting < 0 || !std::isfinite(inputPowerSetting))
  {
    error << "Input Power must be positive (W), or 0 to take the grid's InputPower[W], not "
          << inputPowerSetting;
  }
  else if (points > 0 && inputPower == 0 && !((inputPower = gridInputPower) > 0))
  {
    error << "the grid has no positive field data InputPower[W] (the solve's input power); "
             "set Input Power (W)";
  }
  else if (points > 0 && !hasFields)
  {
    error << "the grid has no field arrays: E_real/E_imag or |E| (V/m), H_real/H_imag or "
             "|H| (A/m)";
  }
  return error.str();
}

ExposureArrays ComputeExposure(const std::vector<double>& e2, const std::vector<double>& h2,
  std::int64_t n, double scale, const ReferenceLevels& levels, Quantity quantity,
  const ParallelFor& pf)
{
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  const std::size_t un = static_cast<std::size_t>(n);
  ExposureArrays out;
  for (auto* a : { &out.Ratio, &out.RatioDb, &out.S, &out.SEq })
  {
    a->resize(un);
  }
  out.E.resize(e2.empty() ? 0 : un);
  out.H.resize(h2.empty() ? 0 : un);
  RunFor(pf, n, [&](long long b, long long e) {
    for (long long k = b; k < e; ++k)
    {
      const auto i = static_cast<std::size_t>(k);
      const double eRms = e2.empty() ? NaN : std::sqrt(e2[i] * scale);
      const double hRms = h2.empty() ? NaN : std::sqrt(h2[i] * scale);
      const Ratios r = RatiosAt(levels, eRms, hRms);
      double value = r.Of(quantity);
      if (std::isnan(value))
      {
        value = r.Max; // the quantity needs a field the grid lacks
      }
      out.Ratio[i] = value;
      out.RatioDb[i] = 10 * std::log10(std::max(value, 1e-30));
      if (!e2.empty())
      {
        out.E[i] = r.E;
      }
      if (!h2.empty())
      {
        out.H[i] = r.H;
      }
      out.S[i] = r.S;
      const double se = e2.empty() ? 0 : eRms * eRms / FreeSpaceImpedance;
      const double sh = h2.empty() ? 0 : FreeSpaceImpedance * hRms * hRms;
      out.SEq[i] = std::max(se, sh);
    }
  });
  return out;
}

const char* const RayNames[6] = { "+x", "-x", "+y", "-y", "+z", "-z" };

void ComplianceOrigin(bool useCenter, const double center[3], const double source[3],
  bool hasBounds, const double bounds[6], double origin[3], double reach[6])
{
  for (int d = 0; d < 3; ++d)
  {
    origin[d] = center[d];
    if (!useCenter)
    {
      origin[d] = source[d];
      if (std::isnan(origin[d]))
      {
        origin[d] = hasBounds ? 0.5 * (bounds[2 * d] + bounds[2 * d + 1]) : 0.0;
      }
    }
  }
  for (int r = 0; r < 6; ++r)
  {
    const int axis = r / 2;
    reach[r] = !hasBounds
      ? 0
      : (r % 2 == 0 ? bounds[2 * axis + 1] - origin[axis] : origin[axis] - bounds[2 * axis]);
  }
}

std::vector<double> RayPoints(const double origin[3], const double reach[6])
{
  std::vector<double> points(3 * 6 * RaySamples);
  for (int r = 0; r < 6; ++r)
  {
    const int axis = r / 2;
    const double sign = r % 2 == 0 ? 1.0 : -1.0;
    for (int s = 0; s < RaySamples; ++s)
    {
      double* p = &points[3 * (r * RaySamples + s)];
      p[0] = origin[0];
      p[1] = origin[1];
      p[2] = origin[2];
      p[axis] += sign * std::max(reach[r], 0.0) * s / (RaySamples - 1);
    }
  }
  return points;
}

void ComplianceDistances(
  const double reach[6], const double* db, const double* valid, double distance[6], int status[6])
{
  for (int r = 0; r < 6; ++r)
  {
    double value = std::numeric_limits<double>::quiet_NaN();
    if (reach[r] > 0)
    {
      std::vector<double> t(RaySamples);
      std::vector<unsigned char> ok(RaySamples);
      for (int s = 0; s < RaySamples; ++s)
      {
        t[s] = reach[r] * s / (RaySamples - 1);
        ok[s] = valid[r * RaySamples + s] != 0 ? 1 : 0;
      }
      value = ComplianceDistance(t.data(), db + r * RaySamples, ok.data(), RaySamples);
    }
    status[r] = 0;
    if (std::isnan(value))
    {
      status[r] = 3;
      value = -1;
    }
    else if (std::isinf(value))
    {
      status[r] = 2;
      value = reach[r];
    }
    else if (value == 0)
    {
      status[r] = 1;
    }
    distance[r] = value;
  }
}
} // namespace exposure
} // namespace cm
