// SPDX-License-Identifier: BSD-3-Clause
// Private helpers shared by the fractal sources: the vtkSMPTools bridge for
// the pipeline-free cores, and piece/extent bookkeeping.
#ifndef cmFractalUtil_h
#define cmFractalUtil_h

#include "cmCounterRng.h"

class vtkAlgorithm;
class vtkInformation;

namespace cmFractal
{
/// cm::ParallelFor running on vtkSMPTools::For.
cm::ParallelFor SMPFor();

/// Progress in [0,1] goes to UpdateProgress; returns true when aborted.
std::function<bool(double)> ProgressAbort(vtkAlgorithm* self);

/// The piece this execution is asked for (number, count), default (0, 1).
void RequestedPiece(vtkInformation* outInfo, int& piece, int& numberOfPieces);

/// [begin, end) of `n` items owned by `piece` of `numberOfPieces`.
void PieceRange(long long n, int piece, int numberOfPieces, long long& begin, long long& end);
}
#endif
