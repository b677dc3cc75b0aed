// SPDX-License-Identifier: BSD-3-Clause
// Touchstone 1.1 and 2.0 (cmTouchstone.h). Oracles: files written by hand whose values
// are converted by hand here (MA and DB polar forms, frequency units, the 2-port N11 N21
// N12 N22 order, Z and Y normalised to R in 1.1 and in ohms in 2.0, the resistive
// 3-port divider's S = (J − I)/2 from its Y), the defaults of the specification
// (GHz S MA R 50), real files scikit-rf ships (Testing/Data/touchstone/skrf_*, whose
// values are checked against the numbers printed in them), write → read round trips in
// every format and unit and for 3 and 4 ports in 1.1 and 2.0, and damaged files that
// must throw ParseError naming the line (or warn, for the noise block).
#include "cmCheck.h"
#include "cmNecNetwork.h"
#include "cmTestFiles.h"
#include "cmConstants.h"
#include "cmTouchstone.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>
#include <functional>
#include <complex>
#include <string>

using namespace cm;

namespace
{
double Col(const ColumnTable& t, const char* name, std::size_t row)
{
  const int c = t.Find(name);
  if (c < 0)
  {
    std::printf("FAIL: no column %s\n", name);
    ++cmFailures;
    return std::nan("");
  }
  return t.Columns[static_cast<std::size_t>(c)][row];
}

void ExpectError(const std::string& text, const char* name, std::int64_t line, const char* words)
{
  try
  {
    ParseTouchstone(text, name, TouchstonePortsFromName(name));
    std::printf("FAIL: accepted (expected '%s')\n", words);
    ++cmFailures;
  }
  catch (const ParseError& e)
  {
    std::printf("  -> %s\n", e.what());
    CM_CHECK(e.File == name);
    CM_CHECK(e.Line == line);
    CM_CHECK(std::string(e.what()).find(words) != std::string::npos);
  }
}

void TestOnePort()
{
  // MA: 0.5 at 90° is 0.5j; DB: -6.0206 dB at 180° is -0.5; kHz; R 75; comments anywhere.
  const ColumnTable ma = ParseTouchstone("! a comment\n"
                                         "# kHz S MA R 75 ! trailing comment\n"
                                         "100 0.5 90\n"
                                         "  200\t0.25  -45 ! inline\n",
    "a.s1p", 1);
  CM_CHECK(ma.Rows() == 2);
  CM_NEAR(Col(ma, "Frequency", 0), 1e5, 0);
  CM_NEAR(Col(ma, "Frequency", 1), 2e5, 0);
  CM_NEAR(Col(ma, "S11_re", 0), 0, 1e-15);
  CM_NEAR(Col(ma, "S11_im", 0), 0.5, 1e-15);
  CM_NEAR(Col(ma, "S11_re", 1), 0.25 / std::sqrt(2.0), 1e-15);
  CM_NEAR(Col(ma, "S11_im", 1), -0.25 / std::sqrt(2.0), 1e-15);
  CM_NEAR(ma.ReferenceImpedance, 75, 0);
  // Z = R (1 + Γ)/(1 − Γ) with Γ = 0.5j: 75 (0.6 + 0.8j).
  CM_NEAR(Col(ma, "R", 0), 75 * 0.6, 1e-12);
  CM_NEAR(Col(ma, "X", 0), 75 * 0.8, 1e-12);
  CM_NEAR(Col(ma, "VSWR", 0), 3, 1e-12);
  CM_NEAR(Col(ma, "ReturnLoss", 0), 20 * std::log10(2.0), 1e-12);
  const ColumnTable db = ParseTouchstone("#MHZ db s\n150 -6.020599913 180\n", "b.s1p", 1);
  CM_NEAR(Col(db, "Frequency", 0), 150e6, 0);
  CM_NEAR(Col(db, "S11_re", 0), -0.5, 1e-10); // 10 digits of dB
  CM_NEAR(Col(db, "S11_dB", 0), -6.020599913, 1e-9);
  CM_NEAR(db.ReferenceImpedance, 50, 0);
  // An empty option line: GHz S MA R 50.
  const ColumnTable def = ParseTouchstone("#\n1.5 1 0\n", "c.s1p", 1);
  CM_NEAR(Col(def, "Frequency", 0), 1.5e9, 0);
  CM_NEAR(Col(def, "S11_re", 0), 1, 0);
  // Z normalised: z = 2 is Γ = 1/3 and R = 2 R0; Y normalised: y = 2 is Γ = -1/3.
  const ColumnTable z = ParseTouchstone("# Hz Z RI R 60\n10 2 0\n", "d.s1p", 1);
  CM_NEAR(Col(z, "S11_re", 0), 1.0 / 3, 1e-15);
  CM_NEAR(Col(z, "R", 0), 120, 1e-12);
  const ColumnTable y = ParseTouchstone("# Hz Y RI R 60\n10 2 0\n", "e.s1p", 1);
  CM_NEAR(Col(y, "S11_re", 0), -1.0 / 3, 1e-15);
  CM_NEAR(Col(y, "R", 0), 30, 1e-12);
  // Later option lines are ignored.
  const ColumnTable two = ParseTouchstone("# Hz S RI\n1 0.1 0\n# GHz\n2 0.2 0\n", "f.s1p", 1);
  CM_NEAR(Col(two, "Frequency", 1), 2, 0);
}

void TestTwoPort()
{
  // N11 N21 N12 N22 on the line; a record may wrap; noise data after a lower frequency.
  const ColumnTable t = ParseTouchstone("# GHz S RI R 50\n"
                                        "1.0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8\n"
                                        "2.0 0.11 0.21\n 0.31 0.41 0.51 0.61 0.71 0.81\n"
                                        "! noise parameters\n"
                                        "1.0 1.5 0.5 30 0.2\n",
    "g.s2p", 2);
  CM_CHECK(t.Rows() == 2);
  CM_NEAR(Col(t, "S11_re", 0), 0.1, 0);
  CM_NEAR(Col(t, "S11_im", 0), 0.2, 0);
  CM_NEAR(Col(t, "S21_re", 0), 0.3, 0);
  CM_NEAR(Col(t, "S12_re", 0), 0.5, 0);
  CM_NEAR(Col(t, "S22_im", 0), 0.8, 0);
  CM_NEAR(Col(t, "S21_im", 1), 0.41, 0);
  CM_NEAR(Col(t, "S21_dB", 0), 10 * std::log10(0.09 + 0.16), 1e-12);
  // Z of a series 50 Ω resistor between two 50 Ω ports: z = [[2, 1], [1, 2]] (normalised
  // 100 and 50 Ω); S11 = S22 = 1/3, S21 = S12 = 2/3 (the textbook attenuator pad).
  const ColumnTable z = ParseTouchstone("# MHz Z RI R 50\n10 1 0 1 0 1 0 1 0\n", "h.s2p", 2);
  // z = [[1,1],[1,1]] is a 50 Ω shunt resistor across the line: S11 = -1/3, S21 = 2/3.
  CM_NEAR(Col(z, "S11_re", 0), -1.0 / 3, 1e-15);
  CM_NEAR(Col(z, "S21_re", 0), 2.0 / 3, 1e-15);
  CM_NEAR(Col(z, "S12_re", 0), 2.0 / 3, 1e-15);
  CM_NEAR(Col(z, "S22_re", 0), -1.0 / 3, 1e-15);
  // The same shunt resistor from its Y matrix: y = [[1,-1],[-1,1]] is a series 50 Ω;
  // S11 = 1/3, S21 = 2/3.
  const ColumnTable y = ParseTouchstone("# MHz Y RI R 50\n10 1 0 -1 0 -1 0 1 0\n", "i.s2p", 2);
  CM_NEAR(Col(y, "S11_re", 0), 1.0 / 3, 1e-15);
  CM_NEAR(Col(y, "S21_re", 0), 2.0 / 3, 1e-15);
  // Ports guessed from the first data line when the name says nothing.
  CM_CHECK(ParseTouchstone("#\n1 0 0 0 0 0 0 0 0\n", "x.txt", 0).Find("S22_re") >= 0);
  CM_CHECK(ParseTouchstone("#\n1 0 0\n", "x.txt", 0).Find("S21_re") < 0);
}

void TestRoundTrip()
{
  ColumnTable t;
  t.ReferenceImpedance = 75;
  t.Add("Frequency") = { 1e8, 1.25e8, 1.5e8 };
  const char* names[4] = { "S11", "S21", "S12", "S22" };
  for (int k = 0; k < 4; ++k)
  {
    t.Add(std::string(names[k]) + "_re") = { 0.1 * (k + 1), -0.2, 0.33 };
    t.Add(std::string(names[k]) + "_im") = { -0.05, 0.4 * (k + 1) / 4, 1e-3 };
  }
  for (const char* format : { "RI", "MA", "DB" })
  {
    for (const char* unit : { "Hz", "kHz", "MHz", "GHz" })
    {
      TouchstoneWriteOptions o;
      o.Format = format;
      o.Unit = unit;
      o.Comment = "round trip\nsecond line";
      const std::string text = WriteTouchstone(t, o);
      const ColumnTable back = ParseTouchstone(text, "rt.s2p", 2);
      CM_CHECK(back.Rows() == 3);
      CM_NEAR(back.ReferenceImpedance, 75, 0);
      for (std::size_t r = 0; r < 3; ++r)
      {
        CM_NEAR(Col(back, "Frequency", r), Col(t, "Frequency", r), 1e-9 * Col(t, "Frequency", r));
        for (const char* c :
          { "S11_re", "S11_im", "S21_re", "S21_im", "S12_re", "S12_im", "S22_re", "S22_im" })
        {
          CM_NEAR(Col(back, c, r), Col(t, c, r), 1e-9);
        }
      }
    }
  }
  // A one-port table of Gamma columns (the NEC port table) writes as .s1p.
  ColumnTable g;
  g.ReferenceImpedance = 50;
  g.Add("Frequency") = { 1e8, 2e8 };
  g.Add("Gamma_re") = { 0.2, -0.1 };
  g.Add("Gamma_im") = { 0.3, 0.05 };
  CM_CHECK(TouchstonePortsOf(g) == 1);
  const ColumnTable gb = ParseTouchstone(WriteTouchstone(g, {}), "g.s1p", 1);
  CM_NEAR(Col(gb, "S11_im", 0), 0.3, 1e-10);
  // Frequencies that do not increase (several excitations) are refused.
  g.Columns[0][1] = 1e8;
  bool refused = false;
  try
  {
    WriteTouchstone(g, {});
  }
  catch (const std::runtime_error&)
  {
    refused = true;
  }
  CM_CHECK(refused);
}

void TestDamaged()
{
  ExpectError("", "e.s1p", 0, "empty file");
  ExpectError("# MHz S RI R 50\n! nothing\n", "e.s1p", 2, "no data");
  ExpectError("# MHz S RI\n1 0.1 0.2\n2 0.1\n", "e.s1p", 3, "record cut short");
  ExpectError("# MHz S RI\n1 0.1 0.2\n2 nan 0\n", "e.s1p", 3, "not a finite number");
  ExpectError("# MHz S RI\n1 0.1 0.2\n2 0.1 0.2x\n", "e.s1p", 3, "a parameter value");
  ExpectError("# MHz S RI\n2 0.1 0.2\n1 0.1 0.2\n", "e.s1p", 3, "does not increase");
  ExpectError("# MHz S RI\n2 0.1 0.2\n2 0.1 0.2\n", "e.s1p", 3, "does not increase");
  ExpectError("# MHz S XX\n1 0 0\n", "e.s1p", 1, "unknown option 'XX'");
  ExpectError("# MHz H RI\n1 0 0\n", "e.s1p", 1, "not supported");
  ExpectError("# MHz S RI R -50\n1 0 0\n", "e.s1p", 1, "must be positive");
  ExpectError("# MHz S RI R\n1 0 0\n", "e.s1p", 1, "R without");
  ExpectError("# MHz S MA\n1 -0.5 0\n", "e.s1p", 2, "magnitude must not be negative");
  ExpectError("# MHz S RI\n[Number of Ports] 1\n", "e.s1p", 2, "without '[Version] 2.0'");
  ExpectError("# MHz S RI\n1 0 0 0 0\n", "e.txt", 2, "cannot tell the number of ports");
  ExpectError("# MHz S RI\n-1 0 0\n", "e.s1p", 2, "negative frequency");
  // Not a Touchstone file: no option line before the data.
  ExpectError("! a comment\n1 0.1 0.2\n", "e.s1p", 2, "no option line");
  ExpectError("hello world\n", "e.s1p", 1, "no option line");
  // A wrong count of values names the frequency's line, wherever it shows.
  ExpectError("# MHz S RI\n1 0.1 0.2\n2 0.1\n3 0.1 0.2\n", "e.s1p", 3, "a line of 2 numbers");
  ExpectError(
    "# MHz S RI\n1 0.1 0.2 0.3 0.4\n2 0 0 0 0 0 0 0 0\n", "e.s2p", 2, "record cut short: 5 of 9");
  ExpectError("# MHz S RI\n1 0.1 0.2\n2 0.1 0.2 0.3 0.4\n", "e.s1p", 3, "more than 3 numbers");
  ExpectError(
    "# MHz S RI\n1 0.1 0.2\n 0.3 0.4\n", "e.s1p", 3, "the frequency of line 2 has all its numbers");
  ExpectError("# MHz S RI\n0.1 0.2\n", "e.s1p", 2, "where a frequency's record should start");
}
/// The fast path of the network data (cmTouchstoneFast.cpp): a 4-port sweep in HFSS's
/// layout (MA) and a 3-port in Lower form, long enough for many pieces, read on one and
/// two threads (pieces in reverse order) and by the serial loop (forced by a comment
/// among the data, which it skips) give the same bits; a damaged value deep in the data
/// gives the same first error on any thread count.
void TestFastPath()
{
  const cm::ParallelFor twoThreads = [](long long n,
                                       const std::function<void(long long, long long)>& body) {
    std::thread other([&] {
      for (long long b = n - 1; b >= n / 2; --b)
        body(b, b + 1);
    });
    for (long long b = n / 2 - 1; b >= 0; --b)
      body(b, b + 1);
    other.join();
  };
  auto same = [](const ColumnTable& a, const ColumnTable& b) {
    bool eq = a.Names == b.Names && a.Columns.size() == b.Columns.size();
    for (std::size_t c = 0; eq && c < a.Columns.size(); ++c)
      eq = a.Columns[c].size() == b.Columns[c].size() &&
        std::memcmp(
          a.Columns[c].data(), b.Columns[c].data(), a.Columns[c].size() * sizeof(double)) == 0;
    return eq;
  };
  auto error = [](const std::string& text, const std::string& name, int ports,
                 const cm::ParallelFor& pf) {
    try
    {
      ParseTouchstone(text, name, ports, nullptr, pf);
    }
    catch (const ParseError& e)
    {
      return std::string(e.what());
    }
    return std::string();
  };
  char buf[64];
  std::string s4p = "! Touchstone file exported from Circuit Design 2018.2.0\n# GHZ S MA\n";
  for (int k = 0; k < 3000; ++k)
  {
    std::snprintf(buf, sizeof buf, "%-16.10g ", 1.0 + 1e-3 * k);
    s4p += buf;
    for (int r = 0; r < 4; ++r)
    {
      s4p += r ? std::string(16, ' ') : std::string();
      for (int c = 0; c < 4; ++c)
      {
        std::snprintf(buf, sizeof buf, "%.15G %.15G ", 0.1 + 0.01 * ((k + r + c) % 50),
          std::fmod(7.0 * k + 30.0 * r + 11.0 * c, 360.0) - 180.0);
        s4p += buf;
      }
      s4p += "\n";
    }
    s4p += "\n";
  }
  std::string s3p = "[Version] 2.0\n# MHz S RI R 50\n[Number of Ports] 3\n"
                    "[Number of Frequencies] 2000\n[Matrix Format] Lower\n[Network Data]\n";
  for (int k = 0; k < 2000; ++k)
  {
    std::snprintf(buf, sizeof buf, "%g", 100.0 + k);
    s3p += buf;
    for (int r = 0; r < 3; ++r)
    {
      for (int c = 0; c <= r; ++c)
      {
        std::snprintf(buf, sizeof buf, " %.6e %.6e", 0.01 * (r + 1) * std::cos(0.01 * k + c),
          -0.02 * std::sin(0.003 * k * (c + 1)));
        s3p += buf;
      }
      s3p += "\n";
    }
  }
  s3p += "[End]\n";
  for (const auto& file :
    { std::make_pair(s4p, std::string("big.s4p")), std::make_pair(s3p, std::string("big.s3p")) })
  {
    const std::string& text = file.first;
    const int ports = file.second == "big.s4p" ? 4 : 0;
    const ColumnTable one = ParseTouchstone(text, file.second, ports);
    const ColumnTable two = ParseTouchstone(text, file.second, ports, nullptr, twoThreads);
    std::string commented = text;
    commented.insert(commented.find('\n', text.size() / 2) + 1, "! a comment among the data\n");
    const ColumnTable serial = ParseTouchstone(commented, file.second, ports, nullptr, twoThreads);
    CM_CHECK_MSG(one.Rows() == (ports ? 3000u : 2000u) && same(one, two) && same(one, serial),
      (file.second + ": fast path on 1 and 2 threads and the serial loop give the same bits")
        .c_str());
    std::string bad = text;
    const std::size_t deep = bad.find('\n', text.size() * 3 / 4) + 1;
    bad.replace(bad.find(' ', deep + 18) + 1, 1, "x");
    const std::string e1 = error(bad, file.second, ports, {}),
                      e2 = error(bad, file.second, ports, twoThreads);
    const long long line =
      1 + static_cast<long long>(std::count(bad.begin(), bad.begin() + deep, '\n'));
    CM_CHECK_MSG(
      !e1.empty() && e1 == e2 && e1.find(file.second + ":" + std::to_string(line) + ":") == 0,
      (file.second + ": a damaged deep value gives the same first error on 1 and 2 threads")
        .c_str());
  }
}

} // namespace

