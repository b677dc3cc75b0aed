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
#include "vtkSMPThreadLocal.h"
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>
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
// Averages one array: by the link table (deterministic in any thread count,
// and the documented zero-area fallback), or by the scatter form, one pass
// over the connectivity, when one thread does all the work.
// The long loops run in blocks (cloudmap::ForWithProgress) that report
// progress from From to To and stop when the user aborts (Ok becomes false).
struct AverageWorker
{
  vtkAlgorithm* Self = nullptr;
  double From = 0, To = 1;
  bool Ok = true;

  template <typename ArrayT>
  void operator()(ArrayT* in, const cloudmap::SurfaceView& view, const cloudmap::PointCellLinks* links,
    const std::vector<double>& areas, const std::vector<std::int64_t>* group, std::int64_t nRows,
    std::int64_t nPoints, double* out)
  {
    const int nc = in->GetNumberOfComponents();
    using T = vtk::GetAPIType<ArrayT>;
    std::vector<T> values(static_cast<std::size_t>(in->GetNumberOfValues()));
    auto range = vtk::DataArrayValueRange(in);
    std::copy(range.begin(), range.end(), values.begin());
    const std::int64_t* map = group ? group->data() : nullptr;
    if (links)
    {
      this->Ok = cloudmap::ForWithProgress(
        this->Self, nPoints, this->From, this->To, [&](std::int64_t b, std::int64_t e) {
          for (std::int64_t p = b; p < e; ++p)
          {
            const std::int64_t row = map ? map[p] : p;
            cloudmap::AreaWeightedVertex(*links, row, areas.data(), values.data(), nc, out + p * nc);
          }
        });
      return;
    }
    struct Accumulator
    {
      std::vector<double> Sum, Weight;
    };
    vtkSMPThreadLocal<Accumulator> local;
    // (This form runs on one thread, so the blocks keep the sums' order.)
    this->Ok = cloudmap::ForWithProgress(this->Self, view.NumberOfCells(), this->From,
      this->From + 0.9 * (this->To - this->From), [&](std::int64_t b, std::int64_t e) {
        Accumulator& acc = local.Local();
        if (acc.Weight.empty())
        {
          acc.Sum.assign(static_cast<std::size_t>(nRows) * nc, 0.0);
          acc.Weight.assign(nRows, 0.0);
        }
        view.WithIds([&](auto* off, auto* conn) {
          cloudmap::AreaWeightedScatter(b, e, off, conn, map, areas.data(), values.data(), nc,
            acc.Sum.data(), acc.Weight.data());
        });
      });
    if (!this->Ok)
    {
      return; // aborted
    }
    // Add the thread accumulators (one, with the sequential backend).
    auto it = local.begin();
    Accumulator& total = *it;
    for (++it; it != local.end(); ++it)
    {
      for (std::size_t i = 0; i < total.Sum.size(); ++i)
        total.Sum[i] += it->Sum[i];
      for (std::size_t i = 0; i < total.Weight.size(); ++i)
        total.Weight[i] += it->Weight[i];
    }
    if (total.Weight.empty())
    {
      total.Sum.assign(static_cast<std::size_t>(nRows) * nc, 0.0);
      total.Weight.assign(nRows, 0.0);
    }
    vtkSMPTools::For(0, nPoints, [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType p = b; p < e; ++p)
      {
        const std::int64_t row = map ? map[p] : p;
        const double w = total.Weight[row];
        for (int q = 0; q < nc; ++q)
        {
          out[p * nc + q] = w > 0 ? total.Sum[row * nc + q] / w : 0.0;
        }
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
    group = cloudmap::MergeCoincidentPoints(
      view.DoublePoints(), view.NumberOfPoints, this->Tolerance, nRows);
  }
  // Progress: 0.1 for the areas and vertex groups, 0.2 once the link table
  // is built, the rest shared by the arrays. An abort leaves an empty output.
  auto aborted = [&](double progress) {
    this->UpdateProgress(progress);
    if (this->GetAbortExecute())
    {
      output->Initialize();
      return true;
    }
    return false;
  };
  const std::vector<double> areas = cloudmap::CellAreas(view);
  if (aborted(0.1))
  {
    return 1;
  }
  // Zero-area elements need the link table for the unweighted fallback. With
  // several threads the link table also keeps the sums in a fixed order, so
  // results do not depend on how the work was split; one thread scatters.
  const bool degenerate =
    std::any_of(areas.begin(), areas.end(), [](double a) { return !(a > 0); });
  const bool useLinks = degenerate || vtkSMPTools::GetEstimatedNumberOfThreads() > 1;
  cloudmap::PointCellLinks links;
  if (useLinks)
  {
    view.WithIds([&](auto* off, auto* conn) {
      cloudmap::BuildPointCellLinks(nRows, view.NumberOfCells(), off, conn,
        group.empty() ? nullptr : group.data(), links);
    });
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
    out->SetNumberOfTuples(view.NumberOfPoints);
    AverageWorker worker;
    worker.Self = this;
    worker.From = 0.2 + share * a;
    worker.To = 0.2 + share * (a + 1);
    using Dispatcher = vtkArrayDispatch::DispatchByValueType<vtkArrayDispatch::AllTypes>;
    const std::vector<std::int64_t>* g = group.empty() ? nullptr : &group;
    const cloudmap::PointCellLinks* l = useLinks ? &links : nullptr;
    if (!Dispatcher::Execute(in, worker, view, l, areas, g, nRows, view.NumberOfPoints,
          out->GetPointer(0)))
    {
      worker(in, view, l, areas, g, nRows, view.NumberOfPoints, out->GetPointer(0));
    }
    if (!worker.Ok || this->GetAbortExecute())
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
