// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapPlanetPafxReader.h"

#include "cmArrayAccess.h" // cm::AddFieldString
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmMsiPatternToVTK.h"
#include "cmPlanetPafx.h"
#include "cmTextScan.h"
#include "cmZipInflate.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <cstdio>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapPlanetPafxReader);

/// The parsed archive, kept until the file changes (Method and the steps only rebuild
/// the grid).
struct vtkCloudMapPlanetPafxReader::Internals
{
  cm::PafxAntenna Antenna;
  bool Parsed = false;
};

namespace
{
/// The archive's last 64 KB + 22 bytes: where its central directory and end record are.
std::string FileTail(const char* name)
{
  std::string tail;
  if (FILE* f = name ? std::fopen(name, "rb") : nullptr)
  {
    const long want = 65536 + 22;
    if (std::fseek(f, -want, SEEK_END) != 0)
    {
      std::fseek(f, 0, SEEK_SET);
    }
    tail.resize(static_cast<std::size_t>(want));
    tail.resize(std::fread(&tail[0], 1, tail.size(), f));
    std::fclose(f);
  }
  return tail;
}

/// Port 2: the patterns read, one row each, on piece 0.
void PatternsToTable(const cm::PafxAntenna& a, int piece, vtkTable* out)
{
  const char* numbers[] = { "Step", "Frequency", "Tilt", "Gain[dBi]", "H_WIDTH", "V_WIDTH",
    "FRONT_TO_BACK" };
  const char* strings[] = { "Name", "Entry", "Polarization", "PolarizationType" };
  vtkDoubleArray* n[7];
  vtkStringArray* s[4];
  for (int c = 0; c < 7; ++c)
  {
    vtkNew<vtkDoubleArray> col;
    col->SetName(numbers[c]);
    out->AddColumn(col);
    n[c] = col;
  }
  for (int c = 0; c < 4; ++c)
  {
    vtkNew<vtkStringArray> col;
    col->SetName(strings[c]);
    out->AddColumn(col);
    s[c] = col;
  }
  for (std::size_t k = 0; piece == 0 && k < a.Patterns.size(); ++k)
  {
    const cm::PafxPattern& p = a.Patterns[k];
    const cm::MsiPattern& m = p.Pattern;
    const double v[] = { static_cast<double>(k), m.FrequencyHz, m.Tilt, m.GainDbi, m.HWidth,
      m.VWidth, m.FrontToBack };
    for (int c = 0; c < 7; ++c)
    {
      n[c]->InsertNextValue(v[c]);
    }
    s[0]->InsertNextValue(m.Name);
    s[1]->InsertNextValue(p.Entry);
    s[2]->InsertNextValue(m.Polarization);
    s[3]->InsertNextValue(p.PolarizationType);
  }
  cm::AddFieldString(out->GetFieldData(), "Name", a.Name);
  cm::AddFieldString(out->GetFieldData(), "Manufacturer", a.Manufacturer);
  cm::AddFieldString(out->GetFieldData(), "Version", a.Version);
}
} // namespace

vtkCloudMapPlanetPafxReader::vtkCloudMapPlanetPafxReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable", "vtkTable", "vtkTable" }); // pattern, cuts, patterns
}

vtkCloudMapPlanetPafxReader::~vtkCloudMapPlanetPafxReader() = default;

int vtkCloudMapPlanetPafxReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikePlanetPafx(head, FileTail(fileName)) ? 1 : 0;
}

std::vector<double> vtkCloudMapPlanetPafxReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  const cm::FileText bytes = cm::ReadWholeFile(this->FileName, 1ull << 28);
  in.Antenna = cm::ReadPlanetPafx(bytes, this->FileName, cm::InflateRawVtkZlib);
  for (const std::string& w : in.Antenna.Warnings)
  {
    vtkWarningMacro(<< w); // once per parse of the file, not per update
  }
  in.Parsed = true;
  std::vector<double> steps;
  for (std::size_t k = 0; k < in.Antenna.Patterns.size(); ++k)
  {
    steps.push_back(static_cast<double>(k));
  }
  return steps;
}

int vtkCloudMapPlanetPafxReader::ReadMesh(int piece, int, int, int step, vtkDataObject*)
{
  this->RequireParsed("Planet .pafx archive");
  const Internals& in = *this->Internal;
  if (!in.Parsed || step < 0 || static_cast<std::size_t>(step) >= in.Antenna.Patterns.size())
  {
    throw std::runtime_error("no parsed Planet .pafx pattern for '" + this->FileName + "'");
  }
  const cm::PafxPattern& p = in.Antenna.Patterns[static_cast<std::size_t>(step)];
  const std::string where = this->FileName + "[" + p.Entry + "]";
  const cm::FarFieldGrid g = cm::MsiToFarField(
    p.Pattern, static_cast<cm::MsiMethod>(this->Method), this->ThetaStep, this->PhiStep, where);
  vtkTable* out = vtkTable::SafeDownCast(this->PortOutput(0));
  cm::FarFieldToTable(g, piece, out);
  vtkFieldData* fd = out->GetFieldData();
  cm::AddFieldString(
    fd, "ReconstructionMethod", this->Method == 0 ? "Summing" : "Cross-weighted (Gil et al. 2001)");
  cm::AddFieldString(fd, "Make", p.Pattern.Make);
  cm::AddFieldString(fd, "Polarization", p.Pattern.Polarization);
  cm::AddFieldString(fd, "Entry", p.Entry);
  vtkTable* cuts = vtkTable::SafeDownCast(this->PortOutput(1));
  cm::MsiCutsToTable(p.Pattern, piece, cuts);
  cm::AddFieldString(cuts->GetFieldData(), "Entry", p.Entry);
  cm::AddFieldString(cuts->GetFieldData(), "PolarizationType", p.PolarizationType);
  PatternsToTable(in.Antenna, piece, vtkTable::SafeDownCast(this->PortOutput(2)));
  return 1;
}

void vtkCloudMapPlanetPafxReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Method: " << this->Method << "\n";
  os << indent << "ThetaStep: " << this->ThetaStep << "\n";
  os << indent << "PhiStep: " << this->PhiStep << "\n";
}
