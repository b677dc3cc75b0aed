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

#include <algorithm>
#include <cmath>
#include <limits>

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
  const char* names[] = { "Frequency[Hz]", "PeakTheta[deg]", "PeakPhi[deg]", "PeakGain[dBi]",
    "Directivity[dBi]", "HPBWPlane1[deg]", "HPBWPlane2[deg]", "FrontToBack[dB]",
    "FirstSidelobe[dB]", "ConePowerFraction", "ConeAverageDirectivity[dBi]" };
  if (this->CurrentStep == 0)
  {
    if (this->Accumulated)
    {
      this->Accumulated->Delete();
    }
    this->Accumulated = vtkTable::New();
    for (const char* n : names)
    {
      vtkNew<vtkDoubleArray> a;
      a->SetName(n);
      this->Accumulated->AddColumn(a);
    }
  }

  const double nan = std::numeric_limits<double>::quiet_NaN();
  double row[11];
  std::fill(row, row + 11, nan);
  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName("Theta"));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName("Phi"));
  auto* gain = vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  auto* field = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
  if (input->GetNumberOfRows() > 0)
  {
    if (!theta || !phi || (!gain && !field))
    {
      vtkErrorMacro(<< "the input needs Theta, Phi and a Gain or |E| column");
      return 0;
    }
    // The grid axes and the intensity in grid order (θ fastest).
    std::vector<double> th = cm::ValuesAsDouble(theta), ph = cm::ValuesAsDouble(phi);
    std::vector<double> ths(th), phs(ph);
    std::sort(ths.begin(), ths.end());
    ths.erase(std::unique(
                ths.begin(), ths.end(), [](double a, double b) { return std::abs(a - b) < 1e-6; }),
      ths.end());
    std::sort(phs.begin(), phs.end());
    phs.erase(std::unique(
                phs.begin(), phs.end(), [](double a, double b) { return std::abs(a - b) < 1e-6; }),
      phs.end());
    const std::size_t nt = ths.size(), np = phs.size();
    if (nt * np != th.size())
    {
      vtkErrorMacro(<< "the samples do not form a complete theta/phi grid (" << nt << " x " << np
                    << " != " << th.size() << ")");
      return 0;
    }
    const std::vector<double> g = gain ? cm::ValuesAsDouble(gain) : cm::ValuesAsDouble(field);
    std::vector<double> u(nt * np, 0.0);
    double peakGain = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < th.size(); ++k)
    {
      const std::size_t i = std::lower_bound(ths.begin(), ths.end(), th[k] - 1e-6) - ths.begin();
      const std::size_t j = std::lower_bound(phs.begin(), phs.end(), ph[k] - 1e-6) - phs.begin();
      // −999.99 dB is NEC's zero field.
      u[j * nt + i] = gain ? (g[k] > -300 ? std::pow(10.0, g[k] / 10.0) : 0.0) : g[k] * g[k];
      peakGain = std::max(peakGain, g[k]);
    }
    const cm::pattern::PatternMetrics m =
      cm::pattern::ComputePatternMetrics(ths, phs, u, this->ConeHalfAngle);
    vtkDataArray* f = input->GetFieldData()->GetArray("Frequency");
    row[0] =
      f ? f->GetTuple1(0) : (this->TimeSteps.empty() ? nan : this->TimeSteps[this->CurrentStep]);
    row[1] = m.PeakTheta;
    row[2] = m.PeakPhi;
    row[3] = gain ? peakGain : nan;
    row[4] = 10 * std::log10(m.Directivity);
    row[5] = m.HalfPowerBeamwidth1;
    row[6] = m.HalfPowerBeamwidth2;
    row[7] = m.FrontToBack;
    row[8] = m.FirstSidelobe;
    row[9] = m.ConePowerFraction;
    row[10] = 10 * std::log10(m.ConeAverageDirectivity);
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
