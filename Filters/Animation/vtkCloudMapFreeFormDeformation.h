// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFreeFormDeformation
 * @brief   Sederberg–Parry free-form deformation by a Bernstein lattice, keyframable in time.
 *
 * A lattice of LatticeSize[0]×LatticeSize[1]×LatticeSize[2] control points
 * (each ≥ 2; degrees one less) spans the input's bounds (reduced over MPI
 * ranks) or the box BoxOrigin + BoxLength. Every input point inside the box
 * moves by Σ B_i(s) B_j(t) B_k(u) D_ijk; points outside are unchanged.
 * The control-point displacements D come, in order of precedence, from:
 *  - input port 1 (optional): a point set with one point per control point,
 *    its coordinates the deformed control points (D = point − rest position);
 *  - DisplacementKeys: rows of (time, 3 values per control point), interpolated
 *    at the requested time by KeyInterpolation (and KeyEasing on linear
 *    segments); the filter then advertises the keys' time range;
 *  - Displacements: 3 values per control point (none means zero), where
 *    the control point SelectedControlPoint (if ≥ 0) is instead placed at
 *    ControlPointPosition (world coordinates): this is what the GUI's
 *    lattice handle drags.
 * Control point (i, j, k) has index i + L0·(j + L1·k).
 *
 * Output port 0 is the deformed input (point data kept, points as doubles);
 * output port 1 the lattice as lines, with point array Displacement.
 *
 * @sa cmFFD.h cmTweening.h
 */
#ifndef vtkCloudMapFreeFormDeformation_h
#define vtkCloudMapFreeFormDeformation_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkPassInputTypeAlgorithm.h"

#include <vector>

class vtkPointSet;
namespace cm
{
namespace anim
{
struct FFDSettings; // the core's input (Core/)
}
}

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapFreeFormDeformation
  : public vtkPassInputTypeAlgorithm
{
public:
  static vtkCloudMapFreeFormDeformation* New();
  vtkTypeMacro(vtkCloudMapFreeFormDeformation, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Control points per axis (each ≥ 2, ≤ 64; at most 100000 in all).
  vtkSetVector3Macro(LatticeSize, int);
  vtkGetVector3Macro(LatticeSize, int);

  ///@{
  /// Use the input's bounds (default) or the box BoxOrigin + BoxLength.
  vtkSetMacro(UseInputBounds, bool);
  vtkGetMacro(UseInputBounds, bool);
  vtkBooleanMacro(UseInputBounds, bool);
  vtkSetVector3Macro(BoxOrigin, double);
  vtkGetVector3Macro(BoxOrigin, double);
  vtkSetVector3Macro(BoxLength, double);
  vtkGetVector3Macro(BoxLength, double);
  ///@}

  ///@{
  /// Static displacements: 3 per control point, in index order.
  void AddDisplacement(double dx, double dy, double dz);
  void RemoveAllDisplacements();
  ///@}

  ///@{
  /// The control point the GUI's 3-D handle places (-1, the default: none).
  /// With static displacements it sits at ControlPointPosition (world
  /// coordinates) whatever Displacements says for it; ignored with the
  /// control-point input or displacement keys. An index out of range is an error.
  vtkSetMacro(SelectedControlPoint, int);
  vtkGetMacro(SelectedControlPoint, int);
  vtkSetVector3Macro(ControlPointPosition, double);
  vtkGetVector3Macro(ControlPointPosition, double);
  ///@}

  ///@{
  /// Keyframed displacements: rows of (time, 3 values per control point), flattened.
  void AddDisplacementKey(double value);
  void RemoveAllDisplacementKeys();
  ///@}

  ///@{
  /// Key interpolation: 0 Step, 1 Linear, 2 Polynomial, 3 Catmull-Rom,
  /// 4 Kochanek-Bartels (default 3); KeyEasing is the Penner family (0 Linear
  /// … 10 Bounce, in-out) applied on Linear segments.
  vtkSetClampMacro(KeyInterpolation, int, 0, 4);
  vtkGetMacro(KeyInterpolation, int);
  vtkSetClampMacro(KeyEasing, int, 0, 10);
  vtkGetMacro(KeyEasing, int);
  ///@}

protected:
  vtkCloudMapFreeFormDeformation();
  ~vtkCloudMapFreeFormDeformation() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int FillOutputPortInformation(int port, vtkInformation* info) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int LatticeSize[3] = { 3, 3, 3 };
  bool UseInputBounds = true;
  double BoxOrigin[3] = { 0, 0, 0 };
  double BoxLength[3] = { 1, 1, 1 };
  std::vector<double> Displacements;
  std::vector<double> DisplacementKeys;
  int KeyInterpolation = 3;
  int KeyEasing = 0;
  int SelectedControlPoint = -1;
  double ControlPointPosition[3] = { 0, 0, 0 };

private:
  // The properties, the input's bounds (in `bounds`) and the control points
  // (in `controlPoints`) as the core's settings.
  void FillSettings(vtkPointSet* input, vtkPointSet* controls, double bounds[6],
    std::vector<double>& controlPoints, cm::anim::FFDSettings& settings);
  vtkCloudMapFreeFormDeformation(const vtkCloudMapFreeFormDeformation&) = delete;
  void operator=(const vtkCloudMapFreeFormDeformation&) = delete;
};

#endif
