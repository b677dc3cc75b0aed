// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapKeyframeInterpolator.h"

#include "cmExecution.h"
#include "cmTweening.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkSMPTools.h"

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
  if (this->Keys.empty() || this->Keys.size() % 5 != 0)
  {
    vtkErrorMacro(<< "Keys must be rows of (time, x, y, z, easing); got " << this->Keys.size()
                  << " numbers");
    return 0;
  }
  // Split the rows into the track's (time, x, y, z) and the easing codes.
  std::vector<double> rows;
  std::vector<int> easing;
  for (std::size_t k = 0; k < this->Keys.size(); k += 5)
  {
    rows.insert(rows.end(), this->Keys.begin() + k, this->Keys.begin() + k + 4);
    const double e = this->Keys[k + 4];
    if (!(e >= 0 && e <= 11) || e != std::floor(e))
    {
      vtkErrorMacro(<< "key " << k / 5 << ": easing " << e
                    << " is not a family code 0 (Linear) .. 10 (Bounce) or 11 (Power)");
      return 0;
    }
    easing.push_back(static_cast<int>(e));
  }
  ca::KeyframeTrack track;
  const std::string error = track.Set(3, rows, easing);
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
    vtkPoints* in = inPs->GetPoints();
    vtkNew<vtkPoints> points;
    points->SetDataTypeToDouble();
    points->SetNumberOfPoints(n);
    const double* v = this->Value;
    vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
      double p[3];
      for (vtkIdType i = b; i < e; ++i)
      {
        in->GetPoint(i, p);
        points->SetPoint(i, p[0] + v[0], p[1] + v[1], p[2] + v[2]);
      }
    });
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
