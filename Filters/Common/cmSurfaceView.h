// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmVTKAccess.h
 * @brief Private glue between VTK data and the pipeline-free core: flat views
 *        of a surface's elements and points, and the MPI range reduction.
 */
#ifndef cmVTKAccess_h
#define cmVTKAccess_h

#include "cmBanding.h"
#include "cmRefinement.h"

#include "vtkAbstractArray.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

class vtkAbstractArray;
class vtkAlgorithm;
class vtkDataArray;
class vtkDataObject;
class vtkInformation;
class vtkInformationVector;
class vtkPolyData;
class vtkTable;
class vtkUnsignedCharArray;

namespace cloudmap
{
/**
 * The polygons and points of a vtkPolyData, read in place: the cell array's
 * own 32- or 64-bit offsets and ids, and float or double points. Nothing is
 * copied, because on large meshes fresh temporary memory (page faults) costs
 * more than the arithmetic.
 */
struct SurfaceView
{
  const long long* Off64 = nullptr;
  const long long* Conn64 = nullptr;
  const int* Off32 = nullptr;
  const int* Conn32 = nullptr;
  std::int64_t NCells = 0;
  const double* Points = nullptr; ///< double points, or null when PointsF is used
  const float* PointsF = nullptr; ///< float points
  std::int64_t NumberOfPoints = 0;
  mutable std::vector<double> PointStore; ///< double copy made on demand

