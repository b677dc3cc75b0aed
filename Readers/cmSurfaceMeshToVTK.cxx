// SPDX-License-Identifier: BSD-3-Clause
#include "cmSurfaceMeshToVTK.h"

#include "cmArrayAccess.h"
#include "cmTextScan.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "vtkNew.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkSmartPointer.h"
#include "vtkStringArray.h"
#include "vtkUnsignedCharArray.h"
#include "vtkDataSetAttributes.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace cm
{
namespace
{
// Sizes an array to nTuples with the one large-buffer allocator (big blocks
// advised for huge pages: a 1M-element model is ~100 MB of arrays, whose first
// touch in 4 KB pages costs about as much as filling them).
template <typename ArrayT>
typename ArrayT::ValueType* SizeLarge(ArrayT* a, vtkIdType nTuples)
{
  cm::ResizeLarge(a, nTuples);
  return a->GetPointer(0);
}

void AddNamed(vtkFieldData* fd, const char* namesKey, const char* posKey,
  const std::vector<std::string>& names, const std::vector<double>& xyz)
{
  if (names.empty())
  {
    return;
  }
  vtkNew<vtkStringArray> n;
  n->SetName(namesKey);
  vtkNew<vtkDoubleArray> p;
  p->SetName(posKey);
  p->SetNumberOfComponents(3);
  for (std::size_t i = 0; i < names.size(); ++i)
  {
    n->InsertNextValue(names[i]);
    p->InsertNextTuple(&xyz[3 * i]);
  }
  fd->AddArray(n);
  fd->AddArray(p);
}


// A piece's cells and points, and how they map to the mesh's.
struct PieceMap
{
  bool Whole = false; ///< cells are exactly 0..ne-1, no ghosts
  std::int64_t Begin = 0, End = 0; ///< owned cells [Begin, End)
  std::vector<std::int64_t> Order; ///< all cells, owned then ghosts (empty: Begin..End)
  std::vector<char> Level; ///< ghost level per mesh cell (only with ghosts)
  std::vector<std::int64_t> Remap; ///< output id per mesh vertex, -1 unused (empty: identity)
  std::int64_t UsedPoints = 0;

  std::int64_t NumberOfCells() const
  {
    return this->Order.empty() ? this->End - this->Begin
                               : static_cast<std::int64_t>(this->Order.size());
  }
  std::int64_t Cell(std::int64_t i) const
  {
    return this->Order.empty() ? this->Begin + i : this->Order[static_cast<std::size_t>(i)];
  }
  std::int64_t Point(std::int64_t v) const
  {
    return this->Remap.empty() ? v : this->Remap[static_cast<std::size_t>(v)];
  }
};

// Elements of the piece, then ghost rings by vertex adjacency (serial: only
// distributed runs with ghost levels take it).
void AddGhostRings(const SurfaceMesh& m, int ghostLevels, PieceMap& pm)
{
  const std::int64_t ne = m.NumberOfElements(), np = m.NumberOfPoints();
  pm.Level.assign(static_cast<std::size_t>(ne), -1);
  pm.Order.reserve(static_cast<std::size_t>(pm.End - pm.Begin));
  for (std::int64_t c = pm.Begin; c < pm.End; ++c)
  {
    pm.Level[c] = 0;
    pm.Order.push_back(c);
  }
  std::vector<std::int64_t> vOff(np + 1, 0), vCells;
  for (std::int64_t c = 0; c < ne; ++c)
    for (std::int64_t k = m.Offsets[c]; k < m.Offsets[c + 1]; ++k)
      ++vOff[m.Connectivity[k] + 1];
  for (std::int64_t v = 0; v < np; ++v)
    vOff[v + 1] += vOff[v];
  vCells.resize(vOff[np]);
  std::vector<std::int64_t> fill(vOff.begin(), vOff.end() - 1);
  for (std::int64_t c = 0; c < ne; ++c)
    for (std::int64_t k = m.Offsets[c]; k < m.Offsets[c + 1]; ++k)
      vCells[fill[m.Connectivity[k]]++] = c;
  std::size_t front = 0;
  for (int g = 1; g <= ghostLevels; ++g)
  {
    const std::size_t end = pm.Order.size();
    for (std::size_t i = front; i < end; ++i)
    {
      const std::int64_t c = pm.Order[i];
      for (std::int64_t k = m.Offsets[c]; k < m.Offsets[c + 1]; ++k)
      {
        const std::int64_t v = m.Connectivity[k];
        for (std::int64_t j = vOff[v]; j < vOff[v + 1]; ++j)
        {
          if (pm.Level[vCells[j]] < 0)
          {
            pm.Level[vCells[j]] = static_cast<char>(g);
            pm.Order.push_back(vCells[j]);
          }
        }
      }
    }
    front = end;
  }
  // Ghosts go after the owned cells in the order found, which keeps owned ids stable.
}

// The used vertices, compacted in increasing original order (deterministic).
// Marking and numbering run on the threads: with the text parsed in
// parallel, serial passes over the mesh here were what kept the reader from
// scaling (1.57x on 2 threads against 1.93x for the parse alone).
void CompactPoints(const SurfaceMesh& m, PieceMap& pm)
{
  const std::int64_t np = m.NumberOfPoints(), nc = pm.NumberOfCells();
  std::vector<std::atomic<unsigned char>> used(static_cast<std::size_t>(np));
  vtkSMPTools::For(0, nc, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType i = lo; i < hi; ++i)
    {
      const std::int64_t c = pm.Cell(i);
      for (std::int64_t k = m.Offsets[c]; k < m.Offsets[c + 1]; ++k)
        used[static_cast<std::size_t>(m.Connectivity[k])].store(1, std::memory_order_relaxed);
    }
  });
  // Count per block of vertices, prefix-sum the blocks, then number them.
  constexpr std::int64_t Block = 65536;
  const std::int64_t nb = (np + Block - 1) / Block;
  std::vector<std::int64_t> start(static_cast<std::size_t>(nb + 1), 0);
  vtkSMPTools::For(0, nb, 1, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType b = lo; b < hi; ++b)
    {
      std::int64_t n = 0;
      for (std::int64_t v = b * Block; v < std::min<std::int64_t>(np, (b + 1) * Block); ++v)
        n += used[static_cast<std::size_t>(v)].load(std::memory_order_relaxed);
      start[b + 1] = n;
    }
  });
  for (std::int64_t b = 0; b < nb; ++b)
    start[b + 1] += start[b];
  pm.UsedPoints = start[nb];
  if (pm.UsedPoints == np)
  {
    return; // every vertex used: the identity (Remap stays empty)
  }
  pm.Remap.resize(static_cast<std::size_t>(np));
  vtkSMPTools::For(0, nb, 1, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType b = lo; b < hi; ++b)
    {
      std::int64_t next = start[b];
      for (std::int64_t v = b * Block; v < std::min<std::int64_t>(np, (b + 1) * Block); ++v)
        pm.Remap[v] =
          used[static_cast<std::size_t>(v)].load(std::memory_order_relaxed) ? next++ : -1;
    }
  });
}

