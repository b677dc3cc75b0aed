// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapBandedColorMap.h"

#include "cmArrayAccess.h"
#include "cmBandClip.h"
#include "cmBandTable.h"
#include "cmBanding.h"
#include "cmExecution.h"
#include "cmRanks.h"
#include "cmRefinedPolyData.h"
#include "cmSurfaceView.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDataSet.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"
#include "vtkUnsignedShortArray.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

vtkStandardNewMacro(vtkCloudMapBandedColorMap);

vtkCloudMapBandedColorMap::vtkCloudMapBandedColorMap()
{
  this->SetNumberOfOutputPorts(2);
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapBandedColorMap::~vtkCloudMapBandedColorMap() = default;

int vtkCloudMapBandedColorMap::FillOutputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkDataObject::DATA_TYPE_NAME(), "vtkTable");
    return 1;
  }
  return this->Superclass::FillOutputPortInformation(port, info);
}

int vtkCloudMapBandedColorMap::RequestDataObject(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // Exact bands always make a new polygonal surface.
  return cm::EnsureOutputTypes(
    inputVector, outputVector, this->ExactBands ? "vtkPolyData" : nullptr, "vtkTable");
}

namespace
{
// A cm::ParallelFor over ForWithProgress in blocks of at least 1M values
// (about 3 ms of banding each): VTK 9.2 starts a new thread pool for every block.
cm::ParallelFor BandingLoop(vtkAlgorithm* self, bool& aborted)
{
  return [self, &aborted](long long n, const std::function<void(long long, long long)>& body) {
    aborted = !cm::ForWithProgress(
                self, n, 0.0, 1.0, [&](std::int64_t b, std::int64_t e) { body(b, e); },
                std::int64_t(1) << 20) ||
      aborted;
  };
}

// Colours the n items of `scalars` by band into attrs (BandIndex in the
// smallest sufficient type: N <= 255 leaves room for the NaN marker N in 8
// bits, and BandColor); false when aborted.
bool AddBandArrays(vtkAlgorithm* self, const cm::map::BandSpec& spec, cm::map::Palette palette,
  const double* scalars, vtkIdType n, vtkDataSetAttributes* attrs)
{
  const std::vector<std::uint8_t> lut = cm::map::BandColorTable(palette, spec.N);
  auto colors = cm::NewLarge<vtkUnsignedCharArray>("BandColor", 3, n);
  bool aborted = false;
  auto fill = [&](auto bands) {
    cm::ResizeLarge(bands.GetPointer(), n);
    cm::map::BandValues(spec, scalars, n, lut.data(), bands->GetPointer(0), colors->GetPointer(0),
      BandingLoop(self, aborted));
    bands->SetName("BandIndex");
    attrs->AddArray(bands);
  };
  if (spec.N <= 255)
  {
    fill(vtkSmartPointer<vtkUnsignedCharArray>::New());
  }
  else
  {
    fill(vtkSmartPointer<vtkUnsignedShortArray>::New());
  }
  if (aborted || self->GetAbortExecute())
  {
    return false;
  }
  attrs->AddArray(colors);
  attrs->SetActiveScalars("BandColor");
  return true;
}

// Pass 2 of the exact bands in the given types: allocates the pieces, lets
// the core write them and attaches them to `out` with the parents' cell
// values (ids, ghost flags, other arrays); a cell array named like the
// banded field holds each piece's own value instead. False when aborted.
template <typename PointArrayT, typename IdArrayT, typename BandArrayT>
bool WriteExact(vtkAlgorithm* self, const cm::SurfaceView& view, const double* values,
  const cm::map::BandSpec& spec, const std::uint8_t* lut, const cm::map::ExactBandsPlan& plan,
  const char* name, vtkPolyData* in, vtkPolyData* out)
{
  const std::int64_t nPieces = plan.NumberOfPieces(), nCorners = plan.NumberOfCorners();
  auto coords = cm::NewLarge<PointArrayT>(nullptr, 3, nCorners);
  auto field = cm::NewLarge<vtkDoubleArray>(name, 1, nCorners);
  auto offsets = cm::NewLarge<IdArrayT>(nullptr, 1, nPieces + 1);
  auto conn = cm::NewLarge<IdArrayT>(nullptr, 1, nCorners);
  auto parentIds = cm::NewLarge<vtkIdTypeArray>("ParentId", 1, nPieces);
  auto bands = cm::NewLarge<BandArrayT>("BandIndex", 1, nPieces);
  auto colors = cm::NewLarge<vtkUnsignedCharArray>("BandColor", 3, nPieces);
  auto pieceValues = cm::NewLarge<vtkDoubleArray>(name, 1, nPieces);
  cm::map::ExactBandsT<typename PointArrayT::ValueType, typename IdArrayT::ValueType,
    typename BandArrayT::ValueType>
    o;
  o.Points = coords->GetPointer(0);
  o.PointValues = field->GetPointer(0);
  o.Offsets = offsets->GetPointer(0);
  o.Connectivity = conn->GetPointer(0);
  o.ParentId = parentIds->GetPointer(0);
  o.Band = bands->GetPointer(0);
  o.Color = colors->GetPointer(0);
  o.PieceValue = pieceValues->GetPointer(0);
  bool aborted = false;
  cm::map::WriteExactBands(
    view, values, spec, lut, plan, o, cm::ProgressFor(self, 0.5, 1.0, aborted));
  if (aborted || self->GetAbortExecute())
  {
    return false;
  }
  vtkNew<vtkPoints> points;
  points->SetData(coords);
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, conn);
  out->SetPoints(points);
  out->SetPolys(polys);
  out->GetPointData()->AddArray(field);
  out->GetPointData()->SetActiveScalars(name);
  vtkCellData* outCD = out->GetCellData();
  cm::GatherParentCellData(
    in->GetCellData(), outCD, parentIds->GetPointer(0), nPieces, [&](const char* a) {
      return a && strcmp(a, "BandIndex") && strcmp(a, "BandColor") && strcmp(a, "ParentId") &&
        strcmp(a, name);
    });
  for (vtkDataArray* a :
    std::initializer_list<vtkDataArray*>{ pieceValues, bands, colors, parentIds })
  {
    outCD->AddArray(a);
  }
  outCD->SetActiveScalars("BandColor");
  out->GetFieldData()->PassData(in->GetFieldData());
  return true;
}
} // namespace

