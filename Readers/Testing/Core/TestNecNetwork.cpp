// SPDX-License-Identifier: BSD-3-Clause
// The N-port network of a NEC run (cmNecNetwork.h) and the N-port Touchstone writer
// (cmTouchstone.h). Oracles: nec2c solves two side-by-side dipoles at test time, one
// solve per port; Y_ij must equal I_i / V_j read here from nec2c's printed ANTENNA
// INPUT PARAMETERS and CURRENTS AND LOCATION rows by a separate tokenizer, Z·Y = 1 and
// S = (1 − Z0 Y)(1 + Z0 Y)⁻¹ by the explicit 2 × 2 formula. The same antennas with
// 50 Ω and 75+25j Ω loads on the undriven port, or 50 Ω on both ports in every solve,
// must give back the shorted network (within the 5 printed digits): this tests the
// termination removal Y = M U⁻¹. Bad decks (solves at different frequencies, a port
// driven twice, a PORT comment never driven, two sources in a solve, currents suppressed
// by PT) must throw
// ParseError naming the file and the line. The writer's .sNp layout is checked line by
// line, and 1- and 2-port files read back equal through ParseTouchstone.
#include "cmCheck.h"
#include "cmTestFiles.h"
#include "cmNecNetwork.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"
#include "cmTouchstone.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace cm;
using C = std::complex<double>;

namespace
{
bool RunNec(const std::string& deck, const std::string& text, const std::string& out)
{
  Spit(deck, text);
  return RunNec2c(deck, out);
}

std::vector<std::string> Fields(const std::string& line)
{
  std::vector<std::string> f;
  std::istringstream in(line);
  std::string w;
  while (in >> w)
  {
    f.push_back(w);
  }
  return f;
}

const char* const Geometry = "GW 1 11 0 0 -0.25 0 0 0.25 0.0005\n"
                             "GW 2 11 0.25 0 -0.25 0.25 0 0.25 0.0005\nGE 0\n";
const char* const Sweep = "FR 0 3 0 0 280 20\n";

/// Per solve (in file order): source voltage, and {absolute segment: current}.
struct Printed
{
  C V;
  std::int64_t FedSegment = 0;
  std::map<std::int64_t, C> I;
};

std::vector<Printed> ReadPrinted(const std::string& text)
{
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l))
  {
    lines.push_back(l);
  }
  std::vector<Printed> out;
  for (std::size_t k = 0; k < lines.size(); ++k)
  {
    if (lines[k].find("ANTENNA INPUT PARAMETERS") != std::string::npos)
    {
      const auto f = Fields(lines[k + 3]);
      Printed p;
      p.FedSegment = std::stoll(f[1]);
      p.V = C(std::stod(f[2]), std::stod(f[3]));
      out.push_back(p);
    }
    if (lines[k].find("CURRENTS AND LOCATION") != std::string::npos)
    {
      for (std::size_t r = k + 5; r < lines.size(); ++r)
      {
        const auto f = Fields(lines[r]);
        if (f.size() != 10)
        {
          break;
        }
        out.back().I[std::stoll(f[0])] = C(std::stod(f[6]), std::stod(f[7]));
      }
    }
  }
  return out;
}

double MaxRelDiff(const std::vector<C>& a, const std::vector<C>& b)
{
  double scale = 0, d = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
  {
    scale = std::max(scale, std::abs(b[k]));
    d = std::max(d, std::abs(a[k] - b[k]));
  }
  return d / scale;
}

Network Solve(const std::string& tmp, const std::string& name, const std::string& deck)
{
  const std::string out = tmp + "nport_" + name + ".out";
  CM_CHECK(RunNec(tmp + "nport_" + name + ".nec", deck, out));
  return NecNetwork(ParseNecOutput(Slurp(out), out), out, 50);
}

