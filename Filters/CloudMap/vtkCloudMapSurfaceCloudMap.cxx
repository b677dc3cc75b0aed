// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapSurfaceCloudMap.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmRanks.h"
#include "cmRefinedPolyData.h"
#include "cmSurfaceView.h"

#include "vtkCloudMapAreaWeightedPointData.h"
#include "vtkCloudMapBandedColorMap.h"
#include "vtkCloudMapCentroidMidpointRefinement.h"
#include "vtkCloudMapElementInterpolation.h"

#include "vtkCellData.h"
#include "vtkCommand.h"
#include "vtkExecutive.h"
#include "vtkFloatArray.h"
#include "vtkDataArray.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkIdList.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSmartPointer.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#ifdef __linux__
#include <sys/mman.h>
#endif

vtkStandardNewMacro(vtkCloudMapSurfaceCloudMap);

vtkCloudMapSurfaceCloudMap::vtkCloudMapSurfaceCloudMap()
{
  this->SetNumberOfOutputPorts(2);
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapSurfaceCloudMap::~vtkCloudMapSurfaceCloudMap() = default;

int vtkCloudMapSurfaceCloudMap::FillOutputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkDataObject::DATA_TYPE_NAME(), port == 1 ? "vtkTable" : "vtkPolyData");
  return 1;
}

int vtkCloudMapSurfaceCloudMap::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // One extra ghost level so vertex averages on piece boundaries match the serial run.
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  cm::ForwardPieceRequest(outInfo, inInfo, 1);
  return 1;
}

