// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapCentroidMidpointRefinement.h"

#include "cmRefinement.h"
#include "cmVTKAccess.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDoubleArray.h"
#include "vtkIdList.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkTypeInt64Array.h"
#include "vtkUnsignedCharArray.h"

#include <vector>

static_assert(sizeof(vtkTypeInt64) == sizeof(std::int64_t), "64-bit connectivity");

vtkStandardNewMacro(vtkCloudMapCentroidMidpointRefinement);

vtkCloudMapCentroidMidpointRefinement::vtkCloudMapCentroidMidpointRefinement() = default;
vtkCloudMapCentroidMidpointRefinement::~vtkCloudMapCentroidMidpointRefinement() = default;

namespace
{
// Interpolates every numeric input point array onto the refined points, from
// the parent's corners with the weights of each point's parent coordinates.
void InterpolatePoints(vtkPointData* inPD, vtkPointData* outPD, const cloudmap::SurfaceView& view,
  const std::vector<std::int64_t>& pointStart, const std::vector<double>& pointRS)
{
  const std::int64_t nOut = pointStart.back();
  for (int a = 0; a < inPD->GetNumberOfArrays(); ++a)
  {
    vtkDataArray* in = inPD->GetArray(a);
    if (!in || !in->GetName())
    {
      continue;
    }
    const int nc = in->GetNumberOfComponents();
    const std::vector<double> vin = cloudmap::ValuesAsDouble(in);
    vtkNew<vtkDoubleArray> out;
    out->SetName(in->GetName());
    out->SetNumberOfComponents(nc);
    out->SetNumberOfTuples(nOut);
    double* o = out->GetPointer(0);
    vtkSMPTools::For(0, view.NumberOfCells(), [&](vtkIdType b, vtkIdType e) {
      double w[4];
      for (vtkIdType c = b; c < e; ++c)
      {
        const int n = view.Size(c);
        const std::int64_t* corners = view.Conn.data() + view.Offsets[c];
        for (std::int64_t p = pointStart[c]; p < pointStart[c + 1]; ++p)
        {
          cloudmap::ParentWeights(n, pointRS[2 * p], pointRS[2 * p + 1], w);
          for (int k = 0; k < nc; ++k)
          {
            double v = 0;
            for (int j = 0; j < n; ++j)
            {
              v += w[j] * vin[corners[j] * nc + k];
            }
            o[p * nc + k] = v;
          }
        }
      }
    });
    outPD->AddArray(out);
  }
}
} // namespace