/// HFSS's per-frequency "! Port Impedance" lines (both layouts: HFSS 14 to 2020 R1
/// glues the first number to the word, later versions do not). Oracles: the impedance
/// Zp (1 + S11)/(1 − S11) and Γ against R computed by hand from the file's numbers.
void TestPortImpedance()
{
  const char* const text = "! Exported from HFSS 14.0.0\n"
                           "!Data is not renormalized\n"
                           "# GHZ S MA\n"
                           "! Modal data exported\n"
                           "! Port[1] = 1:1\n"
                           "! Port[2] = 2:1\n"
                           "1 0.5 90 0.9 -20 0.9 -20 0.4 45\n"
                           "! Gamma  !      10.3 3736.3 9.9  3736.1\n"
                           "! Port Impedance  40 -2 60 0\n"
                           "\n"
                           "2 0.25 -90 0.9 -40 0.9 -40 0.3 45\n"
                           "! Gamma  !      10.4 3754.4 9.9  3754.2\n"
                           "! Port Impedance45.5 1.5 60 0\n";
  const ColumnTable t = ParseTouchstone(text, "hfss.s2p", 2);
  CM_CHECK(t.Rows() == 2 && t.ReferenceImpedance == 50);
  const int zr = t.Find("PortImpedance1_re"), zi = t.Find("PortImpedance1_im"),
            z2 = t.Find("PortImpedance2_re"), r = t.Find("R"), x = t.Find("X"),
            gr = t.Find("Gamma_re"), gi = t.Find("Gamma_im"), s11 = t.Find("S11_re");
  CM_CHECK(zr >= 0 && zi >= 0 && z2 >= 0 && r >= 0 && x >= 0 && gr >= 0 && gi >= 0 && s11 >= 0);
  if (zr < 0 || zi < 0 || z2 < 0 || r < 0 || x < 0 || gr < 0 || gi < 0 || s11 < 0)
  {
    return;
  }
  auto col = [&](int c, std::size_t i) { return t.Columns[static_cast<std::size_t>(c)][i]; };
  const std::complex<double> zp[2] = { { 40, -2 }, { 45.5, 1.5 } };
  const std::complex<double> sp[2] = { std::polar(0.5, cm::Pi / 2), std::polar(0.25, -cm::Pi / 2) };
  for (std::size_t i = 0; i < 2; ++i)
  {
    CM_NEAR(col(zr, i), zp[i].real(), 0);
    CM_NEAR(col(zi, i), zp[i].imag(), 0);
    CM_NEAR(col(z2, i), 60, 0);
    CM_NEAR(col(s11, i), sp[i].real(), 1e-15); // S as the file gives it
    const std::complex<double> z = zp[i] * (1.0 + sp[i]) / (1.0 - sp[i]);
    CM_NEAR(col(r, i), z.real(), 1e-12);
    CM_NEAR(col(x, i), z.imag(), 1e-12);
    const std::complex<double> g = (z - 50.0) / (z + 50.0);
    CM_NEAR(col(gr, i), g.real(), 1e-14);
    CM_NEAR(col(gi, i), g.imag(), 1e-14);
  }
  // Port impedances equal to R (an AEDT renormalised export): nothing changes.
  const ColumnTable same = ParseTouchstone("# GHz S RI R 50\n1 0.1 0 0.9 0 0.9 0 0.1 0\n"
                                           "! Port Impedance 50 0 50 0\n",
    "same.s2p", 2);
  CM_CHECK(same.Find("PortImpedance1_re") < 0);
  CM_NEAR(same.Columns[static_cast<std::size_t>(same.Find("R"))][0], 50 * 1.1 / 0.9, 1e-12);
  // HFSS 2019 wraps the line of a 5-port after 4 ports; a mode below cutoff has a purely
  // imaginary impedance.
  std::string five = "# GHz S RI R 50\n1";
  for (int i = 0; i < 5; ++i)
  {
    five += i == 0 ? " 0.1 0 0 0 0 0 0 0\n 0 0\n" : "  0 0 0 0 0 0 0 0\n 0 0\n";
  }
  five +=
    "! Gamma !  1 2 3 4 5 6 7 8\n!   9 10\n! Port Impedance0 29.25 50 0 50 0 50 0\n!    60 1\n\n";
  const ColumnTable p5 = ParseTouchstone(five, "hfss.s5p", 5);
  CM_CHECK(p5.Rows() == 1);
  CM_NEAR(Col(p5, "PortImpedance1_im", 0), 29.25, 0);
  CM_NEAR(Col(p5, "PortImpedance5_re", 0), 60, 0);
  CM_NEAR(Col(p5, "PortImpedance5_im", 0), 1, 0);
  ExpectError(
    five.substr(0, five.rfind("!    60 1")), "hfss.s5p", 14, "has 8 numbers, expected 10");
  // A damaged line, or lines for only some frequencies.
  ExpectError("# GHz S RI\n1 0.1 0\n! Port Impedance 50\n", "p.s1p", 3, "expected 2");
  ExpectError(
    "# GHz S RI\n1 0.1 0\n! Port Impedance 50 0\n2 0.1 0\n", "q.s1p", 3, "for 1 of 2 frequencies");
  ExpectError("# GHz S RI\n1 0.1 0\n! Port Impedance nan 0\n", "n.s1p", 3, "not a finite number");
}

