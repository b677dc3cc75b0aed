// SPDX-License-Identifier: BSD-3-Clause
// L-systems against independent oracles: ABOP's string lengths and symbol
// counts (derived here by count recurrences, not by the library), the 1L
// signal propagation sequence, bracketed contexts, stochastic frequencies,
// parse errors with rule and column, and the turtle's Koch geometry.
#include "cmCheck.h"
#include "cmLSystem.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace
{
long long Count(const std::string& s, char c)
{
  return static_cast<long long>(std::count(s.begin(), s.end(), c));
}

std::string Run(
  const char* axiom, const char* rules, int n, const char* ignore = "", unsigned seed = 0)
{
  cm::fractal::LGrammar g;
  const std::string err = cm::fractal::ParseGrammar(axiom, rules, ignore, g);
  if (!err.empty())
  {
    std::printf("unexpected parse error: %s\n", err.c_str());
    return "<error>";
  }
  std::string out;
  cm::fractal::Derive(g, n, seed, out);
  return out;
}

std::string ParseError(const char* axiom, const char* rules)
{
  cm::fractal::LGrammar g;
  return cm::fractal::ParseGrammar(axiom, rules, "", g);
}

// Symbol counts after n steps of a deterministic 0L system by the count
// recurrence v_{k+1}[d] = sum_c v_k[c] * (#d in succ(c)), written out here
// independently of the library.
std::map<char, long long> Counts(
  const std::string& axiom, const std::map<char, std::string>& rules, int n)
{
  std::map<char, long long> v;
  for (char c : axiom)
  {
    ++v[c];
  }
  for (int k = 0; k < n; ++k)
  {
    std::map<char, long long> w;
    for (const auto& kv : v)
    {
      auto r = rules.find(kv.first);
      if (r == rules.end())
      {
        w[kv.first] += kv.second;
      }
      else
      {
        for (char d : r->second)
        {
          w[d] += kv.second;
        }
      }
    }
    v = w;
  }
  return v;
}
}

