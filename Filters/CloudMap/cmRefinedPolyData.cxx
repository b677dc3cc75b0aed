// SPDX-License-Identifier: BSD-3-Clause
#include "cmRefinedPolyData.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmLargeBuffer.h"
#include "cmRefineShared.h"

#include "vtkAlgorithm.h"
#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkFloatArray.h"
#include "vtkIdTypeArray.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSmartPointer.h"
#include "vtkTypeInt32Array.h"
#include "vtkTypeInt64Array.h"
#include "vtkUnsignedCharArray.h"

#include <cstring>
#include <type_traits>
#include <vector>

namespace
{
// Pass 2 in the given point and id types: allocates the points and cells,
// lets the core write every parent's sub-elements into its own range, and
// returns the points (null when aborted).
template <typename PointArrayT, typename IdArrayT>
vtkSmartPointer<vtkDataArray> WriteRefined(vtkAlgorithm* self, const cm::SurfaceView& view,
  const cm::map::RefinePlan& plan, const cm::map::SharedPointPlan* shared,
  const cm::map::RefineExtras& extras, vtkCellArray* polys, double from, double to)
{
  vtkNew<PointArrayT> coords;
  coords->SetNumberOfComponents(3);
  cm::ResizeLarge(coords.GetPointer(), plan.NumberOfPoints());
  vtkNew<IdArrayT> offsets, conn;
  cm::ResizeLarge(offsets.GetPointer(), plan.NumberOfCells() + 1);
  cm::ResizeLarge(conn.GetPointer(), plan.ConnectivitySize());
  cm::map::RefinedSurfaceT<typename PointArrayT::ValueType, typename IdArrayT::ValueType> out;
  static_cast<cm::map::RefineExtras&>(out) = extras;
  out.Points = coords->GetPointer(0);
  out.Offsets = offsets->GetPointer(0);
  out.Connectivity = conn->GetPointer(0);
  bool aborted = false;
  if (shared)
  {
    cm::map::RefineSurfaceShared(
      view, plan, *shared, out, cm::ProgressFor(self, from, to, aborted));
  }
  else
  {
    cm::map::RefineSurface(view, plan, out, cm::ProgressFor(self, from, to, aborted));
  }
  if (aborted || self->GetAbortExecute())
  {
    return nullptr;
  }
  polys->SetData(offsets, conn);
  return coords.GetPointer();
}

// Pass 2 in the smallest sufficient types: the input's point precision, and
// 32-bit ids whenever the output allows it.
vtkSmartPointer<vtkDataArray> WriteRefinedAnyType(vtkAlgorithm* self, vtkPolyData* input,
  const cm::SurfaceView& view, const cm::map::RefinePlan& plan,
  const cm::map::SharedPointPlan* shared, const cm::map::RefineExtras& extras, vtkCellArray* polys,
  bool alwaysFloat, double from, double to)
{
  const bool floatPoints =
    alwaysFloat || (input->GetPoints() && input->GetPoints()->GetDataType() == VTK_FLOAT);
  const bool smallIds =
    plan.NumberOfPoints() < VTK_INT_MAX && plan.ConnectivitySize() < VTK_INT_MAX;
  return cm::WithPolyTypes(floatPoints, smallIds, [&](auto* pointTag, auto* idTag) {
    using PointArrayT = std::remove_pointer_t<decltype(pointTag)>;
    using IdArrayT = std::remove_pointer_t<decltype(idTag)>;
    return WriteRefined<PointArrayT, IdArrayT>(self, view, plan, shared, extras, polys, from, to);
  });
}

// Interpolates every numeric input point array onto the refined points, from
// the parent's corners with the weights of each point's parent coordinates.
// Reports progress from -> to array by array; returns false when aborted.
bool InterpolatePoints(vtkAlgorithm* self, vtkPointData* inPD, vtkPointData* outPD,
  const cm::SurfaceView& view, const cm::map::RefinePlan& plan, const double* pointRS, double from,
  double to)
{
  const std::int64_t nOut = plan.NumberOfPoints();
  const int nArrays = inPD->GetNumberOfArrays();
  const cm::ParallelFor smp = cm::SMPItems();
  for (int a = 0; a < nArrays; ++a)
  {
    self->UpdateProgress(from + (to - from) * a / nArrays);
    if (self->GetAbortExecute())
    {
      return false;
    }
    vtkDataArray* in = inPD->GetArray(a);
    if (!in || !in->GetName())
    {
      continue;
    }
    const int nc = in->GetNumberOfComponents();
    const std::vector<double> vin = cm::ValuesAsDouble(in);
    vtkNew<vtkDoubleArray> out;
    out->SetName(in->GetName());
    out->SetNumberOfComponents(nc);
    out->SetNumberOfTuples(nOut);
    cm::map::InterpolateRefinedPoints(view, plan, pointRS, vin.data(), nc, out->GetPointer(0), smp);
    outPD->AddArray(out);
  }
  return true;
}

// Cell data: parent values copied to every child, then the refinement's own arrays.
void AttachCellData(vtkCellData* inCD, vtkCellData* outCD, const vtkIdType* pid, vtkIdType nOut,
  const std::vector<vtkDataArray*>& own, bool extras)
{
  cm::GatherParentCellData(inCD, outCD, pid, nOut, [extras](const char* name) {
    return extras || (name && std::strcmp(name, vtkDataSetAttributes::GhostArrayName()) == 0);
  });
  for (vtkDataArray* a : own)
  {
    if (a)
    {
      outCD->AddArray(a);
    }
  }
  if (const char* active = inCD->GetScalars() ? inCD->GetScalars()->GetName() : nullptr)
  {
    outCD->SetActiveScalars(active);
  }
}
} // namespace

