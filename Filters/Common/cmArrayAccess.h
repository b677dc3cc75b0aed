// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmArrayAccess.h
 * @brief VTK arrays to and from plain values: typed conversion to doubles,
 *        gathers, and big output arrays on the large-buffer allocator.
 */
#ifndef cmArrayAccess_h
#define cmArrayAccess_h

#include "CloudMapFiltersCommonModule.h"
#include "cmLargeBuffer.h"

#include "vtkAbstractArray.h"

#include <cstdint>
#include <string>
#include <vector>

class vtkAlgorithm;
class vtkDataArray;
class vtkDataObject;
class vtkFieldData;

namespace cm
{
/// The array that input-array selection `idx` of `self` names by a name used before the
/// array names lost their '/' (`Abs(E)_dBV/m`, now `Abs(E)_dBV_per_m`: cmArrayNames.h), so
/// states and scripts saved with the old name still run; null when the selection has no
/// '/' or `input` has no such array. `association` gets the selection's association.
CLOUDMAPFILTERSCOMMON_EXPORT vtkDataArray* RenamedInputArray(
  vtkAlgorithm* self, int idx, vtkDataObject* input, int& association);

/// All values of an array as doubles, tuple-major (typed fast paths, no per-value virtual calls).
CLOUDMAPFILTERSCOMMON_EXPORT std::vector<double> ValuesAsDouble(vtkDataArray* array);

/// One scalar per tuple: the component `comp`, or the magnitude when comp < 0
/// and the array has several components.
CLOUDMAPFILTERSCOMMON_EXPORT std::vector<double> ScalarsOf(vtkDataArray* array, int comp);

/// One scalar per tuple read in place when `array` is a 1-component double
/// array, else ScalarsOf() copied into `store`.
CLOUDMAPFILTERSCOMMON_EXPORT const double* ScalarsInPlace(
  vtkDataArray* array, int comp, std::vector<double>& store);

/// Copies tuple ids[k] of src to tuple k of dst (typed and parallel for
/// numeric arrays; children take their parent's cell values).
CLOUDMAPFILTERSCOMMON_EXPORT void GatherTuples(
  vtkAbstractArray* src, vtkAbstractArray* dst, const long long* ids, std::int64_t n);

/**
 * Faults in fresh memory [p, p + bytes) on every thread (vtkSMPTools), each
 * thread taking whole 2 MB pages: a write per 4 KB page, values left
 * unspecified. A loop that fills a small array (a byte or three per item)
 * touches a new huge page every few thousand items, and while one thread
 * faults it in (the kernel zeroes 2 MB) the other waits on the same page;
 * faulting first makes that page-parallel.
 */
CLOUDMAPFILTERSCOMMON_EXPORT void FaultInParallel(void* p, std::size_t bytes);

/// Sizes an AOS array to nTuples (components set before), taking big blocks
/// from AllocateLarge (cmLargeBuffer.h), faulted in on every thread
/// (FaultInParallel); the array owns the memory and frees it with free().
template <typename ArrayT>
void ResizeLarge(ArrayT* array, std::int64_t nTuples)
{
  using T = typename ArrayT::ValueType;
  const std::int64_t nValues = nTuples * array->GetNumberOfComponents();
  const std::size_t bytes = sizeof(T) * static_cast<std::size_t>(nValues);
  if (void* p = AllocateLarge(bytes))
  {
    FaultInParallel(p, bytes);
    array->SetArray(static_cast<T*>(p), nValues, 0, vtkAbstractArray::VTK_DATA_ARRAY_FREE);
  }
  else
  {
    array->SetNumberOfTuples(nTuples);
  }
}

/// ResizeLarge for the common AOS numeric types (double, float, 64/32-bit
/// ints, unsigned char); any other array is sized with SetNumberOfTuples.
CLOUDMAPFILTERSCOMMON_EXPORT void ResizeLargeAny(vtkAbstractArray* array, std::int64_t nTuples);

/// A one-value string array `name` added to fd.
CLOUDMAPFILTERSCOMMON_EXPORT void AddFieldString(
  vtkFieldData* fd, const char* name, const std::string& value);

/// The field data of a far-field table (what Antenna Pattern Surface and
/// Pattern Metrics read back): Frequency, NumberOfTheta, NumberOfPhi and
/// GainKind, one value each.
CLOUDMAPFILTERSCOMMON_EXPORT void AddFarFieldTags(vtkFieldData* fd, double frequency,
  long long nTheta, long long nPhi, const std::string& gainKind);
} // namespace cm
#endif
