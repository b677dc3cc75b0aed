// SPDX-License-Identifier: BSD-3-Clause
// Touchstone 2.0 [Mixed-Mode Order]: the entries, their checks, the modes' reference
// impedances and the mixed-mode parameter names.
#include "cmTouchstoneParser.h"

#include "cmNecNetwork.h"

#include <cstdio>
#include <string>

namespace cm
{
namespace touchstone
{
namespace
{
/// A port number of an entry: 1 … ports, else 0.
int EntryPort(std::string_view digits, int ports)
{
  std::int64_t k = 0;
  return ParseInt(digits, k) && k >= 1 && k <= ports ? static_cast<int>(k) : 0;
}

std::string Ohms(double r)
{
  char b[32];
  std::snprintf(b, sizeof b, "%g", r);
  return b;
}
} // namespace

/// One entry per port, in the order of the matrix rows: S<p> (single-ended port p),
/// D<p>,<n> and C<p>,<n> (the differential and common modes of the pair of ports p, n).
void Parser::MixedModeKeyword()
{
  const LineScanner& s = this->S;
  if (!this->KeywordPorts)
  {
    s.Fail("[Mixed-Mode Order] before [Number of Ports]");
  }
  if (!this->Modes.empty())
  {
    s.Fail("a second [Mixed-Mode Order]");
  }
  if (this->Tok.size() != static_cast<std::size_t>(this->Ports))
  {
    s.Fail("[Mixed-Mode Order] has " + std::to_string(this->Tok.size()) + " entries, expected " +
      std::to_string(this->Ports) + " (one per row of the " + std::to_string(this->Ports) +
      "-port matrix)");
  }
  for (const auto& t : this->Tok)
  {
    this->AddModeEntry(Upper(t));
  }
  this->CheckModeEntries();
  this->ModeLine = s.LineNumber();
}

void Parser::AddModeEntry(const std::string& t)
{
  const LineScanner& s = this->S;
  ModeEntry e;
  e.Text = t;
  e.Mode = t.empty() ? '?' : t[0];
  const std::size_t comma = t.find(',');
  if (e.Mode == 'S' && comma == std::string::npos)
  {
    e.A = EntryPort(std::string_view(t).substr(1), this->Ports);
  }
  else if ((e.Mode == 'D' || e.Mode == 'C') && comma != std::string::npos)
  {
    e.A = EntryPort(std::string_view(t).substr(1, comma - 1), this->Ports);
    e.B = EntryPort(std::string_view(t).substr(comma + 1), this->Ports);
    e.A = e.A == e.B ? 0 : e.A;
  }
  if (e.A == 0 || (e.Mode != 'S' && e.B == 0))
  {
    s.Fail("[Mixed-Mode Order]: '" + t + "' is not an entry (S<port>, D<port>,<port> or " +
      "C<port>,<port>, two different ports from 1 to " + std::to_string(this->Ports) + ")");
  }
  for (const ModeEntry& o : this->Modes)
  {
    const bool samePair = (o.A == e.A && o.B == e.B) || (o.A == e.B && o.B == e.A);
    if (o.Mode == e.Mode && samePair)
    {
      s.Fail("[Mixed-Mode Order]: '" + t + "' is given twice");
    }
    e.Logical = samePair ? o.Logical : e.Logical;
  }
  if (e.Logical == 0)
  {
    int last = 0;
    for (const ModeEntry& o : this->Modes)
    {
      last = o.Logical > last ? o.Logical : last;
    }
    e.Logical = last + 1;
  }
  this->Modes.push_back(e);
}

/// Every port once: as S, or in one pair (its D and C entries). With one entry per port
/// this also means that every pair has both its D and its C entry (a lone D2,3 would
/// leave N − 1 entries for N − 2 ports, so some port would be named twice).
void Parser::CheckModeEntries() const
{
  const LineScanner& s = this->S;
  std::vector<const ModeEntry*> owner(static_cast<std::size_t>(this->Ports) + 1, nullptr);
  for (const ModeEntry& e : this->Modes)
  {
    for (int p : { e.A, e.B })
    {
      const ModeEntry*& o = owner[static_cast<std::size_t>(p)];
      if (p > 0 && o && (o->Mode == 'S' || e.Mode == 'S' || o->Logical != e.Logical))
      {
        s.Fail("[Mixed-Mode Order]: port " + std::to_string(p) + " is in '" + o->Text +
          "' and in '" + e.Text + "'");
      }
      o = p > 0 ? &e : o;
    }
  }
}

/// The references of the matrix rows: a single-ended port's own, 2 R for a differential
/// and R / 2 for a common mode (R the pair's reference, which must be the same for both
/// ports: the specification's example 16 and scikit-rf, which reads it so).
void Parser::ApplyModeReferences()
{
  if (this->Modes.empty())
  {
    return;
  }
  this->PortRefs = this->Refs;
  std::vector<double> modes;
  for (const ModeEntry& e : this->Modes)
  {
    const double ra = this->Refs[static_cast<std::size_t>(e.A - 1)];
    if (e.Mode != 'S' && ra != this->Refs[static_cast<std::size_t>(e.B - 1)])
    {
      throw ParseError(this->File, this->ModeLine,
        "[Mixed-Mode Order]: the ports of '" + e.Text + "' have the references " + Ohms(ra) +
          " and " + Ohms(this->Refs[static_cast<std::size_t>(e.B - 1)]) +
          " ohms; mode references (2 R, R / 2) are defined for a pair of equal ones");
    }
    modes.push_back(e.Mode == 'D' ? 2 * ra : e.Mode == 'C' ? ra / 2 : ra);
  }
  this->Refs = modes;
}

/// Sdd21 (row: the differential mode of pair 2, column: that of pair 1), Scs13, ...: the
/// entries' modes, then their numbers, pairs and single-ended ports numbered 1, 2, ... in
/// the order the file first names them; S_dd_1_12 style from 10. Else NetworkParameterName.
std::string Parser::ParameterName(std::size_t i, std::size_t j, std::size_t n) const
{
  if (this->Modes.empty())
  {
    return NetworkParameterName('S', static_cast<int>(i), static_cast<int>(j), static_cast<int>(n));
  }
  const ModeEntry& a = this->Modes[i];
  const ModeEntry& b = this->Modes[j];
  std::string modes;
  modes += static_cast<char>(a.Mode - 'A' + 'a');
  modes += static_cast<char>(b.Mode - 'A' + 'a');
  const std::string la = std::to_string(a.Logical), lb = std::to_string(b.Logical);
  return a.Logical < 10 && b.Logical < 10 ? "S" + modes + la + lb
                                          : "S_" + modes + "_" + la + "_" + lb;
}
} // namespace touchstone
} // namespace cm
