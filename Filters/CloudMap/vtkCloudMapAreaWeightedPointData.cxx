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
// Averages one array: by the link table (the documented zero-area
// fallback), or by the row-owner scatter (no table), which computes the
// areas on the way when `areas` is null (no merged vertices). Both add each
// vertex's terms in ascending element order, so the result is the same on
// any thread count. The long loops run in blocks (cm::ForWithProgress) that
// report progress from From to To and stop when the user aborts (Ok becomes
// false). NeedLinks is set when the on-the-way areas met a zero-area element:
// then nothing is written and the caller averages by the link table.
struct AverageWorker
{
  vtkAlgorithm* Self = nullptr;
  double From = 0, To = 1;
  bool Ok = true;
  bool NeedLinks = false;

  template <typename ArrayT>
  void operator()(ArrayT* in, const cm::SurfaceView& view, const cm::map::PointCellLinks* links,
    const double* areas, const std::vector<std::int64_t>* group, std::int64_t nRows,
    std::int64_t nPoints, double* out)
  {
    const int nc = in->GetNumberOfComponents();
    using T = vtk::GetAPIType<ArrayT>;
    // The values in place when the array is a plain AOS array (no copy, no
    // fresh pages), else a parallel copy.
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
    const std::int64_t* map = group ? group->data() : nullptr;
    if (links)
    {
      this->Ok = cm::ForWithProgress(
        this->Self, nPoints, this->From, this->To, [&](std::int64_t b, std::int64_t e) {
          for (std::int64_t p = b; p < e; ++p)
          {
            const std::int64_t row = map ? map[p] : p;
            cm::map::AreaWeightedVertex(*links, row, areas, values, nc, out + p * nc);
          }
        });
      return;
    }
    // Scatter, with the vertex rows split into parts that threads own: a part
    // visits only the blocks of cells whose row span meets its rows (meshes
    // number neighbours close together, so that is about its share), and
    // adds its rows' terms in ascending element order, which makes the result
    // the same on any thread count (and equal to the link-table form).
    const std::int64_t nCells = view.NumberOfCells();
    constexpr std::int64_t BlockCells = 2048;
    const std::int64_t nBlocks = (nCells + BlockCells - 1) / BlockCells;
    std::vector<std::int64_t> spanLo(nBlocks), spanHi(nBlocks);
    view.WithIds([&](auto* off, auto* conn) {
      vtkSMPTools::For(0, nBlocks, [&](vtkIdType b, vtkIdType e) {
        for (vtkIdType k = b; k < e; ++k)
        {
          cm::map::RowSpan(k * BlockCells, std::min<std::int64_t>(nCells, (k + 1) * BlockCells), off, conn, map,
            spanLo[k], spanHi[k]);
        }
      });
    });
    const std::int64_t parts = std::max<std::int64_t>(1, std::min<std::int64_t>(64, nRows / 4096));
    if (!areas)
    {
      // Rows are point ids: each part sums its rows in its own small
      // buffers (cache resident) and writes their means straight to the
      // output, so the only big memory is the output itself.
      std::atomic<bool> flat{ false };
      this->Ok = cm::ForWithProgress(
        this->Self, parts, this->From, this->To, [&](std::int64_t b, std::int64_t e) {
          std::vector<double> lsum, lweight;
          for (std::int64_t part = b; part < e && !flat.load(std::memory_order_relaxed); ++part)
          {
            const std::int64_t lo = nRows * part / parts, hi = nRows * (part + 1) / parts;
            lsum.assign(static_cast<std::size_t>((hi - lo) * nc), 0.0);
            lweight.assign(static_cast<std::size_t>(hi - lo), 0.0);
            bool positive = true;
            view.WithIdsAndPoints([&](auto* off, auto* conn, auto* pts) {
              for (std::int64_t k = 0; k < nBlocks && positive; ++k)
              {
                if (spanHi[k] >= lo && spanLo[k] < hi)
                {
                  positive = cm::map::AreaWeightedScatterRowsOfPoints(k * BlockCells,
                    std::min<std::int64_t>(nCells, (k + 1) * BlockCells), off, conn, pts, values,
                    nc, lo, hi, lsum.data(), lweight.data());
                }
              }
            });
            if (!positive)
            {
              flat.store(true, std::memory_order_relaxed);
              return;
            }
            for (std::int64_t p = lo; p < hi; ++p)
            {
              const double w = lweight[p - lo];
              for (int q = 0; q < nc; ++q)
              {
                out[p * nc + q] = w > 0 ? lsum[(p - lo) * nc + q] / w : 0.0;
              }
            }
          }
        });
      this->NeedLinks = flat.load();
      return;
    }
    const std::size_t nSum = static_cast<std::size_t>(nRows) * nc;
    cm::LargeArray<double> sum(nSum), weight(static_cast<std::size_t>(nRows));
    this->Ok = cm::ForWithProgress(this->Self, parts, this->From,
      this->From + 0.9 * (this->To - this->From), [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t part = b; part < e; ++part)
        {
          const std::int64_t lo = nRows * part / parts, hi = nRows * (part + 1) / parts;
          std::fill(sum.data() + lo * nc, sum.data() + hi * nc, 0.0);
          std::fill(weight.data() + lo, weight.data() + hi, 0.0);
          view.WithIds([&](auto* off, auto* conn) {
            for (std::int64_t k = 0; k < nBlocks; ++k)
            {
              if (spanHi[k] >= lo && spanLo[k] < hi)
              {
                cm::map::AreaWeightedScatterRows(k * BlockCells,
                  std::min<std::int64_t>(nCells, (k + 1) * BlockCells), off, conn, map, areas, values, nc,
                  lo, hi, sum.data(), weight.data());
              }
            }
          });
        }
      });
    if (!this->Ok)
    {
      return; // aborted
    }
    vtkSMPTools::For(0, nPoints, [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType p = b; p < e; ++p)
      {
        const std::int64_t row = map ? map[p] : p;
        const double w = weight[row];
        for (int q = 0; q < nc; ++q)
        {
          out[p * nc + q] = w > 0 ? sum[row * nc + q] / w : 0.0;
        }
      }
    });
  }
};

