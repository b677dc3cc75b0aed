// SPDX-License-Identifier: BSD-3-Clause
// AWS Palace farfield-rE.csv and port-S.csv (cmPalace). Oracles:
//  - analytic short dipoles written in Palace's exact layout at Palace's own NSample
//    directions (Testing/Data/palace/make_palace_dipole.py): a z dipole (rE = 10 sin t
//    theta-hat) and an x dipole (E_theta and E_phi both non-zero); the grid must equal the
//    formula (interpolation error measured, exact where a grid direction is a sample) and
//    the directivity 1.5 (1.761 dBi);
//  - Palace's own reference outputs (awslabs/palace test/data/regression/ref, Apache-2.0):
//    the short (current) dipole's directivity 1.76 dBi, the half-wave dipole's near
//    2.15 dBi; the file's blocks against the distinct (frequency, excitation) pairs of its
//    rows; port-S.csv's S11 against port-V.csv (S11 = V/V_inc - 1 for a lumped port) and
//    R = V_inc/I_inc (50 ohm) from port-V.csv and port-I.csv.
#include "cmCheck.h"
#include "cmPalace.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const double Pi = 3.14159265358979323846;
const std::string Dir = CLOUDMAP_DATA_DIR "/palace/";

double PeakGain(const FarFieldGrid& g)
{
  return g.Gain.empty() ? -1e300 : *std::max_element(g.Gain.begin(), g.Gain.end());
}

/// The largest |interpolated - exact| over the grid, relative to the peak |E| (10 V).
double GridError(const FarFieldGrid& g, bool xDipole)
{
  double err = 0;
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    const double t = g.Theta[k] * Pi / 180, p = g.Phi[k] * Pi / 180;
    std::complex<double> et, ep;
    if (xDipole)
    {
      et = { 0, 10 * std::cos(t) * std::cos(p) };
      ep = { 0, -10 * std::sin(p) };
    }
    else
    {
      et = 10 * std::sin(t);
    }
    err = std::max(err,
      std::abs(std::complex<double>(g.EthetaRe[k], g.EthetaIm[k]) - et) +
        std::abs(std::complex<double>(g.EphiRe[k], g.EphiIm[k]) - ep));
  }
  return err / 10;
}

/// 10 log10(max |rE|^2 / mean |rE|^2) over the rows, (35, 20) left out.
double MaxOverMean(const PalaceFarFieldBlock& b)
{
  double mx = 0, sum = 0;
  int n = 0;
  for (std::size_t k = 0; k < b.Theta.size(); ++k)
  {
    if (std::abs(b.Theta[k] - 35) < 1e-9 && std::abs(b.Phi[k] - 20) < 1e-9)
    {
      continue;
    }
    const double e2 = std::norm(b.Ex[k]) + std::norm(b.Ey[k]) + std::norm(b.Ez[k]);
    mx = std::max(mx, e2);
    sum += e2;
    ++n;
  }
  return 10 * std::log10(mx * n / sum);
}

void AnalyticDipoles()
{
  for (const char* name : { "dipole_nsample100.csv", "dipole_nsample1000.csv" })
  {
    const std::string text = Slurp(Dir + name);
    const PalaceFarField ff = ParsePalaceFarField(text, name);
    CM_EQUAL(ff.Blocks.size(), std::size_t(2));
    CM_CHECK(!ff.Eigenmode);
    CM_NEAR(ff.Blocks[0].Frequency, 1e9, 1e-3);
    CM_NEAR(ff.Blocks[1].Frequency, 2e9, 1e-3);
    CM_EQUAL(ff.Blocks[0].Excitation, std::int64_t(1));
    for (int b = 0; b < 2; ++b)
    {
      const FarFieldGrid g = PalaceFarFieldGrid(ff.Blocks[static_cast<std::size_t>(b)], 2, 2);
      CM_EQUAL(g.NumberOfTheta, std::int64_t(91));
      CM_EQUAL(g.NumberOfPhi, std::int64_t(180));
      for (const auto& v : g.Values)
      {
        if (v.first == "LargestGap[deg]")
        {
          // Measured: 22.61 degrees at NSample 100, 10.00 at 1000 (near the poles).
          std::printf("%s largest gap %.2f deg\n", name, v.second[0]);
          CM_CHECK(v.second[0] > 0 && v.second[0] < (text.size() < 100000 ? 25 : 12));
        }
      }
      const double err = GridError(g, b == 1);
      std::printf("%s block %d: max interpolation error %.3e of the peak, peak %.4f dBi\n", name, b,
        err, PeakGain(g));
      // Measured (2 degree grid, 16 neighbours): NSample 100: 5.4e-3 (z), 1.7e-2 (x),
      // peaks 1.789 and 1.802 dBi; NSample 1000: 1.1e-4, 6.5e-4, 1.7609 and 1.7648 dBi.
      const bool coarse = text.size() < 100000;
      CM_CHECK(err < (coarse ? (b == 0 ? 7e-3 : 2e-2) : (b == 0 ? 2e-4 : 1e-3)));
      CM_NEAR(PeakGain(g), 10 * std::log10(1.5), coarse ? 0.05 : 0.005);
      // theta 90, phi 0 is a sample: exact there.
      const std::size_t k = 45;
      CM_NEAR(g.EthetaRe[k], b == 0 ? 10.0 : 0.0, 1e-9);
      CM_NEAR(g.EphiIm[k], 0.0, 1e-9);
    }
  }
}

