// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapKeyframeInterpolator
 * @brief   Turns a table of keys (time, value[, easing]) into a value at the requested time.
 *
 * Keys are rows (time, x, y, z, easing): a 3-vector value (use x alone for a
 * scalar) and the Penner easing family (0 Linear … 10 Bounce, in-out; 11
 * Power) of the segment that starts at the key, used by Linear
 * interpolation. Interpolation: 0 Step, 1 Linear, 2 Polynomial (Lagrange
 * through all keys), 3 Catmull-Rom, 4 Kochanek-Bartels (Tension, Continuity,
 * Bias). Before the first key and after the last the end values are held.
 *
 * The output is the input with field data KeyframeValue (3 components) and
 * KeyframeTime; with TranslatePoints on (default) a point set is also moved
 * by the value. Python can read KeyframeValue to drive any property (see
 * Examples/animation). The filter advertises the keys' time range when the
 * input has no time of its own.
 */
#ifndef vtkCloudMapKeyframeInterpolator_h
#define vtkCloudMapKeyframeInterpolator_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkPassInputTypeAlgorithm.h"

#include <vector>

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapKeyframeInterpolator
  : public vtkPassInputTypeAlgorithm
{
public:
  static vtkCloudMapKeyframeInterpolator* New();
  vtkTypeMacro(vtkCloudMapKeyframeInterpolator, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The keys: rows (time, x, y, z, easing).
  void AddKey(double time, double x, double y, double z, double easing);
  void RemoveAllKeys();
  int GetNumberOfKeys() const { return static_cast<int>(this->Keys.size() / 5); }
  ///@}

  /// 0 Step, 1 Linear, 2 Polynomial, 3 Catmull-Rom, 4 Kochanek-Bartels.
  vtkSetClampMacro(Interpolation, int, 0, 4);
  vtkGetMacro(Interpolation, int);

  ///@{
  /// Kochanek-Bartels parameters (each in [−1, 1]).
  vtkSetClampMacro(Tension, double, -1.0, 1.0);
  vtkGetMacro(Tension, double);
  vtkSetClampMacro(Continuity, double, -1.0, 1.0);
  vtkGetMacro(Continuity, double);
  vtkSetClampMacro(Bias, double, -1.0, 1.0);
  vtkGetMacro(Bias, double);
  ///@}

  ///@{
  /// Move the points of a point set by the value (default on).
  vtkSetMacro(TranslatePoints, bool);
  vtkGetMacro(TranslatePoints, bool);
  vtkBooleanMacro(TranslatePoints, bool);
  ///@}

  /// The value computed by the last execution.
  vtkGetVector3Macro(Value, double);

protected:
  vtkCloudMapKeyframeInterpolator();
  ~vtkCloudMapKeyframeInterpolator() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::vector<double> Keys;
  int Interpolation = 3;
  double Tension = 0.0;
  double Continuity = 0.0;
  double Bias = 0.0;
  bool TranslatePoints = true;
  double Value[3] = { 0, 0, 0 };

private:
  vtkCloudMapKeyframeInterpolator(const vtkCloudMapKeyframeInterpolator&) = delete;
  void operator=(const vtkCloudMapKeyframeInterpolator&) = delete;
};

#endif
