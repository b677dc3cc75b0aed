// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapControlGridFromPoints.h"

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
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"


#include <algorithm>
#include <limits>
#include <string>

#include <cmath>
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

int vtkCloudMapControlGridFromPoints::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0], 0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkImageData* output = vtkImageData::GetData(outputVector, 0);
  const bool several = cm::SeveralRanks();
  const vtkIdType localN = input ? input->GetNumberOfPoints() : 0;
  std::string error;
  vtkDataArray* arr = nullptr;
  if (!this->UseZCoordinate && localN > 0) // an empty piece may have no arrays
  {
    arr = this->GetInputArrayToProcess(0, inputVector);
    if (!arr || arr->GetNumberOfComponents() != 1)
    {
      error = "Control Grid From Points: select a 1-component point array for the heights, or "
              "turn UseZCoordinate on.";
      vtkErrorMacro(<< error);
    }
  }
  if (several)
  {
    // Every rank must reach the gather below, or none.
    if (cm::VoteAcrossRanks(this, !error.empty(), error).Failed)
    {
      return 0;
    }
  }
  else if (!error.empty())
  {
    return 0;
  }
  // The local points as (x, y, h) triples.
  std::vector<double> xyh(3 * static_cast<std::size_t>(localN));
  for (vtkIdType k = 0; k < localN; ++k)
  {
    double x[3];
    input->GetPoint(k, x);
    xyh[3 * k] = x[0];
    xyh[3 * k + 1] = x[1];
    xyh[3 * k + 2] = arr ? arr->GetComponent(k, 0) : x[2];
  }
  // x-y bounds of the local points (as vtkDataSet::GetBounds), or none.
  double lb[4] = { std::numeric_limits<double>::infinity(),
    -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
    -std::numeric_limits<double>::infinity() };
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
  const vtkIdType np = static_cast<vtkIdType>(xyh.size() / 3);
  if (np == 0)
  {
    // Known alike on every rank (after the gather).
    vtkErrorMacro("Control Grid From Points: the input has no points.");
    return 0;
  }
  std::vector<double> px(np), py(np), ph(np);
  for (vtkIdType k = 0; k < np; ++k)
  {
    px[k] = xyh[3 * k];
    py[k] = xyh[3 * k + 1];
    ph[k] = xyh[3 * k + 2];
  }
  double b[4];
  if (this->UseCustomBounds)
  {
    std::copy_n(this->Bounds, 4, b);
  }
  else
  {
    std::copy_n(lb, 4, b);
  }
  if (!(b[1] > b[0]) || !(b[3] > b[2]))
  {
    vtkErrorMacro("Control Grid From Points: the x-y bounds ["
      << b[0] << ", " << b[1] << "] x [" << b[2] << ", " << b[3] << "] are empty.");
    return 0;
  }
  // The grid is whole on every rank. Asked for piece p of N > 1 (a parallel
  // view or Fetch), only piece 0 holds it; asked for piece 0 of 1 (as Fractal
  // Terrain asks for its control grid on every rank), every rank gives it.
  int piece = 0, pieces = 1;
  cm::RequestedPiece(outInfo, piece, pieces);
  if (pieces > 1 && piece != 0)
  {
    output->Initialize();
    return 1;
  }
  const int m = (1 << this->GridLevel) + 1;
  const double dx = (b[1] - b[0]) / (m - 1), dy = (b[3] - b[2]) / (m - 1);
  const double tiny = 1e-12 * std::max(b[1] - b[0], b[3] - b[2]);
  vtkNew<vtkDoubleArray> elev;
  elev->SetName("Elevation");
  elev->SetNumberOfTuples(vtkIdType(m) * m);
  const double half = 0.5 * this->Power; // w = 1 / (d²)^(p/2)
  auto body = [&](vtkIdType begin, vtkIdType end) {
    for (vtkIdType g = begin; g < end; ++g)
    {
      const double gx = b[0] + dx * double(g % m), gy = b[2] + dy * double(g / m);
      double sw = 0, swh = 0, exact = 0;
      bool hit = false;
      for (vtkIdType k = 0; k < np && !hit; ++k)
      {
        const double d2 = (px[k] - gx) * (px[k] - gx) + (py[k] - gy) * (py[k] - gy);
        if (d2 <= tiny * tiny)
        {
          hit = true;
          exact = ph[k];
          break;
        }
        const double w = half == 1.0 ? 1.0 / d2 : std::pow(d2, -half);
        sw += w;
        swh += w * ph[k];
      }
      elev->SetValue(g, hit ? exact : swh / sw);
    }
  };
  // Rows of the grid in blocks: m² x points can take a while at level 10.
  const vtkIdType total = vtkIdType(m) * m;
  const vtkIdType block = std::max<vtkIdType>(4 * m, total / 50);
  for (vtkIdType g = 0; g < total; g += block)
  {
    vtkSMPTools::For(g, std::min(total, g + block), body);
    this->UpdateProgress(double(std::min(total, g + block)) / double(total));
    if (this->GetAbortExecute())
    {
      return 1; // aborted: an empty grid
    }
  }
  output->SetExtent(0, m - 1, 0, m - 1, 0, 0);
  output->SetOrigin(b[0], b[2], 0);
  output->SetSpacing(dx, dy, 1);
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
