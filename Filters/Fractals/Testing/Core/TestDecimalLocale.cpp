// SPDX-License-Identifier: BSD-3-Clause
// The fractal parsers read decimals with cm::ScanDouble, whatever LC_NUMERIC
// says: under a comma-decimal locale (de_DE.UTF-8) strtod read "0.5" as 0 and
// stopped at the '.', so an IFS probability or an L-system rule's ': 0.5'
// failed or came out wrong. The oracle is the decimal as printed (0.5, exact in
// binary). CMake builds de_DE.UTF-8 with localedef into the build tree (LOCPATH)
// when the Debian locale sources are there; without it the test runs under
// C.UTF-8 and says so (it then cannot tell the two parsers apart).
#include "cmCheck.h"
#include "cmIFS.h"
#include "cmLSystemGrammar.h"

#include <clocale>
#include <cstdio>
#include <string>
#include <vector>

int TestDecimalLocale(int, char*[])
{
  const char* name = nullptr;
  for (const char* candidate : { "de_DE.UTF-8", "de_DE.utf8" })
  {
    if (std::setlocale(LC_NUMERIC, candidate) != nullptr)
    {
      name = candidate;
      break;
    }
  }
  if (name == nullptr)
  {
    name = std::setlocale(LC_NUMERIC, "C.UTF-8") != nullptr ? "C.UTF-8" : "C";
    std::printf("de_DE.UTF-8 is not installed: running under %s, where strtod and "
                "ScanDouble agree\n",
      name);
  }
  else
  {
    CM_CHECK(std::string(std::localeconv()->decimal_point) == ",");
    std::printf("LC_NUMERIC=%s (decimal point ',')\n", name);
  }

  // Two maps (a b c d e f p), the probabilities as printed; a leading '+'
  // and blanks are accepted as before.
  std::vector<cm::fractal::AffineMap> maps;
  const std::string err = cm::fractal::ParseMaps(
    "0.5 0 0 0.5 0 0 0.5\n0.5 0 0 +0.5 0.5 0 +0.5", cm::fractal::MapFormat::Coefficients, maps);
  CM_CHECK(err.empty());
  CM_CHECK(maps.size() == 2);
  if (maps.size() == 2)
  {
    CM_CHECK(maps[0].HasProbability && maps[0].Probability == 0.5);
    CM_CHECK(maps[1].HasProbability && maps[1].Probability == 0.5);
    CM_CHECK(maps[0].A[0] == 0.5 && maps[1].A[4] == 0.5 && maps[1].T[0] == 0.5);
  }

  // A stochastic L-system: F : 0.5 -> ..., F: +0.5 -> ... (blanks before the number).
  cm::fractal::LGrammar g;
  CM_CHECK(cm::fractal::ParseGrammar("F", "F : 0.5 -> F+F\nF:  +0.5 -> F-F", "", g).empty());
  CM_CHECK(g.Rules.size() == 2);
  if (g.Rules.size() == 2)
  {
    CM_CHECK(g.Rules[0].HasProbability && g.Rules[0].Probability == 0.5);
    CM_CHECK(g.Rules[1].HasProbability && g.Rules[1].Probability == 0.5);
  }
  // Still refused: no number, junk after it, a comma decimal.
  CM_CHECK(!cm::fractal::ParseGrammar("F", "F : -> F", "", g).empty());
  CM_CHECK(!cm::fractal::ParseGrammar("F", "F : 0.5x -> F", "", g).empty());
  CM_CHECK(!cm::fractal::ParseGrammar("F", "F : 0,5 -> F", "", g).empty());

  std::setlocale(LC_NUMERIC, "C");
  return cmReport("TestDecimalLocale");
}
