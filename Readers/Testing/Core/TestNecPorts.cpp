// SPDX-License-Identifier: BSD-3-Clause
// Port tables of NEC-2 output (cmNecPorts.h) and the port quantities built from them
// (cmPortTable.h). Oracles: hand-computed reflection values; the LD/EX cards of a deck
// that nec2c solves at test time (the loading table must give back the card values);
// nec2c's own printed rows, read here by a separate tokenizer; and the power budget as
// a conservation law (input = radiated + structure loss, and a single resistive load's
// ½|I|²R equals nec2c's STRUCTURE LOSS). Damaged tables must throw ParseError naming
// the file and line.
#include "cmCheck.h"
#include "cmTestFiles.h"
#include "cmNecOutput.h"
#include "cmNecPorts.h"
#include "cmPortTable.h"
#include "cmTextScan.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <string>
#include <vector>

using namespace cm;

namespace
{
bool RunNec(const std::string& deck, const std::string& text, const std::string& out)
{
  Spit(deck, text);
  return RunNec2c(deck, out);
}

/// Whitespace fields of a line.
std::vector<std::string> Fields(const std::string& line)
{
  std::vector<std::string> f;
  std::size_t b = line.find_first_not_of(' ');
  while (b != std::string::npos)
  {
    std::size_t e = line.find(' ', b);
    e = e == std::string::npos ? line.size() : e;
    f.push_back(line.substr(b, e - b));
    b = line.find_first_not_of(' ', e);
  }
  return f;
}

/// Expects ParseError at `line` whose message holds `words`.
void ExpectError(const std::string& text, std::int64_t line, const char* words)
{
  try
  {
    ParseNecOutput(text, "bad.out");
    std::printf("FAIL: no ParseError (expected '%s')\n", words);
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

/// The partial-result rule: a damaged port table gives one warning naming `line` and
/// `words`, an empty Port Parameters table, and the wire currents still read.
void ExpectPartial(const std::string& text, std::int64_t line, const char* words)
{
  try
  {
    const NecOutput nec = ParseNecOutput(text, "bad.out");
    const std::string w = nec.Warnings.empty() ? std::string() : nec.Warnings[0];
    std::printf("  -> warning: %s\n", w.c_str());
    CM_CHECK_MSG(
      nec.Warnings.size() == 1, "one warning, got " + std::to_string(nec.Warnings.size()));
    CM_CHECK_MSG(w.find("bad.out:" + std::to_string(line) + ": ") == 0,
      "the warning names bad.out:" + std::to_string(line) + ": " + w);
    CM_CHECK_MSG(
      w.find(words) != std::string::npos, std::string("the warning says '") + words + "'");
    CM_CHECK_MSG(nec.PortTablesFailed && !nec.NearFieldsFailed && !nec.PatternsFailed,
      "only the port tables are marked failed");
    CM_CHECK_MSG(nec.Solutions.size() == 2 && !nec.Solutions[0].Wires.empty() &&
        !nec.Solutions[1].Wires.empty(),
      "the wire currents of both frequencies are still read");
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL: a damaged port table refused the whole file: %s\n", e.what());
    ++cmFailures;
  }
}

void TestReflection()
{
  // Z = 100 on 50: Γ = 1/3, VSWR 2, RL = 20 log10 3, ML = -10 log10(8/9).
  Reflection r = ReflectionOf(100.0, 50);
  CM_NEAR(r.Gamma.real(), 1.0 / 3, 1e-15);
  CM_NEAR(r.Gamma.imag(), 0, 1e-15);
  CM_NEAR(r.Vswr, 2, 1e-14);
  CM_NEAR(r.ReturnLossDb, 20 * std::log10(3.0), 1e-12);
  CM_NEAR(r.MismatchLossDb, -10 * std::log10(8.0 / 9), 1e-12);
  // Z = 25 - j25: Γ = -0.2 - 0.4j, |Γ| = 1/√5, VSWR = (√5+1)/(√5-1) = φ².
  r = ReflectionOf({ 25, -25 }, 50);
  CM_NEAR(r.Gamma.real(), -0.2, 1e-15);
  CM_NEAR(r.Gamma.imag(), -0.4, 1e-15);
  const double phi = 0.5 * (1 + std::sqrt(5.0));
  CM_NEAR(r.Vswr, phi * phi, 1e-13);
  // A match and a pure reactance.
  r = ReflectionOf(50.0, 50);
  CM_CHECK(std::isinf(r.ReturnLossDb) && r.Vswr == 1);
  r = ReflectionOf({ 0, 30 }, 50);
  CM_NEAR(std::abs(r.Gamma), 1, 1e-15);
  CM_CHECK(std::isinf(r.Vswr));
}

void TestLoadImpedance()
{
  NecLoad s;
  s.Type = NecLoad::Kind::Series;
  s.Resistance = 10;
  s.Inductance = 1e-8;
  s.Capacitance = 1e-12;
  const double f = 300e6, w = 2 * 3.14159265358979323846 * f;
  std::complex<double> z = s.Impedance(f);
  CM_NEAR(z.real(), 10, 1e-12);
  CM_NEAR(z.imag(), w * 1e-8 - 1 / (w * 1e-12), 1e-9);
  NecLoad p = s;
  p.Type = NecLoad::Kind::Parallel;
  z = p.Impedance(f);
  const std::complex<double> y =
    1.0 / 10 + 1.0 / std::complex<double>(0, w * 1e-8) + std::complex<double>(0, w * 1e-12);
  CM_NEAR(z.real(), (1.0 / y).real(), 1e-12);
  CM_NEAR(z.imag(), (1.0 / y).imag(), 1e-12);
  p.Inductance = 0; // a blank element is absent: R parallel C
  z = p.Impedance(f);
  const std::complex<double> y2 = 1.0 / 10 + std::complex<double>(0, w * 1e-12);
  CM_NEAR(z.imag(), (1.0 / y2).imag(), 1e-12);
  NecLoad x;
  x.Type = NecLoad::Kind::Fixed;
  x.Real = 50;
  x.Imaginary = -7;
  CM_CHECK(x.Impedance(f) == std::complex<double>(50, -7));
  x.Tag = 3;
  x.From = 1;
  x.Thru = 1;
  CM_CHECK(x.Name() == "tag3_seg1");
  x.Thru = 7;
  CM_CHECK(x.Name() == "tag3_seg1-7");
  x.Tag = 0;
  CM_CHECK(x.Name() == "seg1-7");
}

const char* const LoadDeck = "CM two dipoles with every kind of load\n"
                             "CE\n"
                             "GW 1 5 0 0 -0.25 0 0 0.25 0.0005\n"
                             "GW 2 5 0.25 0 -0.25 0.25 0 0.25 0.0005\n"
                             "GE 0\n"
                             "LD 4 2 3 3 50 10\n"
                             "LD 0 0 2 2 10 1e-8 1e-12\n"
                             "LD 1 1 0 0 100 1e-6 1e-10\n"
                             "LD 5 2 0 0 5.8e7\n"
                             "FR 0 2 0 0 290 20\n"
                             "EX 0 1 3 0 1 0\n"
                             "XQ\n"
                             "EN\n";

const char* const OneLoadDeck = "CM driven dipole, 50 ohm on the other one\n"
                                "CE\n"
                                "GW 1 11 0 0 -0.25 0 0 0.25 0.0005\n"
                                "GW 2 11 0.3 0 -0.2 0.3 0 0.2 0.0005\n"
                                "GE 0\n"
                                "LD 4 2 6 6 50 0\n"
                                "FR 0 3 0 0 280 20\n"
                                "EX 0 1 6 0 1 0\n"
                                "XQ\n"
                                "EN\n";

void TestNec2c(const std::string& tmp)
{
  // Every kind of load: the loading table gives back the cards.
  const std::string out = tmp + "ports_loads.out";
  CM_CHECK(RunNec(tmp + "ports_loads.nec", LoadDeck, out));
  const NecOutput nec = ReadNecOutputFile(out);
  CM_CHECK(nec.Solutions.size() == 2);
  for (const NecSolution& s : nec.Solutions)
  {
    CM_CHECK(s.Loads.size() == 4);
    if (s.Loads.size() != 4)
    {
      return;
    }
    const NecLoad& a = s.Loads[0];
    CM_CHECK(a.Type == NecLoad::Kind::Fixed && a.Tag == 2 && a.From == 3 && a.Thru == 3);
    CM_NEAR(a.Real, 50, 0);
    CM_NEAR(a.Imaginary, 10, 0);
    const NecLoad& b = s.Loads[1];
    CM_CHECK(b.Type == NecLoad::Kind::Series && b.Tag == 0 && b.From == 2 && b.Thru == 2);
    CM_NEAR(b.Resistance, 10, 0);
    CM_NEAR(b.Inductance, 1e-8, 1e-20);
    CM_NEAR(b.Capacitance, 1e-12, 1e-24);
    const NecLoad& c = s.Loads[2];
    CM_CHECK(c.Type == NecLoad::Kind::Parallel && c.Tag == 1 && c.From == 0);
    CM_NEAR(c.Inductance, 1e-6, 1e-18);
    const NecLoad& d = s.Loads[3];
    CM_CHECK(d.Type == NecLoad::Kind::Other && d.Tag == 2);
    CM_NEAR(d.Conductivity, 5.8e7, 1);
    CM_CHECK(s.Ports.size() == 1 && s.Power.Present);
    if (s.Ports.size() == 1)
    {
      CM_CHECK(s.Ports[0].Tag == 1 && s.Ports[0].Segment == 3);
      CM_NEAR(s.Ports[0].Power, s.Power.Input, 1e-4 * s.Power.Input);
    }
    // Conservation: what goes in is radiated or lost (5 printed digits).
    CM_NEAR(s.Power.Input, s.Power.Radiated + s.Power.StructureLoss + s.Power.NetworkLoss,
      2e-4 * s.Power.Input);
  }
  // nec2c's printed rows, read independently: impedance and power of each solve.
  const std::vector<std::string> lines = Lines(Slurp(out));
  std::size_t solve = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
  {
    if (lines[i].find("ANTENNA INPUT PARAMETERS") != std::string::npos && solve < 2)
    {
      const std::vector<std::string> f = Fields(lines[i + 3]);
      const NecPort& p = nec.Solutions[solve++].Ports[0];
      CM_NEAR(p.Impedance.real(), std::stod(f[6]), 0);
      CM_NEAR(p.Impedance.imag(), std::stod(f[7]), 0);
      CM_NEAR(p.Current.imag(), std::stod(f[5]), 0);
      CM_NEAR(p.Power, std::stod(f[10]), 0);
    }
  }
  CM_CHECK(solve == 2);

  // One 50 ohm load: its ½|I|²R is nec2c's STRUCTURE LOSS, and the table's
  // reflection columns follow from the printed impedance.
  const std::string out1 = tmp + "ports_oneload.out";
  CM_CHECK(RunNec(tmp + "ports_oneload.nec", OneLoadDeck, out1));
  const NecOutput one = ReadNecOutputFile(out1);
  const ColumnTable t = NecPortTable(one, 50);
  CM_CHECK(t.Rows() == 3);
  const int cp = t.Find("LoadPower_tag2_seg6"), cl = t.Find("StructureLoss"), cr = t.Find("R"),
            cx = t.Find("X"), cv = t.Find("VSWR"), cd = t.Find("S21_dB_tag2_seg6"),
            csr = t.Find("S21_re_tag2_seg6"), csi = t.Find("S21_im_tag2_seg6");
  CM_CHECK(cp >= 0 && cl >= 0 && cr >= 0 && cx >= 0 && cv >= 0 && cd >= 0 && csr >= 0 && csi >= 0);
  if (cp < 0 || cl < 0 || cr < 0 || cx < 0 || cv < 0 || cd < 0 || csr < 0 || csi < 0)
  {
    return;
  }
  for (std::size_t r = 0; r < t.Rows(); ++r)
  {
    const double loss = t.Columns[static_cast<std::size_t>(cl)][r];
    CM_NEAR(t.Columns[static_cast<std::size_t>(cp)][r], loss, 2e-4 * loss);
    const std::complex<double> z(
      t.Columns[static_cast<std::size_t>(cr)][r], t.Columns[static_cast<std::size_t>(cx)][r]);
    const double g = std::abs((z - 50.0) / (z + 50.0));
    CM_NEAR(t.Columns[static_cast<std::size_t>(cv)][r], (1 + g) / (1 - g), 1e-12);
    // |S21|² from the complex S21 equals the transducer gain from the powers.
    const double s21 = std::hypot(
      t.Columns[static_cast<std::size_t>(csr)][r], t.Columns[static_cast<std::size_t>(csi)][r]);
    CM_NEAR(20 * std::log10(s21), t.Columns[static_cast<std::size_t>(cd)][r], 1e-9);
  }
}

void TestDamaged(const std::string& tmp)
{
  const std::string good = Slurp(tmp + "ports_loads.out");
  std::vector<std::string> l = Lines(good);
  std::size_t aip = 0, load = 0, budget = 0;
  for (std::size_t i = 0; i < l.size(); ++i)
  {
    aip = !aip && l[i].find("ANTENNA INPUT PARAMETERS") != std::string::npos ? i : aip;
    load = !load && l[i].find("STRUCTURE IMPEDANCE LOADING") != std::string::npos ? i : load;
    budget = !budget && l[i].find("POWER BUDGET") != std::string::npos ? i : budget;
  }
  CM_CHECK(aip && load && budget);
  if (!aip || !load || !budget)
  {
    return;
  }
  std::vector<std::string> bad = l;
  bad[aip + 3] = bad[aip + 3].substr(0, 40); // a row cut mid-way
  ExpectPartial(Join(bad), static_cast<std::int64_t>(aip + 4), "expected 11");
  bad = l;
  bad[aip + 3].replace(bad[aip + 3].find("E+00"), 4, "E+0x");
  ExpectPartial(Join(bad), static_cast<std::int64_t>(aip + 4), "the source voltage");
  bad = l;
  bad[load + 3].replace(bad[load + 3].find("5.0000E+01"), 10, "       nan");
  ExpectPartial(Join(bad), static_cast<std::int64_t>(load + 4), "not a finite number");
  bad = l;
  bad[budget + 1] = "                               INPUT POWER   = ";
  ExpectPartial(Join(bad), static_cast<std::int64_t>(budget + 2), "no value after 'INPUT POWER'");
  bad = l;
  bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(aip + 1),
    bad.begin() + static_cast<std::ptrdiff_t>(aip + 4));
  ExpectPartial(Join(bad), static_cast<std::int64_t>(aip + 1), "without rows");
}
/// A load on the fed segment (LD 4 on the EX segment) and one elsewhere, solved by
/// nec2c (Testing/Data/nec/feed_loaded.nec): both load powers are finite, and their sum
/// is nec2c's printed STRUCTURE LOSS and INPUT POWER - RADIATED POWER; the fed load's is
/// ½|I|²R of the input current nec2c prints.
void TestFeedLoad(const std::string& data)
{
  const std::string path = data + "feed_loaded.out";
  const NecOutput nec = ReadNecOutputFile(path);
  const ColumnTable t = NecPortTable(nec, 50);
  CM_CHECK(t.Rows() == 2);
  const int fed = t.Find("LoadPower_tag1_seg4"), other = t.Find("LoadPower_tag1_seg2"),
            db = t.Find("S21_dB_tag1_seg4"), sre = t.Find("S21_re_tag1_seg4"),
            loss = t.Find("StructureLoss"), in = t.Find("InputPower"),
            rad = t.Find("RadiatedPower"), ire = t.Find("I_re"), iim = t.Find("I_im");
  CM_CHECK(fed >= 0 && other >= 0 && db >= 0 && sre >= 0 && loss >= 0 && in >= 0 && rad >= 0);
  if (fed < 0 || other < 0 || db < 0 || sre < 0 || loss < 0 || in < 0 || rad < 0)
  {
    return;
  }
  auto col = [&](int c, std::size_t r) { return t.Columns[static_cast<std::size_t>(c)][r]; };
  // nec2c's own POWER BUDGET, read independently of the parser.
  std::vector<double> printedIn, printedRad, printedLoss;
  for (const std::string& line : Lines(Slurp(path)))
  {
    const std::vector<std::string> f = Fields(line);
    if (line.find("INPUT POWER") != std::string::npos && f.size() >= 4)
    {
      printedIn.push_back(std::stod(f[3]));
    }
    else if (line.find("RADIATED POWER=") != std::string::npos && f.size() >= 3)
    {
      printedRad.push_back(std::stod(f[2]));
    }
    else if (line.find("STRUCTURE LOSS=") != std::string::npos && f.size() >= 3)
    {
      printedLoss.push_back(std::stod(f[2]));
    }
  }
  CM_CHECK(printedIn.size() == 2 && printedRad.size() == 2 && printedLoss.size() == 2);
  for (std::size_t r = 0; r < t.Rows() && r < printedIn.size(); ++r)
  {
    const double pf = col(fed, r), po = col(other, r);
    std::printf("  %g MHz: LoadPower fed %.5g W + seg2 %.5g W = %.5g W; nec2c: input %.5g - "
                "radiated %.5g = %.5g, structure loss %.5g\n",
      col(0, r) * 1e-6, pf, po, pf + po, printedIn[r], printedRad[r], printedIn[r] - printedRad[r],
      printedLoss[r]);
    CM_CHECK_MSG(std::isfinite(pf) && pf > 0 && std::isfinite(col(db, r)),
      "the load on the fed segment has a power and an S21_dB");
    CM_CHECK_MSG(
      std::isnan(col(sre, r)), "no matched-receiver S21 for a load in series with the source");
    CM_NEAR(pf + po, printedLoss[r], 5e-4 * printedIn[r]);
    CM_NEAR(pf + po, printedIn[r] - printedRad[r], 5e-4 * printedIn[r]);
    const double i2 = std::norm(std::complex<double>(col(ire, r), col(iim, r)));
    CM_NEAR(pf, 0.5 * i2 * 25, 1e-9 * pf);
  }
}
} // namespace

int TestNecPorts(int, char*[])
{
  const std::string tmp = CLOUDMAP_TEMP_DIR "/";
  TestReflection();
  TestLoadImpedance();
  if (std::strlen(NEC2C_EXECUTABLE) > 0 && std::strstr(NEC2C_EXECUTABLE, "NOTFOUND") == nullptr)
  {
    TestNec2c(tmp);
    TestDamaged(tmp);
    TestFeedLoad(CLOUDMAP_DATA_DIR "/nec/");
  }
  else
  {
    std::printf("FAIL: nec2c not found\n");
    ++cmFailures;
  }
  return cmReport("TestNecPorts");
}
