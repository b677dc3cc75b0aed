// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapReaderBase.h"

#include "cmExecution.h"
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmRanks.h"

#include "vtkCallbackCommand.h"
#include "vtkCommand.h"
#include "vtkDataObject.h"
#include "vtkDemandDrivenPipeline.h"
#include "vtkExecutive.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkNew.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkWeakPointer.h"

#include <exception>
#include <stdexcept>

namespace
{
/// The ErrorEvent observer that swallows the executive's messages while muted: with an
/// observer, vtkOutputWindowDisplayErrorText hands the message to it instead of printing.
void SwallowError(vtkObject*, unsigned long, void*, void*) {}
} // namespace

struct vtkCloudMapReaderBase::Internals
{
  std::vector<std::string> OutputTypes{ "vtkPolyData" };
  /// The file the cache holds; Name is empty while nothing parsed.
  cm::FileStamp Stamp;
  /// The executive muted by MuteExecutiveErrors, and its observer's tag.
  vtkWeakPointer<vtkExecutive> Muted;
  unsigned long MuteTag = 0;
};

vtkCloudMapReaderBase::vtkCloudMapReaderBase()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
  this->SetNumberOfOutputPorts(1);
}

vtkCloudMapReaderBase::~vtkCloudMapReaderBase() = default;

void vtkCloudMapReaderBase::SetOutputTypes(std::initializer_list<const char*> types)
{
  this->Internal->OutputTypes.assign(types.begin(), types.end());
  this->SetNumberOfOutputPorts(static_cast<int>(types.size()));
}

int vtkCloudMapReaderBase::FillOutputPortInformation(int port, vtkInformation* info)
{
  const auto& types = this->Internal->OutputTypes;
  if (port < 0 || port >= static_cast<int>(types.size()))
  {
    return 0;
  }
  info->Set(vtkDataObject::DATA_TYPE_NAME(), types[static_cast<std::size_t>(port)].c_str());
  return 1;
}

int vtkCloudMapReaderBase::GetNumberOfFrequencies() const
{
  return static_cast<int>(this->Steps.size());
}

std::vector<double> vtkCloudMapReaderBase::ParseFile()
{
  return {};
}

void vtkCloudMapReaderBase::DescribeOutputPort(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
}

bool vtkCloudMapReaderBase::OutputHoldsAllSteps(int) const
{
  return false;
}

vtkDataObject* vtkCloudMapReaderBase::PortOutput(int port)
{
  return vtkDataObject::GetData(this->GetOutputInformation(port));
}

void vtkCloudMapReaderBase::Fail(const std::string& message)
{
  this->LastError = message;
  vtkErrorMacro(<< this->LastError);
}

void vtkCloudMapReaderBase::WarnOptionalBlock(
  const std::string& problem, const std::string& leftEmpty)
{
  vtkWarningMacro(<< problem << "; " << leftEmpty
                  << " (an optional block: the rest of the file is read)");
}

void vtkCloudMapReaderBase::MuteExecutiveErrors(bool mute)
{
  Internals& in = *this->Internal;
  vtkExecutive* e = mute ? this->GetExecutive() : nullptr;
  if (in.Muted && in.Muted != e)
  {
    in.Muted->RemoveObserver(in.MuteTag);
    in.Muted = nullptr;
  }
  if (e && in.Muted != e)
  {
    vtkNew<vtkCallbackCommand> swallow;
    swallow->SetCallback(SwallowError);
    in.MuteTag = e->AddObserver(vtkCommand::ErrorEvent, swallow);
    in.Muted = e;
  }
}

void vtkCloudMapReaderBase::RequireParsed(const char* what, bool requireSteps) const
{
  if (this->Internal->Stamp.Name != this->FileName || (requireSteps && this->Steps.empty()))
  {
    throw std::runtime_error(std::string("no parsed ") + what + " for '" + this->FileName + "'");
  }
}

