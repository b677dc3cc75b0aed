// SPDX-License-Identifier: BSD-3-Clause
// The fractal sources honour piece requests: sub-extents of the terrain and
// of the escape-time image, and pieces of the fBm curve, the IFS and the
// L-system, equal the same part of the single-piece output bit for bit.
// Also: refusals leave no output.
#include "cmCheck.h"
#include "vtkCloudMapEscapeTimeFractal.h"
#include "vtkCloudMapFractalTerrain.h"
#include "vtkCloudMapFractionalBrownianCurve.h"
#include "vtkCloudMapIteratedFunctionSystem.h"
#include "vtkCloudMapLSystem.h"

#include "vtkDataArray.h"
#include "vtkImageData.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkSmartPointer.h"
#include "vtkStructuredGrid.h"

#include <cstdio>
#include <cstdlib>

namespace
{
// Points and one array of `part` equal those of `full` at the global ids.
bool SameByGlobalId(vtkDataSet* full, vtkDataSet* part, const char* array)
{
  vtkDataArray* gid = part->GetPointData()->GetArray("GlobalIds");
  vtkDataArray* a = part->GetPointData()->GetArray(array);
  vtkDataArray* b = full->GetPointData()->GetArray(array);
  if (!gid || !a || !b || part->GetNumberOfPoints() == 0)
  {
    return false;
  }
  for (vtkIdType k = 0; k < part->GetNumberOfPoints(); ++k)
  {
    const vtkIdType g = static_cast<vtkIdType>(gid->GetTuple1(k));
    double p[3], q[3];
    part->GetPoint(k, p);
    full->GetPoint(g, q);
    if (p[0] != q[0] || p[1] != q[1] || p[2] != q[2] || a->GetTuple1(k) != b->GetTuple1(g))
    {
      return false;
    }
  }
  return true;
}
}

int TestFractalPieces(int, char*[])
{
  {
    vtkNew<vtkCloudMapFractalTerrain> t;
    t->SetNumberOfLevels(6);
    t->SetHurstExponent(0.4);
    t->SetPeakCutting(true);
    t->SetPeakCuttingIterations(3);
    t->SetComputeDisplacement(true);
    t->Update();
    vtkNew<vtkStructuredGrid> full;
    full->DeepCopy(t->GetOutput());
    CM_CHECK_MSG(full->GetNumberOfPoints() == 65 * 65, "terrain has 65 x 65 points");
    int total = 0;
    for (int p = 0; p < 4; ++p)
    {
      t->UpdatePiece(p, 4, 0);
      total += t->GetOutput()->GetNumberOfPoints();
      CM_CHECK_MSG(t->GetOutput()->GetNumberOfPoints() < full->GetNumberOfPoints(),
        "terrain piece is a sub-extent");
      CM_CHECK_MSG(
        SameByGlobalId(full, t->GetOutput(), "Elevation"), "terrain piece elevation equals serial");
      CM_CHECK_MSG(SameByGlobalId(full, t->GetOutput(), "Displacement"),
        "terrain piece displacement equals serial");
    }
    CM_CHECK_MSG(total >= 65 * 65, "terrain pieces cover the grid");
    // Refusal: over the point limit gives no output.
    t->SetMaximumNumberOfPoints(1000);
    t->Update();
    CM_CHECK_MSG(t->GetOutput()->GetNumberOfPoints() == 0, "oversized terrain refused");
  }
  {
    vtkNew<vtkCloudMapFractionalBrownianCurve> c;
    c->SetNumberOfLevels(10);
    c->Update();
    vtkNew<vtkPolyData> full;
    full->DeepCopy(c->GetOutput());
    for (int p = 0; p < 3; ++p)
    {
      c->UpdatePiece(p, 3, 0);
      CM_CHECK_MSG(SameByGlobalId(full, c->GetOutput(), "Elevation"), "curve piece equals serial");
    }
  }
  {
    vtkNew<vtkCloudMapEscapeTimeFractal> e;
    e->SetDimensions(120, 90);
    e->Update();
    vtkNew<vtkImageData> full;
    full->DeepCopy(e->GetOutput());
    int ext[6] = { 30, 79, 10, 40, 0, 0 };
    e->Modified(); // the full image already covers the extent: force a new execution
    e->UpdateExtent(ext);
    vtkImageData* part = e->GetOutput();
    bool same = part->GetNumberOfPoints() == 50 * 31;
    for (int j = ext[2]; same && j <= ext[3]; ++j)
    {
      for (int i = ext[0]; i <= ext[1]; ++i)
      {
        int ijk[3] = { i, j, 0 };
        same = same &&
          part->GetPointData()
              ->GetArray("SmoothIterations")
              ->GetTuple1(part->ComputePointId(ijk)) ==
            full->GetPointData()
              ->GetArray("SmoothIterations")
              ->GetTuple1(full->ComputePointId(ijk));
      }
    }
    CM_CHECK_MSG(same, "escape-time sub-extent equals the full image");
    e->SetMaximumNumberOfPixels(100);
    e->Update();
    CM_CHECK_MSG(e->GetOutput()->GetNumberOfPoints() == 0, "oversized image refused");
  }
  {
    vtkNew<vtkCloudMapIteratedFunctionSystem> f;
    f->SetNumberOfPoints(10001);
    f->Update();
    vtkNew<vtkPolyData> full;
    full->DeepCopy(f->GetOutput());
    f->UpdatePiece(1, 3, 0);
    vtkPolyData* part = f->GetOutput();
    bool same = part->GetNumberOfPoints() == 3334;
    for (vtkIdType k = 0; same && k < part->GetNumberOfPoints(); ++k)
    {
      double p[3], q[3];
      part->GetPoint(k, p);
      full->GetPoint(3333 + k, q);
      same = p[0] == q[0] && p[1] == q[1] && p[2] == q[2];
    }
    CM_CHECK_MSG(same, "IFS piece equals the same points of the serial run");
  }
  {
    vtkNew<vtkCloudMapLSystem> l;
    l->SetPreset(9); // ABOP 1.24d
    l->Update();
    const vtkIdType cells = l->GetOutput()->GetNumberOfCells();
    const vtkIdType points = l->GetOutput()->GetNumberOfPoints();
    vtkIdType c = 0, p = 0;
    for (int k = 0; k < 4; ++k)
    {
      l->UpdatePiece(k, 4, 0);
      c += l->GetOutput()->GetNumberOfCells();
      p += l->GetOutput()->GetNumberOfPoints();
    }
    CM_CHECK_MSG(cells > 4 && c == cells && p == points, "L-system pieces partition the polylines");
  }
  return cmReport("TestFractalPieces");
}
