// SPDX-License-Identifier: BSD-3-Clause
// The voltage-source and source-position tables of FEKO's .out (cmFekoPorts.h). Two parser
// classes, one member per part: FekoPortsParser (Run, ReadHeaderLine for FREQ = and the
// excitation names, ReadSource for a DATA OF THE VOLTAGE SOURCE block: ReadBanner,
// ReadRows with ReadRow and PowerAfterBlank, FinishSource) and FekoSourcePositionParser.
#include "cmFekoPorts.h"

#include "cmFekoText.h"
#include "cmTextScan.h"

#include <array>
#include <cmath>
#include <map>

namespace cm
{
namespace
{
/// The complex value of a "label  re  im  magnitude  phase" row, checked against its
/// printed magnitude.
std::complex<double> RowValue(const LineScanner& s, std::string_view rest, const char* what)
{
  std::vector<std::string_view> tok;
  Tokenize(rest, tok);
  if (tok.size() < 2)
  {
    s.Fail(std::string(what) + " row has " + std::to_string(tok.size()) +
      " numbers, expected real part, imaginary part, magnitude and phase");
  }
  const double re = NeedFinite(s, tok[0], what), im = NeedFinite(s, tok[1], what);
  if (tok.size() >= 3)
  {
    const double mag = NeedFinite(s, tok[2], what);
    if (std::abs(std::hypot(re, im) - mag) > 1e-3 * mag + 1e-30)
    {
      s.Fail(std::string(what) + ": the magnitude " + std::string(tok[2]) +
        " does not match the real and imaginary parts");
    }
  }
  return { re, im };
}

using feko::FindPhrase;

/// The text after a label that ends at offset `end` (and an optional ':').
std::string_view After(std::string_view line, std::size_t end)
{
  std::string_view r = Trim(line.substr(end));
  if (!r.empty() && r[0] == ':')
  {
    r.remove_prefix(1);
  }
  return r;
}

/// The frequency of a `FREQ = f` line (any case, any spaces around '='), or 0.
double FrequencyOf(std::string_view line, std::vector<std::string_view>& tok)
{
  const std::size_t at = feko::FindFrequencyValue(line);
  if (at == std::string_view::npos)
  {
    return 0;
  }
  Tokenize(line.substr(at), tok);
  double f = 0;
  return !tok.empty() && ParseDouble(tok[0], f) && f > 0 && std::isfinite(f) ? f : 0;
}
constexpr std::size_t npos = std::string_view::npos;

/// The voltage-source parser: its state, and one member per part of a block. Run() is
/// the line loop: it keeps the frequency and the excitation names (ReadHeaderLine) and
/// hands each DATA OF THE VOLTAGE SOURCE block to ReadSource.
class FekoPortsParser
{
public:
  FekoPortsParser(std::string_view text, const std::string& fileName)
    : FileName(fileName)
    , S(text, fileName)
    , MaxPorts(text.size() / 120 + 1)
  {}

  std::vector<FekoPort> Run();

private:
  // FREQ =, EXCITATION BY and an excitation's NAME:.
  bool ReadHeaderLine(std::string_view line);
  // DATA OF THE VOLTAGE SOURCE NO.
  void ReadSource(std::string_view line, std::size_t at);
  void ReadBanner(std::string_view line, std::size_t at, FekoPort& p);
  void ReadRows(FekoPort& p);
  bool PowerAfterBlank(std::string_view& r);
  bool ReadRow(std::string_view r, FekoPort& p);
  void FinishSource(FekoPort& p, std::int64_t bannerLine);

