// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAntennaPatternSurface.h"

#include "cmFarFieldExposure.h"

#include "cmArrayAccess.h"
#include "cmArrayNames.h"
#include "cmBandTable.h"
#include "cmBanding.h"
#include "cmConstants.h"
#include "cmExecution.h"
#include "cmPatternGrid.h"
#include "cmPatternSurface.h"
#include "cmRanks.h"
#include "cmSphereGrid.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkDemandDrivenPipeline.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "vtkSMPTools.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkTypeInt64Array.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <initializer_list>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>

vtkStandardNewMacro(vtkCloudMapAntennaPatternSurface);

vtkCloudMapAntennaPatternSurface::vtkCloudMapAntennaPatternSurface()
{
  this->SetNumberOfOutputPorts(3);
  this->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_ROWS, "|E|");
}

vtkCloudMapAntennaPatternSurface::~vtkCloudMapAntennaPatternSurface() = default;

int vtkCloudMapAntennaPatternSurface::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkTable");
  return 1;
}

int vtkCloudMapAntennaPatternSurface::FillOutputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkDataObject::DATA_TYPE_NAME(), port == 1 ? "vtkTable" : "vtkPolyData");
  return 1;
}

void vtkCloudMapAntennaPatternSurface::SetNumberOfGridLevels(int n)
{
  n = std::max(0, n);
  if (static_cast<int>(this->GridLevels.size()) != n)
  {
    this->GridLevels.resize(n, 0.0);
    this->Modified();
  }
}

void vtkCloudMapAntennaPatternSurface::SetGridLevel(int i, double level)
{
  if (i < 0)
  {
    return;
  }
  if (i >= static_cast<int>(this->GridLevels.size()))
  {
    this->GridLevels.resize(i + 1, 0.0);
  }
  if (this->GridLevels[i] != level)
  {
    this->GridLevels[i] = level;
    this->Modified();
  }
}

double vtkCloudMapAntennaPatternSurface::GetGridLevel(int i) const
{
  return i >= 0 && i < static_cast<int>(this->GridLevels.size()) ? this->GridLevels[i] : 0.0;
}

std::string vtkCloudMapAntennaPatternSurface::CurrentKey() const
{
  // What the global maximum depends on: everything upstream, the value
  // column and how its values are read. Changing the radius, the scale or
  // the grid does not need a new pass over the time steps.
  std::ostringstream key;
  auto* exec = vtkDemandDrivenPipeline::SafeDownCast(
    const_cast<vtkCloudMapAntennaPatternSurface*>(this)->GetInputExecutive(0, 0));
  key << (exec ? exec->GetPipelineMTime() : 0) << "|";
  vtkInformation* ai =
    const_cast<vtkCloudMapAntennaPatternSurface*>(this)->GetInputArrayInformation(0);
  key << (ai && ai->Has(vtkDataObject::FIELD_NAME()) ? ai->Get(vtkDataObject::FIELD_NAME()) : "")
      << "|" << this->ValueKind << "|" << this->ThetaArrayName << "|" << this->PhiArrayName;
  return key.str();
}

int vtkCloudMapAntennaPatternSurface::RequestInformation(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // The outputs keep the input's time steps (the executive copies them).
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  this->TimeSteps.clear();
  if (inInfo->Has(vtkStreamingDemandDrivenPipeline::TIME_STEPS()))
  {
    const int n = inInfo->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    const double* t = inInfo->Get(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    this->TimeSteps.assign(t, t + n);
  }
  return 1;
}

int vtkCloudMapAntennaPatternSurface::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  const bool global = this->ReferenceMode == 1 && this->TimeSteps.size() > 1;
  if (global && !this->InPrepass && (!this->GlobalValid || this->GlobalKey != this->CurrentKey()))
  {
    this->InPrepass = true;
    this->PrepassStep = 0;
    this->PrepassMax = -std::numeric_limits<double>::infinity();
    this->PrepassError.clear();
  }
  if (this->InPrepass)
  {
    inInfo->Set(
      vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP(), this->TimeSteps[this->PrepassStep]);
    return 1;
  }
  // The requested time, from whichever output asked for one.
  for (int p = 0; p < outputVector->GetNumberOfInformationObjects(); ++p)
  {
    vtkInformation* outInfo = outputVector->GetInformationObject(p);
    if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()))
    {
      inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP(),
        outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()));
      return 1;
    }
  }
  inInfo->Remove(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP());
  return 1;
}