/// Expects a file to be read with exactly one warning naming `line` and `words`.
ColumnTable ExpectWarning(
  const std::string& text, const char* name, std::int64_t line, const char* words, std::size_t rows)
{
  TouchstoneInfo info;
  ColumnTable t;
  try
  {
    t = ParseTouchstone(text, name, TouchstonePortsFromName(name), &info);
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL: refused: %s\n", e.what());
    ++cmFailures;
    return t;
  }
  CM_CHECK(t.Rows() == rows);
  CM_CHECK(info.Warnings.empty() && info.Noise.Rows() == 0 && info.Noise.Names.empty());
  const std::string w = info.NoiseProblem;
  std::printf("  warned: %s\n", w.c_str());
  CM_CHECK(w.find(std::string(name) + ":" + std::to_string(line) + ": ") == 0);
  CM_CHECK(w.find(words) != std::string::npos);
  return t;
}

std::complex<double> S(const ColumnTable& t, int i, int j, int n, std::size_t row)
{
  const std::string name = NetworkParameterName('S', i - 1, j - 1, n);
  return { Col(t, (name + "_re").c_str(), row), Col(t, (name + "_im").c_str(), row) };
}

void CNear(std::complex<double> a, std::complex<double> b, double tol)
{
  CM_NEAR(a.real(), b.real(), tol);
  CM_NEAR(a.imag(), b.imag(), tol);
}