namespace
{
/**
 * Runs an inner filter as a stage of the outer one: its progress is mapped
 * into [From, To] of the outer filter's progress, and an abort requested on
 * the outer filter (the GUI's Abort, or an observer of the outer progress)
 * is passed on to the inner filter while it runs. Setting the inner
 * filter's AbortExecute before its Update would not do: its executive
 * clears the flag when it starts.
 */
class InnerStage : public vtkCommand
{
public:
  static InnerStage* New() { return new InnerStage; }
  vtkAlgorithm* Outer = nullptr;
  double From = 0.0;
  double To = 1.0;
  std::string Error; ///< the inner filter's first error message
  void Execute(vtkObject* caller, unsigned long event, void* data) override
  {
    auto* inner = vtkAlgorithm::SafeDownCast(caller);
    if (!inner || !this->Outer)
    {
      return;
    }
    if (event == vtkCommand::ErrorEvent)
    {
      // "ERROR: In <file>, line <n>\n<class> (<address>): <message>\n\n"
      std::string text = data ? static_cast<const char*>(data) : "";
      const std::size_t at = text.find("): ");
      text = at == std::string::npos ? text : text.substr(at + 3);
      while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
      {
        text.pop_back();
      }
      if (this->Error.empty())
      {
        this->Error = std::string(inner->GetClassName()) + ": " + text;
      }
      return;
    }
    const double p = data ? *static_cast<double*>(data) : inner->GetProgress();
    this->Outer->UpdateProgress(this->From + (this->To - this->From) * p);
    if (this->Outer->GetAbortExecute())
    {
      inner->SetAbortExecute(1);
    }
  }
};

/**
 * Updates `inner` as the stage [from, to] of `outer`; false when it failed,
 * with its error in `error`. The inner filter's errors are reported as the
 * outer filter's ("<inner class>: <message>"), so the text can also be
 * shared with the other MPI ranks.
 */
bool RunStage(vtkAlgorithm* outer, vtkAlgorithm* inner, double from, double to, std::string& error)
{
  vtkNew<InnerStage> stage;
  stage->Outer = outer;
  stage->From = from;
  stage->To = to;
  const unsigned long progressTag = inner->AddObserver(vtkCommand::ProgressEvent, stage);
  const unsigned long errorTag = inner->AddObserver(vtkCommand::ErrorEvent, stage);
  const int ok = inner->GetExecutive()->Update(0);
  inner->RemoveObserver(progressTag);
  inner->RemoveObserver(errorTag);
  if (!stage->Error.empty())
  {
    vtkErrorWithObjectMacro(outer, << stage->Error);
    error = stage->Error;
  }
  const bool good = ok != 0 && !inner->GetErrorCode() && stage->Error.empty();
  if (!good && error.empty())
  {
    error = std::string(inner->GetClassName()) + " failed";
  }
  return good;
}
/**
 * A copy of the input's cells and points that carries only the mapped value
 * (as a one-component scalar: the magnitude of a vector array), the global
 * ElementId (from the readers; it travels with the sub-elements, for picking
 * and for comparing distributed runs), the ghost flags and the field data.
 */
vtkSmartPointer<vtkPolyData> MappedCopy(
  vtkPolyData* input, vtkDataArray* values, const std::string& name, bool extras)
{
  vtkNew<vtkPolyData> work;
  work->CopyStructure(input);
  if (values->GetNumberOfComponents() == 1)
  {
    work->GetCellData()->AddArray(values);
  }
  else
  {
    vtkNew<vtkDoubleArray> mag;
    mag->SetName(name.c_str());
    mag->SetNumberOfTuples(values->GetNumberOfTuples());
    for (vtkIdType i = 0; i < values->GetNumberOfTuples(); ++i)
    {
      double s = 0;
      for (int c = 0; c < values->GetNumberOfComponents(); ++c)
      {
        const double v = values->GetComponent(i, c);
        s += v * v;
      }
      mag->SetValue(i, std::sqrt(s));
    }
    work->GetCellData()->AddArray(mag);
  }
  vtkDataArray* ids = extras ? input->GetCellData()->GetArray("ElementId") : nullptr;
  if (ids)
  {
    work->GetCellData()->AddArray(ids);
  }
  if (vtkDataArray* g = input->GetCellData()->GetArray(vtkDataSetAttributes::GhostArrayName()))
  {
    work->GetCellData()->AddArray(g);
  }
  work->GetFieldData()->PassData(input->GetFieldData());
  return work;
}

/**
 * `a` as float, converted in place: each float is written over bytes of
 * doubles already read (float i lies in double i/2), so one serial pass
 * needs no second buffer and faults in no fresh memory, which on large
 * outputs costs more than the conversion. The buffer passes from the double
 * array to the float array (vtkBuffer keeps a buffer set again with save on,
 * and both arrays free with free()); its unused second half is handed back
 * to the system. `a` itself when it is not a double array.
 */
vtkSmartPointer<vtkDataArray> AsFloat(vtkDataArray* a)
{
  auto* d = vtkDoubleArray::SafeDownCast(a);
  if (!d || d->GetNumberOfValues() == 0)
  {
    return a;
  }
  const vtkIdType n = d->GetNumberOfValues();
  double* src = d->GetPointer(0);
  auto* dst = reinterpret_cast<float*>(src);
  for (vtkIdType i = 0; i < n; ++i)
  {
    dst[i] = static_cast<float>(src[i]);
  }
  d->SetArray(src, n, 1); // the same buffer, no longer d's to free
  vtkNew<vtkFloatArray> f;
  f->SetName(d->GetName());
  f->SetNumberOfComponents(d->GetNumberOfComponents());
  f->SetArray(dst, n, 0, vtkAbstractArray::VTK_DATA_ARRAY_FREE);
#if defined(__linux__) && defined(MADV_DONTNEED)
  const std::uintptr_t page = 4096;
  const auto begin = reinterpret_cast<std::uintptr_t>(dst + n);
  const auto end = reinterpret_cast<std::uintptr_t>(src + n);
  const std::uintptr_t first = (begin + page - 1) / page * page, last = end / page * page;
  if (last > first && n >= (1 << 17)) // a large buffer of its own (not a heap chunk)
  {
    ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
  }
#endif
  return f.GetPointer();
}

/**
 * The lean output: the mapped values and the points as float (the bands
 * were taken from the doubles, so BandIndex and BandColor are those of the
 * double values; drawing is in float), and ParentId only when asked for.
 */
void MakeLean(vtkPolyData* output, const std::string& name, bool extras)
{
  for (vtkDataSetAttributes* attrs : { static_cast<vtkDataSetAttributes*>(output->GetCellData()),
         static_cast<vtkDataSetAttributes*>(output->GetPointData()) })
  {
    if (vtkDataArray* a = attrs->GetArray(name.c_str()))
    {
      const bool active = attrs->GetScalars() == a;
      vtkSmartPointer<vtkDataArray> f = AsFloat(a);
      attrs->RemoveArray(name.c_str());
      attrs->AddArray(f);
      if (active)
      {
        attrs->SetActiveScalars(name.c_str());
      }
    }
  }
  if (!extras)
  {
    output->GetCellData()->RemoveArray("ParentId");
  }
  // Float points (Exact Bands keeps the input's precision until here).
  if (vtkPoints* points = output->GetPoints())
  {
    if (points->GetDataType() == VTK_DOUBLE)
    {
      vtkNew<vtkPoints> lean;
      lean->SetData(AsFloat(points->GetData()));
      output->SetPoints(lean);
    }
  }
}

/// The cells of `parents` this piece owns (no duplicate ghost cells), without
/// the ghost array; `parents` itself when it has no ghost flags.
vtkSmartPointer<vtkPolyData> OwnedCells(vtkPolyData* parents)
{
  vtkUnsignedCharArray* ghostFlags = parents->GetCellGhostArray();
  if (!ghostFlags)
  {
    return parents;
  }
  vtkNew<vtkIdList> owned;
  for (vtkIdType c = 0; c < parents->GetNumberOfCells(); ++c)
  {
    if (!(ghostFlags->GetValue(c) & vtkDataSetAttributes::DUPLICATECELL))
    {
      owned->InsertNextId(c);
    }
  }
  vtkNew<vtkPolyData> ownedParents;
  ownedParents->AllocateEstimate(owned->GetNumberOfIds(), 4);
  ownedParents->CopyCells(parents, owned);
  ownedParents->GetCellData()->RemoveArray(vtkDataSetAttributes::GhostArrayName());
  ownedParents->GetFieldData()->PassData(parents->GetFieldData());
  return ownedParents;
}
} // namespace

