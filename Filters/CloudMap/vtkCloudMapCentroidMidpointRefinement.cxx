// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapCentroidMidpointRefinement.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmLargeBuffer.h"
#include "cmElementInterpolation.h"
#include "cmRefinement.h"
#include "cmSurfaceView.h"

#include "vtkArrayDispatch.h"
#include "vtkCellArray.h"
#include "vtkDataArrayRange.h"
#include "vtkCellData.h"
#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkTypeInt32Array.h"
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


vtkStandardNewMacro(vtkCloudMapCentroidMidpointRefinement);

vtkCloudMapCentroidMidpointRefinement::vtkCloudMapCentroidMidpointRefinement() = default;
vtkCloudMapCentroidMidpointRefinement::~vtkCloudMapCentroidMidpointRefinement()
{
  this->SetCentreArrayName(nullptr);
}

namespace
{
// What pass 2 reads and the arrays it fills that do not depend on the types.
struct WriteContext
{
  const cm::SurfaceView& View;
  const cm::LargeArray<unsigned char>& Level;
  const cm::LargeArray<std::int64_t>& PointStart;
  const cm::LargeArray<std::int64_t>& CellStart;
  const cm::LargeArray<std::int64_t>& ConnStart;
  vtkIdType* ParentId;
  unsigned char* LevelOut;
  double* CellRS;     ///< null in the fused mode: the centres stay in per-thread scratch
  double* PointRS;
  const double* CentreIn = nullptr; ///< parent point values to evaluate at the centres
  int CentreComps = 0;
  bool Scanline = false;
  double* CentreOut = nullptr;      ///< CentreComps values per sub-element
};

// The value at each sub-element centre of parent c, from its corners'
// values: the same weights and the same sums, in the same order, as
// vtkCloudMapElementInterpolation, so the fused path is bit-identical.
void CentreValues(const WriteContext& ctx, std::int64_t c, const cm::Vec3* p, int n,
  const double* rs, std::int64_t nSub, double* out)
{
  const std::int64_t first = ctx.View.Offset(c);
  const int nc = ctx.CentreComps;
  double w[4];
  for (std::int64_t k = 0; k < nSub; ++k)
  {
    if (ctx.Scanline)
    {
      const cm::Vec3 q = cm::map::ParentPoint(p, n, rs[2 * k], rs[2 * k + 1]);
      cm::map::ElementWeights(p, n, q, cm::map::QuadInterpolation::Scanline, w);
    }
    else
    {
      cm::map::ParentWeights(n, rs[2 * k], rs[2 * k + 1], w);
    }
    for (int q = 0; q < nc; ++q)
    {
      double v = 0;
      for (int j = 0; j < n; ++j)
      {
        v += w[j] * ctx.CentreIn[ctx.View.Id(first + j) * nc + q];
      }
      out[k * nc + q] = v;
    }
  }
}

// Writes the points and cells of every parent into its own range, with no locks.
template <typename PointArrayT, typename IdArrayT>
vtkSmartPointer<vtkDataArray> WriteRefined(
  vtkAlgorithm* self, const WriteContext& ctx, vtkCellArray* polys)
{
  using PointT = typename PointArrayT::ValueType;
  using ConnT = typename IdArrayT::ValueType;
  const std::int64_t nIn = ctx.View.NumberOfCells();
  const std::int64_t nOut = ctx.CellStart[nIn], nPts = ctx.PointStart[nIn];
  vtkNew<PointArrayT> coords;
  coords->SetNumberOfComponents(3);
  cm::ResizeLarge(coords.GetPointer(), nPts);
  vtkNew<IdArrayT> offsets, conn;
  cm::ResizeLarge(offsets.GetPointer(), nOut + 1);
  cm::ResizeLarge(conn.GetPointer(), ctx.ConnStart[nIn]);
  PointT* xyz = coords->GetPointer(0);
  ConnT* off = offsets->GetPointer(0);
  ConnT* cc = conn->GetPointer(0);
  off[nOut] = static_cast<ConnT>(ctx.ConnStart[nIn]);
  const bool ok = cm::ForWithProgress(self, nIn, 0.1, 0.9, [&](std::int64_t b, std::int64_t e) {
    cm::Vec3 p[4];
    std::vector<double> scratch; // the centres of one parent, in the fused mode
    for (std::int64_t c = b; c < e; ++c)
    {
      const int n = ctx.View.Size(c);
      const std::int64_t nSub = ctx.CellStart[c + 1] - ctx.CellStart[c];
      ctx.View.Corners(c, p);
      cm::map::RefineOutputT<PointT, ConnT> out;
      out.Points = xyz + 3 * ctx.PointStart[c];
      out.PointRS = ctx.PointRS ? ctx.PointRS + 2 * ctx.PointStart[c] : nullptr;
      out.Connectivity = cc + ctx.ConnStart[c];
      if (ctx.CellRS)
      {
        out.CellRS = ctx.CellRS + 2 * ctx.CellStart[c];
      }
      else
      {
        scratch.resize(static_cast<std::size_t>(2 * nSub));
        out.CellRS = scratch.data();
      }
      out.PointBase = ctx.PointStart[c];
      cm::map::RefineElement(p, n, ctx.Level[c], out);
      if (ctx.CentreOut)
      {
        CentreValues(ctx, c, p, n, out.CellRS, nSub, ctx.CentreOut + ctx.CentreComps * ctx.CellStart[c]);
      }
      const std::int64_t per = ctx.Level[c] == 0 ? n : 4;
      for (std::int64_t k = ctx.CellStart[c]; k < ctx.CellStart[c + 1]; ++k)
      {
        off[k] = static_cast<ConnT>(ctx.ConnStart[c] + (k - ctx.CellStart[c]) * per);
        ctx.ParentId[k] = c;
        ctx.LevelOut[k] = ctx.Level[c];
      }
    }
  });
  if (!ok)
  {
    return nullptr; // aborted
  }
  polys->SetData(offsets, conn);
  return coords.GetPointer();
}

// Interpolates every numeric input point array onto the refined points, from
// the parent's corners with the weights of each point's parent coordinates.
// Reports progress 0.9 -> 1 array by array; returns false when aborted.
bool InterpolatePoints(vtkAlgorithm* self, vtkPointData* inPD, vtkPointData* outPD,
  const cm::SurfaceView& view, const cm::LargeArray<std::int64_t>& pointStart,
  const cm::LargeArray<double>& pointRS)
{
  const std::int64_t nOut = pointStart.back();
  const int nArrays = inPD->GetNumberOfArrays();
  for (int a = 0; a < nArrays; ++a)
  {
    self->UpdateProgress(0.9 + 0.1 * a / nArrays);
    if (self->GetAbortExecute())
    {
      return false;
    }
    vtkDataArray* in = inPD->GetArray(a);
    if (!in || !in->GetName())
    {
      continue;
    }
    const int nc = in->GetNumberOfComponents();
    const std::vector<double> vin = cm::ValuesAsDouble(in);
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
        const std::int64_t first = view.Offset(c);
        for (std::int64_t p = pointStart[c]; p < pointStart[c + 1]; ++p)
        {
          cm::map::ParentWeights(n, pointRS[2 * p], pointRS[2 * p + 1], w);
          for (int k = 0; k < nc; ++k)
          {
            double v = 0;
            for (int j = 0; j < n; ++j)
            {
              v += w[j] * vin[view.Id(first + j) * nc + k];
            }
            o[p * nc + k] = v;
          }
        }
      }
    });
    outPD->AddArray(out);
  }
  return true;
}
} // namespace