namespace
{
/// Empties the three outputs (surface, band table, grid lines); returns 1.
int ClearOutputs(vtkInformationVector* outputVector)
{
  vtkPolyData::GetData(outputVector, 0)->Initialize();
  vtkTable::GetData(outputVector, 1)->Initialize();
  vtkPolyData::GetData(outputVector, 2)->Initialize();
  return 1;
}

/**
 * Progress and abort of one execution. An abort is remembered (Aborted)
 * and never skips a reduction: the caller still reaches every collective.
 */
struct ProgressTracker
{
  vtkAlgorithm* Self = nullptr;
  bool Aborted = false;

  /// Reports `progress`; true once the user has aborted.
  bool Step(double progress)
  {
    this->Self->UpdateProgress(progress);
    this->Aborted = this->Aborted || this->Self->GetAbortExecute() != 0;
    return this->Aborted;
  }
  /// A progress step every 1/16 of a serial loop over `total` items.
  bool Every(std::int64_t i, std::int64_t total, double from, double to)
  {
    const std::int64_t stride = std::max<std::int64_t>(1, total / 16);
    return i % stride == 0 && i > 0 && this->Step(from + (to - from) * double(i) / double(total));
  }
};

/// The input table's samples, meshed on the sphere.
struct PatternInput
{
  cm::pattern::SphereGrid Grid;
  vtkDataArray* Values = nullptr; ///< the value column
  bool Empty = false; ///< an empty piece (no rows), which is no error
  std::string Error; ///< why the table cannot be drawn
};

/**
 * Finds the θ, φ and value columns and builds the sphere grid. An unset
 * selection (pvpython before the domain knows the columns passes an empty
 * name) means the default column (|E|, else Gain), not an error. An empty
 * piece has no columns at all and is no error either: under MPI tables
 * live on rank 0, so the other ranks have empty pieces.
 */
PatternInput ReadPatternInput(vtkTable* input, vtkInformation* selection,
  const std::string& thetaName, const std::string& phiName)
{
  PatternInput in;
  const char* selected = selection && selection->Has(vtkDataObject::FIELD_NAME())
    ? selection->Get(vtkDataObject::FIELD_NAME())
    : "";
  vtkDataArray* values =
    *selected ? vtkDataArray::SafeDownCast(input->GetColumnByName(selected)) : nullptr;
  if (!values && std::strchr(selected, '/'))
  {
    // A name saved before the array names lost their '/' (cmArrayNames.h).
    values =
      vtkDataArray::SafeDownCast(input->GetColumnByName(cm::SlashFreeName(selected).c_str()));
  }
  const bool found = values != nullptr;
  in.Empty = input->GetNumberOfRows() == 0;
  if (!values)
  {
    // Far-field grids carry |E|; tables from elsewhere may only have a gain column.
    values = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
    values = values ? values : vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  }
  in.Values = values;
  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName(thetaName.c_str()));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName(phiName.c_str()));
  in.Error = cm::pattern::CheckPatternColumns(
    selected, found, in.Empty, theta, phi, values, thetaName, phiName);
  if (in.Error.empty() && !in.Empty)
  {
    in.Error = cm::pattern::PatternGridFromColumns(
      cm::ValuesAsDouble(theta), cm::ValuesAsDouble(phi), cm::ScalarsOf(values, -1), in.Grid);
  }
  return in;
}

