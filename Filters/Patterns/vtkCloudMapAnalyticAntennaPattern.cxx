// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAnalyticAntennaPattern.h"

#include "cmAnalyticPattern.h"
#include "cmArrayAccess.h"
#include "cmExecution.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <algorithm>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapAnalyticAntennaPattern);

vtkCloudMapAnalyticAntennaPattern::vtkCloudMapAnalyticAntennaPattern()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapAnalyticAntennaPattern::~vtkCloudMapAnalyticAntennaPattern() = default;

int vtkCloudMapAnalyticAntennaPattern::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkTable* out = vtkTable::GetData(outputVector);
  cm::pattern::AnalyticPatternSpec spec;
  spec.Antenna = static_cast<cm::pattern::AnalyticAntenna>(this->Pattern);
  spec.ThetaStep = this->ThetaStep;
  spec.PhiStep = this->PhiStep;
  spec.NumberOfElements = this->NumberOfElements;
  spec.ElementSpacing = this->ElementSpacing;
  spec.PhaseStep = this->PhaseStep;
  int nt = 0, np = 0;
  const std::string error = cm::pattern::CheckAnalyticGrid(spec, nt, np);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  // The table lives on piece 0; other pieces have its columns and no rows.
  int piece = 0, pieces = 1;
  cm::RequestedPiece(outputVector->GetInformationObject(0), piece, pieces);
  const cm::pattern::FarFieldTable table =
    piece == 0 ? cm::pattern::AnalyticPattern(spec) : cm::pattern::FarFieldTable();
  for (int c = 0; c < 10; ++c)
  {
    const std::vector<double>& values = c < 9 ? table.Columns[c] : table.Gain;
    vtkNew<vtkDoubleArray> a;
    a->SetName(c < 9 ? cm::pattern::FarFieldColumnNames[c] : "Gain");
    a->SetNumberOfTuples(static_cast<vtkIdType>(values.size()));
    std::copy(values.begin(), values.end(), a->GetPointer(0));
    out->AddColumn(a);
  }
  cm::AddFarFieldTags(out->GetFieldData(), this->Frequency, nt, np, "Directivity");
  return 1;
}

void vtkCloudMapAnalyticAntennaPattern::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Pattern: " << this->Pattern << "\n"
     << indent << "ThetaStep: " << this->ThetaStep << "\n"
     << indent << "PhiStep: " << this->PhiStep << "\n";
}
