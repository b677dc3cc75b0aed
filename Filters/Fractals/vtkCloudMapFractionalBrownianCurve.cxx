// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFractionalBrownianCurve.h"

#include "cmExecution.h"
#include "cmFractalTerrain.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"

#include <vector>

vtkStandardNewMacro(vtkCloudMapFractionalBrownianCurve);

vtkCloudMapFractionalBrownianCurve::vtkCloudMapFractionalBrownianCurve()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapFractionalBrownianCurve::~vtkCloudMapFractionalBrownianCurve() = default;

int vtkCloudMapFractionalBrownianCurve::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapFractionalBrownianCurve::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  int piece, pieces;
  cm::RequestedPiece(outInfo, piece, pieces);
  const long long N = 1LL << this->NumberOfLevels;
  long long b, e;
  cm::PieceRange(N, piece, pieces, b, e); // intervals [b, e)
  if (e <= b)
  {
    return 1;
  }
  std::vector<double> h;
  cm::GenerateCurve(this->NumberOfLevels, this->HurstExponent, this->Sigma,
    static_cast<std::uint32_t>(this->Seed), this->StartHeight, this->EndHeight, int(b), int(e), h);
  const vtkIdType np = vtkIdType(e - b + 1);
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(np);
  vtkNew<vtkDoubleArray> elev;
  elev->SetName("Elevation");
  elev->SetNumberOfTuples(np);
  vtkNew<vtkIdTypeArray> gids;
  gids->SetName("GlobalIds");
  gids->SetNumberOfTuples(np);
  vtkNew<vtkCellArray> lines;
  lines->InsertNextCell(np);
  for (vtkIdType k = 0; k < np; ++k)
  {
    pts->SetPoint(k, this->Length * double(b + k) / double(N), h[std::size_t(k)], 0);
    elev->SetValue(k, h[std::size_t(k)]);
    gids->SetValue(k, vtkIdType(b) + k);
    lines->InsertCellPoint(k);
  }
  output->SetPoints(pts);
  output->SetLines(lines);
  output->GetPointData()->SetScalars(elev);
  output->GetPointData()->SetGlobalIds(gids);
  return 1;
}

void vtkCloudMapFractionalBrownianCurve::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n";
  os << indent << "HurstExponent: " << this->HurstExponent << "\n";
  os << indent << "Sigma: " << this->Sigma << "\n";
  os << indent << "Seed: " << this->Seed << "\n";
}
