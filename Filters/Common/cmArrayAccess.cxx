// SPDX-License-Identifier: BSD-3-Clause
#include "cmArrayAccess.h"

#include "cmArrayNames.h"

#include "vtkAlgorithm.h"
#include "vtkDataObject.h"
#include "vtkDataSet.h"
#include "vtkCellData.h"
#include "vtkPointData.h"
#include "vtkInformation.h"
#include "vtkTable.h"

#include "vtkArrayDispatch.h"
#include "vtkDataArray.h"
#include "vtkDataArrayRange.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkFloatArray.h"
#include "vtkIdList.h"
#include "vtkIdTypeArray.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkSMPTools.h"
#include "vtkStringArray.h"
#include "vtkTypeInt32Array.h"
#include "vtkTypeInt64Array.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace cm
{
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

void GatherTuples(
  vtkAbstractArray* src, vtkAbstractArray* dst, const long long* ids, std::int64_t n)
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

void FaultInParallel(void* p, std::size_t bytes)
{
  constexpr std::size_t Page = 4096;
  const std::int64_t nHuge = static_cast<std::int64_t>((bytes + HugePageBytes - 1) / HugePageBytes);
  static const bool disabled = std::getenv("CLOUDMAP_NO_PREFAULT") != nullptr;
  if (disabled || !p || nHuge < 2 || vtkSMPTools::GetEstimatedNumberOfThreads() < 2)
  {
    return; // one thread faults it in as it writes, in the same time
  }
  auto* base = static_cast<volatile unsigned char*>(p);
  vtkSMPTools::For(0, nHuge, 1, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType h = b; h < e; ++h)
    {
      const std::size_t lo = static_cast<std::size_t>(h) * HugePageBytes;
      const std::size_t hi = std::min(bytes, lo + HugePageBytes);
      for (std::size_t o = lo; o < hi; o += Page)
      {
        base[o] = 0;
      }
    }
  });
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

void AddFieldString(vtkFieldData* fd, const char* name, const std::string& value)
{
  vtkNew<vtkStringArray> s;
  s->SetName(name);
  s->InsertNextValue(value);
  fd->AddArray(s);
}

void AddFarFieldTags(
  vtkFieldData* fd, double frequency, long long nTheta, long long nPhi, const std::string& gainKind)
{
  vtkNew<vtkDoubleArray> f;
  f->SetName("Frequency");
  f->InsertNextValue(frequency);
  fd->AddArray(f);
  vtkNew<vtkIntArray> nt, np;
  nt->SetName("NumberOfTheta");
  nt->InsertNextValue(static_cast<int>(nTheta));
  np->SetName("NumberOfPhi");
  np->InsertNextValue(static_cast<int>(nPhi));
  fd->AddArray(nt);
  fd->AddArray(np);
  AddFieldString(fd, "GainKind", gainKind);
}
vtkDataArray* RenamedInputArray(vtkAlgorithm* self, int idx, vtkDataObject* input, int& association)
{
  vtkInformation* info = self ? self->GetInputArrayInformation(idx) : nullptr;
  association = info && info->Has(vtkDataObject::FIELD_ASSOCIATION())
    ? info->Get(vtkDataObject::FIELD_ASSOCIATION())
    : -1;
  const char* name = info && info->Has(vtkDataObject::FIELD_NAME())
    ? info->Get(vtkDataObject::FIELD_NAME())
    : nullptr;
  if (!input || !name || !std::strchr(name, '/'))
  {
    return nullptr;
  }
  const std::string renamed = SlashFreeName(name);
  vtkFieldData* fd = nullptr;
  if (auto* table = vtkTable::SafeDownCast(input))
  {
    fd = table->GetRowData();
  }
  else if (auto* ds = vtkDataSet::SafeDownCast(input))
  {
    fd = association == vtkDataObject::FIELD_ASSOCIATION_CELLS
      ? static_cast<vtkFieldData*>(ds->GetCellData())
      : association == vtkDataObject::FIELD_ASSOCIATION_POINTS
      ? static_cast<vtkFieldData*>(ds->GetPointData())
      : nullptr;
  }
  return fd ? vtkDataArray::SafeDownCast(fd->GetAbstractArray(renamed.c_str())) : nullptr;
}

} // namespace cm
