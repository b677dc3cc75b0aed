// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmArrayNames.h
 * @brief The one rule for a '/' in an array or column name (docs/user/names.md).
 *
 * A name with '/' is awkward in ParaView's Python Calculator and in scripts, and some
 * writers refuse it, so names made from a unit (CST's `Abs(E)[dBV/m]` column, the
 * exposure density in W/m^2) write the unit's slash as "_per_": `Abs(E)_dBV_per_m`,
 * `S_eq[W_per_m^2]`. A state or script that names the array as it was before finds it
 * through the same rule (cmArrayAccess.h: RenamedInputArray).
 */
#ifndef cmArrayNames_h
#define cmArrayNames_h

#include <string>
#include <string_view>

namespace cm
{
/// `name` with every '/' written "_per_" (the name itself when it has none).
inline std::string SlashFreeName(std::string_view name)
{
  std::string out;
  out.reserve(name.size() + 8);
  for (char c : name)
  {
    out += c == '/' ? std::string("_per_") : std::string(1, c);
  }
  return out;
}
} // namespace cm
#endif
