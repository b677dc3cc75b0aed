// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapIteratedFunctionSystem.h"

#include "cmExecution.h"
#include "cmIFS.h"
#include "cmSimilarity.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkUnsignedCharArray.h"

#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapIteratedFunctionSystem);

vtkCloudMapIteratedFunctionSystem::vtkCloudMapIteratedFunctionSystem()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapIteratedFunctionSystem::~vtkCloudMapIteratedFunctionSystem() = default;

int vtkCloudMapIteratedFunctionSystem::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapIteratedFunctionSystem::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  this->UsedProbabilities.clear();
  std::vector<cm::fractal::AffineMap> maps;
  std::string err = cm::fractal::IFSSizeProblem(this->NumberOfPoints, this->MaximumNumberOfPoints);
  if (err.empty())
  {
    err = cm::fractal::PrepareMaps(this->Preset, this->Maps,
      static_cast<cm::fractal::MapFormat>(this->MapFormat), this->UseGivenProbabilities, maps);
    err = err.empty() ? err : err + ".";
  }
  if (!err.empty())
  {
    vtkErrorMacro("Iterated Function System: " << err);
    return 0;
  }
  for (const auto& m : maps)
  {
    this->UsedProbabilities.push_back(m.Probability);
  }

  int piece, pieces;
  cm::RequestedPiece(outInfo, piece, pieces);
  long long b, e;
  cm::PieceRange(this->NumberOfPoints, piece, pieces, b, e);
  const vtkIdType n = vtkIdType(e - b);
  vtkNew<vtkDoubleArray> coords;
  coords->SetNumberOfComponents(3);
  coords->SetNumberOfTuples(n);
  vtkNew<vtkUnsignedCharArray> index;
  index->SetName("MapIndex");
  index->SetNumberOfTuples(n);
  const auto smp = cm::SMPFor();
  if (!cm::fractal::ChaosGameInChunks(maps, static_cast<std::uint32_t>(this->Seed), b, e,
        coords->GetPointer(0), index->GetPointer(0), smp, cm::ProgressAbort(this)))
  {
    return 1;
  }
  vtkNew<vtkPoints> pts;
  pts->SetData(coords);
  // One vertex per point, built directly as offsets + connectivity.
  vtkNew<vtkIdTypeArray> offsets, conn;
  offsets->SetNumberOfTuples(n + 1);
  conn->SetNumberOfTuples(n);
  cm::fractal::VertexCells(n, offsets->GetPointer(0), conn->GetPointer(0), cm::SMPItems());
  vtkNew<vtkCellArray> verts;
  verts->SetData(offsets, conn);
  output->SetPoints(pts);
  output->SetVerts(verts);
  output->GetPointData()->SetScalars(index);
  if (!cm::fractal::IsCustomIFS(this->Preset))
  {
    const auto& pre = cm::fractal::IFSPresets()[std::size_t(this->Preset)];
    for (const auto& f : cm::fractal::SimilarityFields(pre.SimilarityN, pre.SimilarityS))
    {
      vtkNew<vtkDoubleArray> a;
      a->SetName(f.Name);
      a->InsertNextValue(f.Value);
      output->GetFieldData()->AddArray(a);
    }
  }
  return 1;
}

void vtkCloudMapIteratedFunctionSystem::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Preset: " << this->Preset << "\n";
  os << indent << "Maps: " << this->Maps << "\n";
  os << indent << "MapFormat: " << this->MapFormat << "\n";
  os << indent << "NumberOfPoints: " << this->NumberOfPoints << "\n";
  os << indent << "Seed: " << this->Seed << "\n";
}
