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

ColumnTable ParseTouchstone(
  std::string_view rawText, const std::string& fileName, int ports, TouchstoneInfo* info)
{
  std::vector<std::string>* warnings = info ? &info->Warnings : nullptr;
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, fileName);
  Options o;
  bool haveOptions = false;
  // Version 2.0 state.
  bool v2 = false, sawContent = false, keywordPorts = false, inInfo = false;
  int order = 0; // [Two-Port Data Order]: 0 not given, 21 for 21_12, 12 for 12_21
  char matrix = 'F'; // [Matrix Format] Full, Lower, Upper
  std::int64_t nFreqDeclared = -1, nNoiseDeclared = -1, nFreqLine = 0, nNoiseLine = 0;
  std::vector<double> refs; // [Reference], one per port
  std::size_t refsWanted = 0;
  std::int64_t refLine = 0;
  enum Section
  {
    Header,
    Network,
    Noise,
    Done
  } section = Header;
  // The record being read: the frequency, then the values, and the line it starts on.
  std::vector<double> record;
  std::size_t per = 0; // numbers per record
  std::int64_t recordLine = 0;
  std::vector<double> freq;
  std::vector<std::int64_t> freqLine;
  std::vector<C> values; // per frequency, N² entries row-major (as the file's matrix)
  // Noise parameters (2 ports): checked and skipped; a bad block is one warning.
  bool noiseBad = false;
  std::size_t noiseRows = 0;
  double lastNoise = -1;
  std::int64_t noiseLine = 0;
  std::vector<std::string_view> tok;
  std::string_view line;
  auto noiseWarn = [&](const std::string& what) {
    if (!noiseBad && warnings)
    {
      warnings->push_back(ParseError::Format(fileName, s.LineNumber(),
        what + "; the noise parameters are skipped (the network data is read)"));
    }
    noiseBad = true;
  };
  auto noiseRow = [&]() {
    if (noiseBad)
    {
      return;
    }
    if (tok.size() != 5)
    {
      noiseWarn("noise parameter row has " + std::to_string(tok.size()) +
        " numbers, expected 5 (frequency, NFmin, |Gamma_opt|, angle, Rn)");
      return;
    }
    double v[5] = {};
    for (std::size_t k = 0; k < 5; ++k)
    {
      if (!ParseDouble(tok[k], v[k]) || !std::isfinite(v[k]))
      {
        noiseWarn("noise parameter row: '" + std::string(tok[k]) + "' is not a finite number");
        return;
      }
    }
    if (!(v[0] > lastNoise))
    {
      noiseWarn("noise frequency " + std::string(tok[0]) + " does not increase");
      return;
    }
    lastNoise = v[0];
    ++noiseRows;
  };
  // HFSS's "! Port Impedance re1 im1 ... reN imN" after each frequency's record (older
  // versions glue the first number to the word: "! Port Impedance50 0 50 0").
  std::vector<C> portZ; // per frequency, N impedances
  std::size_t portZLines = 0;
  std::int64_t firstPortZLine = 0;

  auto startNetwork = [&]() {
    if (ports <= 0)
    {
      s.Fail("cannot tell the number of ports");
    }
    const auto n = static_cast<std::size_t>(ports);
    const std::size_t pairs = matrix == 'F' ? n * n : n * (n + 1) / 2;
    per = 1 + 2 * pairs;
  };
  auto perText = [&]() {
    return std::to_string(per) + " numbers for this frequency (" + std::to_string(ports) +
      "-port: the frequency and " + std::to_string(per - 1) + " values)";
  };
  auto finishRecord = [&]() {
    const auto n = static_cast<std::size_t>(ports);
    std::vector<C> m(n * n);
    std::vector<C> in((per - 1) / 2);
    for (std::size_t k = 0; k < in.size(); ++k)
    {
      in[k] = FromPair(s, record[1 + 2 * k], record[2 + 2 * k], o.Format);
    }
    if (n == 2 && matrix == 'F')
    {
      // Touchstone 1.1 and 21_12: N11 N21 N12 N22 (column order); 12_21: row order.
      m = order == 12 ? in : std::vector<C>{ in[0], in[2], in[1], in[3] };
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
    values.insert(values.end(), m.begin(), m.end());
    freq.push_back(record[0] * o.Scale);
    freqLine.push_back(recordLine);
    record.clear();
  };

  // A "! Port Impedance" line being read (HFSS wraps it after 4 ports).
  bool zPending = false;
  std::int64_t zLine = 0;
  std::vector<double> zNumbers;
  auto addZ = [&]() {
    const std::size_t want = 2 * static_cast<std::size_t>(ports);
    for (const auto& t : tok)
    {
      if (zNumbers.size() == want)
      {
        s.Fail("'! Port Impedance' has more than " + std::to_string(want) +
          " numbers (real and imaginary per port)");
      }
      zNumbers.push_back(NeedFinite(s, t, "a port impedance"));
    }
    zPending = zNumbers.size() < want;
    for (std::size_t k = 0; k < want / 2 && !zPending; ++k)
    {
      const C z(zNumbers[2 * k], zNumbers[2 * k + 1]);
      // HFSS prints purely imaginary impedances for a mode below cutoff.
      if (z.real() < 0 || z == C(0))
      {
        s.Fail("a port impedance must have a real part of zero or more and not be zero");
      }
      portZ.push_back(z);
    }
    portZLines += zPending ? 0 : 1;
  };
  while (s.Next(line))
  {
    std::size_t bang = line.find('!');
    if (zPending)
    {
      // HFSS wraps a long "! Port Impedance" line onto comment lines of numbers.
      bool more = bang != std::string_view::npos && Trim(line.substr(0, bang)).empty();
      if (more)
      {
        Tokenize(line.substr(bang + 1), tok);
        double v = 0;
        for (const auto& t : tok)
        {
          more = more && ParseDouble(t, v);
        }
        more = more && !tok.empty();
      }
      if (!more)
      {
        throw ParseError(fileName, zLine,
          "'! Port Impedance' has " + std::to_string(zNumbers.size()) + " numbers, expected " +
            std::to_string(2 * ports) + " (real and imaginary per port)");
      }
      addZ();
      continue;
    }
    if (bang != std::string_view::npos && section == Network)
    {
      std::string_view c = Trim(line.substr(bang + 1));
      if (c.size() >= 13 && Upper(c.substr(0, 4)) == "PORT")
      {
        std::string_view rest = Trim(c.substr(4));
        if (rest.size() >= 9 && Upper(rest.substr(0, 9)) == "IMPEDANCE")
        {
          if (!record.empty())
          {
            throw ParseError(fileName, recordLine,
              "record cut short: " + std::to_string(record.size()) + " of " + perText() +
                "; line " + std::to_string(s.LineNumber()) + " ('! Port Impedance') follows");
          }
          if (freq.empty())
          {
            s.Fail("a '! Port Impedance' line before the first frequency's record");
          }
          if (portZLines == freq.size())
          {
            s.Fail("a second '! Port Impedance' line for one frequency");
          }
          if (portZLines + 1 != freq.size())
          {
            throw ParseError(fileName, firstPortZLine > 0 ? firstPortZLine : s.LineNumber(),
              "'! Port Impedance' lines for " + std::to_string(portZLines) + " of " +
                std::to_string(freq.size() - 1) + " frequencies");
          }
          firstPortZLine = firstPortZLine > 0 ? firstPortZLine : s.LineNumber();
          zLine = s.LineNumber();
          zNumbers.clear();
          Tokenize(rest.substr(9), tok);
          addZ();
          continue;
        }
      }
    }
    line = Trim(bang == std::string_view::npos ? line : line.substr(0, bang));
    if (line.empty() || section == Done)
    {
      continue; // after [End]: ignored
    }
    if (inInfo)
    {
      std::string_view rest;
      if (line[0] == '[' && line.find(']') != std::string_view::npos &&
        Keyword(s, line, rest) == "END INFORMATION")
      {
        inInfo = false;
      }
      continue;
    }
    if (line[0] == '[')
    {
      std::string_view rest;
      const std::string k = Keyword(s, line, rest);
      if (k == "VERSION")
      {
        if (sawContent)
        {
          s.Fail("[Version] must be the first line that is not a comment");
        }
        Tokenize(rest, tok);
        if (tok.size() != 1 || (tok[0] != "2.0" && tok[0] != "2.1"))
        {
          s.Fail("[Version] " + std::string(rest) + ": versions 1.x and 2.0 are read");
        }
        v2 = true;
        sawContent = true;
        continue;
      }
      sawContent = true;
      if (!v2)
      {
        s.Fail("the Touchstone 2.0 keyword [" + k +
          "] in a file without '[Version] 2.0' as its first line");
      }
      if (refsWanted > 0)
      {
        throw ParseError(fileName, refLine,
          "[Reference] has " + std::to_string(refs.size()) + " impedances, expected " +
            std::to_string(refsWanted) + " (one per port)");
      }
      if (k == "BEGIN INFORMATION")
      {
        inInfo = true;
        continue;
      }
      if (k == "END")
      {
        section = Done;
        continue;
      }
      if (k == "NOISE DATA")
      {
        if (section != Network)
        {
          s.Fail("[Noise Data] before [Network Data]");
        }
        section = Noise;
        noiseLine = s.LineNumber();
        if (ports != 2)
        {
          noiseWarn("[Noise Data] in a " + std::to_string(ports) +
            "-port file (noise parameters are for 2 ports)");
        }
        else if (nNoiseDeclared < 0)
        {
          noiseWarn("[Noise Data] without [Number of Noise Frequencies]");
        }
        continue;
      }
      if (section != Header)
      {
        s.Fail("the keyword [" + k + "] after [Network Data]");
      }
      if (!haveOptions)
      {
        s.Fail("the keyword [" + k + "] before the option line ('# GHz S MA R 50')");
      }
      Tokenize(rest, tok);
      auto one = [&](const char* what) {
        if (tok.size() != 1)
        {
          s.Fail("[" + k + "] needs one value (" + what + "), found " + std::to_string(tok.size()));
        }
        return tok[0];
      };
      if (k == "NUMBER OF PORTS")
      {
        const std::int64_t n =
          NeedCount(s, one("the number of ports"), "the number of ports", MaxPorts);
        if (n < 1)
        {
          s.Fail("[Number of Ports] must be at least 1");
        }
        ports = static_cast<int>(n);
        keywordPorts = true;
      }
      else if (k == "TWO-PORT DATA ORDER")
      {
        const std::string v = Upper(one("12_21 or 21_12"));
        if (v != "12_21" && v != "21_12")
        {
          s.Fail("[Two-Port Data Order] is '" + v + "', expected 12_21 or 21_12");
        }
        order = v == "12_21" ? 12 : 21;
      }
      else if (k == "NUMBER OF FREQUENCIES")
      {
        nFreqDeclared = NeedCount(s, one("a count"), "the number of frequencies", INT64_MAX);
        nFreqLine = s.LineNumber();
        if (nFreqDeclared < 1)
        {
          s.Fail("[Number of Frequencies] must be at least 1");
        }
      }
      else if (k == "NUMBER OF NOISE FREQUENCIES")
      {
        nNoiseDeclared = NeedCount(s, one("a count"), "the number of noise frequencies", INT64_MAX);
        nNoiseLine = s.LineNumber();
      }
      else if (k == "MATRIX FORMAT")
      {
        const std::string v = Upper(one("Full, Lower or Upper"));
        if (v != "FULL" && v != "LOWER" && v != "UPPER")
        {
          s.Fail("[Matrix Format] is '" + v + "', expected Full, Lower or Upper");
        }
        matrix = v[0];
      }
      else if (k == "REFERENCE")
      {
        if (!keywordPorts)
        {
          s.Fail("[Reference] before [Number of Ports]");
        }
        refs.clear();
        refsWanted = static_cast<std::size_t>(ports);
        refLine = s.LineNumber();
        for (const auto& t : tok)
        {
          if (refs.size() == refsWanted)
          {
            s.Fail("[Reference] has more than " + std::to_string(refsWanted) +
              " impedances (one per port)");
          }
          refs.push_back(NeedFinite(s, t, "a reference impedance"));
          if (!(refs.back() > 0))
          {
            s.Fail("a reference impedance must be positive");
          }
        }
        refsWanted = refs.size() == refsWanted ? 0 : refsWanted;
      }
      else if (k == "NETWORK DATA")
      {
        if (!keywordPorts)
        {
          s.Fail("[Network Data] without [Number of Ports] before it (required in 2.0)");
        }
        if (ports == 2 && order == 0)
        {
          s.Fail("[Network Data] of 2 ports without [Two-Port Data Order] (12_21 or 21_12, "
                 "required in 2.0)");
        }
        if (nFreqDeclared < 0)
        {
          s.Fail("[Network Data] without [Number of Frequencies] before it (required in 2.0)");
        }
        section = Network;
        startNetwork();
      }
      else if (k == "MIXED-MODE ORDER")
      {
        s.Fail("[Mixed-Mode Order]: mixed-mode (differential) data is not read");
      }
      else
      {
        s.Fail("unknown keyword [" + k + "]");
      }
      continue;
    }
    if (line[0] == '#')
    {
      if (!haveOptions && section == Header && record.empty())
      {
        ParseOptions(s, line, o);
        haveOptions = true;
        sawContent = true;
      }
      continue; // later option lines are ignored (Touchstone 1.1)
    }
    Tokenize(line, tok);
    if (refsWanted > 0)
    {
      // [Reference] continues on the next lines.
      for (const auto& t : tok)
      {
        if (refs.size() == refsWanted)
        {
          s.Fail("[Reference] has more than " + std::to_string(refsWanted) +
            " impedances (one per port)");
        }
        refs.push_back(NeedFinite(s, t, "a reference impedance"));
        if (!(refs.back() > 0))
        {
          s.Fail("a reference impedance must be positive");
        }
      }
      refsWanted = refs.size() == refsWanted ? 0 : refsWanted;
      continue;
    }
    if (!haveOptions)
    {
      s.Fail("no option line ('# GHz S MA R 50') before this line: not a Touchstone file");
    }
    if (section == Header)
    {
      if (v2)
      {
        s.Fail("data before [Network Data] (a Touchstone 2.0 file)");
      }
      if (ports <= 0)
      {
        if (tok.size() != 3 && tok.size() != 9)
        {
          s.Fail("cannot tell the number of ports: the first data line has " +
            std::to_string(tok.size()) +
            " numbers (3 for 1 port, 9 for 2); name the file .sNp (N ports)");
        }
        ports = tok.size() == 3 ? 1 : 2;
      }
      section = Network;
      startNetwork();
    }
    // Touchstone 1.1: the noise parameters of a 2-port file start at a frequency not
    // above the last one (a row shorter than a network record), and run to the end.
    double first = 0;
    if (section == Network && !v2 && ports == 2 && record.empty() && !freq.empty() &&
      tok.size() < 9 && ParseDouble(tok[0], first) && first * o.Scale <= freq.back())
    {
      section = Noise;
      noiseLine = s.LineNumber();
    }
    if (section == Noise)
    {
      noiseRow();
      continue;
    }
    // Network data: a line with an odd count of numbers starts a frequency's record
    // (the frequency and whole pairs), one with an even count continues it.
    const bool starts = tok.size() % 2 == 1;
    if (starts && !record.empty())
    {
      throw ParseError(fileName, recordLine,
        "record cut short: " + std::to_string(record.size()) + " of " + perText() + "; line " +
          std::to_string(s.LineNumber()) + " starts the next frequency");
    }
    if (!starts && record.empty())
    {
      if (freq.empty())
      {
        s.Fail("a line of " + std::to_string(tok.size()) +
          " numbers where a frequency's record should start (an odd count: the frequency "
          "and pairs)");
      }
      s.Fail("record cut short or too long: a line of " + std::to_string(tok.size()) +
        " numbers, an even count, neither starts a frequency's record (the frequency and "
        "pairs: " +
        perText() + ") nor continues one (the frequency of line " +
        std::to_string(freqLine.back()) + " has all its numbers)");
    }
    if (starts)
    {
      const double f = NeedFinite(s, tok[0], "a frequency");
      if (!freq.empty() && !(f * o.Scale > freq.back()))
      {
        s.Fail("frequency " + std::string(tok[0]) + " does not increase (the previous one was " +
          std::to_string(freq.back() / o.Scale) + ")");
      }
      if (f < 0)
      {
        s.Fail("negative frequency " + std::string(tok[0]));
      }
      recordLine = s.LineNumber();
    }
    if (record.size() + tok.size() > per)
    {
      throw ParseError(fileName, recordLine,
        "more than " + perText() +
          (recordLine == s.LineNumber()
              ? std::string()
              : ": line " + std::to_string(s.LineNumber()) + " continues the record"));
    }
    for (const auto& t : tok)
    {
      record.push_back(NeedFinite(s, t, record.empty() ? "a frequency" : "a parameter value"));
    }
    if (record.size() == per)
    {
      finishRecord();
    }
  }
  if (zPending)
  {
    throw ParseError(fileName, zLine,
      "'! Port Impedance' has " + std::to_string(zNumbers.size()) + " numbers, expected " +
        std::to_string(2 * ports) + " (real and imaginary per port)");
  }
  if (refsWanted > 0)
  {
    throw ParseError(fileName, refLine,
      "[Reference] has " + std::to_string(refs.size()) + " impedances, expected " +
        std::to_string(refsWanted) + " (one per port)");
  }
  if (!record.empty())
  {
    throw ParseError(fileName, recordLine,
      "record cut short: " + std::to_string(record.size()) + " of " + perText());
  }
  if (freq.empty())
  {
    throw ParseError(fileName, s.LineNumber(),
      haveOptions ? "no data after the option line"
                  : "empty file: no Touchstone option line or data");
  }
  // [End] may be missing (scikit-rf's copies of the specification's examples end
  // without it): [Number of Frequencies] has checked that the network data is complete.
  if (nFreqDeclared >= 0 && static_cast<std::size_t>(nFreqDeclared) != freq.size())
  {
    throw ParseError(fileName, nFreqLine,
      "[Number of Frequencies] " + std::to_string(nFreqDeclared) + " but the network data has " +
        std::to_string(freq.size()));
  }
  if (noiseLine > 0 && !noiseBad && nNoiseDeclared >= 0 &&
    static_cast<std::size_t>(nNoiseDeclared) != noiseRows && warnings)
  {
    warnings->push_back(ParseError::Format(fileName, nNoiseLine,
      "[Number of Noise Frequencies] " + std::to_string(nNoiseDeclared) + " but [Noise Data] has " +
        std::to_string(noiseRows) +
        " rows; the noise parameters are skipped (the network data is read)"));
  }
  if (portZLines > 0 && portZLines != freq.size())
  {
    throw ParseError(fileName, firstPortZLine,
      "'! Port Impedance' lines for " + std::to_string(portZLines) + " of " +
        std::to_string(freq.size()) + " frequencies");
  }

  // The reference of each port: [Reference] (2.0), else R.
  const auto n = static_cast<std::size_t>(ports);
  if (refs.empty())
  {
    refs.assign(n, o.R);
  }
  // To S: Touchstone 1.x normalises Y and Z to R; 2.0 does not (normalise by each
  // port's reference, z = G^-1/2 Z G^-1/2, y = G^1/2 Y G^1/2), then
  // S = (z − I)(z + I)⁻¹ = (I − y)(I + y)⁻¹.
  const std::size_t rows = freq.size();
  if (o.Parameter != 'S')
  {
    std::vector<C> a(n * n), plus(n * n), minus(n * n), sm;
    for (std::size_t f = 0; f < rows; ++f)
    {
      for (std::size_t i = 0; i < n; ++i)
      {
        for (std::size_t j = 0; j < n; ++j)
        {
          C v = values[f * n * n + i * n + j];
          if (v2)
          {
            const double g = std::sqrt(refs[i] * refs[j]);
            v = o.Parameter == 'Z' ? v / g : v * g;
          }
          const double id = i == j ? 1 : 0;
          plus[i * n + j] = v + id;
          minus[i * n + j] = o.Parameter == 'Z' ? v - id : id - v;
        }
      }
      if (!RightDivide(minus, plus, n, sm))
      {
        throw ParseError(fileName, freqLine[f],
          std::string(1, o.Parameter) + " matrix has no S parameters (" +
            (o.Parameter == 'Z' ? "z + I" : "I + y") + " is singular)");
      }
      std::copy(sm.begin(), sm.end(), values.begin() + static_cast<std::ptrdiff_t>(f * n * n));
    }
  }

  ColumnTable t;
  t.ReferenceImpedance = o.R;
  bool sameRefs = true;
  for (double r : refs)
  {
    sameRefs = sameRefs && r == refs[0];
  }
  // Port impedances other than R (HFSS's comments, or [Reference]): the S columns stay as
  // the file gives them (against each port's impedance), port 1's impedance comes from
  // its own, the reflection columns are against R, and the impedances become columns.
  bool otherZ = false;
  for (const C& z : portZ)
  {
    otherZ = otherZ || std::abs(z - o.R) > 1e-9 * o.R;
  }
  if (portZ.empty() && sameRefs)
  {
    t.ReferenceImpedance = refs[0];
  }
  else if (portZ.empty())
  {
    otherZ = true;
    for (std::size_t f = 0; f < rows; ++f)
    {
      for (double r : refs)
      {
        portZ.push_back(r);
      }
    }
  }
  if (info)
  {
    info->Version = v2 ? 2 : 1;
    info->Ports = ports;
    info->PortReferenceImpedances = refs;
  }
  t.Add("Frequency") = freq;
  auto add = [&](std::size_t i, std::size_t j) {
    std::vector<double> re(rows), im(rows), db(rows);
    for (std::size_t r = 0; r < rows; ++r)
    {
      const C v = values[r * n * n + i * n + j];
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
  if (n == 2)
  {
    // S11 S21 S12 S22: the columns of the 1.1 reader, in the file's order.
    add(0, 0);
    add(1, 0);
    add(0, 1);
    add(1, 1);
  }
  else
  {
    for (std::size_t i = 0; i < n; ++i)
    {
      for (std::size_t j = 0; j < n; ++j)
      {
        add(i, j);
      }
    }
  }
  std::vector<C> z(rows);
  for (std::size_t r = 0; r < rows; ++r)
  {
    const C s11 = values[r * n * n];
    const C z1 = otherZ ? portZ[r * n] : C(t.ReferenceImpedance);
    z[r] = z1 * (1.0 + s11) / (1.0 - s11);
  }
  AddReflectionColumns(z, t.ReferenceImpedance, t);
  if (otherZ)
  {
    for (std::size_t k = 0; k < n; ++k)
    {
      std::vector<double> re(rows), im(rows);
      for (std::size_t r = 0; r < rows; ++r)
      {
        re[r] = portZ[r * n + k].real();
        im[r] = portZ[r * n + k].imag();
      }
      t.Add("PortImpedance" + std::to_string(k + 1) + "_re") = std::move(re);
      t.Add("PortImpedance" + std::to_string(k + 1) + "_im") = std::move(im);
    }
  }
  return t;
}

ColumnTable ReadTouchstoneFile(const std::string& path, TouchstoneInfo* info)
{
  return ParseTouchstone(
    ReadWholeFile(path, 1ull << 32), path, TouchstonePortsFromName(path), info);
}

int TouchstonePortsOf(const ColumnTable& t)
{
  auto has = [&](const std::string& p) { return t.Find(p + "_re") >= 0 && t.Find(p + "_im") >= 0; };
  int best = has("S11") || has("Gamma") ? 1 : 0;
  for (int n = 2; n <= 99 && best > 0; ++n)
  {
    bool all = true;
    for (int i = 0; i < n && all; ++i)
    {
      for (int j = 0; j < n && all; ++j)
      {
        all = has(NetworkParameterName('S', i, j, n));
      }
    }
    best = all ? n : best;
  }
  return best;
}

std::string WriteTouchstone(const ColumnTable& t, const TouchstoneWriteOptions& o)
{
  const int ports = TouchstonePortsOf(t);
  const int fc = t.Find("Frequency");
  if (ports == 0 || fc < 0)
  {
    throw std::runtime_error("the table has no Frequency and S11_re/S11_im (or Gamma_re/"
                             "Gamma_im) columns to write as Touchstone");
  }
  const std::string unit = Upper(o.Unit), format = Upper(o.Format);
  const double scale = unit == "HZ" ? 1
    : unit == "KHZ"                 ? 1e3
    : unit == "MHZ"                 ? 1e6
    : unit == "GHZ"                 ? 1e9
                                    : 0;
  if (scale == 0 || (format != "RI" && format != "MA" && format != "DB"))
  {
    throw std::runtime_error(
      "unknown Touchstone unit '" + o.Unit + "' or format '" + o.Format + "'");
  }
  const double r = t.ReferenceImpedance > 0 ? t.ReferenceImpedance : o.ReferenceImpedance;
  if (!(r > 0) || !std::isfinite(r))
  {
    throw std::runtime_error("the reference impedance must be positive");
  }
  // (re, im) columns in file order: N11 N21 N12 N22 for 2 ports, else row-major; a
  // record line ends after `lineEnds[k]` pairs.
  std::vector<std::pair<int, int>> cols;
  std::vector<std::size_t> lineEnds;
  if (ports == 1)
  {
    const std::string base = t.Find("S11_re") >= 0 ? "S11" : "Gamma";
    cols.emplace_back(t.Find(base + "_re"), t.Find(base + "_im"));
    lineEnds.push_back(1);
  }
  else if (ports == 2)
  {
    for (const char* name : { "S11", "S21", "S12", "S22" })
    {
      cols.emplace_back(t.Find(std::string(name) + "_re"), t.Find(std::string(name) + "_im"));
    }
    lineEnds.push_back(4);
  }
  else
  {
    for (int i = 0; i < ports; ++i)
    {
      for (int j = 0; j < ports; ++j)
      {
        const std::string name = NetworkParameterName('S', i, j, ports);
        cols.emplace_back(t.Find(name + "_re"), t.Find(name + "_im"));
        if (j % 4 == 3 || j == ports - 1)
        {
          lineEnds.push_back(cols.size());
        }
      }
    }
  }
  if (o.Version != 1 && o.Version != 2)
  {
    throw std::runtime_error("Touchstone version must be 1 (1.1) or 2 (2.0)");
  }
  std::string out = o.Version == 2 ? "[Version] 2.0\n" : "";
  out += "! Touchstone " + std::string(o.Version == 2 ? "2.0" : "1.1") + ", " +
    std::to_string(ports) + "-port, written by CloudMap\n";
  std::size_t b = 0;
  while (b < o.Comment.size())
  {
    std::size_t e = o.Comment.find('\n', b);
    e = e == std::string::npos ? o.Comment.size() : e;
    out += "! " + o.Comment.substr(b, e - b) + "\n";
    b = e + 1;
  }
  char buf[96];
  std::snprintf(buf, sizeof buf, "# %s S %s R %.10g\n",
    unit == "HZ"      ? "Hz"
      : unit == "KHZ" ? "kHz"
      : unit == "MHZ" ? "MHz"
                      : "GHz",
    format.c_str(), r);
  out += buf;
  const auto& f = t.Columns[static_cast<std::size_t>(fc)];
  for (std::size_t k = 0; k < o.PortNames.size() && k < static_cast<std::size_t>(ports); ++k)
  {
    out += "! Port[" + std::to_string(k + 1) + "] = " + o.PortNames[k] + "\n";
  }
  if (o.Version == 2)
  {
    out += "[Number of Ports] " + std::to_string(ports) + "\n";
    if (ports == 2)
    {
      out += "[Two-Port Data Order] 21_12\n";
    }
    out += "[Number of Frequencies] " + std::to_string(f.size()) + "\n[Network Data]\n";
  }
  double written = 0; // the previous frequency as the file will read it back
  const auto readBack = [](const char* text) {
    double v = 0;
    ParseDouble(text, v); // the readers' parser: what a reader of the file will get
    return v;
  };
  for (std::size_t i = 0; i < f.size(); ++i)
  {
    if (!std::isfinite(f[i]) || (i > 0 && !(f[i] > f[i - 1])))
    {
      throw std::runtime_error("row " + std::to_string(i) +
        ": frequencies must be finite and "
        "increase (a table of several excitations or loads needs one row per frequency)");
    }
    std::snprintf(buf, sizeof buf, "%.10g", f[i] / scale);
    // Ten digits keep files readable; where they would merge two frequencies,
    // write all seventeen, and refuse a table whose frequencies cannot be
    // told apart once written (a reader would reject the file).
    if (i > 0 && !(readBack(buf) * scale > written))
    {
      std::snprintf(buf, sizeof buf, "%.17g", f[i] / scale);
    }
    const double now = readBack(buf) * scale;
    if (i > 0 && !(now > written))
    {
      throw std::runtime_error("row " + std::to_string(i) + ": frequency " + buf +
        " cannot be written distinct from the previous one");
    }
    written = now;
    out += buf;
    std::size_t line = 0;
    for (std::size_t k = 0; k < cols.size(); ++k)
    {
      const auto& c = cols[k];
      if (k > 0 && k == lineEnds[line])
      {
        out += "\n   "; // a continuation line: no frequency
        ++line;
      }
      const C v(t.Columns[static_cast<std::size_t>(c.first)][i],
        t.Columns[static_cast<std::size_t>(c.second)][i]);
      if (!std::isfinite(v.real()) || !std::isfinite(v.imag()))
      {
        throw std::runtime_error(
          "row " + std::to_string(i) + ": a parameter is not a finite number");
      }
      double a = v.real(), bb = v.imag();
      if (format != "RI")
      {
        if (format == "DB" && std::abs(v) == 0)
        {
          throw std::runtime_error(
            "row " + std::to_string(i) + ": a zero parameter has no dB value (write RI or MA)");
        }
        a = format == "MA" ? std::abs(v) : 20 * std::log10(std::abs(v));
        bb = std::arg(v) * 180 / cm::Pi;
      }
      std::snprintf(buf, sizeof buf, " %.10g %.10g", a, bb);
      out += buf;
    }
    out += "\n";
  }
  if (o.Version == 2)
  {
    out += "[End]\n";
  }
  return out;
}

} // namespace cm
