// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapCentroidMidpointRefinement
 * @brief   Refines triangles and quads by the centroid–midpoint rule.
 *
 * A triangle becomes 3 quads and a quad 4 quads, each joining a corner, its
 * two edge midpoints and the centroid; every sub-quad is split again at the
 * next level. After L levels a triangle has 3·4^(L−1) sub-quads and a quad
 * 4^L. The precision is either a fixed number of levels for every element or
 * a maximum sub-element edge length, for which each element gets its own
 * level. Neighbours need not share vertices (the MoM pulse basis has none in
 * common), so points are shared only inside a parent element.
 *
 * Output cell arrays:
 *  - `ParentId` (vtkIdType): the input cell each sub-element came from,
 *  - `RefinementLevel` (uint8),
 *  - `ParentCoordinates` (2 components): the parametric centre (r, s) of the
 *    sub-element in its parent (area coordinates (1−r−s, r, s) on triangles,
 *    bilinear on quads),
 *  - every input cell array, copied from the parent.
 * Input point arrays are interpolated to the new points (barycentric on
 * triangles, bilinear on quads) when InterpolatePointData is on.
 *
 * The algorithm is cm::map::RefineSurface (Core/cmRefineSurface.h); this
 * filter and Surface Cloud Map's fused stage (which evaluates the averaged
 * point values at the centres instead of writing ParentCoordinates) reach it
 * through cm::RefinePolyData (cmRefinedPolyData.h).
 *
 * Requests whose output would exceed MaximumNumberOfCells are refused with an
 * error that states the projected size.
 *
 * @sa cmRefinement.h, vtkCloudMapSurfaceCloudMap
 */
#ifndef vtkCloudMapCentroidMidpointRefinement_h
#define vtkCloudMapCentroidMidpointRefinement_h

#include "CloudMapFiltersCloudMapModule.h"
#include "cmRefinement.h" // cm::map::MaxRefinementLevel
#include "vtkPolyDataAlgorithm.h"

class CLOUDMAPFILTERSCLOUDMAP_EXPORT vtkCloudMapCentroidMidpointRefinement
  : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapCentroidMidpointRefinement* New();
  vtkTypeMacro(vtkCloudMapCentroidMidpointRefinement, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  enum PrecisionModes
  {
    FIXED_LEVELS = 0,
    MAXIMUM_EDGE_LENGTH = 1
  };

  ///@{
  /// How the refinement depth is chosen: FIXED_LEVELS (default) or MAXIMUM_EDGE_LENGTH.
  vtkSetClampMacro(PrecisionMode, int, FIXED_LEVELS, MAXIMUM_EDGE_LENGTH);
  vtkGetMacro(PrecisionMode, int);
  ///@}

  ///@{
  /// Levels for FIXED_LEVELS (default 2; 0 copies the elements).
  vtkSetClampMacro(NumberOfLevels, int, 0, cm::map::MaxRefinementLevel);
  vtkGetMacro(NumberOfLevels, int);
  ///@}

  ///@{
  /// Longest allowed sub-element edge for MAXIMUM_EDGE_LENGTH, in model units (default 0.05).
  vtkSetClampMacro(MaximumEdgeLength, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(MaximumEdgeLength, double);
  ///@}

  ///@{
  /// Cap on the per-element level in MAXIMUM_EDGE_LENGTH mode (default 6).
  vtkSetClampMacro(MaximumLevel, int, 0, cm::map::MaxRefinementLevel);
  vtkGetMacro(MaximumLevel, int);
  ///@}

  ///@{
  /// Largest output accepted, in sub-elements (default 200 million).
  vtkSetClampMacro(MaximumNumberOfCells, vtkIdType, 1, VTK_ID_MAX);
  vtkGetMacro(MaximumNumberOfCells, vtkIdType);
  ///@}

  ///@{
  /// Interpolate input point arrays onto the new points (default on).
  vtkSetMacro(InterpolatePointData, bool);
  vtkGetMacro(InterpolatePointData, bool);
  vtkBooleanMacro(InterpolatePointData, bool);
  ///@}

protected:
  vtkCloudMapCentroidMidpointRefinement();
  ~vtkCloudMapCentroidMidpointRefinement() override;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int PrecisionMode = FIXED_LEVELS;
  int NumberOfLevels = 2;
  double MaximumEdgeLength = 0.05;
  int MaximumLevel = 6;
  vtkIdType MaximumNumberOfCells = 200000000;
  bool InterpolatePointData = true;

private:
  vtkCloudMapCentroidMidpointRefinement(const vtkCloudMapCentroidMidpointRefinement&) = delete;
  void operator=(const vtkCloudMapCentroidMidpointRefinement&) = delete;
};

#endif
