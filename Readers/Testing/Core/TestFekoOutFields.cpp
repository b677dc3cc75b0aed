// SPDX-License-Identifier: BSD-3-Clause
// The far and near fields of FEKO .out (cmFekoOutFields.h) on the look-alike
// Testing/Data/feko/dipole_wire_2017.out (make_feko_wires.py, FEKO 2017.2 layouts).
// Oracles are what the file prints about itself: the directivity column against
// 4 pi |rE|^2 / (2 eta P) from the field columns and the printed active power; the
// radiated power (the field integrated over the sphere, Simpson in theta) against that
// printed active power (conservation: FEKO's lossless model radiates what it is fed);
// the near field at R = 100 m times R against the far field in the same direction; |E|
// of each near-field point against the magnitudes it prints. Damaged copies are refused
// naming the file and line.
#include "cmCheck.h"
#include "cmFarField.h"
#include "cmFekoOutFields.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

using namespace cm;

namespace
{
const double Pi = 3.14159265358979323846;

double Norm2(const FarFieldGrid& g, std::size_t k)
{
  return g.EthetaRe[k] * g.EthetaRe[k] + g.EthetaIm[k] * g.EthetaIm[k] + g.EphiRe[k] * g.EphiRe[k] +
    g.EphiIm[k] * g.EphiIm[k];
}

void TestFarField(const std::string& text, const std::string& path)
{
  std::vector<std::string> notices;
  const std::vector<FarFieldGrid> ff = ParseFekoOutFarFields(text, path, &notices);
  CM_CHECK(ff.size() == 1 && notices.empty());
  if (ff.size() != 1)
  {
    return;
  }
  const FarFieldGrid& g = ff[0];
  CM_CHECK(g.NumberOfTheta == 19 && g.NumberOfPhi == 36);
  CM_CHECK(g.GainKind == "Directivity" && g.Name == "FarField1" && g.FieldUnit == "V");
  CM_CHECK(std::abs(g.Frequency - 2.99792e8) < 1);
  CM_CHECK(g.Values.size() == 1 && g.Values[0].first == "ActivePower[W]");
  const double p = g.Values.empty() ? 1 : g.Values[0].second[0];
  // The directivity column against the fields and the printed power.
  double worst = 0, peak = -1e9, peakComputed = -1e9;
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    const double d = 10 * std::log10(4 * Pi * Norm2(g, k) / (2 * FreeSpaceWaveImpedance * p));
    if (g.Gain[k] > -40)
    {
      worst = std::max(worst, std::abs(d - g.Gain[k]));
    }
    peak = std::max(peak, g.Gain[k]);
    peakComputed = std::max(peakComputed, d);
  }
  std::printf("  directivity: peak printed %.4f dBi, from the fields %.4f dBi; worst row %.4f dB\n",
    peak, peakComputed, worst);
  CM_CHECK(worst < 0.01);
  CM_NEAR(peak, peakComputed, 0.01);
  CM_CHECK(g.Gain[0] == NoFieldDecibels && g.EthetaRe[0] == 0); // θ = 0: no field
  // Radiated power: Simpson in θ (10° steps), the φ sum (periodic) exact.
  const std::int64_t nt = g.NumberOfTheta, np = g.NumberOfPhi;
  double prad = 0;
  for (std::int64_t i = 0; i < nt; ++i)
  {
    double ring = 0;
    for (std::int64_t j = 0; j < np; ++j)
    {
      ring += Norm2(g, static_cast<std::size_t>(j * nt + i));
    }
    const double w = (i == 0 || i == nt - 1) ? 1 : (i % 2 ? 4 : 2);
    prad += w * ring * std::sin(g.Theta[static_cast<std::size_t>(i)] * Pi / 180);
  }
  prad *= (10 * Pi / 180) / 3 * (2 * Pi / np) / (2 * FreeSpaceWaveImpedance);
  std::printf("  radiated power %.6e W, printed active power %.6e W (%.3f %%)\n", prad, p,
    100 * (prad / p - 1));
  CM_CHECK(std::abs(prad / p - 1) < 0.01);
}