// VTK 9.2 frees an adopted buffer through a plain function pointer, so the
// vectors whose buffers VTK arrays use are kept here, keyed by their data,
// until the array lets go. Never destroyed: an array may outlive static
// destructors at exit.
struct Adopted
{
  std::mutex Lock;
  std::unordered_map<void*, std::vector<double>> Vectors;
};
Adopted& AdoptedVectors()
{
  static Adopted* const all = new Adopted; // deliberately leaked, see above
  return *all;
}
void FreeAdopted(void* p)
{
  Adopted& a = AdoptedVectors();
  std::vector<double> gone;
  {
    std::lock_guard<std::mutex> hold(a.Lock);
    auto it = a.Vectors.find(p);
    if (it != a.Vectors.end())
    {
      gone.swap(it->second);
      a.Vectors.erase(it);
    }
  }
  // `gone` frees the memory outside the lock.
}

// Hands the vector's buffer to the array without a copy (the vector is left empty).
void AdoptInto(vtkDoubleArray* a, std::vector<double>& v)
{
  if (v.empty())
  {
    a->SetNumberOfTuples(0);
    return;
  }
  std::vector<double> kept;
  kept.swap(v);
  double* data = kept.data();
  const vtkIdType n = static_cast<vtkIdType>(kept.size());
  {
    Adopted& all = AdoptedVectors();
    std::lock_guard<std::mutex> hold(all.Lock);
    all.Vectors.emplace(data, std::move(kept));
  }
  a->SetArray(data, n, 0, vtkAbstractArray::VTK_DATA_ARRAY_USER_DEFINED);
  a->SetArrayFreeFunction(&FreeAdopted);
}

/// Piece `piece` of `numPieces` (at least 1): its cells, then the ghost rings, and the
/// points they use.
PieceMap MapPiece(const SurfaceMesh& m, int piece, int numPieces, int ghostLevels, bool withGhosts)
{
  const std::int64_t ne = m.NumberOfElements();
  PieceMap pm;
  pm.Begin = ne * piece / numPieces;
  pm.End = ne * (piece + 1) / numPieces;
  if (withGhosts && pm.End > pm.Begin)
  {
    AddGhostRings(m, ghostLevels, pm);
  }
  pm.Whole = pm.Order.empty() && pm.Begin == 0 && pm.End == ne;
  CompactPoints(m, pm);
  return pm;
}

