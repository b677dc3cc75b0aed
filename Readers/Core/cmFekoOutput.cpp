// SPDX-License-Identifier: BSD-3-Clause
// FEKO .out text output: metallic triangles and current density tables
// (cmFekoFormat.h describes the layout). One parser class, one member per section:
// Run (the section loop), ReadHeaderLine (FREQ, segment count, request and excitation
// names), ReadTriangles (DATA OF THE METALLIC TRIANGLES), ReadCurrents (VALUES OF THE
// CURRENT DENSITY VECTOR ON TRIANGLES, the later tables optional) and Finish. The
// voltage-source and source-position tables of the same file are read by cmFekoPorts.cpp
// (far fields come from .ffe files: cmFekoFarField.cpp).
#include "cmFekoFormat.h"

#include "cmFastRows.h"
#include "cmFekoText.h"
#include "cmTextScan.h"
#include "cmTextSearch.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace cm
{
namespace
{
/// The solver's first line: `FEKO      Version 2017.2...` (FEKO up to 2018) or `Altair
/// Feko - Solver (seq) Version 2019.1...` (2018.1 and later; "(par)" too): the banner
/// words at the start and a version number after "Version".
bool IsSolverBanner(std::string_view line)
{
  if (!feko::HasPhrase(line, "FEKO VERSION", true) &&
    !feko::HasPhrase(line, "ALTAIR FEKO - SOLVER", true))
  {
    return false;
  }
  const std::size_t v = feko::FindPhrase(line, "VERSION");
  const std::string_view rest =
    v == std::string_view::npos ? std::string_view() : Trim(line.substr(v));
  return !rest.empty() && rest[0] >= '0' && rest[0] <= '9';
}
} // namespace

bool LooksLikeFekoOutput(std::string_view head)
{
  // FEKO's banner, not the word FEKO (a runfeko console log, a script or a README that
  // mentions FEKO is no .out): the first non-blank line is the solver's banner (the
  // PREFEKO line follows it in every run seen, but a test of ours has it alone); or
  // (older kernels) a boxed banner of '*' lines holding "FEKO Kernel" in its first 8.
  std::vector<std::string_view> lines;
  std::size_t at = StartsWith(head, "\xEF\xBB\xBF") ? 3 : 0; // a UTF-8 byte order mark
  while (at < head.size() && lines.size() < 12)
  {
    std::size_t end = head.find('\n', at);
    end = end == std::string_view::npos ? head.size() : end;
    const std::string_view l = head.substr(at, end - at);
    if (!lines.empty() || !Trim(l).empty())
    {
      lines.push_back(l);
    }
    at = end + 1;
  }
  if (lines.empty() || cm::ContainsNoCase(head, "NUMERICAL ELECTROMAGNETICS CODE"))
  {
    return false;
  }
  if (IsSolverBanner(lines[0]))
  {
    return true;
  }
  if (Trim(lines[0]).substr(0, 1) != "*")
  {
    return false;
  }
  for (std::size_t k = 1; k < lines.size() && k < 8; ++k)
  {
    if (Trim(lines[k]).substr(0, 1) == "*" && feko::HasPhrase(lines[k], "FEKO KERNEL"))
    {
      return true;
    }
  }
  return false;
}

namespace
{
/// A numeric token of FEKO's text output: has a digit and a point or an exponent.
bool IsReal(std::string_view t, double& v)
{
  return t.find_first_of(".eE") != std::string_view::npos && ParseDouble(t, v);
}

/// Reals of a line (tokens with a point or exponent), in order.
void Reals(std::string_view line, std::vector<std::string_view>& tok, std::vector<double>& v)
{
  Tokenize(line, tok);
  v.clear();
  double x;
  for (std::string_view t : tok)
  {
    if (IsReal(t, x))
    {
      v.push_back(x);
    }
  }
}

/// The .out parser: its state, and one member per section of the file. Run() is the
/// section loop: it matches each line's keyword and hands the section to its reader.
class FekoOutputParser
{
public:
  /// With `parallel` and `defer`, long current tables are only counted where they
  /// stand and parsed at once on the threads (Run() may then throw DeferredRowsRefused).
  FekoOutputParser(std::string_view text, const std::string& file,
    std::vector<std::string>* notices, const ParallelFor& parallel = {}, bool defer = false)
    : File(file)
    , Notices(notices)
    , Text(text)
    , Parallel(parallel)
    , Defer(defer && parallel)
    , S(text, file)
    , Limit(static_cast<std::int64_t>(text.size() / 40) + 1)
  {}

  std::vector<SurfaceMesh> Run();

private:
  // Header lines: frequency, segment count, request and excitation names.
  bool ReadHeaderLine();
  // DATA OF THE METALLIC TRIANGLES.
  void ReadTriangles();
  void ReadTriangle(std::int64_t n, double (&p)[3][3], double (&normal)[3]);
  [[noreturn]] void FailTriangleLine(std::int64_t n, int k);
  void AddTriangle(const double (&p)[3][3], const double (&normal)[3]);
  std::int64_t Vertex(const double* p);
  void FirstRow(const char* table);
  // VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES.
  bool ReadCurrents();
  void ReadCurrentTable();
  void ReadCurrentRow(SurfaceMesh& mesh, std::int64_t i, std::size_t& fields);
  void CheckCentre(std::int64_t i, std::int64_t n);
  bool TableRows(const char* table);
  bool RowsAfterBlanks();
  bool DeferTable(std::int64_t m);
  void FlushTables();
  // The end of the file: the mesh alone, and the notices about empty tables.
  void Finish();

  const std::string& File;
  std::vector<std::string>* Notices;
  std::string_view Text;
  ParallelFor Parallel;
  bool Defer;
  std::vector<DeferredTable> Deferred; ///< current tables left for FlushTables
  std::vector<std::pair<std::size_t, int>> DeferredMesh; ///< their mesh in Out, fields a row
  LineScanner S;
  const std::int64_t Limit; ///< no more triangles than the file could hold
  SurfaceMesh Geometry;
  std::vector<double> Centroids; ///< x y z per triangle, from its corners
  double Extent = 0; ///< largest |coordinate| of the mesh, for the centre check
  std::map<std::array<double, 3>, std::int64_t> Ids;
  std::vector<SurfaceMesh> Out;
  double Frequency = 0;
  bool HaveTriangles = false, SawTable = false;
  bool HaveSegments = false; ///< a wire model: no triangles is no error
  std::int64_t Segments = -1, EmptyTables = 0, EmptyTableLine = 0;
  std::string Request, Excitation;
  std::string_view Line;
  std::vector<std::string_view> Tok;
  std::vector<double> V;
};

constexpr std::size_t npos = std::string_view::npos;
using feko::FindPhrase;

std::vector<SurfaceMesh> FekoOutputParser::Run()
{
  while (this->S.Next(this->Line))
  {
    // Keywords as phrases: any case, any run of spaces between words (cmFekoText.h).
    if (feko::IsDataRow(this->Line) || this->ReadHeaderLine())
    {
      continue; // a table row or a blank line (no keyword), or a header value
    }
    if (FindPhrase(this->Line, "DATA OF THE METALLIC TRIANGLES") != npos)
    {
      this->FlushTables(); // deferred rows are checked against the mesh they follow
      this->ReadTriangles();
    }
    else if (FindPhrase(this->Line, "DATA OF THE SEGMENTS") != npos)
    {
      this->HaveSegments = true; // read by cmFekoWires.cpp
    }
    else if (FindPhrase(this->Line, "VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES") != npos &&
      !this->ReadCurrents())
    {
      break;
    }
  }
  this->FlushTables();
  this->Finish();
  return std::move(this->Out);
}

/// FREQ =, NUMBER OF METALLIC SEGMENTS:, CURRENT REQUEST WITH NAME: and an excitation's
/// NAME:. False when the line holds none of them.
bool FekoOutputParser::ReadHeaderLine()
{
  const std::string_view line = this->Line;
  std::size_t at = npos;
  if ((at = feko::FindFrequencyValue(line)) != npos)
  {
    Reals(line.substr(at), this->Tok, this->V);
    if (this->V.empty() || !(this->V[0] > 0))
    {
      this->S.Fail("cannot read the frequency after 'FREQ ='");
    }
    this->Frequency = this->V[0];
  }
  else if ((at = FindPhrase(line, "NUMBER OF METALLIC SEGMENTS:")) != npos)
  {
    Tokenize(line.substr(at), this->Tok);
    std::int64_t n;
    if (!this->Tok.empty() && ParseInt(this->Tok[0], n))
    {
      this->Segments = n;
    }
  }
  else if ((at = FindPhrase(line, "CURRENT REQUEST WITH NAME:")) != npos)
  {
    this->Request = std::string(Trim(line.substr(at)));
  }
  else if ((at = FindPhrase(line, "NAME:", true)) != npos && !Trim(line.substr(at)).empty())
  {
    this->Excitation = std::string(Trim(line.substr(at))); // the excitation block's name
  }
  else
  {
    return false;
  }
  return true;
}

// ---- DATA OF THE METALLIC TRIANGLES ---------------------------------------

/// The triangles, numbered from 1, four lines each; a new table replaces the mesh.
void FekoOutputParser::ReadTriangles()
{
  this->Geometry = SurfaceMesh();
  this->Ids.clear();
  this->Centroids.clear();
  this->Extent = 0;
  this->FirstRow("DATA OF THE METALLIC TRIANGLES");
  for (std::int64_t expect = 1;; ++expect)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t ln = this->S.LineNumber();
    std::int64_t n;
    if (!this->S.Next(this->Line) || !FirstIsInt(this->Line, this->Tok, &n))
    {
      this->S.Seek(at, ln);
      break;
    }
    if (n != expect)
    {
      this->S.Fail("triangle number " + std::to_string(n) + " out of sequence (expected " +
        std::to_string(expect) + ")");
    }
    if (expect > this->Limit)
    {
      this->S.Fail("more triangles than the file could hold");
    }
    double p[3][3], normal[3];
    this->ReadTriangle(n, p, normal);
    this->AddTriangle(p, normal);
  }
  this->HaveTriangles = this->Geometry.NumberOfElements() > 0;
}

/// Triangle n: its first line is in Line; three corners, then the normal and the area.
void FekoOutputParser::ReadTriangle(std::int64_t n, double (&p)[3][3], double (&normal)[3])
{
  for (int k = 0; k < 4; ++k)
  {
    if (k > 0 && !this->S.Next(this->Line))
    {
      this->S.Fail("truncated DATA OF THE METALLIC TRIANGLES: triangle " + std::to_string(n) +
        " needs 4 lines (3 corners, then normal and area)");
    }
    Reals(this->Line, this->Tok, this->V);
    if (this->V.size() < (k == 3 ? 4u : 3u))
    {
      this->FailTriangleLine(n, k);
    }
    // A corner line holds the label or medium name, then x y z: the corner is the
    // last three reals (a label that happens to read as a number comes first).
    const std::size_t first = k == 3 ? this->V.size() - 4 : this->V.size() - 3;
    for (int d = 0; d < 3; ++d)
    {
      const double x = this->V[first + d];
      if (!std::isfinite(x))
      {
        this->S.Fail("triangle " + std::to_string(n) + ": a value is not finite");
      }
      (k < 3 ? p[k][d] : normal[d]) = x;
    }
  }
}

/// Line k (0-based) of triangle n has too few reals: names a non-finite token, or the count.
void FekoOutputParser::FailTriangleLine(std::int64_t n, int k)
{
  for (std::string_view t : this->Tok)
  {
    double x;
    if (ParseDouble(t, x) && !std::isfinite(x))
    {
      this->S.Fail("triangle " + std::to_string(n) + ": '" + std::string(t.substr(0, 20)) +
        "' on line " + std::to_string(k + 1) + " of 4 is not a finite number");
    }
  }
  this->S.Fail("triangle " + std::to_string(n) + ": line " + std::to_string(k + 1) + " of 4 has " +
    std::to_string(this->V.size()) + " real numbers, expected " +
    (k == 3 ? "4 (normal and area)" : "3 (a corner)"));
}

/// Adds a triangle counter-clockwise about FEKO's printed normal, shared corners merged.
void FekoOutputParser::AddTriangle(const double (&p)[3][3], const double (&normal)[3])
{
  const double a[3] = { p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2] };
  const double b[3] = { p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2] };
  const double c[3] = { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0] };
  const bool flip = c[0] * normal[0] + c[1] * normal[1] + c[2] * normal[2] < 0;
  SurfaceMesh& g = this->Geometry;
  g.Connectivity.push_back(this->Vertex(p[0]));
  g.Connectivity.push_back(this->Vertex(p[flip ? 2 : 1]));
  g.Connectivity.push_back(this->Vertex(p[flip ? 1 : 2]));
  g.Offsets.push_back(static_cast<std::int64_t>(g.Connectivity.size()));
  for (int d = 0; d < 3; ++d)
  {
    this->Centroids.push_back((p[0][d] + p[1][d] + p[2][d]) / 3);
    for (int k = 0; k < 3; ++k)
    {
      this->Extent = std::max(this->Extent, std::abs(p[k][d]));
    }
  }
}

