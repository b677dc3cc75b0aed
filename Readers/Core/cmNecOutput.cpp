// SPDX-License-Identifier: BSD-3-Clause
// The NEC-2 output parser's section loop and public entry points; the sections'
// readers are in cmNecStructure, cmNecPatchMatch, cmNecTables, cmNecPatchCurrents and
// cmNecPattern (cmNecOutputParser.h lists them).
#include "cmNecOutput.h"

#include "cmNecOutputParser.h"
#include "cmNecPlusPlus.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cm
{
namespace
{
bool IsBlank(char c)
{
  return c == ' ' || c == '\t';
}

char UpperChar(char c)
{
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}
} // namespace

std::size_t FindNecPhrase(std::string_view hay, std::string_view phrase, std::size_t* matched)
{
  std::size_t end = 0;
  const std::size_t at = MatchPhrase(hay, phrase, &end);
  if (matched && at != std::string_view::npos)
  {
    *matched = end - at;
  }
  return at;
}

std::string NecNormal(std::string_view s)
{
  std::string out;
  out.reserve(s.size());
  bool blank = false;
  for (char c : s)
  {
    if (IsBlank(c) || c == '\r')
    {
      blank = !out.empty();
      continue;
    }
    if (blank)
    {
      out += ' ';
      blank = false;
    }
    out += UpperChar(c);
  }
  return out;
}

namespace nec
{
/// Section banners that end a table's header search: a table with no rows (say, wire
/// currents suppressed by a PT card) must not swallow the next section.
bool IsBanner(std::string_view line)
{
  for (const char* b : { "SURFACE PATCH", "CURRENTS AND LOCATION", "POWER BUDGET",
         "RADIATION PATTERNS", "STRUCTURE SPECIFICATION", "ANTENNA INPUT", "DATA CARD",
         "- FREQUENCY -", "-- FREQUENCY --", "SEGMENTATION DATA", "CHARGE DENSITIES" })
  {
    if (ContainsNoCase(line, b))
    {
      return true;
    }
  }
  return false;
}

/// Numeric rows start with a digit, a point or a signed number; banners never do.
bool StartsNumeric(std::string_view line)
{
  line = Trim(line);
  if (line.empty())
  {
    return false;
  }
  const char c = line[0];
  if (IsDigit(c) || c == '.')
  {
    return true;
  }
  return (c == '-' || c == '+') && line.size() > 1 && (IsDigit(line[1]) || line[1] == '.');
}

NecSolution& Parser::Solution(bool fresh)
{
  if (!this->Open || fresh || this->Out.Solutions.empty())
  {
    NecSolution sol;
    sol.Frequency = this->FrequencyHz;
    sol.Wavelength = this->Lambda();
    sol.Line = this->S.LineNumber();
    sol.Mesh.Frequency = this->FrequencyHz;
    this->AddSources(sol.Mesh);
    sol.Ports = std::move(this->PendingPorts);
    this->PendingPorts.clear();
    sol.Power = this->PendingPower;
    this->PendingPower = NecPowerBudget();
    sol.Loads = this->Loads;
    this->Out.Solutions.push_back(std::move(sol));
    this->Open = true;
    this->UnsolvedFrequencyLine = 0;
  }
  return this->Out.Solutions.back();
}

void Parser::AddSources(SurfaceMesh& mesh) const
{
  // Fed segments become named sources at their segment centres.
  mesh.SourceNames.clear();
  mesh.SourcePositions.clear();
  for (const auto& f : this->Feeds)
  {
    Vec3 at{ 0, 0, 0 };
    if (f.second >= 1 && f.second <= static_cast<std::int64_t>(this->Geo.Segments.size()))
    {
      at = this->Geo.Segments[static_cast<std::size_t>(f.second - 1)].Centre;
    }
    mesh.SourceNames.push_back("tag" + std::to_string(f.first) + "_seg" + std::to_string(f.second));
    mesh.SourcePositions.insert(mesh.SourcePositions.end(), at.begin(), at.end());
  }
}

double Parser::Lambda() const
{
  // NEC-2 prints positions divided by λ = 299.8/f; the printed λ has 5 digits only, so
  // prefer the exact formula unless the program evidently used another speed of light.
  const double lambda = NecSpeedOfLight / this->FrequencyHz;
  if (this->PrintedLambda > 0 && std::abs(this->PrintedLambda - lambda) > 2e-4 * lambda)
  {
    return this->PrintedLambda;
  }
  return lambda;
}

bool Parser::NextRow(int maxHeader, std::int64_t& headerLines, std::string_view& line)
{
  // Rows are lines whose first field is an integer. Before the first row up to
  // `maxHeader` header lines are skipped; after it, any other line ends the table and
  // is left for the caller to see again.
  for (;;)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t lineNo = this->S.LineNumber();
    if (!this->S.Next(line))
    {
      return false;
    }
    TokenizeFortranCells(line, this->Tok);
    std::int64_t n;
    if (!this->Tok.empty() && ParseInt(this->Tok[0], n))
    {
      return true;
    }
    if (headerLines < 0 || ++headerLines > maxHeader || IsBanner(line))
    {
      this->S.Seek(at, lineNo);
      return false;
    }
  }
}

void Parser::OptionalFailed(Block which, const ParseError& e)
{
  static const char* const port[NumberOfBlocks] = { "Port Parameters", "Near Fields",
    "Radiation Pattern" };
  if (this->FirstFailure[which].empty())
  {
    this->FirstFailure[which].push_back(e);
    this->Out.Warnings.push_back(
      std::string(e.what()) + " (the " + port[which] + " output is left empty)");
  }
  this->Out.PortTablesFailed = this->Out.PortTablesFailed || which == PortTables;
  this->Out.NearFieldsFailed = this->Out.NearFieldsFailed || which == NearFields;
  this->Out.PatternsFailed = this->Out.PatternsFailed || which == Patterns;
}

bool Parser::KeepEarlierSolutions(const std::string& problem, std::int64_t line)
{
  // The solutions of the frequency being read when the run stopped are dropped; what
  // precedes them is kept when every one of those is complete.
  auto& sols = this->Out.Solutions;
  std::size_t keep = 0;
  while (keep < sols.size() &&
    !(std::abs(sols[keep].Frequency - this->FrequencyHz) <= 1e-9 * std::abs(this->FrequencyHz)))
  {
    ++keep;
  }
  bool complete = keep > 0;
  for (std::size_t k = 0; k < keep; ++k)
  {
    const NecSolution& s = sols[k];
    complete = complete && (!this->SawPatches || s.HasPatchCurrents) &&
      (s.HasPatchCurrents || !s.Wires.empty() || !s.Patterns.empty());
  }
  if (!complete)
  {
    return false;
  }
  const double last = sols[keep - 1].Frequency;
  sols.erase(sols.begin() + static_cast<std::ptrdiff_t>(keep), sols.end());
  this->Out.Warnings.push_back(ParseError::Format(this->S.FileName(), line, problem) +
    " (the sweep stops there: the frequencies up to " + std::to_string(last * 1e-6) +
    " MHz are shown)");
  return true;
}

NecOutput Parser::Run()
{
  try
  {
    this->RunSections();
    this->FlushCurrents();
  }
  catch (const ParseError& e)
  {
    // A deferred table before this error may hold an earlier one: the serial
    // parse (DeferredRowsRefused) then finds it first.
    this->FlushCurrents();
    // A later frequency of a sweep that fails keeps the earlier ones.
    const std::string what = e.what();
    const std::string prefix = ParseError::Format(e.File, e.Line, "");
    if (!this->KeepEarlierSolutions(what.substr(std::min(prefix.size(), what.size())), e.Line))
    {
      throw;
    }
    this->UnsolvedFrequencyLine = 0; // that warning names the frequency dropped
  }
  // A model with patches prints their currents in every solve; a solution without them
  // means the file was cut short (in a sweep, the earlier frequencies are kept).
  bool missing = this->Out.Solutions.empty();
  bool anything = false;
  for (const NecSolution& s : this->Out.Solutions)
  {
    missing = missing || (this->SawPatches && !s.HasPatchCurrents);
    anything = anything || s.HasPatchCurrents || !s.Wires.empty() ||
      (!s.Patterns.empty() && !this->Out.PatternsFailed);
  }
  const char* const noSolution = this->SawPatches
    ? "no SURFACE PATCH CURRENTS section: the run printed no solution for its patches "
      "(did the deck end before an XQ or RP card, or did NEC stop on an error?)"
    : "no solution: neither CURRENTS AND LOCATION, SURFACE PATCH CURRENTS nor RADIATION "
      "PATTERNS was printed (did the deck end before an XQ or RP card?)";
  if (missing && !this->Out.Solutions.empty())
  {
    // The first incomplete solution's frequency is where the run stopped.
    for (const NecSolution& s : this->Out.Solutions)
    {
      if (this->SawPatches && !s.HasPatchCurrents)
      {
        this->FrequencyHz = s.Frequency;
        break;
      }
    }
    missing = !this->KeepEarlierSolutions(noSolution, this->S.LineNumber());
  }
  if (missing)
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber(), noSolution);
  }
  if (!anything)
  {
    // Only a pattern was printed and it failed: that is the file's error.
    if (!this->FirstFailure[Patterns].empty())
    {
      throw this->FirstFailure[Patterns].front();
    }
    throw ParseError(this->S.FileName(), this->S.LineNumber(), noSolution);
  }
  this->WarnUnsolvedFrequency();
  return std::move(this->Out);
}