/**
 * The link table built in parallel: count each row's elements with atomic
 * increments, prefix-sum, place the element ids with atomic cursors, then
 * sort every row. The sort makes the table exactly the one the serial
 * cm::map::BuildPointCellLinks builds (ids ascending), whatever the thread
 * count, so the sums that read it run in the same order on any thread count.
 */
template <typename OffsetT, typename ConnT>
void BuildLinksInParallel(std::int64_t nRows, std::int64_t nCells, const OffsetT* off,
  const ConnT* conn, const std::int64_t* map, cm::map::PointCellLinks& links)
{
  links.Offsets.assign(nRows + 1, 0);
  std::int64_t* count = links.Offsets.data() + 1;
  vtkSMPTools::For(0, nCells, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType c = b; c < e; ++c)
    {
      cm::map::ForDistinctRows(c, off, conn, map,
        [&](std::int64_t row) { __atomic_fetch_add(count + row, 1, __ATOMIC_RELAXED); });
    }
  });
  for (std::int64_t p = 0; p < nRows; ++p)
  {
    links.Offsets[p + 1] += links.Offsets[p];
  }
  links.Cells.resize(links.Offsets[nRows]);
  std::vector<std::int64_t> cursor(links.Offsets.begin(), links.Offsets.end() - 1);
  std::int64_t* next = cursor.data();
  std::int64_t* cells = links.Cells.data();
  vtkSMPTools::For(0, nCells, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType c = b; c < e; ++c)
    {
      cm::map::ForDistinctRows(c, off, conn, map, [&](std::int64_t row) {
        cells[__atomic_fetch_add(next + row, 1, __ATOMIC_RELAXED)] = c;
      });
    }
  });
  vtkSMPTools::For(0, nRows, [&](vtkIdType b, vtkIdType e) { cm::map::SortLinkRows(links, b, e); });
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
    areas = cm::CellAreas(view);
    useLinks = std::any_of(areas.begin(), areas.end(), [](double s) { return !(s > 0); });
    if (useLinks)
    {
      view.WithIds([&](auto* off, auto* conn) {
        BuildLinksInParallel(nRows, view.NumberOfCells(), off, conn,
          group.empty() ? nullptr : group.data(), links);
      });
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
    const std::vector<std::int64_t>* g = group.empty() ? nullptr : &group;
    AverageWorker worker;
    for (int attempt = 0; attempt < 2; ++attempt)
    {
      worker = AverageWorker();
      worker.Self = this;
      worker.From = 0.2 + share * a;
      worker.To = 0.2 + share * (a + 1);
      using Dispatcher = vtkArrayDispatch::DispatchByValueType<vtkArrayDispatch::AllTypes>;
      const cm::map::PointCellLinks* l = useLinks ? &links : nullptr;
      const double* s = haveAreas ? areas.data() : nullptr;
      if (!Dispatcher::Execute(in, worker, view, l, s, g, nRows, view.NumberOfPoints,
            out->GetPointer(0)))
      {
        worker(in, view, l, s, g, nRows, view.NumberOfPoints, out->GetPointer(0));
      }
      if (!worker.NeedLinks)
      {
        break;
      }
      areasAndLinks(); // a zero-area element: average by the link table
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
