// SPDX-License-Identifier: BSD-3-Clause
// HFSS .ffd far fields (cmHfssFarField). Oracles:
//  - the textbook half-wave dipole written in the exact layout (r E_theta = j 60 F(t),
//    F = cos(pi/2 cos t)/sin t): directivity 4 F^2 / Cin(2 pi), peak 2.15 dBi, and the
//    integrated power 3600 pi Cin(2 pi) / (2 eta0);
//  - an x-directed short dipole (E_theta = cos t cos p, E_phi = -sin p) on theta -180..180
//    with n_theta != n_phi, theta outer: every mapped sample must equal the formula at its
//    own direction (read phi-outer the values land elsewhere), directivity 1.5 = 1.76 dBi;
//  - the real HFSS 2026.1 file (Testing/Data/hfss): its -theta half and its +theta half,
//    read as two files, give the same grid (the file's own symmetry, theta outer);
//    its gain against the accepted power pyaedt's metadata gives, from the raw rows.
#include "cmCheck.h"
#include "cmHfssFarField.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const double Pi = 3.14159265358979323846;
const double Eta0 = 376.730313668;

double Pattern(double t)
{
  const double s = std::sin(t);
  return s < 1e-12 ? 0 : std::cos(Pi / 2 * std::cos(t)) / s;
}

double Cin(double x)
{
  const int n = 2000;
  const double h = x / n;
  auto f = [](double u) { return u < 1e-12 ? 0.0 : (1 - std::cos(u)) / u; };
  double s = f(0) + f(x);
  for (int k = 1; k < n; ++k)
  {
    s += (k % 2 ? 4 : 2) * f(k * h);
  }
  return s * h / 3;
}

std::string Row(double a, double b, double c, double d)
{
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.15e %.15e %.15e %.15e\n", a, b, c, d);
  return buf;
}

/// A file in HFSS's layout (θ outer), `field(t, p)` giving the four numbers of a row.
template <class F>
std::string Ffd(double t0, double t1, int nt, double p0, double p1, int np,
  const std::vector<double>& freqs, F field, bool countLine = true)
{
  char head[160];
  std::snprintf(head, sizeof head, "%g %g %d\n%g %g %d\n", t0, t1, nt, p0, p1, np);
  std::string s = head;
  if (countLine)
  {
    s += "Frequencies " + std::to_string(freqs.size()) + "\n";
  }
  for (std::size_t f = 0; f < freqs.size(); ++f)
  {
    std::snprintf(head, sizeof head, "Frequency %.15e\n", freqs[f]);
    s += head;
    for (int i = 0; i < nt; ++i)
    {
      for (int j = 0; j < np; ++j)
      {
        const double t = (t0 + (t1 - t0) * i / (nt - 1)) * Pi / 180;
        const double p = (p0 + (p1 - p0) * j / (np - 1)) * Pi / 180;
        s += field(t, p, f);
      }
    }
  }
  return s;
}

std::string Dipole(int nf = 1)
{
  std::vector<double> freqs;
  for (int f = 0; f < nf; ++f)
  {
    freqs.push_back(1e9 * (f + 1));
  }
  return Ffd(0, 180, 37, -180, 180, 37, freqs,
    [](double t, double, std::size_t f) { return Row(0, 60.0 * (f + 1) * Pattern(t), 0, 0); });
}

void TestHalfWaveDipole()
{
  const HfssFarField ff = ParseHfssFarField(Dipole(2), "dipole.ffd");
  CM_CHECK(ff.Warnings.empty());
  CM_EQUAL(ff.Grids.size(), std::size_t(2));
  const double peakWant = 10 * std::log10(4 / Cin(2 * Pi)); // 2.15 dBi
  for (std::size_t f = 0; f < ff.Grids.size(); ++f)
  {
    const FarFieldGrid& g = ff.Grids[f];
    CM_CHECK(g.NumberOfTheta == 37 && g.NumberOfPhi == 36); // φ 180 = −180 kept once
    CM_NEAR(g.Frequency, 1e9 * (f + 1), 0);
    CM_CHECK(g.GainKind == "Directivity" && g.FieldUnit == "V" && g.SourceFormat == "HFSS");
    const double pWant = 3600 * Pi * Cin(2 * Pi) / (2 * Eta0) * (f + 1) * (f + 1);
    CM_NEAR(g.Values.at(0).second.at(0) / pWant, 1, 2e-3);
    double peak = -1e9;
    for (std::size_t k = 0; k < g.Gain.size(); ++k)
    {
      const double F = Pattern(g.Theta[k] * Pi / 180);
      if (F > 0.05)
      {
        CM_NEAR(g.Gain[k], peakWant + 20 * std::log10(F), 0.01);
      }
      peak = std::max(peak, g.Gain[k]);
    }
    CM_NEAR(peak, peakWant, 0.01);
    CM_NEAR(peak, 2.15, 0.01);
  }
}

