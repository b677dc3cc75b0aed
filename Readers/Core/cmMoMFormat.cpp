// SPDX-License-Identifier: BSD-3-Clause
#include "cmMoMFormat.h"

#include "cmTextScan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <cstdio>

namespace cloudmap
{
namespace
{
// Next line that carries tokens, with comments removed; false at end of file.
bool NextTokens(LineScanner& s, std::vector<std::string_view>& tok)
{
  std::string_view line;
  while (s.Next(line))
  {
    const std::size_t hash = line.find('#');
    if (hash != std::string_view::npos)
    {
      line = line.substr(0, hash);
    }
    Tokenize(line, tok);
    if (!tok.empty())
    {
      return true;
    }
  }
  return false;
}

void NeedTokens(LineScanner& s, std::vector<std::string_view>& tok, const char* what)
{
  if (!NextTokens(s, tok))
  {
    s.Fail(std::string("unexpected end of file: expected ") + what);
  }
}

void ParseNamedPoints(LineScanner& s, std::vector<std::string_view>& tok, std::int64_t count,
  const char* what, std::vector<std::string>& names, std::vector<double>& xyz)
{
  for (std::int64_t i = 0; i < count; ++i)
  {
    NeedTokens(s, tok, what);
    if (tok.size() != 4)
    {
      s.Fail(std::string(what) + " needs a name and x y z, found " + std::to_string(tok.size()) +
        " fields");
    }
    names.emplace_back(tok[0]);
    for (int d = 1; d <= 3; ++d)
    {
      xyz.push_back(NeedFinite(s, tok[d], "a coordinate"));
    }
  }
}
} // namespace

bool LooksLikeMoM(std::string_view head)
{
  LineScanner s(head, "");
  std::vector<std::string_view> tok;
  try
  {
    return NextTokens(s, tok) && Upper(tok[0]) == "CLOUDMAP-MOM";
  }
  catch (const ParseError&)
  {
    return false;
  }
}

SurfaceMesh ParseMoM(std::string_view text, const std::string& fileName)
{
  LineScanner s(text, fileName);
  std::vector<std::string_view> tok;
  SurfaceMesh m;
  if (!NextTokens(s, tok))
  {
    throw ParseError(fileName, 0, "empty file: expected the header 'CLOUDMAP-MOM 1'");
  }
  if (Upper(tok[0]) != "CLOUDMAP-MOM" || tok.size() != 2)
  {
    s.Fail("not a CloudMap MoM file: expected the header 'CLOUDMAP-MOM 1'");
  }
  if (NeedInt(s, tok[1], "the format version") != 1)
  {
    s.Fail("unsupported format version " + std::string(tok[1]) + " (this reader knows version 1)");
  }
  bool haveFreq = false, haveVerts = false, haveElems = false, sawEnd = false;
  std::int64_t base = 0;
  while (NextTokens(s, tok))
  {
    const std::string key = Upper(tok[0]);
    if (key == "END")
    {
      sawEnd = true;
      break;
    }
    static const char* const known[] = { "FREQUENCY", "INDEX-BASE", "VERTICES", "ELEMENTS",
      "SOURCES", "RECEIVERS" };
    if (std::find(std::begin(known), std::end(known), key) == std::end(known))
    {
      s.Fail("unknown keyword '" + std::string(tok[0].substr(0, 30)) +
        "' (expected FREQUENCY, INDEX-BASE, VERTICES, ELEMENTS, SOURCES, RECEIVERS or END; "
        "a count smaller than its rows also ends up here)");
    }
    if (tok.size() != 2)
    {
      s.Fail("keyword " + key + " takes exactly one value");
    }
    if (key == "FREQUENCY")
    {
      m.Frequency = NeedFinite(s, tok[1], "the frequency in Hz");
      if (!(m.Frequency > 0))
      {
        s.Fail("the frequency must be positive");
      }
      haveFreq = true;
    }
    else if (key == "INDEX-BASE")
    {
      base = NeedInt(s, tok[1], "the index base");
      if (base != 0 && base != 1)
      {
        s.Fail("INDEX-BASE must be 0 or 1");
      }
      if (haveElems)
      {
        s.Fail("INDEX-BASE must come before ELEMENTS");
      }
    }
    else if (key == "VERTICES")
    {
      if (haveVerts)
      {
        s.Fail("a second VERTICES section");
      }
      const std::int64_t n = NeedCount(s, tok[1], "the vertex count", MoMMaxCount);
      // Never trust a count for allocation beyond what the file could hold:
      // every vertex line takes at least 6 bytes.
      if (n > static_cast<std::int64_t>(text.size() / 6) + 1)
      {
        s.Fail("vertex count " + std::to_string(n) + " is larger than the file could hold");
      }
      m.Points.reserve(3 * n);
      for (std::int64_t i = 0; i < n; ++i)
      {
        NeedTokens(s, tok, "a vertex line");
        if (tok.size() != 3)
        {
          s.Fail("vertex " + std::to_string(i + base) + " needs 3 coordinates, found " +
            std::to_string(tok.size()) + " fields");
        }
        for (int d = 0; d < 3; ++d)
        {
          m.Points.push_back(NeedFinite(s, tok[d], "a coordinate"));
        }
      }
      haveVerts = true;
    }
    else if (key == "ELEMENTS")
    {
      if (!haveVerts)
      {
        s.Fail("ELEMENTS before VERTICES");
      }
      if (haveElems)
      {
        s.Fail("a second ELEMENTS section");
      }
      const std::int64_t n = NeedCount(s, tok[1], "the element count", MoMMaxCount);
      if (n > static_cast<std::int64_t>(text.size() / 20) + 1)
      {
        s.Fail("element count " + std::to_string(n) + " is larger than the file could hold");
      }
      const std::int64_t nv = m.NumberOfPoints();
      m.Offsets.reserve(n + 1);
      m.Connectivity.reserve(4 * n);
      m.JReal.reserve(3 * n);
      m.JImag.reserve(3 * n);
      for (std::int64_t e = 0; e < n; ++e)
      {
        NeedTokens(s, tok, "an element line");
        const std::string type = Upper(tok[0]);
        int corners = 0;
        if (type == "T")
        {
          corners = 3;
        }
        else if (type == "Q")
        {
          corners = 4;
        }
        else
        {
          s.Fail("unknown element type '" + std::string(tok[0].substr(0, 20)) +
            "' (expected T for a triangle or Q for a quad)");
        }
        if (tok.size() != static_cast<std::size_t>(1 + corners + 6))
        {
          s.Fail("element " + std::to_string(e) + " (" + type + ") needs " +
            std::to_string(corners) + " vertex ids and 6 current values, found " +
            std::to_string(tok.size() - 1) + " fields");
        }
        for (int c = 0; c < corners; ++c)
        {
          const std::int64_t v = NeedInt(s, tok[1 + c], "a vertex id") - base;
          if (v < 0 || v >= nv)
          {
            s.Fail("vertex id " + std::string(tok[1 + c]) + " is out of range (" +
              std::to_string(base) + ".." + std::to_string(nv - 1 + base) + ")");
          }
          for (int p = 0; p < c; ++p)
          {
            if (m.Connectivity[m.Offsets.back() + p] == v)
            {
              s.Fail("element " + std::to_string(e) + " uses vertex " + std::string(tok[1 + c]) +
                " twice");
            }
          }
          m.Connectivity.push_back(v);
        }
        m.Offsets.push_back(static_cast<std::int64_t>(m.Connectivity.size()));
        for (int k = 0; k < 3; ++k)
        {
          m.JReal.push_back(NeedFinite(s, tok[1 + corners + 2 * k], "a current value"));
          m.JImag.push_back(NeedFinite(s, tok[2 + corners + 2 * k], "a current value"));
        }
      }
      haveElems = true;
    }
    else if (key == "SOURCES" || key == "RECEIVERS")
    {
      const std::int64_t n = NeedCount(s, tok[1], "the count", 1000000);
      if (key == "SOURCES")
      {
        ParseNamedPoints(s, tok, n, "a source", m.SourceNames, m.SourcePositions);
      }
      else
      {
        ParseNamedPoints(s, tok, n, "a receiver", m.ReceiverNames, m.ReceiverPositions);
      }
    }
    else
    {
      s.Fail("unknown keyword '" + std::string(tok[0].substr(0, 30)) + "'");
    }
  }
  if (!haveFreq)
  {
    s.Fail("no FREQUENCY line in the file");
  }
  if (!haveVerts || !haveElems)
  {
    s.Fail(std::string("truncated file: no ") + (haveVerts ? "ELEMENTS" : "VERTICES") + " section");
  }
  if (!sawEnd)
  {
    s.Fail("truncated file: no END line");
  }
  return m;
}

SurfaceMesh ReadMoMFile(const std::string& path)
{
  return ParseMoM(ReadWholeFile(path), path);
}

std::string FormatMoM(const SurfaceMesh& m)
{
  // std::to_chars writes the shortest text that reads back to the same
  // double: exact round trips with short lines.
  std::string out;
  out.reserve(static_cast<std::size_t>(64 * m.NumberOfPoints() + 120 * m.NumberOfElements() + 256));
  char buf[64];
  auto num = [&](double v) {
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  };
  auto integer = [&](long long v) {
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  };
  out += "CLOUDMAP-MOM 1\nFREQUENCY ";
  num(m.Frequency);
  out += "\nVERTICES ";
  integer(m.NumberOfPoints());
  out += "\n";
  for (std::int64_t i = 0; i < m.NumberOfPoints(); ++i)
  {
    num(m.Points[3 * i]);
    out += ' ';
    num(m.Points[3 * i + 1]);
    out += ' ';
    num(m.Points[3 * i + 2]);
    out += '\n';
  }
  out += "ELEMENTS ";
  integer(m.NumberOfElements());
  out += "\n";
  for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
  {
    const std::int64_t b0 = m.Offsets[e], n = m.Offsets[e + 1] - b0;
    out += n == 3 ? "T" : "Q";
    for (std::int64_t k = 0; k < n; ++k)
    {
      out += ' ';
      integer(m.Connectivity[b0 + k]);
    }
    for (int k = 0; k < 3; ++k)
    {
      out += ' ';
      num(m.JReal[3 * e + k]);
      out += ' ';
      num(m.JImag[3 * e + k]);
    }
    out += '\n';
  }
  auto named = [&](const char* key, const std::vector<std::string>& names,
                 const std::vector<double>& xyz) {
    if (names.empty())
    {
      return;
    }
    out += key;
    out += ' ';
    integer(static_cast<long long>(names.size()));
    out += '\n';
    for (std::size_t i = 0; i < names.size(); ++i)
    {
      out += names[i];
      for (int d = 0; d < 3; ++d)
      {
        out += ' ';
        num(xyz[3 * i + d]);
      }
      out += '\n';
    }
  };
  named("SOURCES", m.SourceNames, m.SourcePositions);
  named("RECEIVERS", m.ReceiverNames, m.ReceiverPositions);
  out += "END\n";
  return out;
}

} // namespace cloudmap
