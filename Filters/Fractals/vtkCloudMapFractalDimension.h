// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFractalDimension
 * @brief   Box-counting dimension of polylines, point sets or binary images,
 *          with a table for plotting log N against log(1/ε).
 *
 * What is counted follows the input: a vtkImageData counts the pixels whose
 * first scalar component is above Threshold (as points at the pixel
 * centres); a dataset with line cells counts the boxes its segments pass
 * through; anything else counts the boxes holding its points. By default
 * (MinimumLevel and MaximumLevel -1) the sizes come from the data:
 * ε = L / m, L the largest extent of the data, for whole m from 4 down to the
 * data's resolution (a quarter of the median segment, or 4 points per box),
 * StepsPerOctave per octave (see cm::fractal::BoxCountFromData); a level set
 * at one end only replaces that end (m = 2^level). With both levels set the
 * sizes are ε = L / 2^k for k from MinimumLevel to MaximumLevel in steps of
 * 1/StepsPerOctave, as before the default changed (so states and scripts that
 * set them measure the same). Each count is the minimum over grids shifted
 * by half a box. The dimension is the least-squares slope of
 * log N against log(1/ε) (see cmBoxCounting.h: choose levels inside the
 * data's scaling range).
 *
 * Output: a vtkTable with the columns Level, BoxSize, LogInverseBoxSize,
 * BoxCount, LogBoxCount and FittedLogBoxCount (plot the last three against
 * LogInverseBoxSize with Line Chart View), and field data
 * BoxCountingDimension and Intercept. When the input carries the field data
 * SimilarityN and SimilarityS (L-System and Iterated Function System
 * presets), SimilarityDimension = log N / log(1/S) is added for comparison.
 *
 * The box count needs the whole set, so every rank asks for the whole input.
 *
 * @sa cmBoxCounting.h
 */
#ifndef vtkCloudMapFractalDimension_h
#define vtkCloudMapFractalDimension_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkTableAlgorithm.h"

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapFractalDimension : public vtkTableAlgorithm
{
public:
  static vtkCloudMapFractalDimension* New();
  vtkTypeMacro(vtkCloudMapFractalDimension, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The range of levels k (box size L / 2^k); -1 (the default) takes that
  /// end from the data.
  vtkSetClampMacro(MinimumLevel, int, -1, 20);
  vtkGetMacro(MinimumLevel, int);
  vtkSetClampMacro(MaximumLevel, int, -1, 20);
  vtkGetMacro(MaximumLevel, int);
  ///@}

  ///@{
  /// Box sizes per octave (default 4).
  vtkSetClampMacro(StepsPerOctave, int, 1, 16);
  vtkGetMacro(StepsPerOctave, int);
  ///@}

  ///@{
  /// Image pixels above this value are in the set (default 0.5).
  vtkSetMacro(Threshold, double);
  vtkGetMacro(Threshold, double);
  ///@}

  /// The dimension found by the last execution.
  vtkGetMacro(Dimension, double);

protected:
  vtkCloudMapFractalDimension();
  ~vtkCloudMapFractalDimension() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int MinimumLevel = -1;
  int MaximumLevel = -1;
  int StepsPerOctave = 4;
  double Threshold = 0.5;
  double Dimension = 0;

private:
  vtkCloudMapFractalDimension(const vtkCloudMapFractalDimension&) = delete;
  void operator=(const vtkCloudMapFractalDimension&) = delete;
};

#endif