void vtkCloudMapReaderBase::ClearOutputs(bool alsoTimeSteps)
{
  for (int port = 0; port < this->GetNumberOfOutputPorts(); ++port)
  {
    vtkInformation* info = this->GetOutputInformation(port);
    if (vtkDataObject* d = info ? info->Get(vtkDataObject::DATA_OBJECT()) : nullptr)
    {
      d->Initialize();
    }
    if (info && alsoTimeSteps)
    {
      info->Remove(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
      info->Remove(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
    }
  }
}

int vtkCloudMapReaderBase::ReadMetaData(vtkInformation*)
{
  Internals& in = *this->Internal;
  try
  {
    const cm::FileStamp stamp = cm::FileStamp::Of(this->FileName);
    if (stamp != in.Stamp)
    {
      in.Stamp = cm::FileStamp();
      this->Steps.clear();
      this->Steps = this->ParseFile();
      in.Stamp = stamp;
    }
  }
  catch (const std::exception& e)
  {
    // The pipeline runs no REQUEST_DATA after this: empty the outputs here, so that the
    // previous file's data does not stay on them.
    this->Steps.clear();
    this->ClearOutputs(true);
    this->Fail(e.what());
    return 0;
  }
  for (int port = 0; port < this->GetNumberOfOutputPorts(); ++port)
  {
    vtkInformation* info = this->GetOutputInformation(port);
    this->DescribeOutputPort(port, info);
    cm::SetFrequencyTimeSteps(info, this->Steps);
  }
  return 1;
}

int vtkCloudMapReaderBase::ReadPoints(int, int, int, int, vtkDataObject*)
{
  return 1;
}

int vtkCloudMapReaderBase::ReadArrays(int, int, int, int, vtkDataObject*)
{
  return 1;
}

int vtkCloudMapReaderBase::ReadRequestedData(vtkInformation* request, vtkInformationVector* outputs)
{
  using SDDP = vtkStreamingDemandDrivenPipeline;
  const int ports = outputs->GetNumberOfInformationObjects();
  int from = request->Has(vtkExecutive::FROM_OUTPUT_PORT())
    ? request->Get(vtkExecutive::FROM_OUTPUT_PORT())
    : 0;
  this->RequestPort = from >= 0 && from < ports ? from : 0;
  vtkInformation* info = outputs->GetInformationObject(this->RequestPort);
  int piece = 0, pieces = 1;
  cm::RequestedPiece(info, piece, pieces);
  const int ghosts = info->Get(SDDP::UPDATE_NUMBER_OF_GHOST_LEVELS());
  const int step = static_cast<int>(cm::RequestedStep(info, this->Steps));
  this->ClearOutputs(false);
  vtkDataObject* output = vtkDataObject::GetData(info);
  bool ok = false;
  try
  {
    ok = this->ReadMesh(piece, pieces, ghosts, step, output) &&
      this->ReadPoints(piece, pieces, ghosts, step, output) &&
      this->ReadArrays(piece, pieces, ghosts, step, output);
    if (!ok && this->LastError.empty())
    {
      this->Fail("reading the file failed");
    }
  }
  catch (const std::exception& e)
  {
    this->Fail(e.what());
  }
  if (!ok)
  {
    this->ClearOutputs(false); // never a partial output
    return 0;
  }
  if (this->Steps.size() > 1)
  {
    for (int port = 0; port < ports; ++port)
    {
      if (!this->OutputHoldsAllSteps(port))
      {
        this->PortOutput(port)->GetInformation()->Set(
          vtkDataObject::DATA_TIME_STEP(), this->Steps[static_cast<std::size_t>(step)]);
      }
    }
  }
  return 1;
}

vtkTypeBool vtkCloudMapReaderBase::ProcessRequest(
  vtkInformation* request, vtkInformationVector** inputs, vtkInformationVector* outputs)
{
  const bool data = request->Has(vtkDemandDrivenPipeline::REQUEST_DATA());
  if (!data && !request->Has(vtkDemandDrivenPipeline::REQUEST_INFORMATION()))
  {
    return this->Superclass::ProcessRequest(request, inputs, outputs);
  }
  this->LastError.clear();
  if (!data)
  {
    // vtkReaderAlgorithm turns REQUEST_INFORMATION into ReadMetaData, which reports its
    // error itself. The failure is kept (InfoError): the pipeline still runs REQUEST_DATA
    // for this file on the next update (its information counts as up to date), and that
    // must fail without a second message. Every port is described as on success, so
    // that the executive finds its keys (pieces, whole extent) and adds no error of its
    // own, and, under MPI, so that a rank asked for piece 1 or more still runs
    // REQUEST_DATA and reaches the vote. ParaView also runs this request on the root rank
    // alone, so it never votes: under MPI the request succeeds and the REQUEST_DATA vote
    // spreads the failure.
    this->InfoError.clear();
    this->MuteExecutiveErrors(false);
    const int ok = this->Superclass::ProcessRequest(request, inputs, outputs);
    if (ok)
    {
      return ok;
    }
    this->InfoError = this->LastError.empty() ? std::string("reading the file's information failed")
                                              : this->LastError;
    for (int port = 0; outputs && port < outputs->GetNumberOfInformationObjects(); ++port)
    {
      this->DescribeOutputPort(port, outputs->GetInformationObject(port));
      outputs->GetInformationObject(port)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
    }
    if (cm::SeveralRanks())
    {
      return 1;
    }
    this->MuteExecutiveErrors(true); // "returned failure for request" would repeat ours
    return 0;
  }
  // REQUEST_DATA is the one request every rank runs together: it ends with the vote
  // (cmRanks.h), which on a failure anywhere clears every output on every rank and
  // reports the first failing rank's message on the others.
  bool failed = true;
  if (this->InfoError.empty())
  {
    this->MuteExecutiveErrors(false);
    failed = !this->ReadRequestedData(request, outputs);
  }
  else
  {
    this->ClearOutputs(false);
    this->LastError = this->InfoError; // already reported by REQUEST_INFORMATION
  }
  const bool anyFailed = cm::VoteAcrossRanks(this, failed, this->LastError, false, outputs).Failed;
  // Every rank has reported its one error now (its own, or "failed on rank r"); the
  // executive's "returned failure for request" would only repeat it.
  this->MuteExecutiveErrors(anyFailed);
  return anyFailed ? 0 : 1;
}

void vtkCloudMapReaderBase::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "NumberOfFrequencies: " << this->Steps.size() << "\n";
}
