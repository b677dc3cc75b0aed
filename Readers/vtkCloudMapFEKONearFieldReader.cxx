// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKONearFieldReader.h"

#include "cmExecution.h" // cm::SMPFor

#include "cmFekoNearField.h"
#include "cmFileStamp.h"
#include "cmNearFieldToVTK.h"

#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>

vtkStandardNewMacro(vtkCloudMapFEKONearFieldReader);

/// The parsed blocks, kept until the file changes: the file's own, and the same with the
/// companion's field added when the companion exists and matches.
struct vtkCloudMapFEKONearFieldReader::Internals
{
  std::vector<cm::FekoNearFieldBlock> Blocks, Merged;
};

namespace
{
/// The first block at frequency f (time step), or null.
const cm::FekoNearFieldBlock* BlockAt(const std::vector<cm::FekoNearFieldBlock>& blocks, double f)
{
  for (const auto& b : blocks)
  {
    if (std::abs(b.Frequency - f) <= 1e-9 * std::abs(f))
    {
      return &b;
    }
  }
  return nullptr;
}
} // namespace

vtkCloudMapFEKONearFieldReader::vtkCloudMapFEKONearFieldReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkStructuredGrid" });
}

vtkCloudMapFEKONearFieldReader::~vtkCloudMapFEKONearFieldReader() = default;

int vtkCloudMapFEKONearFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeFekoNearField(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapFEKONearFieldReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // The first block is what the reader is for; a later one that fails is an optional
  // block: one warning, the blocks before it are read.
  std::vector<std::string> notices;
  in.Blocks = cm::ReadFekoNearFieldFile(this->FileName, &notices, cm::SMPFor());
  for (const std::string& n : notices)
  {
    vtkWarningMacro(<< n); // names the file, the line and the problem
  }
  std::vector<double> steps = cm::FrequencySteps(in.Blocks);
  if (steps.size() < in.Blocks.size())
  {
    vtkWarningMacro(<< this->FileName << ": " << in.Blocks.size() << " blocks at " << steps.size()
                    << " frequencies (several requests): the first block of each is read");
  }
  // The other field of the same request, when it sits beside the file.
  const std::string other = cm::FekoNearFieldCompanion(this->FileName);
  if (!other.empty() && std::ifstream(other).good())
  {
    try
    {
      std::vector<std::string> late;
      in.Merged = in.Blocks;
      cm::MergeFekoNearFields(in.Merged, cm::ReadFekoNearFieldFile(other, &late), other);
    }
    catch (const std::exception& e)
    {
      in.Merged.clear();
      if (this->ReadCompanion)
      {
        this->WarnOptionalBlock(e.what(),
          "the companion file is not added (Read Companion); " + this->FileName + " is read alone");
      }
    }
  }
  return steps;
}

void vtkCloudMapFEKONearFieldReader::DescribeOutputPort(int, vtkInformation* info)
{
  // The largest grid of the file (requests at other frequencies may sample other grids;
  // ReadMesh clamps the update extent to the step's own grid).
  int ext[6] = { 0, -1, 0, -1, 0, -1 };
  for (const auto& b : this->Internal->Blocks)
  {
    for (int d = 0; d < 3; ++d)
    {
      ext[2 * d + 1] = std::max(ext[2 * d + 1], static_cast<int>(b.Grid.Dimensions[d]) - 1);
    }
  }
  info->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  info->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
}

int vtkCloudMapFEKONearFieldReader::ReadMesh(int, int, int, int step, vtkDataObject* output)
{
  this->RequireParsed("FEKO near field");
  const Internals& in = *this->Internal;
  const double f = this->Steps[static_cast<std::size_t>(step)];
  const bool both = this->ReadCompanion && !in.Merged.empty();
  const cm::FekoNearFieldBlock* b = BlockAt(both ? in.Merged : in.Blocks, f);
  vtkStructuredGrid* out = vtkStructuredGrid::SafeDownCast(output);
  if (!b)
  {
    throw std::runtime_error(
      "no block at " + std::to_string(f) + " Hz in '" + this->FileName + "'");
  }
  int ext[6] = { 0, static_cast<int>(b->Grid.Dimensions[0]) - 1, 0,
    static_cast<int>(b->Grid.Dimensions[1]) - 1, 0, static_cast<int>(b->Grid.Dimensions[2]) - 1 };
  vtkInformation* info = this->GetOutputInformation(0);
  if (info->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    // Clamped to this frequency's grid (a later block may be smaller).
    int up[6];
    info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), up);
    for (int a = 0; a < 3; ++a)
    {
      ext[2 * a] = std::max(ext[2 * a], up[2 * a]);
      ext[2 * a + 1] = std::min(ext[2 * a + 1], up[2 * a + 1]);
    }
  }
  cm::NearFieldToStructuredGrid(b->Grid, ext, f, out);
  vtkNew<vtkStringArray> system;
  system->SetName("CoordinateSystem");
  system->InsertNextValue(b->Coordinates);
  out->GetFieldData()->AddArray(system);
  return 1;
}

void vtkCloudMapFEKONearFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ReadCompanion: " << this->ReadCompanion << "\n";
}
