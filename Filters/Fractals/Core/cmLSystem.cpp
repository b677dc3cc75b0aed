// SPDX-License-Identifier: BSD-3-Clause
#include "cmLSystem.h"

#include <algorithm>
#include <sstream>

namespace cm::fractal
{
bool IsCustomLSystem(int preset)
{
  return preset <= 0 || preset >= int(LPresets().size());
}

std::string PrepareLSystem(const LSystemSettings& s, LGrammar& g, TurtleParameters& tp, int& n)
{
  tp.Step = s.Step;
  tp.InitialWidth = s.InitialWidth;
  tp.WidthDecay = s.WidthDecay;
  tp.MoveSymbols = s.MoveSymbols;
  n = s.Iterations;
  std::string err;
  if (IsCustomLSystem(s.Preset))
  {
    err = ParseGrammar(s.Axiom, s.Rules, s.Ignore, g);
    tp.AngleDegrees = s.AngleDegrees;
    tp.DrawSymbols = s.DrawSymbols;
    n = n < 0 ? 4 : n;
  }
  else
  {
    const LPreset& pre = LPresets()[std::size_t(s.Preset)];
    err = ParseGrammar(pre.Axiom, pre.Rules, pre.Ignore, g);
    tp.AngleDegrees = pre.AngleDegrees;
    tp.DrawSymbols = pre.DrawSymbols;
    std::copy_n(pre.Heading, 3, tp.Heading);
    n = n < 0 ? pre.Iterations : n;
  }
  if (!err.empty())
  {
    return err + ".";
  }
  const double projected = ProjectedLength(g, n);
  if (projected > s.MaximumLength)
  {
    std::ostringstream msg;
    msg << n << " derivation steps would produce " << projected << " symbols (about "
        << projected * 3 / 1e9 << " GB with the turtle geometry); the limit is " << s.MaximumLength
        << " (MaximumLength).";
    return msg.str();
  }
  return std::string();
}

PolylineRange SelectPolylines(const TurtleGeometry& geo, long long lb, long long le)
{
  PolylineRange r;
  r.FirstLine = lb;
  r.EndLine = std::max(lb, le);
  r.FirstPoint = le > lb ? geo.Offsets[std::size_t(lb)] : 0;
  r.EndPoint = le > lb ? geo.Offsets[std::size_t(le)] : 0;
  return r;
}

void PolylineCells(
  const TurtleGeometry& geo, const PolylineRange& r, long long* offsets, long long* connectivity)
{
  for (long long l = r.FirstLine; l <= r.EndLine; ++l)
  {
    offsets[l - r.FirstLine] =
      r.EndLine > r.FirstLine ? geo.Offsets[std::size_t(l)] - r.FirstPoint : 0;
  }
  for (long long q = 0; q < r.NumberOfPoints(); ++q)
  {
    connectivity[q] = q;
  }
}

std::vector<FieldValue> LSystemFields(int preset, std::size_t symbolCount)
{
  std::vector<FieldValue> fields = { { "SymbolCount", double(symbolCount) } };
  if (!IsCustomLSystem(preset))
  {
    const LPreset& pre = LPresets()[std::size_t(preset)];
    for (const FieldValue& f : SimilarityFields(pre.SimilarityN, pre.SimilarityS))
    {
      fields.push_back(f);
    }
  }
  return fields;
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
