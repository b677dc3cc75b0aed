// SPDX-License-Identifier: BSD-3-Clause
#include "cmTextSearch.h"

namespace cm
{
std::size_t FindNoCase(std::string_view hay, std::string_view upperNeedle)
{
  for (std::size_t i = 0; i + upperNeedle.size() <= hay.size(); ++i)
  {
    std::size_t k = 0;
    for (; k < upperNeedle.size(); ++k)
    {
      char c = hay[i + k];
      c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
      if (c != upperNeedle[k])
      {
        break;
      }
    }
    if (k == upperNeedle.size())
    {
      return i;
    }
  }
  return std::string_view::npos;
}
} // namespace cm
