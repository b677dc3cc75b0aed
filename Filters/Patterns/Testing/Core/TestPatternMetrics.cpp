// SPDX-License-Identifier: BSD-3-Clause
// Pattern metrics (cmPatternMetrics.h) of patterns whose figures are known in
// closed form:
//  - U = sin²θ (a short dipole): D = 4π / ∮sin²θ dΩ = 4π / (8π/3) = 1.5
//    (1.76 dBi); half power where sin²θ = ½, θ = 45° and 135°: HPBW 90° in
//    the elevation plane, 360° (omnidirectional) in the azimuth plane; the
//    back direction is a peak too: front-to-back 0 dB.
//  - U = cos²θ on the upper half, 0 below: D = 4π / (2π/3) = 6 (7.78 dBi),
//    HPBW 90°, no back radiation (front-to-back +inf).
//  - U = 1 (isotropic): D = 1, the power in a cone of half-angle α is
//    (1 − cos α)/2 of the total, its average directivity 1.
// MetricsRow also takes the samples in any order, from a gain column in dB
// (with NEC's −999.99 for no field) or from |E|.
#include "cmCheck.h"
#include "cmConstants.h"
#include "cmPatternMetrics.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace cm::pattern;

namespace
{
std::vector<double> Axis(double step, double end)
{
  std::vector<double> v;
  for (int i = 0; i * step <= end + 1e-9; ++i)
  {
    v.push_back(i * step);
  }
  return v;
}

template <class F>
std::vector<double> Intensity(const std::vector<double>& th, const std::vector<double>& ph, F u)
{
  std::vector<double> out;
  for (std::size_t j = 0; j < ph.size(); ++j)
  {
    for (double t : th)
    {
      out.push_back(u(t * cm::Pi / 180));
    }
  }
  return out;
}
} // namespace

int TestPatternMetrics(int, char*[])
{
  const std::vector<double> th = Axis(1.0, 180.0), ph = Axis(5.0, 355.0);
  const auto sin2 = [](double t) { return std::sin(t) * std::sin(t); };
  const PatternMetrics dip = ComputePatternMetrics(th, ph, Intensity(th, ph, sin2), 30.0);
  CM_NEAR(dip.Directivity, 1.5, 2e-4);
  CM_NEAR(10 * std::log10(dip.Directivity), 1.7609, 1e-3);
  CM_NEAR(dip.PeakTheta, 90.0, 1e-12);
  CM_NEAR(dip.HalfPowerBeamwidth1, 90.0, 0.1);
  CM_EQUAL(dip.HalfPowerBeamwidth2, 360.0);
  CM_NEAR(dip.FrontToBack, 0.0, 1e-9);
  CM_CHECK(std::isinf(dip.FirstSidelobe) && dip.FirstSidelobe < 0);

  const auto cos2 = [](double t) { return t <= cm::Pi / 2 ? std::cos(t) * std::cos(t) : 0.0; };
  const PatternMetrics beam = ComputePatternMetrics(th, ph, Intensity(th, ph, cos2), 30.0);
  CM_NEAR(beam.Directivity, 6.0, 5e-3);
  CM_NEAR(beam.PeakTheta, 0.0, 1e-12);
  CM_NEAR(beam.HalfPowerBeamwidth1, 90.0, 0.1);
  CM_NEAR(beam.HalfPowerBeamwidth2, 90.0, 0.1);
  CM_CHECK(std::isinf(beam.FrontToBack) && beam.FrontToBack > 0);

  const PatternMetrics iso =
    ComputePatternMetrics(th, ph, Intensity(th, ph, [](double) { return 1.0; }), 60.0);
  CM_NEAR(iso.Directivity, 1.0, 1e-12);
  CM_NEAR(iso.ConePowerFraction, (1 - std::cos(cm::Pi / 3)) / 2, 5e-3);
  CM_NEAR(iso.ConeAverageDirectivity, 1.0, 1e-12);
  // Half a sphere: no directivity.
  const std::vector<double> upper = Axis(1.0, 90.0);
  CM_CHECK(
    std::isnan(ComputePatternMetrics(upper, ph, Intensity(upper, ph, sin2), 30).Directivity));

  // MetricsRow: the sin²θ pattern as a Gain column in dB, rows reversed (φ fastest
  // now), with −999.99 on the axis; and as |E| = sin θ.
  std::vector<double> t, p, gain, field;
  for (std::size_t j = ph.size(); j-- > 0;)
  {
    for (std::size_t i = th.size(); i-- > 0;)
    {
      const double s = std::sin(th[i] * cm::Pi / 180);
      t.push_back(th[i]);
      p.push_back(ph[j]);
      gain.push_back(s * s > 1e-20 ? 10 * std::log10(1.5 * s * s) : -999.99);
      field.push_back(std::abs(s));
    }
  }
  double row[11] = { 0 };
  CM_EQUAL(MetricsRow(t, p, gain, true, 30.0, row), std::string());
  CM_NEAR(row[3], 10 * std::log10(1.5), 1e-12); // the peak gain as given
  CM_NEAR(row[4], 10 * std::log10(1.5), 1e-3); // the directivity as integrated
  CM_NEAR(row[5], 90.0, 0.1);
  CM_EQUAL(row[6], 360.0);
  CM_NEAR(row[7], 0.0, 1e-9);
  double rowE[11] = { 0 };
  CM_EQUAL(MetricsRow(t, p, field, false, 30.0, rowE), std::string());
  CM_CHECK(std::isnan(rowE[3]));
  CM_NEAR(rowE[4], 10 * std::log10(1.5), 1e-3);
  CM_NEAR(rowE[1], 90.0, 1e-12);

  // Errors: the filter's messages.
  t.pop_back();
  p.pop_back();
  gain.pop_back();
  CM_EQUAL(MetricsRow(t, p, gain, true, 30.0, row),
    std::string("the samples do not form a complete theta/phi grid (181 x 72 != 13031)"));
  CM_EQUAL(CheckMetricsColumns(true, true, true), std::string());
  CM_EQUAL(CheckMetricsColumns(true, false, true),
    std::string("the input needs Theta, Phi and a Gain or |E| column"));
  CM_EQUAL(std::string(MetricsColumnNames[4]), std::string("Directivity[dBi]"));
  return cmReport("TestPatternMetrics");
}
