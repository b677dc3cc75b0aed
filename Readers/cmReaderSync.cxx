// SPDX-License-Identifier: BSD-3-Clause
#include "cmReaderSync.h"

#include "vtkAlgorithm.h"
#include "vtkDataObject.h"
#include "vtkDemandDrivenPipeline.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkMultiProcessController.h"
#include "vtkOutputWindow.h"

#include <climits>
#include <vector>

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
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  return ctrl && ctrl->GetNumberOfProcesses() > 1;
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
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (!ctrl || ctrl->GetNumberOfProcesses() < 2)
  {
    return localResult ? 1 : 0;
  }
  const int rank = ctrl->GetLocalProcessId();
  // The lowest failing rank (INT_MAX when none failed) names the error.
  int mine = localResult ? INT_MAX : rank, first = INT_MAX;
  ctrl->AllReduce(&mine, &first, 1, vtkCommunicator::MIN_OP);
  if (first == INT_MAX)
  {
    return 1;
  }
  int length = rank == first ? static_cast<int>(localError.size()) : 0;
  ctrl->Broadcast(&length, 1, first);
  std::vector<char> text(static_cast<std::size_t>(length) + 1, '\0');
  if (rank == first)
  {
    localError.copy(text.data(), localError.size());
  }
  if (length > 0)
  {
    ctrl->Broadcast(text.data(), length, first);
  }
  // No half-filled or stale output on any rank.
  for (int port = 0; outputs && port < outputs->GetNumberOfInformationObjects(); ++port)
  {
    if (vtkDataObject* d = outputs->GetInformationObject(port)->Get(vtkDataObject::DATA_OBJECT()))
    {
      d->Initialize();
    }
  }
  if (localResult)
  {
    const std::string msg = std::string(self->GetClassName()) + ": failed on rank " +
      std::to_string(first) + " of " + std::to_string(ctrl->GetNumberOfProcesses()) + ": " +
      (length > 0 ? std::string(text.data()) : std::string("(no message)"));
    vtkErrorWithObjectMacro(self, << msg);
  }
  return 0;
}
} // namespace cloudmap