/// The value of entry (i, j), 1-based, at frequency index f of the hand-made N-ports.
std::complex<double> Entry(int i, int j, int f)
{
  return { i + 0.01 * j + 0.5 * f, -0.1 * i + j };
}

void TestNPort()
{
  // Touchstone 1.1, 5 ports: each row starts a new line, 4 pairs at most a line, so a
  // row of 5 pairs wraps; row-major order. Two frequencies.
  for (const int n : { 3, 4, 5, 11 })
  {
    std::string text = "! hand-made\n# MHz S RI R 50\n";
    for (int f = 0; f < 2; ++f)
    {
      text += std::to_string(100 + f);
      for (int i = 1; i <= n; ++i)
      {
        for (int j = 1; j <= n; ++j)
        {
          if (j > 1 && (j - 1) % 4 == 0)
          {
            text += "\n  ";
          }
          char buf[64];
          std::snprintf(
            buf, sizeof buf, " %.17g %.17g", Entry(i, j, f).real(), Entry(i, j, f).imag());
          text += buf;
        }
        text += "\n";
      }
    }
    const std::string name = "n.s" + std::to_string(n) + "p";
    TouchstoneInfo info;
    const ColumnTable t = ParseTouchstone(text, name, TouchstonePortsFromName(name), &info);
    CM_CHECK(t.Rows() == 2 && info.Ports == n && info.Version == 1);
    CM_CHECK(info.PortReferenceImpedances == std::vector<double>(static_cast<std::size_t>(n), 50));
    CM_NEAR(Col(t, "Frequency", 1), 101e6, 0);
    for (int f = 0; f < 2; ++f)
    {
      for (int i = 1; i <= n; ++i)
      {
        for (int j = 1; j <= n; ++j)
        {
          CNear(S(t, i, j, n, static_cast<std::size_t>(f)), Entry(i, j, f), 0);
        }
      }
    }
    const std::string db = NetworkParameterName('S', n - 1, 0, n) + "_dB";
    CM_NEAR(Col(t, db.c_str(), 0), 20 * std::log10(std::abs(Entry(n, 1, 0))), 1e-12);
  }
  // The resistive divider (three Z0/3 arms to a common node): normalised y = 3I − J,
  // S = (J − I)/2, from Y normalised to R (1.1) and from Y in siemens (2.0, [Reference]
  // over two lines).
  const ColumnTable y1 = ParseTouchstone("# GHz Y RI R 50\n1 2 0 -1 0 -1 0\n -1 0 2 0 -1 0\n"
                                         " -1 0 -1 0 2 0\n",
    "y.s3p", 3);
  const ColumnTable y2 = ParseTouchstone("[Version] 2.0\n# GHz Y RI R 75\n[Number of Ports] 3\n"
                                         "[Reference] 50 50\n 50\n[Number of Frequencies] 1\n"
                                         "[Network Data]\n1 0.04 0 -0.02 0 -0.02 0\n"
                                         " -0.02 0 0.04 0 -0.02 0\n -0.02 0 -0.02 0 0.04 0\n"
                                         "[End]\n",
    "y.ts", 0);
  for (const ColumnTable* t : { &y1, &y2 })
  {
    for (int i = 1; i <= 3; ++i)
    {
      for (int j = 1; j <= 3; ++j)
      {
        CNear(S(*t, i, j, 3, 0), i == j ? 0.0 : 0.5, 1e-15);
      }
    }
    CM_NEAR(t->ReferenceImpedance, 50, 0);
  }
  // Z in 2.0 is in ohms: 100 Ω against 50 Ω is S = 1/3, against [Reference] 25 it is 0.6.
  const ColumnTable z2 =
    ParseTouchstone("[Version] 2.0\n# Hz Z RI R 50\n[Number of Ports] 1\n"
                    "[Number of Frequencies] 1\n[Network Data]\n10 100 0\n[End]\n",
      "z.s1p", 1);
  CM_NEAR(Col(z2, "S11_re", 0), 1.0 / 3, 1e-15);
  const ColumnTable z25 = ParseTouchstone("[Version] 2.0\n# Hz Z RI R 50\n[Number of Ports] 1\n"
                                          "[Reference] 25\n[Number of Frequencies] 1\n"
                                          "[Network Data]\n10 100 0\n[End]\n",
    "z.s1p", 1);
  CM_NEAR(Col(z25, "S11_re", 0), 0.6, 1e-15);
  CM_NEAR(z25.ReferenceImpedance, 25, 0);
  CM_NEAR(Col(z25, "R", 0), 100, 1e-12);
  // [Two-Port Data Order]: 12_21 is row order, 21_12 the 1.1 order.
  const std::string head2 = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 2\n";
  const std::string body2 = "[Number of Frequencies] 1\n[Network Data]\n1 1 2 3 4 5 6 7 8\n[End]\n";
  const ColumnTable o12 =
    ParseTouchstone(head2 + "[Two-Port Data Order] 12_21\n" + body2, "o.s2p", 2);
  const ColumnTable o21 =
    ParseTouchstone(head2 + "[Two-Port Data Order] 21_12\n" + body2, "o.s2p", 2);
  CNear(S(o12, 1, 2, 2, 0), { 3, 4 }, 0);
  CNear(S(o12, 2, 1, 2, 0), { 5, 6 }, 0);
  CNear(S(o21, 2, 1, 2, 0), { 3, 4 }, 0);
  CNear(S(o21, 1, 2, 2, 0), { 5, 6 }, 0);
  CNear(S(o21, 2, 2, 2, 0), { 7, 8 }, 0);
  ExpectError(head2 + body2, "o.s2p", 5, "without [Two-Port Data Order]");
  // [Matrix Format] Lower and Upper: the other half is the symmetric one.
  const std::string head3 = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 3\n"
                            "[Number of Frequencies] 1\n";
  const ColumnTable lo = ParseTouchstone(head3 +
      "[Matrix Format] Lower\n[Network Data]\n"
      "1 11 0\n 21 0 22 0\n 31 0 32 0 33 0\n[End]\n",
    "l.s3p", 3);
  const ColumnTable up = ParseTouchstone(head3 +
      "[Matrix Format] upper\n[Network Data]\n"
      "1 11 0 21 0 31 0\n 22 0 32 0\n 33 0\n[End]\n",
    "u.s3p", 3);
  for (const ColumnTable* t : { &lo, &up })
  {
    for (int i = 1; i <= 3; ++i)
    {
      for (int j = 1; j <= 3; ++j)
      {
        CNear(S(*t, i, j, 3, 0), 10.0 * std::max(i, j) + std::min(i, j), 0);
      }
    }
  }
  // ANSYS packs a 2.0 matrix 4 pairs a line across rows, and comments its [Reference]
  // lines: read by the count of numbers.
  const ColumnTable packed =
    ParseTouchstone("[Version] 2.0\n# GHZ S RI R 1\n[Number of Ports] 3\n"
                    "[Number of Frequencies] 1\n[Matrix Format] Full\n"
                    "[Reference]\n  1  ! Port[1]\n  50  ! Port[2]\n"
                    "  50  ! Port[3]\n[Network Data]\n\n"
                    "0 11 0 12 0 13 0 21 0\n 22 0 23 0 31 0 32 0\n 33 0\n\n"
                    "[End]\n",
      "ansys.ts", 0);
  for (int i = 1; i <= 3; ++i)
  {
    for (int j = 1; j <= 3; ++j)
    {
      CNear(S(packed, i, j, 3, 0), 10.0 * i + j, 0);
    }
  }
  CM_NEAR(Col(packed, "PortImpedance2_re", 0), 50, 0);
  CM_NEAR(Col(packed, "PortImpedance1_re", 0), 1, 0);
  // Damaged 2.0 files.
  ExpectError(head3 +
      "[Network Data]\n1 1 0 0 0 0 0\n 0 0 1 0 0 0\n 0 0 0 0 1 0\n"
      "2 1 0 0 0 0 0\n 0 0 1 0 0 0\n 0 0 0 0 1 0\n[End]\n",
    "c.s3p", 4, "[Number of Frequencies] 1 but the network data has 2");
  // No [End] (the specification's examples as scikit-rf copies them): read, since
  // [Number of Frequencies] says the data is complete.
  CM_CHECK(ParseTouchstone(
             head3 + "[Network Data]\n1 1 0 0 0 0 0\n 0 0 1 0 0 0\n 0 0 0 0 1 0\n", "c.s3p", 3)
             .Rows() == 1);
  ExpectError(head3 + "[Network Data]\n1 1 0 0 0 0 0\n 0 0 1 0 0 0\n", "c.s3p", 6,
    "record cut short: 13 of 19");
  ExpectError(head3 + "[Frobnicate] 3\n", "c.s3p", 5, "unknown keyword [FROBNICATE]");
  ExpectError(head3 + "[Reference] 50 50\n[Network Data]\n", "c.s3p", 5,
    "[Reference] has 2 impedances, expected 3");
  ExpectError(head3 + "1 1 0\n", "c.s3p", 5, "data before [Network Data]");
  ExpectError("[Version] 2.0\n# GHz S RI R 50\n[Number of Frequencies] 1\n[Network Data]\n",
    "c.s3p", 4, "without [Number of Ports]");
  ExpectError("# GHz S RI R 50\n[Version] 2.0\n", "c.s3p", 2, "must be the first line");
  ExpectError("[Version] 3.0\n", "c.s3p", 1, "versions 1.x and 2.0");
  ExpectError(
    "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 100000\n", "c.s3p", 3, "number of ports");
  // A value missing in the middle of a 3-port record names that frequency's line.
  ExpectError("# GHz S RI\n1 1 0 0 0 0 0\n 0 0 1 0 0 0\n 0 0 0 0 1 0\n"
              "2 1 0 0 0 0 0\n 0 0 1 0 0\n 0 0 0 0 1 0\n3 1 0 0 0 0 0\n",
    "c.s3p", 5, "record cut short: 7 of 19 numbers");
  ExpectError("# GHz S RI\n1 1 0 0 0 0 0\n 0 0 1 0 0 0\n 0 0 0 0 1 0 0 0\n", "c.s3p", 2,
    "more than 19 numbers");
  ExpectError("# GHz S RI\n2 1 0 0 0 0 0\n 0 0 1 0 0 0\n 0 0 0 0 1 0\n1 1 0 0 0 0 0\n", "c.s3p", 5,
    "frequency 1 does not increase");
}