  std::int64_t NumberOfCells() const { return NCells; }
  std::int64_t Offset(std::int64_t c) const { return Off64 ? Off64[c] : Off32[c]; }
  std::int64_t Id(std::int64_t k) const { return Conn64 ? Conn64[k] : Conn32[k]; }
  int Size(std::int64_t c) const { return static_cast<int>(Offset(c + 1) - Offset(c)); }
  double Coord(std::int64_t p, int d) const { return Points ? Points[3 * p + d] : PointsF[3 * p + d]; }
  void Corners(std::int64_t c, Vec3* p) const
  {
    const std::int64_t b = Offset(c);
    const int n = Size(c);
    for (int i = 0; i < n; ++i)
    {
      const std::int64_t q = Id(b + i);
      p[i] = { Coord(q, 0), Coord(q, 1), Coord(q, 2) };
    }
  }
  /// Calls f(offsets, ids) with the typed pointers.
  template <typename F>
  void WithIds(F&& f) const
  {
    if (Off64)
    {
      f(Off64, Conn64);
    }
    else
    {
      f(Off32, Conn32);
    }
  }
  /// The points as doubles (copied once when they are float).
  const double* DoublePoints() const
  {
    if (Points || NumberOfPoints == 0)
    {
      return Points;
    }
    if (PointStore.empty())
    {
      PointStore.assign(PointsF, PointsF + 3 * NumberOfPoints);
    }
    return PointStore.data();
  }
};

/**
 * Fills `view` from the polygons of `input`. Fails (returns false with a
 * message naming the cell) when a polygon is not a triangle or a quad, or
 * when the input also has vertices, lines or strips that would be dropped.
 */
bool MakeSurfaceView(vtkPolyData* input, SurfaceView& view, std::string& error);

/// All values of an array as doubles, tuple-major (typed fast paths, no per-value virtual calls).
std::vector<double> ValuesAsDouble(vtkDataArray* array);

/// One scalar per tuple: the component `comp`, or the magnitude when comp < 0
/// and the array has several components.
std::vector<double> ScalarsOf(vtkDataArray* array, int comp);

/// Min/max of `values` over non-ghost entries, reduced over all MPI ranks.
bool GlobalRange(const std::vector<double>& values, vtkUnsignedCharArray* ghosts, double range[2]);
bool GlobalRange(const double* values, std::int64_t n, vtkUnsignedCharArray* ghosts, double range[2]);

/**
 * Min/max as GlobalRange, with a failure flag folded into the same reduction:
 * `anyFailed` is set when any rank passed `localFailed` (a failed rank passes
 * no values). One collective, as GlobalRange.
 */
bool GlobalRangeOrFailure(const double* values, std::int64_t n, vtkUnsignedCharArray* ghosts,
  double range[2], bool localFailed, bool& anyFailed);

/**
 * MPI agreement for filters (the filter-side counterpart of the readers'
 * AgreeAcrossRanks): a filter must never return before a collective on some
 * ranks only, or the other ranks wait forever. Every rank calls this at the
 * same point with whether it failed (its own error already reported with
 * vtkErrorMacro) and whether it aborted.
 *
 * Serial (no controller or one process): no communication; returns the flags.
 * Several ranks: one small reduction; when some rank failed, the lowest
 * failing rank broadcasts its message and every rank that did not fail
 * reports "<class>: failed on rank r of n: <message>". Failed and Aborted
 * are then the same on every rank.
 */
struct RankVote
{
  bool Failed = false;
  bool Aborted = false;
};
RankVote VoteAcrossRanks(
  vtkAlgorithm* self, bool failed, const std::string& error, bool aborted = false);

/**
 * For a failure already folded into a reduction (every rank knows that some
 * rank failed, not which): collective; the lowest failing rank's message is
 * broadcast and reported by the ranks that did not fail. No-op in serial.
 */
void ShareFailure(vtkAlgorithm* self, bool failedHere, const std::string& error);

/// True when the global controller has two processes or more.
bool SeveralRanks();

/// One scalar per tuple read in place when `array` is a 1-component double
/// array, else ScalarsOf() copied into `store`.
const double* ScalarsInPlace(vtkDataArray* array, int comp, std::vector<double>& store);

/// The legend table of a band spec: BandIndex, Lower, Upper, Red, Green, Blue, Label.
void FillBandTable(vtkTable* table, const BandSpec& spec, Palette palette);

/// Area of every cell of the view (parallel).
std::vector<double> CellAreas(const SurfaceView& view);

/// Copies tuple ids[k] of src to tuple k of dst (typed and parallel for
/// numeric arrays; children take their parent's cell values).
void GatherTuples(vtkAbstractArray* src, vtkAbstractArray* dst, const long long* ids, std::int64_t n);

/**
 * Memory for a big output array, or null when `bytes` is small (under 1 MB).
 * The block is 2 MB aligned and advised for transparent huge pages
 * (madvise MADV_HUGEPAGE; most distributions set THP to "madvise"): on
 * virtual machines the first touch of fresh memory costs more than writing
 * it, and huge pages make 512 times fewer page faults. Free it with free().
 */
void* AllocateLarge(std::size_t bytes);

/// Sizes an AOS array to nTuples (components set before), taking big blocks
/// from AllocateLarge; the array owns the memory and frees it with free().
template <typename ArrayT>
void ResizeLarge(ArrayT* array, std::int64_t nTuples)
{
  using T = typename ArrayT::ValueType;
  const std::int64_t nValues = nTuples * array->GetNumberOfComponents();
  if (void* p = AllocateLarge(sizeof(T) * static_cast<std::size_t>(nValues)))
  {
    array->SetArray(static_cast<T*>(p), nValues, 0, vtkAbstractArray::VTK_DATA_ARRAY_FREE);
  }
  else
  {
    array->SetNumberOfTuples(nTuples);
  }
}

/// ResizeLarge for the common AOS numeric types (double, float, 64/32-bit
/// ints, unsigned char); any other array is sized with SetNumberOfTuples.
void ResizeLargeAny(vtkAbstractArray* array, std::int64_t nTuples);

/**
 * Runs body(begin, end) over [0, n) with vtkSMPTools in a few serial blocks,
 * reporting progress from `from` to `to` on the calling (main) thread between
 * blocks and stopping early when the user aborts (GetAbortExecute). Returns
 * false when aborted. Blocks are large, so the cost is a few thread launches.
 */
bool ForWithProgress(vtkAlgorithm* self, std::int64_t n, double from, double to,
  const std::function<void(std::int64_t, std::int64_t)>& body);

/**
 * Scope guard for an output that every rank computes whole (a band table, an
 * FFD lattice, a small result table). When the port's request is for a piece
 * other than 0 it empties the output on leaving the scope (a table keeps its
 * columns with no rows; a data set is initialised), so the union over ranks,
 * what a gathered Fetch or a spreadsheet shows, holds it once, as serial.
 * The piece is read from every output port (a request may carry it on the
 * port that asked only); none with piece information counts as piece 0.
 */
class WholeOnFirstPiece
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

} // namespace cloudmap
#endif
