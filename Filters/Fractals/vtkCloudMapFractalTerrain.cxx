// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFractalTerrain.h"

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
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStructuredGrid.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <vector>

vtkStandardNewMacro(vtkCloudMapFractalTerrain);

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

int vtkCloudMapFractalTerrain::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkStructuredGrid* output = vtkStructuredGrid::GetData(outInfo);
  const int n = this->NumberOfLevels;
  const long long N = 1LL << n;
  const double total = double(N + 1) * double(N + 1);
  if (total > double(this->MaximumNumberOfPoints))
  {
    vtkErrorMacro("Fractal Terrain: " << n << " levels would make " << (N + 1) << " x " << (N + 1)
                                      << " = " << total << " points (about " << total * 60 / 1e9
                                      << " GB); the limit is " << this->MaximumNumberOfPoints
                                      << " (MaximumNumberOfPoints).");
    return 0;
  }

  cm::fractal::TerrainParameters p;
  p.Levels = n;
  p.Hurst = this->HurstExponent;
  p.Sigma = this->Sigma;
  p.Seed = static_cast<std::uint64_t>(static_cast<std::uint32_t>(this->Seed));
  p.DisplaceCentre = this->DisplaceCentre;
  double corners[4][3];
  std::copy_n(this->Corner1, 3, corners[0]);
  std::copy_n(this->Corner2, 3, corners[1]);
  std::copy_n(this->Corner3, 3, corners[2]);
  std::copy_n(this->Corner4, 3, corners[3]);

  // The optional control grid: m x m heights, m = 2^K + 1.
  std::vector<double> control;
  vtkDataSet* grid = vtkDataSet::GetData(inputVector[0], 0);
  if (grid && grid->GetNumberOfPoints() > 0)
  {
    const vtkIdType np = grid->GetNumberOfPoints();
    const auto m = static_cast<vtkIdType>(std::llround(std::sqrt(double(np))));
    int K = -1;
    for (int k = 0; k <= 15; ++k)
    {
      if ((vtkIdType(1) << k) + 1 == m)
      {
        K = k;
      }
    }
    if (m * m != np || K < 0)
    {
      vtkErrorMacro("Fractal Terrain: the control grid has " << np
                                                             << " points; it must be m x m with "
                                                                "m = 2^K + 1 (5, 9, 17, 33, ...).");
      return 0;
    }
    if (K > n)
    {
      vtkErrorMacro("Fractal Terrain: the control grid is "
        << m << " x " << m << " (level " << K << ") but the terrain has only " << n << " levels.");
      return 0;
    }
    vtkDataArray* h = grid->GetPointData()->GetArray("Elevation");
    if (!h)
    {
      h = grid->GetPointData()->GetScalars();
    }
    if (h && h->GetNumberOfComponents() != 1)
    {
      vtkErrorMacro("Fractal Terrain: the control grid's height array '"
        << (h->GetName() ? h->GetName() : "") << "' has " << h->GetNumberOfComponents()
        << " components; it must have 1.");
      return 0;
    }
    control.resize(static_cast<std::size_t>(np));
    for (vtkIdType k = 0; k < np; ++k)
    {
      double x[3];
      grid->GetPoint(k, x);
      control[std::size_t(k)] = h ? h->GetComponent(k, 0) : x[2];
      if (!std::isfinite(control[std::size_t(k)]))
      {
        vtkErrorMacro("Fractal Terrain: control height " << k << " is not finite.");
        return 0;
      }
    }
    // The control grid's corner points place the terrain.
    const vtkIdType cornerIds[4] = { 0, m - 1, m * m - 1, m * m - m };
    for (int c = 0; c < 4; ++c)
    {
      grid->GetPoint(cornerIds[c], corners[c]);
    }
    p.ControlLevel = K;
    p.ControlHeights = control.data();
  }
  for (int c = 0; c < 4; ++c)
  {
    p.CornerHeights[c] = corners[c][2];
  }
  const std::string problem = cm::fractal::ValidateTerrain(p);
  if (!problem.empty())
  {
    vtkErrorMacro("Fractal Terrain: " << problem << ".");
    return 0;
  }

  // The requested extent, grown by the rows that peak cutting and normals
  // need from the neighbouring pieces.
  int ext[6] = { 0, int(N), 0, int(N), 0, 0 };
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), ext);
  }
  ext[0] = std::max(ext[0], 0);
  ext[2] = std::max(ext[2], 0);
  ext[1] = std::min<int>(ext[1], int(N));
  ext[3] = std::min<int>(ext[3], int(N));
  if (ext[1] < ext[0] || ext[3] < ext[2])
  {
    return 1; // an empty piece
  }
  const int cut = this->PeakCutting ? this->PeakCuttingIterations : 0;
  const int g = cut + 1;
  cm::fractal::TerrainWindow w{ std::max(0, ext[0] - g), std::min<int>(int(N), ext[1] + g),
    std::max(0, ext[2] - g), std::min<int>(int(N), ext[3] + g) };

  std::vector<double> height, disp;
  const auto smp = cm::SMPFor();
  if (!cm::fractal::GenerateTerrain(
        p, w, height, this->ComputeDisplacement ? &disp : nullptr, smp, cm::ProgressAbort(this)))
  {
    return 1; // aborted
  }
  if (cut > 0)
  {
    const int step = p.ControlLevel >= 0 ? int(N >> p.ControlLevel) : int(N);
    cm::fractal::CutPeaks(
      height, w, this->PeakCuttingStrength, cut,
      [step](int i, int j) { return i % step == 0 && j % step == 0; }, smp);
  }

  // Positions on the window: bilinear x, y of the corners, z = elevation.
  const int wx = w.Nx(), wy = w.Ny();
  std::vector<double> xyz(std::size_t(wx) * wy * 3);
  std::vector<float> nrm(xyz.size());
  for (int j = 0; j < wy; ++j)
  {
    const double v = double(w.J0 + j) / double(N);
    for (int i = 0; i < wx; ++i)
    {
      const double u = double(w.I0 + i) / double(N);
      double* o = &xyz[3 * (std::size_t(j) * wx + i)];
      for (int k = 0; k < 2; ++k)
      {
        o[k] = (1 - u) * (1 - v) * corners[0][k] + u * (1 - v) * corners[1][k] +
          u * v * corners[2][k] + (1 - u) * v * corners[3][k];
      }
      o[2] = height[std::size_t(j) * wx + i];
    }
  }
  cm::fractal::GridNormals(xyz.data(), wx, wy, nrm.data());

  // Crop the window to the requested extent.
  const int ox = ext[1] - ext[0] + 1, oy = ext[3] - ext[2] + 1;
  const vtkIdType no = vtkIdType(ox) * oy;
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(no);
  vtkNew<vtkDoubleArray> elev;
  elev->SetName("Elevation");
  elev->SetNumberOfTuples(no);
  vtkNew<vtkFloatArray> normals;
  normals->SetName("Normals");
  normals->SetNumberOfComponents(3);
  normals->SetNumberOfTuples(no);
  vtkNew<vtkIdTypeArray> gids;
  gids->SetName("GlobalIds");
  gids->SetNumberOfTuples(no);
  vtkNew<vtkDoubleArray> dArr;
  dArr->SetName("Displacement");
  vtkNew<vtkUnsignedCharArray> lArr;
  lArr->SetName("Level");
  if (this->ComputeDisplacement)
  {
    dArr->SetNumberOfTuples(no);
    lArr->SetNumberOfTuples(no);
  }
  for (int j = 0; j < oy; ++j)
  {
    const int gj = ext[2] + j;
    for (int i = 0; i < ox; ++i)
    {
      const int gi = ext[0] + i;
      const std::size_t src = std::size_t(gj - w.J0) * wx + (gi - w.I0);
      const vtkIdType dst = vtkIdType(j) * ox + i;
      pts->SetPoint(dst, &xyz[3 * src]);
      elev->SetValue(dst, height[src]);
      normals->SetTypedTuple(dst, &nrm[3 * src]);
      gids->SetValue(dst, vtkIdType(gj) * (N + 1) + gi);
      if (this->ComputeDisplacement)
      {
        dArr->SetValue(dst, disp[src]);
        // The level that created (i, j): n minus the trailing zero bits both share.
        int tz = n;
        while (tz > 0 && ((gi | gj) & ((1 << tz) - 1)) != 0)
        {
          --tz;
        }
        lArr->SetValue(dst, static_cast<unsigned char>(n - tz));
      }
    }
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
