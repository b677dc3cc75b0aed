// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapControlGridFromPoints
 * @brief   An m × m control grid of heights (m = 2^K + 1) from scattered
 *          elevation points by inverse-distance weighting.
 *
 * Each grid node gets h = Σ wᵢ hᵢ / Σ wᵢ with wᵢ = 1 / dᵢ^Power, dᵢ the
 * horizontal (x, y) distance to input point i; a node that coincides with an
 * input point takes its height exactly. The heights hᵢ are the selected
 * point array (input array slot 0: port 0, point association, scalars) or,
 * with UseZCoordinate (default), the points' z.
 *
 * The output is a vtkImageData of m × m × 1 points over the input's x–y
 * bounds (or Bounds when UseCustomBounds) with the point array Elevation:
 * the control grid input of vtkCloudMapFractalTerrain.
 *
 * Serial: the filter asks for its input whole. Under MPI (two ranks or
 * more) every rank asks for its ordinary piece (rank of ranks), the points
 * and heights of all ranks are gathered to every rank in rank order, and every
 * rank computes the same whole grid over the union of the bounds. A request
 * for piece p of N > 1 gets the grid on piece 0 only (empty elsewhere); a
 * request for piece 0 of 1 (Fractal Terrain's request for its control grid,
 * on every rank) gets the whole grid.
 *
 * @sa vtkCloudMapFractalTerrain
 */
#ifndef vtkCloudMapControlGridFromPoints_h
#define vtkCloudMapControlGridFromPoints_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkImageAlgorithm.h"

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapControlGridFromPoints : public vtkImageAlgorithm
{
public:
  static vtkCloudMapControlGridFromPoints* New();
  vtkTypeMacro(vtkCloudMapControlGridFromPoints, vtkImageAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// K: the grid is (2^K + 1)² (default 3, i.e. 9 × 9; the chapter uses 3 or 4).
  vtkSetClampMacro(GridLevel, int, 1, 10);
  vtkGetMacro(GridLevel, int);
  ///@}

  ///@{
  /// IDW power p (default 2).
  vtkSetClampMacro(Power, double, 0.1, 20.0);
  vtkGetMacro(Power, double);
  ///@}

  ///@{
  /// Heights from the points' z (default) instead of the selected array.
  vtkSetMacro(UseZCoordinate, bool);
  vtkGetMacro(UseZCoordinate, bool);
  vtkBooleanMacro(UseZCoordinate, bool);
  ///@}

  ///@{
  /// Use Bounds (xmin, xmax, ymin, ymax) instead of the input's bounds.
  vtkSetMacro(UseCustomBounds, bool);
  vtkGetMacro(UseCustomBounds, bool);
  vtkBooleanMacro(UseCustomBounds, bool);
  vtkSetVector4Macro(Bounds, double);
  vtkGetVector4Macro(Bounds, double);
  ///@}

protected:
  vtkCloudMapControlGridFromPoints();
  ~vtkCloudMapControlGridFromPoints() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int GridLevel = 3;
  double Power = 2.0;
  bool UseZCoordinate = true;
  bool UseCustomBounds = false;
  double Bounds[4] = { 0, 1, 0, 1 };

private:
  vtkCloudMapControlGridFromPoints(const vtkCloudMapControlGridFromPoints&) = delete;
  void operator=(const vtkCloudMapControlGridFromPoints&) = delete;
};

#endif
