// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapHFSSFarFieldReader.h"

#include "cmExecution.h" // cm::SMPFor

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmHfssFarField.h"
#include "cmTextScan.h"

#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <cmath>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapHFSSFarFieldReader);

/// The parsed frequency blocks, kept until the file changes.
struct vtkCloudMapHFSSFarFieldReader::Internals
{
  std::vector<cm::FarFieldGrid> Grids;
};

namespace
{
/// pyaedt's metadata file in the folder of `ffd` ("" when there is none).
std::string MetadataBeside(const std::string& ffd)
{
  const std::size_t s = ffd.find_last_of("/\\");
  const std::string path = (s == std::string::npos ? std::string() : ffd.substr(0, s + 1)) +
    "pyaedt_antenna_metadata.json";
  if (FILE* f = std::fopen(path.c_str(), "rb"))
  {
    std::fclose(f);
    return path;
  }
  return std::string();
}
} // namespace

vtkCloudMapHFSSFarFieldReader::vtkCloudMapHFSSFarFieldReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapHFSSFarFieldReader::~vtkCloudMapHFSSFarFieldReader() = default;

int vtkCloudMapHFSSFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeHfssFarField(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapHFSSFarFieldReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  const cm::FileText text = cm::ReadWholeFile(this->FileName, 1ull << 34, cm::SMPFor());
  cm::HfssFarField ff = cm::ParseHfssFarField(text, this->FileName, cm::SMPFor());
  const std::string meta = MetadataBeside(this->FileName);
  if (!meta.empty())
  {
    cm::HfssElementPowers powers;
    std::string problem;
    // The metadata is small; a huge or unreadable one is a warning, as a malformed one.
    cm::FileText json;
    try
    {
      json = cm::ReadWholeFile(meta, 64u << 20);
    }
    catch (const std::exception& e)
    {
      problem = e.what();
    }
    if (problem.empty() && cm::ParsePyaedtMetadata(json, meta, this->FileName, powers, problem))
    {
      cm::ApplyElementPowers(ff, powers, meta);
    }
    else
    {
      ff.Warnings.push_back(problem);
    }
  }
  for (const std::string& w : ff.Warnings)
  {
    this->WarnOptionalBlock(w, "what it covers is left out");
  }
  in.Grids = std::move(ff.Grids);
  return cm::FrequencySteps(in.Grids);
}

int vtkCloudMapHFSSFarFieldReader::ReadMesh(int piece, int, int, int step, vtkDataObject* output)
{
  this->RequireParsed("HFSS far field", false);
  const Internals& in = *this->Internal;
  vtkTable* out = vtkTable::SafeDownCast(output);
  if (in.Grids.empty())
  {
    throw std::runtime_error("no parsed HFSS far field for '" + this->FileName + "'");
  }
  // The grid of the step's frequency (the first, when frequencies repeat).
  const double f =
    this->Steps.empty() ? in.Grids.front().Frequency : this->Steps[static_cast<std::size_t>(step)];
  if (const cm::FarFieldGrid* g = cm::GridAtFrequency(in.Grids, f))
  {
    cm::FarFieldToTable(*g, piece, out);
  }
  return 1;
}

void vtkCloudMapHFSSFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
