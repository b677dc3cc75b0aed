// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAntennaPatternSurface.h"

#include "cmBanding.h"
#include "cmRefinement.h"
#include "cmSphereGrid.h"
#include "cmVTKAccess.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkMultiProcessController.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

vtkStandardNewMacro(vtkCloudMapAntennaPatternSurface);

vtkCloudMapAntennaPatternSurface::vtkCloudMapAntennaPatternSurface()
{
  this->SetNumberOfOutputPorts(2);
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

double GlobalMax(double local)
{
  vtkMultiProcessController* c = vtkMultiProcessController::GetGlobalController();
  if (c && c->GetNumberOfProcesses() > 1)
  {
    double g = local;
    c->AllReduce(&local, &g, 1, vtkCommunicator::MAX_OP);
    return g;
  }
  return local;
}

} // namespace

int vtkCloudMapAntennaPatternSurface::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkTable* input = vtkTable::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector, 0);
  vtkTable* bandTable = vtkTable::GetData(outputVector, 1);

  vtkDataArray* values = this->GetInputArrayToProcess(0, inputVector);
  if (!values)
  {
    // Far-field grids carry |E|; tables from elsewhere may only have a gain column.
    values = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
    values = values ? values : vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  }
  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName(this->ThetaArrayName.c_str()));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName(this->PhiArrayName.c_str()));
  const vtkIdType n = input->GetNumberOfRows();
  cloudmap::BandSpec spec;
  spec.N = this->NumberOfBands;
  const auto palette = static_cast<cloudmap::Palette>(this->Palette);
  const auto scale = static_cast<cloudmap::PatternScale>(this->Scale);
  const double floorDb = this->DynamicRange;

  // An empty piece (tables live on rank 0) still joins the reductions below.
  const bool empty = n == 0;
  if (!empty && (!theta || !phi || !values))
  {
    vtkErrorMacro(<< "the input table needs numeric columns '" << this->ThetaArrayName << "', '"
                  << this->PhiArrayName << "' and a value column (|E| or Gain by default)");
    return 0;
  }
  cloudmap::SphereGrid grid;
  std::string error;
  std::vector<double> th, ph, val;
  if (!empty)
  {
    th = cloudmap::ValuesAsDouble(theta);
    ph = cloudmap::ValuesAsDouble(phi);
    val = cloudmap::ScalarsOf(values, -1);
    if (!cloudmap::BuildSphereGrid(th.data(), ph.data(), val.data(), n, grid, error))
    {
      vtkErrorMacro(<< error);
      return 0;
    }
  }
  const auto kind = GuessKind(this->ValueKind, values && values->GetName() ? values->GetName() : "");
  double localMax = -std::numeric_limits<double>::infinity();
  for (double v : grid.Value)
  {
    localMax = std::max(localMax, v);
  }
  const double vmax = GlobalMax(localMax);
  const std::string valueName = values && values->GetName() ? values->GetName() : "Value";

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
  vtkSMPTools::For(0, ne, [&](vtkIdType b, vtkIdType e) {
    cloudmap::Vec3 p[4];
    for (vtkIdType c = b; c < e; ++c)
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
    const double a = cloudmap::FieldRatio(v, vmax, kind);
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
    pScaled->InsertNextValue(cloudmap::ScaledQuantity(a, scale, floorDb));
  };

  if (grid.IsCut)
  {
    // A single cut: a polyline through the samples, banded per segment.
    const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
    for (std::int64_t i = 0; i < m; ++i)
    {
      place(&grid.Direction[3 * i], grid.Value[i]);
    }
    for (std::int64_t i = 0; i + 1 < m; ++i)
    {
      const vtkIdType seg[2] = { i, i + 1 };
      cells->InsertNextCell(2, seg);
      const double v = 0.5 * (grid.Value[i] + grid.Value[i + 1]);
      cellScaled.push_back(cloudmap::ScaledQuantity(cloudmap::FieldRatio(v, vmax, kind), scale, floorDb));
    }
    output->SetLines(cells);
  }
  else if (level == 0)
  {
    // Unrefined: the grid itself, with its shared vertices (poles, φ wrap).
    const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
    for (std::int64_t i = 0; i < m; ++i)
    {
      place(&grid.Direction[3 * i], grid.Value[i]);
    }
    for (std::int64_t e = 0; e < ne; ++e)
    {
      vtkIdType ids[4];
      const int per = int(grid.Offsets[e + 1] - grid.Offsets[e]);
      for (int j = 0; j < per; ++j)
      {
        ids[j] = grid.Connectivity[grid.Offsets[e] + j];
      }
      cells->InsertNextCell(per, ids);
      const double v = interp(e, crs[2 * e], crs[2 * e + 1]);
      cellScaled.push_back(
        cloudmap::ScaledQuantity(cloudmap::FieldRatio(v, vmax, kind), scale, floorDb));
    }
    output->SetPolys(cells);
  }
  else
  {
    points->Allocate(np);
    for (std::int64_t e = 0; e < ne; ++e)
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
    for (std::int64_t e = 0; e < ne; ++e)
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
        cellScaled.push_back(
          cloudmap::ScaledQuantity(cloudmap::FieldRatio(v, vmax, kind), scale, floorDb));
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
  double range[2] = { -GlobalMax(-lo), GlobalMax(hi) };
  spec.Min = std::isfinite(range[0]) ? range[0] : 0.0;
  spec.Max = std::isfinite(range[1]) ? range[1] : 1.0;
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
  for (std::size_t i = 0; i < cellScaled.size(); ++i)
  {
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
     << indent << "NumberOfBands: " << this->NumberOfBands << "\n";
}