int vtkCloudMapCentroidMidpointRefinement::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  cm::SurfaceView view;
  std::string error;
  if (!cm::MakeSurfaceView(input, view, error))
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  const std::int64_t nIn = view.NumberOfCells();

  // Pass 1: each parent's level and output sizes.
  // Uninitialized, on huge pages: pass 1 writes (and faults in) every entry
  // but the leading zero on the threads.
  cm::LargeArray<unsigned char> level(nIn);
  cm::LargeArray<std::int64_t> pointStart(nIn + 1), cellStart(nIn + 1), connStart(nIn + 1);
  pointStart[0] = cellStart[0] = connStart[0] = 0;
  const bool adaptive = this->PrecisionMode == MAXIMUM_EDGE_LENGTH;
  const int fixed = this->NumberOfLevels;
  const double hmax = this->MaximumEdgeLength;
  const int lmax = this->MaximumLevel;
  const bool sized = cm::ForWithProgress(this, nIn, 0.0, 0.1, [&](std::int64_t b, std::int64_t e) {
    cm::Vec3 p[4];
    for (std::int64_t c = b; c < e; ++c)
    {
      const int n = view.Size(c);
      int l = fixed;
      if (adaptive)
      {
        view.Corners(c, p);
        l = cm::map::LevelForEdgeLength(p, n, hmax, lmax);
      }
      level[c] = static_cast<unsigned char>(l);
      const cm::map::RefineCounts rc = cm::map::RefinedSize(n, l);
      pointStart[c + 1] = rc.Points;
      cellStart[c + 1] = rc.Cells;
      connStart[c + 1] = rc.Connectivity;
    }
  });
  if (!sized)
  {
    output->Initialize();
    return 1; // aborted by the user: an empty output
  }
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

  // Pass 2: write every parent's sub-elements into its range, in the
  // smallest sufficient types: the input's point precision, and 32-bit ids
  // whenever the output allows it.
  vtkNew<vtkIdTypeArray> parentId;
  parentId->SetName("ParentId");
  cm::ResizeLarge(parentId.GetPointer(), nOut);
  vtkNew<vtkUnsignedCharArray> levelArray;
  levelArray->SetName("RefinementLevel");
  cm::ResizeLarge(levelArray.GetPointer(), nOut);
  // The fused mode: a point array evaluated at the centres instead of ParentCoordinates.
  vtkDataArray* centreIn = this->CentreArrayName
    ? input->GetPointData()->GetArray(this->CentreArrayName)
    : nullptr;
  if (this->CentreArrayName && !centreIn)
  {
    vtkErrorMacro(<< "no point array '" << this->CentreArrayName << "' to evaluate at the centres");
    return 0;
  }
  std::vector<double> centreStore;
  const double* centreValues = nullptr;
  vtkNew<vtkDoubleArray> centre;
  vtkNew<vtkDoubleArray> parentRS;
  if (centreIn)
  {
    auto* d = vtkDoubleArray::SafeDownCast(centreIn);
    centreStore = d ? std::vector<double>() : cm::ValuesAsDouble(centreIn);
    centreValues = d ? d->GetPointer(0) : centreStore.data();
    centre->SetName(centreIn->GetName());
    centre->SetNumberOfComponents(centreIn->GetNumberOfComponents());
    cm::ResizeLarge(centre.GetPointer(), nOut);
  }
  else
  {
    parentRS->SetName("ParentCoordinates");
    parentRS->SetNumberOfComponents(2);
    cm::ResizeLarge(parentRS.GetPointer(), nOut);
  }
  const bool wantPointRS = this->InterpolatePointData && input->GetPointData()->GetNumberOfArrays();
  cm::LargeArray<double> pointRS(wantPointRS ? 2 * nPts : 0);
  const bool floatPoints = input->GetPoints() && input->GetPoints()->GetDataType() == VTK_FLOAT;
  const bool smallIds = nPts < VTK_INT_MAX && connStart[nIn] < VTK_INT_MAX;

  vtkIdType* pid = parentId->GetPointer(0);
  unsigned char* lev = levelArray->GetPointer(0);
  double* rs = centreIn ? nullptr : parentRS->GetPointer(0);
  WriteContext ctx{ view, level, pointStart, cellStart, connStart, pid, lev, rs,
    wantPointRS ? pointRS.data() : nullptr };
  if (centreIn)
  {
    ctx.CentreIn = centreValues;
    ctx.CentreComps = centreIn->GetNumberOfComponents();
    ctx.Scanline = this->CentreScanline;
    ctx.CentreOut = centre->GetPointer(0);
  }
  vtkSmartPointer<vtkDataArray> coords;
  vtkNew<vtkCellArray> polys;
  if (floatPoints && smallIds)
  {
    coords = WriteRefined<vtkFloatArray, vtkTypeInt32Array>(this, ctx, polys);
  }
  else if (floatPoints)
  {
    coords = WriteRefined<vtkFloatArray, vtkTypeInt64Array>(this, ctx, polys);
  }
  else if (smallIds)
  {
    coords = WriteRefined<vtkDoubleArray, vtkTypeInt32Array>(this, ctx, polys);
  }
  else
  {
    coords = WriteRefined<vtkDoubleArray, vtkTypeInt64Array>(this, ctx, polys);
  }
  if (!coords)
  {
    output->Initialize();
    return 1; // aborted by the user: an empty output
  }
  vtkNew<vtkPoints> points;
  points->SetData(coords);
  output->SetPoints(points);
  output->SetPolys(polys);

  // Cell data: parent values copied to every child.
  vtkCellData* inCD = input->GetCellData();
  vtkCellData* outCD = output->GetCellData();
  for (int a = 0; a < inCD->GetNumberOfArrays(); ++a)
  {
    vtkAbstractArray* src = inCD->GetAbstractArray(a);
    vtkSmartPointer<vtkAbstractArray> dst = vtk::TakeSmartPointer(src->NewInstance());
    dst->SetName(src->GetName());
    dst->SetNumberOfComponents(src->GetNumberOfComponents());
    cm::ResizeLargeAny(dst, nOut);
    cm::GatherTuples(src, dst, pid, nOut);
    outCD->AddArray(dst);
  }
  outCD->AddArray(parentId);
  outCD->AddArray(levelArray);
  outCD->AddArray(centreIn ? static_cast<vtkDataArray*>(centre) : parentRS);
  if (const char* active = inCD->GetScalars() ? inCD->GetScalars()->GetName() : nullptr)
  {
    outCD->SetActiveScalars(active);
  }
  if (wantPointRS &&
    !InterpolatePoints(this, input->GetPointData(), output->GetPointData(), view, pointStart, pointRS))
  {
    output->Initialize();
    return 1; // aborted by the user: an empty output
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
     << indent << "InterpolatePointData: " << this->InterpolatePointData << "\n"
     << indent << "CentreArrayName: " << (this->CentreArrayName ? this->CentreArrayName : "(none)")
     << "\n"
     << indent << "CentreScanline: " << this->CentreScanline << "\n";
}
