// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTimeHarmonic.h"

#include "cmArrayAccess.h"
#include "cmConstants.h"
#include "cmExecution.h"
#include "cmRanks.h"


#include "vtkCellData.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapTimeHarmonic);

vtkCloudMapTimeHarmonic::vtkCloudMapTimeHarmonic() = default;
vtkCloudMapTimeHarmonic::~vtkCloudMapTimeHarmonic() = default;

int vtkCloudMapTimeHarmonic::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // One period in N equal phase steps; the time value is the fraction of the period.
  std::vector<double> t(this->NumberOfSteps);
  for (int k = 0; k < this->NumberOfSteps; ++k)
  {
    t[k] = static_cast<double>(k) / this->NumberOfSteps;
  }
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  outInfo->Set(
    vtkStreamingDemandDrivenPipeline::TIME_STEPS(), t.data(), static_cast<int>(t.size()));
  const double range[2] = { 0.0, t.back() };
  outInfo->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
  return 1;
}

int vtkCloudMapTimeHarmonic::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // The input is a single frequency-domain solution: ask it for no particular time.
  inputVector[0]->GetInformationObject(0)->Remove(
    vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP());
  return 1;
}

int vtkCloudMapTimeHarmonic::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkDataSet* output = vtkDataSet::GetData(outputVector);
  output->ShallowCopy(input);
  vtkDataSetAttributes* attrs = input->GetCellData();
  vtkDataArray* re = attrs->GetArray(this->RealArrayName.c_str());
  vtkDataArray* im = attrs->GetArray(this->ImaginaryArrayName.c_str());
  vtkDataSetAttributes* outAttrs = output->GetCellData();
  if (!re || !im)
  {
    attrs = input->GetPointData();
    re = attrs->GetArray(this->RealArrayName.c_str());
    im = attrs->GetArray(this->ImaginaryArrayName.c_str());
    outAttrs = output->GetPointData();
  }
  // Every rank must reach the reduction below, also one that fails here: the
  // failure rides on that reduction, so all ranks fail together instead of
  // the others waiting forever. An empty piece (no points and no cells, often
  // without any array) is no error: it contributes nothing.
  const bool emptyPiece = input->GetNumberOfPoints() == 0 && input->GetNumberOfCells() == 0;
  std::string error;
  const bool mismatch = re && im &&
    (re->GetNumberOfComponents() != im->GetNumberOfComponents() ||
      re->GetNumberOfTuples() != im->GetNumberOfTuples());
  if (mismatch || ((!re || !im) && !emptyPiece))
  {
    error = "need matching real and imaginary arrays '" + this->RealArrayName + "' and '" +
      this->ImaginaryArrayName + "' on cells or points";
  }
  const bool failed = !error.empty();
  if (failed)
  {
    vtkErrorMacro(<< error);
    if (!cm::SeveralRanks())
    {
      output->Initialize();
      return 0;
    }
  }
  if (failed || !re || !im)
  {
    re = im = nullptr;
  }
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const double t = cm::RequestedTime(outInfo, 0.0);
  const double phase = 2 * cm::Pi * t;
  const double c = std::cos(phase), s = std::sin(phase);
  const int nc = re ? re->GetNumberOfComponents() : 1;
  const vtkIdType n = re ? re->GetNumberOfTuples() : 0;
  const std::vector<double> a = re ? cm::ValuesAsDouble(re) : std::vector<double>();
  const std::vector<double> b = im ? cm::ValuesAsDouble(im) : std::vector<double>();

  std::string base = this->RealArrayName;
  const std::size_t cut = base.rfind("_real");
  base = cut == std::string::npos ? base : base.substr(0, cut);
  vtkNew<vtkDoubleArray> inst, mag;
  inst->SetName((base + "_inst").c_str());
  inst->SetNumberOfComponents(nc);
  inst->SetNumberOfTuples(n);
  mag->SetName(("|" + base + "_inst|").c_str());
  mag->SetNumberOfTuples(n);
  double* pi = inst->GetPointer(0);
  double* pm = mag->GetPointer(0);
  std::vector<double> peak(n);
  // In blocks, reporting progress and stopping when the user aborts. An
  // aborted rank still joins the reduction below, which also tells every
  // rank whether any of them aborted.
  const bool done =
    cm::ForWithProgress(this, n, 0.0, 0.95, [&](std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i)
      {
        double m2 = 0, aa = 0, bb = 0, ab = 0;
        for (int k = 0; k < nc; ++k)
        {
          const double x = a[i * nc + k], y = b[i * nc + k];
          const double v = x * c - y * s;
          pi[i * nc + k] = v;
          m2 += v * v;
          aa += x * x;
          bb += y * y;
          ab += x * y;
        }
        pm[i] = std::sqrt(m2);
        // max over t of |a cos − b sin|² = (aa+bb)/2 + sqrt(((aa−bb)/2)² + ab²).
        peak[i] = std::sqrt(0.5 * (aa + bb) + std::sqrt(0.25 * (aa - bb) * (aa - bb) + ab * ab));
      }
    });
  double top = peak.empty() || !done ? 0.0 : *std::max_element(peak.begin(), peak.end());
  // One reduction: the peak, and whether any rank aborted or failed.
  double reduced[3] = { top, done ? 0.0 : 1.0, failed ? 1.0 : 0.0 };
  cm::AllMax(reduced, 3);
  top = reduced[0];
  const double abortedAnywhere = reduced[1];
  const double failedAnywhere = reduced[2];
  if (failedAnywhere > 0)
  {
    cm::ShareFailure(this, failed, error);
    output->Initialize();
    return 0; // failed here or on another rank: an error and an empty output everywhere
  }
  if (abortedAnywhere > 0)
  {
    output->Initialize();
    return 1; // aborted (here or on another rank): an empty output everywhere
  }
  if (!re)
  {
    // An empty piece without the arrays: the empty input passes through.
    output->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), t);
    return 1;
  }
  outAttrs->AddArray(inst);
  outAttrs->AddArray(mag);
  outAttrs->SetActiveScalars(mag->GetName());
  vtkNew<vtkDoubleArray> range;
  range->SetName("InstantaneousRange");
  range->InsertNextValue(0.0);
  range->InsertNextValue(top);
  output->GetFieldData()->AddArray(range);
  output->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), t);
  return 1;
}

void vtkCloudMapTimeHarmonic::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "RealArrayName: " << this->RealArrayName << "\n"
     << indent << "ImaginaryArrayName: " << this->ImaginaryArrayName << "\n"
     << indent << "NumberOfSteps: " << this->NumberOfSteps << "\n";
}
