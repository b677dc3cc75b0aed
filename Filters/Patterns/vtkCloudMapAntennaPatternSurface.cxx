// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAntennaPatternSurface.h"

#include "cmArrayAccess.h"
#include "cmBandTable.h"
#include "cmBanding.h"
#include "cmConstants.h"
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
cm::pattern::PatternValueKind GuessKind(int kind, const std::string& name)
{
  if (kind >= 0)
  {
    return static_cast<cm::pattern::PatternValueKind>(kind);
  }
  const bool db = name.find("dB") != std::string::npos || name.rfind("Gain", 0) == 0 ||
    name.rfind("Directivity", 0) == 0;
  return db ? cm::pattern::PatternValueKind::Decibels : cm::pattern::PatternValueKind::FieldMagnitude;
}

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
  bool Empty = false;             ///< an empty piece (no rows), which is no error
  std::string Error;              ///< why the table cannot be drawn
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
    : nullptr;
  vtkDataArray* values = selected && *selected
    ? vtkDataArray::SafeDownCast(input->GetColumnByName(selected))
    : nullptr;
  const vtkIdType n = input->GetNumberOfRows();
  in.Empty = n == 0;
  if (selected && *selected && !values && !in.Empty)
  {
    in.Error = std::string("Antenna Pattern Surface: the input has no numeric column '") + selected + "'.";
  }
  if (!values)
  {
    // Far-field grids carry |E|; tables from elsewhere may only have a gain column.
    values = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
    values = values ? values : vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  }
  in.Values = values;
  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName(thetaName.c_str()));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName(phiName.c_str()));
  if (in.Error.empty() && !in.Empty && (!theta || !phi || !values))
  {
    in.Error = "the input table needs numeric columns '" + thetaName + "', '" + phiName +
      "' and a value column (|E| or Gain by default)";
  }
  if (in.Error.empty() && !in.Empty)
  {
    const std::vector<double> th = cm::ValuesAsDouble(theta);
    const std::vector<double> ph = cm::ValuesAsDouble(phi);
    const std::vector<double> val = cm::ScalarsOf(values, -1);
    if (!cm::pattern::BuildSphereGrid(th.data(), ph.data(), val.data(), n, in.Grid, in.Error))
    {
      in.Grid = cm::pattern::SphereGrid();
      in.Error = in.Error.empty() ? std::string("the pattern grid could not be built") : in.Error;
    }
  }
  return in;
}

/// How a sample becomes a radius and a drawn quantity.
struct PatternStyle
{
  cm::pattern::PatternScale Scale = cm::pattern::PatternScale::LinearField;
  cm::pattern::PatternValueKind Kind = cm::pattern::PatternValueKind::FieldMagnitude;
  double FloorDb = 30.0;  ///< the dynamic range
  double RefDb = 0.0;     ///< the reference level (absolute dB)
  double RefValue = 1.0;  ///< what a ratio of 1 means, in the value's units
  bool Absolute = false;  ///< AbsoluteDecibels: the ratio is not clamped to 1
  double Radius = 1.0;
  const double* Center = nullptr;

  /// The relative scales divide by the maximum (clamped to 1); the absolute
  /// scale by the fixed reference level expressed in the value's units.
  double Ratio(double v) const { return cm::pattern::FieldRatio(v, this->RefValue, this->Kind, !this->Absolute); }
  double Quantity(double a) const { return cm::pattern::ScaledQuantity(a, this->Scale, this->FloorDb, this->RefDb); }
};

/// The grid's elements refined on the unit sphere's chords; the points are
/// projected back to directions and radius-mapped when drawn.
struct RefinedGrid
{
  int Level = 0;
  std::int64_t NumberOfElements = 0;
  std::vector<std::int64_t> PointStart, CellStart, ConnStart; ///< per element, prefix sums
  std::vector<double> Points, PointRS, CellRS;
  std::vector<std::int64_t> Connectivity;
};

