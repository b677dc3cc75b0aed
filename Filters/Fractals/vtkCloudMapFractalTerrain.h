// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFractalTerrain
 * @brief   Fractal terrain by random midpoint displacement (fBm), optionally
 *          constrained by a control grid of heights.
 *
 * Starting from the spatial quad P1 P2 P3 P4 (Corner1..Corner4, which may be
 * non-planar), every level displaces the midpoint of each edge by a Gaussian
 * amount, takes the face centre as the midpoint of the two displaced
 * mid-lines and splits each quad into four. After n = NumberOfLevels levels
 * the output is a vtkStructuredGrid of (2^n+1) × (2^n+1) × 1 points whose x
 * and y are the bilinear blend of the corners and whose z is the elevation.
 *
 * Displacement variance at level k (Saupe's MidPointFM):
 *   Δ_k² = Sigma² · (1 − 2^(2H−2)) / 2^(2kH),   H = HurstExponent,
 * so Var[h(x+d) − h(x)] ∝ d^(2H) and the surface dimension is D = 3 − H.
 *
 * Optional input port 0 is a control grid: any dataset of m × m points
 * (m = 2^K + 1, K ≤ n, i fastest) with a point array "Elevation" (else the
 * active scalars, else the z coordinate). Its heights replace the MPD grid at
 * level K and MPD continues to level n, so the terrain passes exactly through
 * them; the corner x, y then come from the control grid's corner points.
 *
 * Peak cutting smooths spikes: PeakCuttingIterations Jacobi sweeps move each
 * strict local extremum of its 8-neighbourhood by PeakCuttingStrength towards
 * the neighbours' mean; corners and control points never move.
 *
 * Point arrays: Elevation (double), Normals, GlobalIds and, with
 * ComputeDisplacement, Displacement (the Gaussian displacement the point got
 * at its creation level) and Level (that level, 0 for corners).
 *
 * Random numbers are a counter-based hash of (Seed, level, index), so any
 * piece (extent) is computed exactly as in the serial grid.
 *
 * @sa cmFractalTerrain.h, vtkCloudMapControlGridFromPoints
 */
#ifndef vtkCloudMapFractalTerrain_h
#define vtkCloudMapFractalTerrain_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkStructuredGridAlgorithm.h"

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapFractalTerrain : public vtkStructuredGridAlgorithm
{
public:
  static vtkCloudMapFractalTerrain* New();
  vtkTypeMacro(vtkCloudMapFractalTerrain, vtkStructuredGridAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Number of subdivision levels n (grid (2^n+1)²; default 7).
  vtkSetClampMacro(NumberOfLevels, int, 0, 15);
  vtkGetMacro(NumberOfLevels, int);
  ///@}

  ///@{
  /// Hurst exponent H in (0, 1] (default 0.8); D = 3 − H.
  vtkSetClampMacro(HurstExponent, double, 0.01, 1.0);
  vtkGetMacro(HurstExponent, double);
  ///@}

  ///@{
  /// Overall standard deviation σ of the displacements (default 0.2).
  vtkSetClampMacro(Sigma, double, 0.0, 1e30);
  vtkGetMacro(Sigma, double);
  ///@}

  ///@{
  /// Seed of the counter-based random numbers.
  vtkSetMacro(Seed, int);
  vtkGetMacro(Seed, int);
  ///@}

  ///@{
  /// The corners P1 (i=0,j=0), P2 (i=N,j=0), P3 (i=N,j=N), P4 (i=0,j=N).
  vtkSetVector3Macro(Corner1, double);
  vtkGetVector3Macro(Corner1, double);
  vtkSetVector3Macro(Corner2, double);
  vtkGetVector3Macro(Corner2, double);
  vtkSetVector3Macro(Corner3, double);
  vtkGetVector3Macro(Corner3, double);
  vtkSetVector3Macro(Corner4, double);
  vtkGetVector3Macro(Corner4, double);
  ///@}

  ///@{
  /// Also displace face centres (Saupe's 2-D variant); default off (the chapter).
  vtkSetMacro(DisplaceCentre, bool);
  vtkGetMacro(DisplaceCentre, bool);
  vtkBooleanMacro(DisplaceCentre, bool);
  ///@}

  ///@{
  /// Peak cutting (default off), its strength in [0, 1] and number of sweeps.
  vtkSetMacro(PeakCutting, bool);
  vtkGetMacro(PeakCutting, bool);
  vtkBooleanMacro(PeakCutting, bool);
  vtkSetClampMacro(PeakCuttingStrength, double, 0.0, 1.0);
  vtkGetMacro(PeakCuttingStrength, double);
  vtkSetClampMacro(PeakCuttingIterations, int, 0, 100);
  vtkGetMacro(PeakCuttingIterations, int);
  ///@}

  ///@{
  /// Add the Displacement and Level point arrays (default off).
  vtkSetMacro(ComputeDisplacement, bool);
  vtkGetMacro(ComputeDisplacement, bool);
  vtkBooleanMacro(ComputeDisplacement, bool);
  ///@}

  ///@{
  /// Refuse grids with more points than this (default 1.1e8, i.e. n ≤ 13).
  vtkSetMacro(MaximumNumberOfPoints, vtkIdType);
  vtkGetMacro(MaximumNumberOfPoints, vtkIdType);
  ///@}

  /**
   * ParaView's connection of the optional input. The XML declares that input
   * at port_index 1, so that paraview.simple (which gives the port-0 input the
   * active source) leaves it empty in pvpython; ParaView passes that index,
   * and the input is this algorithm's port 0. A null output disconnects it.
   */
  void SetOptionalInputConnection(int, vtkAlgorithmOutput* output)
  {
    this->SetInputConnection(0, output);
  }

protected:
  vtkCloudMapFractalTerrain();
  ~vtkCloudMapFractalTerrain() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int NumberOfLevels = 7;
  double HurstExponent = 0.8;
  double Sigma = 0.2;
  int Seed = 0;
  double Corner1[3] = { 0, 0, 0 };
  double Corner2[3] = { 1, 0, 0 };
  double Corner3[3] = { 1, 1, 0 };
  double Corner4[3] = { 0, 1, 0 };
  bool DisplaceCentre = false;
  bool PeakCutting = false;
  double PeakCuttingStrength = 0.5;
  int PeakCuttingIterations = 2;
  bool ComputeDisplacement = false;
  vtkIdType MaximumNumberOfPoints = 110000000;

private:
  vtkCloudMapFractalTerrain(const vtkCloudMapFractalTerrain&) = delete;
  void operator=(const vtkCloudMapFractalTerrain&) = delete;
};

#endif