vtkDataArray* vtkCloudMapSurfaceCloudMap::MappedArray(
  vtkInformationVector** inputVector, vtkPolyData* input, std::string& error)
{
  int association = -1;
  vtkDataArray* values = this->GetInputArrayToProcess(0, inputVector, association);
  values = values ? values : cm::RenamedInputArray(this, 0, input, association); // an old name
  if (!values)
  {
    // Nothing selected (e.g. a script created the filter before the reader ran):
    // the active cell scalars, else the readers' |J|.
    values = input->GetCellData()->GetScalars();
    values = values ? values : input->GetCellData()->GetArray("|J|");
    association = vtkDataObject::FIELD_ASSOCIATION_CELLS;
  }
  // An empty piece (no points and no cells, often without any array) is no error.
  const bool emptyPiece = input->GetNumberOfPoints() == 0 && input->GetNumberOfCells() == 0;
  std::ostringstream problem;
  if ((!values || !values->GetName()) && !emptyPiece)
  {
    problem << "no cell array to map: select the current magnitude (|J|) or another cell array";
  }
  else if (values && values->GetName() && association != vtkDataObject::FIELD_ASSOCIATION_CELLS)
  {
    problem << "array '" << values->GetName() << "' is not a cell array";
  }
  error = problem.str();
  return values;
}