/// Refines every element of `grid` to `level` (progress 0.1 to 0.3); false when aborted.
bool RefineGrid(vtkAlgorithm* self, const cm::pattern::SphereGrid& grid, int level, RefinedGrid& out)
{
  const std::int64_t ne = static_cast<std::int64_t>(grid.Offsets.size()) - 1;
  out.Level = level;
  out.NumberOfElements = ne;
  out.PointStart.assign(ne + 1, 0);
  out.CellStart.assign(ne + 1, 0);
  out.ConnStart.assign(ne + 1, 0);
  for (std::int64_t e = 0; e < ne; ++e)
  {
    const auto rc = cm::map::RefinedSize(int(grid.Offsets[e + 1] - grid.Offsets[e]), level);
    out.PointStart[e + 1] = out.PointStart[e] + rc.Points;
    out.CellStart[e + 1] = out.CellStart[e] + rc.Cells;
    out.ConnStart[e + 1] = out.ConnStart[e] + rc.Connectivity;
  }
  const std::int64_t np = out.PointStart[ne], nc = out.CellStart[ne];
  out.Points.assign(3 * np, 0.0);
  out.PointRS.assign(2 * np, 0.0);
  out.CellRS.assign(2 * nc, 0.0);
  out.Connectivity.assign(out.ConnStart[ne], 0);
  return cm::ForWithProgress(self, ne, 0.1, 0.3, [&](std::int64_t b, std::int64_t e) {
    cm::Vec3 p[4];
    for (std::int64_t c = b; c < e; ++c)
    {
      const int m = int(grid.Offsets[c + 1] - grid.Offsets[c]);
      for (int k = 0; k < m; ++k)
      {
        const double* d = &grid.Direction[3 * grid.Connectivity[grid.Offsets[c] + k]];
        p[k] = { d[0], d[1], d[2] };
      }
      cm::map::RefineOutput ro;
      ro.Points = &out.Points[3 * out.PointStart[c]];
      ro.PointRS = &out.PointRS[2 * out.PointStart[c]];
      ro.Connectivity = &out.Connectivity[out.ConnStart[c]];
      ro.CellRS = &out.CellRS[2 * out.CellStart[c]];
      ro.PointBase = out.PointStart[c];
      cm::map::RefineElement(p, m, level, ro);
    }
  });
}

/**
 * The pattern surface: radius-mapped points carrying Theta, Phi, the value
 * and PatternValue, its cells, and the drawn quantity of every cell. Each
 * Build* loop stops at an abort (progress 0.3 to 0.8).
 */
class SurfaceBuilder
{
public:
  SurfaceBuilder(const cm::pattern::SphereGrid& grid, const PatternStyle& style, const std::string& valueName)
    : Grid(grid)
    , Style(style)
  {
    this->Points->SetDataTypeToDouble();
    this->Theta->SetName("Theta");
    this->Phi->SetName("Phi");
    this->Value->SetName(valueName.c_str());
    this->Scaled->SetName("PatternValue");
  }

  /// A single cut: a polyline through the samples, banded per segment.
  void BuildCut(vtkPolyData* output, ProgressTracker& progress)
  {
    const cm::pattern::SphereGrid& grid = this->Grid;
    const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
    for (std::int64_t i = 0; i < m && !progress.Every(i, m, 0.3, 0.6); ++i)
    {
      this->Place(&grid.Direction[3 * i], grid.Value[i]);
    }
    for (std::int64_t i = 0; i + 1 < m && !progress.Every(i, m, 0.6, 0.8); ++i)
    {
      const vtkIdType seg[2] = { i, i + 1 };
      this->Cells->InsertNextCell(2, seg);
      const double v = 0.5 * (grid.Value[i] + grid.Value[i + 1]);
      this->CellScaled.push_back(this->Style.Quantity(this->Style.Ratio(v)));
    }
    output->SetLines(this->Cells);
  }

