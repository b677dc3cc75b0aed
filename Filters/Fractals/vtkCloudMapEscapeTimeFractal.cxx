// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapEscapeTimeFractal.h"

#include "cmEscapeTime.h"
#include "cmExecution.h"

#include "vtkDoubleArray.h"
#include "vtkImageData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <string>

vtkStandardNewMacro(vtkCloudMapEscapeTimeFractal);

vtkCloudMapEscapeTimeFractal::vtkCloudMapEscapeTimeFractal()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapEscapeTimeFractal::~vtkCloudMapEscapeTimeFractal() = default;

int vtkCloudMapEscapeTimeFractal::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const cm::fractal::EscapeGrid g =
    cm::fractal::MakeEscapeGrid(this->Dimensions, this->Center, this->Width);
  int ext[6] = { 0, g.Dimensions[0] - 1, 0, g.Dimensions[1] - 1, 0, 0 };
  double origin[3] = { g.X(0), g.Y(0), 0 };
  double spacing[3] = { g.Spacing, g.Spacing, 1 };
  outInfo->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  outInfo->Set(vtkDataObject::ORIGIN(), origin, 3);
  outInfo->Set(vtkDataObject::SPACING(), spacing, 3);
  outInfo->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
  vtkDataObject::SetPointDataActiveScalarInfo(outInfo, VTK_INT, 1);
  return 1;
}

int vtkCloudMapEscapeTimeFractal::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkImageData* output = vtkImageData::GetData(outInfo);
  const std::string problem =
    cm::fractal::EscapeImageSizeProblem(this->Dimensions, this->MaximumNumberOfPixels);
  if (!problem.empty())
  {
    vtkErrorMacro("Escape Time Fractal: " << problem);
    return 0;
  }
  const cm::fractal::EscapeGrid g =
    cm::fractal::MakeEscapeGrid(this->Dimensions, this->Center, this->Width);
  int ext[6] = { 0, g.Dimensions[0] - 1, 0, g.Dimensions[1] - 1, 0, 0 };
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), ext);
  }
  output->SetExtent(ext);
  output->SetOrigin(g.X(0), g.Y(0), 0);
  output->SetSpacing(g.Spacing, g.Spacing, 1);
  if (ext[1] < ext[0] || ext[3] < ext[2])
  {
    return 1;
  }
  const vtkIdType n = vtkIdType(ext[1] - ext[0] + 1) * (ext[3] - ext[2] + 1);
  cm::fractal::EscapeParameters p;
  p.Julia = this->Mode == 1;
  p.C[0] = this->JuliaConstant[0];
  p.C[1] = this->JuliaConstant[1];
  p.Power = this->Power;
  p.MaxIterations = this->MaximumNumberOfIterations;
  p.EscapeRadius = this->EscapeRadius;
  p.Trap[0] = this->TrapPoint[0];
  p.Trap[1] = this->TrapPoint[1];
  p.ComputeTrap = this->ComputeOrbitTrap;

  vtkNew<vtkIntArray> it;
  it->SetName("Iterations");
  it->SetNumberOfTuples(n);
  auto optional = [n](bool on, const char* name) {
    vtkSmartPointer<vtkDoubleArray> a;
    if (on)
    {
      a = vtkSmartPointer<vtkDoubleArray>::New();
      a->SetName(name);
      a->SetNumberOfTuples(n);
    }
    return a;
  };
  auto smooth = optional(this->ComputeSmoothIterations, "SmoothIterations");
  auto dist = optional(this->ComputeDistanceEstimate, "DistanceEstimate");
  auto trap = optional(this->ComputeOrbitTrap, "OrbitTrap");
  auto at = [](vtkDoubleArray* a) { return a ? a->GetPointer(0) : nullptr; };
  if (!cm::fractal::EscapeImageInBands(p, g, ext, it->GetPointer(0), at(smooth), at(dist), at(trap),
        cm::SMPFor(), cm::ProgressAbort(this)))
  {
    output->Initialize(); // aborted: no half-computed image
    return 1;
  }
  vtkPointData* pd = output->GetPointData();
  pd->SetScalars(it);
  for (vtkDoubleArray* a : { smooth.Get(), dist.Get(), trap.Get() })
  {
    if (a)
    {
      pd->AddArray(a);
    }
  }
  return 1;
}

void vtkCloudMapEscapeTimeFractal::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Mode: " << this->Mode << "\n";
  os << indent << "Power: " << this->Power << "\n";
  os << indent << "MaximumNumberOfIterations: " << this->MaximumNumberOfIterations << "\n";
  os << indent << "Dimensions: " << this->Dimensions[0] << " " << this->Dimensions[1] << "\n";
}
