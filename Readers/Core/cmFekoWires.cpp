// SPDX-License-Identifier: BSD-3-Clause
// FEKO .out wire segments, segment currents, segment sources and S-parameters
// (cmFekoWires.h describes the layouts). One parser class for the segments and their
// current tables (the section loop in Run, one member per section); the source match and
// the S-parameter network are free functions after it.
#include "cmFekoWires.h"

#include "cmFekoText.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cm
{
namespace
{
constexpr std::size_t npos = std::string_view::npos;
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
constexpr double Pi = 3.14159265358979323846;
using C = std::complex<double>;
using feko::FindPhrase;

/// Reals of a line (tokens with a point or an exponent), in order.
void Reals(std::string_view line, std::vector<std::string_view>& tok, std::vector<double>& v)
{
  Tokenize(line, tok);
  v.clear();
  double x;
  for (std::string_view t : tok)
  {
    if (t.find_first_of(".eE") != npos && ParseDouble(t, x))
    {
      v.push_back(x);
    }
  }
}

C Polar(double magnitude, double degrees)
{
  return std::polar(magnitude, degrees * Pi / 180.0);
}

class FekoWireParser
{
public:
  FekoWireParser(std::string_view text, const std::string& file, std::vector<std::string>* notices)
    : File(file)
    , Notices(notices)
    , S(text, file)
    , Limit(static_cast<std::int64_t>(text.size() / 40) + 1)
  {}

  FekoWires Run();

private:
  bool ReadHeaderLine();
  void ReadSegments();
  void ReadSegment(std::int64_t n);
  bool ReadTable();
  void ReadRows(FekoSegmentCurrents& t);
  void ReadRow(FekoSegmentCurrents& t, std::int64_t n);
  bool FirstRow(std::int64_t& n);
  void PointSegments();
  void ReadLocation(std::string_view rest);
  C AlongOwnDirection(std::int64_t n);

  const std::string& File;
  std::vector<std::string>* Notices;
  LineScanner S;
  const std::int64_t Limit;
  FekoWires Out;
  std::map<std::int64_t, std::size_t> Index; ///< segment number → position
  double Extent = 0; ///< largest |coordinate|, for the centre check
  double Frequency = 0;
  std::string Request, Excitation;
  bool InSegmentSource = false; ///< inside an EXCITATION BY VOLTAGE SOURCE AT A SEGMENT block
  std::string_view Line;
  std::vector<std::string_view> Tok;
  std::vector<double> V;
};

FekoWires FekoWireParser::Run()
{
  while (this->S.Next(this->Line))
  {
    if (feko::IsDataRow(this->Line) || this->ReadHeaderLine())
    {
      continue;
    }
    if (FindPhrase(this->Line, "DATA OF THE SEGMENTS") != npos)
    {
      this->ReadSegments();
    }
    else if (FindPhrase(this->Line, "VALUES OF THE CURRENT IN THE SEGMENTS") != npos &&
      !this->ReadTable())
    {
      break;
    }
  }
  return std::move(this->Out);
}

/// FREQ =, CURRENT REQUEST WITH NAME: and an excitation's NAME:; false for other lines.
bool FekoWireParser::ReadHeaderLine()
{
  std::size_t at = npos;
  if ((at = feko::FindFrequencyValue(this->Line)) != npos)
  {
    Reals(this->Line.substr(at), this->Tok, this->V);
    if (this->V.empty() || !(this->V[0] > 0))
    {
      this->S.Fail("cannot read the frequency after 'FREQ ='");
    }
    this->Frequency = this->V[0];
  }
  else if ((at = FindPhrase(this->Line, "CURRENT REQUEST WITH NAME:")) != npos)
  {
    this->Request = std::string(Trim(this->Line.substr(at)));
  }
  else if ((at = FindPhrase(this->Line, "EXCITATION BY")) != npos)
  {
    this->Excitation.clear();
    this->Request.clear();
    this->InSegmentSource = feko::HasPhrase(this->Line, "VOLTAGE SOURCE AT A SEGMENT");
  }
  else if (this->InSegmentSource &&
    (at = FindPhrase(this->Line, "LOCATION OF THE PORT IN M:")) != npos)
  {
    this->ReadLocation(this->Line.substr(at));
  }
  else if ((at = FindPhrase(this->Line, "NAME:", true)) != npos)
  {
    this->Excitation = std::string(Trim(this->Line.substr(at)));
  }
  else
  {
    return false;
  }
  return true;
}

/// Skips the header lines (up to 8) to the first row; false (and back at the banner's
/// next line) when no row follows.
bool FekoWireParser::FirstRow(std::int64_t& n)
{
  const std::size_t at = this->S.Offset();
  const std::int64_t ln = this->S.LineNumber();
  for (int k = 0; k < 8 && this->S.Next(this->Line); ++k)
  {
    if (FirstIsInt(this->Line, this->Tok, &n))
    {
      return true;
    }
  }
  this->S.Seek(at, ln);
  return false;
}

void FekoWireParser::ReadSegments()
{
  std::vector<FekoSourcePosition> locations = std::move(this->Out.Locations);
  this->Out = FekoWires(); // a new table replaces the geometry (and its currents)
  this->Out.Locations = std::move(locations);
  this->Index.clear();
  this->Extent = 0;
  std::int64_t n = 0;
  if (!this->FirstRow(n))
  {
    this->S.Fail("DATA OF THE SEGMENTS has no rows");
  }
  for (std::int64_t expect = 1;; ++expect)
  {
    if (n != expect)
    {
      this->S.Fail("segment number " + std::to_string(n) + " out of sequence (expected " +
        std::to_string(expect) + ")");
    }
    if (expect > this->Limit)
    {
      this->S.Fail("more segments than the file could hold");
    }
    this->ReadSegment(n);
    const std::size_t at = this->S.Offset();
    const std::int64_t ln = this->S.LineNumber();
    if (!this->S.Next(this->Line) || !FirstIsInt(this->Line, this->Tok, &n))
    {
      this->S.Seek(at, ln);
      return;
    }
  }
}

/// One segment: the current line (number, label, start, nodes) and the next.
void FekoWireParser::ReadSegment(std::int64_t n)
{
  FekoSegment seg;
  seg.Number = n;
  seg.Label = this->Tok.size() > 1 ? std::string(this->Tok[1]) : std::string();
  Reals(this->Line, this->Tok, this->V);
  if (this->V.size() < 3)
  {
    this->S.Fail("segment " + std::to_string(n) + ": expected the start point x1 y1 z1");
  }
  std::copy(this->V.begin(), this->V.begin() + 3, seg.Start);
  if (!this->S.Next(this->Line))
  {
    this->S.Fail("segment " + std::to_string(n) + ": the file ends before its end point");
  }
  Reals(this->Line, this->Tok, this->V);
  if (this->V.size() < 5)
  {
    this->S.Fail("segment " + std::to_string(n) +
      ": expected the end point x2 y2 z2, the length and the radius");
  }
  const double* v = this->V.data() + this->V.size() - 5;
  std::copy(v, v + 3, seg.End);
  seg.Length = v[3];
  seg.Radius = v[4];
  double len2 = 0;
  for (int d = 0; d < 3; ++d)
  {
    if (!std::isfinite(seg.Start[d]) || !std::isfinite(seg.End[d]))
    {
      this->S.Fail("segment " + std::to_string(n) + ": a coordinate is not finite");
    }
    len2 += (seg.End[d] - seg.Start[d]) * (seg.End[d] - seg.Start[d]);
    this->Extent = std::max({ this->Extent, std::abs(seg.Start[d]), std::abs(seg.End[d]) });
  }
  if (!(len2 > 0))
  {
    this->S.Fail("segment " + std::to_string(n) + " has zero length");
  }
  this->Index[n] = this->Out.Segments.size();
  this->Out.Segments.push_back(seg);
}

/// A current table; false when a later table failed (an optional block: stop reading).
bool FekoWireParser::ReadTable()
{
  FekoSegmentCurrents t;
  t.Line = this->S.LineNumber();
  t.Frequency = this->Frequency;
  t.Name = !this->Request.empty() ? this->Request : this->Excitation;
  try
  {
    if (this->Out.Segments.empty() && this->Out.Tables.empty())
    {
      this->Out.FromTable = true; // no DATA OF THE SEGMENTS: points at the printed centres
    }
    this->ReadRows(t);
  }
  catch (const ParseError& e)
  {
    if (!this->Notices || this->Out.Tables.empty())
    {
      throw;
    }
    this->Notices->push_back(std::string(e.what()) +
      " (this segment current table and the "
      "rest of the file are not read)");
    return false;
  }
  if (t.Current.empty())
  {
    if (this->Notices)
    {
      this->Notices->push_back(ParseError::Format(this->File, t.Line,
        "a segment current table without rows (output to the .out file deactivated)"));
    }
    return true;
  }
  this->Out.Tables.push_back(std::move(t));
  return true;
}

void FekoWireParser::ReadRows(FekoSegmentCurrents& t)
{
  std::int64_t n = 0;
  if (!this->FirstRow(n))
  {
    return; // header only
  }
  if (this->Out.FromTable && this->Out.Tables.empty())
  {
    this->PointSegments();
  }
  t.Current.assign(this->Out.Segments.size(), C(NaN, NaN));
  for (;;)
  {
    this->ReadRow(t, n);
    const std::size_t at = this->S.Offset();
    const std::int64_t ln = this->S.LineNumber();
    if (!this->S.Next(this->Line))
    {
      this->S.Fail("the file ends inside a segment current table (truncated)");
    }
    if (!FirstIsInt(this->Line, this->Tok, &n))
    {
      this->S.Seek(at, ln);
      return;
    }
  }
}

/// One row: number, centre, |IX| and phase, |IY| and phase, |IZ| and phase.
void FekoWireParser::ReadRow(FekoSegmentCurrents& t, std::int64_t n)
{
  if (this->Tok.size() != 10)
  {
    this->S.Fail("a segment current row has " + std::to_string(this->Tok.size()) +
      " fields (expected 10: number, centre x y z, magnitude and phase of IX, IY, IZ)");
  }
  const auto it = this->Index.find(n);
  if (it == this->Index.end())
  {
    this->S.Fail("segment " + std::to_string(n) + " is not in DATA OF THE SEGMENTS");
  }
  const FekoSegment& seg = this->Out.Segments[it->second];
  if (this->Out.FromTable)
  {
    t.Current[it->second] = this->AlongOwnDirection(n);
    return;
  }
  double x[10];
  for (int k = 1; k < 10; ++k)
  {
    x[k] = NeedFinite(this->S, this->Tok[static_cast<std::size_t>(k)], "a number");
  }
  const double tol = 1e-4 * std::max(this->Extent, 1e-3) + 1e-5 * seg.Length;
  double u[3], len = 0;
  for (int d = 0; d < 3; ++d)
  {
    u[d] = seg.End[d] - seg.Start[d];
    len += u[d] * u[d];
    if (std::abs(x[1 + d] - 0.5 * (seg.Start[d] + seg.End[d])) > tol + 1e-4 * std::abs(x[1 + d]))
    {
      this->S.Fail("segment " + std::to_string(n) +
        ": the printed centre is not the midpoint of "
        "the segment in DATA OF THE SEGMENTS");
    }
  }
  len = std::sqrt(len);
  C vec[3], along(0, 0);
  double mag2 = 0;
  for (int d = 0; d < 3; ++d)
  {
    if (x[4 + 2 * d] < 0)
    {
      this->S.Fail("segment " + std::to_string(n) + ": a negative current magnitude");
    }
    vec[d] = Polar(x[4 + 2 * d], x[5 + 2 * d]);
    along += vec[d] * (u[d] / len);
    mag2 += x[4 + 2 * d] * x[4 + 2 * d];
  }
  double off2 = 0;
  for (int d = 0; d < 3; ++d)
  {
    off2 += std::norm(vec[d] - along * (u[d] / len));
  }
  if (off2 > 4e-4 * mag2 + 1e-30) // 2 % of |I|: the print has 4 digits and 0.01°
  {
    this->S.Fail(
      "segment " + std::to_string(n) + ": the printed current does not lie along the segment");
  }
  t.Current[it->second] = along;
}
/// `x =  a, y =  b, z =  c` after "Location of the port in m:" (FEKO 2021 and later):
/// the source's position, kept once per name (a sweep repeats the block).
void FekoWireParser::ReadLocation(std::string_view rest)
{
  FekoSourcePosition p;
  p.Name = this->Excitation;
  const char* axes[3] = { "X =", "Y =", "Z =" };
  for (int d = 0; d < 3; ++d)
  {
    const std::size_t at = FindPhrase(rest, axes[d]);
    Tokenize(at == npos ? std::string_view() : rest.substr(at), this->Tok);
    std::string_view v = this->Tok.empty() ? std::string_view() : this->Tok[0];
    if (!v.empty() && v.back() == ',')
    {
      v.remove_suffix(1);
    }
    if (v.empty() || !ParseDouble(v, p.Position[d]) || !std::isfinite(p.Position[d]))
    {
      this->S.Fail("cannot read the port location's " + std::string(1, "xyz"[d]) + " coordinate");
    }
  }
  for (const auto& q : this->Out.Locations)
  {
    if (q.Name == p.Name)
    {
      return;
    }
  }
  this->Out.Locations.push_back(p);
}

/// Without DATA OF THE SEGMENTS the first table's rows are the segments: a point at the
/// printed centre each (no length), read ahead without consuming the table.
void FekoWireParser::PointSegments()
{
  const std::size_t at = this->S.Offset();
  const std::int64_t ln = this->S.LineNumber();
  const std::string_view first = this->Line;
  std::string_view line = first;
  for (bool more = true; more;)
  {
    Tokenize(line, this->Tok);
    std::int64_t n = 0;
    if (this->Tok.size() != 10 || !ParseInt(this->Tok[0], n))
    {
      break; // ReadRow reports the damaged row
    }
    if (static_cast<std::int64_t>(this->Out.Segments.size()) >= this->Limit || this->Index.count(n))
    {
      this->S.Fail("segment " + std::to_string(n) + " appears twice in the current table");
    }
    FekoSegment seg;
    seg.Number = n;
    for (int d = 0; d < 3; ++d)
    {
      seg.Start[d] = seg.End[d] =
        NeedFinite(this->S, this->Tok[static_cast<std::size_t>(1 + d)], "a coordinate");
    }
    this->Index[n] = this->Out.Segments.size();
    this->Out.Segments.push_back(seg);
    more = this->S.Next(line) && FirstIsInt(line, this->Tok);
  }
  this->S.Seek(at, ln);
  this->Line = first;
  Tokenize(this->Line, this->Tok);
}

/// The current of a row whose segment direction is unknown: the vector's magnitude with
/// the phase of its largest component, and that component's sign convention (û from the
/// components' magnitudes, each signed by its phase relative to the largest).
C FekoWireParser::AlongOwnDirection(std::int64_t n)
{
  double m[3], p[3];
  int big = 0;
  double mag2 = 0;
  for (int d = 0; d < 3; ++d)
  {
    m[d] = NeedFinite(this->S, this->Tok[static_cast<std::size_t>(4 + 2 * d)], "a magnitude");
    p[d] = NeedFinite(this->S, this->Tok[static_cast<std::size_t>(5 + 2 * d)], "a phase");
    if (m[d] < 0)
    {
      this->S.Fail("segment " + std::to_string(n) + ": a negative current magnitude");
    }
    big = m[d] > m[big] ? d : big;
    mag2 += m[d] * m[d];
  }
  return Polar(std::sqrt(mag2), p[big]);
}
} // namespace

FekoWires ParseFekoWires(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices)
{
  return FekoWireParser(text, fileName, notices).Run();
}

bool HasFekoSegments(std::string_view text)
{
  std::string_view line;
  LineScanner s(text, std::string());
  while (s.Next(line))
  {
    if (!feko::IsDataRow(line) && FindPhrase(line, "DATA OF THE SEGMENTS") != npos)
    {
      return true;
    }
  }
  return false;
}

namespace
{
/// Same current: magnitudes within 1 % and phases within 1° (or opposite, a segment
/// drawn against the source's positive direction).
bool SameCurrent(C a, C b)
{
  const double ma = std::abs(a), mb = std::abs(b);
  if (!(ma > 0) || !(mb > 0) || std::abs(ma - mb) > 0.01 * std::max(ma, mb))
  {
    return false;
  }
  const double d = std::abs(std::remainder(std::arg(a) - std::arg(b), Pi));
  return d <= Pi / 180.0;
}
} // namespace

namespace
{
/// The segments of table `t` that carry the port's current.
std::vector<std::size_t> SegmentsCarrying(const FekoSegmentCurrents& t, const FekoPort& p)
{
  std::vector<std::size_t> hits;
  for (std::size_t i = 0; i < t.Current.size(); ++i)
  {
    if (SameCurrent(t.Current[i], p.Current))
    {
      hits.push_back(i);
    }
  }
  return hits;
}
} // namespace

std::vector<FekoSourcePosition> FekoSegmentSourcePositions(const FekoWires& wires,
  const std::vector<FekoPort>& ports, const std::string& fileName,
  std::vector<std::string>* notices)
{
  std::vector<FekoSourcePosition> out = wires.Locations; // printed by FEKO 2021 and later
  if (wires.Tables.empty())
  {
    return out;
  }
  const FekoSegmentCurrents& t = wires.Tables.front();
  for (const FekoPort& p : ports)
  {
    const std::string name =
      !p.Name.empty() ? p.Name : "source " + std::to_string(static_cast<long long>(p.Source));
    const bool placed = std::any_of(
      out.begin(), out.end(), [&](const FekoSourcePosition& q) { return q.Name == name; });
    if (placed || std::abs(p.Frequency - t.Frequency) > 1e-9 * std::abs(t.Frequency))
    {
      continue; // a printed location, a sweep's repeat, or another frequency
    }
    const std::vector<std::size_t> hits = SegmentsCarrying(t, p);
    if (hits.size() != 1)
    {
      if (notices)
      {
        notices->push_back(ParseError::Format(fileName, t.Line,
          "voltage source '" + name + "': " + (hits.empty() ? "no segment" : "several segments") +
            " of the current table carry its current; its position is not known"));
      }
      continue;
    }
    const FekoSegment& seg = wires.Segments[hits[0]];
    FekoSourcePosition pos;
    pos.Excitation = p.Source;
    pos.Name = name;
    for (int d = 0; d < 3; ++d)
    {
      pos.Position[d] = 0.5 * (seg.Start[d] + seg.End[d]);
    }
    out.push_back(pos);
  }
  return out;
}

namespace
{
struct ScatteringBlock
{
  double Frequency = 0;
  std::int64_t Line = 0;
  std::map<std::pair<std::int64_t, std::int64_t>, C> Entries;
};

} // namespace

void FillNetworkPoint(NetworkPoint& pt, const std::map<std::pair<std::int64_t, std::int64_t>, C>& e,
  std::size_t n, double z0)
{
  const std::size_t nn = n * n;
  pt.S.assign(nn, C(NaN, NaN));
  pt.Z = pt.S;
  pt.Y = pt.S;
  bool complete = true;
  for (std::size_t i = 0; i < n; ++i)
  {
    for (std::size_t j = 0; j < n; ++j)
    {
      const auto it =
        e.find({ static_cast<std::int64_t>(i + 1), static_cast<std::int64_t>(j + 1) });
      complete = complete && it != e.end();
      if (it != e.end())
      {
        pt.S[i * n + j] = it->second;
      }
    }
  }
  if (complete)
  {
    // Z = Z0 (1 + S)(1 − S)⁻¹, Y = Z⁻¹.
    std::vector<C> a(nn), b(nn);
    for (std::size_t k = 0; k < nn; ++k)
    {
      const C id = (k / n == k % n) ? 1.0 : 0.0;
      a[k] = id - pt.S[k];
      b[k] = id + pt.S[k];
    }
    if (InvertComplexMatrix(a, static_cast<int>(n)))
    {
      for (std::size_t i = 0; i < n; ++i)
      {
        for (std::size_t j = 0; j < n; ++j)
        {
          C z = 0;
          for (std::size_t k = 0; k < n; ++k)
          {
            z += b[i * n + k] * a[k * n + j];
          }
          pt.Z[i * n + j] = z0 * z;
        }
      }
      std::vector<C> y = pt.Z;
      if (InvertComplexMatrix(y, static_cast<int>(n)))
      {
        pt.Y = y;
      }
    }
  }
  pt.WorstIsolationDb = NaN;
  for (std::size_t i = 0; i < n; ++i)
  {
    for (std::size_t j = i + 1; j < n; ++j)
    {
      const double c = std::max(std::abs(pt.S[i * n + j]), std::abs(pt.S[j * n + i]));
      if (c > 0 && (pt.WorstI < 0 || -20 * std::log10(c) < pt.WorstIsolationDb))
      {
        pt.WorstI = static_cast<int>(i);
        pt.WorstJ = static_cast<int>(j);
        pt.WorstIsolationDb = -20 * std::log10(c);
      }
    }
  }
}

namespace
{
/// One `S sink source re im ...` row into the block.
void ReadScatteringRow(const LineScanner& s, const std::vector<std::string_view>& tok,
  ScatteringBlock& b, std::int64_t& ports)
{
  if (tok.size() < 5)
  {
    s.Fail("an S-parameter row needs: S, sink, source, real and imaginary part");
  }
  const std::int64_t sink = NeedInt(s, tok[1], "the sink port");
  const std::int64_t source = NeedInt(s, tok[2], "the source port");
  if (sink < 1 || source < 1 || sink > 10000 || source > 10000)
  {
    s.Fail("port number out of range (1 to 10000)");
  }
  const C v(NeedFinite(s, tok[3], "the real part"), NeedFinite(s, tok[4], "the imaginary part"));
  b.Entries[{ sink, source }] = v;
  ports = std::max({ ports, sink, source });
}
} // namespace

Network ParseFekoScattering(std::string_view text, const std::string& fileName)
{
  Network net;
  LineScanner s(text, fileName);
  std::string_view line;
  std::vector<std::string_view> tok;
  std::vector<double> v;
  std::vector<ScatteringBlock> blocks;
  double f = 0, z0 = NaN;
  std::int64_t ports = 0;
  bool in = false;
  while (s.Next(line))
  {
    std::size_t at = npos;
    if ((at = feko::FindFrequencyValue(line)) != npos)
    {
      Reals(line.substr(at), tok, v);
      f = v.empty() ? 0 : v[0];
      in = false;
    }
    else if (FindPhrase(line, "SCATTERING PARAMETERS") != npos)
    {
      in = true;
      if (blocks.empty() || blocks.back().Frequency != f)
      {
        blocks.push_back({ f, s.LineNumber(), {} });
      }
    }
    else if (in && (at = FindPhrase(line, "REFERENCE IMPEDANCE IN OHM:")) != npos)
    {
      Reals(line.substr(at), tok, v);
      if (v.empty() || !(v[0] > 0) || (z0 == z0 && std::abs(v[0] - z0) > 1e-9 * z0))
      {
        s.Fail("the reference impedance is missing or differs from an earlier block's");
      }
      z0 = v[0];
      in = false;
    }
    else if (in)
    {
      Tokenize(line, tok);
      if (!tok.empty() && tok[0] == "S")
      {
        ReadScatteringRow(s, tok, blocks.back(), ports);
      }
    }
  }
  if (blocks.empty() || ports == 0)
  {
    return net;
  }
  net.ReferenceImpedance = z0 == z0 ? z0 : 50.0;
  for (std::int64_t k = 1; k <= ports; ++k)
  {
    net.Ports.push_back({ 0, k, "Port" + std::to_string(static_cast<long long>(k)) });
  }
  std::stable_sort(blocks.begin(), blocks.end(),
    [](const ScatteringBlock& a, const ScatteringBlock& b) { return a.Frequency < b.Frequency; });
  for (const ScatteringBlock& b : blocks)
  {
    if (!net.Points.empty() && net.Points.back().Frequency == b.Frequency)
    {
      continue; // the first block of a frequency (sorted stably)
    }
    NetworkPoint pt;
    pt.Frequency = b.Frequency;
    FillNetworkPoint(pt, b.Entries, static_cast<std::size_t>(ports), net.ReferenceImpedance);
    net.Points.push_back(std::move(pt));
  }
  return net;
}
} // namespace cm