void TestNearField(const std::string& text, const std::string& path)
{
  std::vector<std::string> notices;
  const std::vector<FekoNearField> nf = ParseFekoOutNearFields(text, path, &notices);
  const std::vector<FarFieldGrid> ff = ParseFekoOutFarFields(text, path, nullptr);
  CM_CHECK(nf.size() == 1 && notices.empty() && ff.size() == 1);
  if (nf.size() != 1 || ff.size() != 1)
  {
    return;
  }
  const NecNearField& g = nf[0].Grid;
  CM_CHECK(nf[0].Name == "NearField1" && g.HasE && !g.HasH && g.Spherical);
  // θ outer (30..150), φ inner (0..90): φ is i (4), θ is j (5).
  CM_CHECK(g.Dimensions[0] == 4 && g.Dimensions[1] == 5 && g.Dimensions[2] == 1);
  double worst = 0;
  for (std::size_t k = 0; k < g.Count(); ++k)
  {
    const double* x = &g.Points[3 * k];
    const double r = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
    CM_NEAR(r, 100.0, 1e-9);
    const double th = std::acos(x[2] / r) * 180 / Pi;
    const double ph = std::atan2(x[1], x[0]) * 180 / Pi;
    double e2 = 0;
    for (int d = 0; d < 3; ++d)
    {
      e2 += g.ERe[3 * k + d] * g.ERe[3 * k + d] + g.EIm[3 * k + d] * g.EIm[3 * k + d];
    }
    // The far-field sample in the same direction: |E| R = |rE| (1e-3 radial aside).
    const FarFieldGrid& f = ff[0];
    for (std::size_t s = 0; s < f.Theta.size(); ++s)
    {
      if (std::abs(f.Theta[s] - th) < 1e-6 && std::abs(f.Phi[s] - ph) < 1e-6)
      {
        worst = std::max(worst, std::abs(std::sqrt(e2) * r / std::sqrt(Norm2(f, s)) - 1));
      }
    }
  }
  std::printf("  near field at 100 m times R against the far field: worst %.2e\n", worst);
  CM_CHECK(worst > 0 && worst < 2e-3);
}

void ExpectError(const std::string& text, bool far, std::int64_t line, const char* words)
{
  try
  {
    far ? (void)ParseFekoOutFarFields(text, "bad.out", nullptr)
        : (void)ParseFekoOutNearFields(text, "bad.out", nullptr);
    std::printf("FAIL: accepted (expected '%s')\n", words);
    ++cmFailures;
  }
  catch (const ParseError& e)
  {
    std::printf("  -> %s\n", e.what());
    CM_CHECK(e.File == "bad.out");
    CM_CHECK(e.Line == line);
    CM_CHECK(std::string(e.what()).find(words) != std::string::npos);
  }
}

void TestBad(const std::string& text)
{
  const std::vector<std::string> l = Lines(text);
  std::size_t far = 0, near = 0;
  for (std::size_t k = 0; k < l.size(); ++k)
  {
    far = !far && l[k].find("IN THE FAR FIELD") != std::string::npos ? k : far;
    near = !near && l[k].find("FIELD STRENGTH in V/m") != std::string::npos ? k : near;
  }
  const auto line = [](std::size_t k) { return static_cast<std::int64_t>(k + 1); };
  std::vector<std::string> bad = l;
  bad[far + 6] = "   10.00    0.00   1.033E-01";
  ExpectError(Join(bad), true, line(far + 6), "far-field row has 3 fields");
  bad = l;
  bad[far + 6].replace(bad[far + 6].find("1.033E-01"), 9, "      nan");
  ExpectError(Join(bad), true, line(far + 6), "not a finite number");
  bad = l;
  bad[far + 7].replace(0, 9, "   25.00 "); // θ no longer a grid: sorted, then a hole
  ExpectError(Join(bad), true, line(far), "");
  bad = l;
  bad[near + 7] = "    0   1.00000E+02  3.00000E+01";
  ExpectError(Join(bad), false, line(near + 7), "expected 10");
  bad = l;
  bad[near + 6].replace(bad[near + 6].find("  4.96674E-09"), 13, " -4.96674E-09");
  ExpectError(Join(bad), false, line(near + 6), "negative field magnitude");
  bad = l;
  bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(near + 6),
    bad.begin() + static_cast<std::ptrdiff_t>(near + 26));
  ExpectError(Join(bad), false, line(near + 5), "without rows");
}
} // namespace

int TestFekoOutFields(int, char*[])
{
  const std::string path = CLOUDMAP_DATA_DIR "/feko/dipole_wire_2017.out";
  const std::string text = Slurp(path);
  TestFarField(text, path);
  TestNearField(text, path);
  TestBad(text);
  return cmReport("TestFekoOutFields");
}
