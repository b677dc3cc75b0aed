// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOFarFieldReader.h"

#include "cmExecution.h" // cm::SMPFor
#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFileStamp.h"

#include "vtkObjectFactory.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOFarFieldReader);

/// The parsed blocks, kept until the file changes.
struct vtkCloudMapFEKOFarFieldReader::Internals
{
  std::vector<cm::FarFieldGrid> Blocks;
};

vtkCloudMapFEKOFarFieldReader::vtkCloudMapFEKOFarFieldReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapFEKOFarFieldReader::~vtkCloudMapFEKOFarFieldReader() = default;

int vtkCloudMapFEKOFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeFekoFarField(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapFEKOFarFieldReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // The first request is what the reader is for; a second one that fails is an
  // optional block: one warning, the blocks before it are read.
  std::vector<std::string> notices;
  in.Blocks = cm::ReadFekoFarFieldFile(this->FileName, &notices, cm::SMPFor());
  for (const std::string& n : notices)
  {
    vtkWarningMacro(<< n);
  }
  return cm::FrequencySteps(in.Blocks);
}

int vtkCloudMapFEKOFarFieldReader::ReadMesh(int piece, int, int, int step, vtkDataObject* output)
{
  this->RequireParsed("far field");
  vtkTable* out = vtkTable::SafeDownCast(output);
  const double f = this->Steps[static_cast<std::size_t>(step)];
  int k = 0;
  const cm::FarFieldGrid* pick = nullptr;
  for (const auto& b : this->Internal->Blocks)
  {
    if (std::abs(b.Frequency - f) <= 1e-9 * std::abs(f) && k++ == this->RequestIndex)
    {
      pick = &b;
    }
  }
  if (!pick)
  {
    vtkWarningMacro(<< "RequestIndex " << this->RequestIndex << " is out of range: " << k
                    << " block(s) at " << f << " Hz");
    cm::EmptyFarFieldTable(f, out);
  }
  else
  {
    cm::FarFieldToTable(*pick, piece, out);
  }
  return 1;
}

void vtkCloudMapFEKOFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "RequestIndex: " << this->RequestIndex << "\n";
}
