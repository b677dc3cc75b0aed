// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapCSTFarFieldReader.h"

#include "cmCstFarField.h"
#include "cmExecution.h" // cm::SMPFor
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmTextScan.h"

#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <cmath>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapCSTFarFieldReader);

/// The parsed grids (one for an ASCII export, one per frequency for a .ffs file), kept
/// until the file changes.
struct vtkCloudMapCSTFarFieldReader::Internals
{
  std::vector<cm::FarFieldGrid> Grids;
  bool Source = false; ///< a farfield source file (its frequencies are its own)
};

vtkCloudMapCSTFarFieldReader::vtkCloudMapCSTFarFieldReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapCSTFarFieldReader::~vtkCloudMapCSTFarFieldReader() = default;

int vtkCloudMapCSTFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && (cm::LooksLikeCstFarField(head) || cm::LooksLikeCstFarFieldSource(head))
    ? 1
    : 0;
}

std::vector<double> vtkCloudMapCSTFarFieldReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // The file read and the rows parsed on the SMP threads (the same values on any count).
  const cm::ParallelFor parallel = cm::SMPFor();
  const cm::FileText text = cm::ReadWholeFile(this->FileName, 1ull << 34, parallel);
  if (cm::LooksLikeCstFarFieldSource(std::string_view(text).substr(0, 4096)))
  {
    cm::CstFarFieldSource src = cm::ParseCstFarFieldSource(text, this->FileName, parallel);
    for (const std::string& w : src.Warnings)
    {
      vtkWarningMacro(<< w); // once per parse of the file, not per update
    }
    in.Grids = std::move(src.Grids);
    in.Source = true;
    return cm::FrequencySteps(in.Grids);
  }
  in.Grids.push_back(cm::ParseCstFarField(text, this->FileName, parallel));
  for (const auto& c : in.Grids.front().Extra)
  {
    if (c.first == "Gain_left" || c.first.rfind("Abs(Left", 0) == 0 ||
      c.first.rfind("ABS(LEFT", 0) == 0)
    {
      // Once per parse: the header of a circular export is the same for both bases.
      vtkWarningMacro(<< this->FileName << ":1: circular components (Left/Right): CST writes "
                      << "them relative to the theta/phi or to the Ludwig-3 axes and the file "
                      << "does not say which; Etheta/Ephi assume theta/phi (the magnitudes, |E| "
                      << "and the axial ratio hold either way)");
      break;
    }
  }
  return {};
}

int vtkCloudMapCSTFarFieldReader::ReadMesh(int piece, int, int, int step, vtkDataObject* output)
{
  this->RequireParsed("CST far field", false);
  const Internals& in = *this->Internal;
  vtkTable* out = vtkTable::SafeDownCast(output);
  if (in.Grids.empty())
  {
    throw std::runtime_error("no parsed CST far field for '" + this->FileName + "'");
  }
  if (!in.Source)
  {
    cm::FarFieldGrid g = in.Grids.front();
    g.Frequency = this->Frequency;
    cm::FarFieldToTable(g, piece, out);
    return 1;
  }
  // A .ffs file: the grid of the step's frequency (the first, when frequencies repeat).
  const double f =
    this->Steps.empty() ? in.Grids.front().Frequency : this->Steps[static_cast<std::size_t>(step)];
  if (const cm::FarFieldGrid* g = cm::GridAtFrequency(in.Grids, f))
  {
    cm::FarFieldToTable(*g, piece, out);
  }
  return 1;
}

void vtkCloudMapCSTFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Frequency: " << this->Frequency << "\n";
}
