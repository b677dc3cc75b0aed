// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmExecution.h
 * @brief Pipeline bookkeeping every wrapper shares: the requested piece and
 *        time, progress and abort in parallel loops, and the piece-0 guard
 *        for outputs every rank computes whole.
 *
 * No wrapper reads UPDATE_PIECE_NUMBER or UPDATE_TIME_STEP itself: it asks here.
 */
#ifndef cmExecution_h
#define cmExecution_h

#include "CloudMapFiltersCommonModule.h"
#include "cmParallelFor.h"

#include <cstdint>
#include <functional>

class vtkAlgorithm;
class vtkDataObject;
class vtkInformation;
class vtkInformationVector;

namespace cm
{
/// The piece this execution is asked for (number, count), default (0, 1).
CLOUDMAPFILTERSCOMMON_EXPORT void RequestedPiece(
  vtkInformation* outInfo, int& piece, int& numberOfPieces);

/**
 * Input requests. RequestWholeInput asks an input for all of its data on
 * every rank: piece 0 of 1, no ghost levels, and the whole extent when the
 * input has one (a source that splits its extent by pieces would otherwise
 * turn piece r of N back into a sub-extent). RequestRankPiece asks for this
 * rank's piece (rank of ranks; 0 of 1 in serial), whatever downstream asked,
 * so that readers split their data disjointly, again with no ghosts and the
 * whole extent. ForwardPieceRequest passes the output's piece request on to
 * the input with `extraGhosts` more ghost levels.
 */
CLOUDMAPFILTERSCOMMON_EXPORT void RequestWholeInput(vtkInformation* inInfo);
CLOUDMAPFILTERSCOMMON_EXPORT void RequestRankPiece(vtkInformation* inInfo);
CLOUDMAPFILTERSCOMMON_EXPORT void ForwardPieceRequest(
  vtkInformation* outInfo, vtkInformation* inInfo, int extraGhosts);

/// [begin, end) of `n` items owned by `piece` of `numberOfPieces`.
CLOUDMAPFILTERSCOMMON_EXPORT void PieceRange(
  long long n, int piece, int numberOfPieces, long long& begin, long long& end);

/// UPDATE_TIME_STEP of the output information, or `fallback` when none was requested.
CLOUDMAPFILTERSCOMMON_EXPORT double RequestedTime(vtkInformation* outInfo, double fallback);

/// The output information of the port that issued `request` (port 0 when unknown).
CLOUDMAPFILTERSCOMMON_EXPORT vtkInformation* RequestingPort(
  vtkInformation* request, vtkInformationVector* outputVector);

/// Marks `data` with the requested time (DATA_TIME_STEP), so the pipeline
/// re-executes when another time is asked for, even on a static input.
CLOUDMAPFILTERSCOMMON_EXPORT void StampTime(vtkDataObject* data, vtkInformation* outInfo);
/// Marks `data` with the time t.
CLOUDMAPFILTERSCOMMON_EXPORT void StampTime(vtkDataObject* data, double t);

/// When the output has no time information yet, advertise [t0, t1] as its
/// TIME_RANGE so ParaView's animation spans the keys.
CLOUDMAPFILTERSCOMMON_EXPORT void AdvertiseTimeRange(vtkInformation* outInfo, double t0, double t1);

/// cm::ParallelFor running on vtkSMPTools::For (grain 1: the cores' items are rows).
CLOUDMAPFILTERSCOMMON_EXPORT ParallelFor SMPFor();

/// cm::ParallelFor running on vtkSMPTools::For with its default grain: for
/// loops over many cheap items (cells, points).
CLOUDMAPFILTERSCOMMON_EXPORT ParallelFor SMPItems();

/// RequestDataObject of a filter with a second output: port 0 gets an output
/// of `type0`, or of the input's own type when type0 is null; port 1 an
/// output of `type1` (vtkPolyData, vtkTable...). Existing outputs of the
/// right type are kept. Returns 0 when there is no input yet.
CLOUDMAPFILTERSCOMMON_EXPORT int EnsureOutputTypes(vtkInformationVector** inputVector,
  vtkInformationVector* outputVector, const char* type0, const char* type1);

/// Progress in [0,1] goes to UpdateProgress; returns true when aborted.
CLOUDMAPFILTERSCOMMON_EXPORT std::function<bool(double)> ProgressAbort(vtkAlgorithm* self);

/**
 * Runs body(begin, end) over [0, n) with vtkSMPTools in a few serial blocks,
 * reporting progress from `from` to `to` on the calling (main) thread between
 * blocks and stopping early when the user aborts (GetAbortExecute). Returns
 * false when aborted. At most 20 blocks of at least `minBlock` items: a
 * loop whose items are cheap (banding: about 3 ns a value) passes a larger
 * minimum, since VTK 9.2 starts a new thread pool for every block. The
 * blocks depend on n only, so the progress events are the same on every
 * machine.
 */
CLOUDMAPFILTERSCOMMON_EXPORT bool ForWithProgress(vtkAlgorithm* self, std::int64_t n, double from,
  double to, const std::function<void(std::int64_t, std::int64_t)>& body,
  std::int64_t minBlock = std::int64_t(1) << 16);

/// A cm::ParallelFor that runs a core's loop through ForWithProgress (the
/// filter's progress from `from` to `to`, stopping early on an abort), so a
/// core's parallel loop is a stage of the filter. Sets `aborted` once the
/// user has aborted; the core's results are then incomplete.
CLOUDMAPFILTERSCOMMON_EXPORT ParallelFor ProgressFor(
  vtkAlgorithm* self, double from, double to, bool& aborted);

/**
 * Scope guard for an output that every rank computes whole (a band table, an
 * FFD lattice, a small result table). When the port's request is for a piece
 * other than 0 it empties the output on leaving the scope (a table keeps its
 * columns with no rows; a data set is initialised), so the union over ranks,
 * what a gathered Fetch or a spreadsheet shows, holds it once, as serial.
 * The piece is read from every output port (a request may carry it on the
 * port that asked only); none with piece information counts as piece 0.
 */
class CLOUDMAPFILTERSCOMMON_EXPORT WholeOnFirstPiece
{
public:
  WholeOnFirstPiece(vtkDataObject* output, vtkInformationVector* outputs);
  ~WholeOnFirstPiece();
  WholeOnFirstPiece(const WholeOnFirstPiece&) = delete;
  WholeOnFirstPiece& operator=(const WholeOnFirstPiece&) = delete;

private:
  vtkDataObject* Output;
  bool Keep;
};
} // namespace cm
#endif
