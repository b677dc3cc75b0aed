// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapWiggle
 * @brief   After Effects' wiggle: smooth, time-coherent random displacement of points or a scalar.
 *
 * Random keys uniform in [−1, 1] are placed Frequency times per time unit and
 * lerped between through an easing (Penner family Easing, in-out); Octaves
 * layers double the frequency and multiply the amplitude by
 * AmplitudeMultiplier. The keys come from a counter-based hash, so any time
 * can be requested in any order, and the motion is continuous in time.
 *
 * Mode 0 Translate moves the whole input by one wiggling vector (a wiggling
 * logo); 1 Per Point gives every point its own wiggle; 2 Scalar adds a point
 * array "Wiggle" and leaves the points. Per-point wiggles are keyed on the
 * point's coordinates, so coincident points move together and every MPI rank
 * agrees. The displacement is Amplitude·Directions (per axis) times the noise,
 * and is also stored as the point array "WiggleDisplacement".
 *
 * @sa cmInterpolate.h (Wiggle)
 */
#ifndef vtkCloudMapWiggle_h
#define vtkCloudMapWiggle_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkPassInputTypeAlgorithm.h"

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapWiggle : public vtkPassInputTypeAlgorithm
{
public:
  static vtkCloudMapWiggle* New();
  vtkTypeMacro(vtkCloudMapWiggle, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// 0 Translate, 1 Per Point, 2 Scalar.
  vtkSetClampMacro(Mode, int, 0, 2);
  vtkGetMacro(Mode, int);

  ///@{
  /// wiggle(freq, amp, octaves, amp_mult): keys per time unit, amplitude,
  /// octaves (1..16) and the amplitude multiplier per octave.
  vtkSetMacro(Frequency, double);
  vtkGetMacro(Frequency, double);
  vtkSetMacro(Amplitude, double);
  vtkGetMacro(Amplitude, double);
  vtkSetMacro(Octaves, int);
  vtkGetMacro(Octaves, int);
  vtkSetMacro(AmplitudeMultiplier, double);
  vtkGetMacro(AmplitudeMultiplier, double);
  ///@}

  /// Per-axis weights of the displacement (default 1 1 1).
  vtkSetVector3Macro(Directions, double);
  vtkGetVector3Macro(Directions, double);

  /// Seed of the keys.
  vtkSetMacro(Seed, int);
  vtkGetMacro(Seed, int);

  /// Time range offered to the animation when the input has no time of its
  /// own (a pipeline re-executes for a new time only when a range is known).
  vtkSetVector2Macro(TimeRange, double);
  vtkGetVector2Macro(TimeRange, double);

  /// Easing between keys: Penner family 0 Linear … 10 Bounce (default 5 Sine).
  vtkSetClampMacro(Easing, int, 0, 10);
  vtkGetMacro(Easing, int);

protected:
  vtkCloudMapWiggle();
  ~vtkCloudMapWiggle() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Mode = 0;
  double TimeRange[2] = { 0.0, 10.0 };
  double Frequency = 2.0;
  double Amplitude = 0.1;
  int Octaves = 1;
  double AmplitudeMultiplier = 0.5;
  double Directions[3] = { 1, 1, 1 };
  int Seed = 0;
  int Easing = 5;

private:
  vtkCloudMapWiggle(const vtkCloudMapWiggle&) = delete;
  void operator=(const vtkCloudMapWiggle&) = delete;
};

#endif
