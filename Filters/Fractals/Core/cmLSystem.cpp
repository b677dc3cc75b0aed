// SPDX-License-Identifier: BSD-3-Clause
#include "cmLSystem.h"

#include "cmConstants.h"
#include "cmCounterRng.h"

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

void Rotate(double a[3], double b[3], double c, double s)
{
  // (a, b) -> (a cos + b sin, -a sin + b cos)
  for (int k = 0; k < 3; ++k)
  {
    const double x = a[k], y = b[k];
    a[k] = c * x + s * y;
    b[k] = -s * x + c * y;
  }
}
}

std::string ParseGrammar(
  const std::string& axiom, const std::string& rules, const std::string& ignore, LGrammar& g)
{
  g = LGrammar();
  std::vector<std::size_t> cols;
  for (std::size_t k = 0; k < axiom.size(); ++k)
  {
    if (IsSymbol(axiom[k]))
    {
      g.Axiom += axiom[k];
      cols.push_back(k);
    }
  }
  if (g.Axiom.empty())
  {
    return "the axiom is empty";
  }
  std::string what;
  long long bad = BracketProblem(g.Axiom, cols, what);
  if (bad >= 0)
  {
    return "axiom, column " + std::to_string(bad + 1) + ": " + what;
  }
  for (char c : ignore)
  {
    if (IsSymbol(c))
    {
      g.Ignore += c;
    }
  }

  // Split into rules at new lines and ';'.
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
  int index = 0;
  for (const std::string& t : texts)
  {
    const std::size_t first = t.find_first_not_of(" \t");
    if (first == std::string::npos || t[first] == '#')
    {
      continue;
    }
    ++index;
    const std::size_t arrow = t.find("->");
    if (arrow == std::string::npos)
    {
      return Where(index, t, t.size()) + ": expected '->' between predecessor and successor";
    }
    LRule r;
    r.Index = index;
    // Left-hand side: [left <] pred [> right] [: p]
    std::size_t lhsEnd = arrow;
    const std::size_t colon = t.find(':');
    if (colon != std::string::npos && colon < arrow)
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
      lhsEnd = colon;
    }
    std::string part[3];
    std::size_t partCol[3] = { 0, 0, 0 };
    int which = 1;
    bool sawLeft = false, sawRight = false;
    std::vector<std::size_t> predCols;
    for (std::size_t k = 0; k < lhsEnd; ++k)
    {
      const char c = t[k];
      if (!IsSymbol(c))
      {
        continue;
      }
      if (c == '<')
      {
        if (sawLeft || sawRight)
        {
          return Where(index, t, k) + ": unexpected '<'";
        }
        sawLeft = true;
        part[0] = part[1];
        part[1].clear();
        predCols.clear();
        continue;
      }
      if (c == '>')
      {
        if (sawRight)
        {
          return Where(index, t, k) + ": unexpected '>'";
        }
        sawRight = true;
        which = 2;
        continue;
      }
      if (which == 1)
      {
        predCols.push_back(k);
      }
      if (part[which].empty())
      {
        partCol[which] = k;
      }
      part[which] += c;
    }
    if (part[1].empty())
    {
      return Where(index, t, sawRight ? t.find('>') : arrow) + ": missing predecessor symbol";
    }
    if (part[1].size() > 1)
    {
      return Where(index, t, predCols[1]) + ": the predecessor must be a single symbol";
    }
    if ((sawLeft && part[0].empty()) || (sawRight && part[2].empty()))
    {
      return Where(index, t, sawLeft && part[0].empty() ? t.find('<') : t.find('>')) +
        ": empty context";
    }
    for (int q : { 0, 2 })
    {
      for (std::size_t k = 0; k < part[q].size(); ++k)
      {
        if (part[q][k] == '[' || part[q][k] == ']')
        {
          return Where(index, t, partCol[q] + k) + ": brackets are not supported in contexts";
        }
      }
    }
    (void)partCol;
    r.Left = part[0];
    r.Predecessor = part[1][0];
    r.Right = part[2];
    if (r.Predecessor == '[' || r.Predecessor == ']')
    {
      return Where(index, t, predCols[0]) + ": brackets cannot be rewritten";
    }
    std::vector<std::size_t> scols;
    for (std::size_t k = arrow + 2; k < t.size(); ++k)
    {
      if (IsSymbol(t[k]))
      {
        r.Successor += t[k];
        scols.push_back(k);
      }
    }
    bad = BracketProblem(r.Successor, scols, what);
    if (bad >= 0)
    {
      return Where(index, t, std::size_t(bad)) + ": " + what;
    }
    g.Rules.push_back(r);
  }

  // Group by (predecessor, left, right); check the stochastic groups.
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
    auto& list = g.Groups[std::size_t(static_cast<unsigned char>(kv.first.first))];
    list.push_back(ids);
  }
  // Most specific context first (2L, then 1L, then 0L).
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