/// θ −180…180 (41) × φ −180…180 (25): the x dipole at its own direction everywhere.
void TestNegativeThetaThetaOuter()
{
  const std::string text =
    Ffd(-180, 180, 41, -180, 180, 25, { 3e8 }, [](double t, double p, std::size_t) {
      return Row(std::cos(t) * std::cos(p), 0, -std::sin(p), 0);
    });
  const HfssFarField ff = ParseHfssFarField(text, "xdipole.ffd");
  const FarFieldGrid& g = ff.Grids.at(0);
  CM_CHECK(g.NumberOfTheta == 21 && g.NumberOfPhi == 24);
  double worst = 0, peak = -1e9;
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    CM_CHECK(g.Theta[k] >= 0 && g.Theta[k] <= 180 && g.Phi[k] >= 0 && g.Phi[k] < 360);
    const double t = g.Theta[k] * Pi / 180, p = g.Phi[k] * Pi / 180;
    worst = std::max(worst, std::abs(g.EthetaRe[k] - std::cos(t) * std::cos(p)));
    worst = std::max(worst, std::abs(g.EphiRe[k] + std::sin(p)));
    peak = std::max(peak, g.Gain[k]);
  }
  std::printf(
    "  x dipole, theta -180..180: worst |E - formula| %.3g, peak %.4f dBi\n", worst, peak);
  CM_NEAR(worst, 0, 1e-12);
  CM_NEAR(peak, 10 * std::log10(1.5), 0.02); // short dipole, 1.76 dBi
}

std::string Slice(const std::vector<std::string>& l, std::size_t b, std::size_t e)
{
  std::string s;
  for (std::size_t k = b; k < e; ++k)
  {
    s += l[k] + "\n";
  }
  return s;
}

void TestRealFile()
{
  const std::string dir = CLOUDMAP_DATA_DIR "/hfss/";
  const std::string text = Slurp(dir + "exportfield_0.ffd");
  CM_CHECK(LooksLikeHfssFarField(text.substr(0, 4096)));
  HfssFarField ff = ParseHfssFarField(text, "exportfield_0.ffd");
  CM_CHECK(ff.Warnings.empty());
  const FarFieldGrid& g = ff.Grids.at(0);
  CM_CHECK(g.NumberOfTheta == 37 && g.NumberOfPhi == 72 && g.Frequency == 5e9);
  const double p = g.Values.at(0).second.at(0);
  std::printf("  exportfield_0.ffd: integrated power %.6f W\n", p);
  CM_NEAR(p, 0.793856, 2e-6); // the trapezoid sum over the file's θ >= 0 rows, by hand
  // The θ < 0 half and the θ > 0 half (both with θ = 0) as two files: the same grid.
  const std::vector<std::string> l = Lines(text);
  const std::size_t row0 = 4, half = 37 * 73;
  const FarFieldGrid neg = ParseHfssFarField(
    "-180 0 37\n-180 180 73\nFrequency 5e9\n" + Slice(l, row0, row0 + half), "neg")
                             .Grids.at(0);
  const FarFieldGrid pos = ParseHfssFarField(
    "0 180 37\n-180 180 73\nFrequency 5e9\n" + Slice(l, row0 + 36 * 73, row0 + 36 * 73 + half),
    "pos")
                             .Grids.at(0);
  double worst = 0, scale = 0;
  for (std::size_t k = 0; k < pos.Theta.size(); ++k)
  {
    worst = std::max({ worst, std::abs(neg.EthetaRe[k] - pos.EthetaRe[k]),
      std::abs(neg.EphiIm[k] - pos.EphiIm[k]) });
    scale = std::max(scale, std::abs(pos.EthetaRe[k]));
  }
  std::printf("  -theta half against +theta half: worst %.3g of %.3g\n", worst, scale);
  CM_CHECK(neg.Theta.size() == pos.Theta.size() && worst < 1e-12 * scale * 100);
  // Gain from the metadata's accepted power, against the raw rows' largest |rE|².
  HfssElementPowers pw;
  std::string problem;
  CM_CHECK(ParsePyaedtMetadata(
    Slurp(dir + "pyaedt_antenna_metadata.json"), "meta.json", "exportfield_0.ffd", pw, problem));
  CM_CHECK(pw.Element == "circ_patch_array[1,1]Circ_Patch_5GHz1_1:1" && pw.Position.size() == 3);
  double umax = 0;
  std::vector<std::string_view> tok;
  for (std::size_t k = row0; k < row0 + 73 * 73; ++k)
  {
    Tokenize(l[k], tok);
    double s = 0;
    for (std::string_view t : tok)
    {
      double x;
      ParseDouble(t, x);
      s += x * x;
    }
    umax = std::max(umax, s);
  }
  ApplyElementPowers(ff, pw, "meta.json");
  const FarFieldGrid& h = ff.Grids[0];
  CM_CHECK(h.GainKind == "Gain" && h.Extra.size() == 2);
  double gmax = -1e9, dmax = -1e9, rmax = -1e9;
  for (std::size_t k = 0; k < h.Gain.size(); ++k)
  {
    gmax = std::max(gmax, h.Gain[k]);
    dmax = std::max(dmax, h.Extra[0].second[k]);
    rmax = std::max(rmax, h.Extra[1].second[k]);
  }
  std::printf("  peak directivity %.3f dBi, gain %.3f dBi, realized %.3f dBi\n", dmax, gmax, rmax);
  CM_NEAR(gmax, 10 * std::log10(4 * Pi * umax / (2 * Eta0 * 0.893085)), 1e-9);
  CM_NEAR(rmax, 10 * std::log10(4 * Pi * umax / (2 * Eta0 * 1.0)), 1e-9);
  CM_NEAR(dmax - gmax, 10 * std::log10(0.893085 / p), 1e-9); // efficiency 0.889 < 1
  CM_CHECK(p < 0.893085 && gmax < dmax && rmax < gmax);
}