void Parser::WarnUnsolvedFrequency()
{
  // Every solve prints at least one table after its FREQUENCY line (currents, a pattern or
  // near fields); a file that ends before any means the run was cut short there.
  if (this->UnsolvedFrequencyLine <= 0 || this->Out.Solutions.empty())
  {
    return;
  }
  const double last = this->Out.Solutions.back().Frequency;
  this->Out.Warnings.push_back(
    ParseError::Format(this->S.FileName(), this->UnsolvedFrequencyLine,
      "truncated sweep: the file ends after FREQUENCY " + std::to_string(this->FrequencyHz * 1e-6) +
        " MHz before any of its tables") +
    " (that frequency is dropped: the frequencies up to " + std::to_string(last * 1e-6) +
    " MHz are shown)");
}

void Parser::RunSections()
{
  Mode mode = Mode::None;
  std::string_view line;
  while (this->S.Next(line))
  {
    // User comments may say anything, even "FREQUENCY: 5 MHz"; only the next banner counts.
    if (mode == Mode::Comments && this->CommentLine(line))
    {
      continue;
    }
    if (StartsNumeric(line))
    {
      if (mode == Mode::Echo)
      {
        this->EchoLine(line);
      }
      continue; // rows outside the tables read here (patterns, junctions, ...)
    }
    if (!this->SectionBanner(line, mode) && !this->FrequencyLine(line, mode) && mode == Mode::Echo)
    {
      this->EchoLine(line);
    }
  }
}

