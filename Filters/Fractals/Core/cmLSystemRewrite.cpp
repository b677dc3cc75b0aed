// SPDX-License-Identifier: BSD-3-Clause
#include "cmLSystemRewrite.h"

#include "cmCounterRng.h"

#include <algorithm>
#include <vector>

namespace cm::fractal
{
namespace
{
using Matrix = std::vector<std::vector<double>>;

// Successor-count matrix, element-wise maximum over the alternatives a
// symbol may take (including staying itself when a context may fail).
Matrix SuccessorCounts(const LGrammar& g)
{
  Matrix M(128, std::vector<double>(128, 0.0));
  for (int c = 0; c < 128; ++c)
  {
    const auto& list = g.Groups[std::size_t(c)];
    bool contextFree = false;
    for (const auto& grp : list)
    {
      const LRule& r0 = g.Rules[std::size_t(grp[0])];
      contextFree = contextFree || (r0.Left.empty() && r0.Right.empty());
      for (int id : grp)
      {
        std::vector<double> cnt(128, 0.0);
        for (char s : g.Rules[std::size_t(id)].Successor)
        {
          cnt[std::size_t(static_cast<unsigned char>(s))] += 1;
        }
        for (int d = 0; d < 128; ++d)
        {
          M[std::size_t(c)][std::size_t(d)] =
            std::max(M[std::size_t(c)][std::size_t(d)], cnt[std::size_t(d)]);
        }
      }
    }
    if (!contextFree)
    {
      M[std::size_t(c)][std::size_t(c)] = std::max(M[std::size_t(c)][std::size_t(c)], 1.0);
    }
  }
  return M;
}

// Index of the matching bracket for every bracket of s (others: -1).
std::vector<long long> MatchBrackets(const std::string& s)
{
  std::vector<long long> match(s.size(), -1), open;
  for (std::size_t k = 0; k < s.size(); ++k)
  {
    if (s[k] == '[')
    {
      open.push_back(static_cast<long long>(k));
    }
    else if (s[k] == ']' && !open.empty())
    {
      match[k] = open.back();
      match[std::size_t(open.back())] = static_cast<long long>(k);
      open.pop_back();
    }
  }
  return match;
}

// Context-sensitive matching: the left context ends just before i. Looking
// left, a bracketed branch ending just before is skipped and '[' is crossed
// (the context is the parent path).
bool LeftMatches(const std::string& s, const std::vector<long long>& match, long long i,
  const std::string& ctx, const std::string& ignore)
{
  long long j = i - 1;
  for (long long k = static_cast<long long>(ctx.size()) - 1; k >= 0; --k)
  {
    for (;;)
    {
      if (j < 0)
      {
        return false;
      }
      const char c = s[std::size_t(j)];
      if (c == ']' && match[std::size_t(j)] >= 0)
      {
        j = match[std::size_t(j)] - 1; // skip a sibling branch
      }
      else if (c == '[' || ignore.find(c) != std::string::npos)
      {
        --j; // cross into the parent path / skip ignored symbols
      }
      else
      {
        break;
      }
    }
    if (s[std::size_t(j)] != ctx[std::size_t(k)])
    {
      return false;
    }
    --j;
  }
  return true;
}

// The right context starts just after i: branches are skipped and ']' ends
// the search.
bool RightMatches(const std::string& s, const std::vector<long long>& match, long long i,
  const std::string& ctx, const std::string& ignore)
{
  long long j = i + 1;
  const long long n = static_cast<long long>(s.size());
  for (char want : ctx)
  {
    for (;;)
    {
      if (j >= n)
      {
        return false;
      }
      const char c = s[std::size_t(j)];
      if (c == '[' && match[std::size_t(j)] >= 0)
      {
        j = match[std::size_t(j)] + 1; // skip a branch
      }
      else if (c == ']')
      {
        return false; // the end of this branch
      }
      else if (ignore.find(c) != std::string::npos)
      {
        ++j;
      }
      else
      {
        break;
      }
    }
    if (s[std::size_t(j)] != want)
    {
      return false;
    }
    ++j;
  }
  return true;
}

// The first (most specific) group of rules for cur[i] whose contexts match,
// or null: the symbol stays.
const std::vector<int>* MatchingGroup(
  const LGrammar& g, const std::string& cur, const std::vector<long long>& match, std::size_t i)
{
  for (const auto& grp : g.Groups[std::size_t(static_cast<unsigned char>(cur[i]))])
  {
    const LRule& r = g.Rules[std::size_t(grp[0])];
    if ((r.Left.empty() || LeftMatches(cur, match, (long long)i, r.Left, g.Ignore)) &&
      (r.Right.empty() || RightMatches(cur, match, (long long)i, r.Right, g.Ignore)))
    {
      return &grp;
    }
  }
  return nullptr;
}

// A stochastic group's choice at step `step`, position i (one rule: it).
std::size_t PickRule(
  const LGrammar& g, const std::vector<int>& group, std::uint64_t seed, int step, std::size_t i)
{
  if (group.size() < 2)
  {
    return 0;
  }
  const double u = CounterUniform(seed, std::uint64_t(step), std::uint64_t(i));
  double acc = 0;
  for (std::size_t k = 0; k < group.size(); ++k)
  {
    acc += g.Rules[std::size_t(group[k])].Probability;
    if (u < acc)
    {
      return k;
    }
  }
  return group.size() - 1;
}

// One derivation step: cur rewritten into next.
void RewriteStep(const LGrammar& g, bool needContext, std::uint64_t seed, int step,
  const std::string& cur, std::string& next)
{
  const std::vector<long long> match = needContext ? MatchBrackets(cur) : std::vector<long long>();
  next.clear();
  next.reserve(cur.size() * 2);
  for (std::size_t i = 0; i < cur.size(); ++i)
  {
    const std::vector<int>* chosen = MatchingGroup(g, cur, match, i);
    if (!chosen)
    {
      next += cur[i];
      continue;
    }
    const std::size_t pick = PickRule(g, *chosen, seed, step, i);
    next += g.Rules[std::size_t((*chosen)[pick])].Successor;
  }
}
}

double ProjectedLength(const LGrammar& g, int n)
{
  const Matrix M = SuccessorCounts(g);
  std::vector<double> v(128, 0.0);
  for (char s : g.Axiom)
  {
    v[std::size_t(static_cast<unsigned char>(s))] += 1;
  }
  for (int step = 0; step < n; ++step)
  {
    std::vector<double> w(128, 0.0);
    for (int c = 0; c < 128; ++c)
    {
      if (v[std::size_t(c)] != 0)
      {
        for (int d = 0; d < 128; ++d)
        {
          w[std::size_t(d)] += v[std::size_t(c)] * M[std::size_t(c)][std::size_t(d)];
        }
      }
    }
    v.swap(w);
  }
  double total = 0;
  for (double x : v)
  {
    total += x;
  }
  return total;
}

bool Derive(const LGrammar& g, int n, std::uint64_t seed, std::string& out,
  const std::function<bool(double)>& progressAbort)
{
  std::string cur = g.Axiom, next;
  bool needContext = false;
  for (const LRule& r : g.Rules)
  {
    needContext = needContext || !r.Left.empty() || !r.Right.empty();
  }
  for (int step = 0; step < n; ++step)
  {
    if (progressAbort && progressAbort(double(step) / n))
    {
      return false;
    }
    RewriteStep(g, needContext, seed, step, cur, next);
    cur.swap(next);
  }
  out.swap(cur);
  return true;
}
}
