// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSurfaceView.h
 * @brief Fills the VTK-free cm::SurfaceView (Filters/Common/Core/cmSurface.h)
 *        from a vtkPolyData, in place.
 */
#ifndef cmSurfaceView_h
#define cmSurfaceView_h

#include "CloudMapFiltersCommonModule.h"
#include "cmSurface.h"

#include <cstdint>
#include <string>
#include <vector>

class vtkPolyData;

namespace cm
{
/**
 * Fills `view` from the polygons of `input`. Fails (returns false with a
 * message naming the cell) when a polygon is not a triangle or a quad, or
 * when the input also has vertices, lines or strips that would be dropped.
 */
CLOUDMAPFILTERSCOMMON_EXPORT bool MakeSurfaceView(
  vtkPolyData* input, SurfaceView& view, std::string& error);
} // namespace cm
#endif
