// SPDX-License-Identifier: BSD-3-Clause
// Touchstone 1.x (cmTouchstone.h). Oracles: files written by hand whose values are
// converted by hand here (MA and DB polar forms, frequency units, the 2-port N11 N21
// N12 N22 order, Z and Y normalised to R), the defaults of the specification
// (GHz S MA R 50), write → read round trips in every format and unit, and damaged
// files that must throw ParseError naming the line.
#include "cmCheck.h"
#include "cmConstants.h"
#include "cmTouchstone.h"
#include "cmTextScan.h"

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
  // No option line: GHz S MA R 50.
  const ColumnTable def = ParseTouchstone("1.5 1 0\n", "c.s1p", 1);
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
  CM_CHECK(ParseTouchstone("1 0 0 0 0 0 0 0 0\n", "x.txt", 0).Find("S22_re") >= 0);
  CM_CHECK(ParseTouchstone("1 0 0\n", "x.txt", 0).Find("S21_re") < 0);
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
  ExpectError("[Version] 2.0\n# MHz S RI\n", "e.s2p", 1, "Touchstone 2");
  ExpectError("# MHz S RI\n1 0 0 0 0\n", "e.txt", 2, "cannot tell the number of ports");
  ExpectError("# GHz S RI\n1 0 0 0 0 0 0 0 0\n0.5 1 2 3\n", "e.s2p", 3, "noise parameter row");
  ExpectError("# MHz S RI\n-1 0 0\n", "e.s1p", 2, "negative frequency");
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
  // A damaged line, or lines for only some frequencies.
  ExpectError("# GHz S RI\n1 0.1 0\n! Port Impedance 50\n", "p.s1p", 3, "expected 2");
  ExpectError(
    "# GHz S RI\n1 0.1 0\n! Port Impedance 50 0\n2 0.1 0\n", "q.s1p", 3, "for 1 of 2 frequencies");
  ExpectError("# GHz S RI\n1 0.1 0\n! Port Impedance nan 0\n", "n.s1p", 3, "not a finite number");
}

int TestTouchstone(int, char*[])
{
  TestOnePort();
  TestTwoPort();
  TestRoundTrip();
  TestDamaged();
  TestPortImpedance();
  return cmReport("TestTouchstone");
}
