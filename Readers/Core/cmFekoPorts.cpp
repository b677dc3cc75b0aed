// SPDX-License-Identifier: BSD-3-Clause
#include "cmFekoPorts.h"

#include "cmTextScan.h"

#include <cmath>

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

/// The text after a label that ends at `label`'s end (and an optional ':').
std::string_view After(std::string_view line, std::size_t at, std::size_t n)
{
  std::string_view r = line.substr(at + n);
  r = Trim(r);
  if (!r.empty() && r[0] == ':')
  {
    r.remove_prefix(1);
  }
  return r;
}
} // namespace

std::vector<FekoPort> ParseFekoPorts(std::string_view rawText, const std::string& fileName)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, fileName);
  std::vector<FekoPort> ports;
  double frequency = 0;
  std::string name;
  bool inExcitation = false;
  std::vector<std::string_view> tok;
  std::string_view line;
  // A block takes at least 3 lines of 40 bytes, which bounds the count.
  const std::size_t maxPorts = text.size() / 120 + 1;
  while (s.Next(line))
  {
    const std::string u = Upper(line);
    const std::size_t eq = u.find("FREQ =");
    if (eq != std::string::npos)
    {
      Tokenize(line.substr(eq + 6), tok);
      if (!tok.empty())
      {
        double f = 0;
        if (ParseDouble(tok[0], f) && f > 0 && std::isfinite(f))
        {
          frequency = f;
        }
      }
      continue;
    }
    if (u.find("EXCITATION BY") != std::string::npos)
    {
      inExcitation = true;
      name.clear();
      continue;
    }
    const std::string_view t = Trim(line);
    if (inExcitation && StartsWith(Upper(t), "NAME:"))
    {
      name = std::string(Trim(t.substr(5)));
      continue;
    }
    const std::size_t at = u.find("DATA OF THE VOLTAGE SOURCE NO.");
    if (at == std::string::npos)
    {
      continue;
    }
    inExcitation = false;
    const std::int64_t bannerLine = s.LineNumber();
    FekoPort p;
    p.Name = name;
    Tokenize(line.substr(at + 30), tok);
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
    while (lines < 16 && s.Next(line))
    {
      ++lines;
      const std::string_view r = Trim(line);
      const std::string ur = Upper(r);
      if (r.empty())
      {
        if (haveI || haveZ)
        {
          break; // the blank line after the block
        }
      }
      else if (StartsWith(ur, "CURRENT IN A"))
      {
        p.Current = RowValue(s, After(r, 0, 12), "the source current");
        haveI = true;
      }
      else if (StartsWith(ur, "ADMITT"))
      {
        const std::size_t e = ur.find("A/V");
        p.Admittance = RowValue(s, After(r, 0, e == std::string::npos ? 6 : e + 3), "the admittance");
        haveY = true;
      }
      else if (StartsWith(ur, "IMPEDANCE IN OHM"))
      {
        p.Impedance = RowValue(s, After(r, 0, 16), "the impedance");
        haveZ = true;
      }
      else if (StartsWith(ur, "POWER IN W"))
      {
        const std::size_t e = ur.find("WATT") != std::string::npos ? ur.find("WATT") + 4 : 10;
        Tokenize(After(r, 0, e), tok);
        if (tok.empty())
        {
          s.Fail("no value after 'Power in Watt'");
        }
        p.Power = NeedFinite(s, tok[0], "the source power");
        haveP = true;
      }
      else if (StartsWith(ur, "INDUCTANCE") || StartsWith(ur, "CAPACITANCE") ||
        StartsWith(ur, "REAL PART"))
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

} // namespace cm
