// SPDX-License-Identifier: BSD-3-Clause
// nec2++ (necpp) print output (cmNecPlusPlus.h) read by the NEC-2 parser. The oracle is
// nec2c: the same decks' nec2c outputs (Testing/Data/nec/<deck>.out) must give the same
// solutions, segment and patch counts, currents, impedances, near fields and pattern
// peaks to within what the two programs print (4 digits; patch J with 3 in both)
// and their numerical differences (5e-3 of the largest value). The comma rows are also
// read back by a tokenizer of their own (what the file prints about itself), and
// damaged nec2++ files must throw ParseError naming file and line.
#include "cmCheck.h"
#include "cmNecOutput.h"
#include "cmNecPlusPlus.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const std::string Data = CLOUDMAP_DATA_DIR "/nec/";

double MaxAbs(const std::vector<double>& re, const std::vector<double>& im)
{
  double m = 0;
  for (std::size_t i = 0; i < re.size(); ++i)
  {
    m = std::max(m, std::hypot(re[i], im[i]));
  }
  return m;
}

void CompareWires(const NecSolution& a, const NecSolution& b, const std::string& at)
{
  CM_CHECK_MSG(a.Wires.size() == b.Wires.size(), at + ": segment count");
  double imax = 0;
  for (const auto& w : b.Wires)
  {
    imax = std::max(imax, std::hypot(w.CurrentReal, w.CurrentImag));
  }
  for (std::size_t i = 0; i < std::min(a.Wires.size(), b.Wires.size()); ++i)
  {
    CM_CHECK(a.Wires[i].Segment == b.Wires[i].Segment && a.Wires[i].Tag == b.Wires[i].Tag);
    for (int d = 0; d < 3; ++d)
    {
      CM_NEAR(a.Wires[i].Centre[d], b.Wires[i].Centre[d], 1e-4 * b.Wavelength);
    }
    CM_NEAR(a.Wires[i].CurrentReal, b.Wires[i].CurrentReal, 5e-3 * imax);
    CM_NEAR(a.Wires[i].CurrentImag, b.Wires[i].CurrentImag, 5e-3 * imax);
  }
}

void ComparePatches(const NecSolution& a, const NecSolution& b, const std::string& at)
{
  CM_CHECK_MSG(a.HasPatchCurrents == b.HasPatchCurrents, at + ": patch currents");
  const SurfaceMesh ma = a.FullMesh(), mb = b.FullMesh();
  CM_CHECK_MSG(ma.NumberOfElements() == mb.NumberOfElements(),
    at + ": " + std::to_string(ma.NumberOfElements()) + " patches, nec2c " +
      std::to_string(mb.NumberOfElements()));
  CM_CHECK(ma.Points.size() == mb.Points.size() && ma.Connectivity == mb.Connectivity);
  for (std::size_t i = 0; i < std::min(ma.Points.size(), mb.Points.size()); ++i)
  {
    CM_NEAR(ma.Points[i], mb.Points[i], 1e-6);
  }
  const double jmax = MaxAbs(mb.JReal, mb.JImag);
  CM_CHECK(ma.JReal.size() == mb.JReal.size());
  for (std::size_t i = 0; i < std::min(ma.JReal.size(), mb.JReal.size()); ++i)
  {
    CM_NEAR(ma.JReal[i], mb.JReal[i], 1e-2 * jmax); // J is printed to 3 digits
    CM_NEAR(ma.JImag[i], mb.JImag[i], 1e-2 * jmax);
  }
}

/// Index of the largest gain of a pattern.
std::size_t Peak(const FarFieldGrid& g)
{
  return static_cast<std::size_t>(std::max_element(g.Gain.begin(), g.Gain.end()) - g.Gain.begin());
}

