// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapParticleSystem.h"

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
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <vector>

vtkStandardNewMacro(vtkCloudMapParticleSystem);

namespace
{
using cm::anim::ParticleState;
using cm::anim::ParticleSystem;

// Evaluates the candidates of this piece; dead or unborn ones get Id −1.
struct EvaluateFunctor
{
  const ParticleSystem& System;
  double Time;
  vtkIdType First, Stride;
  std::vector<ParticleState>& States;
  void operator()(vtkIdType begin, vtkIdType end) const
  {
    for (vtkIdType k = begin; k < end; ++k)
    {
      if (!this->System.Evaluate(this->First + k * this->Stride, this->Time, this->States[k]))
      {
        this->States[k].Id = -1;
      }
    }
  }
};
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
  if (!(this->FrameRate > 0) || !(this->EndTime >= this->StartTime))
  {
    vtkErrorMacro(<< "FrameRate must be positive and EndTime not before StartTime");
    return 0;
  }
  const double span = (this->EndTime - this->StartTime) * this->FrameRate;
  if (!(span + 1 <= this->MaximumNumberOfTimeSteps))
  {
    vtkErrorMacro(<< "the time range holds " << std::floor(span) + 1
                  << " frames, more than MaximumNumberOfTimeSteps = "
                  << this->MaximumNumberOfTimeSteps);
    return 0;
  }
  const int n = static_cast<int>(std::floor(span + 1e-9)) + 1;
  std::vector<double> steps(n);
  for (int f = 0; f < n; ++f)
  {
    steps[f] = this->StartTime + f / this->FrameRate;
  }
  const double range[2] = { steps.front(), steps.back() };
  outInfo->Set(vtkStreamingDemandDrivenPipeline::TIME_STEPS(), steps.data(), n);
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

int vtkCloudMapParticleSystem::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  vtkPointSet* input = vtkPointSet::GetData(inputVector[0], 0);