/// The pattern surface as a vtkPolyData: points, cells (lines for a cut),
/// and the point arrays Theta, Phi, the value column and PatternValue.
void SurfaceToPolyData(
  const cm::pattern::PatternSurface& surface, const std::string& valueName, vtkPolyData* output)
{
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble(); // (a vtkTypeFloat64Array, as before)
  points->SetNumberOfPoints(surface.NumberOfPoints());
  std::copy(surface.Points.begin(), surface.Points.end(),
    vtkDoubleArray::SafeDownCast(points->GetData())->GetPointer(0));
  output->SetPoints(points);
  vtkNew<vtkTypeInt64Array> offsets, conn;
  offsets->SetNumberOfTuples(surface.NumberOfCells() + 1);
  std::copy(surface.Offsets.begin(), surface.Offsets.end(), offsets->GetPointer(0));
  conn->SetNumberOfTuples(static_cast<vtkIdType>(surface.Connectivity.size()));
  std::copy(surface.Connectivity.begin(), surface.Connectivity.end(), conn->GetPointer(0));
  vtkNew<vtkCellArray> cells;
  cells->SetData(offsets, conn);
  if (surface.Lines)
  {
    output->SetLines(cells);
  }
  else
  {
    output->SetPolys(cells);
  }
  const std::pair<const char*, const std::vector<double>*> arrays[] = { { "Theta", &surface.Theta },
    { "Phi", &surface.Phi }, { valueName.c_str(), &surface.Value },
    { "PatternValue", &surface.Scaled } };
  for (const auto& named : arrays)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(named.first);
    a->SetNumberOfTuples(static_cast<vtkIdType>(named.second->size()));
    std::copy(named.second->begin(), named.second->end(), a->GetPointer(0));
    output->GetPointData()->AddArray(a);
  }
}

/// How the samples of `values` become radii and drawn quantities.
cm::pattern::PatternStyle MakeStyle(
  vtkCloudMapAntennaPatternSurface* self, vtkDataArray* values, double vmax)
{
  cm::pattern::PatternStyle style;
  style.Scale = static_cast<cm::pattern::PatternScale>(self->GetScale());
  style.Kind = cm::pattern::GuessValueKind(
    self->GetValueKind(), values && values->GetName() ? values->GetName() : "");
  style.FloorDb = self->GetDynamicRange();
  style.RefDb = self->GetReferenceLevel();
  style.Absolute = style.Scale == cm::pattern::PatternScale::AbsoluteDecibels;
  style.RefValue =
    style.Absolute ? cm::pattern::LevelAsValue(self->GetReferenceLevel(), style.Kind) : vmax;
  style.Radius = self->GetRadius();
  std::copy(self->GetCenter(), self->GetCenter() + 3, style.Center);
  return style;
}

/// PatternValue, BandIndex and BandColor of every cell (progress 0.8 to 0.9);
/// false when aborted.
bool AttachBands(vtkPolyData* output, const std::vector<double>& cellScaled,
  const cm::map::BandSpec& spec, cm::map::Palette palette, ProgressTracker& progress)
{
  std::vector<unsigned char> bands, rgb;
  if (!cm::pattern::BandCells(
        cellScaled, spec, palette, [&](double f) { return progress.Step(f); }, bands, rgb))
  {
    return false;
  }
  vtkNew<vtkDoubleArray> cScaled;
  cScaled->SetName("PatternValue");
  cScaled->SetNumberOfTuples(cellScaled.size());
  std::copy(cellScaled.begin(), cellScaled.end(), cScaled->GetPointer(0));
  vtkNew<vtkUnsignedCharArray> band;
  band->SetName("BandIndex");
  band->SetNumberOfTuples(cellScaled.size());
  std::copy(bands.begin(), bands.end(), band->GetPointer(0));
  vtkNew<vtkUnsignedCharArray> color;
  color->SetName("BandColor");
  color->SetNumberOfComponents(3);
  color->SetNumberOfTuples(cellScaled.size());
  std::copy(rgb.begin(), rgb.end(), color->GetPointer(0));
  output->GetCellData()->AddArray(cScaled);
  output->GetCellData()->AddArray(band);
  output->GetCellData()->AddArray(color);
  output->GetCellData()->SetActiveScalars("BandColor");
  return true;
}

/// Field data naming the reference: PatternReference (the value of ratio 1),
/// PatternReferenceMode (1 for the global reference over time) and
/// PatternCenter[m].
void AddReferenceFieldData(
  vtkPolyData* output, double refValue, bool global, const double center[3])
{
  vtkNew<vtkDoubleArray> refArray;
  refArray->SetName("PatternReference");
  refArray->InsertNextValue(refValue);
  output->GetFieldData()->AddArray(refArray);
  vtkNew<vtkIntArray> modeArray;
  modeArray->SetName("PatternReferenceMode");
  modeArray->InsertNextValue(global ? 1 : 0);
  output->GetFieldData()->AddArray(modeArray);
  vtkNew<vtkDoubleArray> centreArray;
  centreArray->SetName("PatternCenter[m]");
  centreArray->SetNumberOfComponents(3);
  centreArray->InsertNextTuple(center);
  output->GetFieldData()->AddArray(centreArray);
}

