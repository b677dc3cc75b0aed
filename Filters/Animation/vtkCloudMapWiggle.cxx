// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapWiggle.h"

#include "cmExecution.h"
#include "cmCounterRng.h"
#include "cmTweening.h"

#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkSMPTools.h"

#include <algorithm>
#include <cmath>
#include <cstring>

vtkStandardNewMacro(vtkCloudMapWiggle);

namespace
{
// A channel keyed on a point's coordinates: equal points get equal wiggles on
// every rank. Copies of a point made by different pieces may differ in the
// last bits (vtkSphereSource's seams differ by ~1e-17), so the coordinates
// are quantised first: a coordinate below 1e-12 of the point's largest one
// is 0, and the others keep 24 significant bits (as a float, with a double's
// exponent range), rounded to nearest. Points equal to ~1e-12 relative then
// hash alike unless they straddle a rounding boundary (odds ~1e-5).
std::uint64_t PointChannel(const double* p)
{
  const double scale = std::max({ std::fabs(p[0]), std::fabs(p[1]), std::fabs(p[2]) });
  std::uint64_t h = 0x6a09e667f3bcc909ull;
  for (int a = 0; a < 3; ++a)
  {
    double v = p[a];
    if (!(std::fabs(v) > 1e-12 * scale)) // also −0 and +0, and NaN
    {
      v = 0.0;
    }
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    if (v != 0.0 && std::isfinite(v))
    {
      // Round the 52-bit mantissa to 23 bits (carry into the exponent is right).
      constexpr int drop = 52 - 23;
      bits = (bits + (std::uint64_t(1) << (drop - 1))) & ~((std::uint64_t(1) << drop) - 1);
    }
    h = cm::Mix64(h ^ bits);
  }
  return h;
}
}

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
  output->ShallowCopy(input);
  vtkPoints* inPoints = input->GetPoints();

  if (this->Mode == 2)
  {
    vtkNew<vtkDoubleArray> w;
    w->SetName("Wiggle");
    w->SetNumberOfTuples(n);
    vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
      double p[3];
      for (vtkIdType i = b; i < e; ++i)
      {
        inPoints->GetPoint(i, p);
        w->SetValue(i, ca::Wiggle(spec, PointChannel(p), t));
      }
    });
    output->GetPointData()->AddArray(w);
    output->GetPointData()->SetActiveScalars("Wiggle");
    cm::StampTime(output, outInfo);
    return 1;
  }

  // One vector for the whole input (channels 0..2), or one per point.
  double whole[3] = { 0, 0, 0 };
  for (int a = 0; a < 3; ++a)
  {
    whole[a] = this->Directions[a] * ca::Wiggle(spec, static_cast<std::uint64_t>(a), t);
  }
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  vtkNew<vtkDoubleArray> disp;
  disp->SetName("WiggleDisplacement");
  disp->SetNumberOfComponents(3);
  disp->SetNumberOfTuples(n);
  const bool perPoint = this->Mode == 1;
  vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
    double p[3], d[3];
    for (vtkIdType i = b; i < e; ++i)
    {
      inPoints->GetPoint(i, p);
      if (perPoint)
      {
        const std::uint64_t c = PointChannel(p);
        for (int a = 0; a < 3; ++a)
        {
          d[a] = this->Directions[a] * ca::Wiggle(spec, cm::Mix64(c + a), t);
        }
      }
      else
      {
        d[0] = whole[0];
        d[1] = whole[1];
        d[2] = whole[2];
      }
      disp->SetTypedTuple(i, d);
      points->SetPoint(i, p[0] + d[0], p[1] + d[1], p[2] + d[2]);
    }
  });
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