void RealFarFields()
{
  {
    const std::string f = Dir + "antenna_short_dipole/farfield-rE.csv";
    const PalaceFarField ff = ParsePalaceFarField(Slurp(f), f);
    CM_EQUAL(ff.Blocks.size(), std::size_t(1));
    CM_EQUAL(ff.Blocks[0].Theta.size(), std::size_t(101));
    CM_NEAR(ff.Blocks[0].Frequency, 74.9e6, 1e-3);
    const FarFieldGrid g = PalaceFarFieldGrid(ff.Blocks[0], 2, 2);
    // Oracle: max|E|^2 / mean|E|^2 over the NSample directions (the user's extra (35, 20)
    // left out) is the directivity up to the layout's quadrature bias, which the analytic
    // dipole at the same 100 directions measures: D = 1.761 + ratio(file) - ratio(analytic).
    const std::string a = Dir + "dipole_nsample100.csv";
    const double oracle = 10 * std::log10(1.5) +
      MaxOverMean(ParsePalaceFarField(Slurp(f), f).Blocks[0]) -
      MaxOverMean(ParsePalaceFarField(Slurp(a), a).Blocks[0]);
    std::printf(
      "Palace short dipole: peak directivity %.4f dBi, oracle %.4f dBi\n", PeakGain(g), oracle);
    CM_NEAR(PeakGain(g), oracle, 0.03);
  }
  {
    const std::string f = Dir + "antenna_halfwave_dipole/farfield-rE.csv";
    const PalaceFarField ff = ParsePalaceFarField(Slurp(f), f);
    const FarFieldGrid g = PalaceFarFieldGrid(ff.Blocks[0], 2, 2);
    std::printf("Palace half-wave dipole: peak directivity %.4f dBi\n", PeakGain(g));
    // The thin half-wave dipole's 2.15 dBi; this is Palace's coarse regression run of a
    // thick one (a = L/20; its |E|/sin(theta) varies by 26 %): measured 2.36 dBi.
    CM_NEAR(PeakGain(g), 2.15, 0.25);
  }
  {
    // Blocks: the distinct (f, exc) of the rows, counted here by hand.
    const std::string f = Dir + "cpw_lumped_uniform/farfield-rE.csv";
    const std::string text = Slurp(f);
    std::set<std::pair<std::string, std::string>> keys;
    const std::vector<std::string> lines = Lines(text);
    for (std::size_t i = 1; i < lines.size(); ++i)
    {
      const std::size_t c1 = lines[i].find(','), c2 = lines[i].find(',', c1 + 1);
      if (c1 != std::string::npos)
      {
        keys.insert({ lines[i].substr(0, c1), lines[i].substr(c1 + 1, c2 - c1 - 1) });
      }
    }
    const PalaceFarField ff = ParsePalaceFarField(text, f);
    CM_EQUAL(ff.Blocks.size(), keys.size());
    CM_CHECK(std::any_of(ff.Blocks.begin(), ff.Blocks.end(),
      [](const PalaceFarFieldBlock& b) { return b.Excitation == 2; }));
    CM_CHECK(ff.Warnings.empty());
  }
  {
    const std::string f = Dir + "cpw_lumped_eigen/farfield-rE.csv";
    const PalaceFarField ff = ParsePalaceFarField(Slurp(f), f);
    CM_CHECK(ff.Eigenmode);
    CM_EQUAL(ff.Blocks.size(), std::size_t(1));
    CM_EQUAL(ff.Blocks[0].Mode, std::int64_t(1));
    CM_NEAR(ff.Blocks[0].Frequency, 17.04920657498e9, 1);
    CM_NEAR(ff.Blocks[0].FrequencyImag, 2.956785123880e9, 1);
  }
}