bool vtkCloudMapSurfaceCloudMap::RunLocalStages(vtkPolyData* input, vtkDataArray* values,
  const std::string& name, bool keepGhosts, vtkPolyData* bandInput, std::string& error)
{
  // Averaging on the parents.
  vtkNew<vtkCloudMapAreaWeightedPointData> average;
  average->SetInputData(MappedCopy(input, values, name, this->ParentIds));
  average->SetMergeCoincidentPoints(this->MergeCoincidentPoints);
  average->SetTolerance(this->Tolerance);
  average->ProcessAllArraysOff();
  average->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, name.c_str());
  if (!RunStage(this, average, 0.0, this->ExactBands ? 0.3 : 0.25, error))
  {
    return false;
  }
  if (this->GetAbortExecute())
  {
    return true;
  }
  // The extra ghost level served only the averaging: unless downstream asked
  // for ghosts, refine only the elements this piece owns.
  vtkSmartPointer<vtkPolyData> parents = average->GetOutput();
  if (!keepGhosts)
  {
    parents = OwnedCells(parents);
  }
  if (this->ExactBands)
  {
    // Clip the parents themselves: the bands are exact at any refinement.
    bandInput->ShallowCopy(parents);
    return true;
  }
  // One fused pass refines and evaluates the averaged vertex values at
  // every sub-element centre (what Element Interpolation computes, bit
  // for bit, without its ParentCoordinates array and second pass). The
  // refinement copies parent cell values to every child, so only the
  // ids travel: the mapped cell value is replaced anyway.
  vtkNew<vtkPolyData> refineInput;
  refineInput->ShallowCopy(parents);
  refineInput->GetCellData()->RemoveArray(name.c_str());
  refineInput->GetPointData()->Initialize();
  cm::SurfaceView view;
  if (!cm::MakeSurfaceView(refineInput, view, error))
  {
    vtkErrorMacro(<< error);
    return false;
  }
  cm::RefineRequest request;
  request.Options.Adaptive =
    this->PrecisionMode == vtkCloudMapCentroidMidpointRefinement::MAXIMUM_EDGE_LENGTH;
  request.Options.Level = this->NumberOfLevels;
  request.Options.MaximumEdgeLength = this->MaximumEdgeLength;
  request.Options.MaximumLevel = this->MaximumLevel;
  request.MaximumNumberOfCells = this->MaximumNumberOfCells;
  request.Centre = parents->GetPointData()->GetArray(name.c_str());
  request.Scanline = this->QuadMode == vtkCloudMapElementInterpolation::SCANLINE;
  request.SharedPoints = true;
  request.CellExtras = this->ParentIds;
  request.FloatPoints = true; // drawn in float: 12 bytes per point instead of 24 from the readers
  request.From = 0.25;
  request.To = 0.75;
  // The stage starts and ends with an event of its own, as an inner filter's did.
  this->UpdateProgress(request.From);
  const bool refined = cm::RefinePolyData(this, refineInput, view, request, bandInput, error);
  this->UpdateProgress(request.To);
  if (!refined)
  {
    vtkErrorMacro(<< error);
    return false;
  }
  bandInput->GetPointData()->Initialize();
  return true;
}

