// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapPatternPolarization.h"

#include "cmPolarization.h"

#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapPatternPolarization);

vtkCloudMapPatternPolarization::vtkCloudMapPatternPolarization() = default;
vtkCloudMapPatternPolarization::~vtkCloudMapPatternPolarization() = default;

int vtkCloudMapPatternPolarization::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkTable* input = vtkTable::GetData(inputVector[0]);
  vtkTable* output = vtkTable::GetData(outputVector);
  output->ShallowCopy(input);
  const vtkIdType n = input->GetNumberOfRows();
  if (n == 0)
  {
    return 1;
  }
  const char* need[] = { "Phi", "Etheta_re", "Etheta_im", "Ephi_re", "Ephi_im" };
  vtkDataArray* col[5];
  for (int c = 0; c < 5; ++c)
  {
    col[c] = vtkDataArray::SafeDownCast(input->GetColumnByName(need[c]));
    if (!col[c])
    {
      vtkErrorMacro(<< "the far-field table has no " << need[c] << " column");
      return 0;
    }
  }
  const char* names[] = { "|E_co|", "|E_cross|", "|E_RHCP|", "|E_LHCP|", "AxialRatio", "Tilt" };
  vtkDoubleArray* out[6];
  for (int c = 0; c < 6; ++c)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(names[c]);
    a->SetNumberOfTuples(n);
    output->AddColumn(a);
    out[c] = a;
  }
  vtkNew<vtkIntArray> sense;
  sense->SetName("Sense");
  sense->SetNumberOfTuples(n);
  output->AddColumn(sense);
  for (vtkIdType i = 0; i < n; ++i)
  {
    const std::complex<double> et(col[1]->GetTuple1(i), col[2]->GetTuple1(i));
    const std::complex<double> ep(col[3]->GetTuple1(i), col[4]->GetTuple1(i));
    const cm::pattern::Polarization p =
      cm::pattern::ComputePolarization(et, ep, col[0]->GetTuple1(i), this->ReferenceAngle);
    out[0]->SetValue(i, std::abs(p.Co));
    out[1]->SetValue(i, std::abs(p.Cross));
    out[2]->SetValue(i, std::abs(p.Right));
    out[3]->SetValue(i, std::abs(p.Left));
    out[4]->SetValue(
      i, std::isfinite(p.AxialRatio) ? std::min(99.0, 20 * std::log10(p.AxialRatio)) : 99.0);
    out[5]->SetValue(i, p.Tilt);
    sense->SetValue(i, p.Sense);
  }
  return 1;
}

void vtkCloudMapPatternPolarization::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ReferenceAngle: " << this->ReferenceAngle << "\n";
}