/// The points of the piece, and the mesh vertex of each in `pointIds` when given.
vtkSmartPointer<vtkPoints> PiecePoints(
  const SurfaceMesh& m, SurfaceMesh* adopt, const PieceMap& pm, std::vector<std::int64_t>* pointIds)
{
  const std::int64_t np = m.NumberOfPoints(), used = pm.UsedPoints;
  vtkNew<vtkPoints> pts;
  vtkNew<vtkDoubleArray> ptsData;
  ptsData->SetNumberOfComponents(3);
  if (pointIds)
  {
    pointIds->assign(static_cast<std::size_t>(used), 0);
  }
  if (adopt && pm.Remap.empty())
  {
    // Every vertex is used in its own order: the parsed coordinates are the array.
    AdoptInto(ptsData, adopt->Points);
    if (pointIds)
    {
      vtkSMPTools::For(0, used, [&](vtkIdType lo, vtkIdType hi) {
        for (vtkIdType v = lo; v < hi; ++v)
          (*pointIds)[static_cast<std::size_t>(v)] = v;
      });
    }
  }
  else
  {
    double* xyz = SizeLarge(ptsData.GetPointer(), used);
    // Independent per vertex: a parallel copy.
    vtkSMPTools::For(0, np, [&](vtkIdType lo, vtkIdType hi) {
      for (vtkIdType v = lo; v < hi; ++v)
      {
        const std::int64_t r = pm.Point(v);
        if (r >= 0)
        {
          std::copy(&m.Points[3 * v], &m.Points[3 * v] + 3, xyz + 3 * r);
          if (pointIds)
          {
            (*pointIds)[static_cast<std::size_t>(r)] = v;
          }
        }
      }
    });
  }
  pts->SetData(ptsData);
  return vtkSmartPointer<vtkPoints>(pts.GetPointer());
}

/// Offsets: at most 8 corners kept per cell. When no cell has more (the
/// usual case) they are the mesh's own, shifted, written in parallel;
/// otherwise a serial prefix sum.
void CellOffsets(const SurfaceMesh& m, const PieceMap& pm, vtkIdType nc, vtkIdType* off)
{
  std::atomic<bool> longCell(false);
  vtkSMPTools::For(0, nc, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType i = lo; i < hi; ++i)
    {
      const std::int64_t c = pm.Cell(i);
      if (m.Offsets[c + 1] - m.Offsets[c] > 8)
      {
        longCell.store(true, std::memory_order_relaxed);
        return;
      }
    }
  });
  if (pm.Order.empty() && !longCell.load())
  {
    const std::int64_t first = m.Offsets[pm.Begin];
    vtkSMPTools::For(0, nc + 1, [&](vtkIdType lo, vtkIdType hi) {
      for (vtkIdType i = lo; i < hi; ++i)
        off[i] = m.Offsets[pm.Begin + i] - first;
    });
  }
  else
  {
    off[0] = 0;
    for (vtkIdType i = 0; i < nc; ++i)
    {
      const std::int64_t c = pm.Cell(i);
      off[i + 1] = off[i] + std::min<std::int64_t>(8, m.Offsets[c + 1] - m.Offsets[c]);
    }
  }
}

/// The buffers FillCells writes (null: not written).
struct CellBuffers
{
  const vtkIdType* Off = nullptr;
  vtkIdType* Conn = nullptr;
  double* Re3 = nullptr; ///< J_real, when the currents are copied
  double* Im3 = nullptr; ///< J_imag, when the currents are copied
  double* Mag = nullptr; ///< |J|, when the mesh has currents
  vtkIdType* Eid = nullptr;
  unsigned char* Ghost = nullptr; ///< only with ghosts
};

/// Every cell written into its own range.
void FillCells(
  const SurfaceMesh& m, const PieceMap& pm, vtkIdType nc, bool hasJ, const CellBuffers& b)
{
  vtkSMPTools::For(0, nc, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType i = lo; i < hi; ++i)
    {
      const std::int64_t c = pm.Cell(i);
      for (vtkIdType k = 0; k < b.Off[i + 1] - b.Off[i]; ++k)
      {
        b.Conn[b.Off[i] + k] = pm.Point(m.Connectivity[m.Offsets[c] + k]);
      }
      if (hasJ)
      {
        double mag2 = 0;
        for (int d = 0; d < 3; ++d)
        {
          const double re = m.JReal[3 * c + d], im = m.JImag[3 * c + d];
          if (b.Re3)
          {
            b.Re3[3 * i + d] = re;
            b.Im3[3 * i + d] = im;
          }
          mag2 += re * re + im * im;
        }
        b.Mag[i] = std::sqrt(mag2);
      }
      b.Eid[i] = c;
      if (b.Ghost)
      {
        b.Ghost[i] = pm.Level[c] > 0 ? vtkDataSetAttributes::DUPLICATECELL : 0;
      }
    }
  });
}

