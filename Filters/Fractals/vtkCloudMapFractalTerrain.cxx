// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFractalTerrain.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmFractalTerrain.h"

#include "vtkDataArray.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkSmartPointer.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStructuredGrid.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapFractalTerrain);

namespace
{
// A named array of `components` x `tuples` values.
template <typename ArrayT>
vtkSmartPointer<ArrayT> NewArray(const char* name, int components, vtkIdType tuples)
{
  auto a = vtkSmartPointer<ArrayT>::New();
  a->SetName(name);
  a->SetNumberOfComponents(components);
  a->SetNumberOfTuples(tuples);
  return a;
}
}

vtkCloudMapFractalTerrain::vtkCloudMapFractalTerrain()
{
  this->SetNumberOfInputPorts(1); // optional control grid
}

vtkCloudMapFractalTerrain::~vtkCloudMapFractalTerrain() = default;

int vtkCloudMapFractalTerrain::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  return 1;
}

int vtkCloudMapFractalTerrain::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const int N = 1 << this->NumberOfLevels;
  int ext[6] = { 0, N, 0, N, 0, 0 };
  outInfo->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  outInfo->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
  return 1;
}

int vtkCloudMapFractalTerrain::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // Every piece needs the whole (small) control grid.
  cm::RequestWholeInput(inputVector[0]->GetInformationObject(0));
  return 1;
}

namespace
{
// The control grid input as plain arrays: its points and, when it has one,
// the 1-component Elevation (or scalar) array.
void ReadControlGrid(vtkDataSet* grid, cm::fractal::ControlGridInput& in, std::vector<double>& xyz,
  std::vector<double>& heights)
{
  const vtkIdType np = grid ? grid->GetNumberOfPoints() : 0;
  in.NumberOfPoints = np;
  if (np == 0)
  {
    return;
  }
  xyz.resize(std::size_t(3 * np));
  for (vtkIdType k = 0; k < np; ++k)
  {
    grid->GetPoint(k, &xyz[std::size_t(3 * k)]);
  }
  in.Points = xyz.data();
  vtkDataArray* h = grid->GetPointData()->GetArray("Elevation");
  h = h ? h : grid->GetPointData()->GetScalars();
  if (h)
  {
    in.HeightComponents = h->GetNumberOfComponents();
    in.HeightName = h->GetName() ? h->GetName() : "";
    if (in.HeightComponents == 1)
    {
      heights = cm::ValuesAsDouble(h);
      in.Heights = heights.data();
    }
  }
}
}

int vtkCloudMapFractalTerrain::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkStructuredGrid* output = vtkStructuredGrid::GetData(outInfo);
  std::string problem =
    cm::fractal::TerrainSizeProblem(this->NumberOfLevels, this->MaximumNumberOfPoints);
  cm::fractal::TerrainSurface s;
  cm::fractal::TerrainParameters& p = s.Parameters;
  p.Levels = this->NumberOfLevels;
  p.Hurst = this->HurstExponent;
  p.Sigma = this->Sigma;
  p.Seed = static_cast<std::uint64_t>(static_cast<std::uint32_t>(this->Seed));
  p.DisplaceCentre = this->DisplaceCentre;
  std::copy_n(this->Corner1, 3, s.Corners[0]);
  std::copy_n(this->Corner2, 3, s.Corners[1]);
  std::copy_n(this->Corner3, 3, s.Corners[2]);
  std::copy_n(this->Corner4, 3, s.Corners[3]);
  s.PeakCuttingIterations = this->PeakCutting ? this->PeakCuttingIterations : 0;
  s.PeakCuttingStrength = this->PeakCuttingStrength;
  s.ComputeDisplacement = this->ComputeDisplacement;
  cm::fractal::ControlGridInput grid;
  std::vector<double> gridXyz, gridHeights, control;
  if (problem.empty())
  {
    ReadControlGrid(vtkDataSet::GetData(inputVector[0], 0), grid, gridXyz, gridHeights);
    problem = cm::fractal::PrepareTerrain(s, &grid, control);
  }
  if (!problem.empty())
  {
    vtkErrorMacro("Fractal Terrain: " << problem);
    return 0;
  }
  const int N = 1 << p.Levels;
  int ext[6] = { 0, N, 0, N, 0, 0 };
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), ext);
  }
  if (!cm::fractal::ClampTerrainExtent(p.Levels, ext))
  {
    return 1; // an empty piece
  }
  const vtkIdType no = vtkIdType(ext[1] - ext[0] + 1) * (ext[3] - ext[2] + 1);
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(no);
  auto elev = NewArray<vtkDoubleArray>("Elevation", 1, no);
  auto normals = NewArray<vtkFloatArray>("Normals", 3, no);
  auto gids = NewArray<vtkIdTypeArray>("GlobalIds", 1, no);
  const vtkIdType nd = this->ComputeDisplacement ? no : 0;
  auto dArr = NewArray<vtkDoubleArray>("Displacement", 1, nd);
  auto lArr = NewArray<vtkUnsignedCharArray>("Level", 1, nd);
  cm::fractal::TerrainOutput out;
  out.Points = static_cast<double*>(pts->GetData()->GetVoidPointer(0));
  out.Elevation = elev->GetPointer(0);
  out.Normals = normals->GetPointer(0);
  out.GlobalIds = gids->GetPointer(0);
  out.Displacement = nd ? dArr->GetPointer(0) : nullptr;
  out.Level = nd ? lArr->GetPointer(0) : nullptr;
  if (!cm::fractal::MakeTerrain(s, ext, out, cm::SMPFor(), cm::ProgressAbort(this)))
  {
    return 1; // aborted
  }
  output->SetExtent(ext);
  output->SetPoints(pts);
  vtkPointData* pd = output->GetPointData();
  pd->SetScalars(elev);
  pd->SetNormals(normals);
  pd->SetGlobalIds(gids);
  if (this->ComputeDisplacement)
  {
    pd->AddArray(dArr);
    pd->AddArray(lArr);
  }
  return 1;
}

void vtkCloudMapFractalTerrain::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n";
  os << indent << "HurstExponent: " << this->HurstExponent << "\n";
  os << indent << "Sigma: " << this->Sigma << "\n";
  os << indent << "Seed: " << this->Seed << "\n";
  os << indent << "PeakCutting: " << this->PeakCutting << " strength " << this->PeakCuttingStrength
     << " iterations " << this->PeakCuttingIterations << "\n";
  os << indent << "MaximumNumberOfPoints: " << this->MaximumNumberOfPoints << "\n";
}
