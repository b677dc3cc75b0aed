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
#include "cmArrayAccess.h"
#include "cmRefineSurface.h"

#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkSmartPointer.h"
#include "vtkType.h"
#include "vtkTypeInt32Array.h"
#include "vtkTypeInt64Array.h"

#include <functional>
#include <string>

class vtkAlgorithm;
class vtkCellData;
class vtkDataArray;
class vtkPolyData;

namespace cm
{
/// A named array of n tuples, left uninitialized on huge pages (a core writes every value).
template <typename ArrayT>
vtkSmartPointer<ArrayT> NewLarge(const char* name, int nc, vtkIdType n)
{
  auto a = vtkSmartPointer<ArrayT>::New();
  a->SetName(name);
  a->SetNumberOfComponents(nc);
  cm::ResizeLarge(a.GetPointer(), n);
  return a;
}

/// Calls f(PointArrayT*, IdArrayT*) (null pointers naming the types) with
/// the smallest sufficient types of a polygonal output: float points when
/// `floatPoints` (the input's precision), 32-bit ids when `smallIds`.
template <typename F>
decltype(auto) WithPolyTypes(bool floatPoints, bool smallIds, F&& f)
{
  if (floatPoints && smallIds)
  {
    return f(static_cast<vtkFloatArray*>(nullptr), static_cast<vtkTypeInt32Array*>(nullptr));
  }
  if (floatPoints)
  {
    return f(static_cast<vtkFloatArray*>(nullptr), static_cast<vtkTypeInt64Array*>(nullptr));
  }
  if (smallIds)
  {
    return f(static_cast<vtkDoubleArray*>(nullptr), static_cast<vtkTypeInt32Array*>(nullptr));
  }
  return f(static_cast<vtkDoubleArray*>(nullptr), static_cast<vtkTypeInt64Array*>(nullptr));
}

/// The parent's cell values for every child: each cell array of inCD that
/// `keep` accepts (by name; all when empty) added to outCD with tuple
/// pid[i] as tuple i, for n children.
CLOUDMAPFILTERSCLOUDMAP_EXPORT void GatherParentCellData(vtkCellData* inCD, vtkCellData* outCD,
  const vtkIdType* pid, vtkIdType n, const std::function<bool(const char*)>& keep = {});

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
  /// The lean layout (cmRefineShared.h): points shared across neighbouring
  /// parents, the input points first. Not with InterpolatePointData.
  bool SharedPoints = false;
  /// ParentId and RefinementLevel per sub-element (and the input's cell
  /// arrays copied to the children); off: only the sub-elements and the
  /// fused values (ghost flags still travel).
  bool CellExtras = true;
  /// Float points whatever the input's precision (the output is for drawing,
  /// which is in float); off: the input's precision.
  bool FloatPoints = false;
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