bool Parser::CommentLine(std::string_view line)
{
  if (ContainsNoCase(line, "STRUCTURE SPECIFICATION"))
  {
    return false;
  }
  if (!Trim(line).empty() && this->Out.Comments.size() < 100000)
  {
    this->Out.Comments.emplace_back(this->S.LineNumber(), std::string(Trim(line)));
  }
  return true;
}

bool Parser::SectionBanner(std::string_view line, Mode& mode)
{
  if (ContainsNoCase(line, "COMMENTS") &&
    (ContainsNoCase(line, "- - -") || ContainsNoCase(line, "---")))
  {
    mode = Mode::Comments;
  }
  else if (ContainsNoCase(line, "STRUCTURE SPECIFICATION"))
  {
    this->FlushCurrents(); // deferred tables need the structure they belong to
    this->Geo = Structure();
    this->Feeds.clear();
    this->PendingPorts.clear();
    this->Loads.clear();
    this->Open = false;
    mode = Mode::Echo;
  }
  else if (this->TableBanner(line))
  {
    mode = Mode::None;
  }
  else if (ContainsNoCase(line, "DATA CARD"))
  {
    this->Near.Card(line);
    if (mode == Mode::Echo)
    {
      this->EchoLine(line);
    }
  }
  else if (this->PortBanner(line))
  {
    mode = Mode::None;
  }
  else
  {
    return false;
  }
  return true;
}

bool Parser::TableBanner(std::string_view line)
{
  if (ContainsNoCase(line, "SEGMENTATION DATA"))
  {
    this->ReadSegments();
  }
  else if (ContainsNoCase(line, "SURFACE PATCH DATA"))
  {
    this->ReadPatchData();
  }
  else if (ContainsNoCase(line, "SURFACE PATCH CURRENTS"))
  {
    this->ReadPatchCurrents();
  }
  else if (ContainsNoCase(line, "RADIATION PATTERNS"))
  {
    this->Optional(Patterns, [this] { this->ReadPattern(); });
  }
  else if (ContainsNoCase(line, "CURRENTS AND LOCATION"))
  {
    this->ReadWireCurrents();
  }
  else if (bool electric; IsNecNearFieldBanner(line, electric))
  {
    this->Optional(NearFields, [this, electric] {
      if (this->FrequencyHz <= 0)
      {
        this->S.Fail("near-field table before any FREQUENCY line");
      }
      this->Near.Table(this->S, electric, this->MaxPatches, this->Solution(false).NearFields);
    });
  }
  else
  {
    return false;
  }
  return true;
}

