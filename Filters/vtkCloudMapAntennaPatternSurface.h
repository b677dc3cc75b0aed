// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapAntennaPatternSurface
 * @brief   The 3-D antenna pattern cloud map: a far-field grid meshed on the
 *          sphere, refined, banded in colour, and radius-mapped.
 *
 * Input: a table with θ and φ columns (degrees; names ThetaArrayName and
 * PhiArrayName) and a value column (input array slot 0, row association),
 * such as the far-field grid the CloudMap readers produce (|E|, Gain) or any
 * table with those columns. Any rectangular sampling works: full spheres,
 * partial ranges, and single cuts (drawn as a polyline).
 *
 * The samples are meshed as quads with triangles at the poles (cmSphereGrid),
 * each element is refined by the centroid–midpoint rule and interpolated with
 * the cloud map's own units (cmRefinement, cmInterpolation weights), and the
 * value at each sub-element centroid is banded (cmBanding). Then each point is
 * radius-mapped: its normalized field a = |E|/|E|max gives
 *   - Linear Field:  r = R·a
 *   - Power:         r = R·a²
 *   - Decibels:      r = R·max(0, 1 + 20·log10(a)/D), D the dynamic range,
 *   - ARRL:          r = R·0.89^(−dB/2) with dB = 20·log10(a) (0 below −D),
 * and the point is Centre + r·(sin θ cos φ, sin θ sin φ, cos θ). The sample
 * with the largest value lies exactly at distance R from the centre.
 *
 * Output port 0: polydata with cell arrays BandIndex, BandColor and
 * PatternValue (the drawn quantity: a, a² or dB re max), and point arrays
 * Theta, Phi, the input value and PatternValue. Output port 1: the band table.
 */
#ifndef vtkCloudMapAntennaPatternSurface_h
#define vtkCloudMapAntennaPatternSurface_h

#include "CloudMapFiltersModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <string>

class CLOUDMAPFILTERS_EXPORT vtkCloudMapAntennaPatternSurface : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapAntennaPatternSurface* New();
  vtkTypeMacro(vtkCloudMapAntennaPatternSurface, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Names of the θ and φ columns, in degrees (default "Theta", "Phi").
  vtkSetStdStringFromCharMacro(ThetaArrayName);
  vtkGetCharFromStdStringMacro(ThetaArrayName);
  vtkSetStdStringFromCharMacro(PhiArrayName);
  vtkGetCharFromStdStringMacro(PhiArrayName);
  ///@}

  ///@{
  /// What the values are: -1 automatic (dB when the column name has "dB" or
  /// is Gain/Directivity), 0 field magnitude, 1 power, 2 decibels.
  vtkSetClampMacro(ValueKind, int, -1, 2);
  vtkGetMacro(ValueKind, int);
  ///@}

  ///@{
  /// Radius scale: 0 linear field (default), 1 power, 2 dB with DynamicRange,
  /// 3 ARRL log-periodic (0.89 per 2 dB).
  vtkSetClampMacro(Scale, int, 0, 3);
  vtkGetMacro(Scale, int);
  ///@}

  ///@{
  /// dB below the maximum that maps to the centre (default 30).
  vtkSetClampMacro(DynamicRange, double, 1.0, 300.0);
  vtkGetMacro(DynamicRange, double);
  ///@}

  ///@{
  /// Pattern radius in model units (default 1) and centre (e.g. the feed point).
  vtkSetClampMacro(Radius, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(Radius, double);
  vtkSetVector3Macro(Center, double);
  vtkGetVector3Macro(Center, double);
  ///@}

  ///@{
  /// Refinement levels per element (default 2) and colour bands (default 24).
  vtkSetClampMacro(NumberOfLevels, int, 0, 8);
  vtkGetMacro(NumberOfLevels, int);
  vtkSetClampMacro(NumberOfBands, int, 1, 255);
  vtkGetMacro(NumberOfBands, int);
  vtkSetClampMacro(Palette, int, 0, 2);
  vtkGetMacro(Palette, int);
  ///@}

protected:
  vtkCloudMapAntennaPatternSurface();
  ~vtkCloudMapAntennaPatternSurface() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int FillOutputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string ThetaArrayName = "Theta";
  std::string PhiArrayName = "Phi";
  int ValueKind = -1;
  int Scale = 0;
  double DynamicRange = 30.0;
  double Radius = 1.0;
  double Center[3] = { 0.0, 0.0, 0.0 };
  int NumberOfLevels = 2;
  int NumberOfBands = 24;
  int Palette = 0;

private:
  vtkCloudMapAntennaPatternSurface(const vtkCloudMapAntennaPatternSurface&) = delete;
  void operator=(const vtkCloudMapAntennaPatternSurface&) = delete;
};

#endif
