// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOReader.h"

#include "cmColumnTableToVTK.h"
#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFekoPorts.h"
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
#include "vtkTable.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOReader);

cmReaderProcessRequest(vtkCloudMapFEKOReader)

struct vtkCloudMapFEKOReader::Internals : cloudmap::ParsedFile<cloudmap::SurfaceMesh>
{
  std::vector<cloudmap::FekoPort> Ports; ///< the voltage-source blocks (cmFekoPorts.h)
};

vtkCloudMapFEKOReader::vtkCloudMapFEKOReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
  this->SetNumberOfOutputPorts(2);
}

int vtkCloudMapFEKOReader::FillOutputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkDataObject::DATA_TYPE_NAME(), port == 1 ? "vtkTable" : "vtkPolyData");
  return 1;
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
    in.Refresh(this->FileName, [&notices, &in](const std::string& name) {
      // One read of the file for both parsers; the ports only once the mesh parsed.
      const cloudmap::FileText text = cloudmap::ReadWholeFile(name);
      std::vector<cloudmap::SurfaceMesh> meshes = cloudmap::ParseFekoOutput(text, name, &notices);
      in.Ports = cloudmap::ParseFekoPorts(text, name);
      return meshes;
    });
    for (const std::string& n : notices)
    {
      vtkWarningMacro(<< n); // once per parse of the file, not per update
    }
  }
  catch (const std::exception& e)
  {
    in.Ports.clear();
    cmReaderError(<< e.what());
    return 0;
  }
  for (int port = 0; port < 2; ++port)
  {
    vtkInformation* info = outputVector->GetInformationObject(port);
    info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
    cloudmap::SetFrequencyTimeSteps(info, in.Steps);
  }
  return 1;
}

int vtkCloudMapFEKOReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkPolyData* out = vtkPolyData::GetData(info);
  out->Initialize();
  vtkInformation* tinfo = outputVector->GetInformationObject(1);
  vtkTable* ports = vtkTable::GetData(tinfo);
  ports->Initialize();
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
  // Port 1: every voltage source of every frequency at once (rows on piece 0).
  cloudmap::ColumnTableToVTK(cloudmap::FekoPortTable(in.Ports, this->ReferenceImpedance),
    info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()), ports);
  return 1;
}

void vtkCloudMapFEKOReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "RequestIndex: " << this->RequestIndex << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