  /// Unrefined: the grid itself, with its shared vertices (poles, φ wrap).
  void BuildUnrefined(vtkPolyData* output, const RefinedGrid& refined, ProgressTracker& progress)
  {
    const cm::pattern::SphereGrid& grid = this->Grid;
    const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
    const std::int64_t ne = refined.NumberOfElements;
    for (std::int64_t i = 0; i < m && !progress.Every(i, m, 0.3, 0.6); ++i)
    {
      this->Place(&grid.Direction[3 * i], grid.Value[i]);
    }
    for (std::int64_t e = 0; e < ne && !progress.Every(e, ne, 0.6, 0.8); ++e)
    {
      vtkIdType ids[4];
      const int per = int(grid.Offsets[e + 1] - grid.Offsets[e]);
      for (int j = 0; j < per; ++j)
      {
        ids[j] = grid.Connectivity[grid.Offsets[e] + j];
      }
      this->Cells->InsertNextCell(per, ids);
      const double v = this->Interpolate(e, refined.CellRS[2 * e], refined.CellRS[2 * e + 1]);
      this->CellScaled.push_back(this->Style.Quantity(this->Style.Ratio(v)));
    }
    output->SetPolys(this->Cells);
  }

  /// Refined: every sub-element, its points projected back onto directions.
  void BuildRefined(vtkPolyData* output, const RefinedGrid& refined, ProgressTracker& progress)
  {
    const std::int64_t ne = refined.NumberOfElements;
    this->Points->Allocate(refined.PointStart[ne]);
    for (std::int64_t e = 0; e < ne && !progress.Every(e, ne, 0.3, 0.6); ++e)
    {
      for (std::int64_t p = refined.PointStart[e]; p < refined.PointStart[e + 1]; ++p)
      {
        double d[3] = { refined.Points[3 * p], refined.Points[3 * p + 1], refined.Points[3 * p + 2] };
        const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (double& x : d)
        {
          x /= len > 0 ? len : 1.0;
        }
        this->Place(d, this->Interpolate(e, refined.PointRS[2 * p], refined.PointRS[2 * p + 1]));
      }
    }
    for (std::int64_t e = 0; e < ne && !progress.Every(e, ne, 0.6, 0.8); ++e)
    {
      const std::int64_t per = 4; // refined elements are quads
      for (std::int64_t k = refined.CellStart[e]; k < refined.CellStart[e + 1]; ++k)
      {
        vtkIdType ids[4];
        for (int j = 0; j < per; ++j)
        {
          ids[j] = refined.Connectivity[refined.ConnStart[e] + (k - refined.CellStart[e]) * per + j];
        }
        this->Cells->InsertNextCell(per, ids);
        const double v = this->Interpolate(e, refined.CellRS[2 * k], refined.CellRS[2 * k + 1]);
        this->CellScaled.push_back(this->Style.Quantity(this->Style.Ratio(v)));
      }
    }
    output->SetPolys(this->Cells);
  }

  /// Sets the points and point arrays on `output`.
  void AttachPoints(vtkPolyData* output)
  {
    output->SetPoints(this->Points);
    output->GetPointData()->AddArray(this->Theta);
    output->GetPointData()->AddArray(this->Phi);
    output->GetPointData()->AddArray(this->Value);
    output->GetPointData()->AddArray(this->Scaled);
  }

  vtkNew<vtkPoints> Points;
  vtkNew<vtkDoubleArray> Scaled; ///< PatternValue per point (the contours' field)
  vtkNew<vtkCellArray> Cells;
  std::vector<double> CellScaled; ///< the drawn quantity per cell

private:
  /// The samples of element e interpolated at parametric (r, s).
  double Interpolate(std::int64_t e, double r, double s) const
  {
    const cm::pattern::SphereGrid& grid = this->Grid;
    const int m = int(grid.Offsets[e + 1] - grid.Offsets[e]);
    double w[4];
    cm::map::ParentWeights(m, r, s, w);
    double v = 0;
    for (int k = 0; k < m; ++k)
    {
      v += w[k] * grid.Value[grid.Connectivity[grid.Offsets[e] + k]];
    }
    return v;
  }

