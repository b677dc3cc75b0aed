// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapCSTFarFieldReader.h"

#include "cmCstFarField.h"
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"

#include "cmReaderSync.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

vtkStandardNewMacro(vtkCloudMapCSTFarFieldReader);

cmReaderProcessRequest(vtkCloudMapCSTFarFieldReader)

vtkCloudMapCSTFarFieldReader::vtkCloudMapCSTFarFieldReader()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapCSTFarFieldReader::~vtkCloudMapCSTFarFieldReader() = default;

int vtkCloudMapCSTFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeCstFarField(head) ? 1 : 0;
}

int vtkCloudMapCSTFarFieldReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapCSTFarFieldReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkTable* out = vtkTable::GetData(info);
  out->Initialize();
  try
  {
    // One pattern per file, small next to a solve: parse on every execution.
    cloudmap::FarFieldGrid g = cloudmap::ReadCstFarFieldFile(this->FileName);
    g.Frequency = this->Frequency;
    cloudmap::FarFieldToTable(g, info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()), out);
  }
  catch (const std::exception& e)
  {
    out->Initialize();
    cmReaderError(<< e.what());
    return 0;
  }
  return 1;
}

void vtkCloudMapCSTFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "Frequency: " << this->Frequency << "\n";
}
