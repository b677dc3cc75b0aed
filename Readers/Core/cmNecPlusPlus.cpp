// SPDX-License-Identifier: BSD-3-Clause
// nec2++'s -c ("CSV") print layout turned into its plain one (cmNecPlusPlus.h).
#include "cmNecPlusPlus.h"

#include "cmNecOutputParser.h"
#include "cmNecText.h"
#include "cmTextScan.h"

#include <vector>

namespace cm
{
namespace
{
/// The banner a table's first header line belongs to, or nullptr. `next` are the lines
/// after it (the two current tables and the charge densities share their first line,
/// "DISTANCES IN WAVELENGTHS", and differ in the column header below it).
const char* TableOf(std::string_view line, const std::vector<std::string_view>& next)
{
  if (HasNecPhrase(line, "VOLTAGE (VOLTS)") && HasNecPhrase(line, "IMPEDANCE (OHMS)"))
  {
    return "ANTENNA INPUT PARAMETERS";
  }
  if (HasNecPhrase(line, "---- ANGLES") && HasNecPhrase(line, "GAINS"))
  {
    return "RADIATION PATTERNS";
  }
  if (HasNecPhrase(line, "- LOCATION -"))
  {
    return HasNecPhrase(line, "- EX -") ? "NEAR ELECTRIC FIELDS"
      : HasNecPhrase(line, "- HX -")    ? "NEAR MAGNETIC FIELDS"
                                        : nullptr;
  }
  if (!HasNecPhrase(line, "DISTANCES IN WAVELENGTHS"))
  {
    return nullptr;
  }
  for (std::string_view n : next)
  {
    if (HasNecPhrase(n, "CURRENT IN AMPS/METER"))
    {
      return "SURFACE PATCH CURRENTS";
    }
    if (HasNecPhrase(n, "CURRENT (AMPS)"))
    {
      return "CURRENTS AND LOCATION";
    }
    if (HasNecPhrase(n, "CHARGE DENSITY"))
    {
      return "CHARGE DENSITIES";
    }
  }
  return nullptr;
}

/// Whether one of the (up to 3) lines before line k already carries `banner`.
bool HasBannerAbove(const std::vector<std::string_view>& lines, std::size_t k, const char* banner)
{
  for (std::size_t j = k; j > 0 && j + 3 >= k; --j)
  {
    if (HasNecPhrase(lines[j - 1], banner))
    {
      return true;
    }
  }
  return false;
}

std::vector<std::string_view> SplitLines(std::string_view text)
{
  std::vector<std::string_view> lines;
  std::size_t at = 0;
  while (at < text.size())
  {
    std::size_t end = text.find('\n', at);
    end = end == std::string_view::npos ? text.size() : end;
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}
} // namespace

bool IsNecPlusPlusOutput(std::string_view head)
{
  return HasNecPhrase(head, "NUMERICAL ELECTROMAGNETICS CODE (NEC2++)");
}

std::string_view NormalizeNecPlusPlus(std::string_view text, std::string& storage)
{
  if (!IsNecPlusPlusOutput(text.substr(0, 4096)))
  {
    return text;
  }
  const std::vector<std::string_view> lines = SplitLines(text);
  std::vector<std::string> banner(lines.size()); // a line replaced by a banner
  std::vector<bool> rows(lines.size(), false); // a result row whose commas go
  bool results = false, changed = false;
  std::vector<std::string_view> next;
  for (std::size_t k = 0; k < lines.size(); ++k)
  {
    const std::string_view line = lines[k];
    // Comment lines (the deck's CM cards) come before the structure and keep their commas.
    results = results || HasNecPhrase(line, "STRUCTURE SPECIFICATION");
    if (results && nec::StartsNumeric(line) && line.find(',') != std::string_view::npos)
    {
      rows[k] = changed = true;
      continue;
    }
    next.assign(lines.begin() + static_cast<std::ptrdiff_t>(k + 1),
      lines.begin() + static_cast<std::ptrdiff_t>(std::min(lines.size(), k + 5)));
    const char* table = results ? TableOf(line, next) : nullptr;
    if (table && k > 0 && Trim(lines[k - 1]).empty() && banner[k - 1].empty() &&
      !HasBannerAbove(lines, k, table))
    {
      const bool crlf = !lines[k - 1].empty() && lines[k - 1].back() == '\r';
      banner[k - 1] =
        std::string("                        ----- ") + table + " -----" + (crlf ? "\r" : "");
      changed = true;
    }
  }
  if (!changed)
  {
    return text;
  }
  storage.clear();
  storage.reserve(text.size() + 64);
  for (std::size_t k = 0; k < lines.size(); ++k)
  {
    if (!banner[k].empty())
    {
      storage += banner[k];
    }
    else if (rows[k])
    {
      for (char c : lines[k])
      {
        storage += c == ',' ? ' ' : c;
      }
    }
    else
    {
      storage += lines[k];
    }
    if (k + 1 < lines.size() || (!text.empty() && text.back() == '\n'))
    {
      storage += '\n';
    }
  }
  return storage;
}
} // namespace cm
