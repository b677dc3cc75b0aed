// SPDX-License-Identifier: BSD-3-Clause
/**
 * L-systems after "The Algorithmic Beauty of Plants" (Prusinkiewicz and
 * Lindenmayer, 1990), pipeline-free: grammar parsing (cmLSystemGrammar.h),
 * rewriting (cmLSystemRewrite.h) and the 3-D turtle (cmLSystemTurtle.h);
 * this unit adds the presets and the L-System filter's whole algorithm.
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

#include "cmLSystemGrammar.h"
#include "cmLSystemRewrite.h"
#include "cmLSystemTurtle.h"
#include "cmSimilarity.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cm::fractal
{
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

/// The L-System filter's settings: a preset, or (Preset 0 or out of range)
/// the Custom grammar, angle and draw symbols.
struct LSystemSettings
{
  int Preset = 0;
  std::string Axiom = "F";
  std::string Rules = "F -> F[+F]F[-F]F";
  std::string Ignore;
  int Iterations = -1; ///< −1: the preset's (4 for Custom)
  double AngleDegrees = 25.7;
  std::string DrawSymbols = "F";
  std::string MoveSymbols = "f";
  double Step = 1.0;
  double InitialWidth = 1.0;
  double WidthDecay = 0.7;
  double MaximumLength = 5e7; ///< refuse longer projected strings
};

/// Whether `preset` selects the Custom grammar (0 or out of range).
bool IsCustomLSystem(int preset);

/**
 * Parses the grammar (the preset's or Custom), sets the turtle and the
 * number of derivation steps, and refuses a derivation projected longer
 * than MaximumLength before any memory is spent. Returns "" or the problem
 * as a sentence (ending with '.').
 */
std::string PrepareLSystem(
  const LSystemSettings& s, LGrammar& g, TurtleParameters& turtle, int& steps);

/// The polylines [FirstLine, EndLine) of a piece and their points
/// [FirstPoint, EndPoint) of a TurtleGeometry.
struct PolylineRange
{
  long long FirstLine = 0, EndLine = 0, FirstPoint = 0, EndPoint = 0;
  long long NumberOfPoints() const { return EndPoint - FirstPoint; }
};
PolylineRange SelectPolylines(const TurtleGeometry& geo, long long firstLine, long long endLine);

/// The range's polylines as cells over its own points: offsets (lines + 1
/// values from 0) and connectivity (0 .. points − 1).
void PolylineCells(
  const TurtleGeometry& geo, const PolylineRange& r, long long* offsets, long long* connectivity);

/// The output's field data: SymbolCount and, for a self-similar preset,
/// its similarity dimension (cmSimilarity.h).
std::vector<FieldValue> LSystemFields(int preset, std::size_t symbolCount);
}
#endif
