// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapLSystem
 * @brief   L-system source: derivation of a (bracketed, context-sensitive,
 *          stochastic) grammar and its 3-D turtle interpretation as polylines.
 *
 * Grammar (Axiom, Rules, Ignore): see cmLSystem.h. Rules are separated by new
 * lines or ';' and read `[left <] pred [> right] [: probability] -> successor`.
 * A rule that does not parse gives an error naming the rule and the column.
 * Before anything is expanded, the derived length is projected from the
 * rules (count vectors times the successor-count matrix; exact for
 * deterministic 0L systems, an upper bound otherwise) and a derivation
 * longer than MaximumLength symbols is refused with the projected size.
 *
 * Turtle: DrawSymbols draw a segment of StepLength, MoveSymbols move without
 * drawing, + − & ^ \ / | turn by Angle degrees (ABOP's 3-D turtle), [ ] push
 * and pop, ! multiplies the width by WidthDecay, ' increments the colour
 * index. The turtle starts at the origin heading along +y with up +z
 * (presets may head along +x).
 *
 * Preset (0 = Custom) selects a classic system: Koch curve and snowflake,
 * quadratic Koch island, Sierpinski arrowhead and triangle, ABOP Fig. 1.24
 * a–f, the stochastic plant of Fig. 1.27 and a 3-D bush after Fig. 1.25; it
 * then supplies the axiom, rules, angle, draw symbols and heading (the
 * Custom fields are ignored) and, when NumberOfIterations is −1, the number
 * of steps.
 *
 * Output: polylines with point arrays Width, Depth (bracket nesting, the
 * branch order) and ColorIndex, ready for the Tube filter (vary the radius by
 * Width); field data SymbolCount and, for self-similar presets,
 * SimilarityN, SimilarityS and SimilarityDimension = log N / log(1/S).
 * Pieces get contiguous ranges of polylines.
 *
 * @sa cmLSystem.h
 */
#ifndef vtkCloudMapLSystem_h
#define vtkCloudMapLSystem_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <string>

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapLSystem : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapLSystem* New();
  vtkTypeMacro(vtkCloudMapLSystem, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Preset index (0 Custom; see the class documentation for the list).
  vtkSetClampMacro(Preset, int, 0, 13);
  vtkGetMacro(Preset, int);
  ///@}

  ///@{
  /// The Custom grammar: axiom, rules and the symbols contexts ignore.
  vtkSetStdStringFromCharMacro(Axiom);
  vtkGetCharFromStdStringMacro(Axiom);
  vtkSetStdStringFromCharMacro(Rules);
  vtkGetCharFromStdStringMacro(Rules);
  vtkSetStdStringFromCharMacro(Ignore);
  vtkGetCharFromStdStringMacro(Ignore);
  ///@}

  ///@{
  /// Derivation steps; −1 (default) uses the preset's (4 for Custom).
  vtkSetClampMacro(NumberOfIterations, int, -1, 64);
  vtkGetMacro(NumberOfIterations, int);
  ///@}

  ///@{
  /// Turning angle in degrees for Custom (default 25.7).
  vtkSetMacro(Angle, double);
  vtkGetMacro(Angle, double);
  ///@}

  ///@{
  /// Symbols that draw (default "F") and that move without drawing ("f"), for Custom.
  vtkSetStdStringFromCharMacro(DrawSymbols);
  vtkGetCharFromStdStringMacro(DrawSymbols);
  vtkSetStdStringFromCharMacro(MoveSymbols);
  vtkGetCharFromStdStringMacro(MoveSymbols);
  ///@}

  ///@{
  /// Step length, initial width and the width factor of '!' (defaults 1, 1, 0.7).
  vtkSetMacro(StepLength, double);
  vtkGetMacro(StepLength, double);
  vtkSetMacro(InitialWidth, double);
  vtkGetMacro(InitialWidth, double);
  vtkSetMacro(WidthDecay, double);
  vtkGetMacro(WidthDecay, double);
  ///@}

  ///@{
  /// Seed of the stochastic rule choices.
  vtkSetMacro(Seed, int);
  vtkGetMacro(Seed, int);
  ///@}

  ///@{
  /// Refuse derivations projected longer than this many symbols (default 5e7).
  vtkSetMacro(MaximumLength, double);
  vtkGetMacro(MaximumLength, double);
  ///@}

  /// The derived string of the last execution (empty if it failed).
  const std::string& GetDerivedString() const { return this->Derived; }

protected:
  vtkCloudMapLSystem();
  ~vtkCloudMapLSystem() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Preset = 0;
  std::string Axiom = "F";
  std::string Rules = "F -> F[+F]F[-F]F";
  std::string Ignore;
  int NumberOfIterations = -1;
  double Angle = 25.7;
  std::string DrawSymbols = "F";
  std::string MoveSymbols = "f";
  double StepLength = 1.0;
  double InitialWidth = 1.0;
  double WidthDecay = 0.7;
  int Seed = 0;
  double MaximumLength = 5e7;
  std::string Derived;

private:
  vtkCloudMapLSystem(const vtkCloudMapLSystem&) = delete;
  void operator=(const vtkCloudMapLSystem&) = delete;
};

#endif
