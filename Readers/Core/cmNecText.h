// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecText.h
 * @brief How the NEC-2 parser (cmNec*.cpp) matches banners and keywords: without regard
 * to letter case or to how many spaces separate the words (pipeline free).
 *
 * nec2c, NEC-2D, NEC front ends and hand-edited files print the same banners with
 * different spacing ("POWER BUDGET", "POWER  BUDGET", "Power Budget"), so every phrase
 * is matched with each of its spaces standing for a run of spaces or tabs.
 */
#ifndef cmNecText_h
#define cmNecText_h

#include <cstddef>
#include <string>
#include <string_view>

namespace cm
{
/// Position in `hay` of the upper-case `upperPhrase`, ignoring the case of `hay`'s
/// letters, with each space of the phrase matching one or more spaces or tabs; npos if
/// absent. `*matched` (when given) receives the length matched in `hay`.
std::size_t FindNecPhrase(
  std::string_view hay, std::string_view upperPhrase, std::size_t* matched = nullptr);

/// FindNecPhrase(hay, upperPhrase) != npos.
inline bool HasNecPhrase(std::string_view hay, std::string_view upperPhrase)
{
  return FindNecPhrase(hay, upperPhrase) != std::string_view::npos;
}

/// `s` upper-cased, tabs made spaces, runs of spaces made one, trimmed: the form in
/// which header lines are searched with std::string::find.
std::string NecNormal(std::string_view s);
} // namespace cm

#endif