void ComparePatterns(const NecSolution& a, const NecSolution& b, const std::string& at)
{
  CM_CHECK_MSG(a.Patterns.size() == b.Patterns.size(), at + ": pattern count");
  for (std::size_t p = 0; p < std::min(a.Patterns.size(), b.Patterns.size()); ++p)
  {
    const FarFieldGrid &ga = a.Patterns[p], &gb = b.Patterns[p];
    CM_CHECK_MSG(ga.Theta == gb.Theta && ga.Phi == gb.Phi, at + ": pattern directions");
    CM_CHECK(ga.Gain.size() == gb.Gain.size() && !gb.Gain.empty());
    if (ga.Gain.empty() || gb.Gain.empty())
    {
      continue;
    }
    const std::size_t ka = Peak(ga), kb = Peak(gb);
    std::printf("  %s: peak %.2f dBi (nec2c %.2f) at theta %g phi %g\n", at.c_str(), ga.Gain[ka],
      gb.Gain[kb], gb.Theta[kb], gb.Phi[kb]);
    CM_NEAR(ga.Gain[ka], gb.Gain[kb], 0.02);
    CM_CHECK(ga.Theta[ka] == gb.Theta[kb] && ga.Phi[ka] == gb.Phi[kb]);
    for (std::size_t i = 0; i < std::min(ga.Gain.size(), gb.Gain.size()); ++i)
    {
      if (gb.Gain[i] > gb.Gain[kb] - 20)
      {
        CM_NEAR(ga.Gain[i], gb.Gain[i], 0.05);
      }
    }
  }
}

void CompareNearFields(const NecSolution& a, const NecSolution& b, const std::string& at)
{
  CM_CHECK_MSG(a.NearFields.size() == b.NearFields.size(), at + ": near-field tables");
  for (std::size_t t = 0; t < std::min(a.NearFields.size(), b.NearFields.size()); ++t)
  {
    const NecNearField &na = a.NearFields[t], &nb = b.NearFields[t];
    CM_CHECK(std::equal(na.Dimensions, na.Dimensions + 3, nb.Dimensions));
    CM_CHECK(na.Points == nb.Points && na.HasE == nb.HasE && na.HasH == nb.HasH);
    const double emax = MaxAbs(nb.ERe, nb.EIm), hmax = MaxAbs(nb.HRe, nb.HIm);
    CM_CHECK(na.ERe.size() == nb.ERe.size() && na.HRe.size() == nb.HRe.size());
    for (std::size_t i = 0; i < std::min(na.ERe.size(), nb.ERe.size()); ++i)
    {
      CM_NEAR(na.ERe[i], nb.ERe[i], 5e-3 * emax);
      CM_NEAR(na.EIm[i], nb.EIm[i], 5e-3 * emax);
    }
    for (std::size_t i = 0; i < std::min(na.HRe.size(), nb.HRe.size()); ++i)
    {
      CM_NEAR(na.HRe[i], nb.HRe[i], 5e-3 * hmax);
      CM_NEAR(na.HIm[i], nb.HIm[i], 5e-3 * hmax);
    }
  }
}

/// The nec2++ file `necpp` against nec2c's output `nec2c` of the same deck.
void CompareToNec2c(const std::string& necpp, const std::string& nec2c)
{
  const NecOutput a = ReadNecOutputFile(Data + necpp);
  const NecOutput b = ReadNecOutputFile(Data + nec2c);
  CM_CHECK_MSG(a.NecPlusPlus && !b.NecPlusPlus, necpp + ": nec2++ recognised");
  CM_CHECK_MSG(a.Warnings.empty(), necpp + ": no warnings");
  CM_CHECK_MSG(a.Solutions.size() == b.Solutions.size() && !b.Solutions.empty(),
    necpp + ": " + std::to_string(a.Solutions.size()) + " solutions, nec2c " +
      std::to_string(b.Solutions.size()));
  for (std::size_t s = 0; s < std::min(a.Solutions.size(), b.Solutions.size()); ++s)
  {
    const NecSolution &sa = a.Solutions[s], &sb = b.Solutions[s];
    const std::string at = necpp + " solve " + std::to_string(s);
    CM_CHECK(sa.Frequency == sb.Frequency);
    CompareWires(sa, sb, at);
    ComparePatches(sa, sb, at);
    ComparePatterns(sa, sb, at);
    CompareNearFields(sa, sb, at);
    CM_CHECK_MSG(sa.Ports.size() == sb.Ports.size() && !sb.Ports.empty(), at + ": ports");
    for (std::size_t p = 0; p < std::min(sa.Ports.size(), sb.Ports.size()); ++p)
    {
      std::printf("  %s: Z%zu = %.3f%+.3fj ohm (nec2c %.3f%+.3fj)\n", at.c_str(), p + 1,
        sa.Ports[p].Impedance.real(), sa.Ports[p].Impedance.imag(), sb.Ports[p].Impedance.real(),
        sb.Ports[p].Impedance.imag());
      CM_CHECK(sa.Ports[p].Tag == sb.Ports[p].Tag && sa.Ports[p].Segment == sb.Ports[p].Segment);
      CM_NEAR(std::abs(sa.Ports[p].Impedance - sb.Ports[p].Impedance), 0,
        2e-3 * std::abs(sb.Ports[p].Impedance));
    }
    CM_NEAR(sa.Power.Input, sb.Power.Input, 2e-3 * sb.Power.Input);
    CM_CHECK(sa.Loads.size() == sb.Loads.size());
  }
}

