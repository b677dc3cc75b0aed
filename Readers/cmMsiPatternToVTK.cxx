// SPDX-License-Identifier: BSD-3-Clause
#include "cmMsiPatternToVTK.h"

#include "cmArrayAccess.h" // cm::AddFieldString
#include "cmMsiPattern.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkTable.h"

namespace cm
{
void AddFieldValue(vtkFieldData* fd, const char* name, double value)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName(name);
  a->InsertNextValue(value);
  fd->AddArray(a);
}

/// Port 1: the two cuts as printed, and the header in the field data.
void MsiCutsToTable(const MsiPattern& p, int piece, vtkTable* out)
{
  const char* names[] = { "Cut", "Angle", "Attenuation", "Gain" };
  vtkDoubleArray* cols[4];
  for (int c = 0; c < 4; ++c)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(names[c]);
    out->AddColumn(a);
    cols[c] = a;
  }
  if (piece == 0)
  {
    int k = 0;
    for (const MsiCut* cut : { &p.Horizontal, &p.Vertical })
    {
      for (std::size_t i = 0; i < cut->Angle.size(); ++i)
      {
        cols[0]->InsertNextValue(k);
        cols[1]->InsertNextValue(cut->Angle[i]);
        cols[2]->InsertNextValue(cut->Attenuation[i]);
        cols[3]->InsertNextValue(p.GainDbi - cut->Attenuation[i]);
      }
      ++k;
    }
  }
  vtkFieldData* fd = out->GetFieldData();
  AddFieldString(fd, "Name", p.Name);
  AddFieldString(fd, "Make", p.Make);
  AddFieldString(fd, "Polarization", p.Polarization);
  AddFieldString(fd, "Comment", p.Comment);
  AddFieldString(fd, "GainUnit", p.GainUnit);
  AddFieldValue(fd, "Frequency", p.FrequencyHz);
  AddFieldValue(fd, "Gain[dBi]", p.GainDbi);
  AddFieldValue(fd, "Tilt", p.Tilt);
  AddFieldValue(fd, "H_WIDTH", p.HWidth);
  AddFieldValue(fd, "V_WIDTH", p.VWidth);
  AddFieldValue(fd, "FRONT_TO_BACK", p.FrontToBack);
}
} // namespace cm