double ProjectedLength(const LGrammar& g, int n)
{
  // Successor-count matrix, element-wise maximum over the alternatives a
  // symbol may take (including staying itself when a context may fail).
  std::vector<std::vector<double>> M(128, std::vector<double>(128, 0.0));
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
    const std::vector<long long> match =
      needContext ? MatchBrackets(cur) : std::vector<long long>();
    next.clear();
    next.reserve(cur.size() * 2);
    for (std::size_t i = 0; i < cur.size(); ++i)
    {
      const char c = cur[i];
      const auto& list = g.Groups[std::size_t(static_cast<unsigned char>(c))];
      const std::vector<int>* chosen = nullptr;
      for (const auto& grp : list)
      {
        const LRule& r = g.Rules[std::size_t(grp[0])];
        if ((r.Left.empty() || LeftMatches(cur, match, (long long)i, r.Left, g.Ignore)) &&
          (r.Right.empty() || RightMatches(cur, match, (long long)i, r.Right, g.Ignore)))
        {
          chosen = &grp;
          break;
        }
      }
      if (!chosen)
      {
        next += c;
        continue;
      }
      std::size_t pick = 0;
      if (chosen->size() > 1)
      {
        const double u = CounterUniform(seed, std::uint64_t(step), std::uint64_t(i));
        double acc = 0;
        pick = chosen->size() - 1;
        for (std::size_t k = 0; k < chosen->size(); ++k)
        {
          acc += g.Rules[std::size_t((*chosen)[k])].Probability;
          if (u < acc)
          {
            pick = k;
            break;
          }
        }
      }
      next += g.Rules[std::size_t((*chosen)[pick])].Successor;
    }
    cur.swap(next);
  }
  out.swap(cur);
  return true;
}

void Interpret(const std::string& s, const TurtleParameters& p, TurtleGeometry& out)
{
  struct State
  {
    double P[3], H[3], L[3], U[3];
    double Width;
    int Depth, Color;
  };
  State st;
  for (int k = 0; k < 3; ++k)
  {
    st.P[k] = 0;
    st.H[k] = p.Heading[k];
    st.U[k] = p.Up[k];
  }
  // L = U × H, then make the frame orthonormal.
  auto norm = [](double v[3]) {
    const double l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; ++k)
    {
      v[k] /= (l > 0 ? l : 1);
    }
  };
  norm(st.H);
  st.L[0] = st.U[1] * st.H[2] - st.U[2] * st.H[1];
  st.L[1] = st.U[2] * st.H[0] - st.U[0] * st.H[2];
  st.L[2] = st.U[0] * st.H[1] - st.U[1] * st.H[0];
  norm(st.L);
  st.U[0] = st.H[1] * st.L[2] - st.H[2] * st.L[1];
  st.U[1] = st.H[2] * st.L[0] - st.H[0] * st.L[2];
  st.U[2] = st.H[0] * st.L[1] - st.H[1] * st.L[0];
  st.Width = p.InitialWidth;
  st.Depth = 0;
  st.Color = 0;
  const double a = p.AngleDegrees * cm::Pi / 180.0;
  const double ca = std::cos(a), sa = std::sin(a);
  bool open = false;
  auto emit = [&](const State& q) {
    out.Points.insert(out.Points.end(), q.P, q.P + 3);
    out.Width.push_back(float(q.Width));
    out.Depth.push_back(q.Depth);
    out.Color.push_back(q.Color);
  };
  auto close = [&]() {
    if (open)
    {
      out.Offsets.push_back(static_cast<long long>(out.Width.size()));
      open = false;
    }
  };
  bool draw[128] = { false }, move[128] = { false };
  for (char c : p.DrawSymbols)
  {
    draw[static_cast<unsigned char>(c) & 127] = true;
  }
  for (char c : p.MoveSymbols)
  {
    move[static_cast<unsigned char>(c) & 127] = true;
  }
  std::vector<State> stack;
  for (char c : s)
  {
    const unsigned char u = static_cast<unsigned char>(c) & 127;
    if (draw[u])
    {
      if (!open)
      {
        emit(st);
        open = true;
      }
      for (int k = 0; k < 3; ++k)
      {
        st.P[k] += p.Step * st.H[k];
      }
      emit(st);
      ++out.Segments;
      continue;
    }
    if (move[u])
    {
      close();
      for (int k = 0; k < 3; ++k)
      {
        st.P[k] += p.Step * st.H[k];
      }
      continue;
    }
    switch (c)
    {
      case '+': Rotate(st.H, st.L, ca, sa); break;
      case '-': Rotate(st.H, st.L, ca, -sa); break;
      case '&': Rotate(st.H, st.U, ca, -sa); break;
      case '^': Rotate(st.H, st.U, ca, sa); break;
      case '\\': Rotate(st.L, st.U, ca, sa); break;
      case '/': Rotate(st.L, st.U, ca, -sa); break;
      case '|': Rotate(st.H, st.L, -1.0, 0.0); break;
      case '[':
        stack.push_back(st);
        ++st.Depth;
        break;
      case ']':
        close();
        if (!stack.empty())
        {
          st = stack.back();
          stack.pop_back();
        }
        break;
      case '!': st.Width *= p.WidthDecay; break;
      case '\'': ++st.Color; break;
      default: break;
    }
  }
  close();
}

