// SPDX-License-Identifier: BSD-3-Clause
// NEC-2 radiation patterns, wire currents and frequency sweeps, from output that nec2c
// writes during the test and from hand-written NEC-2D samples. The oracles are the
// numbers in the printed text (read here with a separate, naive tokenizer) and physics:
// a half-wave dipole's 2.15 dBi, a short dipole's sin θ, the feed current maximum.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace cm;

namespace
{


std::vector<std::string> Fields(const std::string& line)
{
  std::vector<std::string> f;
  char buf[1024];
  std::snprintf(buf, sizeof buf, "%s", line.c_str());
  for (char* t = std::strtok(buf, " \t\r"); t; t = std::strtok(nullptr, " \t\r"))
  {
    f.emplace_back(t);
  }
  return f;
}

double D(const std::string& s)
{
  return std::strtod(s.c_str(), nullptr);
}

/// Every pattern row in the text, in order: the fields of lines after a RADIATION
/// PATTERNS banner that start with a number, until the first line that does not.
std::vector<std::vector<std::string>> PatternRows(const std::vector<std::string>& lines)
{
  std::vector<std::vector<std::string>> rows;
  bool in = false, started = false;
  for (const std::string& l : lines)
  {
    if (l.find("RADIATION PATTERNS") != std::string::npos)
    {
      in = true;
      started = false;
      continue;
    }
    if (!in)
    {
      continue;
    }
    const auto f = Fields(l);
    char* end = nullptr;
    const bool num = !f.empty() && (std::strtod(f[0].c_str(), &end), *end == 0);
    if (num)
    {
      rows.push_back(f);
      started = true;
    }
    else if (started)
    {
      in = false;
    }
  }
  return rows;
}

/// All patterns of all solutions, in file order.
std::vector<const FarFieldGrid*> AllPatterns(const NecOutput& out)
{
  std::vector<const FarFieldGrid*> p;
  for (const auto& s : out.Solutions)
  {
    for (const auto& g : s.Patterns)
    {
      p.push_back(&g);
    }
  }
  return p;
}

const std::vector<double>* Extra(const FarFieldGrid& g, const char* name)
{
  for (const auto& c : g.Extra)
  {
    if (c.first == name)
    {
      return &c.second;
    }
  }
  return nullptr;
}

/// Every sample of every pattern equals its printed row (angles, gains, magnitudes and
/// phases, sense), and -999.99 rows carry exactly zero fields and a blank sense.
void CheckRowsAgainstText(const char* label, const std::string& path, const NecOutput& out)
{
  const auto rows = PatternRows(Lines(Slurp(path)));
  const auto pats = AllPatterns(out);
  std::size_t r = 0;
  for (const FarFieldGrid* g : pats)
  {
    const auto* g1 = Extra(*g, g->Extra[0].first.c_str());
    for (std::int64_t k = 0; k < g->NumberOfSamples() && r < rows.size(); ++k, ++r)
    {
      const auto& f = rows[r];
      const bool sense = f.size() == 12;
      CM_CHECK(f.size() == 12 || f.size() == 11);
      const std::size_t e = sense ? 8 : 7;
      CM_CHECK(g->Theta[k] == D(f[0]) && g->Phi[k] == D(f[1]));
      CM_CHECK((*g1)[k] == D(f[2]) && g->Gain[k] == D(f[4]));
      CM_CHECK(g->Sense[k] == (sense ? f[7] : std::string()));
      if (D(f[4]) == -999.99)
      {
        CM_CHECK(!sense);
        CM_CHECK(
          g->EthetaRe[k] == 0 && g->EthetaIm[k] == 0 && g->EphiRe[k] == 0 && g->EphiIm[k] == 0);
        continue;
      }
      const double mt = std::hypot(g->EthetaRe[k], g->EthetaIm[k]);
      const double mp = std::hypot(g->EphiRe[k], g->EphiIm[k]);
      CM_NEAR(mt, D(f[e]), 1e-12 * D(f[e]) + 1e-300);
      CM_NEAR(mp, D(f[e + 2]), 1e-12 * D(f[e + 2]) + 1e-300);
      if (D(f[e]) > 0)
      {
        const double ph = std::atan2(g->EthetaIm[k], g->EthetaRe[k]) * 180 / M_PI;
        CM_NEAR(std::remainder(ph - D(f[e + 1]), 360.0), 0, 1e-9);
      }
    }
  }
  std::printf("%s: %zu pattern tables, %zu printed rows\n", label, pats.size(), rows.size());
  CM_CHECK(r == rows.size());
}

template <class F>
void ExpectError(
  const char* label, const std::string& path, std::int64_t line, const char* words, F&& parse)
{
  try
  {
    parse(path);
    std::printf("FAIL %s: no ParseError\n", label);
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    const std::string what = e.what();
    std::printf("  %s -> %s\n", label, what.c_str());
    CM_CHECK(e.File == path);
    CM_CHECK(line <= 0 || e.Line == line);
    CM_CHECK(what.find(words) != std::string::npos);
  }
}
/// The partial-result rule: a damaged RADIATION PATTERNS table of a run whose wire
/// currents parse gives one warning naming the file (and `line` when > 0), an empty
/// pattern output and the currents.
void ExpectPatternWarning(
  const char* label, const std::string& path, std::int64_t line, const char* words)
{
  try
  {
    const NecOutput out = ReadNecOutputFile(path);
    const std::string w = out.Warnings.empty() ? std::string() : out.Warnings[0];
    std::printf("  %s -> warning: %s\n", label, w.c_str());
    CM_CHECK(out.Warnings.size() == 1 && out.PatternsFailed && !out.PortTablesFailed);
    CM_CHECK(w.find(path + ":" + (line > 0 ? std::to_string(line) + ":" : std::string())) == 0);
    CM_CHECK(w.find(words) != std::string::npos);
    CM_CHECK(!out.Solutions.empty() && !out.Solutions[0].Wires.empty());
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL %s: the whole file refused: %s\n", label, e.what());
    CM_CHECK(false);
  }
}
} // namespace

