// SPDX-License-Identifier: BSD-3-Clause
// RADIATION PATTERNS: the far-field table of one solve as a FarFieldGrid.
#include "cmNecOutputParser.h"

#include "cmTextScan.h"

#include <algorithm>
#include <string>
#include <vector>

namespace cm
{
namespace nec
{
namespace
{
/// The gain kind and the partial-gain columns the pattern's column header names.
void PatternColumns(const LineScanner& s, const std::string& header, FarFieldGrid& g)
{
  std::string first, second;
  if (header.find("DIRECTIVE GAIN") != std::string::npos)
  {
    g.GainKind = "Directivity";
  }
  else if (header.find("POWER GAIN") != std::string::npos)
  {
    g.GainKind = "Gain";
  }
  if (header.find("MAJOR") != std::string::npos && header.find("MINOR") != std::string::npos)
  {
    first = "Gain_major";
    second = "Gain_minor";
  }
  else if (header.find("VERT") != std::string::npos && header.find("HOR") != std::string::npos)
  {
    first = "Gain_vert";
    second = "Gain_horiz";
  }
  if (g.GainKind.empty() || first.empty() || header.find("E(THETA)") == std::string::npos)
  {
    s.Fail("RADIATION PATTERNS table with an unknown column header (expected POWER or "
           "DIRECTIVE GAINS, VERTC HORIZ or MAJOR MINOR, E(THETA) and E(PHI))");
  }
  // Create every column before taking references: Column() may grow the list.
  g.Extra = { { first, {} }, { second, {} }, { "AxialRatio", {} }, { "Tilt", {} } };
}
} // namespace

bool Parser::ReadPatternHeader(std::string& header)
{
  // The column header (3 or 4 lines) names the gain kind and the partial gains.
  std::string_view line;
  for (int k = 0;; ++k)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t lineNo = this->S.LineNumber();
    if (!this->S.Next(line))
    {
      this->S.Fail("truncated RADIATION PATTERNS table: no rows before the end of the file");
    }
    if (StartsNumeric(line))
    {
      this->S.Seek(at, lineNo);
      return true;
    }
    if (k >= 10 || IsBanner(line))
    {
      // Not the far-field layout (say, a ground-wave table): leave it for the main loop.
      this->S.Seek(at, lineNo);
      ++this->Out.SkippedPatterns;
      return false;
    }
    header += NecNormal(line);
    header += '\n';
  }
}

void Parser::ReservePatternRows(FarFieldGrid& g)
{
  // Count the rows first (a cheap scan of line starts) so every column is allocated
  // once: big sweeps print hundreds of thousands of rows.
  const std::size_t at = this->S.Offset();
  const std::int64_t lineNo = this->S.LineNumber();
  std::string_view line;
  std::size_t rows = 0;
  while (this->S.Next(line) && StartsNumeric(line))
  {
    ++rows;
  }
  this->S.Seek(at, lineNo);
  rows = std::min(rows, static_cast<std::size_t>(this->MaxPatches));
  for (auto* v : { &g.Theta, &g.Phi, &g.Gain, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm,
         &g.Extra[0].second, &g.Extra[1].second, &g.Extra[2].second, &g.Extra[3].second })
  {
    v->reserve(rows);
  }
  g.Sense.reserve(rows);
}

bool Parser::ReadPatternRow(FarFieldGrid& g)
{
  const std::size_t at = this->S.Offset();
  const std::int64_t lineNo = this->S.LineNumber();
  std::string_view line;
  if (!this->S.Next(line))
  {
    return false;
  }
  if (!StartsNumeric(line))
  {
    this->S.Seek(at, lineNo);
    return false;
  }
  TokenizeFortranCells(line, this->Row);
  const auto& t = this->Row;
  double dummy;
  // THETA PHI G1 G2 TOTAL AXIAL TILT SENSE |Eθ| phase |Eφ| phase: SENSE is blank for a
  // zero field, so 11 fields then; the word is never a number.
  const bool sense = t.size() == 12 && !ParseDouble(t[7], dummy);
  if (!(sense || (t.size() == 11 && ParseDouble(t[7], dummy))))
  {
    this->S.Fail("RADIATION PATTERNS row has " + std::to_string(t.size()) +
      " fields, expected 12 (theta, phi, 3 gains, axial ratio, tilt, sense, |Etheta|, "
      "phase, |Ephi|, phase) or 11 with a blank SENSE");
  }
  if (static_cast<std::int64_t>(g.Theta.size()) >= this->MaxPatches)
  {
    this->S.Fail("more RADIATION PATTERNS rows than the file could hold");
  }
  const std::size_t e = sense ? 8 : 7;
  g.Theta.push_back(NeedFinite(this->S, t[0], "theta (degrees)"));
  g.Phi.push_back(NeedFinite(this->S, t[1], "phi (degrees)"));
  g.Extra[0].second.push_back(NeedFinite(this->S, t[2], "a partial gain (dB)"));
  g.Extra[1].second.push_back(NeedFinite(this->S, t[3], "a partial gain (dB)"));
  g.Gain.push_back(NeedFinite(this->S, t[4], "the total gain (dB)"));
  g.Extra[2].second.push_back(NeedFinite(this->S, t[5], "the axial ratio"));
  g.Extra[3].second.push_back(NeedFinite(this->S, t[6], "the tilt angle"));
  g.Sense.emplace_back(sense ? Upper(t[7]) : std::string());
  double re, im;
  FromMagnitudePhase(NeedFinite(this->S, t[e], "|Etheta|"),
    NeedFinite(this->S, t[e + 1], "the phase of Etheta"), re, im);
  g.EthetaRe.push_back(re);
  g.EthetaIm.push_back(im);
  FromMagnitudePhase(NeedFinite(this->S, t[e + 2], "|Ephi|"),
    NeedFinite(this->S, t[e + 3], "the phase of Ephi"), re, im);
  g.EphiRe.push_back(re);
  g.EphiIm.push_back(im);
  return true;
}

void Parser::ReadPattern()
{
  if (this->FrequencyHz <= 0)
  {
    this->S.Fail("RADIATION PATTERNS before any FREQUENCY line");
  }
  std::string header;
  if (!this->ReadPatternHeader(header))
  {
    return;
  }
  FarFieldGrid g;
  g.SourceFormat = "NEC-2";
  g.Frequency = this->FrequencyHz;
  PatternColumns(this->S, header, g);
  std::int64_t lastLine = this->S.LineNumber();
  this->ReservePatternRows(g);
  while (this->ReadPatternRow(g))
  {
    lastLine = this->S.LineNumber();
  }
  if (g.Theta.empty())
  {
    this->S.Fail("RADIATION PATTERNS table without rows");
  }
  FinishFarFieldGrid(g, this->S.FileName(), lastLine);
  this->Solution(false).Patterns.push_back(std::move(g));
}
} // namespace nec
} // namespace cm