void TestShorted(const std::string& tmp, Network& shorted)
{
  const std::string deck = std::string("CM two dipoles, one solve per port\nCM PORT 1 6 left\n"
                                       "CM PORT 2 6 right whip\nCE\n") +
    Geometry + "EX 0 1 6 0 1 0\n" + Sweep + "XQ\nEX 0 2 6 0 1 0\n" + Sweep + "XQ\nEN\n";
  shorted = Solve(tmp, "shorted", deck);
  const Network& net = shorted;
  CM_EQUAL(net.Ports.size(), std::size_t(2));
  CM_EQUAL(net.Ports[0].Name, std::string("left"));
  CM_EQUAL(net.Ports[1].Name, std::string("right_whip"));
  CM_EQUAL(net.Ports[0].Segment, std::int64_t(6));
  CM_EQUAL(net.Ports[1].Segment, std::int64_t(17));
  CM_CHECK(!net.Terminated);
  CM_EQUAL(net.Points.size(), std::size_t(3));
  const auto printed = ReadPrinted(Slurp(tmp + "nport_shorted.out"));
  CM_EQUAL(printed.size(), std::size_t(6));
  const std::int64_t seg[2] = { 6, 17 };
  for (std::size_t f = 0; f < net.Points.size() && printed.size() == 6; ++f)
  {
    const NetworkPoint& p = net.Points[f];
    CM_NEAR(p.Frequency, 280e6 + 20e6 * static_cast<double>(f), 1e-3);
    // Solve j at frequency f is printed block j*3 + f.
    std::vector<C> y(4);
    for (int i = 0; i < 2; ++i)
    {
      for (int j = 0; j < 2; ++j)
      {
        const Printed& b = printed[static_cast<std::size_t>(j) * 3 + f];
        CM_EQUAL(b.FedSegment, seg[j]);
        y[static_cast<std::size_t>(i * 2 + j)] = b.I.at(seg[i]) / b.V;
      }
    }
    CM_CHECK_MSG(MaxRelDiff(p.Y, y) < 1e-12, "Y equals the printed I_i / V_j");
    // Z Y = 1
    for (int i = 0; i < 2; ++i)
    {
      for (int j = 0; j < 2; ++j)
      {
        const C zy = p.Z[i * 2] * p.Y[j] + p.Z[i * 2 + 1] * p.Y[2 + j];
        CM_NEAR(std::abs(zy - C(i == j ? 1.0 : 0.0)), 0.0, 1e-12);
      }
    }
    // S by the explicit 2x2 formula.
    const double z0 = 50;
    const C a = 1.0 + z0 * y[0], b = z0 * y[1], c = z0 * y[2], d = 1.0 + z0 * y[3];
    const C det = a * d - b * c;
    const C inv[4] = { d / det, -b / det, -c / det, a / det };
    const C m[4] = { 1.0 - z0 * y[0], -z0 * y[1], -z0 * y[2], 1.0 - z0 * y[3] };
    const std::vector<C> s = { m[0] * inv[0] + m[1] * inv[2], m[0] * inv[1] + m[1] * inv[3],
      m[2] * inv[0] + m[3] * inv[2], m[2] * inv[1] + m[3] * inv[3] };
    CM_CHECK_MSG(MaxRelDiff(p.S, s) < 1e-12, "S equals (1 - Z0 Y)(1 + Z0 Y)^-1 by hand");
    // Reciprocity within the printed digits; worst pair is (1, 2).
    CM_NEAR(20 * std::log10(std::abs(p.S[1]) / std::abs(p.S[2])), 0.0, 0.01);
    CM_EQUAL(p.WorstI, 0);
    CM_EQUAL(p.WorstJ, 1);
    CM_NEAR(p.WorstIsolationDb, -20 * std::log10(std::max(std::abs(s[1]), std::abs(s[2]))), 1e-12);
    std::printf("  %.0f MHz: Y12 %.5g%+.5gj S, S21 %.3f dB\n", p.Frequency * 1e-6, p.Y[1].real(),
      p.Y[1].imag(), 20 * std::log10(std::abs(p.S[2])));
  }
  // The table has the documented columns.
  const ColumnTable t = NetworkTable(net);
  CM_CHECK(t.Find("S21_dB") >= 0 && t.Find("Z12_im") >= 0 && t.Find("Y22_re") >= 0 &&
    t.Find("WorstIsolation[dB]") >= 0);
  CM_EQUAL(t.Rows(), std::size_t(3));
  CM_EQUAL(TouchstonePortsOf(t), 2);
}

