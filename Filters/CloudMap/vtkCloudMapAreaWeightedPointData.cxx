// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAreaWeightedPointData.h"

#include "cmAreaWeighting.h"
#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmSurfaceView.h"

#include "vtkAOSDataArrayTemplate.h"
#include "vtkArrayDispatch.h"
#include "vtkCellData.h"
#include "vtkDataArrayRange.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkSMPThreadLocal.h"
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

vtkStandardNewMacro(vtkCloudMapAreaWeightedPointData);

vtkCloudMapAreaWeightedPointData::vtkCloudMapAreaWeightedPointData()
{
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapAreaWeightedPointData::~vtkCloudMapAreaWeightedPointData() = default;

namespace
{
// Averages one array through the core, with its values in their own type:
// in place when the array is a plain AOS array (no copy, no fresh pages),
// else a parallel copy. NeedLinks is set when the core met a zero-area
// element on the way: then nothing is written and the caller averages by
// the link table.
struct AverageWorker
{
  cm::ParallelFor Heavy, Light;
  bool NeedLinks = false;

  template <typename ArrayT>
  void operator()(ArrayT* in, const cm::map::AreaAverageInput& input, double* out)
  {
    using T = vtk::GetAPIType<ArrayT>;
    std::vector<T> store;
    const T* values = nullptr;
    if (auto* aos = vtkArrayDownCast<vtkAOSDataArrayTemplate<T>>(in))
    {
      values = aos->GetPointer(0);
    }
    else
    {
      store.resize(static_cast<std::size_t>(in->GetNumberOfValues()));
      auto range = vtk::DataArrayValueRange(in);
      vtkSMPTools::For(0, static_cast<vtkIdType>(store.size()), [&](vtkIdType b, vtkIdType e) {
        for (vtkIdType i = b; i < e; ++i)
        {
          store[i] = range[i];
        }
      });
      values = store.data();
    }
    this->NeedLinks = !cm::map::AverageCellValues(
      input, values, in->GetNumberOfComponents(), out, this->Heavy, this->Light);
  }
};
} // namespace

int vtkCloudMapAreaWeightedPointData::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const int ghosts =
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), ghosts + 1);
  return 1;
}

int vtkCloudMapAreaWeightedPointData::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  output->CopyStructure(input);
  output->GetCellData()->PassData(input->GetCellData());
  output->GetFieldData()->PassData(input->GetFieldData());

  cm::SurfaceView view;
  std::string error;
  if (!cm::MakeSurfaceView(input, view, error))
  {
    vtkErrorMacro(<< error);
    return 0;
  }

  std::vector<vtkDataArray*> arrays;
  vtkCellData* cd = input->GetCellData();
  if (this->ProcessAllArrays)
  {
    for (int a = 0; a < cd->GetNumberOfArrays(); ++a)
    {
      vtkDataArray* arr = cd->GetArray(a);
      if (arr && arr->GetName() &&
        std::string(arr->GetName()) != vtkDataSetAttributes::GhostArrayName())
      {
        error = cm::map::CheckCellArray(
          arr->GetName(), true, arr->GetNumberOfTuples(), view.NumberOfCells());
        if (!error.empty())
        {
          vtkErrorMacro(<< error);
          return 0;
        }
        arrays.push_back(arr);
      }
    }
  }
  else
  {
    vtkDataArray* arr = this->GetInputArrayToProcess(0, inputVector);
    error = cm::map::CheckCellArray(arr ? arr->GetName() : nullptr,
      this->GetInputArrayAssociation(0, inputVector) == vtkDataObject::FIELD_ASSOCIATION_CELLS,
      arr ? arr->GetNumberOfTuples() : 0, view.NumberOfCells());
    if (!error.empty())
    {
      vtkErrorMacro(<< error);
      return 0;
    }
    arrays.push_back(arr);
  }

  // Vertex groups: each point alone, or merged with its coincident neighbours.
  std::vector<std::int64_t> group;
  std::int64_t nRows = view.NumberOfPoints;
  if (this->MergeCoincidentPoints && view.NumberOfPoints > 0)
  {
    group = cm::map::MergeCoincidentPoints(
      view.DoublePoints(), view.NumberOfPoints, this->Tolerance, nRows);
  }
  // Progress: 0.2 once the vertex groups (and for them the areas and any
  // link table) are ready, the rest shared by the arrays. An abort leaves an
  // empty output.
  auto aborted = [&](double progress) {
    this->UpdateProgress(progress);
    if (this->GetAbortExecute())
    {
      output->Initialize();
      return true;
    }
    return false;
  };
  // The areas and, when an element has zero area, the link table for the
  // unweighted fallback. Without merged vertices the scatter computes the
  // areas on the way and this is needed only if it meets a zero-area element.
  cm::LargeArray<double> areas;
  cm::map::PointCellLinks links;
  bool haveAreas = false, useLinks = false;
  auto areasAndLinks = [&]() {
    areas = cm::CellAreas(view, cm::SMPItems());
    useLinks = std::any_of(areas.begin(), areas.end(), [](double s) { return !(s > 0); });
    if (useLinks)
    {
      cm::map::BuildPointCellLinksInParallel(
        view, nRows, group.empty() ? nullptr : group.data(), links, cm::SMPItems());
    }
    haveAreas = true;
  };
  if (!group.empty())
  {
    areasAndLinks();
  }
  if (aborted(0.2))
  {
    return 1;
  }

  const double share = 0.8 / std::max<std::size_t>(1, arrays.size());
  for (std::size_t a = 0; a < arrays.size(); ++a)
  {
    vtkDataArray* in = arrays[a];
    vtkNew<vtkDoubleArray> out;
    out->SetName(in->GetName());
    out->SetNumberOfComponents(in->GetNumberOfComponents());
    cm::ResizeLarge(out.GetPointer(), view.NumberOfPoints);
    bool stopped = false;
    AverageWorker worker;
    worker.Heavy = cm::ProgressFor(this, 0.2 + share * a, 0.2 + share * (a + 1), stopped);
    worker.Light = cm::SMPItems();
    for (int attempt = 0; attempt < 2; ++attempt)
    {
      cm::map::AreaAverageInput input;
      input.View = &view;
      input.PointMap = group.empty() ? nullptr : group.data();
      input.NumberOfRows = nRows;
      input.Areas = haveAreas ? areas.data() : nullptr;
      input.Links = useLinks ? &links : nullptr;
      using Dispatcher = vtkArrayDispatch::DispatchByValueType<vtkArrayDispatch::AllTypes>;
      if (!Dispatcher::Execute(in, worker, input, out->GetPointer(0)))
      {
        worker(in, input, out->GetPointer(0));
      }
      if (!worker.NeedLinks || stopped || this->GetAbortExecute())
      {
        break;
      }
      areasAndLinks(); // a zero-area element: average by the link table
    }
    if (stopped || this->GetAbortExecute())
    {
      output->Initialize(); // aborted: no half-averaged output
      return 1;
    }
    output->GetPointData()->AddArray(out);
  }
  if (!arrays.empty())
  {
    output->GetPointData()->SetActiveScalars(arrays.front()->GetName());
  }
  return 1;
}

void vtkCloudMapAreaWeightedPointData::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ProcessAllArrays: " << this->ProcessAllArrays << "\n"
     << indent << "MergeCoincidentPoints: " << this->MergeCoincidentPoints << "\n"
     << indent << "Tolerance: " << this->Tolerance << "\n";
}