namespace cm
{
void GatherParentCellData(vtkCellData* inCD, vtkCellData* outCD, const vtkIdType* pid, vtkIdType n,
  const std::function<bool(const char*)>& keep)
{
  for (int a = 0; a < inCD->GetNumberOfArrays(); ++a)
  {
    vtkAbstractArray* src = inCD->GetAbstractArray(a);
    if (keep && !keep(src->GetName()))
    {
      continue;
    }
    vtkSmartPointer<vtkAbstractArray> dst = vtk::TakeSmartPointer(src->NewInstance());
    dst->SetName(src->GetName());
    dst->SetNumberOfComponents(src->GetNumberOfComponents());
    cm::ResizeLargeAny(dst, n);
    cm::GatherTuples(src, dst, pid, n);
    outCD->AddArray(dst);
  }
}

bool RefinePolyData(vtkAlgorithm* self, vtkPolyData* input, const SurfaceView& view,
  const RefineRequest& request, vtkPolyData* output, std::string& error)
{
  // Progress: the plan 10 %, the sub-elements 80 %, the point arrays 10 %.
  const double from = request.From, span = request.To - request.From;
  map::RefinePlan plan;
  bool aborted = false;
  if (!map::PlanRefinement(
        view, request.Options, ProgressFor(self, from, from + 0.1 * span, aborted),
        [&] { return aborted || self->GetAbortExecute(); }, plan))
  {
    output->Initialize();
    return true; // aborted by the user: an empty output
  }
  error = map::CheckRefinementSize(plan, request.MaximumNumberOfCells);
  if (!error.empty())
  {
    return false;
  }
  map::SharedPointPlan shared;
  if (request.SharedPoints)
  {
    map::PlanSharedPoints(view, plan, shared, SMPItems());
  }

  // The sub-elements, their parent, level and centre (or the fused values).
  vtkDataArray* centreIn = request.Centre;
  const vtkIdType nOut = plan.NumberOfCells();
  // ParentId is also the gather index of the parents' cell arrays: made
  // whenever anything must be gathered, kept only with the extras.
  vtkCellData* inCD = input->GetCellData();
  const bool gather = request.CellExtras || inCD->GetArray(vtkDataSetAttributes::GhostArrayName());
  auto parentId = gather ? NewLarge<vtkIdTypeArray>("ParentId", 1, nOut) : nullptr;
  auto levelArray =
    request.CellExtras ? NewLarge<vtkUnsignedCharArray>("RefinementLevel", 1, nOut) : nullptr;
  const std::vector<double> centreStore = centreIn && !vtkDoubleArray::SafeDownCast(centreIn)
    ? ValuesAsDouble(centreIn)
    : std::vector<double>();
  auto centre = NewLarge<vtkDoubleArray>(centreIn ? centreIn->GetName() : "ParentCoordinates",
    centreIn ? centreIn->GetNumberOfComponents() : 2, nOut);
  const bool wantPointRS = request.InterpolatePointData && !request.SharedPoints &&
    input->GetPointData()->GetNumberOfArrays();
  LargeArray<double> pointRS(wantPointRS ? 2 * plan.NumberOfPoints() : 0);
  map::RefineExtras extras;
  extras.ParentId = parentId ? parentId->GetPointer(0) : nullptr;
  extras.Level = levelArray ? levelArray->GetPointer(0) : nullptr;
  extras.PointRS = wantPointRS ? pointRS.data() : nullptr;
  if (centreIn)
  {
    auto* d = vtkDoubleArray::SafeDownCast(centreIn);
    extras.CentreIn = d ? d->GetPointer(0) : centreStore.data();
    extras.CentreComps = centreIn->GetNumberOfComponents();
    extras.Scanline = request.Scanline;
    extras.CentreOut = centre->GetPointer(0);
  }
  else
  {
    extras.CellRS = centre->GetPointer(0);
  }
  vtkNew<vtkCellArray> polys;
  vtkSmartPointer<vtkDataArray> coords =
    WriteRefinedAnyType(self, input, view, plan, request.SharedPoints ? &shared : nullptr, extras,
      polys, request.FloatPoints, from + 0.1 * span, from + 0.9 * span);
  if (!coords)
  {
    output->Initialize();
    return true; // aborted by the user: an empty output
  }
  vtkNew<vtkPoints> points;
  points->SetData(coords);
  output->SetPoints(points);
  output->SetPolys(polys);
  if (gather)
  {
    AttachCellData(inCD, output->GetCellData(), parentId->GetPointer(0), nOut,
      { request.CellExtras ? parentId.GetPointer() : nullptr, levelArray, centre },
      request.CellExtras);
  }
  else
  {
    output->GetCellData()->AddArray(centre);
  }
  if (wantPointRS &&
    !InterpolatePoints(self, input->GetPointData(), output->GetPointData(), view, plan,
      pointRS.data(), from + 0.9 * span, request.To))
  {
    output->Initialize();
    return true; // aborted by the user: an empty output
  }
  output->GetFieldData()->PassData(input->GetFieldData());
  return true;
}
} // namespace cm