/// The point id of a corner: equal coordinates give the same point.
std::int64_t FekoOutputParser::Vertex(const double* p)
{
  const std::array<double, 3> key{ p[0], p[1], p[2] };
  auto it = this->Ids.find(key);
  if (it != this->Ids.end())
  {
    return it->second;
  }
  const std::int64_t id = this->Geometry.NumberOfPoints();
  this->Geometry.Points.insert(this->Geometry.Points.end(), p, p + 3);
  this->Ids.emplace(key, id);
  return id;
}

/// Skips up to 12 header lines to the first row that starts with an integer.
void FekoOutputParser::FirstRow(const char* table)
{
  for (int k = 0; k < 12; ++k)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t ln = this->S.LineNumber();
    if (!this->S.Next(this->Line))
    {
      break;
    }
    if (FirstIsInt(this->Line, this->Tok))
    {
      this->S.Seek(at, ln);
      return;
    }
  }
  this->S.Fail(std::string("no rows under ") + table);
}

// ---- VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES -------------------

/// The first table is the currents the reader exists for; a later one (a second
/// request, excitation or frequency) is optional when the caller takes notices:
/// its failure keeps the tables before it (the partial-result rule) and returns
/// false (the rest of the file is not read).
bool FekoOutputParser::ReadCurrents()
{
  if (!this->Notices || this->Out.empty())
  {
    this->ReadCurrentTable();
    return true;
  }
  const std::size_t before = this->Out.size();
  try
  {
    this->ReadCurrentTable();
  }
  catch (const ParseError& e)
  {
    this->Out.resize(before);
    this->Notices->push_back(std::string(e.what()) +
      "; this current table and the ones after it are not read (the " + std::to_string(before) +
      " before it are)");
    return false;
  }
  return true;
}