/// The grid lines as polylines with Label, Level and Kind per line, and one
/// point Label per circle, graticule line and contour level.
void GridLinesToPolyData(const cm::pattern::GridLines& lines, vtkPolyData* gridOut)
{
  vtkNew<vtkPoints> gPoints;
  gPoints->SetDataTypeToDouble();
  const std::int64_t ngp = lines.Offsets.back();
  gPoints->SetNumberOfPoints(ngp);
  for (std::int64_t i = 0; i < ngp; ++i)
  {
    gPoints->SetPoint(i, &lines.Points[3 * i]);
  }
  vtkNew<vtkCellArray> gLines;
  vtkNew<vtkStringArray> cLabel, pLabel;
  vtkNew<vtkDoubleArray> cLevel;
  vtkNew<vtkIntArray> cKind;
  cLabel->SetName("Label");
  pLabel->SetName("Label");
  cLevel->SetName("Level");
  cKind->SetName("Kind");
  pLabel->SetNumberOfValues(ngp);
  const std::vector<std::int64_t> labelAt = cm::pattern::GridLineLabelPoints(lines);
  for (std::int64_t l = 0; l < lines.NumberOfLines(); ++l)
  {
    const std::int64_t b = lines.Offsets[l], e = lines.Offsets[l + 1];
    gLines->InsertNextCell(static_cast<vtkIdType>(e - b));
    for (std::int64_t k = b; k < e; ++k)
    {
      gLines->InsertCellPoint(static_cast<vtkIdType>(k));
    }
    cLabel->InsertNextValue(lines.Label[l]);
    cLevel->InsertNextValue(lines.Level[l]);
    cKind->InsertNextValue(lines.Kind[l]);
    if (labelAt[l] >= 0)
    {
      pLabel->SetValue(labelAt[l], lines.Label[l]);
    }
  }
  gridOut->SetPoints(gPoints);
  gridOut->SetLines(gLines);
  gridOut->GetCellData()->AddArray(cLabel);
  gridOut->GetCellData()->AddArray(cLevel);
  gridOut->GetCellData()->AddArray(cKind);
  gridOut->GetPointData()->AddArray(pLabel);
}

/// Refines the grid and draws the surface into `output` (progress 0.1 to 0.8);
/// leaves `output` alone once the user has aborted (progress.Aborted).
void DrawSurface(vtkCloudMapAntennaPatternSurface* self, const cm::pattern::SphereGrid& grid,
  const cm::pattern::PatternStyle& style, vtkDataArray* values, ProgressTracker& progress,
  cm::pattern::PatternSurface& surface, vtkPolyData* output)
{
  progress.Step(0.1);
  const int level = grid.IsCut ? 0 : self->GetNumberOfLevels();
  cm::pattern::RefinedSphereGrid refined;
  bool stopped = false;
  progress.Aborted = progress.Aborted ||
    !cm::pattern::RefineSphereGrid(
      grid, level, cm::ProgressFor(self, 0.1, 0.2, stopped),
      cm::ProgressFor(self, 0.2, 0.3, stopped),
      [&] { return stopped || self->GetAbortExecute() != 0; }, refined) ||
    !cm::pattern::BuildPatternSurface(
      grid, refined, level, style, [&](double f) { return progress.Step(f); }, surface);
  if (!progress.Aborted)
  {
    SurfaceToPolyData(surface, values && values->GetName() ? values->GetName() : "Value", output);
  }
}

/// The range of the cells' drawn quantities over all ranks, in the one
/// reduction that also tells every rank whether any rank aborted or failed.
struct RangeVote
{
  double Range[2];
  bool Aborted, Failed;
};

