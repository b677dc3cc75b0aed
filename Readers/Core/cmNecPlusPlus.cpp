// SPDX-License-Identifier: BSD-3-Clause
// nec2++'s -c ("CSV") print layout turned into its plain one (cmNecPlusPlus.h).
#include "cmNecPlusPlus.h"

#include "cmNecOutputParser.h"
#include "cmNecText.h"
#include "cmTextScan.h"

#include <algorithm>
#include <string>

namespace cm
{
namespace
{
/// The line of `text` from `at` (without its '\n'); `next` receives where the next starts.
std::string_view LineAt(std::string_view text, std::size_t at, std::size_t& next)
{
  std::size_t end = text.find('\n', at);
  end = end == std::string_view::npos ? text.size() : end;
  next = end + 1;
  return text.substr(at, end - at);
}

/// The banner a table's first header line (at `next` - the line's own length) belongs
/// to, or nullptr. The two current tables and the charge densities share their first
/// line, "DISTANCES IN WAVELENGTHS", and differ in the column header up to 4 lines below.
const char* TableOf(std::string_view text, std::string_view line, std::size_t next)
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
  for (int k = 0; k < 4 && next < text.size(); ++k)
  {
    const std::string_view n = LineAt(text, next, next);
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

/// The last few lines read (original text), newest last, and where each starts in the
/// output: enough to find a banner above a table and to overwrite the blank line there.
struct Recent
{
  static constexpr int Size = 4;
  std::string_view Line[Size];
  std::size_t OutputStart[Size] = { 0, 0, 0, 0 };
  int Count = 0;

  void Push(std::string_view line, std::size_t outputStart)
  {
    for (int k = 1; k < Size; ++k)
    {
      this->Line[k - 1] = this->Line[k];
      this->OutputStart[k - 1] = this->OutputStart[k];
    }
    this->Line[Size - 1] = line;
    this->OutputStart[Size - 1] = outputStart;
    this->Count = this->Count < Size ? this->Count + 1 : Size;
  }
  /// Line `back` lines up (1: the previous line); empty when there is none.
  std::string_view Back(int back) const
  {
    return back <= this->Count ? this->Line[Size - back] : std::string_view();
  }
};
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
  // One pass, copying into `storage` only from the first change on (a file in the plain
  // layout is returned as it is). `copied` is how much of `text` storage holds.
  bool results = false, changed = false;
  std::size_t copied = 0;
  Recent recent;
  std::size_t at = 0;
  while (at < text.size())
  {
    std::size_t next;
    const std::string_view line = LineAt(text, at, next);
    // Comment lines (the deck's CM cards) come before the structure and keep their commas.
    results = results || HasNecPhrase(line, "STRUCTURE SPECIFICATION");
    const bool row =
      results && nec::StartsNumeric(line) && line.find(',') != std::string_view::npos;
    const char* table = results && !row ? TableOf(text, line, next) : nullptr;
    const std::string_view above = recent.Back(1);
    const bool writeBanner = table && recent.Count > 0 && Trim(above).empty() &&
      !HasNecPhrase(recent.Back(2), table) && !HasNecPhrase(recent.Back(3), table);
    if ((row || writeBanner) && !changed)
    {
      changed = true;
      storage.assign(text.substr(0, at)); // the text before this line, unchanged
      copied = at;
    }
    if (writeBanner)
    {
      // The blank line above (already in storage) becomes the banner, CR kept.
      const bool crlf = !above.empty() && above.back() == '\r';
      storage.resize(recent.OutputStart[Recent::Size - 1]);
      storage += std::string("                        ----- ") + table + " -----" +
        (crlf ? "\r" : "") + "\n";
    }
    const std::size_t outputStart = changed ? storage.size() : at;
    if (changed)
    {
      const std::string_view whole = text.substr(at, std::min(next, text.size()) - at);
      for (char c : whole)
      {
        storage += row && c == ',' ? ' ' : c;
      }
      copied = std::min(next, text.size());
    }
    recent.Push(line, outputStart);
    at = next;
  }
  if (!changed)
  {
    return text;
  }
  storage.append(text.substr(copied));
  return storage;
}
} // namespace cm
