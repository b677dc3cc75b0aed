// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMSIPlanetReader.h"

#include "cmArrayAccess.h" // cm::AddFieldString
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmMsiPattern.h"
#include "cmMsiPatternToVTK.h"
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
  cm::MsiCutsToTable(in.Pattern, piece, vtkTable::SafeDownCast(this->PortOutput(1)));
  return 1;
}

void vtkCloudMapMSIPlanetReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Method: " << this->Method << "\n";
  os << indent << "ThetaStep: " << this->ThetaStep << "\n";
  os << indent << "PhiStep: " << this->PhiStep << "\n";
}
