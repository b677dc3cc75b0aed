// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapGRASPReader.h"

#include "cmArrayAccess.h" // cm::AddFieldString
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmGrasp.h"
#include "cmTextScan.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <cmath>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapGRASPReader);

/// The parsed file, kept until it changes; Frequency is applied per request (it does not
/// re-read the file).
struct vtkCloudMapGRASPReader::Internals
{
  cm::GraspFile File;
  std::vector<std::size_t> SetOfStep; ///< the set shown at each time step
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

/// What the field data says about the set and the file.
void Describe(vtkTable* out, const cm::GraspFile& f, std::size_t set)
{
  vtkFieldData* fd = out->GetFieldData();
  cm::AddFieldString(fd, "GraspFileKind", f.Kind);
  AddFieldValue(fd, "ICOMP", f.Icomp);
  AddFieldValue(fd, "NCOMP", f.Ncomp);
  AddFieldValue(fd, f.Kind == "cut" ? "ICUT" : "IGRID", f.Geometry);
  AddFieldValue(fd, "Set", static_cast<double>(set));
  if (!(out->GetFieldData()->GetArray("Frequency") &&
        out->GetFieldData()->GetArray("Frequency")->GetTuple1(0) > 0))
  {
    // Read by Exposure Ratio and the other filters that need a frequency.
    cm::AddFieldString(fd, "FrequencyMissing",
      f.Kind == "cut" ? "a GRASP .cut file stores no frequency: set the GRASP Reader's "
                        "Frequency (GHz, one value per set)"
                      : "this GRASP .grd file gives no frequency for the set: set the GRASP "
                        "Reader's Frequency (GHz, one value per set)");
  }
}
} // namespace

vtkCloudMapGRASPReader::vtkCloudMapGRASPReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable", "vtkTable" }); // far field, samples
}

vtkCloudMapGRASPReader::~vtkCloudMapGRASPReader() = default;

void vtkCloudMapGRASPReader::SetNumberOfFrequencies(int n)
{
  const auto size = static_cast<std::size_t>(std::max(n, 0));
  if (size != this->Frequency.size())
  {
    this->Frequency.resize(size, 0.0);
    this->Modified();
  }
}

void vtkCloudMapGRASPReader::SetFrequency(int i, double ghz)
{
  if (i < 0 || !std::isfinite(ghz) || ghz < 0)
  {
    vtkErrorMacro(<< "Frequency " << ghz << " GHz (value " << i << ") is not a frequency");
    return;
  }
  if (static_cast<std::size_t>(i) >= this->Frequency.size())
  {
    this->Frequency.resize(static_cast<std::size_t>(i) + 1, 0.0);
  }
  if (this->Frequency[static_cast<std::size_t>(i)] != ghz)
  {
    this->Frequency[static_cast<std::size_t>(i)] = ghz;
    this->Modified();
  }
}

int vtkCloudMapGRASPReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && (cm::LooksLikeGraspCut(head) || cm::LooksLikeGraspGrid(head)) ? 1 : 0;
}

std::vector<double> vtkCloudMapGRASPReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  const cm::FileText text = cm::ReadWholeFile(this->FileName);
  const std::string_view head = std::string_view(text).substr(0, 4096);
  // By content; a damaged file that looks like neither is read as its extension says, so
  // that the error is the parser's of that kind.
  const std::string& name = this->FileName;
  const bool grdName = name.size() > 4 && cm::Upper(name.substr(name.size() - 4)) == ".GRD";
  const bool grid = cm::LooksLikeGraspGrid(head) || (!cm::LooksLikeGraspCut(head) && grdName);
  in.File =
    grid ? cm::ParseGraspGrid(text, this->FileName) : cm::ParseGraspCut(text, this->FileName, {});
  for (const std::string& w : in.File.Warnings)
  {
    this->WarnOptionalBlock(w, "what it covers is left out");
  }
  if (!in.File.Sets.empty() && !in.File.Sets[0].TableProblem.empty())
  {
    this->WarnOptionalBlock(this->FileName + ": " + in.File.Sets[0].TableProblem,
      "the Far Field output (port 0) is left empty; the Samples (port 1) hold the file's samples");
  }
  // Steps: the sets' frequencies when the file gives distinct ones, else the set numbers.
  std::vector<double> f;
  for (const cm::GraspSet& s : in.File.Sets)
  {
    f.push_back(s.Samples.Frequency);
  }
  const std::vector<double> distinct = cm::DistinctFrequencies(f);
  const bool byFrequency = distinct.size() == f.size() && !f.empty() && distinct.front() > 0;
  std::vector<double> steps;
  for (std::size_t k = 0; k < f.size() && f.size() > 1; ++k)
  {
    steps.push_back(byFrequency ? distinct[k] : static_cast<double>(k));
    for (std::size_t s = 0; s < f.size(); ++s)
    {
      if (!byFrequency ? s == k : f[s] == distinct[k])
      {
        in.SetOfStep.push_back(s);
        break;
      }
    }
  }
  return steps;
}

int vtkCloudMapGRASPReader::ReadMesh(int piece, int, int, int step, vtkDataObject*)
{
  this->RequireParsed("GRASP field", false);
  const Internals& in = *this->Internal;
  if (in.File.Sets.empty())
  {
    throw std::runtime_error("no parsed GRASP field for '" + this->FileName + "'");
  }
  const std::size_t set = in.SetOfStep.empty() ? 0 : in.SetOfStep[static_cast<std::size_t>(step)];
  cm::GraspSet s = in.File.Sets[set];
  double& f = s.Samples.Frequency;
  if (!(f > 0) && set < this->Frequency.size() && this->Frequency[set] > 0)
  {
    f = this->Frequency[set] * 1e9;
  }
  s.Table.Frequency = f;
  vtkTable* far = vtkTable::SafeDownCast(this->PortOutput(0));
  if (s.Table.Theta.empty())
  {
    cm::EmptyFarFieldTable(f, far);
  }
  else
  {
    cm::FarFieldToTable(s.Table, piece, far);
  }
  Describe(far, in.File, set);
  vtkTable* samples = vtkTable::SafeDownCast(this->PortOutput(1));
  cm::FarFieldToTable(s.Samples, piece, samples);
  Describe(samples, in.File, set);
  return 1;
}

void vtkCloudMapGRASPReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Frequency (GHz):";
  for (double f : this->Frequency)
  {
    os << " " << f;
  }
  os << "\n";
}
