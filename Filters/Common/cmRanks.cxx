// SPDX-License-Identifier: BSD-3-Clause
#include "cmRanks.h"
#include "cmFiniteRange.h"

#include "vtkAlgorithm.h"
#include "vtkCommunicator.h"
#include "vtkDataObject.h"
#include "vtkDataSet.h"
#include "vtkDataSetAttributes.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkMultiProcessController.h"
#include "vtkOutputWindow.h"
#include "vtkSMPThreadLocal.h"
#include "vtkSMPTools.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <vector>

namespace cm
{
bool GlobalRange(const std::vector<double>& values, vtkUnsignedCharArray* ghosts, double range[2])
{
  return GlobalRange(values.data(), static_cast<std::int64_t>(values.size()), ghosts, range);
}

bool GlobalRange(
  const double* values, std::int64_t n, vtkUnsignedCharArray* ghosts, double range[2])
{
  bool anyFailed = false;
  return GlobalRangeOrFailure(values, n, ghosts, range, false, anyFailed);
}

bool GlobalRangeOrFailure(const double* values, std::int64_t n, vtkUnsignedCharArray* ghosts,
  double range[2], bool localFailed, bool& anyFailed)
{
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  if (!localFailed && n > 0)
  {
    // Per-thread minima and maxima (min and max do not depend on the order).
    const unsigned char* g = ghosts ? ghosts->GetPointer(0) : nullptr;
    vtkSMPThreadLocal<std::array<double, 2>> local(std::array<double, 2>{
      { std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity() } });
    vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
      // In registers (a thread-local reference aliases the values: every
      // step would store it); eight lanes and a prefetch for a first run
      // from memory (cmFiniteRange.h).
      double l = std::numeric_limits<double>::infinity(), h = -l;
      FoldFiniteRange(values, b, e, g, vtkDataSetAttributes::DUPLICATECELL, l, h);
      std::array<double, 2>& r = local.Local();
      r[0] = std::min(r[0], l);
      r[1] = std::max(r[1], h);
    });
    for (const std::array<double, 2>& r : local)
    {
      lo = std::min(lo, r[0]);
      hi = std::max(hi, r[1]);
    }
  }
  anyFailed = localFailed;
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (ctrl && ctrl->GetNumberOfProcesses() > 1)
  {
    // Minima of (lo, -hi, -failed): one MIN reduction serves all three.
    double local[3] = { lo, -hi, localFailed ? -1.0 : 0.0 }, global[3];
    ctrl->AllReduce(local, global, 3, vtkCommunicator::MIN_OP);
    lo = global[0];
    hi = -global[1];
    anyFailed = global[2] < 0;
  }
  range[0] = lo;
  range[1] = hi;
  return lo <= hi;
}

bool SeveralRanks()
{
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  return ctrl && ctrl->GetNumberOfProcesses() > 1;
}

int LocalRank()
{
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  return ctrl ? ctrl->GetLocalProcessId() : 0;
}

namespace
{
// Collective: the message of rank `first`, reported by every other rank.
void ReportFirstFailure(vtkAlgorithm* self, vtkMultiProcessController* ctrl, int first,
  bool failedHere, const std::string& error)
{
  const int rank = ctrl->GetLocalProcessId();
  int length = rank == first ? static_cast<int>(error.size()) : 0;
  ctrl->Broadcast(&length, 1, first);
  std::vector<char> text(static_cast<std::size_t>(length) + 1, '\0');
  if (rank == first)
  {
    error.copy(text.data(), error.size());
  }
  if (length > 0)
  {
    ctrl->Broadcast(text.data(), length, first);
  }
  if (!failedHere)
  {
    const std::string msg = std::string(self->GetClassName()) + ": failed on rank " +
      std::to_string(first) + " of " + std::to_string(ctrl->GetNumberOfProcesses()) + ": " +
      (length > 0 ? std::string(text.data()) : std::string("(no message)"));
    vtkErrorWithObjectMacro(self, << msg);
  }
}
} // namespace