  /// A point in direction `dir`, radius-mapped from the value v.
  void Place(const double dir[3], double v)
  {
    const PatternStyle& st = this->Style;
    const double a = st.Ratio(v);
    const double r = st.Radius * cm::pattern::RadiusFraction(a, st.Scale, st.FloorDb);
    const double x[3] = { st.Center[0] + r * dir[0], st.Center[1] + r * dir[1], st.Center[2] + r * dir[2] };
    this->Points->InsertNextPoint(x);
    // φ is reported in the convention of the input.
    double t, f;
    cm::pattern::DirectionAngles(dir, !this->Grid.Phi.empty() && this->Grid.Phi.front() >= 0, t, f);
    this->Theta->InsertNextValue(t);
    this->Phi->InsertNextValue(f);
    this->Value->InsertNextValue(v);
    this->Scaled->InsertNextValue(st.Quantity(a));
  }

  const cm::pattern::SphereGrid& Grid;
  const PatternStyle& Style;
  vtkNew<vtkDoubleArray> Theta, Phi, Value;
};

/// PatternValue, BandIndex and BandColor of every cell (progress 0.8 to 0.9);
/// false when aborted.
bool AttachBands(vtkPolyData* output, const std::vector<double>& cellScaled,
  const cm::map::BandSpec& spec, cm::map::Palette palette, ProgressTracker& progress)
{
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
    if (progress.Every(i, ncs, 0.8, 0.9))
    {
      return false;
    }
    const int k = spec.Band(cellScaled[i]);
    std::uint8_t c[3];
    cm::map::BandColor(palette, k, spec.N, c);
    cScaled->SetValue(i, cellScaled[i]);
    band->SetValue(i, static_cast<unsigned char>(std::min(k, 255)));
    color->SetTypedTuple(i, c);
  }
  output->GetCellData()->AddArray(cScaled);
  output->GetCellData()->AddArray(band);
  output->GetCellData()->AddArray(color);
  output->GetCellData()->SetActiveScalars("BandColor");
  return true;
}

/// Field data naming the reference: PatternReference (the value of ratio 1)
/// and PatternReferenceMode (1 for the global reference over time).
void AddReferenceFieldData(vtkPolyData* output, double refValue, bool global)
{
  vtkNew<vtkDoubleArray> refArray;
  refArray->SetName("PatternReference");
  refArray->InsertNextValue(refValue);
  output->GetFieldData()->AddArray(refArray);
  vtkNew<vtkIntArray> modeArray;
  modeArray->SetName("PatternReferenceMode");
  modeArray->InsertNextValue(global ? 1 : 0);
  output->GetFieldData()->AddArray(modeArray);
}

/**
 * The pattern grid, built where the pattern is (see the header): a circle per
 * drawable grid level, the contours of the surface at those levels (not on a
 * single cut), and the graticule.
 */
