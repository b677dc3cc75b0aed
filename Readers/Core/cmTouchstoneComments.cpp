// SPDX-License-Identifier: BSD-3-Clause
// What Touchstone comments carry: port names (HFSS, scikit-rf, CST) and HFSS's
// "! Port Impedance" lines.
#include "cmTouchstoneParser.h"

#include <string>
#include <utility>

namespace cm
{
namespace touchstone
{
/// "Port[k] = name" (HFSS, ANSYS Designer, scikit-rf, CloudMap's writer) or CST's
/// "Touchstone port k = CST MWS port m ("label") mode j"; other comments are ignored.
void Parser::PortNameComment(std::string_view comment)
{
  const std::string_view c = Trim(comment);
  if (c.size() > 15 && Upper(c.substr(0, 15)) == "TOUCHSTONE PORT")
  {
    this->CstPortName(c.substr(15));
    return;
  }
  if (c.size() < 5 || Upper(c.substr(0, 5)) != "PORT[")
  {
    return;
  }
  const std::size_t close = c.find(']'), eq = c.find('=');
  if (close == std::string_view::npos || eq == std::string_view::npos || eq < close ||
    !Trim(c.substr(close + 1, eq - close - 1)).empty())
  {
    return;
  }
  this->AddPortName(Trim(c.substr(5, close - 5)), std::string(Trim(c.substr(eq + 1))));
}

/// CST: "k = CST MWS port m ("label")" with an optional " mode j" (the regex CST prints
/// in the header): the label, else m, with ":j" for a mode (HFSS's "port:mode").
void Parser::CstPortName(std::string_view rest)
{
  const std::size_t eq = rest.find('=');
  if (eq == std::string_view::npos)
  {
    return;
  }
  std::string_view after = Trim(rest.substr(eq + 1));
  if (after.size() < 12 || Upper(after.substr(0, 12)) != "CST MWS PORT")
  {
    return;
  }
  after = Trim(after.substr(12));
  std::size_t digits = 0;
  while (digits < after.size() && after[digits] >= '0' && after[digits] <= '9')
  {
    ++digits;
  }
  const std::size_t open = after.find("(\""), close = after.rfind("\")");
  if (digits == 0 || open == std::string_view::npos || close == std::string_view::npos ||
    close < open + 2 || !Trim(after.substr(digits, open - digits)).empty())
  {
    return;
  }
  std::string name(Trim(after.substr(open + 2, close - open - 2)));
  name = name.empty() ? std::string(after.substr(0, digits)) : name;
  std::vector<std::string_view> words;
  Tokenize(after.substr(close + 2), words);
  if (words.size() == 2 && Upper(words[0]) == "MODE")
  {
    name += ":" + std::string(words[1]);
  }
  this->AddPortName(Trim(rest.substr(0, eq)), std::move(name));
}

void Parser::AddPortName(std::string_view index, std::string name)
{
  std::int64_t k = 0;
  if (name.empty() || !ParseInt(index, k))
  {
    return;
  }
  this->PortNames.push_back({ k, std::move(name), this->S.LineNumber() });
}

/// One name per port (a port the file does not name gets its number); a name for a port
/// the file does not have is a warning and ignored (scikit-rf ignores it too).
void Parser::ResolvePortNames()
{
  if (!this->Info || this->PortNames.empty())
  {
    return;
  }
  std::vector<std::string> names;
  for (const PortName& p : this->PortNames)
  {
    if (p.Index < 1 || p.Index > this->Ports)
    {
      this->Info->Warnings.push_back(ParseError::Format(this->File, p.Line,
        "a name for port " + std::to_string(p.Index) + " in a " + std::to_string(this->Ports) +
          "-port file is ignored"));
      continue;
    }
    if (names.empty()) // the first name in range: every port numbered, then named
    {
      for (int k = 1; k <= this->Ports; ++k)
      {
        names.push_back(std::to_string(k));
      }
    }
    names[static_cast<std::size_t>(p.Index - 1)] = p.Name;
  }
  this->Info->PortNames = std::move(names);
}

/// A "! Port Impedance" comment starts; false for other comments.
bool Parser::PortImpedanceComment(std::string_view line, std::size_t bang)
{
  const std::string_view c = Trim(line.substr(bang + 1));
  if (c.size() < 13 || Upper(c.substr(0, 4)) != "PORT")
  {
    return false;
  }
  const std::string_view rest = Trim(c.substr(4));
  if (rest.size() < 9 || Upper(rest.substr(0, 9)) != "IMPEDANCE")
  {
    return false;
  }
  const LineScanner& s = this->S;
  if (!this->Record.empty())
  {
    throw ParseError(this->File, this->RecordLine,
      "record cut short: " + std::to_string(this->Record.size()) + " of " + this->PerText() +
        "; line " + std::to_string(s.LineNumber()) + " ('! Port Impedance') follows");
  }
  if (this->Freq.empty())
  {
    s.Fail("a '! Port Impedance' line before the first frequency's record");
  }
  if (this->PortZLines == this->Freq.size())
  {
    s.Fail("a second '! Port Impedance' line for one frequency");
  }
  if (this->PortZLines + 1 != this->Freq.size())
  {
    throw ParseError(this->File, this->FirstPortZLine > 0 ? this->FirstPortZLine : s.LineNumber(),
      "'! Port Impedance' lines for " + std::to_string(this->PortZLines) + " of " +
        std::to_string(this->Freq.size() - 1) + " frequencies");
  }
  this->FirstPortZLine = this->FirstPortZLine > 0 ? this->FirstPortZLine : s.LineNumber();
  this->ZLine = s.LineNumber();
  this->ZNumbers.clear();
  Tokenize(rest.substr(9), this->Tok);
  this->AddPortImpedances();
  return true;
}

/// HFSS wraps a long "! Port Impedance" line onto comment lines of numbers.
void Parser::ContinuePortImpedance(std::string_view line, std::size_t bang)
{
  bool more = bang != std::string_view::npos && Trim(line.substr(0, bang)).empty();
  if (more)
  {
    Tokenize(line.substr(bang + 1), this->Tok);
    double v = 0;
    for (const auto& t : this->Tok)
    {
      more = more && ParseDouble(t, v);
    }
    more = more && !this->Tok.empty();
  }
  if (!more)
  {
    this->FailPortImpedanceCount();
  }
  this->AddPortImpedances();
}

void Parser::AddPortImpedances()
{
  const LineScanner& s = this->S;
  const std::size_t want = 2 * static_cast<std::size_t>(this->Ports);
  for (const auto& t : this->Tok)
  {
    if (this->ZNumbers.size() == want)
    {
      s.Fail("'! Port Impedance' has more than " + std::to_string(want) +
        " numbers (real and imaginary per port)");
    }
    this->ZNumbers.push_back(NeedFinite(s, t, "a port impedance"));
  }
  this->ZPending = this->ZNumbers.size() < want;
  for (std::size_t k = 0; k < want / 2 && !this->ZPending; ++k)
  {
    const C z(this->ZNumbers[2 * k], this->ZNumbers[2 * k + 1]);
    // HFSS prints purely imaginary impedances for a mode below cutoff.
    if (z.real() < 0 || z == C(0))
    {
      s.Fail("a port impedance must have a real part of zero or more and not be zero");
    }
    this->PortZ.push_back(z);
  }
  this->PortZLines += this->ZPending ? 0 : 1;
}

void Parser::FailPortImpedanceCount() const
{
  throw ParseError(this->File, this->ZLine,
    "'! Port Impedance' has " + std::to_string(this->ZNumbers.size()) + " numbers, expected " +
      std::to_string(2 * this->Ports) + " (real and imaginary per port)");
}
} // namespace touchstone
} // namespace cm
