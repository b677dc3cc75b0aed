// SPDX-License-Identifier: BSD-3-Clause
#include "cmSurfaceMeshToVTK.h"

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
#include "vtkStringArray.h"
#include "vtkUnsignedCharArray.h"
#include "vtkDataSetAttributes.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace cloudmap
{
namespace
{
// Sizes an array to nTuples; big ones get 2 MB-aligned memory advised for
// huge pages (the array frees it): a 1M-element model is ~100 MB of arrays,
// whose first touch in 4 KB pages costs about as much as filling them.
template <typename ArrayT>
typename ArrayT::ValueType* SizeLarge(ArrayT* a, vtkIdType nTuples)
{
  using T = typename ArrayT::ValueType;
  constexpr std::size_t Huge = std::size_t(2) << 20;
  const vtkIdType nValues = nTuples * a->GetNumberOfComponents();
  const std::size_t bytes = sizeof(T) * static_cast<std::size_t>(nValues);
  if (bytes >= 2 * Huge)
  {
    if (void* p = std::aligned_alloc(Huge, (bytes + Huge - 1) / Huge * Huge))
    {
      AdviseHugePages(p, (bytes + Huge - 1) / Huge * Huge);
      a->SetArray(static_cast<T*>(p), nValues, 0, vtkAbstractArray::VTK_DATA_ARRAY_FREE);
      return a->GetPointer(0);
    }
  }
  a->SetNumberOfTuples(nTuples);
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
} // namespace

void SurfaceMeshToPolyData(const SurfaceMesh& m, int piece, int numPieces, int ghostLevels,
  vtkPolyData* output, std::vector<std::int64_t>* pointIds)
{
  const bool hasJ = m.JReal.size() == 3 * static_cast<std::size_t>(m.NumberOfElements()) &&
    m.JImag.size() == m.JReal.size();
  const std::int64_t ne = m.NumberOfElements(), np = m.NumberOfPoints();
  numPieces = std::max(1, numPieces);
  const std::int64_t b = ne * piece / numPieces, e = ne * (piece + 1) / numPieces;

  // Elements of the piece, then ghost rings by vertex adjacency.
  std::vector<char> level(ne, -1);
  std::vector<std::int64_t> order;
  order.reserve(static_cast<std::size_t>(e - b));
  for (std::int64_t c = b; c < e; ++c)
  {
    level[c] = 0;
    order.push_back(c);
  }
  if (ghostLevels > 0 && numPieces > 1 && e > b)
  {
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
      const std::size_t end = order.size();
      for (std::size_t i = front; i < end; ++i)
      {
        const std::int64_t c = order[i];
        for (std::int64_t k = m.Offsets[c]; k < m.Offsets[c + 1]; ++k)
        {
          const std::int64_t v = m.Connectivity[k];
          for (std::int64_t j = vOff[v]; j < vOff[v + 1]; ++j)
          {
            if (level[vCells[j]] < 0)
            {
              level[vCells[j]] = static_cast<char>(g);
              order.push_back(vCells[j]);
            }
          }
        }
      }
      front = end;
    }
  }
  // Ghosts go after the owned cells in the order found, which keeps owned ids stable.

  // Compact the used vertices, in increasing original order for determinism.
  std::vector<std::int64_t> remap(np, -1);
  for (std::int64_t c : order)
    for (std::int64_t k = m.Offsets[c]; k < m.Offsets[c + 1]; ++k)
      remap[m.Connectivity[k]] = 0;
  vtkNew<vtkPoints> pts;
  vtkNew<vtkDoubleArray> ptsData;
  ptsData->SetNumberOfComponents(3);
  std::int64_t used = 0;
  for (std::int64_t v = 0; v < np; ++v)
  {
    if (remap[v] == 0)
    {
      remap[v] = used++;
    }
  }
  double* xyz = SizeLarge(ptsData.GetPointer(), used);
  pts->SetData(ptsData);
  if (pointIds)
  {
    pointIds->assign(static_cast<std::size_t>(used), 0);
  }
  // The copies below are independent per vertex and per cell: parallel loops
  // (a large model is mostly this copy once the text is parsed).
  vtkSMPTools::For(0, np, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType v = lo; v < hi; ++v)
    {
      const std::int64_t r = remap[v];
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

  vtkNew<vtkDoubleArray> jr, ji, jm;
  vtkNew<vtkIdTypeArray> ids;
  jr->SetName("J_real");
  ji->SetName("J_imag");
  jm->SetName("|J|");
  ids->SetName("ElementId");
  jr->SetNumberOfComponents(3);
  ji->SetNumberOfComponents(3);
  const vtkIdType nc = static_cast<vtkIdType>(order.size());
  double* re3 = SizeLarge(jr.GetPointer(), nc);
  double* im3 = SizeLarge(ji.GetPointer(), nc);
  double* mag = SizeLarge(jm.GetPointer(), nc);
  vtkIdType* eid = SizeLarge(ids.GetPointer(), nc);
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  ghosts->SetNumberOfTuples(nc);
  // Offsets by a serial prefix sum (at most 8 corners kept per cell), then
  // every cell written into its own range.
  vtkNew<vtkIdTypeArray> offsets, conn;
  vtkIdType* off = SizeLarge(offsets.GetPointer(), nc + 1);
  off[0] = 0;
  for (vtkIdType i = 0; i < nc; ++i)
  {
    const std::int64_t c = order[i];
    off[i + 1] = off[i] + std::min<std::int64_t>(8, m.Offsets[c + 1] - m.Offsets[c]);
  }
  vtkIdType* cc = SizeLarge(conn.GetPointer(), off[nc]);
  unsigned char* gh = ghosts->GetPointer(0);
  vtkSMPTools::For(0, nc, [&](vtkIdType lo, vtkIdType hi) {
    for (vtkIdType i = lo; i < hi; ++i)
    {
      const std::int64_t c = order[i];
      for (vtkIdType k = 0; k < off[i + 1] - off[i]; ++k)
      {
        cc[off[i] + k] = remap[m.Connectivity[m.Offsets[c] + k]];
      }
      double mag2 = 0;
      for (int d = 0; d < 3; ++d)
      {
        const double re = hasJ ? m.JReal[3 * c + d] : 0.0, im = hasJ ? m.JImag[3 * c + d] : 0.0;
        re3[3 * i + d] = re;
        im3[3 * i + d] = im;
        mag2 += re * re + im * im;
      }
      mag[i] = std::sqrt(mag2);
      eid[i] = c;
      gh[i] = level[c] > 0 ? vtkDataSetAttributes::DUPLICATECELL : 0;
    }
  });
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, conn);
  output->SetPoints(pts);
  output->SetPolys(polys);
  if (hasJ)
  {
    output->GetCellData()->AddArray(jr);
    output->GetCellData()->AddArray(ji);
    output->GetCellData()->AddArray(jm);
  }
  output->GetCellData()->AddArray(ids);
  if (hasJ)
  {
    output->GetCellData()->SetActiveScalars("|J|");
  }
  if (numPieces > 1 && ghostLevels > 0)
  {
    output->GetCellData()->AddArray(ghosts);
  }
  vtkNew<vtkDoubleArray> freq;
  freq->SetName("Frequency");
  freq->InsertNextValue(m.Frequency);
  output->GetFieldData()->AddArray(freq);
  AddNamed(output->GetFieldData(), "SourceNames", "SourcePositions", m.SourceNames,
    m.SourcePositions);
  AddNamed(output->GetFieldData(), "ReceiverNames", "ReceiverPositions", m.ReceiverNames,
    m.ReceiverPositions);
}
} // namespace cloudmap