void AddPatternGridLines(cm::pattern::GridLines& lines, const PatternStyle& style,
  const std::vector<double>& gridLevels, double graticuleStep, bool isCut, vtkPoints* points,
  vtkCellArray* cells, vtkDoubleArray* pointScaled)
{
  const int segments = 180;
  for (double level : gridLevels)
  {
    if (!cm::pattern::LevelDrawable(level, style.Scale, style.FloorDb, style.RefDb))
    {
      continue;
    }
    const std::string label = cm::pattern::LevelLabel(level, style.Scale);
    cm::pattern::AddLevelCircles(lines, style.Center,
      style.Radius * cm::pattern::LevelRadiusFraction(level, style.Scale, style.FloorDb, style.RefDb),
      level, label, segments);
  }
  if (!isCut && points->GetNumberOfPoints() > 0)
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
    for (double level : gridLevels)
    {
      if (cm::pattern::LevelDrawable(level, style.Scale, style.FloorDb, style.RefDb))
      {
        cm::pattern::AddContour(lines, px.data(), pointScaled->GetPointer(0), off.data(),
          static_cast<std::int64_t>(off.size()) - 1, ids.data(),
          cm::pattern::LevelQuantity(level, style.Scale, style.FloorDb, style.RefDb), level,
          cm::pattern::LevelLabel(level, style.Scale));
      }
    }
  }
  cm::pattern::AddGraticule(lines, style.Center, style.Radius, graticuleStep, segments);
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
    if (lines.Kind[l] == static_cast<int>(cm::pattern::GridLineKind::Contour))
    {
      anchor = l == 0 || lines.Kind[l - 1] != lines.Kind[l] || lines.Level[l - 1] != lines.Level[l];
    }
    if (anchor)
    {
      // Circles are labelled a quarter of the way round, meridians at the equator.
      const std::int64_t at = lines.Kind[l] == static_cast<int>(cm::pattern::GridLineKind::Contour)
        ? b
        : b + (e - b) / (lines.Kind[l] == static_cast<int>(cm::pattern::GridLineKind::PhiLine) ? 2 : 8);
      pLabel->SetValue(at, lines.Label[l]);
    }
  }
  gridOut->SetPoints(gPoints);
  gridOut->SetLines(gLines);
  gridOut->GetCellData()->AddArray(cLabel);
  gridOut->GetCellData()->AddArray(cLevel);
  gridOut->GetCellData()->AddArray(cKind);
  gridOut->GetPointData()->AddArray(pLabel);
}
} // namespace

