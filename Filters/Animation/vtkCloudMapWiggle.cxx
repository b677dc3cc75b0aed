// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapWiggle.h"

#include "cmExecution.h"
#include "cmAnimationArrays.h"
#include "cmWiggle.h"

#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"

#include <vector>

vtkStandardNewMacro(vtkCloudMapWiggle);

vtkCloudMapWiggle::vtkCloudMapWiggle() = default;
vtkCloudMapWiggle::~vtkCloudMapWiggle() = default;

int vtkCloudMapWiggle::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPointSet");
  return 1;
}

int vtkCloudMapWiggle::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  cm::AdvertiseTimeRange(
    outputVector->GetInformationObject(0), this->TimeRange[0], this->TimeRange[1]);
  return 1;
}

int vtkCloudMapWiggle::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkPointSet* input = vtkPointSet::GetData(inputVector[0], 0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPointSet* output = vtkPointSet::GetData(outInfo);
  if (!input || !output)
  {
    vtkErrorMacro(<< "Wiggle needs a vtkPointSet input");
    return 0;
  }
  ca::WiggleSpec spec;
  spec.Frequency = this->Frequency;
  spec.Amplitude = this->Amplitude;
  spec.Octaves = this->Octaves;
  spec.AmplitudeMultiplier = this->AmplitudeMultiplier;
  spec.Seed = static_cast<std::uint64_t>(static_cast<std::uint32_t>(this->Seed));
  spec.Easing = static_cast<ca::EaseFamily>(this->Easing);
  const std::string error = spec.Validate();
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  const double t = cm::RequestedTime(outInfo, 0.0);
  const vtkIdType n = input->GetNumberOfPoints();
  const std::vector<double> xyz = ca::PointsAsDouble(input);
  output->ShallowCopy(input);
  if (this->Mode == 2)
  {
    vtkNew<vtkDoubleArray> w;
    w->SetName("Wiggle");
    w->SetNumberOfTuples(n);
    ca::WiggleScalars(spec, t, xyz.data(), n, w->GetPointer(0), cm::SMPItems());
    output->GetPointData()->AddArray(w);
    output->GetPointData()->SetActiveScalars("Wiggle");
    cm::StampTime(output, outInfo);
    return 1;
  }
  double* moved;
  vtkNew<vtkPoints> points = ca::NewDoublePoints(n, moved);
  vtkNew<vtkDoubleArray> disp;
  disp->SetName("WiggleDisplacement");
  disp->SetNumberOfComponents(3);
  disp->SetNumberOfTuples(n);
  ca::WiggleDisplacements(spec, static_cast<ca::WiggleMode>(this->Mode), this->Directions, t,
    xyz.data(), n, disp->GetPointer(0), moved, cm::SMPItems());
  output->SetPoints(points);
  output->GetPointData()->AddArray(disp);
  cm::StampTime(output, outInfo);
  return 1;
}

void vtkCloudMapWiggle::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Mode: " << this->Mode << "\n"
     << indent << "Frequency: " << this->Frequency << "\n"
     << indent << "Amplitude: " << this->Amplitude << "\n"
     << indent << "Octaves: " << this->Octaves << "\n"
     << indent << "AmplitudeMultiplier: " << this->AmplitudeMultiplier << "\n"
     << indent << "Seed: " << this->Seed << "\n"
     << indent << "Easing: " << this->Easing << "\n";
}
