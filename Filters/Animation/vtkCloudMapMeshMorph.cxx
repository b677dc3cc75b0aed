// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMeshMorph.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmInterpolate.h"

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
#include "vtkSMPTools.h"
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
// Point coordinates scaled into the unit cube of their own bounds.
std::vector<double> Normalized(vtkPointSet* ps)
{
  double b[6];
  ps->GetBounds(b);
  const vtkIdType n = ps->GetNumberOfPoints();
  std::vector<double> out(3 * n);
  for (vtkIdType i = 0; i < n; ++i)
  {
    double p[3];
    ps->GetPoint(i, p);
    for (int a = 0; a < 3; ++a)
    {
      const double len = b[2 * a + 1] - b[2 * a];
      out[3 * i + a] = len > 0 ? (p[a] - b[2 * a]) / len : 0.5;
    }
  }
  return out;
}
}

int vtkCloudMapMeshMorph::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cloudmap::anim;
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

  // The blend weight.
  double w = this->Parameter;
  if (this->UseTime)
  {
    const double t = cm::RequestedTime(outInfo, this->TimeRange[0]);
    double x;
    if (!ca::Remap(t, this->TimeRange[0], this->TimeRange[1], 0.0, 1.0, x))
    {
      vtkErrorMacro(<< "TimeRange [" << this->TimeRange[0] << ", " << this->TimeRange[1]
                    << "] is empty: the time cannot be remapped to [0, 1]");
      return 0;
    }
    w = ca::EaseAny(this->Easing, this->EasingMode, this->EasingExponent, this->EasingMidpoint, x);
  }

  // The correspondence.
  std::vector<vtkIdType> match;
  if (this->Correspondence == 0)
  {
    if (n != m)
    {
      vtkErrorMacro(<< "the inputs have " << n << " and " << m
                    << " points; By Index needs equal counts (or choose Nearest Normalized Point)");
      return 0;
    }
  }
  else
  {
    if (m == 0 && n > 0)
    {
      vtkErrorMacro(<< "the target has no points");
      return 0;
    }
    const std::vector<double> ns = Normalized(source), nt = Normalized(target);
    vtkNew<vtkPoints> tp;
    tp->SetDataTypeToDouble();
    tp->SetNumberOfPoints(m);
    for (vtkIdType j = 0; j < m; ++j)
    {
      tp->SetPoint(j, &nt[3 * j]);
    }
    vtkNew<vtkPolyData> cloud;
    cloud->SetPoints(tp);
    vtkNew<vtkStaticPointLocator> locator;
    locator->SetDataSet(cloud);
    locator->BuildLocator(); // built here, on the main thread, before the parallel queries
    match.resize(n);
    if (!cm::ForWithProgress(this, n, 0.0, 0.6, [&](std::int64_t b, std::int64_t e) {
          for (std::int64_t i = b; i < e; ++i)
          {
            match[i] = locator->FindClosestPoint(&ns[3 * i]);
          }
        }))
    {
      output->Initialize();
      return 1; // aborted: an empty output
    }
  }
  // Progress: the matching above up to 0.6, the points to 0.8, the arrays to 1.
  const double p0 = match.empty() ? 0.0 : 0.6;
  auto partner = [&](vtkIdType i) { return match.empty() ? i : match[i]; };

  output->ShallowCopy(source);
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  if (!cm::ForWithProgress(this, n, p0, 0.8, [&](std::int64_t b, std::int64_t e) {
        double p[3], q[3];
        for (std::int64_t i = b; i < e; ++i)
        {
          source->GetPoint(i, p);
          target->GetPoint(partner(i), q);
          for (int a = 0; a < 3; ++a)
          {
            p[a] = ca::Lerp(p[a], q[a], w);
          }
          points->SetPoint(i, p);
        }
      }))
  {
    output->Initialize();
    return 1; // aborted: an empty output
  }
  output->SetPoints(points);

  // Point arrays present in both inputs are blended too (as doubles).
  vtkPointData* spd = source->GetPointData();
  vtkPointData* tpd = target->GetPointData();
  const int nArrays = spd->GetNumberOfArrays();
  for (int k = 0; k < nArrays; ++k)
  {
    vtkDataArray* a = spd->GetArray(k);
    vtkDataArray* b = (a && a->GetName()) ? tpd->GetArray(a->GetName()) : nullptr;
    if (!b || b->GetNumberOfComponents() != a->GetNumberOfComponents())
    {
      continue;
    }
    const int nc = a->GetNumberOfComponents();
    // Typed bulk reads instead of a virtual call per value in the loop.
    const std::vector<double> va = cm::ValuesAsDouble(a), vb = cm::ValuesAsDouble(b);
    vtkNew<vtkDoubleArray> blend;
    blend->SetName(a->GetName());
    blend->SetNumberOfComponents(nc);
    blend->SetNumberOfTuples(n);
    double* o = blend->GetPointer(0);
    if (!cm::ForWithProgress(this, n, 0.8 + 0.2 * k / nArrays, 0.8 + 0.2 * (k + 1) / nArrays,
          [&](std::int64_t s, std::int64_t e) {
            for (std::int64_t i = s; i < e; ++i)
            {
              const vtkIdType j = partner(i);
              for (int c = 0; c < nc; ++c)
              {
                o[i * nc + c] = ca::Lerp(va[i * nc + c], vb[j * nc + c], w);
              }
            }
          }))
    {
      output->Initialize();
      return 1; // aborted: an empty output
    }
    const bool wasScalars = spd->GetScalars() == a;
    output->GetPointData()->AddArray(blend);
    if (wasScalars)
    {
      output->GetPointData()->SetActiveScalars(a->GetName());
    }
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
