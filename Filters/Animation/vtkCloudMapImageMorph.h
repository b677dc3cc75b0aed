// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapImageMorph
 * @brief   Beier–Neely feature-based morph between two images, at a parameter or in time.
 *
 * Input port 0 and port 1 are 2-D images (vtkImageData) of the same
 * dimensions. FeatureLines are rows of 8 numbers in world coordinates,
 * P0x P0y Q0x Q0y (the line in image 0) and P1x P1y Q1x Q1y (its counterpart
 * in image 1). At parameter w the lines are interpolated, both images are
 * warped onto them and cross-dissolved: (1 − w)·I0 + w·I1, for every point
 * array present in both images with the same number of components (as
 * doubles). WeightA, WeightB and WeightP are the paper's a, b and p.
 * w is Parameter, or with UseTime the requested time remapped from
 * TimeRange through the Penner easing (equal range ends are an error).
 * Without lines the warp is the identity and the result a cross-dissolve.
 * Both inputs are requested whole; the output is the requested extent (so a
 * piece equals that part of the whole result). Positions are world
 * coordinates, origin + (structured index) · spacing with the extent's start
 * included; image 1 is sampled with its own origin, spacing and extent.
 *
 * @sa cmImageMorph.h
 */
#ifndef vtkCloudMapImageMorph_h
#define vtkCloudMapImageMorph_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkImageAlgorithm.h"

#include <vector>

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapImageMorph : public vtkImageAlgorithm
{
public:
  static vtkCloudMapImageMorph* New();
  vtkTypeMacro(vtkCloudMapImageMorph, vtkImageAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Morph parameter in [0, 1] when UseTime is off.
  vtkSetClampMacro(Parameter, double, 0.0, 1.0);
  vtkGetMacro(Parameter, double);

  ///@{
  /// Take the parameter from the requested time over TimeRange, through Easing (0..10).
  vtkSetMacro(UseTime, bool);
  vtkGetMacro(UseTime, bool);
  vtkBooleanMacro(UseTime, bool);
  vtkSetVector2Macro(TimeRange, double);
  vtkGetVector2Macro(TimeRange, double);
  vtkSetClampMacro(Easing, int, 0, 10);
  vtkGetMacro(Easing, int);
  ///@}

  ///@{
  /// Feature line pairs: rows of (P0x, P0y, Q0x, Q0y, P1x, P1y, Q1x, Q1y).
  void AddFeatureLine(
    double p0x, double p0y, double q0x, double q0y, double p1x, double p1y, double q1x, double q1y);
  void RemoveAllFeatureLines();
  ///@}

  ///@{
  /// Beier–Neely weights (length^p / (a + dist))^b.
  vtkSetMacro(WeightA, double);
  vtkGetMacro(WeightA, double);
  vtkSetMacro(WeightB, double);
  vtkGetMacro(WeightB, double);
  vtkSetMacro(WeightP, double);
  vtkGetMacro(WeightP, double);
  ///@}

protected:
  vtkCloudMapImageMorph();
  ~vtkCloudMapImageMorph() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double Parameter = 0.5;
  bool UseTime = false;
  double TimeRange[2] = { 0.0, 1.0 };
  int Easing = 5;
  std::vector<double> FeatureLines;
  double WeightA = 0.01;
  double WeightB = 2.0;
  double WeightP = 0.5;

private:
  vtkCloudMapImageMorph(const vtkCloudMapImageMorph&) = delete;
  void operator=(const vtkCloudMapImageMorph&) = delete;
};

#endif
