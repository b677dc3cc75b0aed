// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapParticleSystem.h"

#include "cmAnimationArrays.h"
#include "cmExecution.h"
#include "cmParticles.h"

#include "vtkCellArray.h"
#include "vtkFloatArray.h"
#include "vtkIdList.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <numeric>
#include <vector>

vtkStandardNewMacro(vtkCloudMapParticleSystem);

namespace
{
// The fan triangles of the polygonal cells of `input` (cm::anim::FanTriangles).
std::vector<double> EmitterTriangles(vtkPointSet* input)
{
  const std::vector<double> xyz = cm::ValuesAsDouble(input->GetPoints()->GetData());
  std::vector<std::int64_t> offsets{ 0 }, conn;
  std::vector<unsigned char> polygonal;
  vtkNew<vtkIdList> ids;
  for (vtkIdType c = 0; c < input->GetNumberOfCells(); ++c)
  {
    input->GetCellPoints(c, ids);
    conn.insert(conn.end(), ids->begin(), ids->end());
    offsets.push_back(static_cast<std::int64_t>(conn.size()));
    const int type = input->GetCellType(c);
    polygonal.push_back(type == VTK_TRIANGLE || type == VTK_QUAD || type == VTK_POLYGON);
  }
  return cm::anim::FanTriangles(
    xyz.data(), offsets.data(), conn.data(), polygonal.data(), input->GetNumberOfCells());
}
} // namespace

vtkCloudMapParticleSystem::vtkCloudMapParticleSystem()
{
  // Port 0 is the optional generation mesh.
  this->SetNumberOfInputPorts(1);
}

vtkCloudMapParticleSystem::~vtkCloudMapParticleSystem() = default;

int vtkCloudMapParticleSystem::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPointSet");
  info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  return 1;
}

int vtkCloudMapParticleSystem::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  std::vector<double> steps;
  const std::string error = cm::anim::ParticleTimeSteps(
    this->StartTime, this->EndTime, this->FrameRate, this->MaximumNumberOfTimeSteps, steps);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  const double range[2] = { steps.front(), steps.back() };
  outInfo->Set(
    vtkStreamingDemandDrivenPipeline::TIME_STEPS(), steps.data(), static_cast<int>(steps.size()));
  outInfo->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
  outInfo->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapParticleSystem::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // Every piece draws from the whole generation mesh, so every rank sees the
  // same emitter and the union of the pieces is the serial result.
  cm::RequestWholeInput(inputVector[0]->GetInformationObject(0));
  return 1;
}

void vtkCloudMapParticleSystem::FillSpec(cm::anim::ParticleSystemSpec& spec)
{
  namespace ca = cm::anim;
  if (this->Preset != 0)
  {
    spec = ca::MakePreset(static_cast<ca::ParticlePreset>(this->Preset));
  }
  else
  {
    spec.Shape = static_cast<ca::EmitterShape>(this->GenerationShape);
    std::copy(this->Center, this->Center + 3, spec.Center);
    spec.Radius = this->Radius;
    std::copy(this->BoxLength, this->BoxLength + 3, spec.BoxLength);
    std::copy(this->Axis, this->Axis + 3, spec.Axis);
    spec.ConeAngle = this->ConeAngle;
    spec.BirthRate = { this->BirthRate[0], this->BirthRate[1] };
    spec.BirthRateSlope = this->BirthRateSlope;
    spec.Speed = { this->Speed[0], this->Speed[1] };
    spec.Lifetime = { this->Lifetime[0], this->Lifetime[1] };
    spec.Size = { this->Size[0], this->Size[1] };
    spec.Opacity = { this->Opacity[0], this->Opacity[1] };
    for (int c = 0; c < 3; ++c)
    {
      spec.Color[c] = { this->ColorMean[c], this->ColorVariance[c] };
    }
    spec.SizeRate = this->SizeRate;
    spec.OpacityRate = this->OpacityRate;
    std::copy(this->ColorRate, this->ColorRate + 3, spec.ColorRate);
    std::copy(this->Gravity, this->Gravity + 3, spec.Gravity);
    std::copy(this->Wind, this->Wind + 3, spec.Wind);
    spec.Drag = this->Drag;
  }
  spec.Seed = static_cast<std::uint64_t>(static_cast<std::uint32_t>(this->Seed));
  spec.FrameRate = this->FrameRate;
  spec.StartTime = this->StartTime;
  spec.EmissionEndTime = this->EmissionEndTime;
}