/// One table: a copy of the mesh with the table's currents (none when it is empty).
void FekoOutputParser::ReadCurrentTable()
{
  if (!this->HaveTriangles)
  {
    this->S.Fail("current density table before DATA OF THE METALLIC TRIANGLES");
  }
  this->SawTable = true;
  const std::int64_t tableLine = this->S.LineNumber();
  const std::int64_t m = this->Geometry.NumberOfElements();
  SurfaceMesh mesh = this->Geometry;
  mesh.Frequency = this->Frequency;
  mesh.Name = this->Request.empty() ? this->Excitation
    : this->Excitation.empty()      ? this->Request
                                    : this->Request + " (" + this->Excitation + ")";
  if (!this->TableRows("VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES"))
  {
    ++this->EmptyTables;
    this->EmptyTableLine = this->EmptyTableLine ? this->EmptyTableLine : tableLine;
    this->Out.push_back(std::move(mesh)); // the mesh alone: this request printed no currents
    return;
  }
  if (this->DeferTable(m))
  {
    this->Out.push_back(std::move(mesh)); // its currents come in FlushTables
    return;
  }
  mesh.JReal.reserve(3 * static_cast<std::size_t>(m));
  mesh.JImag.reserve(3 * static_cast<std::size_t>(m));
  // Two row layouts: number, centre, |J| and phase of Jx, Jy, Jz (10 fields), and
  // since FEKO 2017 the same followed by the current magnitude in the 3 corners (13).
  std::size_t fields = 0;
  for (std::int64_t i = 0; i < m; ++i)
  {
    this->ReadCurrentRow(mesh, i, fields);
  }
  this->Out.push_back(std::move(mesh));
}

