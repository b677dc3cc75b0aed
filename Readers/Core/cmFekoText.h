// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoText.h
 * @brief Internal to the FEKO parsers (cmFekoFarField, cmFekoCurrents, cmFekoOutput,
 * cmFekoPorts): the `#Key: value` header lines and quoted column names that .ffe and .os
 * files share, and the phrase matching of the .out text.
 *
 * FEKO prints its keywords with runs of spaces (`Current   in A`, `Impedance in Ohm`,
 * `#No. of Theta Samples:`) and their case varies between versions, so every keyword and
 * banner is matched as a phrase: its words in order, without regard to case, any run of
 * spaces or tabs between two words.
 */
#ifndef cmFekoText_h
#define cmFekoText_h

#include "cmTextScan.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
namespace feko
{
inline bool IsBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

inline char UpperChar(char c)
{
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

/// The offset in `line` just past `phrase` (cm::MatchPhrase: any case, any run of spaces
/// or tabs where the phrase has a space), or npos; with `atStart` only at the line's
/// first non-blank character.
inline std::size_t FindPhrase(std::string_view line, std::string_view phrase, bool atStart = false)
{
  std::size_t end = 0;
  return cm::MatchPhrase(line, phrase, &end, atStart) == std::string_view::npos
    ? std::string_view::npos
    : end;
}

/// The offset just past the '=' of a `FREQ = f` phrase (any case, any spaces around the
/// '='; "Frequency in Hz:" before it does not count), or npos.
inline std::size_t FindFrequencyValue(std::string_view line)
{
  std::size_t from = 0;
  for (;;)
  {
    const std::size_t at = FindPhrase(line.substr(from), "FREQ");
    if (at == std::string_view::npos)
    {
      return at;
    }
    std::size_t k = from + at;
    while (k < line.size() && IsBlank(line[k]))
    {
      ++k;
    }
    if (k < line.size() && line[k] == '=')
    {
      return k + 1;
    }
    from += at;
  }
}

/// True for a line that starts (after blanks) with a digit, a sign or a point, or is
/// blank: a table row, which holds no keyword, so the keyword search can skip it.
inline bool IsDataRow(std::string_view line)
{
  for (char c : line)
  {
    if (!IsBlank(c))
    {
      return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
    }
  }
  return true;
}

/// True when `line` holds `phrase` (FindPhrase).
inline bool HasPhrase(std::string_view line, std::string_view phrase, bool atStart = false)
{
  return FindPhrase(line, phrase, atStart) != std::string_view::npos;
}

/// Upper case with every run of spaces and tabs made one space, trimmed: the form in
/// which header keys are compared ("No.  of theta samples" reads as "NO. OF THETA SAMPLES").
inline std::string Normalized(std::string_view s)
{
  std::string r;
  r.reserve(s.size());
  bool space = false;
  for (char c : Trim(s))
  {
    if (IsBlank(c))
    {
      space = true;
      continue;
    }
    if (space)
    {
      r += ' ';
      space = false;
    }
    r += UpperChar(c);
  }
  return r;
}

/// "Key: value" of a `#` or `##` line (markers already removed); false without a colon.
/// The key is Normalized (upper case, single spaces).
inline bool KeyValue(std::string_view body, std::string& key, std::string_view& value)
{
  const std::size_t c = body.find(':');
  if (c == std::string_view::npos)
  {
    return false;
  }
  key = Normalized(body.substr(0, c));
  value = Trim(body.substr(c + 1));
  return true;
}

/// The quoted names of a column line, by quote pairs: `"Theta""Phi"` is two names.
inline std::vector<std::string> QuotedNames(std::string_view line)
{
  std::vector<std::string> names;
  std::size_t i = 0;
  while ((i = line.find('"', i)) != std::string_view::npos)
  {
    const std::size_t e = line.find('"', i + 1);
    if (e == std::string_view::npos)
    {
      break;
    }
    names.emplace_back(Trim(line.substr(i + 1, e - i - 1)));
    i = e + 1;
  }
  return names;
}
/// The value of a `#Frequency:` header line (Hz), refusing a missing or negative one
/// at the scanner's line: the far-field and near-field exports share the header.
inline double HeaderFrequency(const LineScanner& s, std::string_view value)
{
  std::vector<std::string_view> v;
  Tokenize(value, v);
  const double f = v.empty() ? -1 : NeedFinite(s, v[0], "the frequency (Hz)");
  if (!(f >= 0))
  {
    s.Fail("missing or negative #Frequency");
  }
  return f;
}
} // namespace feko
} // namespace cm
#endif