int vtkCloudMapSurfaceCloudMap::RunBandStage(vtkPolyData* bandInput, const std::string& name,
  vtkIdType expectedCells, vtkPolyData* output, vtkTable* table)
{
  vtkNew<vtkCloudMapBandedColorMap> band;
  band->SetInputData(bandInput);
  band->SetExactBands(this->ExactBands);
  band->SetInputArrayToProcess(0, 0, 0,
    this->ExactBands ? vtkDataObject::FIELD_ASSOCIATION_POINTS
                     : vtkDataObject::FIELD_ASSOCIATION_CELLS,
    name.c_str());
  band->SetNumberOfBands(this->NumberOfBands);
  band->SetPalette(this->Palette);
  band->SetUseCustomRange(this->UseCustomRange);
  band->SetRange(this->Range);
  // (A band failure is agreed inside the band filter, so every rank sees it.)
  std::string bandError;
  const bool banded = RunStage(this, band, this->ExactBands ? 0.3 : 0.75, 1.0, bandError);
  vtkPolyData* result = vtkPolyData::SafeDownCast(band->GetOutputDataObject(0));
  if (this->GetAbortExecute())
  {
    output->Initialize();
    table->Initialize();
    return 1; // aborted during the band stage (after its reduction): empty outputs
  }
  if (!banded || !result ||
    (this->ExactBands && bandInput->GetNumberOfCells() > 0 && result->GetNumberOfCells() == 0) ||
    (!this->ExactBands && result->GetNumberOfCells() != expectedCells))
  {
    vtkErrorMacro(<< (this->ExactBands ? "the exact-band chain failed; see the errors above"
                                       : "the cloud-map chain failed; see the errors above"));
    output->Initialize();
    table->Initialize();
    return 0;
  }
  output->ShallowCopy(result);
  table->ShallowCopy(band->GetOutputDataObject(1));
  MakeLean(output, name, this->ParentIds);
  if (!this->ExactBands)
  {
    output->GetPointData()->Initialize();
    // Drop the per-level bookkeeping users rarely need; keep ParentId for picking.
    output->GetCellData()->RemoveArray("ParentCoordinates");
    output->GetCellData()->SetActiveScalars("BandColor");
  }
  return 1;
}

int vtkCloudMapSurfaceCloudMap::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);
  // Every rank computes the band table whole; it is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(table, outputVector);
  auto clearOutputs = [&]() {
    output->Initialize();
    table->Initialize();
  };

  // Under MPI the band stage reduces its range over all ranks, so every rank
  // must reach it, or none: the stages before it run locally, then one small
  // vote (cm::VoteAcrossRanks) makes a failure or an abort on any rank
  // the result on every rank. Never return before that vote on some ranks
  // only. An empty piece joins the band stage with nothing to band.
  std::string error;
  vtkDataArray* values = this->MappedArray(inputVector, input, error);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    if (!cm::SeveralRanks())
    {
      return 0;
    }
  }
  const bool haveValues = error.empty() && values && values->GetName();
  const std::string name = haveValues ? values->GetName() : std::string();

  // ---- Local stages: averaging, then refinement and interpolation. --------
  // The band stage's input; an empty polygonal piece when there is nothing
  // to band here.
  vtkSmartPointer<vtkPolyData> bandInput = vtkSmartPointer<vtkPolyData>::New();
  bool failed = !error.empty();
  if (haveValues && !this->GetAbortExecute())
  {
    const bool keepGhosts =
      outputVector->GetInformationObject(0)->Get(
        vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS()) > 0;
    failed = !this->RunLocalStages(input, values, name, keepGhosts, bandInput, error);
    if (failed && !cm::SeveralRanks())
    {
      clearOutputs();
      return 0;
    }
  }

  // ---- The vote: every rank, before the collective band stage. -----------
  const cm::RankVote vote = cm::VoteAcrossRanks(this, failed, error, this->GetAbortExecute() != 0);
  if (vote.Failed)
  {
    clearOutputs();
    return 0;
  }
  if (vote.Aborted)
  {
    clearOutputs();
    return 1; // aborted (here or on another rank): empty outputs everywhere
  }

  // ---- The band stage (its range is reduced over all ranks). --------------
  const vtkIdType expected = this->ExactBands ? -1 : haveValues ? bandInput->GetNumberOfCells() : 0;
  return this->RunBandStage(bandInput, name, expected, output, table);
}

void vtkCloudMapSurfaceCloudMap::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "PrecisionMode: " << this->PrecisionMode << "\n"
     << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n"
     << indent << "MaximumEdgeLength: " << this->MaximumEdgeLength << "\n"
     << indent << "QuadMode: " << this->QuadMode << "\n"
     << indent << "NumberOfBands: " << this->NumberOfBands << "\n"
     << indent << "Palette: " << this->Palette << "\n"
     << indent << "ExactBands: " << this->ExactBands << "\n"
     << indent << "ParentIds: " << this->ParentIds << "\n";
}