int vtkCloudMapCentroidMidpointRefinement::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  cloudmap::SurfaceView view;
  std::string error;
  if (!cloudmap::MakeSurfaceView(input, view, error))
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  const std::int64_t nIn = view.NumberOfCells();

  // Pass 1: each parent's level and output sizes.
  std::vector<unsigned char> level(nIn);
  std::vector<std::int64_t> pointStart(nIn + 1, 0), cellStart(nIn + 1, 0), connStart(nIn + 1, 0);
  const bool adaptive = this->PrecisionMode == MAXIMUM_EDGE_LENGTH;
  const int fixed = this->NumberOfLevels;
  const double hmax = this->MaximumEdgeLength;
  const int lmax = this->MaximumLevel;
  vtkSMPTools::For(0, nIn, [&](vtkIdType b, vtkIdType e) {
    cloudmap::Vec3 p[4];
    for (vtkIdType c = b; c < e; ++c)
    {
      const int n = view.Size(c);
      int l = fixed;
      if (adaptive)
      {
        view.Corners(c, p);
        l = cloudmap::LevelForEdgeLength(p, n, hmax, lmax);
      }
      level[c] = static_cast<unsigned char>(l);
      const cloudmap::RefineCounts rc = cloudmap::RefinedSize(n, l);
      pointStart[c + 1] = rc.Points;
      cellStart[c + 1] = rc.Cells;
      connStart[c + 1] = rc.Connectivity;
    }
  });
  // Serial prefix sums give every parent its own output range (no locks later).
  for (std::int64_t c = 0; c < nIn; ++c)
  {
    pointStart[c + 1] += pointStart[c];
    cellStart[c + 1] += cellStart[c];
    connStart[c + 1] += connStart[c];
  }
  const std::int64_t nOut = cellStart[nIn], nPts = pointStart[nIn];
  if (nOut > this->MaximumNumberOfCells)
  {
    vtkErrorMacro(<< "refinement would produce " << nOut << " sub-elements (" << nPts
                  << " points), above MaximumNumberOfCells = " << this->MaximumNumberOfCells
                  << "; lower the level or raise the limit");
    return 0;
  }

  // Pass 2: write every parent's sub-elements into its range.
  vtkNew<vtkDoubleArray> coords;
  coords->SetNumberOfComponents(3);
  coords->SetNumberOfTuples(nPts);
  vtkNew<vtkTypeInt64Array> offsets, conn;
  offsets->SetNumberOfTuples(nOut + 1);
  conn->SetNumberOfTuples(connStart[nIn]);
  vtkNew<vtkIdTypeArray> parentId;
  parentId->SetName("ParentId");
  parentId->SetNumberOfTuples(nOut);
  vtkNew<vtkUnsignedCharArray> levelArray;
  levelArray->SetName("RefinementLevel");
  levelArray->SetNumberOfTuples(nOut);
  vtkNew<vtkDoubleArray> parentRS;
  parentRS->SetName("ParentCoordinates");
  parentRS->SetNumberOfComponents(2);
  parentRS->SetNumberOfTuples(nOut);
  const bool wantPointRS = this->InterpolatePointData && input->GetPointData()->GetNumberOfArrays();
  std::vector<double> pointRS(wantPointRS ? 2 * nPts : 0);

  double* xyz = coords->GetPointer(0);
  vtkTypeInt64* off = offsets->GetPointer(0);
  vtkTypeInt64* cc = conn->GetPointer(0);
  vtkIdType* pid = parentId->GetPointer(0);
  unsigned char* lev = levelArray->GetPointer(0);
  double* rs = parentRS->GetPointer(0);
  off[nOut] = connStart[nIn];
  vtkSMPTools::For(0, nIn, [&](vtkIdType b, vtkIdType e) {
    cloudmap::Vec3 p[4];
    for (vtkIdType c = b; c < e; ++c)
    {
      const int n = view.Size(c);
      view.Corners(c, p);
      cloudmap::RefineOutput out;
      out.Points = xyz + 3 * pointStart[c];
      out.PointRS = wantPointRS ? pointRS.data() + 2 * pointStart[c] : nullptr;
      // vtkTypeInt64 is long long and std::int64_t long on LP64: same width and layout.
      out.Connectivity = reinterpret_cast<std::int64_t*>(cc) + connStart[c];
      out.CellRS = rs + 2 * cellStart[c];
      out.PointBase = pointStart[c];
      cloudmap::RefineElement(p, n, level[c], out);
      const std::int64_t per = level[c] == 0 ? n : 4;
      for (std::int64_t k = cellStart[c]; k < cellStart[c + 1]; ++k)
      {
        off[k] = connStart[c] + (k - cellStart[c]) * per;
        pid[k] = c;
        lev[k] = level[c];
      }
    }
  });

  vtkNew<vtkPoints> points;
  points->SetData(coords);
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, conn);
  output->SetPoints(points);
  output->SetPolys(polys);

  // Cell data: parent values copied to every child.
  vtkCellData* inCD = input->GetCellData();
  vtkCellData* outCD = output->GetCellData();
  if (inCD->GetNumberOfArrays() > 0)
  {
    vtkNew<vtkIdList> ids;
    ids->SetArray(pid, nOut, /*save=*/true);
    for (int a = 0; a < inCD->GetNumberOfArrays(); ++a)
    {
      vtkAbstractArray* src = inCD->GetAbstractArray(a);
      vtkSmartPointer<vtkAbstractArray> dst = vtk::TakeSmartPointer(src->NewInstance());
      dst->SetName(src->GetName());
      dst->SetNumberOfComponents(src->GetNumberOfComponents());
      dst->SetNumberOfTuples(nOut);
      src->GetTuples(ids, dst);
      outCD->AddArray(dst);
    }
    // The list borrowed parentId's memory; give it back before it is released.
    ids->Release();
  }
  outCD->AddArray(parentId);
  outCD->AddArray(levelArray);
  outCD->AddArray(parentRS);
  if (const char* active = inCD->GetScalars() ? inCD->GetScalars()->GetName() : nullptr)
  {
    outCD->SetActiveScalars(active);
  }
  if (wantPointRS)
  {
    InterpolatePoints(input->GetPointData(), output->GetPointData(), view, pointStart, pointRS);
  }
  output->GetFieldData()->PassData(input->GetFieldData());
  return 1;
}

void vtkCloudMapCentroidMidpointRefinement::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "PrecisionMode: " << this->PrecisionMode << "\n"
     << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n"
     << indent << "MaximumEdgeLength: " << this->MaximumEdgeLength << "\n"
     << indent << "MaximumLevel: " << this->MaximumLevel << "\n"
     << indent << "MaximumNumberOfCells: " << this->MaximumNumberOfCells << "\n"
     << indent << "InterpolatePointData: " << this->InterpolatePointData << "\n";
}
