// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapIteratedFunctionSystem
 * @brief   Attractor of an iterated function system by the chaos game.
 *
 * Maps (one per line or ';') in MapFormat 0 "a b c d e f [p]" (x' = a x +
 * b y + e, y' = c x + d y + f), 1 the chapter's "r q θ φ e f [p]" (a = r cos θ,
 * b = −q sin φ, c = r sin θ, d = q cos φ, angles in degrees) or 2 a 3-D map
 * "a11 .. a33 t1 t2 t3 [p]". With UseGivenProbabilities the p column is
 * required and must sum to 1; otherwise the probabilities are each map's
 * share of |det A| (a map with determinant 0 gets 1% of the total).
 * A map that does not parse, or probabilities that do not sum to 1, give an
 * error naming the map and no output.
 *
 * Preset (0 Custom) selects the Barnsley fern, the Sierpinski gasket, a
 * branching tree or the 3-D Sierpinski tetrahedron; the preset then supplies
 * maps, format and probabilities.
 *
 * The output has NumberOfPoints vertices with the point array MapIndex (the
 * map that produced each point). Point k depends only on (Seed, k): the
 * chaos game runs in blocks of 4096 points, each started at the fixed point
 * of map 0, so blocks run in parallel (vtkSMPTools) and pieces get exactly
 * their part of the serial point set. Requests above MaximumNumberOfPoints
 * are refused with the projected size.
 *
 * @sa cmIFS.h
 */
#ifndef vtkCloudMapIteratedFunctionSystem_h
#define vtkCloudMapIteratedFunctionSystem_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <string>
#include <vector>

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapIteratedFunctionSystem : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapIteratedFunctionSystem* New();
  vtkTypeMacro(vtkCloudMapIteratedFunctionSystem, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Preset: 0 Custom, 1 Barnsley fern, 2 Sierpinski gasket, 3 branching tree, 4 Sierpinski
  /// tetrahedron.
  vtkSetClampMacro(Preset, int, 0, 4);
  vtkGetMacro(Preset, int);
  ///@}

  ///@{
  /// The Custom maps and their format (0 coefficients, 1 r q θ φ e f, 2 3-D).
  vtkSetStdStringFromCharMacro(Maps);
  vtkGetCharFromStdStringMacro(Maps);
  vtkSetClampMacro(MapFormat, int, 0, 2);
  vtkGetMacro(MapFormat, int);
  ///@}

  ///@{
  /// Use the p column (default on) instead of the |det| shares.
  vtkSetMacro(UseGivenProbabilities, bool);
  vtkGetMacro(UseGivenProbabilities, bool);
  vtkBooleanMacro(UseGivenProbabilities, bool);
  ///@}

  ///@{
  /// Number of chaos-game points (default 200000) and the seed.
  vtkSetClampMacro(NumberOfPoints, vtkIdType, 0, VTK_ID_MAX);
  vtkGetMacro(NumberOfPoints, vtkIdType);
  vtkSetMacro(Seed, int);
  vtkGetMacro(Seed, int);
  ///@}

  ///@{
  /// Refuse more points than this (default 2e8).
  vtkSetMacro(MaximumNumberOfPoints, vtkIdType);
  vtkGetMacro(MaximumNumberOfPoints, vtkIdType);
  ///@}

  /// Probabilities used by the last execution, one per map.
  const double* GetUsedProbabilities(int& n) const
  {
    n = static_cast<int>(this->UsedProbabilities.size());
    return this->UsedProbabilities.data();
  }

protected:
  vtkCloudMapIteratedFunctionSystem();
  ~vtkCloudMapIteratedFunctionSystem() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Preset = 1;
  std::string Maps = "0.5 0 0 0.5 0 0 0.34\n0.5 0 0 0.5 0.5 0 0.33\n0.5 0 0 0.5 0.25 0.5 0.33";
  int MapFormat = 0;
  bool UseGivenProbabilities = true;
  vtkIdType NumberOfPoints = 200000;
  int Seed = 0;
  vtkIdType MaximumNumberOfPoints = 200000000;
  std::vector<double> UsedProbabilities;

private:
  vtkCloudMapIteratedFunctionSystem(const vtkCloudMapIteratedFunctionSystem&) = delete;
  void operator=(const vtkCloudMapIteratedFunctionSystem&) = delete;
};

#endif