/// The CURRENTS AND LOCATION rows of a -c file split at its commas: (segment, Re I, Im I).
std::vector<std::array<double, 3>> CommaWireRows(const std::string& text)
{
  std::vector<std::array<double, 3>> rows;
  bool in = false;
  for (const std::string& l : Lines(text))
  {
    if (l.find("CURRENT (AMPS) ----") != std::string::npos)
    {
      in = true;
      continue;
    }
    std::vector<std::string> f;
    for (std::size_t b = 0, e; b <= l.size(); b = e + 1)
    {
      e = std::min(l.find(',', b), l.size());
      f.push_back(l.substr(b, e - b));
    }
    if (in && f.size() == 11)
    {
      rows.push_back({ std::stod(f[0]), std::stod(f[6]), std::stod(f[7]) });
    }
    else if (l.find("No:") == std::string::npos)
    {
      in = false; // the rows follow the two header lines at once
    }
  }
  return rows;
}

void TestOwnRows()
{
  // The first solve's wire currents as the file prints them, read without the parser.
  const NecOutput o = ReadNecOutputFile(Data + "box_sm.necpp.out");
  const auto rows = CommaWireRows(Slurp(Data + "box_sm.necpp.out"));
  CM_CHECK(rows.size() == 4 && o.Solutions.size() == 1 && o.Solutions[0].Wires.size() == 4);
  for (std::size_t i = 0; i < std::min<std::size_t>(rows.size(), o.Solutions[0].Wires.size()); ++i)
  {
    CM_EQUAL(o.Solutions[0].Wires[i].Segment, static_cast<std::int64_t>(rows[i][0]));
    CM_EQUAL(o.Solutions[0].Wires[i].CurrentReal, rows[i][1]);
    CM_EQUAL(o.Solutions[0].Wires[i].CurrentImag, rows[i][2]);
  }
}

void TestVehicle()
{
  // nec2c 1.3 on the same deck printed (not kept: 590 KB): TOTAL PATCHES USED: 872 (866
  // echo patches, two of them split into 4 for the wires), Z = 3.7120E+01 + j4.1356E+01
  // at tag 1 segment 1, 14 wire segments, pattern peak 3.37 dBi at theta 60, phi 75.
  const NecOutput o = ReadNecOutputFile(Data + "vehicle.necpp.out");
  CM_CHECK(o.NecPlusPlus && o.Warnings.empty() && o.Solutions.size() == 1);
  if (o.Solutions.size() != 1)
  {
    return;
  }
  const NecSolution& s = o.Solutions[0];
  CM_EQUAL(s.FullMesh().NumberOfElements(), std::int64_t(872));
  CM_CHECK(o.EchoPatches == 866 && o.SplitPatches == 2);
  CM_EQUAL(s.Wires.size(), std::size_t(14));
  CM_CHECK(s.Ports.size() == 1 && s.Patterns.size() == 1);
  if (s.Ports.size() == 1 && s.Patterns.size() == 1)
  {
    CM_NEAR(std::abs(s.Ports[0].Impedance - std::complex<double>(37.120, 41.356)), 0, 0.1);
    const std::size_t k = Peak(s.Patterns[0]);
    CM_NEAR(s.Patterns[0].Gain[k], 3.37, 0.02);
    CM_CHECK(s.Patterns[0].Theta[k] == 60 && s.Patterns[0].Phi[k] == 75);
  }
}

