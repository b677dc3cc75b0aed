// SPDX-License-Identifier: BSD-3-Clause
#include "cmReaderSync.h"

#include "cmRanks.h"

#include "vtkAlgorithm.h"
#include "vtkDataObject.h"
#include "vtkDemandDrivenPipeline.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"

namespace cloudmap
{
ReaderRequest ClassifyReaderRequest(vtkInformation* request)
{
  if (request->Has(vtkDemandDrivenPipeline::REQUEST_DATA()))
  {
    return ReaderRequest::Data;
  }
  if (request->Has(vtkDemandDrivenPipeline::REQUEST_INFORMATION()))
  {
    return ReaderRequest::Information;
  }
  return ReaderRequest::Other;
}

bool RunningOnSeveralRanks()
{
  return cm::SeveralRanks();
}

void KeepInformationFailure(vtkInformationVector* outputs)
{
  for (int port = 0; outputs && port < outputs->GetNumberOfInformationObjects(); ++port)
  {
    outputs->GetInformationObject(port)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  }
}

int AgreeAcrossRanks(vtkAlgorithm* self, int localResult, const std::string& localError,
  vtkInformationVector* outputs)
{
  return cm::VoteAcrossRanks(self, !localResult, localError, false, outputs).Failed ? 0 : 1;
}
} // namespace cloudmap