int vtkCloudMapBandedColorMap::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkDataSet* output = vtkDataSet::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);
  // Every rank computes the band table whole; it is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(table, outputVector);

  // Under MPI every rank must reach the range reduction (ResolveRange), also
  // one that fails here: its error is agreed there, so all ranks fail
  // together instead of the others waiting forever. An empty piece (no points
  // and no cells, often without any array) is no error: it contributes no
  // values and gives an empty output.
  int association = -1;
  vtkDataArray* values =
    input ? this->GetInputArrayToProcess(0, inputVector, association) : nullptr;
  values = values ? values : cm::RenamedInputArray(this, 0, input, association); // an old name
  cm::map::BandInput check;
  check.HaveDataSet = input && output;
  check.HaveValues = values != nullptr;
  check.EmptyPiece = input && input->GetNumberOfPoints() == 0 && input->GetNumberOfCells() == 0;
  check.Name = values && values->GetName() ? values->GetName() : "";
  check.Components = values ? values->GetNumberOfComponents() : 1;
  check.Component = this->Component;
  const std::string failure = cm::map::CheckBandInput(check);
  if (!failure.empty())
  {
    vtkErrorMacro(<< failure);
    if (!cm::SeveralRanks())
    {
      return 0;
    }
    values = nullptr;
  }
  if (this->ExactBands)
  {
    return this->RequestExactBands(input, values, association, outputVector, failure);
  }
  // An empty piece, or a failed rank, has no values but joins the reduction.
  const bool onCells = association == vtkDataObject::FIELD_ASSOCIATION_CELLS;
  std::vector<double> store;
  const double* scalars = values ? cm::ScalarsInPlace(values, this->Component, store) : nullptr;
  const vtkIdType n = values ? values->GetNumberOfTuples() : 0;
  vtkUnsignedCharArray* ghosts = !values ? nullptr
    : onCells                            ? input->GetCellGhostArray()
                                         : input->GetPointGhostArray();
  double range[2];
  if (!this->ResolveRange(scalars, n, ghosts, range, failure))
  {
    output->Initialize();
    table->Initialize();
    return 0;
  }
  std::copy(range, range + 2, this->UsedRange);
  output->ShallowCopy(input);
  const cm::map::BandSpec spec{ range[0], range[1], this->NumberOfBands };
  const auto palette = static_cast<cm::map::Palette>(this->Palette);
  vtkDataSetAttributes* attrs = onCells
    ? static_cast<vtkDataSetAttributes*>(output->GetCellData())
    : static_cast<vtkDataSetAttributes*>(output->GetPointData());
  if (values && !AddBandArrays(this, spec, palette, scalars, n, attrs))
  {
    output->Initialize(); // aborted: an empty output (the range reduction is behind us)
    return 1;
  }
  cm::map::FillBandTable(table, spec, palette);
  return 1;
}

