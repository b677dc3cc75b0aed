// SPDX-License-Identifier: BSD-3-Clause
#include "cmFractalUtil.h"

#include "vtkAlgorithm.h"
#include "vtkInformation.h"
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

namespace cmFractal
{
cm::ParallelFor SMPFor()
{
  return [](long long n, const std::function<void(long long, long long)>& body) {
    // Grain of a few rows: the per-row work is thousands of points.
    vtkSMPTools::For(0, static_cast<vtkIdType>(n), 1,
      [&](vtkIdType b, vtkIdType e) { body(static_cast<long long>(b), static_cast<long long>(e)); });
  };
}

std::function<bool(double)> ProgressAbort(vtkAlgorithm* self)
{
  return [self](double f) {
    self->UpdateProgress(f);
    return self->GetAbortExecute() != 0;
  };
}

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

void PieceRange(long long n, int piece, int numberOfPieces, long long& begin, long long& end)
{
  begin = n * piece / numberOfPieces;
  end = n * (piece + 1) / numberOfPieces;
}
}
