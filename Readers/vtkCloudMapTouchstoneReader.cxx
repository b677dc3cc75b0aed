// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTouchstoneReader.h"

#include "cmColumnTableToVTK.h"
#include "cmReaderSync.h"
#include "cmTouchstone.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

vtkStandardNewMacro(vtkCloudMapTouchstoneReader);

cmReaderProcessRequest(vtkCloudMapTouchstoneReader)

vtkCloudMapTouchstoneReader::vtkCloudMapTouchstoneReader()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapTouchstoneReader::~vtkCloudMapTouchstoneReader() = default;

int vtkCloudMapTouchstoneReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapTouchstoneReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkTable* out = vtkTable::GetData(info);
  out->Initialize();
  try
  {
    // A network file is small: parse on every execution.
    cloudmap::ColumnTableToVTK(cloudmap::ReadTouchstoneFile(this->FileName),
      info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()), out);
  }
  catch (const std::exception& e)
  {
    out->Initialize();
    cmReaderError(<< e.what());
    return 0;
  }
  return 1;
}

void vtkCloudMapTouchstoneReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
}
