// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapPalacePortReader.h"

#include "cmArrayAccess.h" // cm::AddFieldString
#include "cmColumnTableToVTK.h"
#include "cmFileStamp.h"
#include "cmPalace.h"
#include "cmTextScan.h"

#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapPalacePortReader);

/// The file's text (small: one row per frequency) and the R that port-V/port-I state.
struct vtkCloudMapPalacePortReader::Internals
{
  std::string Text;
  double StatedImpedance = 0; ///< > 0 when port-V.csv and port-I.csv give it
  bool Parsed = false;
};

namespace
{
std::string Beside(const std::string& file, const char* name)
{
  const std::size_t s = file.find_last_of("/\\");
  const std::string path = (s == std::string::npos ? std::string() : file.substr(0, s + 1)) + name;
  if (FILE* f = std::fopen(path.c_str(), "rb"))
  {
    std::fclose(f);
    return path;
  }
  return std::string();
}
} // namespace

vtkCloudMapPalacePortReader::vtkCloudMapPalacePortReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapPalacePortReader::~vtkCloudMapPalacePortReader() = default;

int vtkCloudMapPalacePortReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikePalacePortS(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapPalacePortReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  const cm::FileText text = cm::ReadWholeFile(this->FileName, 1ull << 30);
  in.Text = std::string(static_cast<std::string_view>(text));
  const cm::Network net = cm::ParsePalacePortS(in.Text, this->FileName, 50); // errors here
  const std::string v = Beside(this->FileName, "port-V.csv");
  const std::string i = Beside(this->FileName, "port-I.csv");
  if (!v.empty() && !i.empty())
  {
    try
    {
      const cm::FileText tv = cm::ReadWholeFile(v, 1ull << 30),
                         ti = cm::ReadWholeFile(i, 1ull << 30);
      const auto r = cm::PalaceIncidentImpedances(tv, v, ti, i);
      bool all = !r.empty() && r.size() >= net.Ports.size(), same = true;
      for (const auto& p : r)
      {
        same = same && std::abs(p.second - r[0].second) <= 1e-9 * r[0].second;
      }
      for (const cm::NetworkPort& p : net.Ports)
      {
        bool found = false;
        for (const auto& q : r)
        {
          found = found || q.first == p.Segment;
        }
        all = all && found;
      }
      if (all && same)
      {
        in.StatedImpedance = r[0].second;
      }
      else if (!same)
      {
        this->WarnOptionalBlock(v + ": the ports' reference resistances V_inc/I_inc differ",
          "Z and Y use the Reference Impedance property");
      }
    }
    catch (const std::exception& e)
    {
      this->WarnOptionalBlock(e.what(), "Z and Y use the Reference Impedance property");
    }
  }
  in.Parsed = true;
  return {};
}

int vtkCloudMapPalacePortReader::ReadMesh(int piece, int, int, int, vtkDataObject* output)
{
  this->RequireParsed("Palace port-S", false);
  const Internals& in = *this->Internal;
  if (!in.Parsed)
  {
    throw std::runtime_error("no parsed Palace port-S for '" + this->FileName + "'");
  }
  const double z0 = in.StatedImpedance > 0 ? in.StatedImpedance : this->ReferenceImpedance;
  vtkTable* out = vtkTable::SafeDownCast(output);
  cm::NetworkToVTK(cm::ParsePalacePortS(in.Text, this->FileName, z0), piece, out);
  cm::AddFieldString(out->GetFieldData(), "ReferenceImpedanceSource",
    in.StatedImpedance > 0 ? "port-V.csv/port-I.csv (V_inc/I_inc)"
                           : "Reference Impedance property");
  return 1;
}

void vtkCloudMapPalacePortReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