bool Parser::PortBanner(std::string_view line)
{
  if (ContainsNoCase(line, "ANTENNA INPUT PARAMETERS"))
  {
    this->Optional(PortTables, [this] { this->ReadFeeds(); });
  }
  else if (ContainsNoCase(line, "POWER BUDGET") ||
    ContainsNoCase(line, "STRUCTURE IMPEDANCE LOADING"))
  {
    this->Optional(PortTables, [this, line] { this->ReadPortTable(line); });
  }
  else
  {
    return false;
  }
  return true;
}

bool Parser::FrequencyLine(std::string_view line, Mode& mode)
{
  if (FindNecPhrase(Trim(line), "FREQUENCY") != 0 && FindNecPhrase(Trim(line), "WAVELENGTH") != 0)
  {
    return false;
  }
  // "FREQUENCY : 3.0000E+02 MHz" (nec2c) or "FREQUENCY= 2.9980E+02 MHZ" (NEC-2D);
  // "WAVELENGTH: 9.9933E-01 Mtr" or "WAVELENGTH= 1.0000E+00 METERS".
  std::string_view t = Trim(line);
  const bool freq = t[0] == 'F' || t[0] == 'f';
  t = Trim(t.substr(freq ? 9 : 10));
  if (t.empty() || (t[0] != ':' && t[0] != '='))
  {
    return false; // not a value line: an echo line, say
  }
  const bool fortran = t[0] == '=';
  TokenizeFortranCells(t.substr(1), this->Tok);
  if (this->Tok.empty())
  {
    this->S.Fail(std::string("no value after ") + (freq ? "FREQUENCY" : "WAVELENGTH"));
  }
  const double v = NeedFinite(this->S, this->Tok[0], freq ? "the frequency" : "the wavelength");
  if (!(v > 0))
  {
    this->S.Fail(std::string(freq ? "the frequency" : "the wavelength") + " must be positive");
  }
  mode = Mode::None;
  if (!freq)
  {
    this->PrintedLambda = v;
    return true;
  }
  if (this->Tok.size() < 2 || Upper(this->Tok[1]) != "MHZ")
  {
    this->S.Fail("expected the frequency in MHz");
  }
  this->FrequencyHz = v * 1e6;
  this->UnsolvedFrequencyLine = this->S.LineNumber();
  this->PrintedLambda = 0;
  this->Feeds.clear();
  this->PendingPorts.clear();
  this->Open = false;
  this->Out.OriginalNec2D = this->Out.OriginalNec2D || fortran;
  return true;
}
} // namespace nec

SurfaceMesh NecSolution::FullMesh() const
{
  SurfaceMesh m = this->Mesh;
  if (this->Polygons)
  {
    m.Points = this->Polygons->Points;
    m.Offsets = this->Polygons->Offsets;
    m.Connectivity = this->Polygons->Connectivity;
  }
  return m;
}

bool LooksLikeNecOutput(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return HasNecPhrase(head, "NUMERICAL ELECTROMAGNETICS CODE") ||
    HasNecPhrase(head, "- - - - COMMENTS - - - -") ||
    (HasNecPhrase(head, "STRUCTURE SPECIFICATION") &&
      HasNecPhrase(head, "COORDINATES MUST BE INPUT IN"));
}

NecOutput ParseNecOutput(
  std::string_view rawText, const std::string& fileName, const ParallelFor& parallel)
{
  std::string storage, necpp;
  // nec2++'s -c layout (commas, banners dropped) becomes its plain one (cmNecPlusPlus.h).
  const std::string_view text = NormalizeNecPlusPlus(Untabbed(rawText, storage, parallel), necpp);
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
  {
    throw ParseError(fileName, 0, "empty file: expected NEC-2 output (nec2c or NEC-2D)");
  }
  if (!LooksLikeNecOutput(text.substr(0, 4096)))
  {
    throw ParseError(fileName, 0,
      "not a NEC-2 output file: no nec2c or NEC-2D banner, comment block or structure "
      "specification in the first 4 KB");
  }
  NecOutput out;
  try
  {
    out = nec::Parser(text, fileName, parallel, true).Run();
  }
  catch (const nec::DeferredRowsRefused&)
  {
    out = nec::Parser(text, fileName, parallel, false).Run();
  }
  out.NecPlusPlus = IsNecPlusPlusOutput(text.substr(0, 4096));
  return out;
}

NecOutput ReadNecOutputFile(const std::string& path, const ParallelFor& parallel)
{
  return ParseNecOutput(ReadWholeFile(path, 1ull << 34, parallel), path, parallel);
}

SurfaceMesh ReadNecSurfaceMesh(const std::string& path)
{
  NecOutput out = ReadNecOutputFile(path);
  return out.Solutions.front().FullMesh();
}

} // namespace cm