/// Re/Im of V[1] and V_inc[1] of the half-wave dipole's port-V.csv, read here by hand.
std::complex<double> S11FromPortV()
{
  const std::vector<std::string> l = Lines(Slurp(Dir + "antenna_halfwave_dipole/port-V.csv"));
  double v[4] = {};
  std::sscanf(l[1].c_str(), "%lf , %lf , %lf , %lf", &v[0], &v[1], &v[2], &v[3]);
  return std::complex<double>(v[2], v[3]) / v[1] - 1.0;
}

void PortS()
{
  const std::string dir = Dir + "antenna_halfwave_dipole/";
  const Network n = ParsePalacePortS(Slurp(dir + "port-S.csv"), "port-S.csv", 50);
  CM_EQUAL(n.Ports.size(), std::size_t(1));
  CM_EQUAL(n.Points.size(), std::size_t(1));
  const std::complex<double> s = n.Points[0].S[0], ref = S11FromPortV();
  std::printf("half-wave dipole S11 %.9f%+.9fj, from port-V.csv %.9f%+.9fj\n", s.real(), s.imag(),
    ref.real(), ref.imag());
  CM_NEAR(std::abs(s - ref), 0.0, 1e-9);
  const auto r = PalaceIncidentImpedances(
    Slurp(dir + "port-V.csv"), "port-V.csv", Slurp(dir + "port-I.csv"), "port-I.csv");
  CM_EQUAL(r.size(), std::size_t(1));
  CM_NEAR(r[0].second, 50.0, 1e-9);
  CM_NEAR(std::abs(n.Points[0].Z[0] - 50.0 * (1.0 + s) / (1.0 - s)), 0.0, 1e-9);

  // Four ports, two excitations: columns 1 and 2 given, 3 and 4 NaN; reciprocity.
  const Network c = ParsePalacePortS(Slurp(Dir + "cpw_lumped_uniform/port-S.csv"), "c", 50);
  CM_EQUAL(c.Ports.size(), std::size_t(4));
  CM_EQUAL(c.Points.size(), std::size_t(7));
  CM_NEAR(std::abs(c.Points[0].S[1 * 4 + 0] - c.Points[0].S[0 * 4 + 1]), 0.0, 1e-5);
  CM_CHECK(std::isnan(c.Points[0].S[0 * 4 + 2].real()));
  CM_NEAR(20 * std::log10(std::abs(c.Points[0].S[0])), -1.701793831224e+01, 1e-9);
  const auto rc = PalaceIncidentImpedances(Slurp(Dir + "cpw_lumped_uniform/port-V.csv"), "v",
    Slurp(Dir + "cpw_lumped_uniform/port-I.csv"), "i");
  CM_EQUAL(rc.size(), std::size_t(2));

  // NULL (a restarted run's unwritten excitation) is NaN; -inf dB is S = 0.
  const Network r2 = ParsePalacePortS(Slurp(Dir + "restart2_c03/port-S.csv"), "r", 50);
  CM_EQUAL(r2.Ports.size(), std::size_t(3));
  CM_EQUAL(std::abs(r2.Points[0].S[2 * 3 + 0]), 0.0);
  CM_CHECK(std::isnan(r2.Points[0].S[0 * 3 + 1].real()));
  // The Floquet port 1 is not in port-S.csv: S[2][1] and S[2][2] only.
  const Network fl = ParsePalacePortS(Slurp(Dir + "floquet_lumped/port-S.csv"), "f", 50);
  CM_EQUAL(fl.Ports.size(), std::size_t(2));
  CM_CHECK(std::isnan(fl.Points[0].S[0].real()));
}

