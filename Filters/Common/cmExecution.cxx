// SPDX-License-Identifier: BSD-3-Clause
#include "cmExecution.h"

#include "vtkAlgorithm.h"
#include "vtkDataObject.h"
#include "vtkExecutive.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkMultiProcessController.h"
#include "vtkSMPTools.h"
#include "vtkSmartPointer.h"
#include "vtkDataObjectTypes.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

#include <cstring>
#include <algorithm>

namespace cm
{
void RequestedPiece(vtkInformation* outInfo, int& piece, int& numberOfPieces)
{
  piece = 0;
  numberOfPieces = 1;
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()))
  {
    piece = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  }
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()))
  {
    numberOfPieces = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  }
  if (numberOfPieces < 1)
  {
    numberOfPieces = 1;
  }
}

namespace
{
void RequestPiece(vtkInformation* inInfo, int piece, int pieces)
{
  if (!inInfo)
  {
    return;
  }
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(), piece);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), pieces);
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), 0);
  if (inInfo->Has(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()))
  {
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(),
      inInfo->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT()), 6);
  }
}
} // namespace

void RequestWholeInput(vtkInformation* inInfo)
{
  RequestPiece(inInfo, 0, 1);
}

void RequestRankPiece(vtkInformation* inInfo)
{
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  const bool several = ctrl && ctrl->GetNumberOfProcesses() > 1;
  RequestPiece(
    inInfo, several ? ctrl->GetLocalProcessId() : 0, several ? ctrl->GetNumberOfProcesses() : 1);
}

void ForwardPieceRequest(vtkInformation* outInfo, vtkInformation* inInfo, int extraGhosts)
{
  const int ghosts =
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(),
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()));
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(),
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()));
  inInfo->Set(
    vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), ghosts + extraGhosts);
}

void PieceRange(long long n, int piece, int numberOfPieces, long long& begin, long long& end)
{
  begin = n * piece / numberOfPieces;
  end = n * (piece + 1) / numberOfPieces;
}

double RequestedTime(vtkInformation* outInfo, double fallback)
{
  if (outInfo && outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()))
  {
    return outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP());
  }
  return fallback;
}

vtkInformation* RequestingPort(vtkInformation* request, vtkInformationVector* outputVector)
{
  int port = 0;
  if (request && request->Has(vtkExecutive::FROM_OUTPUT_PORT()))
  {
    port = request->Get(vtkExecutive::FROM_OUTPUT_PORT());
  }
  if (port < 0 || port >= outputVector->GetNumberOfInformationObjects())
  {
    port = 0;
  }
  return outputVector->GetInformationObject(port);
}

void StampTime(vtkDataObject* data, vtkInformation* outInfo)
{
  if (data && outInfo && outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()))
  {
    data->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(),
      outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()));
  }
}

void StampTime(vtkDataObject* data, double t)
{
  if (data)
  {
    data->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), t);
  }
}

void AdvertiseTimeRange(vtkInformation* outInfo, double t0, double t1)
{
  if (!outInfo->Has(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) &&
    !outInfo->Has(vtkStreamingDemandDrivenPipeline::TIME_RANGE()) && t1 > t0)
  {
    const double range[2] = { t0, t1 };
    outInfo->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
  }
}

int EnsureOutputTypes(vtkInformationVector** inputVector, vtkInformationVector* outputVector,
  const char* type0, const char* type1)
{
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0]);
  if (!input)
  {
    return 0;
  }
  const char* types[2] = { type0 ? type0 : input->GetClassName(), type1 };
  for (int port = 0; port < 2; ++port)
  {
    vtkInformation* info = outputVector->GetInformationObject(port);
    vtkDataObject* out = vtkDataObject::GetData(info);
    if (!out || std::strcmp(out->GetClassName(), types[port]) != 0)
    {
      vtkSmartPointer<vtkDataObject> made = port == 0 && !type0
        ? vtk::TakeSmartPointer(input->NewInstance())
        : vtk::TakeSmartPointer(vtkDataObjectTypes::NewDataObject(types[port]));
      info->Set(vtkDataObject::DATA_OBJECT(), made);
    }
  }
  return 1;
}

ParallelFor SMPFor()
{
  return [](long long n, const std::function<void(long long, long long)>& body) {
    // Grain of a few rows: the per-row work is thousands of points.
    vtkSMPTools::For(0, static_cast<vtkIdType>(n), 1, [&](vtkIdType b, vtkIdType e) {
      body(static_cast<long long>(b), static_cast<long long>(e));
    });
  };
}

ParallelFor SMPItems()
{
  return [](long long n, const std::function<void(long long, long long)>& body) {
    vtkSMPTools::For(0, static_cast<vtkIdType>(n), [&](vtkIdType b, vtkIdType e) {
      body(static_cast<long long>(b), static_cast<long long>(e));
    });
  };
}

ParallelFor ProgressFor(vtkAlgorithm* self, double from, double to, bool& aborted)
{
  return
    [self, from, to, &aborted](long long n, const std::function<void(long long, long long)>& body) {
      if (!ForWithProgress(self, n, from, to, [&](std::int64_t b, std::int64_t e) { body(b, e); }))
      {
        aborted = true;
      }
    };
}

std::function<bool(double)> ProgressAbort(vtkAlgorithm* self)
{
  return [self](double f) {
    self->UpdateProgress(f);
    return self->GetAbortExecute() != 0;
  };
}

bool ForWithProgress(vtkAlgorithm* self, std::int64_t n, double from, double to,
  const std::function<void(std::int64_t, std::int64_t)>& body, std::int64_t minBlock)
{
  // At most 20 blocks of at least minBlock items (64k by default): progress
  // every few milliseconds at most, and small inputs run as one parallel loop.
  const std::int64_t blocks =
    std::max<std::int64_t>(1, std::min<std::int64_t>(20, n / std::max<std::int64_t>(1, minBlock)));
  // Each block is one parallel loop in chunks of 1/16 of a thread's share:
  // the default grain (a quarter of a share) can leave one thread finishing
  // a whole chunk alone at the end of every block.
  const std::int64_t threads = std::max(1, vtkSMPTools::GetEstimatedNumberOfThreads());
  for (std::int64_t k = 0; k < blocks; ++k)
  {
    const std::int64_t b = n * k / blocks, e = n * (k + 1) / blocks;
    const vtkIdType grain =
      static_cast<vtkIdType>(std::max<std::int64_t>(1, (e - b) / (16 * threads)));
    vtkSMPTools::For(b, e, grain, [&](vtkIdType lo, vtkIdType hi) { body(lo, hi); });
    if (self)
    {
      self->UpdateProgress(from + (to - from) * double(k + 1) / double(blocks));
      if (self->GetAbortExecute())
      {
        return false;
      }
    }
  }
  return true;
}
WholeOnFirstPiece::WholeOnFirstPiece(vtkDataObject* output, vtkInformationVector* outputs)
  : Output(output)
  , Keep(true)
{
  for (int port = 0; outputs && port < outputs->GetNumberOfInformationObjects(); ++port)
  {
    vtkInformation* info = outputs->GetInformationObject(port);
    if (info->Has(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()) &&
      info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()) > 0)
    {
      this->Keep = false;
    }
  }
}

WholeOnFirstPiece::~WholeOnFirstPiece()
{
  if (this->Keep || !this->Output)
  {
    return;
  }
  if (vtkTable* t = vtkTable::SafeDownCast(this->Output))
  {
    t->SetNumberOfRows(0);
  }
  else
  {
    this->Output->Initialize();
  }
}

} // namespace cm
