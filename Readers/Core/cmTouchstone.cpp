// SPDX-License-Identifier: BSD-3-Clause
// The Touchstone parser's line loop, option line, network data records and final checks,
// and the API's entry points. Its other parts are listed in cmTouchstoneParser.h.
#include "cmTouchstoneParser.h"

#include "cmConstants.h"

#include <cmath>
#include <stdexcept>

namespace cm
{
namespace touchstone
{
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

ColumnTable Parser::Run()
{
  std::string_view line;
  for (;;)
  {
    const std::size_t at = this->S.Offset();
    if (!this->S.Next(line))
    {
      break;
    }
    this->LineStart = at;
    this->ReadLine(line);
  }
  this->FinalChecks();
  this->ConvertToS();
  return this->BuildTable();
}

void Parser::ReadLine(std::string_view line)
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

void Parser::OptionLine(std::string_view line)
{
  if (!this->HaveOptions && this->Sec == Header && this->Record.empty())
  {
    ParseOptions(this->S, line, this->O);
    this->HaveOptions = true;
    this->SawContent = true;
  }
  // later option lines are ignored (Touchstone 1.1)
}

void Parser::DataLine(std::string_view line)
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
  if (!this->FastTried && this->Sec == Network)
  {
    this->FastTried = true;
    if (this->NetworkFast())
    {
      return;
    }
  }
  this->NetworkLine();
}

/// The first line of data in a 1.x file: its count tells the ports when the name does not.
void Parser::FirstDataLine()
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

void Parser::StartNetwork()
{
  if (this->Ports <= 0)
  {
    this->S.Fail("cannot tell the number of ports");
  }
  const auto n = static_cast<std::size_t>(this->Ports);
  const std::size_t pairs = this->Matrix == 'F' ? n * n : n * (n + 1) / 2;
  this->Per = 1 + 2 * pairs;
}

std::string Parser::PerText() const
{
  return std::to_string(this->Per) + " numbers for this frequency (" + std::to_string(this->Ports) +
    "-port: the frequency and " + std::to_string(this->Per - 1) + " values)";
}

/// Network data: a line with an odd count of numbers starts a frequency's record (the
/// frequency and whole pairs), one with an even count continues it.
void Parser::NetworkLine()
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
void Parser::StartRecord()
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
void Parser::FinishRecord()
{
  const auto n = static_cast<std::size_t>(this->Ports);
  const char matrix = this->Matrix;
  std::vector<C> m(n * n);
  std::vector<C> in((this->Per - 1) / 2);
  for (std::size_t k = 0; k < in.size(); ++k)
  {
    in[k] = FromPair(this->S, this->Record[1 + 2 * k], this->Record[2 + 2 * k], this->O.Format);
  }
  this->PlaceRecord(in, m);
  this->Values.insert(this->Values.end(), m.begin(), m.end());
  this->Freq.push_back(this->Record[0] * this->O.Scale);
  this->FreqLine.push_back(this->RecordLine);
  this->Record.clear();
}

void Parser::PlaceRecord(const std::vector<C>& in, std::vector<C>& m) const
{
  const auto n = static_cast<std::size_t>(this->Ports);
  const char matrix = this->Matrix;
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
}

/// What the file left open or declared and did not give.
void Parser::FinalChecks()
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
} // namespace touchstone

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

ColumnTable ParseTouchstone(std::string_view rawText, const std::string& fileName, int ports,
  TouchstoneInfo* info, const ParallelFor& parallel)
{
  std::string storage;
  touchstone::Parser p(Untabbed(rawText, storage, parallel), fileName, ports, info, parallel);
  return p.Run();
}

ColumnTable ReadTouchstoneFile(
  const std::string& path, TouchstoneInfo* info, const ParallelFor& parallel)
{
  return ParseTouchstone(
    ReadWholeFile(path, 1ull << 32, parallel), path, TouchstonePortsFromName(path), info, parallel);
}

} // namespace cm