/// Row i of a table of m = mesh's triangles; `fields` is the row layout of the rows above.
void FekoOutputParser::ReadCurrentRow(SurfaceMesh& mesh, std::int64_t i, std::size_t& fields)
{
  const std::int64_t m = this->Geometry.NumberOfElements();
  LineScanner& s = this->S;
  const std::vector<std::string_view>& tok = this->Tok;
  std::int64_t n;
  if (!s.Next(this->Line) || !FirstIsInt(this->Line, this->Tok, &n))
  {
    s.Fail("truncated current density table: " + std::to_string(i) + " of " + std::to_string(m) +
      " triangles");
  }
  if (n != i + 1)
  {
    s.Fail("triangle number " + std::to_string(n) +
      " out of sequence in the current density table (expected " + std::to_string(i + 1) + ")");
  }
  if (tok.size() != 10 && tok.size() != 13)
  {
    s.Fail("current density row has " + std::to_string(tok.size()) +
      " fields, expected 10 (number, centre, |J| and phase of Jx, Jy, Jz) or 13 (the same "
      "and the current magnitude in the 3 corner points)");
  }
  if (fields != 0 && tok.size() != fields)
  {
    s.Fail("current density row has " + std::to_string(tok.size()) + " fields, the rows above " +
      std::to_string(fields));
  }
  fields = tok.size();
  for (int k = 0; k < 3; ++k)
  {
    const double mag = NeedFinite(s, tok[4 + 2 * k], "a current magnitude");
    if (mag < 0)
    {
      s.Fail("negative current magnitude '" + std::string(tok[4 + 2 * k]) + "'");
    }
    double re, im;
    FromMagnitudePhase(mag, NeedFinite(s, tok[5 + 2 * k], "a current phase"), re, im);
    mesh.JReal.push_back(re);
    mesh.JImag.push_back(im);
  }
  for (std::size_t k = 10; k < tok.size(); ++k)
  {
    if (NeedFinite(s, tok[k], "a corner current magnitude") < 0)
    {
      s.Fail("negative corner current magnitude '" + std::string(tok[k]) + "'");
    }
  }
  this->CheckCentre(i, n);
}

