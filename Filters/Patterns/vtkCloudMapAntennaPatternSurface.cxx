// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAntennaPatternSurface.h"

#include "cmArrayAccess.h"
#include "cmBandTable.h"
#include "cmBanding.h"
#include "cmExecution.h"
#include "cmPatternGrid.h"
#include "cmRanks.h"
#include "cmRefinement.h"
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
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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
  vtkInformation* ai = const_cast<vtkCloudMapAntennaPatternSurface*>(this)->GetInputArrayInformation(0);
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
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP(), this->TimeSteps[this->PrepassStep]);
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
cloudmap::PatternValueKind GuessKind(int kind, const std::string& name)
{
  if (kind >= 0)
  {
    return static_cast<cloudmap::PatternValueKind>(kind);
  }
  const bool db = name.find("dB") != std::string::npos || name.rfind("Gain", 0) == 0 ||
    name.rfind("Directivity", 0) == 0;
  return db ? cloudmap::PatternValueKind::Decibels : cloudmap::PatternValueKind::FieldMagnitude;
}

} // namespace

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
  // Every rank computes the band table whole; it is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(bandTable, outputVector);

  // An unset selection (pvpython before the domain knows the columns passes
  // an empty name) means the default column, not an error.
  vtkInformation* selection = this->GetInputArrayInformation(0);
  const char* selected = selection && selection->Has(vtkDataObject::FIELD_NAME())
    ? selection->Get(vtkDataObject::FIELD_NAME())
    : nullptr;
  vtkDataArray* values = selected && *selected
    ? vtkDataArray::SafeDownCast(input->GetColumnByName(selected))
    : nullptr;
  // Under MPI every rank must reach the reductions below, also one that fails
  // here (tables live on rank 0, so the other ranks have empty pieces and go
  // on): the failure rides on those reductions and every rank then fails
  // together. An empty piece has no columns at all and is no error.
  const vtkIdType n = input->GetNumberOfRows();
  const bool empty = n == 0;
  std::string error;
  if (selected && *selected && !values && !empty)
  {
    error = std::string("Antenna Pattern Surface: the input has no numeric column '") + selected + "'.";
  }
  if (!values)
  {
    // Far-field grids carry |E|; tables from elsewhere may only have a gain column.
    values = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
    values = values ? values : vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  }
  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName(this->ThetaArrayName.c_str()));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName(this->PhiArrayName.c_str()));
  cloudmap::BandSpec spec;
  spec.N = this->NumberOfBands;
  const auto palette = static_cast<cloudmap::Palette>(this->Palette);
  const auto scale = static_cast<cloudmap::PatternScale>(this->Scale);
  const double floorDb = this->DynamicRange;

  if (error.empty() && !empty && (!theta || !phi || !values))
  {
    error = "the input table needs numeric columns '" + this->ThetaArrayName + "', '" +
      this->PhiArrayName + "' and a value column (|E| or Gain by default)";
  }
  cloudmap::SphereGrid grid;
  std::vector<double> th, ph, val;
  if (error.empty() && !empty)
  {
    th = cm::ValuesAsDouble(theta);
    ph = cm::ValuesAsDouble(phi);
    val = cm::ScalarsOf(values, -1);
    if (!cloudmap::BuildSphereGrid(th.data(), ph.data(), val.data(), n, grid, error))
    {
      grid = cloudmap::SphereGrid();
      error = error.empty() ? std::string("the pattern grid could not be built") : error;
    }
  }
  const bool failed = !error.empty();
  auto clearOutputs = [&]() {
    output->Initialize();
    bandTable->Initialize();
    vtkPolyData::GetData(outputVector, 2)->Initialize();
    return 1;
  };
  if (failed)
  {
    vtkErrorMacro(<< error);
    if (!cm::SeveralRanks())
    {
      clearOutputs();
      return 0;
    }
    values = nullptr; // a failed rank goes on as an empty piece
  }
  const auto kind = GuessKind(this->ValueKind, values && values->GetName() ? values->GetName() : "");
  double localMax = -std::numeric_limits<double>::infinity();
  for (double v : grid.Value)
  {
    localMax = std::max(localMax, v);
  }
  if (prepass)
  {
    this->PrepassMax = std::max(this->PrepassMax, localMax);
    if (failed && this->PrepassError.empty())
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
        clearOutputs();
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
  const bool global = this->ReferenceMode == 1 && this->GlobalValid && this->TimeSteps.size() > 1;
  const double vmax = global ? this->GlobalReference : cm::AllMax(localMax);

  // Progress and abort. An abort on this rank skips the heavy work below but
  // never a reduction: every rank still reaches the range reduction, which
  // also tells all ranks whether any of them aborted; then every rank clears
  // its outputs. (After that reduction there is no collective left, so a
  // later abort clears this rank's outputs alone.)
  bool aborted = false;
  auto step = [&](double progress) {
    this->UpdateProgress(progress);
    aborted = aborted || this->GetAbortExecute() != 0;
    return aborted;
  };
  // A progress step every 1/16 of a serial loop over `total` items.
  auto every = [&](std::int64_t i, std::int64_t total, double from, double to) {
    const std::int64_t stride = std::max<std::int64_t>(1, total / 16);
    return i % stride == 0 && i > 0 && step(from + (to - from) * double(i) / double(total));
  };
  step(0.1);
  const std::string valueName = values && values->GetName() ? values->GetName() : "Value";
  // The relative scales divide by the maximum (clamped to 1); the absolute
  // scale by the fixed reference level expressed in the value's units.
  const bool absolute = scale == cloudmap::PatternScale::AbsoluteDecibels;
  const double refValue = absolute ? cloudmap::LevelAsValue(this->ReferenceLevel, kind) : vmax;
  const double refDb = this->ReferenceLevel;
  auto ratio = [&](double v) { return cloudmap::FieldRatio(v, refValue, kind, !absolute); };
  auto quantity = [&](double a) { return cloudmap::ScaledQuantity(a, scale, floorDb, refDb); };

  // Refine every grid element on the unit sphere's chords; points are
  // projected back to directions and radius-mapped afterwards.
  const std::int64_t ne = static_cast<std::int64_t>(grid.Offsets.size()) - 1;
  const int level = grid.IsCut ? 0 : this->NumberOfLevels;
  std::vector<std::int64_t> pStart(ne + 1, 0), cStart(ne + 1, 0), kStart(ne + 1, 0);
  for (std::int64_t e = 0; e < ne; ++e)
  {
    const auto rc = cloudmap::RefinedSize(int(grid.Offsets[e + 1] - grid.Offsets[e]), level);
    pStart[e + 1] = pStart[e] + rc.Points;
    cStart[e + 1] = cStart[e] + rc.Cells;
    kStart[e + 1] = kStart[e] + rc.Connectivity;
  }
  std::int64_t np = pStart[ne], nc = cStart[ne];
  std::vector<double> xyz(3 * np), prs(2 * np), crs(2 * nc);
  std::vector<std::int64_t> conn(kStart[ne]), cellParent(nc);
  const bool refined = aborted || cm::ForWithProgress(this, ne, 0.1, 0.3, [&](std::int64_t b, std::int64_t e) {
    cloudmap::Vec3 p[4];
    for (std::int64_t c = b; c < e; ++c)
    {
      const int m = int(grid.Offsets[c + 1] - grid.Offsets[c]);
      for (int k = 0; k < m; ++k)
      {
        const double* d = &grid.Direction[3 * grid.Connectivity[grid.Offsets[c] + k]];
        p[k] = { d[0], d[1], d[2] };
      }
      cloudmap::RefineOutput out;
      out.Points = &xyz[3 * pStart[c]];
      out.PointRS = &prs[2 * pStart[c]];
      out.Connectivity = &conn[kStart[c]];
      out.CellRS = &crs[2 * cStart[c]];
      out.PointBase = pStart[c];
      cloudmap::RefineElement(p, m, level, out);
      for (std::int64_t k = cStart[c]; k < cStart[c + 1]; ++k)
      {
        cellParent[k] = c;
      }
    }
  });
  aborted = aborted || !refined;
  // Interpolates the samples of element e at parametric (r, s).
  auto interp = [&](std::int64_t e, double r, double s) {
    const int m = int(grid.Offsets[e + 1] - grid.Offsets[e]);
    double w[4];
    cloudmap::ParentWeights(m, r, s, w);
    double v = 0;
    for (int k = 0; k < m; ++k)
    {
      v += w[k] * grid.Value[grid.Connectivity[grid.Offsets[e] + k]];
    }
    return v;
  };

  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkDoubleArray> pTheta, pPhi, pValue, pScaled;
  pTheta->SetName("Theta");
  pPhi->SetName("Phi");
  pValue->SetName(valueName.c_str());
  pScaled->SetName("PatternValue");
  vtkNew<vtkCellArray> cells;
  std::vector<double> cellScaled;

  auto place = [&](const double dir[3], double v) {
    const double a = ratio(v);
    const double r = this->Radius * cloudmap::RadiusFraction(a, scale, floorDb);
    const double x[3] = { this->Center[0] + r * dir[0], this->Center[1] + r * dir[1],
      this->Center[2] + r * dir[2] };
    points->InsertNextPoint(x);
    double t = std::acos(std::clamp(dir[2], -1.0, 1.0)) * 180.0 / 3.14159265358979323846;
    double f = std::atan2(dir[1], dir[0]) * 180.0 / 3.14159265358979323846;
    if (!grid.Phi.empty() && grid.Phi.front() >= 0 && f < 0)
    {
      f += 360.0; // report φ in the convention of the input
    }
    pTheta->InsertNextValue(t);
    pPhi->InsertNextValue(f);
    pValue->InsertNextValue(v);
    pScaled->InsertNextValue(quantity(a));
  };

  if (aborted)
  {
    // Nothing to draw: straight on to the reductions.
  }
  else if (grid.IsCut)
  {
    // A single cut: a polyline through the samples, banded per segment.
    const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
    for (std::int64_t i = 0; i < m && !every(i, m, 0.3, 0.6); ++i)
    {
      place(&grid.Direction[3 * i], grid.Value[i]);
    }
    for (std::int64_t i = 0; i + 1 < m && !every(i, m, 0.6, 0.8); ++i)
    {
      const vtkIdType seg[2] = { i, i + 1 };
      cells->InsertNextCell(2, seg);
      const double v = 0.5 * (grid.Value[i] + grid.Value[i + 1]);
      cellScaled.push_back(quantity(ratio(v)));
    }
    output->SetLines(cells);
  }
  else if (level == 0)
  {
    // Unrefined: the grid itself, with its shared vertices (poles, φ wrap).
    const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
    for (std::int64_t i = 0; i < m && !every(i, m, 0.3, 0.6); ++i)
    {
      place(&grid.Direction[3 * i], grid.Value[i]);
    }
    for (std::int64_t e = 0; e < ne && !every(e, ne, 0.6, 0.8); ++e)
    {
      vtkIdType ids[4];
      const int per = int(grid.Offsets[e + 1] - grid.Offsets[e]);
      for (int j = 0; j < per; ++j)
      {
        ids[j] = grid.Connectivity[grid.Offsets[e] + j];
      }
      cells->InsertNextCell(per, ids);
      const double v = interp(e, crs[2 * e], crs[2 * e + 1]);
      cellScaled.push_back(quantity(ratio(v)));
    }
    output->SetPolys(cells);
  }
  else
  {
    points->Allocate(np);
    for (std::int64_t e = 0; e < ne && !every(e, ne, 0.3, 0.6); ++e)
    {
      for (std::int64_t p = pStart[e]; p < pStart[e + 1]; ++p)
      {
        double d[3] = { xyz[3 * p], xyz[3 * p + 1], xyz[3 * p + 2] };
        const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (double& x : d)
        {
          x /= len > 0 ? len : 1.0;
        }
        place(d, interp(e, prs[2 * p], prs[2 * p + 1]));
      }
    }
    for (std::int64_t e = 0; e < ne && !every(e, ne, 0.6, 0.8); ++e)
    {
      const std::int64_t per = level == 0 ? grid.Offsets[e + 1] - grid.Offsets[e] : 4;
      for (std::int64_t k = cStart[e]; k < cStart[e + 1]; ++k)
      {
        vtkIdType ids[4];
        for (int j = 0; j < per; ++j)
        {
          ids[j] = conn[kStart[e] + (k - cStart[e]) * per + j];
        }
        cells->InsertNextCell(per, ids);
        const double v = interp(e, crs[2 * k], crs[2 * k + 1]);
        cellScaled.push_back(quantity(ratio(v)));
      }
    }
    output->SetPolys(cells);
  }
  output->SetPoints(points);
  output->GetPointData()->AddArray(pTheta);
  output->GetPointData()->AddArray(pPhi);
  output->GetPointData()->AddArray(pValue);
  output->GetPointData()->AddArray(pScaled);

  // Bands over the drawn quantity, with the range reduced over all ranks.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : cellScaled)
  {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  // One reduction for the range and for whether any rank aborted or failed.
  double reduced[4] = { -lo, hi, aborted ? 1.0 : 0.0, failed ? 1.0 : 0.0 };
  cm::AllMax(reduced, 4);
  const double range[2] = { -reduced[0], reduced[1] };
  if (reduced[3] > 0)
  {
    // Failed (on this rank or another): an error and empty outputs everywhere.
    cm::ShareFailure(this, failed, error);
    clearOutputs();
    return 0;
  }
  if (reduced[2] > 0 || step(0.8))
  {
    return clearOutputs(); // aborted (on this rank or another): empty outputs everywhere
  }
  spec.Min = std::isfinite(range[0]) ? range[0] : 0.0;
  spec.Max = std::isfinite(range[1]) ? range[1] : 1.0;
  if (global || absolute)
  {
    // One fixed scale for every frame: the colours mean the same in each.
    switch (scale)
    {
      case cloudmap::PatternScale::LinearField:
      case cloudmap::PatternScale::Power: spec.Min = 0.0; spec.Max = 1.0; break;
      case cloudmap::PatternScale::AbsoluteDecibels:
        spec.Min = refDb - floorDb;
        spec.Max = refDb;
        break;
      default: spec.Min = -floorDb; spec.Max = 0.0; break;
    }
  }
  vtkNew<vtkDoubleArray> cScaled;
  cScaled->SetName("PatternValue");
  cScaled->SetNumberOfTuples(cellScaled.size());
  vtkNew<vtkUnsignedCharArray> band;
  band->SetName("BandIndex");
  band->SetNumberOfTuples(cellScaled.size());
  vtkNew<vtkUnsignedCharArray> color;
  color->SetName("BandColor");
  color->SetNumberOfComponents(3);
  color->SetNumberOfTuples(cellScaled.size());
  const std::int64_t ncs = static_cast<std::int64_t>(cellScaled.size());
  for (std::int64_t i = 0; i < ncs; ++i)
  {
    if (every(i, ncs, 0.8, 0.9))
    {
      return clearOutputs(); // aborted after the last reduction: this rank only
    }
    const int k = spec.Band(cellScaled[i]);
    std::uint8_t c[3];
    cloudmap::BandColor(palette, k, spec.N, c);
    cScaled->SetValue(i, cellScaled[i]);
    band->SetValue(i, static_cast<unsigned char>(std::min(k, 255)));
    color->SetTypedTuple(i, c);
  }
  output->GetCellData()->AddArray(cScaled);
  output->GetCellData()->AddArray(band);
  output->GetCellData()->AddArray(color);
  output->GetCellData()->SetActiveScalars("BandColor");
  cloudmap::FillBandTable(bandTable, spec, palette);
  vtkNew<vtkDoubleArray> refArray;
  refArray->SetName("PatternReference");
  refArray->InsertNextValue(refValue);
  output->GetFieldData()->AddArray(refArray);
  vtkNew<vtkIntArray> modeArray;
  modeArray->SetName("PatternReferenceMode");
  modeArray->InsertNextValue(global ? 1 : 0);
  output->GetFieldData()->AddArray(modeArray);

  // The pattern grid, built where the pattern is (see the header).
  cloudmap::GridLines lines;
  if (step(0.9))
  {
    return clearOutputs();
  }
  if (!empty)
  {
    const int segments = 180;
    for (double level : this->GridLevels)
    {
      if (!cloudmap::LevelDrawable(level, scale, floorDb, refDb))
      {
        continue;
      }
      const std::string label = cloudmap::LevelLabel(level, scale);
      cloudmap::AddLevelCircles(lines, this->Center,
        this->Radius * cloudmap::LevelRadiusFraction(level, scale, floorDb, refDb), level, label,
        segments);
    }
    if (!grid.IsCut && points->GetNumberOfPoints() > 0)
    {
      std::vector<double> px(3 * points->GetNumberOfPoints());
      for (vtkIdType i = 0; i < points->GetNumberOfPoints(); ++i)
      {
        points->GetPoint(i, &px[3 * i]);
      }
      std::vector<std::int64_t> off{ 0 }, ids;
      vtkIdType npts;
      const vtkIdType* pts;
      for (cells->InitTraversal(); cells->GetNextCell(npts, pts);)
      {
        ids.insert(ids.end(), pts, pts + npts);
        off.push_back(static_cast<std::int64_t>(ids.size()));
      }
      for (double level : this->GridLevels)
      {
        if (cloudmap::LevelDrawable(level, scale, floorDb, refDb))
        {
          cloudmap::AddContour(lines, px.data(), pScaled->GetPointer(0), off.data(),
            static_cast<std::int64_t>(off.size()) - 1, ids.data(),
            cloudmap::LevelQuantity(level, scale, floorDb, refDb), level,
            cloudmap::LevelLabel(level, scale));
        }
      }
    }
    cloudmap::AddGraticule(lines, this->Center, this->Radius, this->GraticuleStep, segments);
  }
  vtkPolyData* gridOut = vtkPolyData::GetData(outputVector, 2);
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
  std::vector<char> labelled;
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
    // One text per circle and graticule line, one per contour level.
    bool anchor = true;
    if (lines.Kind[l] == static_cast<int>(cloudmap::GridLineKind::Contour))
    {
      anchor = l == 0 || lines.Kind[l - 1] != lines.Kind[l] || lines.Level[l - 1] != lines.Level[l];
    }
    if (anchor)
    {
      // Circles are labelled a quarter of the way round, meridians at the equator.
      const std::int64_t at = lines.Kind[l] == static_cast<int>(cloudmap::GridLineKind::Contour)
        ? b
        : b + (e - b) / (lines.Kind[l] == static_cast<int>(cloudmap::GridLineKind::PhiLine) ? 2 : 8);
      pLabel->SetValue(at, lines.Label[l]);
    }
  }
  gridOut->SetPoints(gPoints);
  gridOut->SetLines(gLines);
  gridOut->GetCellData()->AddArray(cLabel);
  gridOut->GetCellData()->AddArray(cLevel);
  gridOut->GetCellData()->AddArray(cKind);
  gridOut->GetPointData()->AddArray(pLabel);
  (void)nc;
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
     << indent << "NumberOfGridLevels: " << this->GridLevels.size() << "\n"
     << indent << "GraticuleStep: " << this->GraticuleStep << "\n";
}
