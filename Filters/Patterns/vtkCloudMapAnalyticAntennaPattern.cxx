// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapAnalyticAntennaPattern.h"

#include "cmArrayAccess.h"
#include "cmConstants.h"
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

#include <cmath>

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
  const int nt = static_cast<int>(std::lround(180.0 / this->ThetaStep)) + 1;
  const int np = static_cast<int>(std::lround(360.0 / this->PhiStep)) + 1;
  if (std::abs((nt - 1) * this->ThetaStep - 180.0) > 1e-9 ||
    std::abs((np - 1) * this->PhiStep - 360.0) > 1e-9)
  {
    vtkErrorMacro(<< "ThetaStep must divide 180 and PhiStep 360 (got " << this->ThetaStep << ", "
                  << this->PhiStep << ")");
    return 0;
  }
  const char* names[] = { "Theta", "Phi", "Etheta_re", "Etheta_im", "Ephi_re", "Ephi_im",
    "|Etheta|", "|Ephi|", "|E|", "Gain" };
  vtkDoubleArray* col[10];
  for (int c = 0; c < 10; ++c)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(names[c]);
    out->AddColumn(a);
    col[c] = a;
  }
  // The table lives on piece 0; other pieces are empty (the grid is small).
  // Array factor, normalized to 1 at its peak, and D = 4π / ∫|AF|² dΩ
  // integrated finely over θ (the pattern does not depend on φ).
  const int nElem = this->NumberOfElements;
  const double kd = 2 * cm::Pi * this->ElementSpacing, beta = this->PhaseStep * cm::Pi / 180.0;
  auto ArrayFactor = [&](double t) {
    const double psi = kd * std::cos(t) + beta;
    const double den = nElem * std::sin(0.5 * psi);
    return std::abs(den) > 1e-12 ? std::abs(std::sin(0.5 * nElem * psi) / den) : 1.0;
  };
  double arrayDirectivity = 1.0;
  if (this->Pattern == UNIFORM_LINEAR_ARRAY)
  {
    const int steps = 20000;
    double integral = 0;
    for (int i = 0; i < steps; ++i)
    {
      const double t = (i + 0.5) * cm::Pi / steps, af = ArrayFactor(t);
      integral += af * af * std::sin(t) * (cm::Pi / steps);
    }
    arrayDirectivity = 2.0 / integral; // 4π / (2π ∫ |AF|² sin θ dθ)
  }
  vtkInformation* info = outputVector->GetInformationObject(0);
  int piece = 0, pieces = 1;
  cm::RequestedPiece(info, piece, pieces);
  for (int j = 0; piece == 0 && j < np; ++j)
  {
    for (int i = 0; i < nt; ++i)
    {
      const double th = i * this->ThetaStep, ph = j * this->PhiStep;
      const double t = th * cm::Pi / 180.0, s = std::sin(t);
      double et = 1.0, d = 1.0;
      if (this->Pattern == SHORT_DIPOLE)
      {
        et = s;
        d = 1.5 * s * s;
      }
      else if (this->Pattern == HALF_WAVE_DIPOLE)
      {
        et = std::abs(s) > 1e-12 ? std::cos(0.5 * cm::Pi * std::cos(t)) / s : 0.0;
        d = 1.640922 * et * et;
      }
      else if (this->Pattern == UNIFORM_LINEAR_ARRAY)
      {
        et = ArrayFactor(t);
        d = arrayDirectivity * et * et;
      }
      const double row[10] = { th, ph, et, 0.0, 0.0, 0.0, std::abs(et), 0.0, std::abs(et),
        d > 0 ? 10.0 * std::log10(d) : -999.99 };
      for (int c = 0; c < 10; ++c)
      {
        col[c]->InsertNextValue(row[c]);
      }
    }
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
