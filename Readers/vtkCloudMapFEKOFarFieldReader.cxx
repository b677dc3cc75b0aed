// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOFarFieldReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFileStamp.h"

#include "vtkDataObject.h"
#include "cmReaderSync.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOFarFieldReader);

cmReaderProcessRequest(vtkCloudMapFEKOFarFieldReader)

/// The parsed blocks, kept until the file changes.
struct vtkCloudMapFEKOFarFieldReader::Internals : cloudmap::ParsedFile<cloudmap::FarFieldGrid>
{
};

vtkCloudMapFEKOFarFieldReader::vtkCloudMapFEKOFarFieldReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapFEKOFarFieldReader::~vtkCloudMapFEKOFarFieldReader() = default;

int vtkCloudMapFEKOFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeFekoFarField(head) ? 1 : 0;
}

int vtkCloudMapFEKOFarFieldReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  Internals& in = *this->Internal;
  try
  {
    in.Refresh(this->FileName, [](const std::string& name) { return cloudmap::ReadFekoFarFieldFile(name); });
  }
  catch (const std::exception& e)
  {
    cmReaderError(<< e.what());
    return 0;
  }
  vtkInformation* info = outputVector->GetInformationObject(0);
  info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  cloudmap::SetFrequencyTimeSteps(info, in.Steps);
  return 1;
}

int vtkCloudMapFEKOFarFieldReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkTable* out = vtkTable::GetData(info);
  out->Initialize();
  if (in.Stamp.Name != this->FileName || in.Steps.empty())
  {
    cmReaderError(<< "no parsed far field for '" << this->FileName << "'");
    return 0;
  }
  const double f = in.Steps[cloudmap::RequestedStep(info, in.Steps)];
  const int piece = info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  int k = 0;
  const cloudmap::FarFieldGrid* pick = nullptr;
  for (const auto& b : in.Blocks)
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
    cloudmap::EmptyFarFieldTable(f, out);
  }
  else
  {
    cloudmap::FarFieldToTable(*pick, piece, out);
  }
  if (in.Steps.size() > 1)
  {
    out->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), f);
  }
  return 1;
}

void vtkCloudMapFEKOFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "RequestIndex: " << this->RequestIndex << "\n";
}
