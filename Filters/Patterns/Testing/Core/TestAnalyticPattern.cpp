// SPDX-License-Identifier: BSD-3-Clause
// The analytic patterns (cmAnalyticPattern.h) against textbook values: the short
// dipole's directivity 1.5 (1.76 dBi) broadside and 1.5·sin²30° at θ = 30°; the
// half-wave dipole's 4/Cin(2π) = 4/2.437653 = 1.64093 (2.1509 dBi; Balanis 4-91); a broadside
// uniform array of N elements λ/2 apart has D = N exactly (Balanis, Antenna Theory, 6.3: D₀ = N for
// d = λ/2), and an isotropic source 0 dBi everywhere. The table's layout: θ fastest, the closing φ
// column included.
#include "cmAnalyticPattern.h"
#include "cmCheck.h"

#include <cmath>

using namespace cm::pattern;

int TestAnalyticPattern(int, char*[])
{
  AnalyticPatternSpec spec;
  spec.ThetaStep = 10;
  spec.PhiStep = 90;
  int nt = 0, np = 0;
  CM_EQUAL(CheckAnalyticGrid(spec, nt, np), std::string());
  CM_EQUAL(nt, 19);
  CM_EQUAL(np, 5);
  spec.Antenna = AnalyticAntenna::ShortDipole;
  FarFieldTable t = AnalyticPattern(spec);
  CM_EQUAL(t.Gain.size(), std::size_t(19 * 5));
  CM_EQUAL(t.Columns[0][9], 90.0);
  CM_EQUAL(t.Columns[1][19], 90.0); // the second φ column
  CM_NEAR(t.Gain[9], 1.7609, 1e-4);
  CM_NEAR(t.Gain[3], 10 * std::log10(1.5 * 0.25), 1e-12);
  CM_NEAR(t.Columns[8][3], 0.5, 1e-12); // |E| = sin 30°
  CM_EQUAL(t.Gain[0], -999.99);
  spec.Antenna = AnalyticAntenna::HalfWaveDipole;
  CM_NEAR(AnalyticPattern(spec).Gain[9], 10 * std::log10(4 / 2.437653), 1e-4);
  spec.Antenna = AnalyticAntenna::Isotropic;
  CM_EQUAL(AnalyticPattern(spec).Gain[4], 0.0);
  spec.Antenna = AnalyticAntenna::UniformLinearArray;
  spec.NumberOfElements = 4;
  spec.ElementSpacing = 0.5;
  spec.PhaseStep = 0;
  t = AnalyticPattern(spec);
  CM_NEAR(t.Gain[9], 10 * std::log10(4.0), 1e-6);
  CM_NEAR(t.Columns[8][9], 1.0, 1e-12);

  spec.ThetaStep = 7;
  CM_EQUAL(CheckAnalyticGrid(spec, nt, np),
    std::string("ThetaStep must divide 180 and PhiStep 360 (got 7, 90)"));
  CM_CHECK(AnalyticPattern(spec).Gain.empty());
  return cmReport("TestAnalyticPattern");
}