/// Expects the noise table `t` to hold, in its row `r`, the file's row f (in `scale` Hz),
/// NFmin, |Gamma_opt|, angle and Rn in ohms.
void ExpectNoiseRow(
  const ColumnTable& t, std::size_t r, double f, double nf, double mag, double deg, double rn)
{
  const std::vector<std::string> names = { "Frequency", "NFmin[dB]", "GammaOpt_mag",
    "GammaOpt_ang[deg]", "GammaOpt_re", "GammaOpt_im", "Rn[Ohm]" };
  CM_CHECK(t.Names == names);
  if (t.Rows() <= r)
  {
    std::printf("FAIL: the noise table has %zu rows\n", t.Rows());
    ++cmFailures;
    return;
  }
  CM_NEAR(Col(t, "Frequency", r), f, 0);
  CM_NEAR(Col(t, "NFmin[dB]", r), nf, 0);
  CM_NEAR(Col(t, "GammaOpt_mag", r), mag, 0);
  CM_NEAR(Col(t, "GammaOpt_ang[deg]", r), deg, 0);
  const std::complex<double> g = std::polar(mag, deg * cm::Pi / 180);
  CM_NEAR(Col(t, "GammaOpt_re", r), g.real(), 1e-15);
  CM_NEAR(Col(t, "GammaOpt_im", r), g.imag(), 1e-15);
  CM_NEAR(Col(t, "Rn[Ohm]", r), rn, 1e-12 * rn);
}

