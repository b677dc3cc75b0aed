// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapPatternCuts
 * @brief   Principal-plane and user-plane cuts of an antenna pattern, as a table.
 *
 * Input: a far-field grid table (Theta, Phi in degrees; Gain in dBi or |E|).
 * Output: one row per angle (0 … 360 − Step degrees) with columns Angle (deg)
 * and, in dB relative to the peak: `Plane1[dB]` (the great circle through the
 * peak and the z axis, angle measured from the peak), `Plane2[dB]` (the
 * perpendicular great circle through the peak), `ElevationCut[dB]` (φ =
 * UserPhi, angle = θ running over both poles) and `ConicalCut[dB]` (θ =
 * UserTheta, angle = φ).
 * Values below −DynamicRange dB are clamped there. Suited to ParaView's line
 * chart and polar plot views.
 */
#ifndef vtkCloudMapPatternCuts_h
#define vtkCloudMapPatternCuts_h

#include "CloudMapFiltersPatternsModule.h"
#include "vtkTableAlgorithm.h"

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapPatternCuts : public vtkTableAlgorithm
{
public:
  static vtkCloudMapPatternCuts* New();
  vtkTypeMacro(vtkCloudMapPatternCuts, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Angular step of the cuts in degrees (default 1).
  vtkSetClampMacro(Step, double, 0.01, 90.0);
  vtkGetMacro(Step, double);
  ///@}

  ///@{
  /// The user planes: elevation cut at φ = UserPhi, conical cut at θ = UserTheta (degrees).
  vtkSetMacro(UserPhi, double);
  vtkGetMacro(UserPhi, double);
  vtkSetClampMacro(UserTheta, double, 0.0, 180.0);
  vtkGetMacro(UserTheta, double);
  ///@}

  ///@{
  /// Floor of the dB values (default 40 dB below the peak).
  vtkSetClampMacro(DynamicRange, double, 1.0, 300.0);
  vtkGetMacro(DynamicRange, double);
  ///@}

protected:
  vtkCloudMapPatternCuts();
  ~vtkCloudMapPatternCuts() override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double Step = 1.0;
  double UserPhi = 0.0;
  double UserTheta = 90.0;
  double DynamicRange = 40.0;

private:
  vtkCloudMapPatternCuts(const vtkCloudMapPatternCuts&) = delete;
  void operator=(const vtkCloudMapPatternCuts&) = delete;
};

#endif