void ExpectError(const char* label, const std::string& text, const char* words)
{
  cmExpectError<ParseError>(
    label, [&] { ParseHfssFarField(text, "bad.ffd"); }, { "bad.ffd:", words });
}

void TestBadInput()
{
  const std::string good = Dipole(2);
  const std::vector<std::string> l = Lines(good);
  // A cut second block: the first is kept, one warning with file and line.
  HfssFarField cut = ParseHfssFarField(Slice(l, 0, l.size() - 100), "cut.ffd");
  CM_EQUAL(cut.Grids.size(), std::size_t(1));
  CM_CHECK(cut.Warnings.size() == 1 && cut.Warnings[0].find("cut.ffd:") == 0 &&
    cut.Warnings[0].find("ends after") != std::string::npos);
  // No 'Frequencies' line: every block is read.
  CM_EQUAL(
    ParseHfssFarField(Slice(l, 0, 2) + Slice(l, 3, l.size()), "x").Grids.size(), std::size_t(2));
  // 'Frequencies 3' for two blocks: both read, one warning.
  HfssFarField three =
    ParseHfssFarField(Slice(l, 0, 2) + "Frequencies 3\n" + Slice(l, 3, l.size()), "x");
  CM_CHECK(three.Grids.size() == 2 && three.Warnings.size() == 1);
  // NaN in the second block: the first kept; in the first block: refused.
  std::vector<std::string> nan = l;
  nan[l.size() - 5] = "0 nan 0 0";
  CM_EQUAL(ParseHfssFarField(Slice(nan, 0, nan.size()), "x").Grids.size(), std::size_t(1));
  nan[10] = "0 nan 0 0";
  ExpectError("NaN", Slice(nan, 0, nan.size()), ":11:");
  ExpectError("huge counts", "0 180 2000000000\n0 360 2000000000\nFrequency 1\n0 0 0 0\n",
    "ends after 1 of its 4000000000000000000 rows");
  ExpectError("zero count", "0 180 0\n0 360 3\nFrequency 1\n", "count is 0");
  ExpectError("three fields", Slice(l, 0, 4) + "1 2 3\n" + Slice(l, 5, l.size()), ":5: row has 3");
  ExpectError("cut first block", Slice(l, 0, 30), "ends after 26 of its 1369 rows");
  ExpectError("header", "0 180\n", "expected 'start stop count'");
  ExpectError("no rows", Slice(l, 0, 3), "no far-field block");
  CM_CHECK(!LooksLikeHfssFarField("Theta Phi\n1 2 3\n"));
  CM_CHECK(!LooksLikeHfssFarField("1 2 3\n4 5 6\n7 8\n"));
  // Metadata: malformed JSON names its line; an unknown file name is said.
  HfssElementPowers pw;
  std::string problem;
  CM_CHECK(!ParsePyaedtMetadata(
             "{\n \"element_pattern\": {\n \"a\": [1,\n", "m.json", "x.ffd", pw, problem) &&
    problem.find("m.json:") == 0);
  CM_CHECK(!ParsePyaedtMetadata("{\"element_pattern\": {}}", "m.json", "x.ffd", pw, problem) &&
    problem.find("x.ffd") != std::string::npos);
}
} // namespace

int TestHfssFarField(int, char*[])
{
  TestHalfWaveDipole();
  TestNegativeThetaThetaOuter();
  TestRealFile();
  TestBadInput();
  return cmReport("TestHfssFarField");
}
