// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmRanks.h
 * @brief Everything CloudMap says to other MPI ranks: range and bounds
 *        reductions and the one cross-rank error vote.
 *
 * FiltersCommon is the only module that talks MPI: filters and readers call
 * these functions and never the controller. Each function is collective over
 * vtkMultiProcessController::GetGlobalController() when it has two processes
 * or more (every rank must call it at the same point), and does no
 * communication in serial.
 */
#ifndef cmRanks_h
#define cmRanks_h

#include "CloudMapFiltersCommonModule.h"

#include <cstdint>
#include <string>
#include <vector>

class vtkAlgorithm;
class vtkDataSet;
class vtkInformationVector;
class vtkUnsignedCharArray;

namespace cm
{
/// True when the global controller has two processes or more.
CLOUDMAPFILTERSCOMMON_EXPORT bool SeveralRanks();

/// This process's rank (0 in serial).
CLOUDMAPFILTERSCOMMON_EXPORT int LocalRank();

/// Min/max of the finite `values` over non-ghost entries, reduced over all MPI ranks.
/// False when no rank has a finite value.
CLOUDMAPFILTERSCOMMON_EXPORT bool GlobalRange(
  const std::vector<double>& values, vtkUnsignedCharArray* ghosts, double range[2]);
CLOUDMAPFILTERSCOMMON_EXPORT bool GlobalRange(
  const double* values, std::int64_t n, vtkUnsignedCharArray* ghosts, double range[2]);

/**
 * Min/max as GlobalRange, with a failure flag folded into the same reduction:
 * `anyFailed` is set when any rank passed `localFailed` (a failed rank passes
 * no values). One collective, as GlobalRange.
 */
CLOUDMAPFILTERSCOMMON_EXPORT bool GlobalRangeOrFailure(const double* values, std::int64_t n,
  vtkUnsignedCharArray* ghosts, double range[2], bool localFailed, bool& anyFailed);

/// Bounds of `data` over every MPI rank (an empty local piece contributes nothing).
/// Returns false when no rank has a point.
CLOUDMAPFILTERSCOMMON_EXPORT bool GlobalBounds(vtkDataSet* data, double bounds[6]);

/// Element-wise maximum, minimum or sum of `n` values over all ranks, in
/// place (no-op in serial). Collective.
CLOUDMAPFILTERSCOMMON_EXPORT void AllMax(double* values, std::int64_t n);
CLOUDMAPFILTERSCOMMON_EXPORT void AllMin(double* values, std::int64_t n);
CLOUDMAPFILTERSCOMMON_EXPORT void AllSum(double* values, std::int64_t n);
/// The maximum of one value over all ranks.
inline double AllMax(double value)
{
  AllMax(&value, 1);
  return value;
}

/// Every rank's `values` concatenated in rank order, on every rank (a copy
/// of `values` in serial). Collective.
CLOUDMAPFILTERSCOMMON_EXPORT std::vector<double> AllGatherInRankOrder(
  const std::vector<double>& values);

/**
 * The cross-rank error vote of filters and readers: an algorithm must never
 * return before a collective on some ranks only, or the other ranks wait
 * forever. Every rank calls this at the same point with whether it failed
 * (its own error already reported with vtkErrorMacro) and whether it aborted.
 *
 * Serial (no controller or one process): no communication; returns the flags.
 * Several ranks: one small reduction; when some rank failed, the lowest
 * failing rank broadcasts its message and every rank that did not fail
 * reports "<class>: failed on rank r of n: <message>". Failed and Aborted
 * are then the same on every rank. When some rank failed and
 * `clearOnFailure` is given, every output data object of it is initialised
 * on every rank (no half-filled or stale output; what readers want).
 */
struct RankVote
{
  bool Failed = false;
  bool Aborted = false;
};
CLOUDMAPFILTERSCOMMON_EXPORT RankVote VoteAcrossRanks(vtkAlgorithm* self, bool failed,
  const std::string& error, bool aborted = false, vtkInformationVector* clearOnFailure = nullptr);

/**
 * For a failure already folded into a reduction (every rank knows that some
 * rank failed, not which): collective; the lowest failing rank's message is
 * broadcast and reported by the ranks that did not fail. No-op in serial.
 */
CLOUDMAPFILTERSCOMMON_EXPORT void ShareFailure(
  vtkAlgorithm* self, bool failedHere, const std::string& error);
} // namespace cm
#endif