int TestLSystem(int, char*[])
{
  // ABOP 1.24a: 5 steps give 3125 F and 7811 symbols (ORACLES.md).
  {
    const std::string s = Run("F", "F -> F[+F]F[-F]F", 5);
    std::printf("ABOP 1.24a n=5: %lld F, %zu symbols\n", Count(s, 'F'), s.size());
    CM_CHECK(Count(s, 'F') == 3125);
    CM_CHECK(s.size() == 7811);
    cm::fractal::LGrammar g;
    cm::fractal::ParseGrammar("F", "F -> F[+F]F[-F]F", "", g);
    CM_NEAR(cm::fractal::ProjectedLength(g, 5), 7811, 0);
    CM_NEAR(
      cm::fractal::ProjectedLength(g, 12), std::pow(5.0, 12) + 1.5 * (std::pow(5.0, 12) - 1), 0.5);
  }
  // Quadratic Koch island: 3 steps give 2048 F.
  {
    const std::string s = Run("F-F-F-F", "F -> F-F+F+FF-F-F+F", 3);
    std::printf("quadratic Koch island n=3: %lld F\n", Count(s, 'F'));
    CM_CHECK(Count(s, 'F') == 2048);
  }
  // Every symbol count of the other ABOP 1.24 plants against the recurrence.
  {
    struct Case
    {
      const char* Axiom;
      std::map<char, std::string> Rules;
      const char* Text;
      int N;
    };
    const Case cases[] = {
      { "F", { { 'F', "F[+F]F[-F][F]" } }, "F -> F[+F]F[-F][F]", 5 },
      { "F", { { 'F', "FF-[-F+F+F]+[+F-F-F]" } }, "F -> FF-[-F+F+F]+[+F-F-F]", 4 },
      { "X", { { 'X', "F[+X]F[-X]+X" }, { 'F', "FF" } }, "X -> F[+X]F[-X]+X; F -> FF", 7 },
      { "X", { { 'X', "F[+X][-X]FX" }, { 'F', "FF" } }, "X -> F[+X][-X]FX\nF -> FF", 7 },
      { "X", { { 'X', "F-[[X]+X]+F[+FX]-X" }, { 'F', "FF" } }, "X->F-[[X]+X]+F[+FX]-X;F->FF", 5 },
    };
    for (const auto& c : cases)
    {
      const std::string s = Run(c.Axiom, c.Text, c.N);
      const auto want = Counts(c.Axiom, c.Rules, c.N);
      long long total = 0;
      for (const auto& kv : want)
      {
        CM_CHECK(Count(s, kv.first) == kv.second);
        total += kv.second;
      }
      CM_CHECK(static_cast<long long>(s.size()) == total);
      cm::fractal::LGrammar g;
      cm::fractal::ParseGrammar(c.Axiom, c.Text, "", g);
      CM_NEAR(cm::fractal::ProjectedLength(g, c.N), double(total), 0);
    }
  }
  // 1L signal propagation (ABOP §1.8): b < a -> b, b -> a moves b right.
  {
    cm::fractal::LGrammar g;
    CM_CHECK(cm::fractal::ParseGrammar("baaaaaaaa", "b < a -> b\nb -> a", "", g).empty());
    bool ok = true;
    for (int n = 0; n <= 8; ++n)
    {
      std::string s;
      cm::fractal::Derive(g, n, 0, s);
      std::string want(9, 'a');
      want[std::size_t(n)] = 'b';
      ok = ok && s == want;
    }
    CM_CHECK(ok);
  }
  // Contexts skip branches and ignored symbols; ']' ends a right context.
  {
    CM_CHECK(Run("a[b]c", "a < c -> x", 1) == "a[b]x");
    CM_CHECK(Run("a[b]c", "b < c -> x", 1) == "a[b]c");
    CM_CHECK(Run("a[b]c", "a > c -> y", 1) == "y[b]c");
    CM_CHECK(Run("a[b]c", "b > c -> y", 1) == "a[b]c");
    CM_CHECK(Run("a[b]c", "a < b -> z", 1) == "a[z]c");
    CM_CHECK(Run("a+-b", "a < b -> x", 1, "+-") == "a+-x");
    CM_CHECK(Run("a+-b", "a < b -> x", 1, "") == "a+-b");
    // 2L beats 1L beats 0L.
    CM_CHECK(Run("abc", "a < b > c -> 2; a < b -> 1; b -> 0", 1) == "a2c");
    CM_CHECK(Run("abd", "a < b > c -> 2; a < b -> 1; b -> 0", 1) == "a1d");
    CM_CHECK(Run("dbd", "a < b > c -> 2; a < b -> 1; b -> 0", 1) == "d0d");
  }
  // Stochastic: frequencies within 3 sigma, reproducible by seed.
  {
    const std::string axiom(20000, 'A');
    const std::string s = Run(axiom.c_str(), "A : 0.2 -> B; A : 0.8 -> C", 1, "", 7);
    const double nb = double(Count(s, 'B')), sd = std::sqrt(20000 * 0.2 * 0.8);
    std::printf("stochastic: %g B of 20000 (expected 4000 +- %.0f); other seeds:", nb, 3 * sd);
    for (unsigned seed : { 1u, 2u, 3u })
    {
      const std::string t = Run(axiom.c_str(), "A : 0.2 -> B; A : 0.8 -> C", 1, "", seed);
      std::printf(" %lld", Count(t, 'B'));
      CM_CHECK(std::abs(double(Count(t, 'B')) - 4000) < 3 * sd);
    }
    std::printf("\n");
    CM_CHECK(std::abs(nb - 4000) < 3 * sd);
    CM_CHECK(Count(s, 'B') + Count(s, 'C') == 20000);
    CM_CHECK(s == Run(axiom.c_str(), "A : 0.2 -> B; A : 0.8 -> C", 1, "", 7));
    CM_CHECK(s != Run(axiom.c_str(), "A : 0.2 -> B; A : 0.8 -> C", 1, "", 8));
  }
  // Errors name the rule and the column.
  {
    const std::string e1 = ParseError("F", "F -> F[+F");
    std::printf("error: %s\n", e1.c_str());
    CM_CHECK(e1.find("rule 1") != std::string::npos && e1.find("column 7") != std::string::npos);
    const std::string e2 = ParseError("F", "F -> FF\nFG -> x");
    std::printf("error: %s\n", e2.c_str());
    CM_CHECK(e2.find("rule 2") != std::string::npos && e2.find("column 2") != std::string::npos);
    const std::string e3 = ParseError("F", "F = FF");
    CM_CHECK(e3.find("'->'") != std::string::npos);
    const std::string e4 = ParseError("F", "A : 0.5 -> B; A : 0.3 -> C");
    std::printf("error: %s\n", e4.c_str());
    CM_CHECK(e4.find("sum to 0.8") != std::string::npos);
    CM_CHECK(ParseError("F", "A -> B; A -> C").find("probability") != std::string::npos);
    CM_CHECK(ParseError("F]", "F -> F").find("axiom, column 2") != std::string::npos);
    CM_CHECK(ParseError("F", "F : 1.5 -> F").find("column 4") != std::string::npos);
  }
  // Turtle: the Koch curve at level n has 4^n segments and ends at (3^n, 0).
  for (int n = 0; n <= 6; ++n)
  {
    const std::string s = Run("F", "F -> F+F--F+F", n);
    cm::fractal::TurtleParameters tp;
    tp.AngleDegrees = 60;
    tp.Heading[0] = 1;
    tp.Heading[1] = 0;
    cm::fractal::TurtleGeometry geo;
    cm::fractal::Interpret(s, tp, geo);
    const std::size_t np = geo.Width.size();
    CM_CHECK(geo.Segments == (1LL << (2 * n)));
    CM_CHECK(geo.Offsets.size() == 2 && np == std::size_t(geo.Segments + 1));
    CM_NEAR(geo.Points[3 * (np - 1)], std::pow(3.0, n), 1e-9 * std::pow(3.0, n));
    CM_NEAR(geo.Points[3 * (np - 1) + 1], 0.0, 1e-9 * std::pow(3.0, n));
  }
  // 3-D turtle: '+' turns left about U, '&' pitches down, '\' rolls, '!' and '['.
  {
    cm::fractal::TurtleParameters tp;
    tp.AngleDegrees = 90;
    tp.WidthDecay = 0.5;
    cm::fractal::TurtleGeometry geo;
    cm::fractal::Interpret("F[+F]F[&F]![\\&F]'F", tp, geo);
    // Worked by hand: H = +y, U = +z, L = U x H = -x; '+' takes H to L,
    // '&' to -U, and after '\' (U becomes +x) '&' takes H to -x.
    const double want[][3] = { { 0, 0, 0 }, { 0, 1, 0 }, { -1, 1, 0 }, { 0, 1, 0 }, { 0, 2, 0 },
      { 0, 2, -1 }, { 0, 2, 0 }, { -1, 2, 0 }, { 0, 2, 0 }, { 0, 3, 0 } };
    CM_CHECK(geo.Segments == 6);
    bool ok = geo.Width.size() == 10;
    for (std::size_t k = 0; ok && k < 10; ++k)
    {
      for (int d = 0; d < 3; ++d)
      {
        ok = ok && std::abs(geo.Points[3 * k + d] - want[k][d]) < 1e-12;
      }
    }
    CM_CHECK(ok);
    CM_CHECK(geo.Offsets.size() == 5); // 4 polylines
    CM_CHECK(geo.Depth.size() == 10 && geo.Depth[2] == 1 && geo.Depth[5] == 1 && geo.Depth[4] == 0);
    CM_CHECK(std::abs(geo.Width[9] - 0.5f) < 1e-7 && geo.Width[4] == 1.0f && geo.Color[9] == 1 &&
      geo.Color[4] == 0);
  }
  // Every preset parses.
  for (std::size_t k = 1; k < cm::fractal::LPresets().size(); ++k)
  {
    const auto& p = cm::fractal::LPresets()[k];
    cm::fractal::LGrammar g;
    const std::string err = cm::fractal::ParseGrammar(p.Axiom, p.Rules, p.Ignore, g);
    if (!err.empty())
    {
      std::printf("preset %s: %s\n", p.Name, err.c_str());
    }
    CM_CHECK(err.empty());
  }
  return cmReport("TestLSystem");
}