RangeVote ReduceRange(const cm::pattern::PatternSurface& surface, bool aborted, bool failed)
{
  double lo, hi;
  cm::pattern::CellRange(surface, lo, hi);
  double reduced[4] = { -lo, hi, aborted ? 1.0 : 0.0, failed ? 1.0 : 0.0 };
  cm::AllMax(reduced, 4);
  return RangeVote{ { -reduced[0], reduced[1] }, reduced[2] > 0, reduced[3] > 0 };
}

/// The antenna as mounted: the (double) points of `outputs` turned about `center` by
/// cm::exposure::MountRotation(azimuth, downtilt); nothing to do for 0, 0.
void Mount(double azimuth, double downtilt, const double center[3],
  std::initializer_list<vtkPolyData*> outputs)
{
  if (azimuth == 0 && downtilt == 0)
  {
    return;
  }
  double rotation[9];
  cm::exposure::MountRotation(azimuth, downtilt, rotation);
  for (vtkPolyData* data : outputs)
  {
    vtkDoubleArray* xyz =
      data->GetPoints() ? vtkDoubleArray::SafeDownCast(data->GetPoints()->GetData()) : nullptr;
    if (xyz)
    {
      cm::exposure::RotateAbout(xyz->GetPointer(0), xyz->GetNumberOfTuples(), center, rotation);
      data->GetPoints()->Modified();
    }
  }
}

/// The centre from row `index` of the input's SourcePosition[m] (index >= 0);
/// a warning when there is no such row (the centre is then left alone).
std::string SourceCenter(vtkTable* input, int index, double center[3])
{
  if (index < 0)
  {
    return std::string();
  }
  vtkDataArray* sources = input ? input->GetFieldData()->GetArray("SourcePosition[m]") : nullptr;
  if (sources && sources->GetNumberOfComponents() == 3 && index < sources->GetNumberOfTuples())
  {
    sources->GetTuple(index, center);
    return std::string();
  }
  std::ostringstream os;
  os << "SourceIndex " << index << ": the input has "
     << (sources ? sources->GetNumberOfTuples() : 0)
     << " source position(s) (field data SourcePosition[m]); the pattern is centred at Center";
  return os.str();
}
} // namespace

int vtkCloudMapAntennaPatternSurface::RunPrepassStep(vtkInformation* request,
  vtkInformationVector* outputVector, double localMax, const std::string& error)
{
  this->PrepassMax = std::max(this->PrepassMax, localMax);
  if (!error.empty() && this->PrepassError.empty())
  {
    this->PrepassError = error;
  }
  if (++this->PrepassStep < this->TimeSteps.size())
  {
    this->InPrepass = true;
  }
  else
  {
    // Every rank runs the same number of steps, so one reduction at the end,
    // which also tells every rank whether any step failed anywhere.
    double reducedMax[2] = { this->PrepassMax, this->PrepassError.empty() ? 0.0 : 1.0 };
    cm::AllMax(reducedMax, 2);
    if (reducedMax[1] > 0)
    {
      cm::ShareFailure(this, !this->PrepassError.empty(), this->PrepassError);
      this->PrepassError.clear();
      this->GlobalValid = false;
      ClearOutputs(outputVector);
      return 0;
    }
    this->GlobalReference = reducedMax[0];
    this->GlobalKey = this->CurrentKey();
    this->GlobalValid = true;
  }
  // Either the next step or, once more, the time that was asked for.
  request->Set(vtkStreamingDemandDrivenPipeline::CONTINUE_EXECUTING(), 1);
  return 1;
}

