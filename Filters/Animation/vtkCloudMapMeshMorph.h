// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapMeshMorph
 * @brief   Blend shape: lerps the points and point data of two meshes at a parameter or in time.
 *
 * Input port 0 (the source shape) gives the output's structure; input port 1
 * (the target) gives the second point set. Point i of the output is
 * (1 − w)·source_i + w·target_c(i) and so is every point array present in
 * both inputs with the same number of components; other arrays come from the
 * source. w = 0 and w = 1 reproduce the source and the target points exactly.
 *
 * w is Parameter, or, with UseTime on, the requested time remapped from
 * TimeRange to [0, 1] (clamped) through the easing (Easing family 0..10 of
 * Penner with EasingMode, or 11 for the power ease with EasingExponent about
 * EasingMidpoint). TimeRange[0] == TimeRange[1] is an error.
 *
 * Correspondence c(i): 0 By Index (equal point counts required; else an
 * error), or 1 Nearest Normalized Point: both point sets are scaled to the
 * unit cube of their own bounds and each source point takes the nearest
 * target point there. The latter is only a correspondence of bounding boxes:
 * it is many-to-one, ignores topology and can fold thin or concave shapes.
 * Under MPI, both inputs must be partitioned alike (By Index).
 */
#ifndef vtkCloudMapMeshMorph_h
#define vtkCloudMapMeshMorph_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkPassInputTypeAlgorithm.h"

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapMeshMorph : public vtkPassInputTypeAlgorithm
{
public:
  static vtkCloudMapMeshMorph* New();
  vtkTypeMacro(vtkCloudMapMeshMorph, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Blend parameter in [0, 1] when UseTime is off.
  vtkSetClampMacro(Parameter, double, 0.0, 1.0);
  vtkGetMacro(Parameter, double);

  ///@{
  /// Take the parameter from the requested time over TimeRange.
  vtkSetMacro(UseTime, bool);
  vtkGetMacro(UseTime, bool);
  vtkBooleanMacro(UseTime, bool);
  vtkSetVector2Macro(TimeRange, double);
  vtkGetVector2Macro(TimeRange, double);
  ///@}

  ///@{
  /// Easing of the time parameter: family 0 Linear … 10 Bounce, 11 Power;
  /// mode 0 In, 1 Out, 2 InOut; power exponent and midpoint.
  vtkSetClampMacro(Easing, int, 0, 11);
  vtkGetMacro(Easing, int);
  vtkSetClampMacro(EasingMode, int, 0, 2);
  vtkGetMacro(EasingMode, int);
  vtkSetMacro(EasingExponent, double);
  vtkGetMacro(EasingExponent, double);
  vtkSetClampMacro(EasingMidpoint, double, 0.001, 0.999);
  vtkGetMacro(EasingMidpoint, double);
  ///@}

  /// 0 By Index, 1 Nearest Normalized Point.
  vtkSetClampMacro(Correspondence, int, 0, 1);
  vtkGetMacro(Correspondence, int);

  /// The blend weight used by the last execution.
  vtkGetMacro(UsedParameter, double);

protected:
  vtkCloudMapMeshMorph();
  ~vtkCloudMapMeshMorph() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double Parameter = 0.5;
  bool UseTime = false;
  double TimeRange[2] = { 0.0, 1.0 };
  int Easing = 5;
  int EasingMode = 2;
  double EasingExponent = 2.0;
  double EasingMidpoint = 0.5;
  int Correspondence = 0;
  double UsedParameter = 0.0;

private:
  vtkCloudMapMeshMorph(const vtkCloudMapMeshMorph&) = delete;
  void operator=(const vtkCloudMapMeshMorph&) = delete;
};

#endif
