// SPDX-License-Identifier: BSD-3-Clause
#include "cmVTKAccess.h"

#include "vtkAlgorithm.h"
#include "vtkArrayDispatch.h"
#include "vtkIdList.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkIdTypeArray.h"
#include "vtkCellArray.h"
#include "vtkDataArray.h"
#include "vtkDataArrayRange.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkTypeInt32Array.h"
#include "vtkTypeInt64Array.h"
#include "vtkMultiProcessController.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPThreadLocal.h"
#include "vtkSMPTools.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkOutputWindow.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"
#include "vtkVersionMacros.h"

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <climits>
#include <limits>
#include <vector>

namespace cloudmap
{
bool MakeSurfaceView(vtkPolyData* input, SurfaceView& view, std::string& error)
{
  if (input->GetNumberOfVerts() + input->GetNumberOfLines() + input->GetNumberOfStrips() > 0)
  {
    error = "the input has vertices, lines or strips; this filter takes a surface of triangles "
            "and quads only (extract the surface cells first)";
    return false;
  }
  view = SurfaceView();
  vtkCellArray* polys = input->GetPolys();
  view.NCells = polys ? polys->GetNumberOfCells() : 0;
  if (view.NCells > 0)
  {
    // VTK 9.6 renamed the typed accessors (the old names are deprecated).
#if VTK_VERSION_NUMBER >= VTK_VERSION_CHECK(9, 6, 0)
    if (polys->IsStorage64Bit())
    {
      view.Off64 = polys->GetOffsetsAOSArray64()->GetPointer(0);
      view.Conn64 = polys->GetConnectivityAOSArray64()->GetPointer(0);
    }
    else
    {
      view.Off32 = polys->GetOffsetsAOSArray32()->GetPointer(0);
      view.Conn32 = polys->GetConnectivityAOSArray32()->GetPointer(0);
    }
#else
    if (polys->IsStorage64Bit())
    {
      view.Off64 = polys->GetOffsetsArray64()->GetPointer(0);
      view.Conn64 = polys->GetConnectivityArray64()->GetPointer(0);
    }
    else
    {
      view.Off32 = polys->GetOffsetsArray32()->GetPointer(0);
      view.Conn32 = polys->GetConnectivityArray32()->GetPointer(0);
    }
#endif
  }
  for (vtkIdType c = 0; c < view.NCells; ++c)
  {
    const int n = view.Size(c);
    if (n != 3 && n != 4)
    {
      error = "cell " + std::to_string(c) + " has " + std::to_string(n) +
        " points; only triangles and quads are supported";
      return false;
    }
  }
  vtkPoints* pts = input->GetPoints();
  view.NumberOfPoints = pts ? pts->GetNumberOfPoints() : 0;
  if (view.NumberOfPoints == 0)
  {
    return true;
  }
  if (auto* d = vtkDoubleArray::SafeDownCast(pts->GetData()))
  {
    view.Points = d->GetPointer(0);
  }
  else if (auto* f = vtkFloatArray::SafeDownCast(pts->GetData()))
  {
    view.PointsF = f->GetPointer(0);
  }
  else
  {
    view.PointStore = ValuesAsDouble(pts->GetData());
    view.Points = view.PointStore.data();
  }
  return true;
}

namespace
{
struct CopyWorker
{
  template <typename ArrayT>
  void operator()(ArrayT* a, std::vector<double>& out)
  {
    auto r = vtk::DataArrayValueRange(a);
    out.resize(r.size());
    vtkSMPTools::For(0, static_cast<vtkIdType>(r.size()), [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType i = b; i < e; ++i)
      {
        out[i] = static_cast<double>(r[i]);
      }
    });
  }
};
} // namespace

std::vector<double> ValuesAsDouble(vtkDataArray* array)
{
  std::vector<double> out;
  CopyWorker w;
  if (!vtkArrayDispatch::Dispatch::Execute(array, w, out))
  {
    w(array, out);
  }
  return out;
}