  const std::string& FileName;
  LineScanner S;
  /// A block takes at least 3 lines of 40 bytes, which bounds the count.
  const std::size_t MaxPorts;
  std::vector<FekoPort> Ports;
  double Frequency = 0;
  /// The names of the excitation blocks printed before a run of DATA OF THE VOLTAGE
  /// SOURCE blocks (several sources solved together print all their excitations first):
  /// the k-th data block of the run takes the k-th name.
  std::vector<std::string> Names;
  std::size_t InRun = 0;
  bool Collecting = false, InExcitation = false;
  /// The rows a block has given.
  bool HaveI = false, HaveZ = false, HaveY = false, HaveP = false;
  std::vector<std::string_view> Tok;
};

std::vector<FekoPort> FekoPortsParser::Run()
{
  std::string_view line;
  while (this->S.Next(line))
  {
    // Every keyword as a phrase: any case, any run of spaces between its words (FEKO
    // prints "Current   in A" and "Impedance in Ohm" in one block).
    if (feko::IsDataRow(line))
    {
      continue; // a table row or a blank line: no keyword
    }
    if (this->ReadHeaderLine(line))
    {
      continue;
    }
    const std::size_t at = FindPhrase(line, "DATA OF THE VOLTAGE SOURCE NO.");
    if (at != npos)
    {
      this->ReadSource(line, at);
    }
  }
  return std::move(this->Ports);
}

/// False when the line holds none of FREQ =, EXCITATION BY and (in an excitation) NAME:.
bool FekoPortsParser::ReadHeaderLine(std::string_view line)
{
  if (const double f = FrequencyOf(line, this->Tok); f > 0)
  {
    this->Frequency = f;
    return true;
  }
  if (feko::HasPhrase(line, "EXCITATION BY"))
  {
    if (!this->Collecting)
    {
      this->Names.clear();
      this->InRun = 0;
      this->Collecting = true;
    }
    this->Names.emplace_back();
    this->InExcitation = true;
    return true;
  }
  if (this->InExcitation)
  {
    const std::size_t n = FindPhrase(line, "NAME:", true);
    if (n != npos)
    {
      this->Names.back() = std::string(Trim(line.substr(n)));
      return true;
    }
  }
  return false;
}

void FekoPortsParser::ReadSource(std::string_view line, std::size_t at)
{
  this->InExcitation = this->Collecting = false;
  const std::int64_t bannerLine = this->S.LineNumber();
  FekoPort p;
  this->ReadBanner(line, at, p);
  this->HaveI = this->HaveZ = this->HaveY = this->HaveP = false;
  this->ReadRows(p);
  this->FinishSource(p, bannerLine);
}

/// The name, source number and frequency of the block.
void FekoPortsParser::ReadBanner(std::string_view line, std::size_t at, FekoPort& p)
{
  const std::vector<std::string>& names = this->Names;
  p.Name = this->InRun < names.size() ? names[this->InRun]
    : names.empty()                   ? std::string()
                                      : names.back();
  ++this->InRun;
  Tokenize(line.substr(at), this->Tok);
  if (this->Tok.empty())
  {
    this->S.Fail("no source number after 'DATA OF THE VOLTAGE SOURCE NO.'");
  }
  p.Source = NeedInt(this->S, this->Tok[0], "the voltage source number");
  if (!(this->Frequency > 0))
  {
    this->S.Fail("DATA OF THE VOLTAGE SOURCE before any 'FREQ =' line");
  }
  p.Frequency = this->Frequency;
}

/// The rows, then a blank line. FEKO 2017 to 2021 print "Power in Watt:" after that
/// blank line, indented: a blank line ends the block unless the Power row follows.
void FekoPortsParser::ReadRows(FekoPort& p)
{
  int lines = 0;
  std::size_t mark = this->S.Offset();
  std::int64_t markLine = this->S.LineNumber();
  std::string_view line;
  while (lines < 16 && this->S.Next(line))
  {
    ++lines;
    std::string_view r = Trim(line);
    if (r.empty())
    {
      if (!this->HaveI && !this->HaveZ)
      {
        continue; // between the banner and the rows
      }
      if (this->HaveP || !this->PowerAfterBlank(r))
      {
        break;
      }
    }
    if (!this->ReadRow(r, p))
    {
      this->S.Seek(mark, markLine); // the next section: leave it for the outer loop
      break;
    }
    mark = this->S.Offset();
    markLine = this->S.LineNumber();
  }
}

/// After a blank line that follows rows: true (and `r` the row) when the next non-blank
/// line of the next 4 is the Power row; else false, back at the blank line.
bool FekoPortsParser::PowerAfterBlank(std::string_view& r)
{
  const std::size_t blank = this->S.Offset();
  const std::int64_t blankLine = this->S.LineNumber();
  std::string_view next;
  bool power = false;
  for (int b = 0; b < 4 && this->S.Next(next); ++b)
  {
    if (!Trim(next).empty())
    {
      power = FindPhrase(next, "POWER IN W", true) != npos;
      break;
    }
  }
  if (!power)
  {
    this->S.Seek(blank, blankLine);
    return false;
  }
  r = Trim(next);
  return true;
}

/// One row of the block; false when the line is not one (the next section).
bool FekoPortsParser::ReadRow(std::string_view r, FekoPort& p)
{
  std::size_t e;
  if ((e = FindPhrase(r, "POWER IN W", true)) != npos)
  {
    const std::size_t watt = FindPhrase(r, "POWER IN WATT", true);
    Tokenize(After(r, watt != npos ? watt : e), this->Tok);
    if (this->Tok.empty())
    {
      this->S.Fail("no value after 'Power in Watt'");
    }
    p.Power = NeedFinite(this->S, this->Tok[0], "the source power");
    this->HaveP = true;
  }
  else if ((e = FindPhrase(r, "CURRENT IN A", true)) != npos)
  {
    p.Current = RowValue(this->S, After(r, e), "the source current");
    this->HaveI = true;
  }
  else if ((e = FindPhrase(r, "ADMITT", true)) != npos)
  {
    const std::size_t unit = FindPhrase(r, "IN A/V");
    p.Admittance = RowValue(this->S, After(r, unit != npos ? unit : e), "the admittance");
    this->HaveY = true;
  }
  else if ((e = FindPhrase(r, "IMPEDANCE IN OHM", true)) != npos)
  {
    p.Impedance = RowValue(this->S, After(r, e), "the impedance");
    this->HaveZ = true;
  }
  else if (FindPhrase(r, "INDUCTANCE", true) == npos &&
    FindPhrase(r, "CAPACITANCE", true) == npos && FindPhrase(r, "REAL PART", true) == npos)
  {
    return false; // not the equivalent element nor the column header
  }
  return true;
}

/// The checks, the values the block did not print, and the port.
void FekoPortsParser::FinishSource(FekoPort& p, std::int64_t bannerLine)
{
  if (!this->HaveI || !this->HaveZ)
  {
    throw ParseError(this->FileName, bannerLine,
      std::string("truncated DATA OF THE VOLTAGE SOURCE block: no ") +
        (!this->HaveI ? "'Current in A'" : "'Impedance in Ohm'") + " row");
  }
  if (!this->HaveY)
  {
    p.Admittance = p.Impedance == 0.0 ? std::complex<double>() : 1.0 / p.Impedance;
  }
  if (!this->HaveP)
  {
    p.Power = 0.5 * std::norm(p.Current) * p.Impedance.real();
  }
  if (this->Ports.size() >= this->MaxPorts)
  {
    this->S.Fail("more voltage source blocks than the file could hold");
  }
  this->Ports.push_back(std::move(p));
}
} // namespace

std::vector<FekoPort> ParseFekoPorts(std::string_view rawText, const std::string& fileName)
{
  std::string storage;
  FekoPortsParser p(Untabbed(rawText, storage), fileName);
  return p.Run();
}

ColumnTable FekoPortTable(const std::vector<FekoPort>& ports, double z0)
{
  ColumnTable t;
  t.ReferenceImpedance = z0;
  std::vector<double> f, src;
  PortColumns electrical;
  for (const FekoPort& p : ports)
  {
    f.push_back(p.Frequency);
    src.push_back(static_cast<double>(p.Source));
    electrical.Append(p.Impedance * p.Current, p.Current, p.Impedance, p.Admittance, p.Power);
  }
  t.Add("Frequency") = std::move(f);
  t.Add("Source") = std::move(src);
  electrical.MoveInto(z0, t);
  return t;
}

namespace
{
/// Where FEKO's edge voltage sources sit: its state, and one member per part. Run() reads
/// DATA OF THE METALLIC TRIANGLES and every EXCITATION BY VOLTAGE SOURCE AT AN EDGE block,
/// then places each source at the mean of its port edges' midpoints.
class FekoSourcePositionParser
{
public:
  FekoSourcePositionParser(
    std::string_view rawText, const std::string& fileName, std::vector<std::string>* notices)
    : Text(Untabbed(rawText, Storage))
    , S(Text, fileName)
    , FileName(fileName)
    , Notices(notices)
  {}

