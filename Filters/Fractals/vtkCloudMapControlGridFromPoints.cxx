// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapControlGridFromPoints.h"

#include "cmControlGrid.h"
#include "cmExecution.h"
#include "cmRanks.h"

#include "vtkDataArray.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkImageData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapControlGridFromPoints);

vtkCloudMapControlGridFromPoints::vtkCloudMapControlGridFromPoints()
{
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapControlGridFromPoints::~vtkCloudMapControlGridFromPoints() = default;

int vtkCloudMapControlGridFromPoints::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkCloudMapControlGridFromPoints::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const int m = (1 << this->GridLevel) + 1;
  int ext[6] = { 0, m - 1, 0, m - 1, 0, 0 };
  outputVector->GetInformationObject(0)->Set(
    vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  return 1;
}

int vtkCloudMapControlGridFromPoints::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // Serial: the whole input. Several ranks: the ordinary piece (rank of
  // ranks), whatever piece downstream asks for, so that readers split their
  // data disjointly; RequestData gathers every rank's points.
  cm::RequestRankPiece(inputVector[0]->GetInformationObject(0));
  return 1;
}

namespace
{
// The points as (x, y, h) triples, h from `heights` (component 0) or z.
std::vector<double> PointHeights(vtkDataSet* input, vtkDataArray* heights)
{
  const vtkIdType n = input ? input->GetNumberOfPoints() : 0;
  std::vector<double> xyh(3 * static_cast<std::size_t>(n));
  for (vtkIdType k = 0; k < n; ++k)
  {
    double x[3];
    input->GetPoint(k, x);
    xyh[3 * k] = x[0];
    xyh[3 * k + 1] = x[1];
    xyh[3 * k + 2] = heights ? heights->GetComponent(k, 0) : x[2];
  }
  return xyh;
}
}

int vtkCloudMapControlGridFromPoints::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0], 0);
  vtkImageData* output = vtkImageData::GetData(outputVector, 0);
  const bool several = cm::SeveralRanks();
  const vtkIdType localN = input ? input->GetNumberOfPoints() : 0;
  std::string error;
  vtkDataArray* arr = nullptr;
  if (!this->UseZCoordinate && localN > 0) // an empty piece may have no arrays
  {
    arr = this->GetInputArrayToProcess(0, inputVector);
    error = cm::fractal::CheckHeightArray(arr != nullptr, arr ? arr->GetNumberOfComponents() : 0);
    if (!error.empty())
    {
      error = "Control Grid From Points: " + error;
      vtkErrorMacro(<< error);
    }
  }
  // Every rank must reach the gather below, or none.
  if (several ? cm::VoteAcrossRanks(this, !error.empty(), error).Failed : !error.empty())
  {
    return 0;
  }
  std::vector<double> xyh = PointHeights(input, arr);
  // x-y bounds of the local points (as vtkDataSet::GetBounds), or none.
  const double inf = std::numeric_limits<double>::infinity();
  double lb[4] = { inf, -inf, inf, -inf };
  if (localN > 0)
  {
    double bb[6];
    input->GetBounds(bb);
    std::copy_n(bb, 4, lb);
  }
  if (several)
  {
    // All points on every rank, in rank order (the order of contiguous
    // pieces, as serial reads them), and the union of the bounds.
    xyh = cm::AllGatherInRankOrder(xyh);
    double minima[4] = { lb[0], -lb[1], lb[2], -lb[3] };
    cm::AllMin(minima, 4);
    lb[0] = minima[0];
    lb[1] = -minima[1];
    lb[2] = minima[2];
    lb[3] = -minima[3];
  }
  const double* b = this->UseCustomBounds ? this->Bounds : lb;
  // Known alike on every rank (after the gather).
  error = cm::fractal::CheckControlGridPoints(static_cast<long long>(xyh.size() / 3), b);
  if (!error.empty())
  {
    vtkErrorMacro("Control Grid From Points: " << error);
    return 0;
  }
  // The grid is whole on every rank. Asked for piece p of N > 1 (a parallel
  // view or Fetch), only piece 0 holds it; asked for piece 0 of 1 (as Fractal
  // Terrain asks for its control grid on every rank), every rank gives it.
  int piece = 0, pieces = 1;
  cm::RequestedPiece(outputVector->GetInformationObject(0), piece, pieces);
  if (pieces > 1 && piece != 0)
  {
    output->Initialize();
    return 1;
  }
  const cm::fractal::ControlGridLayout l = cm::fractal::LayOutControlGrid(this->GridLevel, b);
  vtkNew<vtkDoubleArray> elev;
  elev->SetName("Elevation");
  elev->SetNumberOfTuples(vtkIdType(l.M) * l.M);
  if (!cm::fractal::InterpolateControlGrid(xyh, b, this->GridLevel, this->Power,
        elev->GetPointer(0), cm::SMPItems(), cm::ProgressAbort(this)))
  {
    return 1; // aborted: an empty grid
  }
  output->SetExtent(0, l.M - 1, 0, l.M - 1, 0, 0);
  output->SetOrigin(b[0], b[2], 0);
  output->SetSpacing(l.Dx, l.Dy, 1);
  output->GetPointData()->SetScalars(elev);
  return 1;
}

void vtkCloudMapControlGridFromPoints::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "GridLevel: " << this->GridLevel << "\n";
  os << indent << "Power: " << this->Power << "\n";
  os << indent << "UseZCoordinate: " << this->UseZCoordinate << "\n";
}