int vtkCloudMapAntennaPatternSurface::RequestData(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // A pre-pass step only contributes its maximum to the global reference.
  const bool prepass = this->InPrepass;
  this->InPrepass = false;
  request->Remove(vtkStreamingDemandDrivenPipeline::CONTINUE_EXECUTING());
  vtkTable* input = vtkTable::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector, 0);
  vtkTable* bandTable = vtkTable::GetData(outputVector, 1);
  cm::WholeOnFirstPiece tableOnce(bandTable, outputVector); // the band table: on piece 0 only

  // ---- Read the samples. Under MPI a rank that fails goes on as an empty piece:
  // the failure rides on the reductions below and every rank fails together.
  PatternInput in = ReadPatternInput(
    input, this->GetInputArrayInformation(0), this->ThetaArrayName, this->PhiArrayName);
  const bool failed = !in.Error.empty();
  if (failed)
  {
    vtkErrorMacro(<< in.Error);
    if (!cm::SeveralRanks())
    {
      ClearOutputs(outputVector);
      return 0;
    }
    in.Values = nullptr;
  }
  const double localMax = cm::pattern::MaximumValue(in.Grid);
  if (prepass)
  {
    return this->RunPrepassStep(request, outputVector, localMax, in.Error);
  }
  // ---- The reference: the global maximum over time, or this time's over all
  // ranks; the centre: Center, or a row of the input's SourcePosition[m].
  const bool global = this->ReferenceMode == 1 && this->GlobalValid && this->TimeSteps.size() > 1;
  const double vmax = global ? this->GlobalReference : cm::AllMax(localMax);
  cm::pattern::PatternStyle style = MakeStyle(this, in.Values, vmax);
  const std::string warning = failed ? "" : SourceCenter(input, this->SourceIndex, style.Center);
  if (!warning.empty())
  {
    vtkWarningMacro(<< warning);
  }

  // ---- Refine and draw the surface (progress to 0.8). An abort skips the
  // heavy work but never a reduction: every rank still reaches the range
  // reduction, which also tells all ranks whether any aborted or failed.
  ProgressTracker progress{ this };
  cm::pattern::PatternSurface surface;
  DrawSurface(this, in.Grid, style, in.Values, progress, surface, output);
  const RangeVote vote = ReduceRange(surface, progress.Aborted, failed);
  if (vote.Failed)
  {
    cm::ShareFailure(this, failed, in.Error); // an error and empty outputs everywhere
    ClearOutputs(outputVector);
    return 0;
  }
  if (vote.Aborted || progress.Step(0.8))
  {
    return ClearOutputs(outputVector); // aborted somewhere: empty outputs everywhere
  }
  // ---- Bands over the drawn quantity, then the pattern grid. (No collective
  // is left: a later abort clears this rank's outputs alone.)
  const cm::map::BandSpec spec = cm::pattern::PatternBands(
    this->NumberOfBands, vote.Range, global || style.Absolute || this->FixedBandRange, style);
  const auto palette = static_cast<cm::map::Palette>(this->Palette);
  if (!AttachBands(output, surface.CellScaled, spec, palette, progress) || progress.Step(0.9))
  {
    return ClearOutputs(outputVector);
  }
  cm::map::FillBandTable(bandTable, spec, palette);
  AddReferenceFieldData(output, style.RefValue, global, style.Center);
  std::copy(style.Center, style.Center + 3, this->CenterUsed);
  cm::pattern::GridLines lines;
  if (!in.Empty)
  {
    cm::pattern::AddPatternGridLines(
      lines, style, this->GridLevels, this->GraticuleStep, in.Grid.IsCut, surface);
  }
  vtkPolyData* gridOut = vtkPolyData::GetData(outputVector, 2);
  GridLinesToPolyData(lines, gridOut);
  Mount(this->Azimuth, this->Downtilt, style.Center, { output, gridOut });
  return 1;
}

void vtkCloudMapAntennaPatternSurface::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Scale: " << this->Scale << "\n"
     << indent << "DynamicRange: " << this->DynamicRange << "\n"
     << indent << "Radius: " << this->Radius << "\n"
     << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n"
     << indent << "NumberOfBands: " << this->NumberOfBands << "\n"
     << indent << "ReferenceLevel: " << this->ReferenceLevel << "\n"
     << indent << "ReferenceMode: " << this->ReferenceMode << "\n"
     << indent << "FixedBandRange: " << this->FixedBandRange << "\n"
     << indent << "NumberOfGridLevels: " << this->GridLevels.size() << "\n"
     << indent << "GraticuleStep: " << this->GraticuleStep << "\n"
     << indent << "Azimuth: " << this->Azimuth << "\n"
     << indent << "Downtilt: " << this->Downtilt << "\n"
     << indent << "CenterUsed: " << this->CenterUsed[0] << " " << this->CenterUsed[1] << " "
     << this->CenterUsed[2] << "\n";
}