int TestNecPatterns(int, char*[])
{
  const std::string data = CLOUDMAP_DATA_DIR "/nec/";
  const std::string tmp = CLOUDMAP_TEMP_DIR "/";
  auto parse = [](const std::string& p) { return ReadNecOutputFile(p); };

  // 1. Half-wave dipole (1 m at 140 MHz, just under λ/2 so the feed current peaks at the
  // centre), wire only: about 2.15 dBi broadside, -999.99 on axis.
  {
    const std::string deck = tmp + "pat_dipole.nec", out = tmp + "pat_dipole.out";
    Spit(deck,
      "CM half-wave dipole\nCE\nGW 1 21 0 0 -0.5 0 0 0.5 0.001\nGE 0\n"
      "FR 0 1 0 0 140 0\nEX 0 1 11 0 1 0\nRP 0 37 4 1000 0 0 5 90\nEN\n");
    CM_CHECK(RunNec2c(deck, out));
    const NecOutput nec = ReadNecOutputFile(out);
    CM_CHECK(nec.Solutions.size() == 1);
    const NecSolution& s = nec.Solutions[0];
    CM_CHECK(!s.HasPatchCurrents && s.FullMesh().NumberOfElements() == 0);
    CM_CHECK(s.Wires.size() == 21 && s.Patterns.size() == 1);
    const FarFieldGrid& g = s.Patterns[0];
    CM_CHECK(g.NumberOfTheta == 37 && g.NumberOfPhi == 4 && g.NumberOfSamples() == 148);
    CM_CHECK(g.GainKind == "Gain" && g.SourceFormat == "NEC-2" && g.Frequency == 140e6);
    CM_CHECK(Extra(g, "Gain_vert") && Extra(g, "Gain_horiz") && Extra(g, "AxialRatio") &&
      Extra(g, "Tilt"));
    double best = -1e9;
    for (double v : g.Gain)
    {
      best = std::max(best, v);
    }
    std::printf("half-wave dipole: max gain %.2f dBi\n", best);
    CM_NEAR(best, 2.15, 0.1);
    CM_CHECK(g.Gain[0] == -999.99 && g.Gain[36] == -999.99); // θ = 0 and 180
    CM_NEAR(g.Theta[18], 90, 0);
    CM_CHECK(g.Gain[18] == best);
    CheckRowsAgainstText("dipole", out, nec);
    // The centre-fed dipole carries its largest current on the feed segment (11), and
    // the current is symmetric about it.
    std::size_t top = 0;
    for (std::size_t i = 0; i < s.Wires.size(); ++i)
    {
      const double a = std::hypot(s.Wires[i].CurrentReal, s.Wires[i].CurrentImag);
      top = a > std::hypot(s.Wires[top].CurrentReal, s.Wires[top].CurrentImag) ? i : top;
    }
    CM_CHECK(s.Wires[top].Segment == 11);
    CM_CHECK(s.Wires[0].CurrentReal == s.Wires[20].CurrentReal);
    CM_NEAR(s.Wires[10].Centre[2], 0, 1e-4);
    CM_NEAR(s.Wires[20].Centre[2], 0.5 - 0.5 / 21, 1e-4);
    CM_CHECK(s.Mesh.SourceNames.size() == 1 && s.Mesh.SourceNames[0] == "tag1_seg11");
  }

  // 2. Short dipole (λ/20): |Eθ| ∝ sin θ, Eφ = 0.
  {
    const std::string deck = tmp + "pat_short.nec", out = tmp + "pat_short.out";
    Spit(deck,
      "CM short dipole\nCE\nGW 1 11 0 0 -0.05 0 0 0.05 0.0005\nGE 0\n"
      "FR 0 1 0 0 150 0\nEX 0 1 6 0 1 0\nRP 0 19 1 1000 0 0 10 0\nEN\n");
    CM_CHECK(RunNec2c(deck, out));
    const NecOutput nec = ReadNecOutputFile(out);
    const FarFieldGrid& g = nec.Solutions.at(0).Patterns.at(0);
    CM_CHECK(g.NumberOfTheta == 19 && g.NumberOfPhi == 1);
    const double peak = std::hypot(g.EthetaRe[9], g.EthetaIm[9]);
    double worst = 0;
    for (std::int64_t k = 1; k < 18; ++k)
    {
      const double ratio = std::hypot(g.EthetaRe[k], g.EthetaIm[k]) / peak;
      worst = std::max(worst, std::abs(ratio - std::sin(g.Theta[k] * M_PI / 180)));
      CM_CHECK(g.EphiRe[k] == 0 && g.EphiIm[k] == 0);
    }
    std::printf("short dipole: largest deviation of |Etheta|/max from sin(theta): %.2e\n", worst);
    CM_CHECK(worst < 2e-3);
    CheckRowsAgainstText("short dipole", out, nec);
  }

  // 3. A frequency sweep: three FREQUENCY blocks, each with wires and a pattern.
  {
    const std::string deck = tmp + "pat_sweep.nec", out = tmp + "pat_sweep.out";
    Spit(deck,
      "CM sweep\nCE\nGW 1 21 0 0 -0.5 0 0 0.5 0.001\nGE 0\n"
      "FR 0 3 0 0 140 10\nEX 0 1 11 0 1 0\nRP 0 7 2 1000 0 0 30 90\nEN\n");
    CM_CHECK(RunNec2c(deck, out));
    const NecOutput nec = ReadNecOutputFile(out);
    CM_CHECK(nec.Solutions.size() == 3);
    for (std::size_t i = 0; i < nec.Solutions.size(); ++i)
    {
      const NecSolution& s = nec.Solutions[i];
      CM_NEAR(s.Frequency, (140 + 10 * static_cast<double>(i)) * 1e6, 1e-3);
      CM_NEAR(s.Wavelength, 299.8 / (140 + 10 * static_cast<double>(i)), 1e-12);
      CM_CHECK(s.Wires.size() == 21 && s.Patterns.size() == 1);
      CM_CHECK(s.Patterns[0].Frequency == s.Frequency && s.Patterns[0].NumberOfSamples() == 14);
      // Lengths convert back to the same 1/21 m segments at every frequency.
      CM_NEAR(s.Wires[5].Length, 1.0 / 21, 1e-4);
    }
    CheckRowsAgainstText("sweep", out, nec);
    // The printed wire currents at the second frequency.
    const auto lines = Lines(Slurp(out));
    int blocks = 0;
    for (std::size_t i = 0; i < lines.size(); ++i)
    {
      if (lines[i].find("CURRENTS AND LOCATION") != std::string::npos && ++blocks == 2)
      {
        const auto f = Fields(lines[i + 5]); // segment 1
        CM_CHECK(f.size() == 10 && f[0] == "1");
        CM_CHECK(nec.Solutions[1].Wires[0].CurrentReal == D(f[6]) &&
          nec.Solutions[1].Wires[0].CurrentImag == D(f[7]));
      }
    }
    CM_CHECK(blocks == 3);
  }

  // 4. Crossed dipoles in quadrature: circular polarization (LEFT/RIGHT sense), MAJOR MINOR
  // columns, DIRECTIVE GAINS, and two RP tables for one frequency.
  {
    const std::string deck = tmp + "pat_cross.nec", out = tmp + "pat_cross.out";
    Spit(deck,
      "CM crossed dipoles fed in quadrature\nCE\nGW 1 11 0 0 -0.5 0 0 0.5 0.001\n"
      "GW 2 11 -0.5 0 0 0.5 0 0 0.001\nGE 0\nFR 0 1 0 0 140 0\nEX 0 1 6 0 1 0\n"
      "EX 0 2 6 0 0 1\nRP 0 3 2 0111 0 0 45 90\nRP 0 2 2 1000 0 0 45 90\nEN\n");
    CM_CHECK(RunNec2c(deck, out));
    const NecOutput nec = ReadNecOutputFile(out);
    CM_CHECK(nec.Solutions.size() == 1 && nec.Solutions[0].Patterns.size() == 2);
    const FarFieldGrid& a = nec.Solutions[0].Patterns.at(0);
    const FarFieldGrid& b = nec.Solutions[0].Patterns.at(1);
    CM_CHECK(a.GainKind == "Directivity" && Extra(a, "Gain_major") && Extra(a, "Gain_minor"));
    CM_CHECK(b.GainKind == "Gain" && Extra(b, "Gain_vert"));
    bool circular = false;
    for (const auto& s : a.Sense)
    {
      circular = circular || s == "LEFT" || s == "RIGHT";
    }
    CM_CHECK(circular);
    CheckRowsAgainstText("crossed dipoles", out, nec);
  }

  // 5. The monopole on the patch box with a pattern: patches, wires and the far field.
  {
    std::string deck = Slurp(data + "box_sm.nec");
    deck = deck.substr(0, deck.find("XQ")) + "RP 0 5 3 1000 0 0 45 90\nEN\n";
    const std::string d = tmp + "pat_box.nec", out = tmp + "pat_box.out";
    Spit(d, deck);
    CM_CHECK(RunNec2c(d, out));
    const NecOutput nec = ReadNecOutputFile(out);
    CM_CHECK(nec.Solutions.size() == 1);
    CM_CHECK(
      nec.Solutions[0].HasPatchCurrents && nec.Solutions[0].FullMesh().NumberOfElements() == 55);
    CM_CHECK(nec.Solutions[0].Wires.size() == 4 && nec.Solutions[0].Patterns.size() == 1);
    CheckRowsAgainstText("box", out, nec);
  }

  // 6. NEC-2D print style: "- - - RADIATION PATTERNS - - -", VERT. HOR., .00 without a
  // leading zero, blank SENSE; and a hand-written NEC-2D two-frequency wire model.
  {
    const NecOutput nec = ReadNecOutputFile(data + "nec2d_sample.out");
    CM_CHECK(nec.OriginalNec2D && nec.Solutions.size() == 1);
    const FarFieldGrid& g = nec.Solutions[0].Patterns.at(0);
    CM_CHECK(g.NumberOfTheta == 3 && g.NumberOfPhi == 2 && Extra(g, "Gain_vert"));
    CM_CHECK(g.Gain[2] == 0.67 && g.Sense[2] == "LINEAR" && g.Sense[0].empty());
    CM_NEAR(std::hypot(g.EthetaRe[1], g.EthetaIm[1]), 2.94960E-01, 1e-15);
    CM_CHECK(g.EthetaRe[3] == 0 && g.EphiIm[3] == 0);
    CheckRowsAgainstText("NEC-2D sample", data + "nec2d_sample.out", nec);

    const NecOutput two = ReadNecOutputFile(data + "nec2d_sweep.out");
    CM_CHECK(two.OriginalNec2D && two.Solutions.size() == 2);
    if (two.Solutions.size() == 2)
    {
      CM_CHECK(two.Solutions[0].Frequency == 100e6 && two.Solutions[1].Frequency == 200e6);
      CM_CHECK(two.Solutions[0].Wires.size() == 5 && two.Solutions[1].Patterns.size() == 1);
      // Lengths print in wavelengths of each frequency but come from SEGMENTATION DATA.
      CM_NEAR(two.Solutions[1].Wires[2].Length, 0.1, 1e-9);
      CM_NEAR(two.Solutions[1].Wires[2].Centre[2], 0.0, 1e-9);
      CM_CHECK(two.Solutions[1].Wires[2].CurrentReal == 1.2345E-02);
    }
    CheckRowsAgainstText("NEC-2D sweep", data + "nec2d_sweep.out", two);
  }

  // 7. Damaged pattern tables: truncation inside a row, a non-numeric field, a missing
  // row (the grid no longer closes), a missing FREQUENCY section.
  {
    const std::string text = Slurp(tmp + "pat_dipole.out");
    auto lines = Lines(text);
    std::size_t first = 0;
    while (first < lines.size() && lines[first].find("RADIATION PATTERNS") == std::string::npos)
    {
      ++first;
    }
    first += 5; // banner, blank, 3 header lines: first row (0-based)
    auto join = [](const std::vector<std::string>& l, std::size_t n) {
      std::string s;
      for (std::size_t i = 0; i < n && i < l.size(); ++i)
      {
        s += l[i] + "\n";
      }
      return s;
    };
    std::printf("damaged patterns (warnings) and errors:\n");
    {
      auto l = lines;
      l[first + 40] = l[first + 40].substr(0, 60); // cut inside the row
      const std::string p = tmp + "pat_truncated.out";
      Spit(p, join(l, first + 41));
      ExpectPatternWarning("truncated row", p, static_cast<std::int64_t>(first + 41), "fields");
    }
    {
      auto l = lines;
      l[first + 7].replace(l[first + 7].find("LINEAR") + 9, 3, "x.y");
      const std::string p = tmp + "pat_nonnumeric.out";
      Spit(p, join(l, l.size()));
      ExpectPatternWarning("non-numeric", p, static_cast<std::int64_t>(first + 8), "expected");
    }
    {
      auto l = lines;
      l.erase(l.begin() + static_cast<std::ptrdiff_t>(first + 50)); // 147 rows: not 37 x 4
      const std::string p = tmp + "pat_row_missing.out";
      Spit(p, join(l, l.size()));
      ExpectPatternWarning("row missing", p, 0, "grid");
    }
    {
      auto l = lines;
      for (auto& s : l)
      {
        if (s.find("FREQUENCY :") != std::string::npos)
        {
          s = "";
        }
      }
      const std::string p = tmp + "pat_no_frequency.out";
      Spit(p, join(l, l.size()));
      ExpectError("no frequency", p, 0, "before any FREQUENCY", parse);
    }
  }
  return cmReport("TestNecPatterns");
}
