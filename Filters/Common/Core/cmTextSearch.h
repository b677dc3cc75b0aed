// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTextSearch.h
 * @brief Case-insensitive search in ASCII text, without copying it (pipeline free).
 */
#ifndef cmTextSearch_h
#define cmTextSearch_h

#include <cstddef>
#include <string_view>

namespace cm
{
/// Position of the upper-case ASCII `upperNeedle` in `hay`, ignoring the
/// case of `hay`'s letters; npos if absent. The needle must be upper case.
std::size_t FindNoCase(std::string_view hay, std::string_view upperNeedle);

/// FindNoCase(hay, upperNeedle) != npos.
inline bool ContainsNoCase(std::string_view hay, std::string_view upperNeedle)
{
  return FindNoCase(hay, upperNeedle) != std::string_view::npos;
}
} // namespace cm

#endif