std::vector<double> ScalarsOf(vtkDataArray* array, int comp)
{
  const int nc = array->GetNumberOfComponents();
  std::vector<double> v = ValuesAsDouble(array);
  if (nc == 1)
  {
    return v;
  }
  const vtkIdType n = array->GetNumberOfTuples();
  std::vector<double> s(n);
  vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType i = b; i < e; ++i)
    {
      if (comp >= 0 && comp < nc)
      {
        s[i] = v[i * nc + comp];
        continue;
      }
      double m = 0;
      for (int c = 0; c < nc; ++c)
      {
        m += v[i * nc + c] * v[i * nc + c];
      }
      s[i] = std::sqrt(m);
    }
  });
  return s;
}

bool GlobalRange(const std::vector<double>& values, vtkUnsignedCharArray* ghosts, double range[2])
{
  return GlobalRange(values.data(), static_cast<std::int64_t>(values.size()), ghosts, range);
}

const double* ScalarsInPlace(vtkDataArray* array, int comp, std::vector<double>& store)
{
  auto* d = vtkDoubleArray::SafeDownCast(array);
  if (d && d->GetNumberOfComponents() == 1)
  {
    return d->GetPointer(0);
  }
  store = ScalarsOf(array, comp);
  return store.data();
}

bool GlobalRange(const double* values, std::int64_t n, vtkUnsignedCharArray* ghosts, double range[2])
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
    vtkSMPThreadLocal<std::array<double, 2>> local(
      std::array<double, 2>{ { std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity() } });
    vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
      std::array<double, 2>& r = local.Local();
      for (vtkIdType i = b; i < e; ++i)
      {
        if (g && (g[i] & vtkDataSetAttributes::DUPLICATECELL))
        {
          continue;
        }
        const double v = values[i];
        if (std::isfinite(v))
        {
          r[0] = std::min(r[0], v);
          r[1] = std::max(r[1], v);
        }
      }
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

RankVote VoteAcrossRanks(vtkAlgorithm* self, bool failed, const std::string& error, bool aborted)
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
  }
  return vote;
}

void ShareFailure(vtkAlgorithm* self, bool failedHere, const std::string& error)
{
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (!ctrl || ctrl->GetNumberOfProcesses() < 2)
  {
    return;
  }
  int mine = failedHere ? ctrl->GetLocalProcessId() : INT_MAX, first = INT_MAX;
  ctrl->AllReduce(&mine, &first, 1, vtkCommunicator::MIN_OP);
  if (first != INT_MAX)
  {
    ReportFirstFailure(self, ctrl, first, failedHere, error);
  }
}

void FillBandTable(vtkTable* table, const BandSpec& spec, Palette palette)
{
  vtkNew<vtkIntArray> idx;
  idx->SetName("BandIndex");
  vtkNew<vtkDoubleArray> lower, upper;
  lower->SetName("Lower");
  upper->SetName("Upper");
  vtkNew<vtkUnsignedCharArray> red, green, blue;
  red->SetName("Red");
  green->SetName("Green");
  blue->SetName("Blue");
  vtkNew<vtkStringArray> label;
  label->SetName("Label");
  char buf[96];
  for (int k = 0; k < spec.N; ++k)
  {
    std::uint8_t c[3];
    BandColor(palette, k, spec.N, c);
    idx->InsertNextValue(k);
    lower->InsertNextValue(spec.Lower(k));
    upper->InsertNextValue(spec.Upper(k));
    red->InsertNextValue(c[0]);
    green->InsertNextValue(c[1]);
    blue->InsertNextValue(c[2]);
    std::snprintf(buf, sizeof buf, "%.4g - %.4g", spec.Lower(k), spec.Upper(k));
    label->InsertNextValue(buf);
  }
  table->Initialize();
  table->AddColumn(idx);
  table->AddColumn(lower);
  table->AddColumn(upper);
  table->AddColumn(red);
  table->AddColumn(green);
  table->AddColumn(blue);
  table->AddColumn(label);
}

