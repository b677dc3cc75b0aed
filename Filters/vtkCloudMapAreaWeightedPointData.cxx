// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAreaWeightedPointData.h"

#include "cmAreaWeighting.h"
#include "cmVTKAccess.h"

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
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

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
// Averages one array over the links; `group` maps points to link rows.
struct AverageWorker
{
  template <typename ArrayT>
  void operator()(ArrayT* in, const cloudmap::PointCellLinks& links,
    const std::vector<double>& areas, const std::vector<std::int64_t>* group,
    std::int64_t nPoints, double* out)
  {
    const int nc = in->GetNumberOfComponents();
    // The core kernel wants contiguous values; copy once in the array's own type.
    using T = vtk::GetAPIType<ArrayT>;
    std::vector<T> values(static_cast<std::size_t>(in->GetNumberOfValues()));
    auto range = vtk::DataArrayValueRange(in);
    std::copy(range.begin(), range.end(), values.begin());
    vtkSMPTools::For(0, nPoints, [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType p = b; p < e; ++p)
      {
        const std::int64_t row = group ? (*group)[p] : p;
        cloudmap::AreaWeightedVertex(links, row, areas.data(), values.data(), nc, out + p * nc);
      }
    });
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

  cloudmap::SurfaceView view;
  std::string error;
  if (!cloudmap::MakeSurfaceView(input, view, error))
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
        arrays.push_back(arr);
      }
    }
  }
  else
  {
    vtkDataArray* arr = this->GetInputArrayToProcess(0, inputVector);
    if (!arr)
    {
      vtkErrorMacro(<< "no cell array selected to average");
      return 0;
    }
    if (this->GetInputArrayAssociation(0, inputVector) != vtkDataObject::FIELD_ASSOCIATION_CELLS)
    {
      vtkErrorMacro(<< "array '" << arr->GetName() << "' is not a cell array");
      return 0;
    }
    arrays.push_back(arr);
  }

  // Vertex groups: each point alone, or merged with its coincident neighbours.
  std::vector<std::int64_t> group;
  std::int64_t nRows = view.NumberOfPoints;
  if (this->MergeCoincidentPoints && view.NumberOfPoints > 0)
  {
    group = cloudmap::MergeCoincidentPoints(view.Points, view.NumberOfPoints, this->Tolerance, nRows);
  }
  cloudmap::PointCellLinks links;
  cloudmap::BuildPointCellLinks(nRows, view.NumberOfCells(), view.Offsets.data(), view.Conn.data(),
    group.empty() ? nullptr : group.data(), links);
  const std::vector<double> areas = cloudmap::CellAreas(view);

  for (vtkDataArray* in : arrays)
  {
    vtkNew<vtkDoubleArray> out;
    out->SetName(in->GetName());
    out->SetNumberOfComponents(in->GetNumberOfComponents());
    out->SetNumberOfTuples(view.NumberOfPoints);
    AverageWorker worker;
    using Dispatcher = vtkArrayDispatch::DispatchByValueType<vtkArrayDispatch::AllTypes>;
    const std::vector<std::int64_t>* g = group.empty() ? nullptr : &group;
    if (!Dispatcher::Execute(in, worker, links, areas, g, view.NumberOfPoints, out->GetPointer(0)))
    {
      worker(in, links, areas, g, view.NumberOfPoints, out->GetPointer(0));
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
