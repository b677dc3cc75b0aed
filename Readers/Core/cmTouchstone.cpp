// SPDX-License-Identifier: BSD-3-Clause
#include "cmTouchstone.h"

#include "cmNecNetwork.h"

#include "cmConstants.h"

#include "cmTextScan.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <complex>
#include <cstdio>
#include <stdexcept>

namespace cm
{
namespace
{
using C = std::complex<double>;

/// The largest [Number of Ports] read: 3 N² columns per table (999 ports: 3 million).
constexpr std::int64_t MaxPorts = 999;

struct Options
{
  double Scale = 1e9; // GHz
  char Parameter = 'S';
  std::string Format = "MA";
  double R = 50;
};

void ParseOptions(const LineScanner& s, std::string_view line, Options& o)
{
  std::vector<std::string_view> tok;
  Tokenize(line.substr(1), tok);
  for (std::size_t i = 0; i < tok.size(); ++i)
  {
    const std::string t = Upper(tok[i]);
    if (t == "HZ" || t == "KHZ" || t == "MHZ" || t == "GHZ")
    {
      o.Scale = t == "HZ" ? 1 : t == "KHZ" ? 1e3 : t == "MHZ" ? 1e6 : 1e9;
    }
    else if (t == "S" || t == "Y" || t == "Z")
    {
      o.Parameter = t[0];
    }
    else if (t == "G" || t == "H")
    {
      s.Fail("option line: " + t + " parameters are not supported (only S, Y and Z)");
    }
    else if (t == "RI" || t == "MA" || t == "DB")
    {
      o.Format = t;
    }
    else if (t == "R")
    {
      if (i + 1 >= tok.size())
      {
        s.Fail("option line: R without a reference impedance");
      }
      if (tok[i + 1].find('(') != std::string_view::npos)
      {
        s.Fail("option line: a complex reference impedance R " + std::string(tok[i + 1]) +
          " is not Touchstone (R is a real number of ohms)");
      }
      o.R = NeedFinite(s, tok[++i], "the reference impedance after R");
      if (!(o.R > 0))
      {
        s.Fail("option line: the reference impedance R must be positive");
      }
    }
    else
    {
      s.Fail("option line: unknown option '" + std::string(tok[i]) +
        "' (expected Hz/kHz/MHz/GHz, S/Y/Z, RI/MA/DB, R <ohms>)");
    }
  }
}

C FromPair(const LineScanner& s, double a, double b, const std::string& format)
{
  if (format == "RI")
  {
    return { a, b };
  }
  const double mag = format == "DB" ? std::pow(10.0, a / 20) : a;
  if (format == "MA" && a < 0)
  {
    s.Fail("a magnitude must not be negative");
  }
  return std::polar(mag, b * cm::Pi / 180);
}

/// x = b a⁻¹ for n × n row-major matrices (Gauss-Jordan on the transposed system
/// aᵀ xᵀ = bᵀ, partial pivoting); false when a is singular.
bool RightDivide(std::vector<C> b, std::vector<C> a, std::size_t n, std::vector<C>& x)
{
  // Transpose both: solve aᵀ X = bᵀ, then x = Xᵀ.
  std::vector<C> at(n * n), bt(n * n);
  for (std::size_t i = 0; i < n; ++i)
  {
    for (std::size_t j = 0; j < n; ++j)
    {
      at[i * n + j] = a[j * n + i];
      bt[i * n + j] = b[j * n + i];
    }
  }
  for (std::size_t c = 0; c < n; ++c)
  {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
    {
      p = std::abs(at[r * n + c]) > std::abs(at[p * n + c]) ? r : p;
    }
    if (!(std::abs(at[p * n + c]) > 0))
    {
      return false;
    }
    for (std::size_t k = 0; k < n && p != c; ++k)
    {
      std::swap(at[p * n + k], at[c * n + k]);
      std::swap(bt[p * n + k], bt[c * n + k]);
    }
    const C d = at[c * n + c];
    for (std::size_t r = 0; r < n; ++r)
    {
      if (r == c)
      {
        continue;
      }
      const C f = at[r * n + c] / d;
      if (f == C(0))
      {
        continue;
      }
      for (std::size_t k = 0; k < n; ++k)
      {
        at[r * n + k] -= f * at[c * n + k];
        bt[r * n + k] -= f * bt[c * n + k];
      }
    }
  }
  x.assign(n * n, C(0));
  for (std::size_t i = 0; i < n; ++i)
  {
    for (std::size_t j = 0; j < n; ++j)
    {
      x[j * n + i] = bt[i * n + j] / at[i * n + i];
    }
  }
  return true;
}

/// The file's keyword, upper-case with single spaces ("[Number of Ports] 2" → "NUMBER OF
/// PORTS"), and what follows the bracket.
std::string Keyword(const LineScanner& s, std::string_view line, std::string_view& rest)
{
  const std::size_t close = line.find(']');
  if (close == std::string_view::npos)
  {
    s.Fail("a keyword without its closing ']'");
  }
  std::vector<std::string_view> words;
  Tokenize(line.substr(1, close - 1), words);
  std::string k;
  for (const auto& w : words)
  {
    k += (k.empty() ? "" : " ") + Upper(w);
  }
  rest = Trim(line.substr(close + 1));
  return k;
}
} // namespace

int TouchstonePortsFromName(const std::string& fileName)
{
  const std::size_t dot = fileName.rfind('.');
  if (dot == std::string::npos)
  {
    return 0;
  }
  const std::string ext = Upper(fileName.substr(dot + 1));
  // .sNp for any N from 1 to 99
  if (ext.size() < 3 || ext.size() > 4 || ext.front() != 'S' || ext.back() != 'P')
  {
    return 0;
  }
  int n = 0;
  for (std::size_t k = 1; k + 1 < ext.size(); ++k)
  {
    if (ext[k] < '0' || ext[k] > '9')
    {
      return 0;
    }
    n = 10 * n + (ext[k] - '0');
  }
  return n;
}

namespace
{
/// The Touchstone parser: its state, and one member per part of the file. Run() reads
/// each line (the "! Port Impedance" comments, the option line, the 2.0 keywords, the
/// network data and the noise block), then checks what the file declared, converts Y and
/// Z to S and builds the table.
class TouchstoneParser
{
public:
  TouchstoneParser(std::string_view text, const std::string& file, int ports, TouchstoneInfo* info)
    : S(text, file)
    , File(file)
    , Ports(ports)
    , Info(info)
  {}