int vtkCloudMapBandedColorMap::RequestExactBands(vtkDataSet* input, vtkDataArray* values,
  int association, vtkInformationVector* outputVector, std::string error)
{
  vtkPolyData* surface = vtkPolyData::SafeDownCast(input);
  vtkPolyData* output = vtkPolyData::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);
  // As in RequestData: a rank that fails still reaches the range reduction.
  cm::SurfaceView view;
  if (error.empty())
  {
    error = cm::map::CheckExactBandsInput(surface && output,
      values && association != vtkDataObject::FIELD_ASSOCIATION_POINTS,
      values && values->GetName() ? values->GetName() : "");
    if (!error.empty() || !cm::MakeSurfaceView(surface, view, error))
    {
      vtkErrorMacro(<< error);
      if (!cm::SeveralRanks())
      {
        return 0;
      }
    }
  }
  const bool failed = !error.empty();
  // An empty piece may have no values at all: it only joins the reduction.
  const std::vector<double> scalars =
    values && !failed ? cm::ScalarsOf(values, this->Component) : std::vector<double>();
  if (!this->ResolveRange(scalars.data(), static_cast<vtkIdType>(scalars.size()),
        surface && !failed ? surface->GetPointGhostArray() : nullptr, this->UsedRange, error))
  {
    if (output)
    {
      output->Initialize();
    }
    table->Initialize();
    return 0;
  }
  const cm::map::BandSpec spec{ this->UsedRange[0], this->UsedRange[1], this->NumberOfBands };
  const auto palette = static_cast<cm::map::Palette>(this->Palette);
  if (values)
  {
    // Pass 1: pieces and corners of every element; pass 2 in the smallest
    // sufficient types: the input's point precision, 32-bit connectivity
    // when it fits, 8-bit band indices for N <= 255.
    cm::map::ExactBandsPlan plan;
    bool aborted = false;
    if (!cm::map::PlanExactBands(
          view, scalars.data(), spec, cm::ProgressFor(this, 0.0, 0.5, aborted),
          [&] { return aborted || this->GetAbortExecute(); }, plan))
    {
      output->Initialize();
      return 1; // aborted: an empty output
    }
    const std::vector<std::uint8_t> lut = cm::map::BandColorTable(palette, spec.N);
    const char* name = values->GetName() ? values->GetName() : "Value";
    const bool floatPoints =
      surface->GetPoints() && surface->GetPoints()->GetDataType() == VTK_FLOAT;
    const bool written = cm::WithPolyTypes(
      floatPoints, plan.NumberOfCorners() < VTK_INT_MAX, [&](auto* pointTag, auto* idTag) {
        using PointArrayT = std::remove_pointer_t<decltype(pointTag)>;
        using IdArrayT = std::remove_pointer_t<decltype(idTag)>;
        return spec.N <= 255 ? WriteExact<PointArrayT, IdArrayT, vtkUnsignedCharArray>(this, view,
                                 scalars.data(), spec, lut.data(), plan, name, surface, output)
                             : WriteExact<PointArrayT, IdArrayT, vtkUnsignedShortArray>(this, view,
                                 scalars.data(), spec, lut.data(), plan, name, surface, output);
      });
    if (!written)
    {
      output->Initialize();
      return 1; // aborted: an empty output
    }
  }
  else
  {
    output->Initialize();
  }
  cm::map::FillBandTable(table, spec, palette);
  return 1;
}

bool vtkCloudMapBandedColorMap::ResolveRange(const double* scalars, vtkIdType n,
  vtkUnsignedCharArray* ghosts, double range[2], const std::string& error)
{
  const bool failed = !error.empty();
  if (this->UseCustomRange)
  {
    // Every rank has the same properties, so every rank returns here alike.
    const std::string bad = cm::map::CheckCustomRange(this->Range[0], this->Range[1]);
    if (!bad.empty())
    {
      if (!failed)
      {
        vtkErrorMacro(<< bad);
      }
      return false;
    }
    // No reduction needed for the range, but a failure must still be agreed.
    if (cm::VoteAcrossRanks(this, failed, error).Failed)
    {
      return false;
    }
    range[0] = this->Range[0];
    range[1] = this->Range[1];
    return true;
  }
  // The failure flag rides on the range reduction: no extra collective.
  bool anyFailed = false;
  const bool found = cm::GlobalRangeOrFailure(scalars, n, ghosts, range, failed, anyFailed);
  if (anyFailed)
  {
    cm::ShareFailure(this, failed, error);
    return false;
  }
  cm::map::RangeOrDefault(found, range);
  return true;
}

void vtkCloudMapBandedColorMap::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "NumberOfBands: " << this->NumberOfBands << "\n"
     << indent << "Component: " << this->Component << "\n"
     << indent << "UseCustomRange: " << this->UseCustomRange << "\n"
     << indent << "Range: " << this->Range[0] << " " << this->Range[1] << "\n"
     << indent << "Palette: " << this->Palette << "\n"
     << indent << "ExactBands: " << this->ExactBands << "\n";
}
