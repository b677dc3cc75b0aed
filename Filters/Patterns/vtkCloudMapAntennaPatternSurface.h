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
 * the cloud map's own units (cmRefinement, cmElementInterpolation weights), and the
 * value at each sub-element centroid is banded (cmBanding). Then each point is
 * radius-mapped: its normalized field a = |E|/|E|max gives
 *   - Linear Field:  r = R·a
 *   - Power:         r = R·a²
 *   - Decibels:      r = R·max(0, 1 + 20·log10(a)/D), D the dynamic range,
 *   - ARRL:          r = R·0.89^(−dB/2) with dB = 20·log10(a) (0 below −D),
 *   - Absolute dB:   r = R·max(0, 1 + (G − L)/D), G the value in dB (dBi for
 *                    a gain column; 20·log10|E| for fields), L the fixed
 *                    ReferenceLevel drawn at R; values above L go beyond R,
 * and the point is Centre + r·(sin θ cos φ, sin θ sin φ, cos θ). With the
 * relative scales the sample with the largest value lies exactly at distance
 * R from the centre. A −999.99 dB (NEC's "no field") or zero value maps to
 * the floor (radius 0, quantity −D dB) and never enters the reference.
 *
 * Reference ("max"): per time step (ReferenceMode 0) or the largest value
 * over all time steps of the input (ReferenceMode 1, Global), so a frequency
 * sweep animates on one fixed scale. Global mode pulls every time step once
 * (the CONTINUE_EXECUTING loop of vtkCloudMapPatternMetrics) and caches the
 * maximum, keyed on the upstream pipeline's modification time and the
 * value column; in Global mode (and for Absolute dB) the colour bands span
 * the whole scale ([0, 1], [−D, 0] or [L − D, L]) instead of each frame's range.
 *
 * Output port 0: polydata with cell arrays BandIndex, BandColor and
 * PatternValue (the drawn quantity: a, a², dB re max or absolute dB), and
 * point arrays Theta, Phi, the input value and PatternValue; field data
 * PatternReference (the reference value used, in the value's units).
 * Output port 1: the band table.
 * Output port 2: the pattern grid (cmPatternGrid) as polylines: circles of the
 * GridLevels in the xz, yz and xy planes at the radius the scale gives each
 * level, the level contours on the pattern surface, and θ/φ graticule lines
 * every GraticuleStep degrees on the sphere of radius R; cell arrays Label
 * (string: "-3 dB", "theta=30°"), Level (dB or degrees) and Kind (0–2 circles in
 * xz/yz/xy, 3 contour, 4 θ line, 5 φ line); point array Label carries the
 * text at one anchor point per line (empty elsewhere) for point labels.
 * Under MPI the grid is built only where the pattern is (the table's piece
 * 0), so the union over ranks equals the serial output.
 */
#ifndef vtkCloudMapAntennaPatternSurface_h
#define vtkCloudMapAntennaPatternSurface_h

#include "CloudMapFiltersPatternsModule.h"
#include "cmBanding.h" // cm::map::DefaultBands
#include "vtkPolyDataAlgorithm.h"

#include <string>
#include <vector>

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapAntennaPatternSurface : public vtkPolyDataAlgorithm
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
  /// 3 ARRL log-periodic (0.89 per 2 dB), 4 absolute dB (dBi) against
  /// ReferenceLevel with DynamicRange.
  vtkSetClampMacro(Scale, int, 0, 4);
  vtkGetMacro(Scale, int);
  ///@}

  ///@{
  /// Absolute dB scale: the level drawn at the pattern radius (dBi for a
  /// gain column, default 0).
  vtkSetMacro(ReferenceLevel, double);
  vtkGetMacro(ReferenceLevel, double);
  ///@}

  ///@{
  /// Reference of the relative scales: 0 the maximum of each time step
  /// (default), 1 the maximum over all time steps (Global).
  vtkSetClampMacro(ReferenceMode, int, 0, 1);
  vtkGetMacro(ReferenceMode, int);
  ///@}

  ///@{
  /// Band over the scale's own range (-DynamicRange .. 0 dB on the relative
  /// dB scales, the Reference Level's on Absolute dBi, 0 .. 1 on the linear
  /// ones) instead of the drawn values' range: round band edges and a top
  /// edge of exactly 0 dB for legends. Off by default (the data's range).
  vtkSetMacro(FixedBandRange, bool);
  vtkGetMacro(FixedBandRange, bool);
  vtkBooleanMacro(FixedBandRange, bool);
  ///@}

  ///@{
  /// Pattern grid: the dB levels of the circles and contours (default
  /// 0 −3 −10 −20 −30; absolute levels for the absolute scale).
  void SetNumberOfGridLevels(int n);
  int GetNumberOfGridLevels() const { return static_cast<int>(this->GridLevels.size()); }
  void SetGridLevel(int i, double level);
  double GetGridLevel(int i) const;
  ///@}

  ///@{
  /// Pattern grid: spacing of the θ/φ graticule lines, degrees (default 30;
  /// 0 for none).
  vtkSetClampMacro(GraticuleStep, double, 0.0, 180.0);
  vtkGetMacro(GraticuleStep, double);
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
  /// How the antenna is mounted (degrees): the pattern and its grid are turned about the
  /// centre by R = Rz(Azimuth)·Ry(Downtilt) (cm::exposure::MountRotation): Downtilt tips
  /// the boresight +x below the horizon, Azimuth then turns it about +z from +x toward +y.
  /// Both 0 by default (the pattern as the file gives it).
  vtkSetMacro(Azimuth, double);
  vtkGetMacro(Azimuth, double);
  vtkSetClampMacro(Downtilt, double, -90.0, 90.0);
  vtkGetMacro(Downtilt, double);
  ///@}

  /// The centre the last update used: Center, or the SourceIndex row of the input's
  /// SourcePosition[m] (the information property CenterUsed).
  vtkGetVector3Macro(CenterUsed, double);

  ///@{
  /**
   * Which voltage source the pattern is centred on: -1 (default) uses Center; 0, 1, ...
   * the row of the input's `SourcePosition[m]` field data (N x 3, named in `SourceName`;
   * the NEC-2 reader gives the fed segments' centres). The centre used is written to
   * the pattern's field data `PatternCenter[m]`. A row the input does not have warns
   * and falls back to Center.
   */
  vtkSetClampMacro(SourceIndex, int, -1, VTK_INT_MAX);
  vtkGetMacro(SourceIndex, int);
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
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string ThetaArrayName = "Theta";
  std::string PhiArrayName = "Phi";
  int ValueKind = -1;
  int Scale = 0;
  double DynamicRange = 30.0;
  double Radius = 1.0;
  double Center[3] = { 0.0, 0.0, 0.0 };
  int SourceIndex = -1;
  double Azimuth = 0.0;
  double Downtilt = 0.0;
  double CenterUsed[3] = { 0.0, 0.0, 0.0 };
  int NumberOfLevels = 2;
  int NumberOfBands = cm::map::DefaultBands;
  int Palette = 0;
  double ReferenceLevel = 0.0;
  int ReferenceMode = 0;
  bool FixedBandRange = false;
  std::vector<double> GridLevels{ 0.0, -3.0, -10.0, -20.0, -30.0 };
  double GraticuleStep = 30.0;

private:
  vtkCloudMapAntennaPatternSurface(const vtkCloudMapAntennaPatternSurface&) = delete;
  void operator=(const vtkCloudMapAntennaPatternSurface&) = delete;

  // Global reference: the time steps, the pre-pass state and the cache.
  std::vector<double> TimeSteps;
  bool InPrepass = false;
  std::size_t PrepassStep = 0;
  double PrepassMax = 0.0;
  // Under MPI a failed pre-pass step is remembered, not returned: every rank
  // runs all steps and the failure rides on the final reduction.
  std::string PrepassError;
  bool GlobalValid = false;
  double GlobalReference = 0.0;
  std::string GlobalKey;
  std::string CurrentKey() const;
  /// One step of the pre-pass over the time steps (`error`: this step's
  /// failure, or empty); after the last, the collective reduction.
  int RunPrepassStep(vtkInformation* request, vtkInformationVector* outputVector, double localMax,
    const std::string& error);
};

#endif
