// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapReaderBase
 * @brief   What every CloudMap reader shares: file name, parse cache, time steps, pieces,
 *          errors and the vote over MPI ranks.
 *
 * A reader derives from this class, names its output types in its constructor
 * (SetOutputTypes) and implements two calls of vtkReaderAlgorithm's simplified API:
 *  - ParseFile() reads FileName into the reader's own cache and returns its time steps
 *    (the distinct frequencies in Hz for most formats; none for a file of one step). It
 *    runs in REQUEST_INFORMATION, and only when the file's name, size or modification
 *    time changed (cmFileStamp.h). A reader of small files may parse in ReadMesh instead
 *    and keep the default, which caches nothing.
 *  - ReadMesh(piece, pieces, ghosts, step, output) fills the outputs for one request:
 *    `step` indexes the time steps, `output` is the output of the port that asked
 *    (RequestPort); multi-port readers fill the others through PortOutput(port).
 * Both report bad input by throwing std::exception with "file:line: problem"; the base
 * reports it (and keeps it as LastError), empties every output and fails the request.
 *
 * One error per failure. A file whose REQUEST_INFORMATION failed is reported there once;
 * the REQUEST_DATA that the pipeline still runs for it (ParaView updates the information
 * and the data in two passes) fails silently with every output empty, and every port is
 * described as on success (pieces, empty extents) so that the executive does not add
 * "No whole extent" errors. The executive's own "Algorithm ... returned failure for
 * request" message, which would repeat ours, is muted while the reader is in that failed
 * state (an ErrorEvent observer on the executive, removed on the next request that
 * succeeds), so a bad file gives exactly one error on each rank.
 *
 * Partial results (docs/user/readers.md): when the part a reader exists for parses, it is
 * output; an optional block that fails (a port table, charges, a second request, near
 * fields) is reported with WarnOptionalBlock, one warning naming file, line and problem
 * and the output left empty, and leaves only its own output port empty.
 *
 * The base publishes the time steps (TIME_STEPS, TIME_RANGE when two or more) and the
 * piece support (DescribeOutputPort) on every port, and stamps each output that shows one
 * step with DATA_TIME_STEP. Unlike vtkReaderAlgorithm it takes the piece and the time of
 * the port that asked rather than port 0's (a view may show one port only), and it picks
 * the last step at or below the requested time, ParaView's snap-to-time-steps convention,
 * where vtkReaderAlgorithm takes the first at or above it.
 *
 * Readers run on every rank of pvbatch/pvserver, and a file that only one rank cannot
 * read (a per-rank path, a node without the mount) must not fail that rank alone: the
 * others would go on into filters that reduce over ranks and wait forever. So under MPI
 * REQUEST_DATA ends with the one cross-rank vote (cm::VoteAcrossRanks, cmRanks.h): if
 * any rank failed, every rank clears its outputs, the ranks that did not fail report
 * "<class>: failed on rank r of n: <message>" and all return 0. REQUEST_INFORMATION,
 * which ParaView also runs on the root rank alone, never votes; under MPI its failure is
 * kept (InfoError) and spread by the vote. Serial runs never vote.
 *
 * @sa cmRanks.h, cmFileStamp.h, vtkReaderAlgorithm
 */
#ifndef vtkCloudMapReaderBase_h
#define vtkCloudMapReaderBase_h

#include "CloudMapReadersModule.h"
#include "vtkReaderAlgorithm.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

class CLOUDMAPREADERS_EXPORT vtkCloudMapReaderBase : public vtkReaderAlgorithm
{
public:
  vtkTypeMacro(vtkCloudMapReaderBase, vtkReaderAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  /// Number of time steps (distinct frequencies for most formats) in the last file parsed.
  int GetNumberOfFrequencies() const;

  /// REQUEST_INFORMATION and REQUEST_DATA with the errors kept for the vote over MPI ranks
  /// that ends REQUEST_DATA; other requests go to vtkReaderAlgorithm.
  vtkTypeBool ProcessRequest(
    vtkInformation* request, vtkInformationVector** inputs, vtkInformationVector* outputs) override;

protected:
  vtkCloudMapReaderBase();
  ~vtkCloudMapReaderBase() override;

  /// Sets the number of output ports and the data type of each (e.g. "vtkPolyData").
  void SetOutputTypes(std::initializer_list<const char*> types);
  int FillOutputPortInformation(int port, vtkInformation* info) override;

  /// Parses FileName into the reader's cache; returns the time steps (see the class
  /// documentation). The default caches nothing and returns none.
  virtual std::vector<double> ParseFile();

  /// What a port tells the pipeline before any data: by default that it splits into
  /// pieces on request. Structured outputs set WHOLE_EXTENT and CAN_PRODUCE_SUB_EXTENT.
  virtual void DescribeOutputPort(int port, vtkInformation* info);

  /// True for a port that shows every step at once (a whole sweep): it gets no
  /// DATA_TIME_STEP. False by default.
  virtual bool OutputHoldsAllSteps(int port) const;

  ///@{
  /// vtkReaderAlgorithm's API. ReadMetaData refreshes the parse cache and describes every
  /// port; ReadMesh is the reader's (see the class documentation); ReadPoints and
  /// ReadArrays follow it and do nothing by default.
  int ReadMetaData(vtkInformation* metadata) final;
  int ReadPoints(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;
  int ReadArrays(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;
  ///@}

  /// The output of a port during a request.
  vtkDataObject* PortOutput(int port);

  /// Throws the error of a REQUEST_DATA that finds no parse of the current file
  /// ("no parsed <what> for '<file>'"); with requireSteps also when it has no step.
  void RequireParsed(const char* what, bool requireSteps = true) const;

  /// Reports an error and keeps its text for the vote.
  void Fail(const std::string& message);

  /// The partial-result rule's one warning: an optional block could not be read.
  /// `problem` is the parser's "file:line: problem" (ParseError::what()), `leftEmpty`
  /// says what stays empty, e.g. "the Port Parameters output (port 1) is left empty".
  /// Call it from ParseFile (once per parse of the file, not per update) and leave only
  /// that block's output empty.
  void WarnOptionalBlock(const std::string& problem, const std::string& leftEmpty);

  std::string FileName;
  /// The time steps of the file last parsed, ascending (frequencies in Hz for most formats).
  std::vector<double> Steps;
  /// The port whose request is being served (REQUEST_DATA).
  int RequestPort = 0;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  /// REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote.
  std::string InfoError;

private:
  vtkCloudMapReaderBase(const vtkCloudMapReaderBase&) = delete;
  void operator=(const vtkCloudMapReaderBase&) = delete;

  int ReadRequestedData(vtkInformation* request, vtkInformationVector* outputs);
  void ClearOutputs(bool alsoTimeSteps);
  /// Mutes (or unmutes) the executive's errors while this reader's failure, already
  /// reported, is what they would repeat.
  void MuteExecutiveErrors(bool mute);

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
