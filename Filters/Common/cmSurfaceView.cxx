// SPDX-License-Identifier: BSD-3-Clause
#include "cmSurfaceView.h"

#include "cmArrayAccess.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkTypeInt32Array.h"
#include "vtkTypeInt64Array.h"
#include "vtkVersionMacros.h"

#include <algorithm>
#include <atomic>

namespace cm
{
bool MakeSurfaceView(vtkPolyData* input, SurfaceView& view, std::string& error)
{
  if (input->GetNumberOfVerts() + input->GetNumberOfLines() + input->GetNumberOfStrips() > 0)
  {
    error = "the input has vertices, lines or strips; this filter takes a surface of triangles "
            "and quads only (extract the surface cells first)";
    return false;
  }
  view = SurfaceView();
  vtkCellArray* polys = input->GetPolys();
  view.NCells = polys ? polys->GetNumberOfCells() : 0;
  if (view.NCells > 0)
  {
    // VTK 9.6 renamed the typed accessors (the old names are deprecated).
#if VTK_VERSION_NUMBER >= VTK_VERSION_CHECK(9, 6, 0)
    if (polys->IsStorage64Bit())
    {
      view.Off64 = polys->GetOffsetsAOSArray64()->GetPointer(0);
      view.Conn64 = polys->GetConnectivityAOSArray64()->GetPointer(0);
    }
    else
    {
      view.Off32 = polys->GetOffsetsAOSArray32()->GetPointer(0);
      view.Conn32 = polys->GetConnectivityAOSArray32()->GetPointer(0);
    }
#else
    if (polys->IsStorage64Bit())
    {
      view.Off64 = polys->GetOffsetsArray64()->GetPointer(0);
      view.Conn64 = polys->GetConnectivityArray64()->GetPointer(0);
    }
    else
    {
      view.Off32 = polys->GetOffsetsArray32()->GetPointer(0);
      view.Conn32 = polys->GetConnectivityArray32()->GetPointer(0);
    }
#endif
  }
  // Every cell a triangle or a quad, checked in parallel; the error names the
  // first bad cell whatever the thread count.
  std::atomic<vtkIdType> firstBad(view.NCells);
  vtkSMPTools::For(0, view.NCells, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType c = b; c < e && c < firstBad.load(std::memory_order_relaxed); ++c)
    {
      const int n = view.Size(c);
      if (n != 3 && n != 4)
      {
        vtkIdType seen = firstBad.load();
        while (c < seen && !firstBad.compare_exchange_weak(seen, c))
        {}
        return;
      }
    }
  });
  if (firstBad.load() < view.NCells)
  {
    const vtkIdType c = firstBad.load();
    error = "cell " + std::to_string(c) + " has " + std::to_string(view.Size(c)) +
      " points; only triangles and quads are supported";
    return false;
  }
  vtkPoints* pts = input->GetPoints();
  view.NumberOfPoints = pts ? pts->GetNumberOfPoints() : 0;
  if (view.NumberOfPoints == 0)
  {
    return true;
  }
  if (auto* d = vtkDoubleArray::SafeDownCast(pts->GetData()))
  {
    view.Points = d->GetPointer(0);
  }
  else if (auto* f = vtkFloatArray::SafeDownCast(pts->GetData()))
  {
    view.PointsF = f->GetPointer(0);
  }
  else
  {
    view.PointStore = ValuesAsDouble(pts->GetData());
    view.Points = view.PointStore.data();
  }
  return true;
}

} // namespace cm
