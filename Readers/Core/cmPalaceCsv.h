// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPalaceCsv.h
 * @brief The comma-separated, space-padded lines of Palace's postprocessing tables.
 */
#ifndef cmPalaceCsv_h
#define cmPalaceCsv_h

#include "cmTextScan.h"

#include <string_view>
#include <vector>

namespace cm
{
namespace palace
{
/// The fields of the next non-blank line, split at commas and trimmed (Palace pads every
/// field on the left to its column's width); false at the end of the text.
inline bool NextFields(LineScanner& s, std::string_view& line, std::vector<std::string_view>& f)
{
  while (s.Next(line))
  {
    if (Trim(line).empty())
    {
      continue;
    }
    f.clear();
    std::size_t start = 0;
    while (true)
    {
      const std::size_t comma = line.find(',', start);
      f.push_back(
        Trim(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
      if (comma == std::string_view::npos)
      {
        break;
      }
      start = comma + 1;
    }
    return true;
  }
  return false;
}
} // namespace palace
} // namespace cm
#endif
