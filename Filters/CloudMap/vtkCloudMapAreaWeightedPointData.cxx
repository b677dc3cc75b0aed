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
// Averages one array through the core's strategy, with its values in their
// own type: in place when the array is a plain AOS array (no copy, no fresh
// pages), else a parallel copy.
struct AverageWorker
{
  template <typename ArrayT>
  void operator()(
    ArrayT* in, cm::map::AreaAveraging& averaging, double* out, const cm::ParallelFor& heavy)
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
    averaging.Average(values, in->GetNumberOfComponents(), out, heavy);
  }
};

// The cell arrays to average: every numeric one but the ghost flags, or
// `selected`; `error` says why one cannot be averaged.
std::vector<vtkDataArray*> ArraysToAverage(vtkCellData* cd, bool all, vtkDataArray* selected,
  bool selectedOnCells, vtkIdType nCells, std::string& error)
{
  std::vector<vtkDataArray*> arrays;
  if (!all)
  {
    error = cm::map::CheckCellArray(selected ? selected->GetName() : nullptr, selectedOnCells,
      selected ? selected->GetNumberOfTuples() : 0, nCells);
    arrays.push_back(selected);
    return arrays;
  }
  for (int a = 0; a < cd->GetNumberOfArrays() && error.empty(); ++a)
  {
    vtkDataArray* arr = cd->GetArray(a);
    if (arr && arr->GetName() &&
      std::string(arr->GetName()) != vtkDataSetAttributes::GhostArrayName())
    {
      error = cm::map::CheckCellArray(arr->GetName(), true, arr->GetNumberOfTuples(), nCells);
      arrays.push_back(arr);
    }
  }
  return arrays;
}
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

  vtkDataArray* selected =
    this->ProcessAllArrays ? nullptr : this->GetInputArrayToProcess(0, inputVector);
  int association = -1;
  selected = selected || this->ProcessAllArrays
    ? selected
    : cm::RenamedInputArray(this, 0, input, association); // an old name
  const std::vector<vtkDataArray*> arrays =
    ArraysToAverage(input->GetCellData(), this->ProcessAllArrays, selected,
      this->ProcessAllArrays ||
        this->GetInputArrayAssociation(0, inputVector) == vtkDataObject::FIELD_ASSOCIATION_CELLS,
      view.NumberOfCells(), error);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }

  // Progress: 0.2 once the vertex groups (and for them the areas and any
  // link table) are ready, the rest shared by the arrays. An abort leaves an
  // empty output.
  cm::map::AreaAveraging averaging(
    view, this->MergeCoincidentPoints, this->Tolerance, cm::SMPItems());
  this->UpdateProgress(0.2);
  const double share = 0.8 / std::max<std::size_t>(1, arrays.size());
  for (std::size_t a = 0; a < arrays.size() && !this->GetAbortExecute(); ++a)
  {
    vtkDataArray* in = arrays[a];
    vtkNew<vtkDoubleArray> out;
    out->SetName(in->GetName());
    out->SetNumberOfComponents(in->GetNumberOfComponents());
    cm::ResizeLarge(out.GetPointer(), view.NumberOfPoints);
    bool stopped = false;
    const cm::ParallelFor heavy =
      cm::ProgressFor(this, 0.2 + share * a, 0.2 + share * (a + 1), stopped);
    AverageWorker worker;
    using Dispatcher = vtkArrayDispatch::DispatchByValueType<vtkArrayDispatch::AllTypes>;
    if (!Dispatcher::Execute(in, worker, averaging, out->GetPointer(0), heavy))
    {
      worker(in, averaging, out->GetPointer(0), heavy);
    }
    output->GetPointData()->AddArray(out);
  }
  if (this->GetAbortExecute())
  {
    output->Initialize(); // aborted: no half-averaged output
    return 1;
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