RankVote VoteAcrossRanks(vtkAlgorithm* self, bool failed, const std::string& error, bool aborted,
  vtkInformationVector* clearOnFailure)
{
  RankVote vote;
  vote.Failed = failed;
  vote.Aborted = aborted;
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (!ctrl || ctrl->GetNumberOfProcesses() < 2)
  {
    return vote;
  }
  // The lowest failing rank (INT_MAX when none failed), and 0 when any aborted.
  int local[2] = { failed ? ctrl->GetLocalProcessId() : INT_MAX, aborted ? 0 : 1 }, global[2];
  ctrl->AllReduce(local, global, 2, vtkCommunicator::MIN_OP);
  vote.Failed = global[0] != INT_MAX;
  vote.Aborted = global[1] == 0;
  if (vote.Failed)
  {
    ReportFirstFailure(self, ctrl, global[0], failed, error);
    // No half-filled or stale output on any rank.
    for (int port = 0; clearOnFailure && port < clearOnFailure->GetNumberOfInformationObjects();
         ++port)
    {
      if (vtkDataObject* d =
            clearOnFailure->GetInformationObject(port)->Get(vtkDataObject::DATA_OBJECT()))
      {
        d->Initialize();
      }
    }
  }
  return vote;
}

void ShareFailure(vtkAlgorithm* self, bool failedHere, const std::string& error)
{
  VoteAcrossRanks(self, failedHere, error, false, nullptr);
}

bool GlobalBounds(vtkDataSet* data, double bounds[6])
{
  // Minima, and negated maxima, so one MIN reduction serves both.
  double local[6] = { HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL };
  if (data && data->GetNumberOfPoints() > 0)
  {
    double b[6];
    data->GetBounds(b);
    for (int a = 0; a < 3; ++a)
    {
      local[a] = b[2 * a];
      local[3 + a] = -b[2 * a + 1];
    }
  }
  double global[6];
  vtkMultiProcessController* c = vtkMultiProcessController::GetGlobalController();
  if (c && c->GetNumberOfProcesses() > 1)
  {
    c->AllReduce(local, global, 6, vtkCommunicator::MIN_OP);
  }
  else
  {
    for (int k = 0; k < 6; ++k)
    {
      global[k] = local[k];
    }
  }
  if (!std::isfinite(global[0]))
  {
    return false;
  }
  for (int a = 0; a < 3; ++a)
  {
    bounds[2 * a] = global[a];
    bounds[2 * a + 1] = -global[3 + a];
  }
  return true;
}


namespace
{
void AllReduceInPlace(double* values, std::int64_t n, int op)
{
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (ctrl && ctrl->GetNumberOfProcesses() > 1 && n > 0)
  {
    std::vector<double> g(values, values + n);
    ctrl->AllReduce(values, g.data(), static_cast<vtkIdType>(n), op);
    std::copy(g.begin(), g.end(), values);
  }
}
} // namespace

void AllMax(double* values, std::int64_t n)
{
  AllReduceInPlace(values, n, vtkCommunicator::MAX_OP);
}

void AllMin(double* values, std::int64_t n)
{
  AllReduceInPlace(values, n, vtkCommunicator::MIN_OP);
}

void AllSum(double* values, std::int64_t n)
{
  AllReduceInPlace(values, n, vtkCommunicator::SUM_OP);
}

std::vector<double> AllGatherInRankOrder(const std::vector<double>& values)
{
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (!ctrl || ctrl->GetNumberOfProcesses() < 2)
  {
    return values;
  }
  const int nproc = ctrl->GetNumberOfProcesses();
  vtkIdType mine = static_cast<vtkIdType>(values.size());
  std::vector<vtkIdType> lengths(nproc), offsets(nproc);
  ctrl->AllGather(&mine, lengths.data(), 1);
  vtkIdType total = 0;
  for (int r = 0; r < nproc; ++r)
  {
    offsets[r] = total;
    total += lengths[r];
  }
  std::vector<double> all(static_cast<std::size_t>(std::max<vtkIdType>(total, 1)));
  ctrl->AllGatherV(
    const_cast<double*>(values.data()), all.data(), mine, lengths.data(), offsets.data());
  all.resize(static_cast<std::size_t>(total));
  return all;
}

} // namespace cm