/// The cell arrays, in this order: J_real, J_imag and |J| (active) when `jr` is given,
/// ElementId, and the ghost array when given.
void AddCellArrays(vtkCellData* cd, vtkDataArray* jr, vtkDataArray* ji, vtkDataArray* jm,
  vtkDataArray* ids, vtkDataArray* ghosts)
{
  if (jr)
  {
    cd->AddArray(jr);
    cd->AddArray(ji);
    cd->AddArray(jm);
  }
  cd->AddArray(ids);
  if (jr)
  {
    cd->SetActiveScalars("|J|");
  }
  if (ghosts)
  {
    cd->AddArray(ghosts);
  }
}

/// The frequency, and the named sources and receivers, as field data.
void AddFieldArrays(const SurfaceMesh& m, vtkPolyData* output)
{
  vtkNew<vtkDoubleArray> freq;
  freq->SetName("Frequency");
  freq->InsertNextValue(m.Frequency);
  output->GetFieldData()->AddArray(freq);
  AddNamed(
    output->GetFieldData(), "SourceNames", "SourcePositions", m.SourceNames, m.SourcePositions);
  AddNamed(output->GetFieldData(), "ReceiverNames", "ReceiverPositions", m.ReceiverNames,
    m.ReceiverPositions);
}

/// `adopt` is `m` when its buffers may be taken, else null.
void Convert(const SurfaceMesh& m, SurfaceMesh* adopt, int piece, int numPieces, int ghostLevels,
  vtkPolyData* output, std::vector<std::int64_t>* pointIds)
{
  const bool hasJ = m.JReal.size() == 3 * static_cast<std::size_t>(m.NumberOfElements()) &&
    m.JImag.size() == m.JReal.size();
  numPieces = std::max(1, numPieces);
  const bool withGhosts = ghostLevels > 0 && numPieces > 1;
  const PieceMap pm = MapPiece(m, piece, numPieces, ghostLevels, withGhosts);
  const vtkSmartPointer<vtkPoints> pts = PiecePoints(m, adopt, pm, pointIds);

  const vtkIdType nc = static_cast<vtkIdType>(pm.NumberOfCells());
  vtkNew<vtkDoubleArray> jr, ji, jm;
  vtkNew<vtkIdTypeArray> ids;
  jr->SetName("J_real");
  ji->SetName("J_imag");
  jm->SetName("|J|");
  ids->SetName("ElementId");
  jr->SetNumberOfComponents(3);
  ji->SetNumberOfComponents(3);
  CellBuffers b;
  // |J| is computed from the parsed values before they may be handed over.
  b.Mag = hasJ ? SizeLarge(jm.GetPointer(), nc) : nullptr;
  b.Eid = SizeLarge(ids.GetPointer(), nc);
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  if (withGhosts)
  {
    ghosts->SetNumberOfTuples(nc);
    b.Ghost = ghosts->GetPointer(0);
  }
  vtkNew<vtkIdTypeArray> offsets, conn;
  vtkIdType* off = SizeLarge(offsets.GetPointer(), nc + 1);
  CellOffsets(m, pm, nc, off);
  b.Off = off;
  b.Conn = SizeLarge(conn.GetPointer(), off[nc]);
  // The currents are copied only when they cannot be handed over.
  const bool adoptJ = hasJ && adopt && pm.Whole;
  b.Re3 = hasJ && !adoptJ ? SizeLarge(jr.GetPointer(), nc) : nullptr;
  b.Im3 = hasJ && !adoptJ ? SizeLarge(ji.GetPointer(), nc) : nullptr;
  FillCells(m, pm, nc, hasJ, b);
  if (adoptJ)
  {
    AdoptInto(jr, adopt->JReal);
    AdoptInto(ji, adopt->JImag);
  }
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, conn);
  output->SetPoints(pts);
  output->SetPolys(polys);
  AddCellArrays(output->GetCellData(), hasJ ? jr.GetPointer() : nullptr, ji, jm, ids,
    withGhosts ? ghosts.GetPointer() : nullptr);
  AddFieldArrays(m, output);
}
} // namespace

void SurfaceMeshToPolyData(const SurfaceMesh& m, int piece, int numPieces, int ghostLevels,
  vtkPolyData* output, std::vector<std::int64_t>* pointIds)
{
  Convert(m, nullptr, piece, numPieces, ghostLevels, output, pointIds);
}

void SurfaceMeshToPolyData(SurfaceMesh&& mesh, int piece, int numPieces, int ghostLevels,
  vtkPolyData* output, std::vector<std::int64_t>* pointIds)
{
  Convert(mesh, &mesh, piece, numPieces, ghostLevels, output, pointIds);
}
} // namespace cm
