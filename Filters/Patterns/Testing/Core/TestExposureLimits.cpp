// SPDX-License-Identifier: BSD-3-Clause
// The reference-level tables value by value on both sides of every break frequency,
// against the numbers as the documents print them (typed here from the tables, in their
// own units and notation: ICNIRP 2020 Table 5 with f_M in MHz; 47 CFR 1.1310 Table 1 with
// f in MHz and mW/cm², ×10 for W/m²), then the ratios and the compliance distance.
#include "cmCheck.h"
#include "cmExposureLimits.h"

#include <cmath>
#include <limits>

using namespace cm::exposure;

namespace
{
const double NA = std::numeric_limits<double>::quiet_NaN();

/// Checks the three levels of `s` at `mhz` (NaN expected = not given).
void Expect(Standard s, double mhz, double e, double h, double sWm2, int line)
{
  const ReferenceLevels l = LevelsAt(s, mhz * 1e6);
  const std::string where = std::string(StandardName(s)) + " at " + std::to_string(mhz) +
    " MHz (line " + std::to_string(line) + ")";
  CM_CHECK_MSG(l.Valid, where);
  const double got[3] = { l.E, l.H, l.S };
  const double want[3] = { e, h, sWm2 };
  const char* names[3] = { "E", "H", "S" };
  for (int q = 0; q < 3; ++q)
  {
    if (std::isnan(want[q]))
    {
      CM_CHECK_MSG(std::isnan(got[q]), where + ": " + names[q] + " should be NA");
    }
    else
    {
      CM_CHECK_MSG(std::abs(got[q] - want[q]) <= 1e-9 * want[q],
        where + ": " + names[q] + " = " + std::to_string(got[q]) + ", expected " +
          std::to_string(want[q]));
    }
  }
}

/// Just above a break (the next row's side).
double Above(double mhz)
{
  return mhz * (1 + 1e-12);
}
} // namespace

