// SPDX-License-Identifier: BSD-3-Clause
// The Touchstone 2.0 keywords: [Version], the counts, the orders, [Reference], the blocks.
#include "cmTouchstoneParser.h"

#include <string>

namespace cm
{
namespace touchstone
{
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

void Parser::KeywordLine(std::string_view line)
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

void Parser::VersionKeyword(std::string_view rest)
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

bool Parser::BlockKeyword(const std::string& k)
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

void Parser::NoiseDataKeyword()
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

void Parser::HeaderKeyword(const std::string& k, std::string_view rest)
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
    this->MixedModeKeyword();
  }
  else
  {
    this->S.Fail("unknown keyword [" + k + "]");
  }
}

/// The keyword's one value.
std::string_view Parser::One(const std::string& k, const char* what) const
{
  if (this->Tok.size() != 1)
  {
    this->S.Fail(
      "[" + k + "] needs one value (" + what + "), found " + std::to_string(this->Tok.size()));
  }
  return this->Tok[0];
}

/// [Number of Ports], [Number of Frequencies], [Number of Noise Frequencies].
void Parser::CountKeyword(const std::string& k)
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
void Parser::OrderKeyword(const std::string& k)
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

void Parser::NetworkDataKeyword()
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

void Parser::ReadReferences()
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

void Parser::CheckReferencesComplete() const
{
  if (this->RefsWanted > 0)
  {
    throw ParseError(this->File, this->RefLine,
      "[Reference] has " + std::to_string(this->Refs.size()) + " impedances, expected " +
        std::to_string(this->RefsWanted) + " (one per port)");
  }
}
} // namespace touchstone
} // namespace cm