/// The printed centre of row i (triangle n) must be the centroid of the same triangle of
/// the mesh: a table of another mesh (or rows in another order) is refused, not misplaced.
void FekoOutputParser::CheckCentre(std::int64_t i, std::int64_t n)
{
  for (int d = 0; d < 3; ++d)
  {
    const double x = NeedFinite(this->S, this->Tok[1 + d], "a triangle centre coordinate");
    const double want = this->Centroids[3 * static_cast<std::size_t>(i) + d];
    if (std::abs(x - want) > 1e-3 * this->Extent + 1e-12)
    {
      char msg[160];
      std::snprintf(msg, sizeof msg,
        "the centre of triangle %lld (%c = %g) is not its centroid in DATA OF THE METALLIC "
        "TRIANGLES (%g)",
        static_cast<long long>(n), "xyz"[d], x, want);
      this->S.Fail(msg);
    }
  }
}

/// The rows of a current table start right under its header lines (after blank lines
/// before the header). A blank line or another section after the header means the
/// table is empty: FEKO prints the header alone when the output of currents to the
/// .out file is switched off (NOTE 34055). Returns false for an empty table, fails
/// when the file ends first.
bool FekoOutputParser::TableRows(const char* table)
{
  bool header = false;
  for (int k = 0; k < 40; ++k)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t ln = this->S.LineNumber();
    if (!this->S.Next(this->Line))
    {
      this->S.Fail(
        std::string("no rows under ") + table + " before the end of the file (truncated)");
    }
    if (FirstIsInt(this->Line, this->Tok))
    {
      this->S.Seek(at, ln);
      return true;
    }
    if (Trim(this->Line).empty())
    {
      if (header)
      {
        return this->RowsAfterBlanks();
      }
      continue;
    }
    header = true;
    if (k >= 12)
    {
      break;
    }
  }
  this->S.Fail(std::string("no rows under ") + table + " within 12 header lines");
}

