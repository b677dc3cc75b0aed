// SPDX-License-Identifier: BSD-3-Clause
// The NEC-2 output parser's section loop and public entry points; the sections'
// readers are in cmNecStructure, cmNecPatchMatch, cmNecTables, cmNecPatchCurrents and
// cmNecPattern (cmNecOutputParser.h lists them).
#include "cmNecOutput.h"

#include "cmNecOutputParser.h"
#include "cmTextScan.h"

#include <string>

namespace cm
{
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
    sol.Mesh.Frequency = this->FrequencyHz;
    this->AddSources(sol.Mesh);
    sol.Ports = std::move(this->PendingPorts);
    this->PendingPorts.clear();
    sol.Power = this->PendingPower;
    this->PendingPower = NecPowerBudget();
    sol.Loads = this->Loads;
    this->Out.Solutions.push_back(std::move(sol));
    this->Open = true;
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

NecOutput Parser::Run()
{
  try
  {
    this->RunSections();
    this->FlushCurrents();
  }
  catch (const ParseError&)
  {
    // A deferred table before this error may hold an earlier one: the serial
    // parse (DeferredRowsRefused) then finds it first.
    this->FlushCurrents();
    throw;
  }
  // A model with patches prints their currents in every solve; a solution without them
  // means the file was cut short.
  bool missing = this->Out.Solutions.empty();
  for (const NecSolution& s : this->Out.Solutions)
  {
    missing = missing || (this->SawPatches && !s.HasPatchCurrents);
  }
  if (missing)
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber(),
      this->SawPatches
        ? "no SURFACE PATCH CURRENTS section: the run printed no solution for its patches "
          "(did the deck end before an XQ or RP card, or did NEC stop on an error?)"
        : "no solution: neither CURRENTS AND LOCATION, SURFACE PATCH CURRENTS nor RADIATION "
          "PATTERNS was printed (did the deck end before an XQ or RP card?)");
  }
  return std::move(this->Out);
}

void Parser::RunSections()
{
  Mode mode = Mode::None;
  std::string_view line;
  while (this->S.Next(line))
  {
    const bool numeric = StartsNumeric(line);
    if (mode == Mode::Comments)
    {
      // User comments may say anything, even "FREQUENCY: 5 MHz"; only the next banner counts.
      if (!ContainsNoCase(line, "STRUCTURE SPECIFICATION"))
      {
        continue;
      }
    }
    if (numeric)
    {
      if (mode == Mode::Echo)
      {
        this->EchoLine(line);
      }
      continue; // rows outside the tables read here (patterns, junctions, ...)
    }
    if (ContainsNoCase(line, "COMMENTS") && (ContainsNoCase(line, "- - -") || ContainsNoCase(line, "---")))
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
    else if (ContainsNoCase(line, "SEGMENTATION DATA"))
    {
      mode = Mode::None;
      this->ReadSegments();
    }
    else if (ContainsNoCase(line, "SURFACE PATCH DATA"))
    {
      mode = Mode::None;
      this->ReadPatchData();
    }
    else if (ContainsNoCase(line, "SURFACE PATCH CURRENTS"))
    {
      mode = Mode::None;
      this->ReadPatchCurrents();
    }
    else if (ContainsNoCase(line, "RADIATION PATTERNS"))
    {
      mode = Mode::None;
      this->ReadPattern();
    }
    else if (ContainsNoCase(line, "CURRENTS AND LOCATION"))
    {
      mode = Mode::None;
      this->ReadWireCurrents();
    }
    else if (bool electric; IsNecNearFieldBanner(line, electric))
    {
      mode = Mode::None;
      if (this->FrequencyHz <= 0)
      {
        this->S.Fail("near-field table before any FREQUENCY line");
      }
      this->Near.Table(this->S, electric, this->MaxPatches, this->Solution(false).NearFields);
    }
    else if (ContainsNoCase(line, "DATA CARD"))
    {
      this->Near.Card(line);
      if (mode == Mode::Echo)
      {
        this->EchoLine(line);
      }
    }
    else if (ContainsNoCase(line, "ANTENNA INPUT PARAMETERS"))
    {
      mode = Mode::None;
      this->ReadFeeds();
    }
    else if (ContainsNoCase(line, "POWER BUDGET") || ContainsNoCase(line, "STRUCTURE IMPEDANCE LOADING"))
    {
      mode = Mode::None;
      this->ReadPortTable(line);
    }
    else if (StartsWith(Trim(line), "FREQUENCY") || StartsWith(Trim(line), "WAVELENGTH"))
    {
      // "FREQUENCY : 3.0000E+02 MHz" (nec2c) or "FREQUENCY= 2.9980E+02 MHZ" (NEC-2D);
      // "WAVELENGTH: 9.9933E-01 Mtr" or "WAVELENGTH= 1.0000E+00 METERS".
      std::string_view t = Trim(line);
      const bool freq = t[0] == 'F';
      t = Trim(t.substr(freq ? 9 : 10));
      if (t.empty() || (t[0] != ':' && t[0] != '='))
      {
        if (mode == Mode::Echo)
        {
          this->EchoLine(line);
        }
        continue;
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
      if (freq)
      {
        if (this->Tok.size() < 2 || Upper(this->Tok[1]) != "MHZ")
        {
          this->S.Fail("expected the frequency in MHz");
        }
        this->FrequencyHz = v * 1e6;
        this->PrintedLambda = 0;
        this->Feeds.clear();
        this->PendingPorts.clear();
        this->Open = false;
        this->Out.OriginalNec2D = this->Out.OriginalNec2D || fortran;
      }
      else
      {
        this->PrintedLambda = v;
      }
    }
    else if (mode == Mode::Echo)
    {
      this->EchoLine(line);
    }
  }
}
} // namespace nec

using cm::ContainsNoCase;

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
  return ContainsNoCase(head, "NUMERICAL ELECTROMAGNETICS CODE") || ContainsNoCase(head, "- - - - COMMENTS - - - -") ||
    (ContainsNoCase(head, "STRUCTURE SPECIFICATION") && ContainsNoCase(head, "COORDINATES MUST BE INPUT IN"));
}

NecOutput ParseNecOutput(
  std::string_view rawText, const std::string& fileName, const ParallelFor& parallel)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage, parallel);
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
  try
  {
    return nec::Parser(text, fileName, parallel, true).Run();
  }
  catch (const nec::DeferredRowsRefused&)
  {
    return nec::Parser(text, fileName, parallel, false).Run();
  }
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
