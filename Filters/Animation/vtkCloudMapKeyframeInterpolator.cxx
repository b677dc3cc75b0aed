// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapKeyframeInterpolator.h"

#include "cmAnimationArrays.h"
#include "cmExecution.h"
#include "cmTweening.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"

#include <algorithm>
#include <cmath>

vtkStandardNewMacro(vtkCloudMapKeyframeInterpolator);

vtkCloudMapKeyframeInterpolator::vtkCloudMapKeyframeInterpolator() = default;
vtkCloudMapKeyframeInterpolator::~vtkCloudMapKeyframeInterpolator() = default;

void vtkCloudMapKeyframeInterpolator::AddKey(
  double time, double x, double y, double z, double easing)
{
  this->Keys.insert(this->Keys.end(), { time, x, y, z, easing });
  this->Modified();
}

void vtkCloudMapKeyframeInterpolator::RemoveAllKeys()
{
  this->Keys.clear();
  this->Modified();
}

int vtkCloudMapKeyframeInterpolator::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  if (this->Keys.size() >= 10)
  {
    double t0 = HUGE_VAL, t1 = -HUGE_VAL;
    for (std::size_t k = 0; k + 4 < this->Keys.size(); k += 5)
    {
      t0 = std::min(t0, this->Keys[k]);
      t1 = std::max(t1, this->Keys[k]);
    }
    cm::AdvertiseTimeRange(outputVector->GetInformationObject(0), t0, t1);
  }
  return 1;
}

int vtkCloudMapKeyframeInterpolator::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0], 0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkDataSet* output = vtkDataSet::GetData(outInfo);
  if (!input || !output)
  {
    vtkErrorMacro(<< "Keyframe Interpolator needs a vtkDataSet input");
    return 0;
  }
  ca::KeyframeTrack track;
  const std::string error = ca::TrackFromKeyRows(this->Keys, track);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  track.SetInterpolation(static_cast<ca::TrackInterpolation>(this->Interpolation));
  track.SetTCB(this->Tension, this->Continuity, this->Bias);
  const double t = cm::RequestedTime(outInfo, track.GetKeyTime(0));
  track.Evaluate(t, this->Value);

  output->ShallowCopy(input);
  vtkPointSet* ps = vtkPointSet::SafeDownCast(output);
  vtkPointSet* inPs = vtkPointSet::SafeDownCast(input);
  if (this->TranslatePoints && ps && inPs && inPs->GetPoints())
  {
    const vtkIdType n = inPs->GetNumberOfPoints();
    double* xyz;
    vtkNew<vtkPoints> points = ca::NewDoublePoints(n, xyz);
    ca::TranslatePoints(ca::PointsAsDouble(inPs).data(), n, this->Value, xyz, cm::SMPItems());
    ps->SetPoints(points);
  }
  vtkNew<vtkDoubleArray> value;
  value->SetName("KeyframeValue");
  value->SetNumberOfComponents(3);
  value->InsertNextTuple(this->Value);
  vtkNew<vtkDoubleArray> time;
  time->SetName("KeyframeTime");
  time->InsertNextValue(t);
  output->GetFieldData()->AddArray(value);
  output->GetFieldData()->AddArray(time);
  cm::StampTime(output, outInfo);
  return 1;
}

void vtkCloudMapKeyframeInterpolator::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Keys: " << this->GetNumberOfKeys() << "\n"
     << indent << "Interpolation: " << this->Interpolation << "\n"
     << indent << "Tension/Continuity/Bias: " << this->Tension << " " << this->Continuity << " "
     << this->Bias << "\n"
     << indent << "TranslatePoints: " << this->TranslatePoints << "\n";
}
