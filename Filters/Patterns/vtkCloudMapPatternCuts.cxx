// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapPatternCuts.h"

#include "cmArrayAccess.h"
#include "cmPatternMetrics.h"

#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <algorithm>
#include <cmath>

vtkStandardNewMacro(vtkCloudMapPatternCuts);

vtkCloudMapPatternCuts::vtkCloudMapPatternCuts() = default;
vtkCloudMapPatternCuts::~vtkCloudMapPatternCuts() = default;

int vtkCloudMapPatternCuts::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkTable* input = vtkTable::GetData(inputVector[0]);
  vtkTable* output = vtkTable::GetData(outputVector);
  if (input->GetNumberOfRows() == 0)
  {
    return 1; // an empty piece
  }
  auto* theta = vtkDataArray::SafeDownCast(input->GetColumnByName("Theta"));
  auto* phi = vtkDataArray::SafeDownCast(input->GetColumnByName("Phi"));
  auto* gain = vtkDataArray::SafeDownCast(input->GetColumnByName("Gain"));
  auto* field = vtkDataArray::SafeDownCast(input->GetColumnByName("|E|"));
  if (!theta || !phi || (!gain && !field))
  {
    vtkErrorMacro(<< "the input needs Theta, Phi and a Gain or |E| column");
    return 0;
  }
  std::vector<double> th = cm::ValuesAsDouble(theta), ph = cm::ValuesAsDouble(phi);
  std::vector<double> ths(th), phs(ph);
  auto near = [](double a, double b) { return std::abs(a - b) < 1e-6; };
  std::sort(ths.begin(), ths.end());
  ths.erase(std::unique(ths.begin(), ths.end(), near), ths.end());
  std::sort(phs.begin(), phs.end());
  phs.erase(std::unique(phs.begin(), phs.end(), near), phs.end());
  const std::size_t nt = ths.size(), np = phs.size();
  if (nt * np != th.size())
  {
    vtkErrorMacro(<< "the samples do not form a complete theta/phi grid");
    return 0;
  }
  const std::vector<double> g = gain ? cm::ValuesAsDouble(gain) : cm::ValuesAsDouble(field);
  std::vector<double> u(nt * np, 0.0);
  for (std::size_t k = 0; k < th.size(); ++k)
  {
    const std::size_t i = std::lower_bound(ths.begin(), ths.end(), th[k] - 1e-6) - ths.begin();
    const std::size_t j = std::lower_bound(phs.begin(), phs.end(), ph[k] - 1e-6) - phs.begin();
    u[j * nt + i] = gain ? (g[k] > -300 ? std::pow(10.0, g[k] / 10.0) : 0.0) : g[k] * g[k];
  }
  const std::size_t kmax = std::max_element(u.begin(), u.end()) - u.begin();
  const double peak = u[kmax], pt = ths[kmax % nt], pp = phs[kmax / nt];

  // No spaces, the unit in brackets (docs: names); before issue 34 "Plane 1",
  // "Plane 2", "Elevation Cut" and "Conical Cut". The x column keeps its name
  // Angle (degrees): a saved line chart names it as its X array, and ParaView
  // logs an error at every render of a chart whose X array is gone.
  const char* names[] = { "Plane1[dB]", "Plane2[dB]", "ElevationCut[dB]", "ConicalCut[dB]" };
  const int planes[] = { 1, 2, 0, 3 };
  const double user[] = { 0, 0, this->UserPhi, this->UserTheta };
  vtkNew<vtkDoubleArray> angle;
  angle->SetName("Angle");
  output->AddColumn(angle);
  for (int c = 0; c < 4; ++c)
  {
    const std::vector<double> cut =
      cm::pattern::PatternCut(ths, phs, u, pt, pp, planes[c], this->Step, user[c]);
    if (c == 0)
    {
      for (std::size_t k = 0; k < cut.size(); ++k)
      {
        angle->InsertNextValue(k * this->Step);
      }
    }
    vtkNew<vtkDoubleArray> col;
    col->SetName(names[c]);
    for (double v : cut)
    {
      const double db = v > 0 && peak > 0 ? 10 * std::log10(v / peak) : -this->DynamicRange;
      col->InsertNextValue(std::max(db, -this->DynamicRange));
    }
    output->AddColumn(col);
  }
  return 1;
}

void vtkCloudMapPatternCuts::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Step: " << this->Step << "\n"
     << indent << "UserPhi: " << this->UserPhi << "\n"
     << indent << "UserTheta: " << this->UserTheta << "\n";
}
