// SPDX-License-Identifier: BSD-3-Clause
// The radiation integral (cmRadiation.h) against the closed form of a short
// (Hertzian) dipole: a z-directed current moment I·L at the origin radiates
//   r·E_θ = j η k I L sin θ / (4π),  E_φ = 0
// (e^{jωt}; Balanis, Antenna Theory, eq. 4-26a without e^{−jkr}/r, the factor
// the table leaves out: its values are r·E, the same at every distance).
// Moved to z0 the element adds the phase e^{+jk z0 cos θ}. Built as a wire
// segment (I·L), as a small square patch (J·A), and on a full sphere the
// directivity is 1.5 sin²θ (1.76 dBi at θ = 90°).
#include "cmCheck.h"
#include "cmConstants.h"
#include "cmRadiation.h"

#include <cmath>
#include <complex>
#include <vector>

using namespace cm::pattern;

namespace
{
const std::complex<double> J(0.0, 1.0);
constexpr double Eta = 376.730313668; // μ0 c, Ω

/// Hand closed form: r·E_θ of a z moment `il` (A·m) at height z0, wavenumber k.
std::complex<double> DipoleETheta(double il, double k, double z0, double thetaDeg)
{
  const double t = thetaDeg * cm::Pi / 180;
  return J * Eta * k * il * std::sin(t) / (4 * cm::Pi) * std::exp(J * k * z0 * std::cos(t));
}
} // namespace