/// Expects ParseError at `line` of "bad.out" whose message holds `words`.
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
    CM_CHECK(e.File == "bad.out" && e.Line == line);
    CM_CHECK(std::string(e.what()).find(words) != std::string::npos);
  }
}

/// Line number (1-based) of the first line holding `what` at or after line `from`.
std::size_t Find(const std::vector<std::string>& l, const char* what, std::size_t from = 1)
{
  for (std::size_t k = from - 1; k < l.size(); ++k)
  {
    if (l[k].find(what) != std::string::npos)
    {
      return k + 1;
    }
  }
  return 0;
}

void TestDamaged()
{
  const std::vector<std::string> good = Lines(Slurp(Data + "box_sm.necpp.out"));
  // Cut inside the patch currents: the table is short of its patches.
  const std::size_t pch = Find(good, "PCH");
  CM_CHECK(pch > 0);
  std::vector<std::string> cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(pch + 12));
  ExpectError(Join(cut), static_cast<std::int64_t>(pch + 12), "truncated SURFACE PATCH CURRENTS");
  // A comma row with a field missing names its row.
  std::vector<std::string> mangled = good;
  std::string& row = mangled[pch + 4]; // patch 4 (line pch + 5)
  row = row.substr(0, row.find(',', row.find(',') + 1)) + row.substr(row.find(',', 40));
  ExpectError(Join(mangled), static_cast<std::int64_t>(pch + 5), "patch 4");
  // A NaN in a wire row.
  std::vector<std::string> nan = good;
  const std::size_t seg = Find(good, "LENGTH     REAL") + 2; // segment 2
  nan[seg - 1].replace(nan[seg - 1].find("2.6059E-03"), 10, "       nan");
  ExpectError(Join(nan), static_cast<std::int64_t>(seg), "not a finite number");
}

void TestLayout()
{
  // Same lines, same numbers: the normalization only blanks commas and writes banners.
  const std::string raw = Slurp(Data + "sweep.necpp.out");
  std::string storage;
  const std::string_view n = NormalizeNecPlusPlus(raw, storage);
  CM_CHECK(n.size() == raw.size() || Lines(std::string(n)).size() == Lines(raw).size());
  CM_CHECK(n.find(',', n.find("STRUCTURE SPECIFICATION")) == std::string_view::npos);
  CM_EQUAL(std::count(n.begin(), n.end(), '\n'), std::count(raw.begin(), raw.end(), '\n'));
  // Three solves: three banners of each kind written where nec2++ -c dropped them.
  for (const char* b : { "----- RADIATION PATTERNS -----", "----- CURRENTS AND LOCATION -----",
         "----- ANTENNA INPUT PARAMETERS -----" })
  {
    std::size_t count = 0;
    for (std::size_t at = n.find(b); at != std::string_view::npos; at = n.find(b, at + 1))
    {
      ++count;
    }
    CM_CHECK_MSG(count == 3, std::string(b) + ": " + std::to_string(count));
  }
  // nec2c output and the plain nec2++ layout pass through untouched.
  const std::string c = Slurp(Data + "sweep.out");
  CM_CHECK(NormalizeNecPlusPlus(c, storage).data() == c.data());
  const std::string plain = Slurp(Data + "two_dipoles_loaded.necpp.out");
  CM_CHECK(NormalizeNecPlusPlus(plain, storage).data() == plain.data());
  CM_CHECK(LooksLikeNecOutput(raw.substr(0, 4096)) && IsNecPlusPlusOutput(raw.substr(0, 4096)));
}
} // namespace

int TestNecPlusPlus(int, char*[])
{
  CompareToNec2c("box_sm.necpp.out", "box_sm.out");
  CompareToNec2c("dipole_near_fields.necpp.out", "dipole_near_fields.out");
  CompareToNec2c("sweep.necpp.out", "sweep.out");
  CompareToNec2c("two_sources.necpp.out", "two_sources.out");
  CompareToNec2c("two_dipoles_loaded.necpp.out", "two_dipoles_loaded.out");
  TestOwnRows();
  TestVehicle();
  TestDamaged();
  TestLayout();
  return cmReport("TestNecPlusPlus");
}
