// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmRefinedPolyData.h
 * @brief The VTK side of the centroid–midpoint refinement: a vtkPolyData in,
 *        the core's RefineSurface (Core/cmRefineSurface.h), the refined
 *        vtkPolyData out. Shared by Centroid Midpoint Refinement and Surface
 *        Cloud Map's fused refine-and-interpolate stage.
 */
#ifndef cmRefinedPolyData_h
#define cmRefinedPolyData_h

#include "CloudMapFiltersCloudMapModule.h"
#include "cmRefineSurface.h"

#include "vtkType.h"

#include <string>

class vtkAlgorithm;
class vtkDataArray;
class vtkPolyData;

namespace cm
{
/// What to refine and what to produce besides the sub-elements.
struct RefineRequest
{
  map::RefineOptions Options;
  vtkIdType MaximumNumberOfCells = VTK_ID_MAX;
  bool InterpolatePointData = false; ///< carry the point arrays to the refined points
  /// The fused mode: this point array of the input evaluated at every
  /// sub-element centre (a cell array of its name) instead of ParentCoordinates.
  vtkDataArray* Centre = nullptr;
  bool Scanline = false; ///< the fused mode's quad weights: scanline instead of bilinear
  double From = 0.0; ///< the share of self's progress this refinement reports
  double To = 1.0;
};

/**
 * Refines `input` (its surface `view`) into `output`: points in the input's
 * precision, 32-bit ids whenever they suffice, the input's cell arrays
 * copied to the children, ParentId, RefinementLevel and ParentCoordinates
 * (or the fused values), interpolated point arrays and the field data.
 * Returns false with `error` set when the output would be too large; an
 * abort (self's AbortExecute) leaves `output` empty and returns true.
 */
CLOUDMAPFILTERSCLOUDMAP_EXPORT bool RefinePolyData(vtkAlgorithm* self, vtkPolyData* input,
  const SurfaceView& view, const RefineRequest& request, vtkPolyData* output, std::string& error);
} // namespace cm
#endif