/// The noise block is optional: a malformed one is one warning and no noise table, the
/// network data is read. A good one is TouchstoneInfo::Noise, Rn in ohms.
void TestNoise()
{
  const std::string net = "# GHz S RI\n1 0 0 1 0 1 0 0 0\n2 0 0 1 0 1 0 0 0\n";
  TouchstoneInfo info;
  const ColumnTable good =
    ParseTouchstone(net + "1 1.5 0.5 30 0.2\n2 1.6 0.5 30 0.2\n", "g.s2p", 2, &info);
  CM_CHECK(good.Rows() == 2 && info.Warnings.empty() && info.NoiseProblem.empty());
  ExpectNoiseRow(info.Noise, 0, 1e9, 1.5, 0.5, 30, 0.2 * 50); // 1.1: Rn normalised to R
  ExpectNoiseRow(info.Noise, 1, 2e9, 1.6, 0.5, 30, 10);
  CM_NEAR(info.Noise.ReferenceImpedance, 50, 0);
  // The specification's example 18 (version 1.0: Rn .38 normalised to R 50) and its
  // version 2.0 form (Rn 19 ohms, [Reference] 50 25): the same noise table, Rn 19 ohms.
  const std::string ex18 = "!Example 18 (Version 1.0)\n#\n! NETWORK PARAMETERS\n"
                           "2 .95 -26 3.57 157 .04 76 .66 -14\n"
                           "22 .60 -144 1.30 40 .14 40 .56 -85\n! NOISE PARAMETERS\n"
                           "4 .7 .64 69 .38\n18 2.7 .46 -33 .40\n";
  info = {};
  ParseTouchstone(ex18, "ex18.s2p", 2, &info);
  CM_CHECK(info.NoiseProblem.empty());
  ExpectNoiseRow(info.Noise, 0, 4e9, 0.7, 0.64, 69, 19);
  ExpectNoiseRow(info.Noise, 1, 18e9, 2.7, 0.46, -33, 20);
  const std::string ex18v2 = "[Version] 2.0\n#\n[Number of Ports] 2\n[Two-Port Data Order] "
                             "21_12\n[Number of Frequencies] 2\n[Number of Noise Frequencies] "
                             "2\n[Reference] 50 25.0\n[Network Data]\n"
                             "2 .95 -26 3.57 157 .04 76 .66 -14\n"
                             "22 .60 -144 1.30 40 .14 40 .56 -85\n[Noise Data]\n"
                             "4 .7 .64 69 19\n18 2.7 .46 -33 20\n[End]\n";
  info = {};
  ParseTouchstone(ex18v2, "ex18.s2p", 2, &info);
  CM_CHECK(info.NoiseProblem.empty() && info.Version == 2);
  ExpectNoiseRow(info.Noise, 0, 4e9, 0.7, 0.64, 69, 19); // 2.0: Rn in ohms
  ExpectNoiseRow(info.Noise, 1, 18e9, 2.7, 0.46, -33, 20);
  CM_NEAR(info.Noise.ReferenceImpedance, 50, 0); // port 1's reference
  // No noise block: no noise table.
  info = {};
  ParseTouchstone(net, "n.s2p", 2, &info);
  CM_CHECK(info.Noise.Names.empty() && info.NoiseProblem.empty());
  ExpectWarning(net + "1 1.5 -0.5 30 0.2\n", "w.s2p", 4, "Gamma_opt '-0.5' is negative", 2);
  ExpectWarning(
    net + "1 1.5 0.5 30 0.2\n2 1.5 0.5 30 -0.2\n", "w.s2p", 5, "Rn '-0.2' is negative", 2);
  ExpectWarning(net + "0.5 1 2 3\n", "w.s2p", 4, "noise parameter row has 4 numbers", 2);
  ExpectWarning(net + "1 1.5 0.5 30 0.2\n1 1.6 0.5 30 0.2\n", "w.s2p", 5,
    "noise frequency 1 does not increase", 2);
  ExpectWarning(net + "1 1.5 0.5 30 x\n", "w.s2p", 4, "'x' is not a finite number", 2);
  const std::string v2 = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 2\n"
                         "[Two-Port Data Order] 21_12\n[Number of Frequencies] 2\n"
                         "[Number of Noise Frequencies] 2\n[Network Data]\n"
                         "1 0 0 1 0 1 0 0 0\n2 0 0 1 0 1 0 0 0\n[Noise Data]\n";
  info = {};
  const ColumnTable good2 =
    ParseTouchstone(v2 + "1 1.5 0.5 30 0.2\n2 1.6 0.5 30 0.2\n[End]\n", "g.s2p", 2, &info);
  CM_CHECK(good2.Rows() == 2 && info.Warnings.empty() && info.Version == 2);
  ExpectNoiseRow(info.Noise, 1, 2e9, 1.6, 0.5, 30, 0.2);
  ExpectWarning(v2 + "1 1.5 0.5 30 0.2\n[End]\n", "w.s2p", 6,
    "[Number of Noise Frequencies] 2 but [Noise Data] has 1", 2);
  ExpectWarning(v2 + "1 1.5 0.5\n2 1.6 0.5 30 0.2\n[End]\n", "w.s2p", 11,
    "noise parameter row has 3 numbers", 2);
}

/// Port names in comments: HFSS's and scikit-rf's "! Port[k] = name", CST's "! Touchstone
/// port k = CST MWS port m ("label") mode j"; a port not named gets its number.
void TestPortNames()
{
  const std::string net = "1 0 0 1 0 1 0 0 0\n";
  TouchstoneInfo info;
  ParseTouchstone(
    "# GHz S RI R 50\n! Port[1] = 1:1\n!Port[2]=  LNA out  \n" + net, "p.s2p", 2, &info);
  CM_CHECK((info.PortNames == std::vector<std::string>{ "1:1", "LNA out" }));
  CM_CHECK(info.Warnings.empty());
  info = {};
  ParseTouchstone(
    "# GHz S RI R 50\n! Port[2] = b\n! Port Impedance is not a name\n" + net, "p.s2p", 2, &info);
  CM_CHECK((info.PortNames == std::vector<std::string>{ "1", "b" }));
  info = {};
  ParseTouchstone("# GHz S RI R 50\n! Port[3] = c\n" + net, "p.s2p", 2, &info);
  CM_CHECK(info.PortNames.empty() && info.Warnings.size() == 1);
  CM_CHECK(!info.Warnings.empty() && info.Warnings[0].find("p.s2p:2: a name for port 3") == 0);
  info = {};
  ParseTouchstone("# GHz S RI R 50\n! a comment\n" + net, "p.s2p", 2, &info);
  CM_CHECK(info.PortNames.empty() && info.Warnings.empty());
  // CST (the layout of scikit-rf's cst_example_4ports.s4p, with labels and a mode).
  info = {};
  ParseTouchstone("! Touchstone port assignment:\n"
                  "! Touchstone port 1 = CST MWS port 1 (\"\")\n"
                  "! Touchstone port 2 = CST MWS port 3 (\"feed (left)\") mode 2\n"
                  "# GHz S RI R 50\n" +
      net,
    "c.s2p", 2, &info);
  CM_CHECK((info.PortNames == std::vector<std::string>{ "1", "feed (left):2" }));
  // The real files: ANSYS Designer's "! Port[k] = Port1"; CST's labels are empty.
  info = {};
  ReadTouchstoneFile(CLOUDMAP_DATA_DIR "/touchstone/skrf_designer_coupler_20deg.s4p", &info);
  CM_CHECK((info.PortNames == std::vector<std::string>{ "Port1", "Port2", "Port3", "Port4" }));
  info = {};
  ReadTouchstoneFile(CLOUDMAP_DATA_DIR "/touchstone/skrf_cst_6ports_v2_3freq.s6p", &info);
  CM_CHECK((info.PortNames == std::vector<std::string>{ "1", "2", "3", "4", "5", "6" }));
  // The writer: names come back; placeholder names (the port numbers) are not written.
  const ColumnTable t = ParseTouchstone("# GHz S RI R 50\n" + net, "p.s2p", 2);
  TouchstoneWriteOptions o;
  o.PortNames = { "1", "LNA out" };
  info = {};
  ParseTouchstone(WriteTouchstone(t, o), "w.s2p", 2, &info);
  CM_CHECK((info.PortNames == std::vector<std::string>{ "1", "LNA out" }));
  o.PortNames = { "1", "2" };
  CM_CHECK(WriteTouchstone(t, o).find("Port[") == std::string::npos);
}