std::vector<double> CellAreas(const SurfaceView& view)
{
  std::vector<double> areas(view.NumberOfCells());
  vtkSMPTools::For(0, view.NumberOfCells(), [&](vtkIdType b, vtkIdType e) {
    Vec3 p[4];
    for (vtkIdType c = b; c < e; ++c)
    {
      view.Corners(c, p);
      areas[c] = ElementArea(p, view.Size(c));
    }
  });
  return areas;
}

namespace
{
struct GatherWorker
{
  template <typename SrcT, typename DstT>
  void operator()(SrcT* src, DstT* dst, const long long* ids, std::int64_t n)
  {
    const int nc = src->GetNumberOfComponents();
    auto in = vtk::DataArrayValueRange(src);
    auto out = vtk::DataArrayValueRange(dst);
    vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType k = b; k < e; ++k)
      {
        for (int c = 0; c < nc; ++c)
        {
          out[k * nc + c] = in[ids[k] * nc + c];
        }
      }
    });
  }
};
} // namespace

void GatherTuples(vtkAbstractArray* src, vtkAbstractArray* dst, const long long* ids, std::int64_t n)
{
  auto* s = vtkDataArray::SafeDownCast(src);
  auto* d = vtkDataArray::SafeDownCast(dst);
  if (s && d)
  {
    GatherWorker w;
    using Dispatch = vtkArrayDispatch::Dispatch2SameValueType;
    if (!Dispatch::Execute(s, d, w, ids, n))
    {
      w(s, d, ids, n);
    }
    return;
  }
  // Strings and other non-numeric arrays: the generic path.
  vtkNew<vtkIdList> list;
  list->SetNumberOfIds(n);
  std::copy(ids, ids + n, list->GetPointer(0));
  src->GetTuples(list, dst);
}

void* AllocateLarge(std::size_t bytes)
{
  constexpr std::size_t Huge = std::size_t(2) << 20;
  // CLOUDMAP_NO_HUGE_PAGES=1 falls back to plain VTK allocation (for comparisons).
  static const bool disabled = std::getenv("CLOUDMAP_NO_HUGE_PAGES") != nullptr;
  if (disabled || bytes < Huge / 2)
  {
    return nullptr;
  }
  const std::size_t rounded = (bytes + Huge - 1) / Huge * Huge;
  void* p = std::aligned_alloc(Huge, rounded);
#ifdef MADV_HUGEPAGE
  if (p)
  {
    madvise(p, rounded, MADV_HUGEPAGE);
  }
#endif
  return p;
}

void ResizeLargeAny(vtkAbstractArray* array, std::int64_t nTuples)
{
  if (auto* d = vtkDoubleArray::SafeDownCast(array))
    ResizeLarge(d, nTuples);
  else if (auto* f = vtkFloatArray::SafeDownCast(array))
    ResizeLarge(f, nTuples);
  else if (auto* l = vtkTypeInt64Array::SafeDownCast(array))
    ResizeLarge(l, nTuples);
  else if (auto* id = vtkIdTypeArray::SafeDownCast(array))
    ResizeLarge(id, nTuples);
  else if (auto* i = vtkTypeInt32Array::SafeDownCast(array))
    ResizeLarge(i, nTuples);
  else if (auto* u = vtkUnsignedCharArray::SafeDownCast(array))
    ResizeLarge(u, nTuples);
  else
    array->SetNumberOfTuples(nTuples);
}

bool ForWithProgress(vtkAlgorithm* self, std::int64_t n, double from, double to,
  const std::function<void(std::int64_t, std::int64_t)>& body)
{
  // Blocks of at least 64k items: progress every few milliseconds at most,
  // and small inputs run as one parallel loop.
  constexpr std::int64_t MinBlock = 1 << 16;
  const std::int64_t blocks = std::max<std::int64_t>(1, std::min<std::int64_t>(20, n / MinBlock));
  for (std::int64_t k = 0; k < blocks; ++k)
  {
    const std::int64_t b = n * k / blocks, e = n * (k + 1) / blocks;
    vtkSMPTools::For(b, e, [&](vtkIdType lo, vtkIdType hi) { body(lo, hi); });
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

} // namespace cloudmap
