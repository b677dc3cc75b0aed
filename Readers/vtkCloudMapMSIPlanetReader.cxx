// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMSIPlanetReader.h"

#include "cmArrayAccess.h" // cm::AddFieldString
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmMsiPattern.h"
#include "cmTextScan.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapMSIPlanetReader);

/// The parsed file, kept until it changes (the grid is rebuilt per request: Method and
/// the steps do not re-read the file).
struct vtkCloudMapMSIPlanetReader::Internals
{
  cm::MsiPattern Pattern;
  bool Parsed = false;
};

namespace
{
void AddFieldValue(vtkFieldData* fd, const char* name, double value)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName(name);
  a->InsertNextValue(value);
  fd->AddArray(a);
}

/// Port 1: the two cuts as printed, and the header in the field data.
void CutsToTable(const cm::MsiPattern& p, int piece, vtkTable* out)
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
    for (const cm::MsiCut* cut : { &p.Horizontal, &p.Vertical })
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
  cm::AddFieldString(fd, "Name", p.Name);
  cm::AddFieldString(fd, "Make", p.Make);
  cm::AddFieldString(fd, "Polarization", p.Polarization);
  cm::AddFieldString(fd, "Comment", p.Comment);
  cm::AddFieldString(fd, "GainUnit", p.GainUnit);
  AddFieldValue(fd, "Frequency", p.FrequencyHz);
  AddFieldValue(fd, "Gain[dBi]", p.GainDbi);
  AddFieldValue(fd, "Tilt", p.Tilt);
  AddFieldValue(fd, "H_WIDTH", p.HWidth);
  AddFieldValue(fd, "V_WIDTH", p.VWidth);
  AddFieldValue(fd, "FRONT_TO_BACK", p.FrontToBack);
}
} // namespace

vtkCloudMapMSIPlanetReader::vtkCloudMapMSIPlanetReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable", "vtkTable" }); // pattern, cuts
}

vtkCloudMapMSIPlanetReader::~vtkCloudMapMSIPlanetReader() = default;

int vtkCloudMapMSIPlanetReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeMsiPattern(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapMSIPlanetReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  const cm::FileText text = cm::ReadWholeFile(this->FileName, 1ull << 28);
  in.Pattern = cm::ParseMsiPattern(text, this->FileName);
  for (const std::string& w : in.Pattern.Warnings)
  {
    vtkWarningMacro(<< w); // once per parse of the file, not per update
  }
  in.Parsed = true;
  return {};
}

int vtkCloudMapMSIPlanetReader::ReadMesh(int piece, int, int, int, vtkDataObject*)
{
  this->RequireParsed("MSI/Planet pattern", false);
  const Internals& in = *this->Internal;
  if (!in.Parsed)
  {
    throw std::runtime_error("no parsed MSI/Planet pattern for '" + this->FileName + "'");
  }
  const cm::FarFieldGrid g = cm::MsiToFarField(in.Pattern, static_cast<cm::MsiMethod>(this->Method),
    this->ThetaStep, this->PhiStep, this->FileName);
  vtkTable* out = vtkTable::SafeDownCast(this->PortOutput(0));
  cm::FarFieldToTable(g, piece, out);
  cm::AddFieldString(out->GetFieldData(), "ReconstructionMethod",
    this->Method == 0 ? "Summing" : "Cross-weighted (Gil et al. 2001)");
  cm::AddFieldString(out->GetFieldData(), "Make", in.Pattern.Make);
  cm::AddFieldString(out->GetFieldData(), "Polarization", in.Pattern.Polarization);
  CutsToTable(in.Pattern, piece, vtkTable::SafeDownCast(this->PortOutput(1)));
  return 1;
}

void vtkCloudMapMSIPlanetReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Method: " << this->Method << "\n";
  os << indent << "ThetaStep: " << this->ThetaStep << "\n";
  os << indent << "PhiStep: " << this->PhiStep << "\n";
}
