// SPDX-License-Identifier: BSD-3-Clause
/**
 * L-system grammars, pipeline-free: the axiom and the rules as text, parsed
 * into rules grouped by predecessor and context (see cmLSystem.h for the
 * syntax).
 */
#ifndef cmLSystemGrammar_h
#define cmLSystemGrammar_h

#include <string>
#include <vector>

namespace cm::fractal
{
struct LRule
{
  std::string Left; ///< left context (may be empty)
  char Predecessor = 0;
  std::string Right; ///< right context (may be empty)
  double Probability = 1.0;
  bool HasProbability = false;
  std::string Successor;
  int Index = 0; ///< 1-based position in the rule text
};

struct LGrammar
{
  std::string Axiom;
  std::vector<LRule> Rules;
  std::string Ignore;
  /// Per symbol, indices into Rules grouped by (left, right) context, most
  /// specific groups first; filled by ParseGrammar.
  std::vector<std::vector<std::vector<int>>> Groups =
    std::vector<std::vector<std::vector<int>>>(128);
};

/// Parses axiom and rules. Returns "" or a message naming the rule (its
/// number and text) and the 1-based column of the problem.
std::string ParseGrammar(
  const std::string& axiom, const std::string& rules, const std::string& ignore, LGrammar& g);
}
#endif