/// Real files scikit-rf ships (BSD-3-Clause; Testing/Data/touchstone/SOURCES.txt), each
/// value checked against the numbers printed in the file.
void TestRealFiles()
{
  const std::string data = CLOUDMAP_DATA_DIR "/touchstone/";
  auto db = [](double d, double deg) {
    return std::polar(std::pow(10.0, d / 20), deg * cm::Pi / 180);
  };
  auto ma = [](double m, double deg) { return std::polar(m, deg * cm::Pi / 180); };
  // ANSYS Circuit, 3 ports, DB, rows of 3 pairs; "! Port Impedance" all 50 = R.
  TouchstoneInfo info;
  const ColumnTable w = ReadTouchstoneFile(data + "skrf_designer_wilkinson_splitter.s3p", &info);
  CM_CHECK(w.Rows() == 1 && info.Ports == 3 && w.Find("PortImpedance1_re") < 0);
  CM_NEAR(Col(w, "Frequency", 0), 1e9, 0);
  CNear(S(w, 1, 1, 3, 0), db(-305.970440190181, 2.46725894847133), 1e-300);
  CNear(S(w, 1, 2, 3, 0), db(-3.01029995663981, -90), 1e-15);
  CNear(S(w, 2, 3, 3, 0), db(-314.431393718684, -7.07964433083589), 1e-300);
  CNear(S(w, 3, 2, 3, 0), db(-316.53368036617, -9.03276205095497), 1e-300);
  CNear(S(w, 3, 3, 3, 0), db(-364.676860394429, -90), 1e-300);
  // HFSS Designer, 4 ports, RI, rows of 4 pairs.
  const ColumnTable c = ReadTouchstoneFile(data + "skrf_designer_coupler_20deg.s4p");
  CM_CHECK(c.Rows() == 1);
  CM_NEAR(Col(c, "Frequency", 0), 1.5e9, 0);
  CNear(S(c, 1, 3, 4, 0), { 0.17100990761015, 0.969846369829383 }, 0);
  CNear(S(c, 2, 1, 4, 0), { -0.0301759708769152, -0.171005968344882 }, 0);
  CNear(S(c, 3, 4, 4, 0), { 0.0301312889496812, 0.171013846966162 }, 0);
  CNear(S(c, 4, 2, 4, 0), { 0.17100990761015, 0.969846369829383 }, 0);
  // CST, version 2.0, 6 ports, MA, one row a line, [Reference] 15.063 on every port.
  info = {};
  const ColumnTable v = ReadTouchstoneFile(data + "skrf_cst_6ports_v2_3freq.s6p", &info);
  CM_CHECK(v.Rows() == 3 && info.Version == 2 && info.Ports == 6);
  CM_CHECK(info.PortReferenceImpedances == std::vector<double>(6, 15.063));
  CM_NEAR(v.ReferenceImpedance, 15.063, 0);
  CM_NEAR(Col(v, "Frequency", 1), 0.06e6, 0);
  CNear(S(v, 1, 1, 6, 1), ma(0.999988, 179.767), 0);
  CNear(S(v, 2, 1, 6, 1), ma(0.00019652, -89.0486), 0);
  CNear(S(v, 4, 1, 6, 1), ma(9.48142e-005, 86.0489), 0);
  CNear(S(v, 2, 1, 6, 0), ma(4.51607e-006, -0.0), 0);
  // scikit-rf's thru.s2p: noise rows from 70 GHz, below the last network frequency 100.
  info = {};
  const ColumnTable thru = ReadTouchstoneFile(data + "skrf_thru_noise.s2p", &info);
  CM_CHECK(thru.Rows() == 4 && info.NoiseProblem.empty() && info.Noise.Rows() == 4);
  ExpectNoiseRow(info.Noise, 0, 70e9, 2.5, 0.5, 45, 10 * 50.0);
  ExpectNoiseRow(info.Noise, 2, 75.05e9, 2.6, 0.7, 90, 20 * 50.0);
  ExpectNoiseRow(info.Noise, 3, 85e9, 2.5, 0.5, 45, 10 * 50.0);
  // Rohde & Schwarz RsaToolbox (Hz, tabs, CRLF): "Rn-Ohm_normalized" 25 and 28.
  info = {};
  const ColumnTable rsa = ReadTouchstoneFile(data + "skrf_rsa_ntwk4_n_5freq.s2p", &info);
  CM_CHECK(rsa.Rows() == 5 && info.NoiseProblem.empty() && info.Noise.Rows() == 2);
  ExpectNoiseRow(info.Noise, 0, 7.5e10, 2.2, 0.4, 120, 25 * 50.0);
  ExpectNoiseRow(info.Noise, 1, 7.6e10, 2.4, 0.7, 157, 28 * 50.0);
}

/// Our writer's N-port files, 1.1 and 2.0, read back equal (to its 10 digits).
void TestWriterNPort()
{
  // From 10 ports the columns are S_i_j (the NEC Network output's names).
  for (const int n : { 2, 3, 4, 5, 10, 12 })
  {
    ColumnTable t;
    t.ReferenceImpedance = 50;
    t.Add("Frequency") = { 1e8, 2e8, 3e8 };
    for (int i = 1; i <= n; ++i)
    {
      for (int j = 1; j <= n; ++j)
      {
        const std::string name = NetworkParameterName('S', i - 1, j - 1, n);
        std::vector<double> re, im;
        for (int f = 0; f < 3; ++f)
        {
          re.push_back(0.1 * Entry(i, j, f).real());
          im.push_back(0.1 * Entry(i, j, f).imag());
        }
        t.Add(name + "_re") = re;
        t.Add(name + "_im") = im;
      }
    }
    for (const int version : { 1, 2 })
    {
      for (const char* format : { "RI", "MA", "DB" })
      {
        TouchstoneWriteOptions o;
        o.Version = version;
        o.Format = format;
        const std::string name = "w.s" + std::to_string(n) + "p";
        TouchstoneInfo info;
        const ColumnTable back = ParseTouchstone(
          WriteTouchstone(t, o), version == 2 ? "w.ts" : name, version == 2 ? 0 : n, &info);
        CM_CHECK(back.Rows() == 3 && info.Ports == n && info.Version == version);
        for (std::size_t f = 0; f < 3; ++f)
        {
          for (int i = 1; i <= n; ++i)
          {
            for (int j = 1; j <= n; ++j)
            {
              CNear(S(back, i, j, n, f), 0.1 * Entry(i, j, static_cast<int>(f)), 1e-9);
            }
          }
        }
      }
    }
  }
}

std::complex<double> CCol(const ColumnTable& t, const std::string& p, std::size_t row)
{
  return { Col(t, (p + "_re").c_str(), row), Col(t, (p + "_im").c_str(), row) };
}