int vtkCloudMapAntennaPatternSurface::RunPrepassStep(
  vtkInformation* request, vtkInformationVector* outputVector, double localMax, const std::string& error)
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
  // Every rank computes the band table whole; it is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(bandTable, outputVector);

  // ---- Read the samples. Under MPI every rank must reach the reductions
  // below, also one that fails here: the failure rides on those reductions
  // and every rank then fails together.
  PatternInput in =
    ReadPatternInput(input, this->GetInputArrayInformation(0), this->ThetaArrayName, this->PhiArrayName);
  const cm::pattern::SphereGrid& grid = in.Grid;
  const std::string& error = in.Error;
  const bool failed = !error.empty();
  if (failed)
  {
    vtkErrorMacro(<< error);
    if (!cm::SeveralRanks())
    {
      ClearOutputs(outputVector);
      return 0;
    }
    in.Values = nullptr; // a failed rank goes on as an empty piece
  }
  double localMax = -std::numeric_limits<double>::infinity();
  for (double v : grid.Value)
  {
    localMax = std::max(localMax, v);
  }
  if (prepass)
  {
    return this->RunPrepassStep(request, outputVector, localMax, error);
  }

  // ---- The reference: the global maximum over time, or this time's over all ranks.
  const bool global = this->ReferenceMode == 1 && this->GlobalValid && this->TimeSteps.size() > 1;
  const double vmax = global ? this->GlobalReference : cm::AllMax(localMax);
  PatternStyle style;
  style.Scale = static_cast<cm::pattern::PatternScale>(this->Scale);
  style.Kind = GuessKind(this->ValueKind, in.Values && in.Values->GetName() ? in.Values->GetName() : "");
  style.FloorDb = this->DynamicRange;
  style.RefDb = this->ReferenceLevel;
  style.Absolute = style.Scale == cm::pattern::PatternScale::AbsoluteDecibels;
  style.RefValue = style.Absolute ? cm::pattern::LevelAsValue(this->ReferenceLevel, style.Kind) : vmax;
  style.Radius = this->Radius;
  // The centre: Center, or the SourceIndex-th row of the input's SourcePosition[m].
  double center[3] = { this->Center[0], this->Center[1], this->Center[2] };
  if (this->SourceIndex >= 0 && !failed)
  {
    vtkDataArray* sources = input ? input->GetFieldData()->GetArray("SourcePosition[m]") : nullptr;
    if (sources && sources->GetNumberOfComponents() == 3 &&
      this->SourceIndex < sources->GetNumberOfTuples())
    {
      sources->GetTuple(this->SourceIndex, center);
    }
    else
    {
      vtkWarningMacro(<< "SourceIndex " << this->SourceIndex << ": the input has "
                      << (sources ? sources->GetNumberOfTuples() : 0)
                      << " source position(s) (field data SourcePosition[m]); the pattern "
                         "is centred at Center");
    }
  }
  style.Center = center;

  // ---- Progress and abort. An abort on this rank skips the heavy work below
  // but never a reduction: every rank still reaches the range reduction,
  // which also tells all ranks whether any of them aborted; then every rank
  // clears its outputs. (After that reduction there is no collective left,
  // so a later abort clears this rank's outputs alone.)
  ProgressTracker progress{ this };
  progress.Step(0.1);

  // ---- Refine the grid on the sphere and draw the surface.
  const int level = grid.IsCut ? 0 : this->NumberOfLevels;
  RefinedGrid refined;
  if (!progress.Aborted && !RefineGrid(this, grid, level, refined))
  {
    progress.Aborted = true;
  }
  SurfaceBuilder surface(grid, style, in.Values && in.Values->GetName() ? in.Values->GetName() : "Value");
  if (progress.Aborted)
  {
    // Nothing to draw: straight on to the reductions.
  }
  else if (grid.IsCut)
  {
    surface.BuildCut(output, progress);
  }
  else if (level == 0)
  {
    surface.BuildUnrefined(output, refined, progress);
  }
  else
  {
    surface.BuildRefined(output, refined, progress);
  }
  surface.AttachPoints(output);

  // ---- Bands over the drawn quantity, with the range reduced over all
  // ranks: one reduction for the range and for whether any rank aborted or failed.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : surface.CellScaled)
  {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  double reduced[4] = { -lo, hi, progress.Aborted ? 1.0 : 0.0, failed ? 1.0 : 0.0 };
  cm::AllMax(reduced, 4);
  const double range[2] = { -reduced[0], reduced[1] };
  if (reduced[3] > 0)
  {
    // Failed (on this rank or another): an error and empty outputs everywhere.
    cm::ShareFailure(this, failed, error);
    ClearOutputs(outputVector);
    return 0;
  }
  if (reduced[2] > 0 || progress.Step(0.8))
  {
    return ClearOutputs(outputVector); // aborted (on this rank or another): empty outputs everywhere
  }
  cm::map::BandSpec spec;
  spec.N = this->NumberOfBands;
  spec.Min = std::isfinite(range[0]) ? range[0] : 0.0;
  spec.Max = std::isfinite(range[1]) ? range[1] : 1.0;
  if (global || style.Absolute || this->FixedBandRange)
  {
    // One fixed scale for every frame: the colours mean the same in each.
    cm::pattern::FixedBandRange(style.Scale, style.FloorDb, style.RefDb, spec.Min, spec.Max);
  }
  const auto palette = static_cast<cm::map::Palette>(this->Palette);
  if (!AttachBands(output, surface.CellScaled, spec, palette, progress))
  {
    return ClearOutputs(outputVector); // aborted after the last reduction: this rank only
  }
  cm::map::FillBandTable(bandTable, spec, palette);
  AddReferenceFieldData(output, style.RefValue, global);
  {
    vtkNew<vtkDoubleArray> centreArray;
    centreArray->SetName("PatternCenter[m]");
    centreArray->SetNumberOfComponents(3);
    centreArray->InsertNextTuple(center);
    output->GetFieldData()->AddArray(centreArray);
  }

  // ---- The pattern grid.
  cm::pattern::GridLines lines;
  if (progress.Step(0.9))
  {
    return ClearOutputs(outputVector);
  }
  if (!in.Empty)
  {
    AddPatternGridLines(lines, style, this->GridLevels, this->GraticuleStep, grid.IsCut,
      surface.Points, surface.Cells, surface.Scaled);
  }
  GridLinesToPolyData(lines, vtkPolyData::GetData(outputVector, 2));
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
     << indent << "GraticuleStep: " << this->GraticuleStep << "\n";
}