void TestLoaded(const std::string& tmp, const Network& shorted)
{
  // The undriven port loaded (a different load per solve): LD -1 clears the loads.
  const std::string deck = std::string("CM undriven port loaded\nCE\n") + Geometry +
    "LD 4 2 6 6 50 0\nEX 0 1 6 0 1 0\n" + Sweep +
    "XQ\nLD -1\nLD 4 1 6 6 75 25\n"
    "EX 0 2 6 0 1 0\n" +
    Sweep + "XQ\nEN\n";
  const Network a = Solve(tmp, "loaded", deck);
  CM_CHECK(a.Terminated);
  // Both ports loaded with 50 ohm in every solve, the driven one too.
  const std::string both = std::string("CM both ports loaded\nCE\n") + Geometry +
    "LD 4 1 6 6 50 0\nLD 4 2 6 6 50 0\nEX 0 1 6 0 1 0\n" + Sweep + "XQ\nEX 0 2 6 0 1 0\n" + Sweep +
    "XQ\nEN\n";
  const Network b = Solve(tmp, "loaded_both", both);
  for (const Network* n : { &a, &b })
  {
    CM_EQUAL(n->Points.size(), shorted.Points.size());
    for (std::size_t f = 0; f < n->Points.size() && f < shorted.Points.size(); ++f)
    {
      const double d = MaxRelDiff(n->Points[f].Y, shorted.Points[f].Y);
      std::printf(
        "  loaded vs shorted at %.0f MHz: max |dY|/|Y| = %.2g\n", n->Points[f].Frequency * 1e-6, d);
      CM_CHECK_MSG(d < 2e-3, "the terminations are removed: Y equals the shorted Y");
    }
  }
}

void ExpectError(const std::string& tmp, const std::string& name, const std::string& deck,
  const char* words, const char* lineMarker, int occurrence, int offset = 3)
{
  const std::string out = tmp + "nport_" + name + ".out";
  CM_CHECK(RunNec(tmp + "nport_" + name + ".nec", deck, out));
  const std::string text = Slurp(out);
  // The line expected: the `occurrence`-th line holding lineMarker, plus `offset` (3 for
  // the first row of a port table).
  std::int64_t expect = 0, lineNo = 0;
  int seen = 0;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l))
  {
    ++lineNo;
    if (l.find(lineMarker) != std::string::npos && ++seen == occurrence)
    {
      expect = lineNo + offset;
    }
  }
  try
  {
    NecNetwork(ParseNecOutput(text, "x.out"), "x.out", 50);
    std::printf("FAIL: %s: no error\n", name.c_str());
    ++cmFailures;
  }
  catch (const ParseError& e)
  {
    std::printf("  %s -> %s\n", name.c_str(), e.what());
    CM_EQUAL(e.File, std::string("x.out"));
    CM_EQUAL(e.Line, expect);
    CM_CHECK(std::string(e.what()).find(words) != std::string::npos);
  }
}

void TestErrors(const std::string& tmp)
{
  const std::string g = std::string("CE\n") + Geometry;
  ExpectError(tmp, "bad_freq",
    "CM different sweeps\n" + g + "EX 0 1 6 0 1 0\n" + Sweep +
      "XQ\nEX 0 2 6 0 1 0\nFR 0 3 0 0 281 20\nXQ\nEN\n",
    "is not driven at 280 MHz", "ANTENNA INPUT PARAMETERS", 1);
  ExpectError(tmp, "bad_twice",
    "CM port 1 twice\n" + g + "EX 0 1 6 0 1 0\n" + Sweep + "XQ\nEX 0 1 6 0 1 0\n" + Sweep +
      "XQ\nEN\n",
    "driven twice at 280 MHz", "ANTENNA INPUT PARAMETERS", 4);
  ExpectError(tmp, "bad_missing", "CM PORT 2 6 rx\n" + g + "EX 0 1 6 0 1 0\n" + Sweep + "XQ\nEN\n",
    "port rx", "ANTENNA INPUT PARAMETERS", 1);
  ExpectError(tmp, "bad_pt",
    "CM PT prints tag 1 only\n" + g + "PT 0 1 1 11\nEX 0 1 6 0 1 0\n" + Sweep +
      "XQ\nEX 0 2 6 0 1 0\n" + Sweep + "XQ\nEN\n",
    "printed no current on port tag2_seg17", "ANTENNA INPUT PARAMETERS", 1);
  ExpectError(tmp, "bad_two_sources",
    "CM two sources\n" + g + "EX 0 1 6 0 1 0\nEX 0 2 6 0 1 0\n" + Sweep + "XQ\nEN\n",
    "drives two ports", "ANTENNA INPUT PARAMETERS", 1, 4); // the second row
}