int vtkCloudMapParticleSystem::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  vtkPointSet* input = vtkPointSet::GetData(inputVector[0], 0);
  ca::ParticleSystemSpec spec;
  this->FillSpec(spec);
  // The generation mesh: points, or polygons fan-triangulated.
  std::vector<double> emitter;
  if (spec.Shape == ca::EmitterShape::Points || spec.Shape == ca::EmitterShape::Triangles)
  {
    if (!input || input->GetNumberOfPoints() == 0)
    {
      vtkErrorMacro(
        << "the Input Points / Input Cells generation shapes need an input with points");
      return 0;
    }
    const bool points = spec.Shape == ca::EmitterShape::Points;
    emitter = points ? cm::ValuesAsDouble(input->GetPoints()->GetData()) : EmitterTriangles(input);
    (points ? spec.EmitterPoints : spec.EmitterTriangles) = emitter.data();
    spec.NumberOfEmitterPoints = points ? input->GetNumberOfPoints() : 0;
    spec.NumberOfEmitterTriangles = points ? 0 : static_cast<std::int64_t>(emitter.size() / 9);
  }
  ca::ParticleSystem system;
  std::string error = system.Initialize(spec, this->MaximumNumberOfTimeSteps * 100LL);
  const double t = cm::RequestedTime(outInfo, this->StartTime);
  int piece = 0, pieces = 1;
  cm::RequestedPiece(outInfo, piece, pieces);
  std::vector<ca::ParticleState> states;
  bool aborted = false;
  if (error.empty())
  {
    error = ca::EvaluatePiece(system, t, piece, pieces, this->MaximumNumberOfParticles,
      cm::SMPItems(), cm::ProgressAbort(this), states, aborted);
  }
  if (!error.empty() || aborted)
  {
    if (!error.empty())
    {
      vtkErrorMacro(<< error);
    }
    return 0;
  }
  const ca::ParticleColumns c = ca::ToColumns(states, cm::SMPItems());
  const vtkIdType n = static_cast<vtkIdType>(states.size());
  double* xyz;
  vtkNew<vtkPoints> points = ca::NewDoublePoints(n, xyz);
  std::copy(c.Position.begin(), c.Position.end(), xyz);
  // One vertex per particle.
  vtkNew<vtkIdTypeArray> offsets, conn;
  offsets->SetNumberOfTuples(n + 1);
  conn->SetNumberOfTuples(n);
  std::iota(offsets->GetPointer(0), offsets->GetPointer(0) + n + 1, vtkIdType(0));
  std::iota(conn->GetPointer(0), conn->GetPointer(0) + n, vtkIdType(0));
  vtkNew<vtkCellArray> verts;
  verts->SetData(offsets, conn);
  output->Initialize();
  output->SetPoints(points);
  output->SetVerts(verts);
  vtkPointData* pd = output->GetPointData();
  ca::AddColumn<vtkIdTypeArray>(pd, "Id", 1, c.Id);
  ca::AddColumn<vtkFloatArray>(pd, "Age", 1, c.Age);
  ca::AddColumn<vtkFloatArray>(pd, "Lifetime", 1, c.Lifetime);
  ca::AddColumn<vtkFloatArray>(pd, "Size", 1, c.Size);
  ca::AddColumn<vtkFloatArray>(pd, "Opacity", 1, c.Opacity);
  ca::AddColumn<vtkFloatArray>(pd, "Color", 3, c.Color);
  ca::AddColumn<vtkFloatArray>(pd, "Velocity", 3, c.Velocity);
  ca::AddColumn<vtkUnsignedCharArray>(pd, "RGBA", 4, c.RGBA);
  pd->SetActiveScalars("Color");
  output->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), t);
  return 1;
}

void vtkCloudMapParticleSystem::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Preset: " << this->Preset << "\n"
     << indent << "Seed: " << this->Seed << "\n"
     << indent << "FrameRate: " << this->FrameRate << "\n"
     << indent << "StartTime: " << this->StartTime << " EndTime: " << this->EndTime
     << " EmissionEndTime: " << this->EmissionEndTime << "\n"
     << indent << "GenerationShape: " << this->GenerationShape << "\n"
     << indent << "ConeAngle: " << this->ConeAngle << "\n"
     << indent << "BirthRate: " << this->BirthRate[0] << " ± " << this->BirthRate[1] << "\n"
     << indent << "Drag: " << this->Drag << "\n"
     << indent << "MaximumNumberOfParticles: " << this->MaximumNumberOfParticles << "\n";
}
