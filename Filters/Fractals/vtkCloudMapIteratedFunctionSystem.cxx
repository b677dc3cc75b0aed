// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapIteratedFunctionSystem.h"

#include "cmExecution.h"
#include "cmIFS.h"

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
#include "vtkSMPTools.h"
#include "vtkUnsignedCharArray.h"

#include <cmath>

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
  if (this->NumberOfPoints > this->MaximumNumberOfPoints)
  {
    vtkErrorMacro("Iterated Function System: "
      << this->NumberOfPoints << " points would need about "
      << double(this->NumberOfPoints) * 41 / 1e9 << " GB; the limit is "
      << this->MaximumNumberOfPoints << " (MaximumNumberOfPoints).");
    return 0;
  }
  const auto& presets = cm::fractal::IFSPresets();
  const bool custom = this->Preset <= 0 || this->Preset >= int(presets.size());
  std::vector<cm::fractal::AffineMap> maps;
  std::string err = custom
    ? cm::fractal::ParseMaps(this->Maps, static_cast<cm::fractal::MapFormat>(this->MapFormat), maps)
    : cm::fractal::ParseMaps(
        presets[std::size_t(this->Preset)].Maps, presets[std::size_t(this->Preset)].Format, maps);
  if (err.empty())
  {
    err = cm::fractal::ResolveProbabilities(maps, custom ? this->UseGivenProbabilities : true);
  }
  if (!err.empty())
  {
    vtkErrorMacro("Iterated Function System: " << err << ".");
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
  // In chunks, so that progress and abort are honoured on huge requests.
  const long long chunk = 1 << 22;
  const auto smp = cm::SMPFor();
  for (long long c = b; c < e; c += chunk)
  {
    this->UpdateProgress(double(c - b) / double(std::max<long long>(1, e - b)));
    if (this->GetAbortExecute())
    {
      return 1;
    }
    const long long ce = std::min(e, c + chunk);
    cm::fractal::ChaosGame(maps, static_cast<std::uint32_t>(this->Seed), c, ce,
      coords->GetPointer(0) + 3 * (c - b), index->GetPointer(0) + (c - b), smp);
  }
  vtkNew<vtkPoints> pts;
  pts->SetData(coords);
  // One vertex per point, built directly as offsets + connectivity.
  vtkNew<vtkIdTypeArray> offsets, conn;
  offsets->SetNumberOfTuples(n + 1);
  conn->SetNumberOfTuples(n);
  vtkSMPTools::For(0, n + 1, [&](vtkIdType s, vtkIdType t) {
    for (vtkIdType k = s; k < t; ++k)
    {
      offsets->SetValue(k, k);
      if (k < n)
      {
        conn->SetValue(k, k);
      }
    }
  });
  vtkNew<vtkCellArray> verts;
  verts->SetData(offsets, conn);
  output->SetPoints(pts);
  output->SetVerts(verts);
  output->GetPointData()->SetScalars(index);
  if (!custom && presets[std::size_t(this->Preset)].SimilarityN > 0)
  {
    const auto& pre = presets[std::size_t(this->Preset)];
    const std::pair<const char*, double> fields[] = {
      { "SimilarityN", pre.SimilarityN }, { "SimilarityS", pre.SimilarityS },
      { "SimilarityDimension", std::log(double(pre.SimilarityN)) / std::log(1.0 / pre.SimilarityS) }
    };
    for (const auto& f : fields)
    {
      vtkNew<vtkDoubleArray> a;
      a->SetName(f.first);
      a->InsertNextValue(f.second);
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
