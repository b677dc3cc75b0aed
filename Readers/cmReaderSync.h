// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmReaderSync.h
 * @brief Makes a reader's failure on one MPI rank a failure on every rank.
 *
 * Readers run on every rank of pvbatch/pvserver. A file that only one rank
 * cannot read (a per-rank path, a node without the mount, a piece-dependent
 * error) used to fail that rank alone: the other ranks went on into filters
 * that reduce over ranks (band ranges, far-field sums) and waited forever.
 *
 * - REQUEST_DATA is the one request every rank runs together, so
 *   vtkCloudMapReaderBase::ProcessRequest ends it with AgreeAcrossRanks, a collective vote
 *   over the global controller. If any rank failed, every rank clears its
 *   outputs, reports the first failing rank's message and returns 0.
 * - REQUEST_INFORMATION never votes: ParaView also runs it on the root rank
 *   alone (to pull information properties). Under MPI a failure there is kept
 *   (InfoError) and the request succeeds, so the rank still reaches the
 *   REQUEST_DATA vote, where the kept error fails it, instead of stopping
 *   short and leaving the other ranks waiting.
 * - Serial runs (no controller, or one process) never vote and fail in
 *   REQUEST_INFORMATION as any VTK reader does.
 */
#ifndef cmReaderSync_h
#define cmReaderSync_h

#include <string>

class vtkAlgorithm;
class vtkInformation;
class vtkInformationVector;

namespace cloudmap
{
/// The role a request plays in the vote.
enum class ReaderRequest
{
  Other,       ///< passed through
  Information, ///< under MPI: a failure is kept for the vote, not returned
  Data         ///< ends with the vote
};
ReaderRequest ClassifyReaderRequest(vtkInformation* request);

/// True when the global controller has two processes or more.
bool RunningOnSeveralRanks();

/**
 * After a REQUEST_INFORMATION that failed under MPI: marks every output as
 * able to handle piece requests, as the reader does on success. Without it
 * the executive of a rank asked for piece 1 or more would never run
 * REQUEST_DATA (it only runs piece 0 of a source that cannot split), so that
 * rank would skip the vote the others wait in.
 */
void KeepInformationFailure(vtkInformationVector* outputs);

/**
 * The readers' form of the one cross-rank vote, cm::VoteAcrossRanks
 * (Filters/Common/cmRanks.h): every rank passes its own result (0 failed)
 * and the error it met. Returns 1 when every rank succeeded; otherwise
 * clears every output of `outputs`, reports (on ranks that did not fail
 * themselves) "<class>: failed on rank r of n: <message>" and returns 0.
 */
int AgreeAcrossRanks(vtkAlgorithm* self, int localResult, const std::string& localError,
  vtkInformationVector* outputs);
} // namespace cloudmap

#endif
