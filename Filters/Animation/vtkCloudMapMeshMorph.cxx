// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMeshMorph.h"

#include "cmAnimationArrays.h"
#include "cmExecution.h"
#include "cmMeshMorph.h"
#include "cmTweening.h"

#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStaticPointLocator.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <vector>

vtkStandardNewMacro(vtkCloudMapMeshMorph);

vtkCloudMapMeshMorph::vtkCloudMapMeshMorph()
{
  this->SetNumberOfInputPorts(2);
}

vtkCloudMapMeshMorph::~vtkCloudMapMeshMorph() = default;

int vtkCloudMapMeshMorph::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPointSet");
  return 1;
}

int vtkCloudMapMeshMorph::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  if (this->UseTime)
  {
    cm::AdvertiseTimeRange(
      outputVector->GetInformationObject(0), this->TimeRange[0], this->TimeRange[1]);
  }
  return 1;
}

namespace
{
// The points of `ps` (xyz) scaled into the unit cube of its bounds.
std::vector<double> Normalized(vtkPointSet* ps, const std::vector<double>& xyz)
{
  double b[6];
  ps->GetBounds(b);
  return cm::anim::NormalizedToBounds(xyz.data(), ps->GetNumberOfPoints(), b);
}

// The nearest target point to each source point, both normalised to their bounds.
std::vector<std::int64_t> NearestNormalized(vtkPointSet* source, const std::vector<double>& p,
  vtkPointSet* target, const std::vector<double>& q, const cm::ParallelFor& pf)
{
  const std::vector<double> ns = Normalized(source, p), nt = Normalized(target, q);
  double* txyz;
  vtkNew<vtkPoints> tp = cm::anim::NewDoublePoints(target->GetNumberOfPoints(), txyz);
  std::copy(nt.begin(), nt.end(), txyz);
  vtkNew<vtkPolyData> cloud;
  cloud->SetPoints(tp);
  vtkNew<vtkStaticPointLocator> locator;
  locator->SetDataSet(cloud);
  locator->BuildLocator(); // built here, on the main thread, before the parallel queries
  return cm::anim::MatchPoints(
    ns.data(), source->GetNumberOfPoints(),
    [&](const double* y) { return static_cast<std::int64_t>(locator->FindClosestPoint(y)); }, pf);
}
} // namespace

int vtkCloudMapMeshMorph::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkPointSet* source = vtkPointSet::GetData(inputVector[0], 0);
  vtkPointSet* target = vtkPointSet::GetData(inputVector[1], 0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPointSet* output = vtkPointSet::GetData(outInfo);
  if (!source || !target || !output)
  {
    vtkErrorMacro(<< "Mesh Morph needs two point-set inputs");
    return 0;
  }
  const vtkIdType n = source->GetNumberOfPoints(), m = target->GetNumberOfPoints();
  // The blend weight, then the correspondence.
  double w = this->Parameter, x = 0;
  std::string error;
  if (this->UseTime)
  {
    error = ca::TimeFraction(cm::RequestedTime(outInfo, this->TimeRange[0]), this->TimeRange, x);
    w = ca::EaseAny(this->Easing, this->EasingMode, this->EasingExponent, this->EasingMidpoint, x);
  }
  const auto correspondence = static_cast<ca::MorphCorrespondence>(this->Correspondence != 0);
  error = error.empty() ? ca::ValidateCorrespondence(correspondence, n, m) : error;
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  const std::vector<double> p = ca::PointsAsDouble(source), q = ca::PointsAsDouble(target);
  // Progress: the matching up to 0.6, the points to 0.8, the arrays to 1.
  bool aborted = false;
  const std::vector<std::int64_t> match = correspondence == ca::MorphCorrespondence::ByIndex
    ? std::vector<std::int64_t>()
    : NearestNormalized(source, p, target, q, cm::ProgressFor(this, 0.0, 0.6, aborted));
  const std::int64_t* partner = match.empty() ? nullptr : match.data();
  output->ShallowCopy(source);
  double* xyz;
  vtkNew<vtkPoints> points = ca::NewDoublePoints(n, xyz);
  ca::LerpMatched(p.data(), q.data(), partner, n, 3, w, xyz,
    cm::ProgressFor(this, partner ? 0.6 : 0.0, 0.8, aborted));
  output->SetPoints(points);
  // Point arrays present in both inputs are blended too (as doubles).
  vtkPointData* spd = source->GetPointData();
  vtkPointData* tpd = target->GetPointData();
  for (int k = 0, nArrays = spd->GetNumberOfArrays(); k < nArrays && !aborted; ++k)
  {
    vtkDataArray* a = spd->GetArray(k);
    vtkDataArray* b = (a && a->GetName()) ? tpd->GetArray(a->GetName()) : nullptr;
    if (!b || b->GetNumberOfComponents() != a->GetNumberOfComponents())
    {
      continue;
    }
    const int nc = a->GetNumberOfComponents();
    vtkNew<vtkDoubleArray> blend;
    blend->SetName(a->GetName());
    blend->SetNumberOfComponents(nc);
    blend->SetNumberOfTuples(n);
    ca::LerpMatched(cm::ValuesAsDouble(a).data(), cm::ValuesAsDouble(b).data(), partner, n, nc, w,
      blend->GetPointer(0),
      cm::ProgressFor(this, 0.8 + 0.2 * k / nArrays, 0.8 + 0.2 * (k + 1) / nArrays, aborted));
    output->GetPointData()->AddArray(blend);
    if (spd->GetScalars() == a)
    {
      output->GetPointData()->SetActiveScalars(a->GetName());
    }
  }
  if (aborted)
  {
    output->Initialize();
    return 1; // aborted: an empty output
  }
  vtkNew<vtkDoubleArray> used;
  used->SetName("MorphParameter");
  used->InsertNextValue(w);
  output->GetFieldData()->AddArray(used);
  this->UsedParameter = w;
  cm::StampTime(output, outInfo);
  return 1;
}

void vtkCloudMapMeshMorph::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Parameter: " << this->Parameter << "\n"
     << indent << "UseTime: " << this->UseTime << "\n"
     << indent << "TimeRange: " << this->TimeRange[0] << " " << this->TimeRange[1] << "\n"
     << indent << "Easing: " << this->Easing << " mode " << this->EasingMode << "\n"
     << indent << "Correspondence: " << this->Correspondence << "\n";
}
