// SPDX-License-Identifier: BSD-3-Clause
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
} // namespace

std::vector<FekoPort> ParseFekoPorts(std::string_view rawText, const std::string& fileName)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, fileName);
  std::vector<FekoPort> ports;
  double frequency = 0;
  // The names of the excitation blocks printed before a run of DATA OF THE VOLTAGE
  // SOURCE blocks (several sources solved together print all their excitations first):
  // the k-th data block of the run takes the k-th name.
  std::vector<std::string> names;
  std::size_t inRun = 0;
  bool collecting = false, inExcitation = false;
  std::vector<std::string_view> tok;
  std::string_view line;
  // A block takes at least 3 lines of 40 bytes, which bounds the count.
  const std::size_t maxPorts = text.size() / 120 + 1;
  while (s.Next(line))
  {
    // Every keyword as a phrase: any case, any run of spaces between its words (FEKO
    // prints "Current   in A" and "Impedance in Ohm" in one block).
    if (feko::IsDataRow(line))
    {
      continue; // a table row or a blank line: no keyword
    }
    if (const double f = FrequencyOf(line, tok); f > 0)
    {
      frequency = f;
      continue;
    }
    if (feko::HasPhrase(line, "EXCITATION BY"))
    {
      if (!collecting)
      {
        names.clear();
        inRun = 0;
        collecting = true;
      }
      names.emplace_back();
      inExcitation = true;
      continue;
    }
    if (inExcitation)
    {
      const std::size_t n = FindPhrase(line, "NAME:", true);
      if (n != std::string_view::npos)
      {
        names.back() = std::string(Trim(line.substr(n)));
        continue;
      }
    }
    const std::size_t at = FindPhrase(line, "DATA OF THE VOLTAGE SOURCE NO.");
    if (at == std::string_view::npos)
    {
      continue;
    }
    inExcitation = collecting = false;
    const std::int64_t bannerLine = s.LineNumber();
    FekoPort p;
    p.Name = inRun < names.size() ? names[inRun] : names.empty() ? std::string() : names.back();
    ++inRun;
    Tokenize(line.substr(at), tok);
    if (tok.empty())
    {
      s.Fail("no source number after 'DATA OF THE VOLTAGE SOURCE NO.'");
    }
    p.Source = NeedInt(s, tok[0], "the voltage source number");
    if (!(frequency > 0))
    {
      s.Fail("DATA OF THE VOLTAGE SOURCE before any 'FREQ =' line");
    }
    p.Frequency = frequency;
    bool haveI = false, haveZ = false, haveY = false, haveP = false;
    int lines = 0;
    std::size_t mark = s.Offset();
    std::int64_t markLine = s.LineNumber();
    // The rows, then a blank line. FEKO 2017 to 2021 print "Power in Watt:" after that
    // blank line, indented: a blank line ends the block unless the Power row follows.
    while (lines < 16 && s.Next(line))
    {
      ++lines;
      std::string_view r = Trim(line);
      if (r.empty())
      {
        if (!haveI && !haveZ)
        {
          continue; // between the banner and the rows
        }
        if (haveP)
        {
          break;
        }
        const std::size_t blank = s.Offset();
        const std::int64_t blankLine = s.LineNumber();
        std::string_view next;
        bool power = false;
        for (int b = 0; b < 4 && s.Next(next); ++b)
        {
          if (!Trim(next).empty())
          {
            power = FindPhrase(next, "POWER IN W", true) != std::string_view::npos;
            break;
          }
        }
        if (!power)
        {
          s.Seek(blank, blankLine);
          break;
        }
        r = Trim(next);
      }
      std::size_t e;
      if ((e = FindPhrase(r, "POWER IN W", true)) != std::string_view::npos)
      {
        const std::size_t watt = FindPhrase(r, "POWER IN WATT", true);
        Tokenize(After(r, watt != std::string_view::npos ? watt : e), tok);
        if (tok.empty())
        {
          s.Fail("no value after 'Power in Watt'");
        }
        p.Power = NeedFinite(s, tok[0], "the source power");
        haveP = true;
      }
      else if ((e = FindPhrase(r, "CURRENT IN A", true)) != std::string_view::npos)
      {
        p.Current = RowValue(s, After(r, e), "the source current");
        haveI = true;
      }
      else if ((e = FindPhrase(r, "ADMITT", true)) != std::string_view::npos)
      {
        const std::size_t unit = FindPhrase(r, "IN A/V");
        p.Admittance =
          RowValue(s, After(r, unit != std::string_view::npos ? unit : e), "the admittance");
        haveY = true;
      }
      else if ((e = FindPhrase(r, "IMPEDANCE IN OHM", true)) != std::string_view::npos)
      {
        p.Impedance = RowValue(s, After(r, e), "the impedance");
        haveZ = true;
      }
      else if (FindPhrase(r, "INDUCTANCE", true) != std::string_view::npos ||
        FindPhrase(r, "CAPACITANCE", true) != std::string_view::npos ||
        FindPhrase(r, "REAL PART", true) != std::string_view::npos)
      {
        // the equivalent element and the column header
      }
      else
      {
        s.Seek(mark, markLine); // the next section: leave it for the outer loop
        break;
      }
      mark = s.Offset();
      markLine = s.LineNumber();
    }
    if (!haveI || !haveZ)
    {
      throw ParseError(fileName, bannerLine,
        std::string("truncated DATA OF THE VOLTAGE SOURCE block: no ") +
          (!haveI ? "'Current in A'" : "'Impedance in Ohm'") + " row");
    }
    if (!haveY)
    {
      p.Admittance = p.Impedance == 0.0 ? std::complex<double>() : 1.0 / p.Impedance;
    }
    if (!haveP)
    {
      p.Power = 0.5 * std::norm(p.Current) * p.Impedance.real();
    }
    if (ports.size() >= maxPorts)
    {
      s.Fail("more voltage source blocks than the file could hold");
    }
    ports.push_back(std::move(p));
  }
  return ports;
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

