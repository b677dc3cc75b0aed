// SPDX-License-Identifier: BSD-3-Clause
#include "cmLSystemGrammar.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace cm::fractal
{
namespace
{
bool IsSymbol(char c)
{
  return c > ' ' && c < 127;
}

std::string Where(int index, const std::string& text, std::size_t column)
{
  return "rule " + std::to_string(index) + " ('" + text + "'), column " +
    std::to_string(column + 1);
}

// Column of the first unbalanced bracket in s (columns from `cols`), or -1.
long long BracketProblem(
  const std::string& s, const std::vector<std::size_t>& cols, std::string& what)
{
  std::vector<std::size_t> open;
  for (std::size_t k = 0; k < s.size(); ++k)
  {
    if (s[k] == '[')
    {
      open.push_back(k);
    }
    else if (s[k] == ']')
    {
      if (open.empty())
      {
        what = "']' without a matching '['";
        return static_cast<long long>(cols[k]);
      }
      open.pop_back();
    }
  }
  if (!open.empty())
  {
    what = "'[' is never closed";
    return static_cast<long long>(cols[open.back()]);
  }
  return -1;
}

// The symbols of `text` from `begin` on, and the column of each.
std::string Symbols(const std::string& text, std::size_t begin, std::vector<std::size_t>& cols)
{
  std::string s;
  for (std::size_t k = begin; k < text.size(); ++k)
  {
    if (IsSymbol(text[k]))
    {
      s += text[k];
      cols.push_back(k);
    }
  }
  return s;
}

std::string ParseAxiom(const std::string& axiom, LGrammar& g)
{
  std::vector<std::size_t> cols;
  g.Axiom = Symbols(axiom, 0, cols);
  if (g.Axiom.empty())
  {
    return "the axiom is empty";
  }
  std::string what;
  const long long bad = BracketProblem(g.Axiom, cols, what);
  if (bad >= 0)
  {
    return "axiom, column " + std::to_string(bad + 1) + ": " + what;
  }
  return std::string();
}

// The rule texts: split at new lines and ';'.
std::vector<std::string> SplitRules(const std::string& rules)
{
  std::vector<std::string> texts;
  std::string cur;
  for (char c : rules)
  {
    if (c == '\n' || c == ';' || c == '\r')
    {
      texts.push_back(cur);
      cur.clear();
    }
    else
    {
      cur += c;
    }
  }
  texts.push_back(cur);
  return texts;
}

// ': p' between `colon` and `arrow`.
std::string ParseProbability(
  const std::string& t, int index, std::size_t colon, std::size_t arrow, LRule& r)
{
  const std::string num = t.substr(colon + 1, arrow - colon - 1);
  char* endp = nullptr;
  const double p = std::strtod(num.c_str(), &endp);
  const std::size_t used = static_cast<std::size_t>(endp - num.c_str());
  if (used == 0 || num.find_first_not_of(" \t", used) != std::string::npos)
  {
    return Where(index, t, colon + 1) + ": expected a probability after ':'";
  }
  if (!(p > 0 && p <= 1))
  {
    return Where(index, t, colon + 1) + ": the probability must be in (0, 1]";
  }
  r.Probability = p;
  r.HasProbability = true;
  return std::string();
}

// The left-hand side [left <] pred [> right] as read, before its checks.
struct LeftSide
{
  std::string Part[3]; ///< left context, predecessor, right context
  std::size_t PartCol[3] = { 0, 0, 0 }; ///< column of each part's first symbol
  bool SawLeft = false, SawRight = false;
  std::vector<std::size_t> PredCols; ///< columns of the predecessor's symbols
};

std::string ScanLeftSide(const std::string& t, int index, std::size_t lhsEnd, LeftSide& ls)
{
  int which = 1;
  for (std::size_t k = 0; k < lhsEnd; ++k)
  {
    const char c = t[k];
    if (!IsSymbol(c))
    {
      continue;
    }
    if (c == '<')
    {
      if (ls.SawLeft || ls.SawRight)
      {
        return Where(index, t, k) + ": unexpected '<'";
      }
      ls.SawLeft = true;
      ls.Part[0] = ls.Part[1];
      ls.Part[1].clear();
      ls.PredCols.clear();
      continue;
    }
    if (c == '>')
    {
      if (ls.SawRight)
      {
        return Where(index, t, k) + ": unexpected '>'";
      }
      ls.SawRight = true;
      which = 2;
      continue;
    }
    if (which == 1)
    {
      ls.PredCols.push_back(k);
    }
    if (ls.Part[which].empty())
    {
      ls.PartCol[which] = k;
    }
    ls.Part[which] += c;
  }
  return std::string();
}

// One predecessor symbol, non-empty contexts without brackets.
std::string CheckLeftSide(const std::string& t, int index, std::size_t arrow, const LeftSide& ls)
{
  if (ls.Part[1].empty())
  {
    return Where(index, t, ls.SawRight ? t.find('>') : arrow) + ": missing predecessor symbol";
  }
  if (ls.Part[1].size() > 1)
  {
    return Where(index, t, ls.PredCols[1]) + ": the predecessor must be a single symbol";
  }
  if ((ls.SawLeft && ls.Part[0].empty()) || (ls.SawRight && ls.Part[2].empty()))
  {
    return Where(index, t, ls.SawLeft && ls.Part[0].empty() ? t.find('<') : t.find('>')) +
      ": empty context";
  }
  for (int q : { 0, 2 })
  {
    for (std::size_t k = 0; k < ls.Part[q].size(); ++k)
    {
      if (ls.Part[q][k] == '[' || ls.Part[q][k] == ']')
      {
        return Where(index, t, ls.PartCol[q] + k) + ": brackets are not supported in contexts";
      }
    }
  }
  if (ls.Part[1][0] == '[' || ls.Part[1][0] == ']')
  {
    return Where(index, t, ls.PredCols[0]) + ": brackets cannot be rewritten";
  }
  return std::string();
}

// One rule `t` (the index-th): [left <] pred [> right] [: p] -> successor.
std::string ParseRule(const std::string& t, int index, LRule& r)
{
  const std::size_t arrow = t.find("->");
  if (arrow == std::string::npos)
  {
    return Where(index, t, t.size()) + ": expected '->' between predecessor and successor";
  }
  r.Index = index;
  std::size_t lhsEnd = arrow;
  const std::size_t colon = t.find(':');
  if (colon != std::string::npos && colon < arrow)
  {
    const std::string problem = ParseProbability(t, index, colon, arrow, r);
    if (!problem.empty())
    {
      return problem;
    }
    lhsEnd = colon;
  }
  LeftSide ls;
  std::string problem = ScanLeftSide(t, index, lhsEnd, ls);
  if (problem.empty())
  {
    problem = CheckLeftSide(t, index, arrow, ls);
  }
  if (!problem.empty())
  {
    return problem;
  }
  r.Left = ls.Part[0];
  r.Predecessor = ls.Part[1][0];
  r.Right = ls.Part[2];
  std::vector<std::size_t> scols;
  r.Successor = Symbols(t, arrow + 2, scols);
  std::string what;
  const long long bad = BracketProblem(r.Successor, scols, what);
  if (bad >= 0)
  {
    return Where(index, t, std::size_t(bad)) + ": " + what;
  }
  return std::string();
}

// Groups the rules by (predecessor, left, right), checks the stochastic
// groups, and orders each symbol's groups most specific first (2L, 1L, 0L).
std::string GroupRules(LGrammar& g)
{
  std::map<std::pair<char, std::pair<std::string, std::string>>, std::vector<int>> groups;
  for (std::size_t k = 0; k < g.Rules.size(); ++k)
  {
    const LRule& r = g.Rules[k];
    groups[{ r.Predecessor, { r.Left, r.Right } }].push_back(int(k));
  }
  for (auto& kv : groups)
  {
    const auto& ids = kv.second;
    double sum = 0;
    for (int id : ids)
    {
      const LRule& r = g.Rules[std::size_t(id)];
      if (ids.size() > 1 && !r.HasProbability)
      {
        return "rule " + std::to_string(r.Index) + ": symbol '" + std::string(1, r.Predecessor) +
          "' has " + std::to_string(ids.size()) +
          " rules with the same context; give each a probability (': p')";
      }
      sum += r.Probability;
    }
    if (std::abs(sum - 1.0) > 1e-6)
    {
      return "rule " + std::to_string(g.Rules[std::size_t(ids[0])].Index) +
        ": the probabilities of the rules for '" + std::string(1, kv.first.first) + "' sum to " +
        std::to_string(sum) + ", not 1";
    }
    g.Groups[std::size_t(static_cast<unsigned char>(kv.first.first))].push_back(ids);
  }
  for (auto& list : g.Groups)
  {
    std::stable_sort(
      list.begin(), list.end(), [&](const std::vector<int>& a, const std::vector<int>& b) {
        const LRule& ra = g.Rules[std::size_t(a[0])];
        const LRule& rb = g.Rules[std::size_t(b[0])];
        return (ra.Left.size() + ra.Right.size()) > (rb.Left.size() + rb.Right.size());
      });
  }
  return std::string();
}
}

std::string ParseGrammar(
  const std::string& axiom, const std::string& rules, const std::string& ignore, LGrammar& g)
{
  g = LGrammar();
  const std::string problem = ParseAxiom(axiom, g);
  if (!problem.empty())
  {
    return problem;
  }
  for (char c : ignore)
  {
    if (IsSymbol(c))
    {
      g.Ignore += c;
    }
  }
  int index = 0;
  for (const std::string& t : SplitRules(rules))
  {
    const std::size_t first = t.find_first_not_of(" \t");
    if (first == std::string::npos || t[first] == '#')
    {
      continue;
    }
    LRule r;
    const std::string ruleProblem = ParseRule(t, ++index, r);
    if (!ruleProblem.empty())
    {
      return ruleProblem;
    }
    g.Rules.push_back(r);
  }
  return GroupRules(g);
}
}
