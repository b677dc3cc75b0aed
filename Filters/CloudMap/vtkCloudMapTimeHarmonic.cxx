// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTimeHarmonic.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmRanks.h"
#include "cmTimeHarmonic.h"

#include "vtkCellData.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkSmartPointer.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapTimeHarmonic);

vtkCloudMapTimeHarmonic::vtkCloudMapTimeHarmonic() = default;
vtkCloudMapTimeHarmonic::~vtkCloudMapTimeHarmonic() = default;

int vtkCloudMapTimeHarmonic::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // One period in N equal phase steps; the time value is the fraction of the period.
  const std::vector<double> t = cm::map::HarmonicTimeSteps(this->NumberOfSteps);
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

namespace
{
cm::map::HarmonicArray ShapeOf(vtkDataArray* a)
{
  return a ? cm::map::HarmonicArray{ true, a->GetNumberOfComponents(), a->GetNumberOfTuples() }
           : cm::map::HarmonicArray();
}

// The cell attributes of ds, or its point attributes.
vtkDataSetAttributes* AttributesOf(vtkDataSet* ds, bool onCells)
{
  return onCells ? static_cast<vtkDataSetAttributes*>(ds->GetCellData()) : ds->GetPointData();
}

// A double array of n tuples of nc components.
vtkSmartPointer<vtkDoubleArray> NewDoubles(const std::string& name, int nc, vtkIdType n)
{
  auto a = vtkSmartPointer<vtkDoubleArray>::New();
  a->SetName(name.c_str());
  a->SetNumberOfComponents(nc);
  a->SetNumberOfTuples(n);
  return a;
}
} // namespace

int vtkCloudMapTimeHarmonic::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkDataSet* output = vtkDataSet::GetData(outputVector);
  output->ShallowCopy(input);
  // The pair on the cells, else on the points.
  const bool onCells = input->GetCellData()->GetArray(this->RealArrayName.c_str()) &&
    input->GetCellData()->GetArray(this->ImaginaryArrayName.c_str());
  vtkDataArray* re = AttributesOf(input, onCells)->GetArray(this->RealArrayName.c_str());
  vtkDataArray* im = AttributesOf(input, onCells)->GetArray(this->ImaginaryArrayName.c_str());
  // Every rank must reach the reduction below, also one that fails here: the
  // failure rides on that reduction, so all ranks fail together instead of
  // the others waiting forever. An empty piece (no points and no cells, often
  // without any array) is no error: it contributes nothing.
  const bool emptyPiece = input->GetNumberOfPoints() == 0 && input->GetNumberOfCells() == 0;
  std::string error = cm::map::CheckHarmonicArrays(
    this->RealArrayName, this->ImaginaryArrayName, ShapeOf(re), ShapeOf(im), emptyPiece);
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
  const double t = cm::RequestedTime(outputVector->GetInformationObject(0), 0.0);
  const int nc = re ? re->GetNumberOfComponents() : 1;
  const vtkIdType n = re ? re->GetNumberOfTuples() : 0;
  const std::vector<double> a = re ? cm::ValuesAsDouble(re) : std::vector<double>();
  const std::vector<double> b = im ? cm::ValuesAsDouble(im) : std::vector<double>();
  const cm::map::HarmonicNames names = cm::map::HarmonicOutputNames(this->RealArrayName);
  vtkSmartPointer<vtkDoubleArray> inst = NewDoubles(names.Instantaneous, nc, n);
  vtkSmartPointer<vtkDoubleArray> mag = NewDoubles(names.Magnitude, 1, n);
  // In blocks, reporting progress and stopping when the user aborts. An
  // aborted rank still joins the reduction below, which also tells every
  // rank whether any of them aborted.
  bool aborted = false;
  const double top = cm::map::EvaluateHarmonic(a.data(), b.data(), n, nc, t, inst->GetPointer(0),
    mag->GetPointer(0), cm::ProgressFor(this, 0.0, 0.95, aborted));
  aborted = aborted || this->GetAbortExecute();
  // One reduction: the peak, and whether any rank aborted or failed.
  double reduced[3] = { aborted ? 0.0 : top, aborted ? 1.0 : 0.0, failed ? 1.0 : 0.0 };
  cm::AllMax(reduced, 3);
  if (reduced[2] > 0)
  {
    cm::ShareFailure(this, failed, error);
    output->Initialize();
    return 0; // failed here or on another rank: an error and an empty output everywhere
  }
  if (reduced[1] > 0)
  {
    output->Initialize();
    return 1; // aborted (here or on another rank): an empty output everywhere
  }
  output->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), t);
  if (!re)
  {
    return 1; // an empty piece without the arrays: the empty input passes through
  }
  vtkDataSetAttributes* outAttrs = AttributesOf(output, onCells);
  outAttrs->AddArray(inst);
  outAttrs->AddArray(mag);
  outAttrs->SetActiveScalars(mag->GetName());
  vtkNew<vtkDoubleArray> range;
  range->SetName("InstantaneousRange");
  range->InsertNextValue(0.0);
  range->InsertNextValue(reduced[0]);
  output->GetFieldData()->AddArray(range);
  return 1;
}

void vtkCloudMapTimeHarmonic::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "RealArrayName: " << this->RealArrayName << "\n"
     << indent << "ImaginaryArrayName: " << this->ImaginaryArrayName << "\n"
     << indent << "NumberOfSteps: " << this->NumberOfSteps << "\n";
}