int TestFarField(int, char*[])
{
  const double f = 300e6, k = 2 * cm::Pi * f / 299792458.0;
  const double il = 1e-2; // 1 A over 1 cm

  // A wire segment from z0 − L/2 to z0 + L/2 (and a skipped ghost, and a
  // 3-point cell that is no segment).
  const double z0 = 0.3;
  const double points[] = { 0, 0, z0 - 0.005, 0, 0, z0 + 0.005, 5, 5, 5 };
  const std::int64_t offsets[] = { 0, 2, 4, 7 };
  const std::int64_t ids[] = { 0, 1, 0, 1, 0, 1, 2 };
  const double iRe[] = { 1.0, 7.0, 9.0 }, iIm[] = { 0.0, 7.0, 9.0 };
  const unsigned char skip[] = { 0, 1, 0 };
  std::vector<CurrentElement> wire;
  AddWireElements(points, offsets, ids, 3, iRe, iIm, skip, wire);
  CM_EQUAL(wire.size(), std::size_t(1));
  CM_NEAR(wire[0].Position[2], z0, 1e-15);
  CM_NEAR(std::abs(wire[0].Moment[2] - il), 0.0, 1e-15);

  // The grid: θ 0…180 step 2, φ 0…360 step 30 (the closing column included).
  const double thetaRange[2] = { 0, 180 }, phiRange[2] = { 0, 360 };
  const std::vector<double> th = AngleAxis(thetaRange, 2.0), ph = AngleAxis(phiRange, 30.0);
  CM_EQUAL(th.size(), std::size_t(91));
  CM_EQUAL(ph.size(), std::size_t(13));
  CM_EQUAL(CheckFarFieldGrid(th.size(), ph.size()), std::string());
  CM_CHECK(!CheckFarFieldGrid(0, 5).empty());
  CM_EQUAL(CheckFarFieldGrid(10001, 1000),
    std::string("the theta/phi grid has 10001000 samples; it must have 1 to 10^7"));

  std::vector<double> n(6 * th.size() * ph.size());
  RadiationVectors(wire, k, th, ph, cm::ParallelFor(), n.data());
  const FarFieldTable table = FarFieldOnGrid(n.data(), k, th, ph, 30.0);
  double worst = 0, worstPhi = 0;
  for (std::size_t s = 0; s < th.size() * ph.size(); ++s)
  {
    const double theta = table.Columns[0][s];
    const std::complex<double> want = DipoleETheta(il, k, z0, theta);
    const std::complex<double> got(table.Columns[2][s], table.Columns[3][s]);
    worst = std::max(worst, std::abs(got - want));
    worstPhi = std::max(worstPhi, std::hypot(table.Columns[4][s], table.Columns[5][s]));
    CM_NEAR(table.Columns[8][s], std::abs(want), 1e-12);
  }
  // |E_θ| peaks at η k I L/(4π) = η f I L/(2c) = 1.88496 V; agree to rounding.
  CM_NEAR(worst, 0.0, 1e-12);
  CM_NEAR(worstPhi, 0.0, 1e-12);
  CM_NEAR(Eta * k * il / (4 * cm::Pi), 1.88496, 1e-5);

  // Directivity on the full sphere: 1.5 sin²θ, 1.76 dBi broadside; −999.99 on the axis.
  CM_EQUAL(table.Gain.size(), th.size() * ph.size());
  const std::size_t broadside = 45; // θ = 90°, φ = 0
  CM_NEAR(table.Gain[broadside], 10 * std::log10(1.5), 2e-3);
  CM_NEAR(table.Gain[broadside + 91 * 5], 10 * std::log10(1.5), 2e-3);
  CM_NEAR(table.Gain[15], 10 * std::log10(1.5 * 0.25), 2e-3); // θ = 30°
  CM_EQUAL(table.Gain[0], -999.99);
  // Half a sphere has no directivity.
  const double halfRange[2] = { 0, 90 };
  const std::vector<double> half = AngleAxis(halfRange, 2.0);
  std::vector<double> nh(6 * half.size() * ph.size());
  RadiationVectors(wire, k, half, ph, cm::ParallelFor(), nh.data());
  CM_CHECK(FarFieldOnGrid(nh.data(), k, half, ph, 30.0).Gain.empty());

  // A square patch 1 cm × 1 cm at the origin carrying J = 1 A/m ẑ (J·A = 1e-4 A·m),
  // as a quad, and as two triangles with J = 2j (J·A = 2j·0.5e-4 each).
  const double patch[] = { -0.005, -0.005, 0, 0.005, -0.005, 0, 0.005, 0.005, 0, -0.005, 0.005, 0 };
  const std::int64_t quadOff[] = { 0, 4 }, quadIds[] = { 0, 1, 2, 3 };
  const double jRe[] = { 0, 0, 1 }, jIm[] = { 0, 0, 0 };
  std::vector<CurrentElement> sheet;
  AddSurfaceElements(patch, quadOff, quadIds, 1, jRe, jIm, nullptr, sheet);
  const std::int64_t triOff[] = { 0, 3, 6 }, triIds[] = { 0, 1, 2, 0, 2, 3 };
  const double jRe2[] = { 0, 0, 0, 0, 0, 0 }, jIm2[] = { 0, 0, 2, 0, 0, 2 };
  AddSurfaceElements(patch, triOff, triIds, 2, jRe2, jIm2, nullptr, sheet);
  CM_EQUAL(sheet.size(), std::size_t(3));
  CM_NEAR(std::abs(sheet[0].Moment[2] - 1e-4), 0.0, 1e-18);
  CM_NEAR(sheet[1].Position[0], 0.005 / 3, 1e-15); // the first triangle's centroid
  std::complex<double> sum = 0;
  for (const CurrentElement& e : sheet)
  {
    sum += e.Moment[2];
  }
  CM_NEAR(std::abs(sum - std::complex<double>(1e-4, 2e-4)), 0.0, 1e-18);
  // Toward θ = 90°, φ = 45° every centroid has x + y = 0, so no phase: the three
  // elements radiate as one moment (1 + 2j)·1e-4 at the origin.
  std::complex<double> nv[3], et, ep;
  const double dir[3] = { std::sqrt(0.5), std::sqrt(0.5), 0 };
  RadiationVector(sheet, k, dir, nv);
  FarFieldFromRadiationVector(nv, k, cm::Pi / 2, cm::Pi / 4, et, ep);
  const std::complex<double> want = DipoleETheta(1e-4, k, 0, 90) * std::complex<double>(1, 2);
  CM_NEAR(std::abs(et - want), 0.0, 1e-15);
  CM_NEAR(std::abs(ep), 0.0, 1e-15);

  // Input checks (the filter's messages).
  CM_EQUAL(CheckCurrentsInput(true, true, true, true), std::string());
  CM_EQUAL(CheckCurrentsInput(false, false, false, false), std::string());
  CM_EQUAL(CheckCurrentsInput(true, false, false, false),
    std::string("the surface needs 3-component cell arrays J_real and J_imag"));
  CM_EQUAL(CheckCurrentsInput(false, false, true, false),
    std::string("the wires need cell arrays I_real and I_imag"));
  return cmReport("TestFarField");
}
