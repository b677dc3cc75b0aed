// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmReaderSync.h
 * @brief Makes a reader's failure on one MPI rank a failure on every rank.
 *
 * Readers run on every rank of pvbatch/pvserver. A file that only one rank
 * cannot read (a per-rank path, a node without the mount, a piece-dependent
 * error) used to fail that rank alone: the other ranks went on into filters
 * that reduce over ranks (band ranges, far-field sums) and waited forever.
 * Each reader's ProcessRequest therefore ends REQUEST_DATA (the one request
 * ParaView runs on every rank) with AgreeAcrossRanks: a collective vote over the global
 * controller. If any rank failed, every rank clears its outputs, reports the
 * first failing rank's message and returns 0. Serial runs skip the vote.
 */
#ifndef cmReaderSync_h
#define cmReaderSync_h

#include <sstream>
#include <string>

class vtkAlgorithm;
class vtkInformation;
class vtkInformationVector;

namespace cloudmap
{
/// True for the requests that end with the vote (REQUEST_DATA).
bool IsCollectiveReaderRequest(vtkInformation* request);

/**
 * Collective over vtkMultiProcessController::GetGlobalController(): every rank
 * passes its own result (0 failed) and the error it met. Returns 1 when every
 * rank succeeded; otherwise clears every output of `outputs`, reports (on
 * ranks that did not fail themselves) "<file>: failed on rank r: <message>"
 * and returns 0.
 */
int AgreeAcrossRanks(vtkAlgorithm* self, int localResult, const std::string& localError,
  vtkInformationVector* outputs);
} // namespace cloudmap

/// vtkErrorMacro that also keeps the text in this->LastError for the vote.
#define cmReaderError(x)                                                                           \
  do                                                                                               \
  {                                                                                                \
    std::ostringstream cmReaderErrorStream;                                                        \
    cmReaderErrorStream x;                                                                         \
    this->LastError = cmReaderErrorStream.str();                                                   \
    vtkErrorMacro(<< this->LastError);                                                             \
  } while (0)

/// The ProcessRequest override of a reader: the request, then the vote.
#define cmReaderProcessRequest(cls)                                                                \
  vtkTypeBool cls::ProcessRequest(                                                                 \
    vtkInformation* request, vtkInformationVector** inputs, vtkInformationVector* outputs)        \
  {                                                                                                \
    if (!cloudmap::IsCollectiveReaderRequest(request))                                             \
    {                                                                                              \
      return this->Superclass::ProcessRequest(request, inputs, outputs);                           \
    }                                                                                              \
    this->LastError.clear();                                                                       \
    const int local = this->Superclass::ProcessRequest(request, inputs, outputs);                  \
    return cloudmap::AgreeAcrossRanks(this, local, this->LastError, outputs);                      \
  }
#endif