/// [Mixed-Mode Order]. Oracles: the specification's example 16 (scikit-rf's copy), whose
/// numbers are read off the file here and whose mode references scikit-rf's own test
/// states (z0 2 × 75, 75 / 2, 2 × 0.01, 0.01 / 2); a hand-written Z file of a matched
/// 100-ohm differential / 25-ohm common-mode thru, whose S on the mode references is
/// analytic (Sdd21 = Scc21 = e^{-jb}, Sdd11 = Scc11 = 0; on 50 ohms it would not be).
void TestMixedMode()
{
  const std::string data = CLOUDMAP_DATA_DIR "/touchstone/";
  TouchstoneInfo info;
  const ColumnTable t = ReadTouchstoneFile(data + "skrf_ex_16_mixed_mode.ts", &info);
  CM_CHECK(t.Rows() == 1 && info.Ports == 6 && info.Version == 2);
  CM_CHECK((
    info.MixedModeOrder == std::vector<std::string>{ "D2,3", "D6,5", "C2,3", "C6,5", "S4", "S1" }));
  CM_CHECK((info.PortReferenceImpedances == std::vector<double>{ 50, 75, 75, 50, 0.01, 0.01 }));
  CM_CHECK((info.ModeReferenceImpedances == std::vector<double>{ 150, 0.02, 37.5, 0.005, 50, 50 }));
  // Row 1 (D2,3) from D2,3 and D6,5; row 3 (C2,3) from D6,5; row 5 (S4) from S1; row 6
  // (S1) from C2,3: pairs 1 (2,3) and 2 (6,5), then S4 is 3 and S1 4.
  CNear(CCol(t, "Sdd11", 0), { 8, 9 }, 0);
  CNear(CCol(t, "Sdd12", 0), { 2, -1 }, 0);
  CNear(CCol(t, "Sds14", 0), { 0.2, -0.2 }, 0);
  CNear(CCol(t, "Scd12", 0), { 1.8, -2 }, 0);
  CNear(CCol(t, "Sss34", 0), { -1, 2 }, 0);
  CNear(CCol(t, "Ssc41", 0), { 0.3, -0.5 }, 0);
  CNear(CCol(t, "Sss44", 0), { 5.5, -7 }, 0);
  CM_CHECK(t.Find("S11_re") < 0 && t.Find("Scc22_dB") >= 0 && t.Find("PortImpedance3_re") >= 0);
  CM_NEAR(Col(t, "PortImpedance1_re", 0), 150, 0);

  const ColumnTable z = ReadTouchstoneFile(data + "mixed_mode_thru_z.s4p", &info);
  CM_CHECK(
    z.Rows() == 2 && (info.ModeReferenceImpedances == std::vector<double>{ 100, 100, 25, 25 }));
  for (std::size_t f = 0; f < 2; ++f)
  {
    const std::complex<double> thru = std::polar(1.0, -(f == 0 ? 30.0 : 60.0) * cm::Pi / 180);
    for (const char* p : { "Sdd21", "Sdd12", "Scc21", "Scc12" })
    {
      CNear(CCol(z, p, f), thru, 1e-9);
    }
    for (const char* p : { "Sdd11", "Sdd22", "Scc11", "Scc22", "Sdc21", "Scd12", "Sdc11" })
    {
      CNear(CCol(z, p, f), 0, 1e-9);
    }
  }
  // Row 1's impedance is its own matched 100 ohms; Gamma against R = 50 is 1/3.
  CM_NEAR(Col(z, "R", 0), 100, 1e-7);
  CM_NEAR(Col(z, "Gamma_re", 0), 1.0 / 3, 1e-9);
  // The writer does not write them (the table has no [Mixed-Mode Order]).
  bool refused = false;
  try
  {
    WriteTouchstone(z, TouchstoneWriteOptions());
  }
  catch (const std::runtime_error& e)
  {
    refused = std::string(e.what()).find("mixed-mode parameters (Sdd11)") != std::string::npos;
  }
  CM_CHECK(refused);

  const std::string head = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 4\n";
  ExpectError(head + "[Mixed-Mode Order] D1,2 C1,2 S3\n", "m.s4p", 4, "has 3 entries, expected 4");
  ExpectError(head + "[Mixed-Mode Order] D1,2 C1,2 S3 X4\n", "m.s4p", 4, "'X4' is not an entry");
  ExpectError(head + "[Mixed-Mode Order] D1,2 C1,2 S3 S5\n", "m.s4p", 4, "'S5' is not an entry");
  ExpectError(head + "[Mixed-Mode Order] D1,1 C1,1 S3 S4\n", "m.s4p", 4, "'D1,1' is not an entry");
  ExpectError(head + "[Mixed-Mode Order] D1,2 D2,1 S3 S4\n", "m.s4p", 4, "'D2,1' is given twice");
  ExpectError(
    head + "[Mixed-Mode Order] D1,2 C1,2 S2 S4\n", "m.s4p", 4, "port 2 is in 'C1,2' and in 'S2'");
  ExpectError(
    head + "[Mixed-Mode Order] D1,2 C1,3 S3 S4\n", "m.s4p", 4, "port 1 is in 'D1,2' and in 'C1,3'");
  ExpectError(head + "[Mixed-Mode Order] D1,2 D3,4 C1,2 S4\n", "m.s4p", 4, "port 4 is in");
  ExpectError(head + "[Mixed-Mode Order] D1,2 D3,4 C1,2 C3,4\n[Mixed-Mode Order] S1 S2 S3 S4\n",
    "m.s4p", 5, "a second [Mixed-Mode Order]");
  ExpectError("[Version] 2.0\n# GHz S RI R 50\n[Mixed-Mode Order] S1\n", "m.s1p", 3,
    "before [Number of Ports]");
  ExpectError("[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 2\n[Two-Port Data Order] 12_21\n"
              "[Reference] 50 75\n[Number of Frequencies] 1\n[Mixed-Mode Order] D1,2 C1,2\n"
              "[Network Data]\n1 0 0 0 0 0 0 0 0\n",
    "m.s2p", 7, "the ports of 'D1,2' have the references 50 and 75");
  // A pair without its other mode (a 3-port cannot have D, C and a D of another pair
  // without some port twice: a 4-port with only D entries).
  ExpectError(head + "[Mixed-Mode Order] D1,2 D3,4 S1 S2\n", "m.s4p", 4, "port 1 is in");
  // 2 ports: D1,2 C1,2 in the 12_21 order.
  const ColumnTable two = ParseTouchstone("[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 2\n"
                                          "[Two-Port Data Order] 12_21\n[Number of Frequencies] 1\n"
                                          "[Mixed-Mode Order] D1,2 C1,2\n[Network Data]\n"
                                          "1 0.1 0 0.2 0 0.3 0 0.4 0\n",
    "m.s2p", 2, &info);
  CM_NEAR(Col(two, "Sdc11_re", 0), 0.2, 0);
  CM_NEAR(Col(two, "Scd11_re", 0), 0.3, 0);
  CM_NEAR(Col(two, "Scc11_re", 0), 0.4, 0);
}

int TestTouchstone(int, char*[])
{
  TestOnePort();
  TestTwoPort();
  TestRoundTrip();
  TestDamaged();
  TestPortImpedance();
  TestNPort();
  TestNoise();
  TestPortNames();
  TestRealFiles();
  TestWriterNPort();
  TestMixedMode();
  TestFastPath();
  return cmReport("TestTouchstone");
}