std::vector<FekoSourcePosition> ParseFekoSourcePositions(
  std::string_view rawText, const std::string& fileName, std::vector<std::string>* notices)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, fileName);
  using Point = std::array<double, 3>;
  std::vector<std::array<Point, 3>> triangles; // corners, by triangle number - 1
  std::map<std::int64_t, std::vector<std::size_t>> edgeTriangles; // |edge| -> triangles
  struct Pending
  {
    FekoSourcePosition Source;
    std::vector<std::int64_t> Edges;
    std::int64_t Line = 0;
  };
  std::vector<Pending> sources;
  std::vector<std::string_view> tok;
  std::string_view line;
  // The first three tokens that are numbers with an exponent: a printed coordinate.
  auto coordinates = [&](std::size_t& next, Point& p) {
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
  };
  while (s.Next(line))
  {
    if (feko::HasPhrase(line, "DATA OF THE METALLIC TRIANGLES") && triangles.empty())
    {
      // Four lines per triangle: number, label, corner 1, its edges (signed); corner 2;
      // corner 3; normal and area. The table ends at the first other line.
      std::size_t offset = s.Offset();
      std::int64_t at = s.LineNumber();
      while (s.Next(line))
      {
        Tokenize(line, tok);
        std::int64_t number = 0;
        if (tok.empty() || !ParseInt(tok[0], number))
        {
          if (!triangles.empty())
          {
            s.Seek(offset, at);
            break;
          }
          offset = s.Offset();
          at = s.LineNumber();
          continue; // the header lines
        }
        std::array<Point, 3> t{};
        std::size_t next = 1;
        if (number != static_cast<std::int64_t>(triangles.size()) + 1 || !coordinates(next, t[0]))
        {
          break; // not a triangle row: the table is damaged; positions are optional
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
          ok = ok && coordinates(from, t[static_cast<std::size_t>(c)]);
        }
        if (!ok || !s.Next(line))
        {
          break;
        }
        for (std::int64_t e : edges)
        {
          edgeTriangles[e].push_back(triangles.size());
        }
        triangles.push_back(t);
        offset = s.Offset();
        at = s.LineNumber();
      }
      continue;
    }
    if (!feko::HasPhrase(line, "EXCITATION BY VOLTAGE SOURCE AT AN EDGE"))
    {
      continue;
    }
    Pending p;
    p.Line = s.LineNumber();
    // The block's "Key: value" lines, up to the blank line after the edge indices (or
    // the next section's banner, which is left for the outer loop).
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
        Tokenize(value, tok);
        for (std::string_view e : tok)
        {
          std::int64_t v = 0;
          if (ParseInt(e, v) && v != 0)
          {
            p.Edges.push_back(v < 0 ? -v : v);
          }
        }
      }
    }
    bool seen = false;
    for (const Pending& q : sources)
    {
      seen = seen || q.Source.Excitation == p.Source.Excitation;
    }
    if (!seen)
    {
      sources.push_back(std::move(p));
    }
  }

  std::vector<FekoSourcePosition> out;
  for (Pending& p : sources)
  {
    if (p.Source.Name.empty())
    {
      p.Source.Name = "excitation " + std::to_string(p.Source.Excitation);
    }
    if (p.Edges.empty())
    {
      continue; // no "Indices of the edges:" line (older versions): no position, no fault
    }
    Point sum{ 0, 0, 0 };
    bool ok = true;
    for (std::int64_t e : p.Edges)
    {
      const auto it = edgeTriangles.find(e);
      if (!ok || it == edgeTriangles.end() || it->second.size() != 2)
      {
        ok = false;
        break;
      }
      // The two corners the triangles share.
      const auto& a = triangles[it->second[0]];
      const auto& b = triangles[it->second[1]];
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
      ok = shared == 2;
    }
    if (!ok)
    {
      if (notices)
      {
        notices->push_back(ParseError::Format(fileName, p.Line,
          "no position for voltage source '" + p.Source.Name +
            "': its port edges are not in DATA OF THE METALLIC TRIANGLES"));
      }
      continue;
    }
    for (int d = 0; d < 3; ++d)
    {
      p.Source.Position[d] = sum[static_cast<std::size_t>(d)] / static_cast<double>(p.Edges.size());
    }
    out.push_back(p.Source);
  }
  return out;
}

} // namespace cm