  ColumnTable Run();

private:
  enum Section
  {
    Header,
    Network,
    Noise,
    Done
  };

  void ReadLine(std::string_view line);
  // "! Port[k] = name" (HFSS, scikit-rf) and CST's "! Touchstone port k = CST MWS port m
  // ("label")": kept with their lines, checked against the port count at the end.
  void PortNameComment(std::string_view comment);
  void CstPortName(std::string_view rest);
  void AddPortName(std::string_view index, std::string name);
  void ResolvePortNames();
  // HFSS's "! Port Impedance re1 im1 ... reN imN" after each frequency's record (older
  // versions glue the first number to the word: "! Port Impedance50 0 50 0").
  bool PortImpedanceComment(std::string_view line, std::size_t bang);
  void ContinuePortImpedance(std::string_view line, std::size_t bang);
  void AddPortImpedances();
  [[noreturn]] void FailPortImpedanceCount() const;
  void OptionLine(std::string_view line);
  // Touchstone 2.0 keywords.
  void KeywordLine(std::string_view line);
  void VersionKeyword(std::string_view rest);
  /// [Begin Information], [End], [Noise Data]; false for the other keywords.
  bool BlockKeyword(const std::string& k);
  void NoiseDataKeyword();
  /// The keywords of the header, before [Network Data].
  void HeaderKeyword(const std::string& k, std::string_view rest);
  std::string_view One(const std::string& k, const char* what) const;
  void CountKeyword(const std::string& k);
  void OrderKeyword(const std::string& k);
  void NetworkDataKeyword();
  /// [Reference]'s impedances on its line or the lines after it.
  void ReadReferences();
  void CheckReferencesComplete() const;
  // Network data and noise parameters.
  void DataLine(std::string_view line);
  void FirstDataLine();
  void StartNetwork();
  std::string PerText() const;
  bool NoiseStarts();
  void NoiseWarn(const std::string& what);
  void NoiseRow();
  void BuildNoiseTable();
  void NetworkLine();
  void StartRecord();
  void FinishRecord();
  // After the last line.
  void FinalChecks();
  void ConvertToS();
  ColumnTable BuildTable();
  void AddParameterColumns(ColumnTable& t, std::size_t n, std::size_t rows) const;
  void AddPortImpedanceColumns(ColumnTable& t, std::size_t n, std::size_t rows) const;