  namespace ca = cm::anim;
  ca::ParticleSystemSpec spec;
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
    const vtkIdType np = input->GetNumberOfPoints();
    if (spec.Shape == ca::EmitterShape::Points)
    {
      emitter.resize(3 * np);
      for (vtkIdType i = 0; i < np; ++i)
      {
        input->GetPoint(i, &emitter[3 * i]);
      }
      spec.EmitterPoints = emitter.data();
      spec.NumberOfEmitterPoints = np;
    }
    else
    {
      vtkNew<vtkIdList> ids;
      for (vtkIdType c = 0; c < input->GetNumberOfCells(); ++c)
      {
        input->GetCellPoints(c, ids);
        const int dim = input->GetCellType(c) == VTK_TRIANGLE ||
            input->GetCellType(c) == VTK_QUAD || input->GetCellType(c) == VTK_POLYGON
          ? 2
          : 0;
        for (vtkIdType k = 1; dim == 2 && k + 1 < ids->GetNumberOfIds(); ++k)
        {
          double p[9];
          input->GetPoint(ids->GetId(0), p);
          input->GetPoint(ids->GetId(k), p + 3);
          input->GetPoint(ids->GetId(k + 1), p + 6);
          emitter.insert(emitter.end(), p, p + 9);
        }
      }
      spec.EmitterTriangles = emitter.data();
      spec.NumberOfEmitterTriangles = static_cast<std::int64_t>(emitter.size() / 9);
    }
  }

  ca::ParticleSystem system;
  const std::string error = system.Initialize(spec, this->MaximumNumberOfTimeSteps * 100LL);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }

  const double t = cm::RequestedTime(outInfo, this->StartTime);
  int piece = 0, pieces = 1;
  cm::RequestedPiece(outInfo, piece, pieces);

  // Candidates of this piece: ids ≡ piece (mod pieces) in the live window.
  std::int64_t first, last;
  system.CandidateRange(t, first, last);
  const std::int64_t firstOfPiece = first + ((piece - first % pieces) % pieces + pieces) % pieces;
  const vtkIdType candidates =
    last > firstOfPiece ? static_cast<vtkIdType>((last - firstOfPiece + pieces - 1) / pieces) : 0;
  if (candidates > this->MaximumNumberOfParticles)
  {
    vtkErrorMacro(<< "time " << t << " may hold " << candidates
                  << " particles in this piece, more than MaximumNumberOfParticles = "
                  << this->MaximumNumberOfParticles);
    return 0;
  }

  std::vector<ParticleState> states(static_cast<std::size_t>(candidates));
  const vtkIdType block = 1 << 20;
  for (vtkIdType b = 0; b < candidates; b += block)
  {
    if (this->GetAbortExecute())
    {
      return 0;
    }
    EvaluateFunctor f{ system, t, firstOfPiece, pieces, states };
    vtkSMPTools::For(b, std::min(candidates, b + block), f);
    this->UpdateProgress(double(b + block) / double(candidates));
  }
  // Keep the live ones, in id order.
  states.erase(
    std::remove_if(states.begin(), states.end(), [](const ParticleState& s) { return s.Id < 0; }),
    states.end());
  const vtkIdType n = static_cast<vtkIdType>(states.size());

  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  vtkNew<vtkIdTypeArray> idArray;
  idArray->SetName("Id");
  idArray->SetNumberOfTuples(n);
  auto scalar = [n](const char* name) {
    vtkNew<vtkFloatArray> a;
    a->SetName(name);
    a->SetNumberOfTuples(n);
    return a;
  };
  auto age = scalar("Age"), life = scalar("Lifetime"), size = scalar("Size"),
       opacity = scalar("Opacity");
  vtkNew<vtkFloatArray> color, velocity;
  color->SetName("Color");
  color->SetNumberOfComponents(3);
  color->SetNumberOfTuples(n);
  velocity->SetName("Velocity");
  velocity->SetNumberOfComponents(3);
  velocity->SetNumberOfTuples(n);
  vtkNew<vtkUnsignedCharArray> rgba;
  rgba->SetName("RGBA");
  rgba->SetNumberOfComponents(4);
  rgba->SetNumberOfTuples(n);
  vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType i = b; i < e; ++i)
    {
      const ParticleState& s = states[i];
      points->SetPoint(i, s.Position);
      idArray->SetValue(i, static_cast<vtkIdType>(s.Id));
      age->SetValue(i, static_cast<float>(s.Age));
      life->SetValue(i, static_cast<float>(s.Lifetime));
      size->SetValue(i, static_cast<float>(s.Size));
      opacity->SetValue(i, static_cast<float>(s.Opacity));
      for (int c = 0; c < 3; ++c)
      {
        color->SetTypedComponent(i, c, static_cast<float>(s.Color[c]));
        velocity->SetTypedComponent(i, c, static_cast<float>(s.Velocity[c]));
        rgba->SetTypedComponent(i, c, static_cast<unsigned char>(std::lround(255 * s.Color[c])));
      }
      rgba->SetTypedComponent(i, 3, static_cast<unsigned char>(std::lround(255 * s.Opacity)));
    }
  });
  vtkNew<vtkCellArray> verts;
  vtkNew<vtkIdTypeArray> offsets, conn;
  offsets->SetNumberOfTuples(n + 1);
  conn->SetNumberOfTuples(n);
  for (vtkIdType i = 0; i <= n; ++i)
  {
    offsets->SetValue(i, i);
    if (i < n)
    {
      conn->SetValue(i, i);
    }
  }
  verts->SetData(offsets, conn);

  output->Initialize();
  output->SetPoints(points);
  output->SetVerts(verts);
  vtkPointData* pd = output->GetPointData();
  pd->AddArray(idArray);
  pd->AddArray(age);
  pd->AddArray(life);
  pd->AddArray(size);
  pd->AddArray(opacity);
  pd->AddArray(color);
  pd->AddArray(velocity);
  pd->AddArray(rgba);
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