int TestExposureLimits(int, char*[])
{
  // ICNIRP 2020, Table 5, general public.
  const Standard gp = Standard::IcnirpGeneralPublic;
  Expect(gp, 0.1, 300 / std::pow(0.1, 0.7), 2.2 / 0.1, NA, __LINE__);
  Expect(gp, 30, 300 / std::pow(30, 0.7), 2.2 / 30, NA, __LINE__);
  Expect(gp, Above(30), 27.7, 0.073, 2, __LINE__);
  Expect(gp, 120, 27.7, 0.073, 2, __LINE__);
  Expect(gp, 400, 27.7, 0.073, 2, __LINE__);
  Expect(gp, Above(400), 1.375 * std::sqrt(400), 0.0037 * std::sqrt(400), 400.0 / 200, __LINE__);
  Expect(gp, 2000, 1.375 * std::sqrt(2000), 0.0037 * std::sqrt(2000), 2000.0 / 200, __LINE__);
  Expect(gp, Above(2000), NA, NA, 10, __LINE__);
  Expect(gp, 300000, NA, NA, 10, __LINE__);
  // ICNIRP 2020, Table 5, occupational.
  const Standard oc = Standard::IcnirpOccupational;
  Expect(oc, 0.1, 660 / std::pow(0.1, 0.7), 4.9 / 0.1, NA, __LINE__);
  Expect(oc, 30, 660 / std::pow(30, 0.7), 4.9 / 30, NA, __LINE__);
  Expect(oc, Above(30), 61, 0.16, 10, __LINE__);
  Expect(oc, 400, 61, 0.16, 10, __LINE__);
  Expect(oc, Above(400), 3 * std::sqrt(400), 0.008 * std::sqrt(400), 400.0 / 40, __LINE__);
  Expect(oc, 2000, 3 * std::sqrt(2000), 0.008 * std::sqrt(2000), 2000.0 / 40, __LINE__);
  Expect(oc, Above(2000), NA, NA, 50, __LINE__);
  Expect(oc, 300000, NA, NA, 50, __LINE__);

  // 47 CFR 1.1310 Table 1 (B) general population/uncontrolled; mW/cm² × 10 = W/m².
  const Standard fg = Standard::FccGeneralPopulation;
  Expect(fg, 0.3, 614, 1.63, 100 * 10, __LINE__);
  Expect(fg, 1.34, 614, 1.63, 100 * 10, __LINE__);
  Expect(fg, Above(1.34), 824 / 1.34, 2.19 / 1.34, 180 / (1.34 * 1.34) * 10, __LINE__);
  Expect(fg, 30, 824 / 30.0, 2.19 / 30, 180 / 900.0 * 10, __LINE__);
  Expect(fg, Above(30), 27.5, 0.073, 0.2 * 10, __LINE__);
  Expect(fg, 300, 27.5, 0.073, 0.2 * 10, __LINE__);
  Expect(fg, Above(300), NA, NA, 300.0 / 1500 * 10, __LINE__);
  Expect(fg, 1500, NA, NA, 1500.0 / 1500 * 10, __LINE__);
  Expect(fg, Above(1500), NA, NA, 1.0 * 10, __LINE__);
  Expect(fg, 100000, NA, NA, 1.0 * 10, __LINE__);
  // 47 CFR 1.1310 Table 1 (A) occupational/controlled.
  const Standard fo = Standard::FccOccupational;
  Expect(fo, 0.3, 614, 1.63, 100 * 10, __LINE__);
  Expect(fo, 3, 614, 1.63, 100 * 10, __LINE__);
  Expect(fo, Above(3), 1842 / 3.0, 4.89 / 3, 900 / 9.0 * 10, __LINE__);
  Expect(fo, 30, 1842 / 30.0, 4.89 / 30, 900 / 900.0 * 10, __LINE__);
  Expect(fo, Above(30), 61.4, 0.163, 1.0 * 10, __LINE__);
  Expect(fo, 300, 61.4, 0.163, 1.0 * 10, __LINE__);
  Expect(fo, Above(300), NA, NA, 300.0 / 300 * 10, __LINE__);
  Expect(fo, 1500, NA, NA, 1500.0 / 300 * 10, __LINE__);
  Expect(fo, Above(1500), NA, NA, 5 * 10, __LINE__);
  Expect(fo, 100000, NA, NA, 5 * 10, __LINE__);

  // Outside the tables.
  CM_CHECK(!LevelsAt(gp, 0.099e6).Valid);
  CM_CHECK(!LevelsAt(gp, 300.001e9).Valid);
  CM_CHECK(!LevelsAt(fg, 0.299e6).Valid);
  CM_CHECK(!LevelsAt(fo, 100.001e9).Valid);
  CM_CHECK(!LevelsAt(fo, NA).Valid);
  CM_NEAR(MinimumFrequency(gp), 100e3, 1e-6);
  CM_NEAR(MaximumFrequency(fg), 100e9, 1e-3);

  // Ratios at 120 MHz, ICNIRP GP: E 27.7 V/m RMS is exactly at the E level.
  const double eta = FreeSpaceImpedance;
  const ReferenceLevels l = LevelsAt(gp, 120e6);
  Ratios r = RatiosAt(l, 27.7, NA);
  CM_NEAR(r.E, 1.0, 1e-12);
  CM_CHECK(std::isnan(r.H));
  CM_NEAR(r.S, 27.7 * 27.7 / eta / 2, 1e-12); // S_eq = E²/η0 against 2 W/m²
  CM_NEAR(r.Max, std::max(1.0, r.S), 1e-12);
  // A far-zone wave of 1 W/m²: E = sqrt(η0), H = 1/sqrt(η0).
  r = RatiosAt(l, std::sqrt(eta), 1 / std::sqrt(eta));
  CM_NEAR(r.S, 0.5, 1e-12);
  CM_NEAR(r.E, eta / (27.7 * 27.7), 1e-12);
  CM_NEAR(r.H, 1 / eta / (0.073 * 0.073), 1e-12);
  CM_NEAR(r.Of(Quantity::PowerDensity), 0.5, 1e-12);
  CM_NEAR(r.Of(Quantity::Maximum), std::max(r.E, std::max(r.H, r.S)), 1e-15);
  // Above 2 GHz E has no level: R_E = (E²/η0)/S_L.
  r = RatiosAt(LevelsAt(gp, 3e9), std::sqrt(eta * 10), NA);
  CM_NEAR(r.E, 1.0, 1e-12);
  CM_NEAR(r.S, 1.0, 1e-12);
  // Below 30 MHz S has no level: R_S = max(R_E, R_H).
  r = RatiosAt(LevelsAt(gp, 10e6), 1.0, 0.05);
  CM_NEAR(r.S, std::max(r.E, r.H), 1e-15);
  CM_CHECK(std::isnan(RatiosAt(LevelsAt(gp, 1e3), 1.0, 1.0).Max));

  // Compliance distance: 0 dB crossed between t = 2 (+3 dB) and t = 3 (−1 dB) at 2.75.
  const double t[6] = { 0, 1, 2, 3, 4, 5 };
  const double db[6] = { 10, 6, 3, -1, -4, -6 };
  unsigned char all[6] = { 1, 1, 1, 1, 1, 1 };
  CM_NEAR(ComplianceDistance(t, db, all, 6), 2.75, 1e-12);
  // The outermost crossing counts (a null inside the zone does not end it).
  const double dip[6] = { 10, -2, 3, -1, -4, -6 };
  CM_NEAR(ComplianceDistance(t, dip, all, 6), 2.75, 1e-12);
  // Still above 0 dB at the grid's edge: beyond the grid.
  unsigned char first4[6] = { 1, 1, 1, 0, 0, 0 };
  CM_CHECK(std::isinf(ComplianceDistance(t, db, first4, 6)));
  const double low[6] = { -1, -2, -3, -4, -5, -6 };
  CM_NEAR(ComplianceDistance(t, low, all, 6), 0.0, 0);
  unsigned char none[6] = { 0, 0, 0, 0, 0, 0 };
  CM_CHECK(std::isnan(ComplianceDistance(t, db, none, 6)));
  return cmReport("TestExposureLimits");
}
