// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoText.h
 * @brief Internal to the FEKO parsers (cmFekoFarField, cmFekoCurrents): the `#Key: value`
 * header lines and quoted column names that .ffe and .os files share.
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
/// "Key: value" of a `#` or `##` line (markers already removed); false without a colon.
inline bool KeyValue(std::string_view body, std::string& key, std::string_view& value)
{
  const std::size_t c = body.find(':');
  if (c == std::string_view::npos)
  {
    return false;
  }
  key = Upper(Trim(body.substr(0, c)));
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
} // namespace feko
} // namespace cm
#endif
