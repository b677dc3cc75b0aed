// SPDX-License-Identifier: BSD-3-Clause
/**
 * L-systems after "The Algorithmic Beauty of Plants" (Prusinkiewicz and
 * Lindenmayer, 1990), pipeline-free: grammar parsing, derivation and the
 * 3-D turtle.
 *
 * Grammar. Symbols are single printable ASCII characters. Rules are separated
 * by new lines or ';' and read
 *
 *     [left <] pred [> right] [: probability] -> successor
 *
 * `left` and `right` are context strings of plain symbols (1L/2L rules);
 * symbols in the ignore set are skipped when matching contexts, and so are
 * whole branches: looking left, a bracketed branch ending just before is
 * skipped and '[' is crossed (the context is the parent path); looking right,
 * branches are skipped and ']' ends the search. For each symbol the rules
 * with the most context that match win over context-free ones. Rules with
 * the same predecessor and contexts form a stochastic group: each needs a
 * probability and they must sum to 1; the choice at step t, position i is
 * cm::CounterUniform(seed, t, i), so derivations are reproducible.
 * White space is ignored; a line starting with '#' is a comment.
 *
 * Turtle (3-D, ABOP §1.5): draw symbols (default "F") move forward by the
 * step drawing a segment; move symbols (default "f") move without drawing;
 * + − turn left/right about U, & ^ pitch down/up about L, \ / roll about H,
 * | turns around; [ ] push/pop the state; ! multiplies the width by the
 * width decay; ' increments the colour index. Other symbols are ignored.
 */
#ifndef cmLSystem_h
#define cmLSystem_h

#include <cstdint>
#include <functional>
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

/// Length of the string after n steps computed from the rules alone (count
/// vectors times the successor-count matrix): exact for deterministic
/// context-free grammars, an upper bound otherwise.
double ProjectedLength(const LGrammar& g, int n);

/// Rewrites the axiom n times in parallel. Returns false if `progressAbort`
/// asked to stop. Check ProjectedLength before calling.
bool Derive(const LGrammar& g, int n, std::uint64_t seed, std::string& out,
  const std::function<bool(double)>& progressAbort = nullptr);

struct TurtleParameters
{
  double Step = 1.0;
  double AngleDegrees = 25.0;
  double InitialWidth = 1.0;
  double WidthDecay = 0.7;
  std::string DrawSymbols = "F";
  std::string MoveSymbols = "f";
  double Heading[3] = { 0, 1, 0 };
  double Up[3] = { 0, 0, 1 };
};

/// Polylines: Offsets[k]..Offsets[k+1] are the points of polyline k.
struct TurtleGeometry
{
  std::vector<double> Points; ///< xyz
  std::vector<long long> Offsets{ 0 };
  std::vector<float> Width;
  std::vector<int> Depth; ///< bracket nesting (branch order)
  std::vector<int> Color;
  long long Segments = 0;
};

/// Interprets the string with the turtle.
void Interpret(const std::string& s, const TurtleParameters& p, TurtleGeometry& out);

struct LPreset
{
  const char* Name;
  const char* Axiom;
  const char* Rules;
  const char* Ignore;
  double AngleDegrees;
  int Iterations;
  const char* DrawSymbols;
  double Heading[3];
  int SimilarityN; ///< pieces of the self-similar limit (0: not self-similar)
  double SimilarityS; ///< their scale
};

/// The presets; index 0 is "Custom" (empty).
const std::vector<LPreset>& LPresets();
}
#endif
