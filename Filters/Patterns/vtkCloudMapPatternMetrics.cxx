// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapPatternMetrics.h"

#include "cmArrayAccess.h"
#include "cmPatternMetrics.h"

#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

#include <limits>
#include <string>

vtkStandardNewMacro(vtkCloudMapPatternMetrics);

vtkCloudMapPatternMetrics::vtkCloudMapPatternMetrics() = default;

vtkCloudMapPatternMetrics::~vtkCloudMapPatternMetrics()
{
  if (this->Accumulated)
  {
    this->Accumulated->Delete();
  }
}

int vtkCloudMapPatternMetrics::RequestInformation(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // The output summarizes every time step, so it has none itself.
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  this->TimeSteps.clear();
  if (inInfo->Has(vtkStreamingDemandDrivenPipeline::TIME_STEPS()))
  {
    const int n = inInfo->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    const double* t = inInfo->Get(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    this->TimeSteps.assign(t, t + n);
  }
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  outInfo->Remove(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
  outInfo->Remove(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
  return 1;
}

int vtkCloudMapPatternMetrics::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  if (!this->TimeSteps.empty())
  {
    inputVector[0]->GetInformationObject(0)->Set(
      vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP(), this->TimeSteps[this->CurrentStep]);
  }
  return 1;
}

int vtkCloudMapPatternMetrics::RequestData(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkTable* input = vtkTable::GetData(inputVector[0]);
  vtkTable* output = vtkTable::GetData(outputVector);
  // Column names follow the project's scheme: no spaces, the unit in brackets
  // (docs: names). Before issue 34 they were "Frequency", "PeakTheta", ...,
  // "HPBW Plane 1", without units.
  if (this->CurrentStep == 0)
  {
    if (this->Accumulated)
    {
      this->Accumulated->Delete();
    }
    this->Accumulated = vtkTable::New();
    for (const char* n : cm::pattern::MetricsColumnNames)
    {
      vtkNew<vtkDoubleArray> a;
      a->SetName(n);
      this->Accumulated->AddColumn(a);
    }
  }

  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName("Theta"));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName("Phi"));
  auto* gain = vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  auto* field = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
  if (input->GetNumberOfRows() > 0)
  {
    std::string error = cm::pattern::CheckMetricsColumns(theta, phi, gain || field);
    double row[11];
    if (error.empty())
    {
      error = cm::pattern::MetricsRow(cm::ValuesAsDouble(theta), cm::ValuesAsDouble(phi),
        cm::ValuesAsDouble(gain ? gain : field), gain, this->ConeHalfAngle, row);
    }
    if (!error.empty())
    {
      vtkErrorMacro(<< error);
      return 0;
    }
    vtkDataArray* f = input->GetFieldData()->GetArray("Frequency");
    row[0] = f ? f->GetTuple1(0)
               : (this->TimeSteps.empty() ? std::numeric_limits<double>::quiet_NaN()
                                          : this->TimeSteps[this->CurrentStep]);
    for (int c = 0; c < 11; ++c)
    {
      vtkDoubleArray::SafeDownCast(this->Accumulated->GetColumn(c))->InsertNextValue(row[c]);
    }
  }

  // Loop over the time steps: ask the pipeline for the next one.
  if (!this->TimeSteps.empty() && this->CurrentStep + 1 < this->TimeSteps.size())
  {
    ++this->CurrentStep;
    request->Set(vtkStreamingDemandDrivenPipeline::CONTINUE_EXECUTING(), 1);
    return 1;
  }
  request->Remove(vtkStreamingDemandDrivenPipeline::CONTINUE_EXECUTING());
  this->CurrentStep = 0;
  output->ShallowCopy(this->Accumulated);
  return 1;
}

void vtkCloudMapPatternMetrics::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ConeHalfAngle: " << this->ConeHalfAngle << "\n";
}