bool Refused(const std::string& text, const char* fragment, bool ports = false)
{
  try
  {
    if (ports)
    {
      ParsePalacePortS(text, "bad.csv", 50);
    }
    else
    {
      ParsePalaceFarField(text, "bad.csv");
    }
  }
  catch (const ParseError& e)
  {
    const bool ok = std::string(e.what()).find(fragment) != std::string::npos;
    if (!ok)
    {
      std::printf("message: %s\n", e.what());
    }
    return ok;
  }
  return false;
}

void BadInputs()
{
  const std::vector<std::string> l = Lines(Slurp(Dir + "dipole_nsample100.csv"));
  auto join = [](std::vector<std::string> v) { return Join(v); };
  CM_CHECK(Refused("", "empty file"));
  CM_CHECK(Refused(l[0] + "\n", "no far-field rows"));
  std::vector<std::string> v = l;
  v[0].replace(v[0].find("theta"), 5, "tehta");
  CM_CHECK(Refused(join(v), "bad.csv:1: the header names no column 'theta (deg.)'"));
  v = l;
  v[3] = v[3].substr(0, 60);
  CM_CHECK(Refused(join(v), "bad.csv:4: row has 4 fields, the header 10"));
  v = l;
  v[5].replace(v[5].rfind('+'), 1, "x");
  CM_CHECK(Refused(join(v), "bad.csv:6: expected r*Im{E_z} (V)"));
  v = l;
  v[7].replace(v[7].rfind('+'), 19, "                nan");
  CM_CHECK(Refused(join(v), "bad.csv:8:"));
  // The second block cut short: one warning, the first block read.
  v = l;
  v.resize(150);
  PalaceFarField ff = ParsePalaceFarField(join(v), "bad.csv");
  CM_EQUAL(ff.Blocks.size(), std::size_t(1));
  CM_EQUAL(ff.Warnings.size(), std::size_t(1));
  CM_CHECK(ff.Warnings[0].find("bad.csv:102: the block starting here has 49 directions") == 0);
  // A bad row in the second block: the first read, one warning naming the line.
  v = l;
  v[120] = v[120].substr(0, 100);
  ff = ParsePalaceFarField(join(v), "bad.csv");
  CM_EQUAL(ff.Blocks.size(), std::size_t(1));
  CM_CHECK(ff.Warnings.size() == 1 && ff.Warnings[0].find("bad.csv:121:") == 0);
  // CRLF reads as LF.
  std::string crlf;
  for (const std::string& s : l)
  {
    crlf += s + "\r\n";
  }
  CM_CHECK(ParsePalaceFarField(crlf, "x").Blocks[1].Ez[7] ==
    ParsePalaceFarField(Join(l), "x").Blocks[1].Ez[7]);

  const std::string s = Slurp(Dir + "cpw_lumped_uniform/port-S.csv");
  const std::vector<std::string> p = Lines(s);
  CM_CHECK(Refused("f (GHz), foo\n1, 2\n", "is not |S[i][j]| (dB)", true));
  std::vector<std::string> q = p;
  q[2] = q[2].substr(0, 80);
  CM_CHECK(Refused(Join(q), "bad.csv:3: row has", true));
  q = p;
  std::swap(q[2], q[3]);
  CM_CHECK(Refused(Join(q), "bad.csv:4: the frequencies do not increase", true));
  q = p;
  q[0] = q[0].substr(0, q[0].rfind(','));
  CM_CHECK(Refused(Join(q), "has no arg(S) (deg.) column", true));
  CM_CHECK(Refused(p[0] + "\n", "no rows after the header", true));
  CM_CHECK(LooksLikePalacePortS(s) && !LooksLikePalaceFarField(s));
  CM_CHECK(LooksLikePalaceFarField(Join(l)) && !LooksLikePalacePortS(Join(l)));
  CM_CHECK(!LooksLikePalaceFarField("a,b,c\n1,2,3\n") && !LooksLikePalacePortS("f (GHz),x\n"));
}
} // namespace

int TestPalace(int, char*[])
{
  AnalyticDipoles();
  RealFarFields();
  PortS();
  BadInputs();
  return cmReport("TestPalace");
}