/// Blank lines after a table's header: rows may still follow them, a new section not.
bool FekoOutputParser::RowsAfterBlanks()
{
  for (int b = 0; b < 8; ++b)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t ln = this->S.LineNumber();
    if (!this->S.Next(this->Line))
    {
      return false; // header, blank lines, end: an empty table at the end of the run
    }
    if (Trim(this->Line).empty())
    {
      continue;
    }
    this->S.Seek(at, ln);
    return FirstIsInt(this->Line, this->Tok);
  }
  return false;
}

/// A long table whose first row has 10 or 13 fields: its m rows are only counted here
/// and left for FlushTables (the scanner moves past them). False: parse it now.
bool FekoOutputParser::DeferTable(std::int64_t m)
{
  if (!this->Defer || m < FastRowMinimum)
  {
    return false;
  }
  const std::size_t at = this->S.Offset();
  std::size_t end = this->Text.find('\n', at);
  end = end == npos ? this->Text.size() : end;
  Tokenize(this->Text.substr(at, end - at), this->Tok);
  DeferredTable table;
  if ((this->Tok.size() != 10 && this->Tok.size() != 13) || !SplitRows(this->Text, at, m, table))
  {
    return false; // the serial parse reports it
  }
  table.Line = this->S.LineNumber() + 1;
  this->S.Seek(table.BlockStarts.back(), this->S.LineNumber() + m);
  this->DeferredMesh.emplace_back(this->Out.size(), static_cast<int>(this->Tok.size()));
  this->Deferred.push_back(std::move(table));
  return true;
}

