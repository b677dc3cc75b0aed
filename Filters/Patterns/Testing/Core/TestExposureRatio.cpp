// SPDX-License-Identifier: BSD-3-Clause
// The exposure ratio and compliance distances of Exposure Ratio
// (cmExposureLimits.h) worked by hand.
// A plane wave at 100 MHz: E = 60 V/m (peak) along x, H = E/η0 along y. The
// ICNIRP 2020 general-public reference levels there (Table 5, row ">30–400
// MHz") are E_L = 27.7 V/m, H_L = 0.073 A/m, S_L = 2 W/m². Peak amplitudes at
// the solve's input power 5 W, rated at 20 W: E_rms² = ½·60²·20/5 = 7200 V²/m²,
//   R_E = 7200 / 27.7² = 9.38368, R_H = (7200/η0²) / 0.073² = 9.51975,
//   S_eq = 7200/η0 = 19.1118 W/m², R_S = 9.55591, R_max = R_S.
// Compliance distance: a ratio in dB falling linearly from +10 dB at the source
// to −10 dB at the grid's edge (reach 4 m) crosses 0 dB at 2 m.
#include "cmCheck.h"
#include "cmExposureLimits.h"

#include <cmath>
#include <limits>
#include <vector>

using namespace cm::exposure;

int TestExposureRatio(int, char*[])
{
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double eta = 376.730313668;
  // Two points: the plane wave, and 1/10 of its amplitude (ratios / 100).
  const double eRe[] = { 60, 0, 0, 6, 0, 0 }, eIm[] = { 0, 0, 0, 0, 0, 0 };
  const double hRe[] = { 0, 0, 0, 0, 0, 0 }, hIm[] = { 0, 60 / eta, 0, 0, 6 / eta, 0 };
  const std::vector<double> e2 = SquaredMagnitudes(eRe, eIm, 2);
  const std::vector<double> h2 = SquaredMagnitudes(hRe, hIm, 2);
  CM_NEAR(e2[0], 3600.0, 1e-9);
  const double mags[] = { 60, 6 };
  CM_EQUAL(SquaredMagnitudes(mags, 2)[1], 36.0);

  ReferenceLevels levels;
  double inputPower = 0;
  CM_EQUAL(
    CheckExposureInput(Standard::IcnirpGeneralPublic, 100e6, 20, 0, 5, 2, true, levels, inputPower),
    std::string());
  CM_EQUAL(inputPower, 5.0); // the grid's, as the setting is 0
  CM_NEAR(levels.E, 27.7, 1e-12);
  CM_NEAR(levels.H, 0.073, 1e-12);
  CM_NEAR(levels.S, 2.0, 1e-12);
  const double scale = 0.5 * 20 / inputPower;
  const ExposureArrays r = ComputeExposure(e2, h2, 2, scale, levels, Quantity::Maximum);
  const double rE = 7200 / (27.7 * 27.7), rH = 7200 / (eta * eta) / (0.073 * 0.073);
  const double sEq = 7200 / eta, rS = sEq / 2;
  CM_NEAR(rE, 9.38368, 1e-5);
  CM_NEAR(rH, 9.51975, 1e-5);
  CM_NEAR(rS, 9.55591, 1e-5);
  CM_NEAR(r.E[0], rE, 1e-12);
  CM_NEAR(r.H[0], rH, 1e-12);
  CM_NEAR(r.S[0], rS, 1e-12);
  CM_NEAR(r.SEq[0], sEq, 1e-12);
  CM_NEAR(r.Ratio[0], rS, 1e-12);
  CM_NEAR(r.RatioDb[0], 10 * std::log10(rS), 1e-12);
  CM_NEAR(r.Ratio[1], rS / 100, 1e-14);
  // The E ratio alone; H only (no E field): the E quantity falls back to R_max.
  CM_NEAR(ComputeExposure(e2, h2, 2, scale, levels, Quantity::ElectricField).Ratio[0], rE, 1e-12);
  const ExposureArrays onlyH =
    ComputeExposure(std::vector<double>(), h2, 2, scale, levels, Quantity::ElectricField);
  CM_CHECK(onlyH.E.empty());
  CM_NEAR(onlyH.Ratio[0], std::max(rH, 7200 / (eta * eta) * eta / 2), 1e-12);

  // The checks, with the filter's messages.
  CM_EQUAL(
    CheckExposureInput(Standard::IcnirpGeneralPublic, nan, 10, 0, 5, 2, true, levels, inputPower),
    std::string("the grid has no field data Frequency (Hz): exposure limits depend on frequency"));
  CM_EQUAL(
    CheckExposureInput(Standard::FccOccupational, 1e3, 10, 0, 5, 2, true, levels, inputPower),
    std::string("the grid's frequency 0.001 MHz is outside the " +
      std::string(StandardName(Standard::FccOccupational)) + " table (0.3 to 100000 MHz)"));
  CM_EQUAL(
    CheckExposureInput(Standard::IcnirpGeneralPublic, 100e6, 0, 0, 5, 2, true, levels, inputPower),
    std::string("Transmit Power must be positive (W), not 0"));
  CM_EQUAL(CheckExposureInput(
             Standard::IcnirpGeneralPublic, 100e6, 10, -1, 5, 2, true, levels, inputPower),
    std::string("Input Power must be positive (W), or 0 to take the grid's InputPower[W], not -1"));
  CM_EQUAL(CheckExposureInput(
             Standard::IcnirpGeneralPublic, 100e6, 10, 0, nan, 2, true, levels, inputPower),
    std::string("the grid has no positive field data InputPower[W] (the solve's input power); "
                "set Input Power (W)"));
  CM_EQUAL(CheckExposureInput(
             Standard::IcnirpGeneralPublic, 100e6, 10, 3, nan, 2, false, levels, inputPower),
    std::string("the grid has no field arrays: E_real/E_imag or |E| (V/m), H_real/H_imag or "
                "|H| (A/m)"));
  CM_EQUAL(CheckExposureInput(
             Standard::IcnirpGeneralPublic, 100e6, 10, 3, nan, 0, false, levels, inputPower),
    std::string()); // an empty piece needs neither fields nor an input power

  // The origin: the grid's source where it has one, else the centre of the bounds.
  const double bounds[6] = { -1, 3, -2, 4, 0, 10 }, center[3] = { 9, 9, 9 };
  const double source[3] = { 0, nan, 1 };
  double origin[3], reach[6];
  ComplianceOrigin(false, center, source, true, bounds, origin, reach);
  CM_EQUAL(origin[0], 0.0);
  CM_EQUAL(origin[1], 1.0); // no source y: the centre of the bounds
  CM_EQUAL(origin[2], 1.0);
  CM_EQUAL(reach[0], 3.0);
  CM_EQUAL(reach[1], 1.0);
  CM_EQUAL(reach[2], 3.0);
  CM_EQUAL(reach[3], 3.0);
  CM_EQUAL(reach[4], 9.0);
  CM_EQUAL(reach[5], 1.0);
  ComplianceOrigin(true, center, source, true, bounds, origin, reach);
  CM_EQUAL(origin[0], 9.0);
  CM_EQUAL(reach[0], -6.0); // the set centre lies outside the grid
  const double c0[3] = { 0, 0, 0 };
  const double r4[6] = { 4, 4, 4, 0, 4, -1 };
  const std::vector<double> pts = RayPoints(c0, r4);
  CM_EQUAL(pts.size(), std::size_t(3 * 6 * RaySamples));
  CM_EQUAL(pts[3 * (RaySamples - 1)], 4.0); // +x ends at the edge
  CM_EQUAL(pts[3 * (2 * RaySamples - 1)], -4.0); // −x
  CM_EQUAL(pts[3 * (6 * RaySamples - 1) + 2], 0.0); // a negative reach stays at the origin

  // Distances: +x falls from +10 to −10 dB over 4 m (0 dB at 2 m); −x is below
  // everywhere; +y stays above; −y has no reach; +z has no valid sample; −z crosses
  // where only every other sample is valid.
  std::vector<double> db(6 * RaySamples, -20), valid(6 * RaySamples, 1);
  for (int s = 0; s < RaySamples; ++s)
  {
    const double t = 4.0 * s / (RaySamples - 1);
    db[s] = 10 - 5 * t;
    db[2 * RaySamples + s] = 3;
    valid[4 * RaySamples + s] = 0;
    db[5 * RaySamples + s] = 10 - 10 * t;
    valid[5 * RaySamples + s] = s % 2 == 0 ? 1 : 0;
  }
  const double reach6[6] = { 4, 4, 4, 0, 4, 4 };
  double distance[6];
  int status[6];
  ComplianceDistances(reach6, db.data(), valid.data(), distance, status);
  CM_NEAR(distance[0], 2.0, 1e-12);
  CM_EQUAL(status[0], 0);
  CM_EQUAL(distance[1], 0.0);
  CM_EQUAL(status[1], 1);
  CM_EQUAL(distance[2], 4.0);
  CM_EQUAL(status[2], 2);
  CM_EQUAL(distance[3], -1.0);
  CM_EQUAL(status[3], 3);
  CM_EQUAL(distance[4], -1.0);
  CM_EQUAL(status[4], 3);
  CM_NEAR(distance[5], 1.0, 1e-12);
  CM_EQUAL(status[5], 0);
  return cmReport("TestExposureRatio");
}
