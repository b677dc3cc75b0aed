// SPDX-License-Identifier: BSD-3-Clause
#include "cmNecPorts.h"

#include "cmConstants.h"
#include "cmNecText.h"

#include <cmath>
#include <limits>

namespace cm
{
namespace
{

/// The next line that is not blank, remembering where it started; false at the end.
bool NextNonBlank(LineScanner& s, std::string_view& line, std::size_t& at, std::int64_t& lineNo)
{
  for (;;)
  {
    at = s.Offset();
    lineNo = s.LineNumber();
    if (!s.Next(line))
    {
      return false;
    }
    if (!Trim(line).empty())
    {
      return true;
    }
  }
}

} // namespace

std::complex<double> NecLoad::Impedance(double f) const
{
  const double w = 2 * cm::Pi * f;
  const std::complex<double> j(0, 1);
  switch (this->Type)
  {
    case Kind::Fixed: return { this->Real, this->Imaginary };
    case Kind::Series:
    {
      std::complex<double> z = this->Resistance + j * w * this->Inductance;
      if (this->Capacitance != 0)
      {
        z += 1.0 / (j * w * this->Capacitance);
      }
      return z;
    }
    case Kind::Parallel:
    {
      std::complex<double> y = j * w * this->Capacitance;
      if (this->Resistance != 0)
      {
        y += 1.0 / this->Resistance;
      }
      if (this->Inductance != 0)
      {
        y += 1.0 / (j * w * this->Inductance);
      }
      return y == 0.0 ? std::complex<double>(std::numeric_limits<double>::infinity(), 0) : 1.0 / y;
    }
    case Kind::Other: break;
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return { nan, nan };
}

std::string NecLoad::Name() const
{
  const std::int64_t thru = this->Thru > 0 ? this->Thru : this->From;
  std::string range;
  if (this->From > 0)
  {
    range = "seg" + std::to_string(this->From);
    if (thru != this->From)
    {
      range += "-" + std::to_string(thru);
    }
  }
  if (this->Tag > 0)
  {
    return "tag" + std::to_string(this->Tag) + (range.empty() ? "" : "_" + range);
  }
  return range.empty() ? "all" : range;
}

std::vector<NecPort> ReadNecInputParameters(LineScanner& s, std::int64_t maxRows)
{
  const std::int64_t bannerLine = s.LineNumber();
  std::vector<NecPort> ports;
  std::vector<std::string_view> tok;
  std::string_view line;
  std::size_t at = 0;
  std::int64_t lineNo = 0;
  int header = 0;
  while (NextNonBlank(s, line, at, lineNo))
  {
    TokenizeFortranCells(line, tok);
    if (!FirstIsInt(tok))
    {
      // Up to four header lines before the first row; any other line, or the next
      // section's banner, ends the table.
      const bool banner = line.find("---") != std::string_view::npos || HasNecPhrase(line, "- - -");
      if (!ports.empty() || banner || ++header > 4)
      {
        s.Seek(at, lineNo);
        break;
      }
      continue;
    }
    // TAG SEG V(re im) I(re im) Z(re im) Y(re im) POWER
    if (tok.size() < 11)
    {
      s.Fail("antenna input parameters row has " + std::to_string(tok.size()) +
        " fields, expected 11 (tag, segment, voltage, current, impedance, admittance, power)");
    }
    NecPort p;
    p.Tag = NeedInt(s, tok[0], "a tag number");
    p.Segment = NeedInt(s, tok[1], "a segment number");
    if (p.Segment < 1)
    {
      s.Fail("segment number " + std::to_string(p.Segment) + " must be at least 1");
    }
    double v[9];
    static const char* const what[9] = { "the source voltage", "the source voltage",
      "the input current", "the input current", "the input impedance", "the input impedance",
      "the input admittance", "the input admittance", "the input power" };
    for (int k = 0; k < 9; ++k)
    {
      v[k] = NeedFinite(s, tok[2 + static_cast<std::size_t>(k)], what[k]);
    }
    p.Voltage = { v[0], v[1] };
    p.Current = { v[2], v[3] };
    p.Impedance = { v[4], v[5] };
    p.Admittance = { v[6], v[7] };
    p.Power = v[8];
    p.Line = s.LineNumber();
    if (static_cast<std::int64_t>(ports.size()) >= maxRows)
    {
      s.Fail("more antenna input parameters rows than the file could hold");
    }
    ports.push_back(p);
  }
  if (ports.empty())
  {
    throw ParseError(s.FileName(), bannerLine, "ANTENNA INPUT PARAMETERS table without rows");
  }
  return ports;
}

NecPowerBudget ReadNecPowerBudget(LineScanner& s)
{
  NecPowerBudget b;
  bool input = false;
  std::vector<std::string_view> tok;
  std::string_view line;
  std::size_t at = 0;
  std::int64_t lineNo = 0;
  while (NextNonBlank(s, line, at, lineNo))
  {
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos)
    {
      s.Seek(at, lineNo);
      break;
    }
    const std::string key = NecNormal(line.substr(0, eq));
    Tokenize(line.substr(eq + 1), tok);
    if (tok.empty())
    {
      s.Fail("no value after '" + key + "' in the POWER BUDGET");
    }
    const double v = NeedFinite(s, tok[0], "a power budget value");
    if (key == "INPUT POWER")
    {
      b.Input = v;
      input = true;
    }
    else if (key == "RADIATED POWER")
    {
      b.Radiated = v;
    }
    else if (key == "STRUCTURE LOSS")
    {
      b.StructureLoss = v;
    }
    else if (key == "NETWORK LOSS")
    {
      b.NetworkLoss = v;
    }
    else if (key == "EFFICIENCY")
    {
      b.Efficiency = v;
      break; // the last line of the block
    }
    else
    {
      s.Seek(at, lineNo);
      break;
    }
  }
  if (!input)
  {
    s.Fail("truncated POWER BUDGET: no INPUT POWER line");
  }
  b.Present = true;
  return b;
}

namespace
{
// nec2c and NEC-2D space the columns differently, but both centre every cell under
// its header word, so each cell goes to the header word nearest to it.
const char* const LoadWords[9] = { "ITAG", "FROM", "THRU", "OHMS", "HENRYS", "FARADS", "REAL",
  "IMAGINARY", "MHOS/METER" };

/// The column centre of every header word of the loading table's ITAG line `up`.
void ReadLoadingHeader(const LineScanner& s, const std::string& up, double centre[9])
{
  std::size_t from = 0;
  for (int k = 0; k < 9; ++k)
  {
    const std::size_t p = up.find(LoadWords[k], from);
    if (p == std::string::npos)
    {
      s.Fail(std::string("STRUCTURE IMPEDANCE LOADING header without ") + LoadWords[k]);
    }
    const std::size_t n = std::char_traits<char>::length(LoadWords[k]);
    centre[k] = static_cast<double>(p) + 0.5 * static_cast<double>(n);
    from = p + n;
  }
}

/// Where the row's circuit type starts (npos for none), and its kind.
std::size_t FindLoadType(std::string_view line, NecLoad::Kind& kind)
{
  kind = NecLoad::Kind::Other;
  for (const auto& k : { std::make_pair("FIXED IMPEDANCE", NecLoad::Kind::Fixed),
         std::make_pair("PARALLEL", NecLoad::Kind::Parallel),
         std::make_pair("SERIES", NecLoad::Kind::Series),
         std::make_pair("WIRE", NecLoad::Kind::Other) })
  {
    const std::size_t p = FindNecPhrase(line, k.first);
    if (p != std::string::npos)
    {
      kind = k.second;
      return p;
    }
  }
  return std::string::npos;
}

/// The cells before the circuit type, each under its nearest header word.
void SplitLoadCells(const LineScanner& s, std::string_view line, std::size_t typeAt,
  const double centre[9], std::string_view cell[9])
{
  for (std::size_t i = 0; i < typeAt;)
  {
    if (line[i] == ' ')
    {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < typeAt && line[e] != ' ')
    {
      ++e;
    }
    const double c = 0.5 * static_cast<double>(i + e);
    int best = 0;
    for (int k = 1; k < 9; ++k)
    {
      best = std::abs(centre[k] - c) < std::abs(centre[best] - c) ? k : best;
    }
    if (!cell[best].empty())
    {
      s.Fail(std::string("two values under ") + LoadWords[best] +
        " in a STRUCTURE IMPEDANCE LOADING row");
    }
    cell[best] = line.substr(i, e - i);
    i = e;
  }
}

/// A line with no circuit type ends the table: an error before the header, before
/// any row, or when it starts with a number (a row whose type is missing).
void CheckLoadingEnd(const LineScanner& s, std::string_view line, bool haveHeader, bool haveRows)
{
  if (!haveHeader)
  {
    s.Fail("expected the STRUCTURE IMPEDANCE LOADING table header (ITAG FROM THRU ...)");
  }
  const std::string_view t = Trim(line);
  if (!haveRows || (!t.empty() && t[0] >= '0' && t[0] <= '9'))
  {
    s.Fail("STRUCTURE IMPEDANCE LOADING row without a circuit type (SERIES, PARALLEL, "
           "FIXED IMPEDANCE or WIRE)");
  }
}

/// The load of one row from its cells (an empty cell is 0, as is ALL).
NecLoad MakeLoad(const LineScanner& s, std::string_view line, std::size_t typeAt,
  NecLoad::Kind kind, const std::string_view cell[9])
{
  auto integer = [&](int k, const char* what) -> std::int64_t {
    if (cell[k].empty() || Upper(cell[k]) == "ALL")
    {
      return 0;
    }
    const std::int64_t v = NeedInt(s, cell[k], what);
    if (v < 0)
    {
      s.Fail(std::string(what) + " must not be negative: " + std::string(cell[k]));
    }
    return v;
  };
  auto real = [&](int k, const char* what) {
    return cell[k].empty() ? 0.0 : NeedFinite(s, cell[k], what);
  };
  NecLoad l;
  l.Type = kind;
  l.TypeName = std::string(Trim(line.substr(typeAt)));
  l.Tag = integer(0, "a load tag number");
  l.From = integer(1, "a load's first segment");
  l.Thru = integer(2, "a load's last segment");
  l.Resistance = real(3, "a load resistance");
  l.Inductance = real(4, "a load inductance");
  l.Capacitance = real(5, "a load capacitance");
  l.Real = real(6, "a load impedance");
  l.Imaginary = real(7, "a load impedance");
  l.Conductivity = real(8, "a wire conductivity");
  if (l.Thru != 0 && l.Thru < l.From)
  {
    s.Fail("load segments " + std::to_string(l.From) + " to " + std::to_string(l.Thru) +
      " run backwards");
  }
  return l;
}
} // namespace

std::vector<NecLoad> ReadNecLoading(LineScanner& s, std::int64_t maxRows)
{
  double centre[9] = { 0 };
  bool haveHeader = false;
  std::vector<NecLoad> loads;
  std::string_view line;
  std::size_t at = 0;
  std::int64_t lineNo = 0;
  int header = 0;
  while (NextNonBlank(s, line, at, lineNo))
  {
    const std::string up = Upper(line);
    if (HasNecPhrase(line, "NOT LOADED"))
    {
      return loads;
    }
    if (up.find("LOCATION") != std::string::npos || up.find("ITAG") != std::string::npos)
    {
      if (++header > 4)
      {
        s.Fail("STRUCTURE IMPEDANCE LOADING header repeats without rows");
      }
      if (up.find("ITAG") != std::string::npos)
      {
        ReadLoadingHeader(s, up, centre);
        haveHeader = true;
      }
      continue;
    }
    if (HasNecPhrase(line, "NOTE,"))
    {
      continue; // "SOME OF THE ABOVE SEGMENTS HAVE BEEN LOADED TWICE - IMPEDANCES ADDED"
    }
    NecLoad::Kind kind;
    const std::size_t typeAt = FindLoadType(line, kind);
    if (typeAt == std::string::npos || !haveHeader)
    {
      CheckLoadingEnd(s, line, haveHeader, !loads.empty());
      s.Seek(at, lineNo);
      break;
    }
    // A per-length load prints "SERIES (PER METER)"; it is distributed, not a port.
    if (up.find("PER", typeAt) != std::string::npos)
    {
      kind = NecLoad::Kind::Other;
    }
    std::string_view cell[9];
    SplitLoadCells(s, line, typeAt, centre, cell);
    const NecLoad l = MakeLoad(s, line, typeAt, kind, cell);
    if (static_cast<std::int64_t>(loads.size()) >= maxRows)
    {
      s.Fail("more loads than the file could hold");
    }
    loads.push_back(l);
  }
  return loads;
}

} // namespace cm
