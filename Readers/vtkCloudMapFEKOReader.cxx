// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFileStamp.h"
#include "cmSurfaceMeshToVTK.h"

#include "vtkDataObject.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkStringArray.h"
#include "cmReaderSync.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOReader);

cmReaderProcessRequest(vtkCloudMapFEKOReader)

struct vtkCloudMapFEKOReader::Internals : cloudmap::ParsedFile<cloudmap::SurfaceMesh>
{
};

vtkCloudMapFEKOReader::vtkCloudMapFEKOReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapFEKOReader::~vtkCloudMapFEKOReader() = default;

int vtkCloudMapFEKOReader::CanReadFile(const char* fileName)
{
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeFekoOutput(head) ? 1 : 0;
}

int vtkCloudMapFEKOReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  Internals& in = *this->Internal;
  try
  {
    std::vector<std::string> notices;
    in.Refresh(this->FileName,
      [&notices](const std::string& name) { return cloudmap::ReadFekoOutputFile(name, &notices); });
    for (const std::string& n : notices)
    {
      vtkWarningMacro(<< n); // once per parse of the file, not per update
    }
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

int vtkCloudMapFEKOReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkPolyData* out = vtkPolyData::GetData(info);
  out->Initialize();
  if (in.Stamp.Name != this->FileName || in.Steps.empty())
  {
    cmReaderError(<< "no parsed FEKO output for '" << this->FileName << "'");
    return 0;
  }
  const double f = in.Steps[cloudmap::RequestedStep(info, in.Steps)];
  int k = 0;
  const cloudmap::SurfaceMesh* pick = nullptr;
  for (const auto& m : in.Blocks)
  {
    // The RequestIndex-th table at the requested frequency (a mesh-only run has f = 0).
    if (std::abs(m.Frequency - f) <= 1e-9 * std::abs(f) && k++ == this->RequestIndex)
    {
      pick = &m;
    }
  }
  if (!pick)
  {
    vtkWarningMacro(<< "RequestIndex " << this->RequestIndex << " is out of range: " << k
                    << " current table(s) at " << f << " Hz");
  }
  else
  {
    cloudmap::SurfaceMeshToPolyData(*pick,
      info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()),
      info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()),
      info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS()), out);
    vtkNew<vtkStringArray> name;
    name->SetName("RequestName");
    name->InsertNextValue(pick->Name);
    out->GetFieldData()->AddArray(name);
  }
  if (in.Steps.size() > 1)
  {
    out->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), f);
  }
  return 1;
}

void vtkCloudMapFEKOReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "RequestIndex: " << this->RequestIndex << "\n";
}