/// The rows of every deferred table, in one parallel pass, with every check of
/// ReadCurrentRow; a row refused throws DeferredRowsRefused (the caller parses serially).
void FekoOutputParser::FlushTables()
{
  if (this->Deferred.empty())
  {
    return;
  }
  const std::int64_t jobs = static_cast<std::int64_t>(this->Deferred.size());
  RunFor(this->Parallel, 2 * jobs, [&](long long lo, long long hi) {
    for (long long k = lo; k < hi; ++k)
    {
      const std::size_t j = static_cast<std::size_t>(k / 2);
      SurfaceMesh& mesh = this->Out[this->DeferredMesh[j].first];
      (k % 2 == 0 ? mesh.JReal : mesh.JImag)
        .resize(3 * static_cast<std::size_t>(this->Deferred[j].Rows));
    }
  });
  const double tolerance = 1e-3 * this->Extent + 1e-12;
  const bool ok = ParseDeferredRows(this->Text, this->Deferred, this->Parallel,
    [&](std::size_t j, std::int64_t i, std::string_view line) {
      const int fields = this->DeferredMesh[j].second;
      std::int64_t n = 0;
      double v[12];
      if (!FastNumberRow(line, fields, true, n, v) || n != i + 1)
      {
        return false;
      }
      for (int k = 9; k < fields - 1; ++k)
      {
        if (v[k] < 0)
        {
          return false;
        }
      }
      const double* want = &this->Centroids[3 * static_cast<std::size_t>(i)];
      for (int d = 0; d < 3; ++d)
      {
        if (v[2 * d + 3] < 0 || std::abs(v[d] - want[d]) > tolerance)
        {
          return false;
        }
      }
      SurfaceMesh& mesh = this->Out[this->DeferredMesh[j].first];
      for (int k = 0; k < 3; ++k)
      {
        const std::size_t at = 3 * static_cast<std::size_t>(i) + static_cast<std::size_t>(k);
        FromMagnitudePhase(v[3 + 2 * k], v[4 + 2 * k], mesh.JReal[at], mesh.JImag[at]);
      }
      return true;
    });
  if (!ok)
  {
    throw DeferredRowsRefused();
  }
  this->Deferred.clear();
  this->DeferredMesh.clear();
}

// ---- The end of the file ---------------------------------------------------

void FekoOutputParser::Finish()
{
  if (!this->HaveTriangles && this->HaveSegments)
  {
    return; // a wire-only model: no surface (its wires are cmFekoWires.h's)
  }
  if (!this->HaveTriangles)
  {
    throw ParseError(this->File, this->S.LineNumber(),
      this->Segments > 0 ? "no DATA OF THE METALLIC TRIANGLES section: this FEKO model has " +
          std::to_string(this->Segments) +
          " wire segments and neither metallic triangles nor DATA OF THE SEGMENTS (the geometry "
          "output to the .out file is switched off)"
                         : std::string("no DATA OF THE METALLIC TRIANGLES section"));
  }
  if (!this->SawTable)
  {
    SurfaceMesh mesh = this->Geometry;
    mesh.Frequency = this->Frequency;
    this->Out.push_back(std::move(mesh));
    if (this->Notices)
    {
      this->Notices->push_back(this->File +
        ": no VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES table "
        "(no currents were requested); the mesh is read without currents");
    }
  }
  else if (this->EmptyTables > 0 && this->Notices)
  {
    this->Notices->push_back(ParseError::Format(this->File, this->EmptyTableLine,
      std::to_string(this->EmptyTables) + " of " + std::to_string(this->Out.size()) +
        " current density tables have no rows (FEKO NOTE 34055: output of currents to the .out "
        "file deactivated); those requests give the mesh without currents"));
  }
}
} // namespace

std::vector<SurfaceMesh> ParseFekoOutput(std::string_view rawText, const std::string& file,
  std::vector<std::string>* notices, const ParallelFor& parallel)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage, parallel);
  if (!LooksLikeFekoOutput(text.substr(0, 4096)))
  {
    throw ParseError(file, 0, "not a FEKO output file: no FEKO banner in the first 4 KB");
  }
  if (parallel)
  {
    // Long current tables on the threads; a row the fast path refuses, or any error
    // (which a refused row above it might precede in the file), makes the whole parse
    // run again serially, which reads or reports it: the same first error and notices.
    const std::size_t before = notices ? notices->size() : 0;
    try
    {
      return FekoOutputParser(text, file, notices, parallel, true).Run();
    }
    catch (const DeferredRowsRefused&)
    {}
    catch (const ParseError&)
    {}
    if (notices)
    {
      notices->resize(before);
    }
  }
  return FekoOutputParser(text, file, notices).Run();
}

std::vector<SurfaceMesh> ReadFekoOutputFile(
  const std::string& path, std::vector<std::string>* notices, const ParallelFor& parallel)
{
  return ParseFekoOutput(ReadWholeFile(path, 1ull << 34, parallel), path, notices, parallel);
}
} // namespace cm