  std::vector<FekoSourcePosition> Run();

private:
  using Point = std::array<double, 3>;
  struct Pending
  {
    FekoSourcePosition Source;
    std::vector<std::int64_t> Edges;
    std::int64_t Line = 0;
  };

  /// The first three tokens from `next` that are numbers with an exponent: a printed
  /// coordinate.
  bool Coordinates(std::size_t& next, Point& p) const;
  void ReadTriangles();
  /// One triangle's four lines (the first in Tok); false when the table is damaged.
  bool ReadTriangle(std::int64_t number);
  void ReadSource();
  /// The mean of the shared corners of each port edge's two triangles; false if unknown.
  bool PlaceSource(Pending& p) const;

  std::string Storage;
  std::string_view Text;
  LineScanner S;
  const std::string& FileName;
  std::vector<std::string>* Notices;
  std::vector<std::array<Point, 3>> Triangles; // corners, by triangle number - 1
  std::map<std::int64_t, std::vector<std::size_t>> EdgeTriangles; // |edge| -> triangles
  std::vector<Pending> Sources;
  std::vector<std::string_view> Tok;
};

std::vector<FekoSourcePosition> FekoSourcePositionParser::Run()
{
  std::string_view line;
  while (this->S.Next(line))
  {
    if (feko::HasPhrase(line, "DATA OF THE METALLIC TRIANGLES") && this->Triangles.empty() &&
      MatchPhrase(this->Text.substr(this->S.Offset()), "VOLTAGE SOURCE AT AN EDGE") !=
        std::string_view::npos)
    {
      // The corners only place voltage sources at edges: with no such source in the rest
      // of the text (the phrase's rare tail, found with memchr on its 'V'), nothing would
      // use them, and the triangle table (a large part of a big file) is not read.
      this->ReadTriangles();
    }
    else if (feko::HasPhrase(line, "EXCITATION BY VOLTAGE SOURCE AT AN EDGE"))
    {
      this->ReadSource();
    }
  }
  std::vector<FekoSourcePosition> out;
  for (Pending& p : this->Sources)
  {
    if (p.Source.Name.empty())
    {
      p.Source.Name = "excitation " + std::to_string(p.Source.Excitation);
    }
    if (p.Edges.empty())
    {
      continue; // no "Indices of the edges:" line (older versions): no position, no fault
    }
    if (!this->PlaceSource(p))
    {
      if (this->Notices)
      {
        this->Notices->push_back(ParseError::Format(this->FileName, p.Line,
          "no position for voltage source '" + p.Source.Name +
            "': its port edges are not in DATA OF THE METALLIC TRIANGLES"));
      }
      continue;
    }
    out.push_back(p.Source);
  }
  return out;
}

bool FekoSourcePositionParser::Coordinates(std::size_t& next, Point& p) const
{
  const std::vector<std::string_view>& tok = this->Tok;
  int n = 0;
  for (; next < tok.size() && n < 3; ++next)
  {
    double v;
    const bool exponent = tok[next].find_first_of("Ee") != std::string_view::npos;
    if (exponent && ParseDouble(tok[next], v) && std::isfinite(v))
    {
      p[static_cast<std::size_t>(n++)] = v;
    }
    else if (n > 0)
    {
      return false;
    }
  }
  return n == 3;
}

// Four lines per triangle: number, label, corner 1, its edges (signed); corner 2;
// corner 3; normal and area. The table ends at the first other line.
void FekoSourcePositionParser::ReadTriangles()
{
  LineScanner& s = this->S;
  std::string_view line;
  std::size_t offset = s.Offset();
  std::int64_t at = s.LineNumber();
  while (s.Next(line))
  {
    Tokenize(line, this->Tok);
    std::int64_t number = 0;
    if (this->Tok.empty() || !ParseInt(this->Tok[0], number))
    {
      if (!this->Triangles.empty())
      {
        s.Seek(offset, at);
        break;
      }
      offset = s.Offset();
      at = s.LineNumber();
      continue; // the header lines
    }
    if (!this->ReadTriangle(number))
    {
      break; // not a triangle row: the table is damaged; positions are optional
    }
    offset = s.Offset();
    at = s.LineNumber();
  }
}

bool FekoSourcePositionParser::ReadTriangle(std::int64_t number)
{
  LineScanner& s = this->S;
  std::vector<std::string_view>& tok = this->Tok;
  std::string_view line;
  std::array<Point, 3> t{};
  std::size_t next = 1;
  if (number != static_cast<std::int64_t>(this->Triangles.size()) + 1 ||
    !this->Coordinates(next, t[0]))
  {
    return false;
  }
  std::vector<std::int64_t> edges; // recorded once the triangle is whole
  for (; next < tok.size(); ++next)
  {
    std::int64_t e = 0;
    if (ParseInt(tok[next], e) && e != 0 && edges.size() < 16)
    {
      edges.push_back(e < 0 ? -e : e);
    }
  }
  bool ok = true;
  for (int c = 1; c <= 2 && ok; ++c)
  {
    ok = s.Next(line);
    Tokenize(line, tok);
    std::size_t from = 0;
    ok = ok && this->Coordinates(from, t[static_cast<std::size_t>(c)]);
  }
  if (!ok || !s.Next(line))
  {
    return false;
  }
  for (std::int64_t e : edges)
  {
    this->EdgeTriangles[e].push_back(this->Triangles.size());
  }
  this->Triangles.push_back(t);
  return true;
}

// The block's "Key: value" lines, up to the blank line after the edge indices (or
// the next section's banner, which is left for the outer loop). A source seen before
// (same excitation index) is kept once.
void FekoSourcePositionParser::ReadSource()
{
  LineScanner& s = this->S;
  std::string_view line;
  Pending p;
  p.Line = s.LineNumber();
  for (int n = 0; n < 40; ++n)
  {
    const std::size_t offset = s.Offset();
    const std::int64_t at = s.LineNumber();
    if (!s.Next(line))
    {
      break;
    }
    const std::string_view t = Trim(line);
    if (feko::HasPhrase(t, "EXCITATION BY") || feko::HasPhrase(t, "DATA OF THE"))
    {
      s.Seek(offset, at);
      break;
    }
    std::string key;
    std::string_view value;
    if (t.empty() && !p.Edges.empty())
    {
      break;
    }
    if (!feko::KeyValue(t, key, value))
    {
      continue;
    }
    if (key == "NAME")
    {
      p.Source.Name = std::string(value);
    }
    else if (key == "EXCITATION INDEX")
    {
      ParseInt(value, p.Source.Excitation);
    }
    else if (key == "INDICES OF THE EDGES")
    {
      Tokenize(value, this->Tok);
      for (std::string_view e : this->Tok)
      {
        std::int64_t v = 0;
        if (ParseInt(e, v) && v != 0)
        {
          p.Edges.push_back(v < 0 ? -v : v);
        }
      }
    }
  }
  for (const Pending& q : this->Sources)
  {
    if (q.Source.Excitation == p.Source.Excitation)
    {
      return;
    }
  }
  this->Sources.push_back(std::move(p));
}

bool FekoSourcePositionParser::PlaceSource(Pending& p) const
{
  Point sum{ 0, 0, 0 };
  for (std::int64_t e : p.Edges)
  {
    const auto it = this->EdgeTriangles.find(e);
    if (it == this->EdgeTriangles.end() || it->second.size() != 2)
    {
      return false;
    }
    // The two corners the triangles share.
    const auto& a = this->Triangles[it->second[0]];
    const auto& b = this->Triangles[it->second[1]];
    int shared = 0;
    for (const Point& u : a)
    {
      for (const Point& v : b)
      {
        const double scale = 1 + std::abs(u[0]) + std::abs(u[1]) + std::abs(u[2]);
        if (std::abs(u[0] - v[0]) + std::abs(u[1] - v[1]) + std::abs(u[2] - v[2]) <= 1e-9 * scale)
        {
          for (int d = 0; d < 3; ++d)
          {
            sum[static_cast<std::size_t>(d)] += 0.5 * u[static_cast<std::size_t>(d)];
          }
          ++shared;
          break;
        }
      }
    }
    if (shared != 2)
    {
      return false;
    }
  }
  for (int d = 0; d < 3; ++d)
  {
    p.Source.Position[d] = sum[static_cast<std::size_t>(d)] / static_cast<double>(p.Edges.size());
  }
  return true;
}
} // namespace

std::vector<FekoSourcePosition> ParseFekoSourcePositions(
  std::string_view rawText, const std::string& fileName, std::vector<std::string>* notices)
{
  return FekoSourcePositionParser(rawText, fileName, notices).Run();
}

} // namespace cm