  LineScanner S;
  const std::string& File;
  int Ports;
  TouchstoneInfo* Info;
  Options O;
  bool HaveOptions = false;
  // Version 2.0 state.
  bool V2 = false, SawContent = false, KeywordPorts = false, InInfo = false;
  int Order = 0; // [Two-Port Data Order]: 0 not given, 21 for 21_12, 12 for 12_21
  char Matrix = 'F'; // [Matrix Format] Full, Lower, Upper
  std::int64_t NFreqDeclared = -1, NNoiseDeclared = -1, NFreqLine = 0, NNoiseLine = 0;
  std::vector<double> Refs; // [Reference], one per port
  std::size_t RefsWanted = 0;
  std::int64_t RefLine = 0;
  Section Sec = Header;
  // The record being read: the frequency, then the values, and the line it starts on.
  std::vector<double> Record;
  std::size_t Per = 0; // numbers per record
  std::int64_t RecordLine = 0;
  std::vector<double> Freq;
  std::vector<std::int64_t> FreqLine;
  std::vector<C> Values; // per frequency, N² entries row-major (as the file's matrix)
  // Noise parameters (2 ports): a bad block is one problem and no noise table.
  bool NoiseBad = false;
  std::string NoiseProblem;
  std::vector<std::array<double, 5>> NoiseData; // the rows as the file gives them
  double LastNoise = -1;
  std::int64_t NoiseLine = 0;
  struct PortName
  {
    std::int64_t Index; // 1-based, as the comment gives it
    std::string Name;
    std::int64_t Line;
  };
  std::vector<PortName> PortNames;
  std::vector<std::string_view> Tok;
  std::vector<C> PortZ; // per frequency, N impedances
  std::size_t PortZLines = 0;
  std::int64_t FirstPortZLine = 0;
  // A "! Port Impedance" line being read (HFSS wraps it after 4 ports).
  bool ZPending = false;
  std::int64_t ZLine = 0;
  std::vector<double> ZNumbers;
  bool OtherZ = false; // port impedances other than R become columns
};

ColumnTable TouchstoneParser::Run()
{
  std::string_view line;
  while (this->S.Next(line))
  {
    this->ReadLine(line);
  }
  this->FinalChecks();
  this->ConvertToS();
  return this->BuildTable();
}

void TouchstoneParser::ReadLine(std::string_view line)
{
  const std::size_t bang = line.find('!');
  if (this->ZPending)
  {
    this->ContinuePortImpedance(line, bang);
    return;
  }
  if (bang != std::string_view::npos)
  {
    this->PortNameComment(line.substr(bang + 1));
  }
  if (bang != std::string_view::npos && this->Sec == Network &&
    this->PortImpedanceComment(line, bang))
  {
    return;
  }
  line = Trim(bang == std::string_view::npos ? line : line.substr(0, bang));
  if (line.empty() || this->Sec == Done)
  {
    return; // after [End]: ignored
  }
  if (this->InInfo)
  {
    std::string_view rest;
    if (line[0] == '[' && line.find(']') != std::string_view::npos &&
      Keyword(this->S, line, rest) == "END INFORMATION")
    {
      this->InInfo = false;
    }
    return;
  }
  if (line[0] == '[')
  {
    this->KeywordLine(line);
  }
  else if (line[0] == '#')
  {
    this->OptionLine(line);
  }
  else
  {
    this->DataLine(line);
  }
}

/// "Port[k] = name" (HFSS, ANSYS Designer, scikit-rf, CloudMap's writer) or CST's
/// "Touchstone port k = CST MWS port m ("label") mode j"; other comments are ignored.
void TouchstoneParser::PortNameComment(std::string_view comment)
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
void TouchstoneParser::CstPortName(std::string_view rest)
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

void TouchstoneParser::AddPortName(std::string_view index, std::string name)
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
void TouchstoneParser::ResolvePortNames()
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
bool TouchstoneParser::PortImpedanceComment(std::string_view line, std::size_t bang)
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
void TouchstoneParser::ContinuePortImpedance(std::string_view line, std::size_t bang)
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

void TouchstoneParser::AddPortImpedances()
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

void TouchstoneParser::FailPortImpedanceCount() const
{
  throw ParseError(this->File, this->ZLine,
    "'! Port Impedance' has " + std::to_string(this->ZNumbers.size()) + " numbers, expected " +
      std::to_string(2 * this->Ports) + " (real and imaginary per port)");
}

void TouchstoneParser::OptionLine(std::string_view line)
{
  if (!this->HaveOptions && this->Sec == Header && this->Record.empty())
  {
    ParseOptions(this->S, line, this->O);
    this->HaveOptions = true;
    this->SawContent = true;
  }
  // later option lines are ignored (Touchstone 1.1)
}

void TouchstoneParser::KeywordLine(std::string_view line)
{
  const LineScanner& s = this->S;
  std::string_view rest;
  const std::string k = Keyword(s, line, rest);
  if (k == "VERSION")
  {
    this->VersionKeyword(rest);
    return;
  }
  this->SawContent = true;
  if (!this->V2)
  {
    s.Fail(
      "the Touchstone 2.0 keyword [" + k + "] in a file without '[Version] 2.0' as its first line");
  }
  this->CheckReferencesComplete();
  if (this->BlockKeyword(k))
  {
    return;
  }
  if (this->Sec != Header)
  {
    s.Fail("the keyword [" + k + "] after [Network Data]");
  }
  if (!this->HaveOptions)
  {
    s.Fail("the keyword [" + k + "] before the option line ('# GHz S MA R 50')");
  }
  this->HeaderKeyword(k, rest);
}

void TouchstoneParser::VersionKeyword(std::string_view rest)
{
  if (this->SawContent)
  {
    this->S.Fail("[Version] must be the first line that is not a comment");
  }
  Tokenize(rest, this->Tok);
  if (this->Tok.size() != 1 || (this->Tok[0] != "2.0" && this->Tok[0] != "2.1"))
  {
    this->S.Fail("[Version] " + std::string(rest) + ": versions 1.x and 2.0 are read");
  }
  this->V2 = true;
  this->SawContent = true;
}

bool TouchstoneParser::BlockKeyword(const std::string& k)
{
  if (k == "BEGIN INFORMATION")
  {
    this->InInfo = true;
  }
  else if (k == "END")
  {
    this->Sec = Done;
  }
  else if (k == "NOISE DATA")
  {
    this->NoiseDataKeyword();
  }
  else
  {
    return false;
  }
  return true;
}

void TouchstoneParser::NoiseDataKeyword()
{
  if (this->Sec != Network)
  {
    this->S.Fail("[Noise Data] before [Network Data]");
  }
  this->Sec = Noise;
  this->NoiseLine = this->S.LineNumber();
  if (this->Ports != 2)
  {
    this->NoiseWarn("[Noise Data] in a " + std::to_string(this->Ports) +
      "-port file (noise parameters are for 2 ports)");
  }
  else if (this->NNoiseDeclared < 0)
  {
    this->NoiseWarn("[Noise Data] without [Number of Noise Frequencies]");
  }
}

void TouchstoneParser::HeaderKeyword(const std::string& k, std::string_view rest)
{
  Tokenize(rest, this->Tok);
  if (k == "NUMBER OF PORTS" || k == "NUMBER OF FREQUENCIES" || k == "NUMBER OF NOISE FREQUENCIES")
  {
    this->CountKeyword(k);
  }
  else if (k == "TWO-PORT DATA ORDER" || k == "MATRIX FORMAT")
  {
    this->OrderKeyword(k);
  }
  else if (k == "REFERENCE")
  {
    if (!this->KeywordPorts)
    {
      this->S.Fail("[Reference] before [Number of Ports]");
    }
    this->Refs.clear();
    this->RefsWanted = static_cast<std::size_t>(this->Ports);
    this->RefLine = this->S.LineNumber();
    this->ReadReferences();
  }
  else if (k == "NETWORK DATA")
  {
    this->NetworkDataKeyword();
  }
  else if (k == "MIXED-MODE ORDER")
  {
    this->S.Fail("[Mixed-Mode Order]: mixed-mode (differential) data is not read");
  }
  else
  {
    this->S.Fail("unknown keyword [" + k + "]");
  }
}

/// The keyword's one value.
std::string_view TouchstoneParser::One(const std::string& k, const char* what) const
{
  if (this->Tok.size() != 1)
  {
    this->S.Fail(
      "[" + k + "] needs one value (" + what + "), found " + std::to_string(this->Tok.size()));
  }
  return this->Tok[0];
}

/// [Number of Ports], [Number of Frequencies], [Number of Noise Frequencies].
void TouchstoneParser::CountKeyword(const std::string& k)
{
  const LineScanner& s = this->S;
  if (k == "NUMBER OF PORTS")
  {
    const std::int64_t n =
      NeedCount(s, this->One(k, "the number of ports"), "the number of ports", MaxPorts);
    if (n < 1)
    {
      s.Fail("[Number of Ports] must be at least 1");
    }
    this->Ports = static_cast<int>(n);
    this->KeywordPorts = true;
  }
  else if (k == "NUMBER OF FREQUENCIES")
  {
    this->NFreqDeclared =
      NeedCount(s, this->One(k, "a count"), "the number of frequencies", INT64_MAX);
    this->NFreqLine = s.LineNumber();
    if (this->NFreqDeclared < 1)
    {
      s.Fail("[Number of Frequencies] must be at least 1");
    }
  }
  else
  {
    this->NNoiseDeclared =
      NeedCount(s, this->One(k, "a count"), "the number of noise frequencies", INT64_MAX);
    this->NNoiseLine = s.LineNumber();
  }
}

/// [Two-Port Data Order], [Matrix Format].
void TouchstoneParser::OrderKeyword(const std::string& k)
{
  if (k == "TWO-PORT DATA ORDER")
  {
    const std::string v = Upper(this->One(k, "12_21 or 21_12"));
    if (v != "12_21" && v != "21_12")
    {
      this->S.Fail("[Two-Port Data Order] is '" + v + "', expected 12_21 or 21_12");
    }
    this->Order = v == "12_21" ? 12 : 21;
  }
  else
  {
    const std::string v = Upper(this->One(k, "Full, Lower or Upper"));
    if (v != "FULL" && v != "LOWER" && v != "UPPER")
    {
      this->S.Fail("[Matrix Format] is '" + v + "', expected Full, Lower or Upper");
    }
    this->Matrix = v[0];
  }
}

void TouchstoneParser::NetworkDataKeyword()
{
  const LineScanner& s = this->S;
  if (!this->KeywordPorts)
  {
    s.Fail("[Network Data] without [Number of Ports] before it (required in 2.0)");
  }
  if (this->Ports == 2 && this->Order == 0)
  {
    s.Fail("[Network Data] of 2 ports without [Two-Port Data Order] (12_21 or 21_12, "
           "required in 2.0)");
  }
  if (this->NFreqDeclared < 0)
  {
    s.Fail("[Network Data] without [Number of Frequencies] before it (required in 2.0)");
  }
  this->Sec = Network;
  this->StartNetwork();
}

void TouchstoneParser::ReadReferences()
{
  for (const auto& t : this->Tok)
  {
    if (this->Refs.size() == this->RefsWanted)
    {
      this->S.Fail("[Reference] has more than " + std::to_string(this->RefsWanted) +
        " impedances (one per port)");
    }
    this->Refs.push_back(NeedFinite(this->S, t, "a reference impedance"));
    if (!(this->Refs.back() > 0))
    {
      this->S.Fail("a reference impedance must be positive");
    }
  }
  this->RefsWanted = this->Refs.size() == this->RefsWanted ? 0 : this->RefsWanted;
}

void TouchstoneParser::CheckReferencesComplete() const
{
  if (this->RefsWanted > 0)
  {
    throw ParseError(this->File, this->RefLine,
      "[Reference] has " + std::to_string(this->Refs.size()) + " impedances, expected " +
        std::to_string(this->RefsWanted) + " (one per port)");
  }
}

void TouchstoneParser::DataLine(std::string_view line)
{
  Tokenize(line, this->Tok);
  if (this->RefsWanted > 0)
  {
    this->ReadReferences(); // [Reference] continues on the next lines.
    return;
  }
  if (!this->HaveOptions)
  {
    this->S.Fail("no option line ('# GHz S MA R 50') before this line: not a Touchstone file");
  }
  if (this->Sec == Header)
  {
    this->FirstDataLine();
  }
  if (this->NoiseStarts())
  {
    this->Sec = Noise;
    this->NoiseLine = this->S.LineNumber();
  }
  if (this->Sec == Noise)
  {
    this->NoiseRow();
    return;
  }
  this->NetworkLine();
}

/// The first line of data in a 1.x file: its count tells the ports when the name does not.
void TouchstoneParser::FirstDataLine()
{
  if (this->V2)
  {
    this->S.Fail("data before [Network Data] (a Touchstone 2.0 file)");
  }
  if (this->Ports <= 0)
  {
    if (this->Tok.size() != 3 && this->Tok.size() != 9)
    {
      this->S.Fail("cannot tell the number of ports: the first data line has " +
        std::to_string(this->Tok.size()) +
        " numbers (3 for 1 port, 9 for 2); name the file .sNp (N ports)");
    }
    this->Ports = this->Tok.size() == 3 ? 1 : 2;
  }
  this->Sec = Network;
  this->StartNetwork();
}

void TouchstoneParser::StartNetwork()
{
  if (this->Ports <= 0)
  {
    this->S.Fail("cannot tell the number of ports");
  }
  const auto n = static_cast<std::size_t>(this->Ports);
  const std::size_t pairs = this->Matrix == 'F' ? n * n : n * (n + 1) / 2;
  this->Per = 1 + 2 * pairs;
}

std::string TouchstoneParser::PerText() const
{
  return std::to_string(this->Per) + " numbers for this frequency (" + std::to_string(this->Ports) +
    "-port: the frequency and " + std::to_string(this->Per - 1) + " values)";
}

/// Touchstone 1.1: the noise parameters of a 2-port file start at a frequency not above
/// the last one (a row shorter than a network record), and run to the end.
bool TouchstoneParser::NoiseStarts()
{
  double first = 0;
  return this->Sec == Network && !this->V2 && this->Ports == 2 && this->Record.empty() &&
    !this->Freq.empty() && this->Tok.size() < 9 && ParseDouble(this->Tok[0], first) &&
    first * this->O.Scale <= this->Freq.back();
}

void TouchstoneParser::NoiseWarn(const std::string& what)
{
  if (!this->NoiseBad)
  {
    this->NoiseProblem = ParseError::Format(this->File, this->S.LineNumber(), what);
  }
  this->NoiseBad = true;
  this->NoiseData.clear();
}

void TouchstoneParser::NoiseRow()
{
  if (this->NoiseBad)
  {
    return;
  }
  const auto& tok = this->Tok;
  if (tok.size() != 5)
  {
    this->NoiseWarn("noise parameter row has " + std::to_string(tok.size()) +
      " numbers, expected 5 (frequency, NFmin, |Gamma_opt|, angle, Rn)");
    return;
  }
  double v[5] = {};
  for (std::size_t k = 0; k < 5; ++k)
  {
    if (!ParseDouble(tok[k], v[k]) || !std::isfinite(v[k]))
    {
      this->NoiseWarn("noise parameter row: '" + std::string(tok[k]) + "' is not a finite number");
      return;
    }
  }
  if (!(v[0] > this->LastNoise))
  {
    this->NoiseWarn("noise frequency " + std::string(tok[0]) + " does not increase");
    return;
  }
  if (v[2] < 0 || v[4] < 0)
  {
    this->NoiseWarn(std::string(v[2] < 0 ? "the magnitude of Gamma_opt" : "Rn") + " '" +
      std::string(tok[v[2] < 0 ? 2 : 4]) + "' is negative");
    return;
  }
  this->LastNoise = v[0];
  this->NoiseData.push_back({ v[0], v[1], v[2], v[3], v[4] });
}

/// The noise table: frequencies in Hz, Gamma_opt also as re/im, Rn in ohms (1.x
/// normalises it to R, 2.0 gives ohms: the specification's example 18 has Rn .38 in 1.0
/// and 19 in 2.0, R 50). Gamma_opt is against port 1's reference, as the file gives it.
void TouchstoneParser::BuildNoiseTable()
{
  if (!this->Info)
  {
    return;
  }
  this->Info->NoiseProblem = this->NoiseProblem;
  if (this->NoiseBad || this->NoiseData.empty())
  {
    return;
  }
  const std::size_t rows = this->NoiseData.size();
  std::vector<std::vector<double>> c(7, std::vector<double>(rows));
  for (std::size_t r = 0; r < rows; ++r)
  {
    const auto& v = this->NoiseData[r];
    const C g = std::polar(v[2], v[3] * cm::Pi / 180);
    c[0][r] = v[0] * this->O.Scale;
    c[1][r] = v[1];
    c[2][r] = v[2];
    c[3][r] = v[3];
    c[4][r] = g.real();
    c[5][r] = g.imag();
    c[6][r] = this->V2 ? v[4] : v[4] * this->O.R;
  }
  ColumnTable& t = this->Info->Noise;
  t.ReferenceImpedance = this->Refs[0];
  const char* names[] = { "Frequency", "NFmin[dB]", "GammaOpt_mag", "GammaOpt_ang[deg]",
    "GammaOpt_re", "GammaOpt_im", "Rn[Ohm]" };
  for (std::size_t k = 0; k < 7; ++k)
  {
    t.Add(names[k]) = std::move(c[k]);
  }
}

/// Network data: a line with an odd count of numbers starts a frequency's record (the
/// frequency and whole pairs), one with an even count continues it.
void TouchstoneParser::NetworkLine()
{
  const LineScanner& s = this->S;
  const auto& tok = this->Tok;
  const bool starts = tok.size() % 2 == 1;
  if (starts && !this->Record.empty())
  {
    throw ParseError(this->File, this->RecordLine,
      "record cut short: " + std::to_string(this->Record.size()) + " of " + this->PerText() +
        "; line " + std::to_string(s.LineNumber()) + " starts the next frequency");
  }
  if (!starts && this->Record.empty())
  {
    if (this->Freq.empty())
    {
      s.Fail("a line of " + std::to_string(tok.size()) +
        " numbers where a frequency's record should start (an odd count: the frequency "
        "and pairs)");
    }
    s.Fail("record cut short or too long: a line of " + std::to_string(tok.size()) +
      " numbers, an even count, neither starts a frequency's record (the frequency and "
      "pairs: " +
      this->PerText() + ") nor continues one (the frequency of line " +
      std::to_string(this->FreqLine.back()) + " has all its numbers)");
  }
  if (starts)
  {
    this->StartRecord();
  }
  if (this->Record.size() + tok.size() > this->Per)
  {
    throw ParseError(this->File, this->RecordLine,
      "more than " + this->PerText() +
        (this->RecordLine == s.LineNumber()
            ? std::string()
            : ": line " + std::to_string(s.LineNumber()) + " continues the record"));
  }
  for (const auto& t : tok)
  {
    this->Record.push_back(
      NeedFinite(s, t, this->Record.empty() ? "a frequency" : "a parameter value"));
  }
  if (this->Record.size() == this->Per)
  {
    this->FinishRecord();
  }
}

/// The frequency that starts a record: finite, increasing, not negative.
void TouchstoneParser::StartRecord()
{
  const LineScanner& s = this->S;
  const std::string_view t0 = this->Tok[0];
  const double f = NeedFinite(s, t0, "a frequency");
  if (!this->Freq.empty() && !(f * this->O.Scale > this->Freq.back()))
  {
    s.Fail("frequency " + std::string(t0) + " does not increase (the previous one was " +
      std::to_string(this->Freq.back() / this->O.Scale) + ")");
  }
  if (f < 0)
  {
    s.Fail("negative frequency " + std::string(t0));
  }
  this->RecordLine = s.LineNumber();
}

/// A whole record into the N × N matrix: Full, Lower or Upper; 2 ports in the 1.1 /
/// 21_12 column order or the 12_21 row order.
void TouchstoneParser::FinishRecord()
{
  const auto n = static_cast<std::size_t>(this->Ports);
  const char matrix = this->Matrix;
  std::vector<C> m(n * n);
  std::vector<C> in((this->Per - 1) / 2);
  for (std::size_t k = 0; k < in.size(); ++k)
  {
    in[k] = FromPair(this->S, this->Record[1 + 2 * k], this->Record[2 + 2 * k], this->O.Format);
  }
  if (n == 2 && matrix == 'F')
  {
    // Touchstone 1.1 and 21_12: N11 N21 N12 N22 (column order); 12_21: row order.
    m = this->Order == 12 ? in : std::vector<C>{ in[0], in[2], in[1], in[3] };
  }
  else
  {
    std::size_t k = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
      const std::size_t j0 = matrix == 'U' ? i : 0, j1 = matrix == 'L' ? i + 1 : n;
      for (std::size_t j = j0; j < j1; ++j)
      {
        m[i * n + j] = in[k];
        if (matrix != 'F')
        {
          m[j * n + i] = in[k]; // Lower, Upper: the symmetric half
        }
        ++k;
      }
    }
  }
  this->Values.insert(this->Values.end(), m.begin(), m.end());
  this->Freq.push_back(this->Record[0] * this->O.Scale);
  this->FreqLine.push_back(this->RecordLine);
  this->Record.clear();
}

/// What the file left open or declared and did not give.
void TouchstoneParser::FinalChecks()
{
  if (this->ZPending)
  {
    this->FailPortImpedanceCount();
  }
  this->CheckReferencesComplete();
  if (!this->Record.empty())
  {
    throw ParseError(this->File, this->RecordLine,
      "record cut short: " + std::to_string(this->Record.size()) + " of " + this->PerText());
  }
  if (this->Freq.empty())
  {
    throw ParseError(this->File, this->S.LineNumber(),
      this->HaveOptions ? "no data after the option line"
                        : "empty file: no Touchstone option line or data");
  }
  // [End] may be missing (scikit-rf's copies of the specification's examples end
  // without it): [Number of Frequencies] has checked that the network data is complete.
  if (this->NFreqDeclared >= 0 &&
    static_cast<std::size_t>(this->NFreqDeclared) != this->Freq.size())
  {
    throw ParseError(this->File, this->NFreqLine,
      "[Number of Frequencies] " + std::to_string(this->NFreqDeclared) +
        " but the network data has " + std::to_string(this->Freq.size()));
  }
  if (this->NoiseLine > 0 && !this->NoiseBad && this->V2 && this->NNoiseDeclared >= 0 &&
    static_cast<std::size_t>(this->NNoiseDeclared) != this->NoiseData.size())
  {
    this->NoiseProblem = ParseError::Format(this->File, this->NNoiseLine,
      "[Number of Noise Frequencies] " + std::to_string(this->NNoiseDeclared) +
        " but [Noise Data] has " + std::to_string(this->NoiseData.size()) + " rows");
    this->NoiseBad = true;
    this->NoiseData.clear();
  }
  if (this->PortZLines > 0 && this->PortZLines != this->Freq.size())
  {
    throw ParseError(this->File, this->FirstPortZLine,
      "'! Port Impedance' lines for " + std::to_string(this->PortZLines) + " of " +
        std::to_string(this->Freq.size()) + " frequencies");
  }
}

/// The reference of each port: [Reference] (2.0), else R. To S: Touchstone 1.x
/// normalises Y and Z to R; 2.0 does not (normalise by each port's reference,
/// z = G^-1/2 Z G^-1/2, y = G^1/2 Y G^1/2), then S = (z − I)(z + I)⁻¹ = (I − y)(I + y)⁻¹.
void TouchstoneParser::ConvertToS()
{
  const auto n = static_cast<std::size_t>(this->Ports);
  if (this->Refs.empty())
  {
    this->Refs.assign(n, this->O.R);
  }
  const char p = this->O.Parameter;
  if (p == 'S')
  {
    return;
  }
  std::vector<C> plus(n * n), minus(n * n), sm;
  for (std::size_t f = 0; f < this->Freq.size(); ++f)
  {
    for (std::size_t i = 0; i < n; ++i)
    {
      for (std::size_t j = 0; j < n; ++j)
      {
        C v = this->Values[f * n * n + i * n + j];
        if (this->V2)
        {
          const double g = std::sqrt(this->Refs[i] * this->Refs[j]);
          v = p == 'Z' ? v / g : v * g;
        }
        const double id = i == j ? 1 : 0;
        plus[i * n + j] = v + id;
        minus[i * n + j] = p == 'Z' ? v - id : id - v;
      }
    }
    if (!RightDivide(minus, plus, n, sm))
    {
      throw ParseError(this->File, this->FreqLine[f],
        std::string(1, p) + " matrix has no S parameters (" + (p == 'Z' ? "z + I" : "I + y") +
          " is singular)");
    }
    std::copy(sm.begin(), sm.end(), this->Values.begin() + static_cast<std::ptrdiff_t>(f * n * n));
  }
}

/// Port impedances other than R (HFSS's comments, or [Reference]): the S columns stay as
/// the file gives them (against each port's impedance), port 1's impedance comes from
/// its own, the reflection columns are against R, and the impedances become columns.
ColumnTable TouchstoneParser::BuildTable()
{
  const auto n = static_cast<std::size_t>(this->Ports);
  const std::size_t rows = this->Freq.size();
  const auto& refs = this->Refs;
  ColumnTable t;
  t.ReferenceImpedance = this->O.R;
  bool sameRefs = true;
  for (double r : refs)
  {
    sameRefs = sameRefs && r == refs[0];
  }
  for (const C& z : this->PortZ)
  {
    this->OtherZ = this->OtherZ || std::abs(z - this->O.R) > 1e-9 * this->O.R;
  }
  if (this->PortZ.empty() && sameRefs)
  {
    t.ReferenceImpedance = refs[0];
  }
  else if (this->PortZ.empty())
  {
    this->OtherZ = true;
    for (std::size_t f = 0; f < rows; ++f)
    {
      this->PortZ.insert(this->PortZ.end(), refs.begin(), refs.end());
    }
  }
  if (this->Info)
  {
    this->Info->Version = this->V2 ? 2 : 1;
    this->Info->Ports = this->Ports;
    this->Info->PortReferenceImpedances = refs;
  }
  this->BuildNoiseTable();
  this->ResolvePortNames();
  t.Add("Frequency") = this->Freq;
  this->AddParameterColumns(t, n, rows);
  std::vector<C> z(rows);
  for (std::size_t r = 0; r < rows; ++r)
  {
    const C s11 = this->Values[r * n * n];
    const C z1 = this->OtherZ ? this->PortZ[r * n] : C(t.ReferenceImpedance);
    z[r] = z1 * (1.0 + s11) / (1.0 - s11);
  }
  AddReflectionColumns(z, t.ReferenceImpedance, t);
  if (this->OtherZ)
  {
    this->AddPortImpedanceColumns(t, n, rows);
  }
  return t;
}

/// Sij_re, Sij_im, Sij_dB: S11 S21 S12 S22 for 2 ports (the columns of the 1.1 reader, in
/// the file's order), else row-major.
void TouchstoneParser::AddParameterColumns(ColumnTable& t, std::size_t n, std::size_t rows) const
{
  auto add = [&](std::size_t i, std::size_t j) {
    std::vector<double> re(rows), im(rows), db(rows);
    for (std::size_t r = 0; r < rows; ++r)
    {
      const C v = this->Values[r * n * n + i * n + j];
      re[r] = v.real();
      im[r] = v.imag();
      db[r] = 20 * std::log10(std::abs(v));
    }
    const std::string name =
      NetworkParameterName('S', static_cast<int>(i), static_cast<int>(j), static_cast<int>(n));
    t.Add(name + "_re") = std::move(re);
    t.Add(name + "_im") = std::move(im);
    t.Add(name + "_dB") = std::move(db);
  };
  for (std::size_t k = 0; k < n * n; ++k)
  {
    if (n == 2)
    {
      add(k % 2, k / 2); // k = 0 1 2 3: S11 S21 S12 S22 (column order)
    }
    else
    {
      add(k / n, k % n);
    }
  }
}

void TouchstoneParser::AddPortImpedanceColumns(
  ColumnTable& t, std::size_t n, std::size_t rows) const
{
  for (std::size_t k = 0; k < n; ++k)
  {
    std::vector<double> re(rows), im(rows);
    for (std::size_t r = 0; r < rows; ++r)
    {
      re[r] = this->PortZ[r * n + k].real();
      im[r] = this->PortZ[r * n + k].imag();
    }
    t.Add("PortImpedance" + std::to_string(k + 1) + "_re") = std::move(re);
    t.Add("PortImpedance" + std::to_string(k + 1) + "_im") = std::move(im);
  }
}
} // namespace

ColumnTable ParseTouchstone(
  std::string_view rawText, const std::string& fileName, int ports, TouchstoneInfo* info)
{
  std::string storage;
  TouchstoneParser p(Untabbed(rawText, storage), fileName, ports, info);
  return p.Run();
}

ColumnTable ReadTouchstoneFile(const std::string& path, TouchstoneInfo* info)
{
  return ParseTouchstone(
    ReadWholeFile(path, 1ull << 32), path, TouchstonePortsFromName(path), info);
}

} // namespace cm