const std::vector<LPreset>& LPresets()
{
  static const std::vector<LPreset> presets = {
    { "Custom", "", "", "", 0, 0, "F", { 0, 1, 0 }, 0, 0 },
    { "Koch curve", "F", "F -> F+F--F+F", "", 60, 4, "F", { 1, 0, 0 }, 4, 1.0 / 3 },
    { "Koch snowflake", "F--F--F", "F -> F+F--F+F", "", 60, 4, "F", { 1, 0, 0 }, 4, 1.0 / 3 },
    { "Quadratic Koch island", "F-F-F-F", "F -> F-F+F+FF-F-F+F", "", 90, 2, "F", { 1, 0, 0 }, 8,
      0.25 },
    { "Sierpinski arrowhead", "A", "A -> B-A-B; B -> A+B+A", "", 60, 6, "AB", { 1, 0, 0 }, 3, 0.5 },
    { "Sierpinski triangle", "F-G-G", "F -> F-G+F+G-F; G -> GG", "", 120, 6, "FG", { 1, 0, 0 }, 3,
      0.5 },
    { "ABOP 1.24a", "F", "F -> F[+F]F[-F]F", "", 25.7, 5, "F", { 0, 1, 0 }, 0, 0 },
    { "ABOP 1.24b", "F", "F -> F[+F]F[-F][F]", "", 20, 5, "F", { 0, 1, 0 }, 0, 0 },
    { "ABOP 1.24c", "F", "F -> FF-[-F+F+F]+[+F-F-F]", "", 22.5, 4, "F", { 0, 1, 0 }, 0, 0 },
    { "ABOP 1.24d", "X", "X -> F[+X]F[-X]+X; F -> FF", "", 20, 7, "F", { 0, 1, 0 }, 0, 0 },
    { "ABOP 1.24e", "X", "X -> F[+X][-X]FX; F -> FF", "", 25.7, 7, "F", { 0, 1, 0 }, 0, 0 },
    { "ABOP 1.24f", "X", "X -> F-[[X]+X]+F[+FX]-X; F -> FF", "", 22.5, 5, "F", { 0, 1, 0 }, 0, 0 },
    { "ABOP 1.27 stochastic", "F",
      "F : 0.33 -> F[+F]F[-F]F; F : 0.33 -> F[+F]F; F : 0.34 -> F[-F]F", "", 25.7, 5, "F",
      { 0, 1, 0 }, 0, 0 },
    { "3-D bush (ABOP 1.25)", "A",
      "A -> [&FL!A]/////'[&FL!A]///////'[&FL!A]; F -> S/////F; S -> FL; L -> [''''^^G]", "", 22.5,
      7, "FG", { 0, 1, 0 }, 0, 0 },
  };
  return presets;
}
}