void TestTouchstoneLayout()
{
  // A 5-port table: rows of 5 pairs wrap after 4.
  ColumnTable t;
  t.ReferenceImpedance = 50;
  const int n = 5;
  t.Add("Frequency") = { 1e8, 2e8 };
  for (int i = 0; i < n; ++i)
  {
    for (int j = 0; j < n; ++j)
    {
      const std::string name = NetworkParameterName('S', i, j, n);
      t.Add(name + "_re") = { 0.01 * (i + 1), 0.02 * (i + 1) };
      t.Add(name + "_im") = { 0.001 * (j + 1), -0.001 * (j + 1) };
    }
  }
  CM_EQUAL(TouchstonePortsOf(t), 5);
  TouchstoneWriteOptions o;
  std::string text = WriteTouchstone(t, o);
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l))
  {
    if (!l.empty() && l[0] != '!' && l[0] != '#')
    {
      rows.push_back(Fields(l));
    }
  }
  CM_EQUAL(rows.size(), std::size_t(2 * 2 * n)); // per frequency and matrix row: 4 pairs, then 1
  if (rows.size() == 20)
  {
    CM_EQUAL(rows[0].size(), std::size_t(9)); // frequency + S11..S14
    CM_EQUAL(rows[1].size(), std::size_t(2)); // S15
    CM_EQUAL(rows[2].size(), std::size_t(8)); // S21..S24
    CM_EQUAL(rows[0][0], std::string("100"));
    CM_EQUAL(rows[2][0], std::string("0.02")); // S21_re, row-major
    CM_EQUAL(rows[10][0], std::string("200"));
  }
  o.Version = 2;
  o.PortNames = { "a", "b", "c", "d", "e" };
  text = WriteTouchstone(t, o);
  CM_CHECK(text.rfind("[Version] 2.0\n", 0) == 0);
  CM_CHECK(text.find("[Number of Ports] 5\n") != std::string::npos);
  CM_CHECK(text.find("[Number of Frequencies] 2\n[Network Data]\n") != std::string::npos);
  CM_CHECK(text.find("! Port[3] = c\n") != std::string::npos);
  CM_CHECK(text.size() > 6 && text.compare(text.size() - 6, 6, "[End]\n") == 0);
  CM_CHECK(text.find("Two-Port") == std::string::npos);
}

void TestTouchstoneRoundTrip(const Network& net)
{
  // 2-port: N11 N21 N12 N22 on one line, read back by ParseTouchstone equal to 10 digits.
  const ColumnTable t = NetworkTable(net);
  TouchstoneWriteOptions o;
  const std::string text = WriteTouchstone(t, o);
  const ColumnTable back = ParseTouchstone(text, "x.s2p", 2);
  for (const char* c :
    { "S11_re", "S11_im", "S21_re", "S21_im", "S12_re", "S12_im", "S22_re", "S22_im" })
  {
    const auto& a = t.Columns[static_cast<std::size_t>(t.Find(c))];
    const auto& b = back.Columns[static_cast<std::size_t>(back.Find(c))];
    for (std::size_t r = 0; r < a.size(); ++r)
    {
      CM_NEAR(a[r], b[r], 1e-9);
    }
  }
  o.Version = 2;
  const std::string v2 = WriteTouchstone(t, o);
  CM_CHECK(v2.find("[Two-Port Data Order] 21_12\n") != std::string::npos);
}
} // namespace

int TestNecNetwork(int, char*[])
{
  const std::string tmp = CLOUDMAP_TEMP_DIR "/";
  TestTouchstoneLayout();
  if (std::strlen(NEC2C_EXECUTABLE) > 0 && std::strstr(NEC2C_EXECUTABLE, "NOTFOUND") == nullptr)
  {
    Network shorted;
    TestShorted(tmp, shorted);
    TestLoaded(tmp, shorted);
    TestErrors(tmp);
    TestTouchstoneRoundTrip(shorted);
  }
  else
  {
    std::printf("nec2c not found: the nec2c cases are skipped\n");
  }
  return cmReport("TestNecNetwork");
}
