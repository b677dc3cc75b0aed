// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSurfaceMeshToVTK.h
 * @brief Turns a parsed SurfaceMesh into vtkPolyData, one piece at a time.
 *
 * Piece p of P owns the contiguous element range [p·E/P, (p+1)·E/P). With
 * ghost levels > 0 every element sharing a vertex with the piece's elements
 * (repeated per level) is added and flagged as a duplicate ghost cell, so that
 * vertex averaging on a rank sees the same neighbours as the serial run.
 */
#ifndef cmSurfaceMeshToVTK_h
#define cmSurfaceMeshToVTK_h

#include "cmSurfaceMesh.h"

#include <cstdint>
#include <vector>

class vtkPolyData;

namespace cm
{
/// When the mesh has no currents (JReal empty), J_real, J_imag and |J| are left out.
/// `pointIds`, when given, receives the mesh vertex index of every output point.
void SurfaceMeshToPolyData(const SurfaceMesh& mesh, int piece, int numPieces, int ghostLevels,
  vtkPolyData* output, std::vector<std::int64_t>* pointIds = nullptr);

/// The same for a mesh that is not needed afterwards: where the output uses
/// a parsed array as it is (the points when every vertex is used, the
/// currents when the piece is the whole mesh) the array takes its memory
/// instead of a copy, and the mesh is left without it.
void SurfaceMeshToPolyData(SurfaceMesh&& mesh, int piece, int numPieces, int ghostLevels,
  vtkPolyData* output, std::vector<std::int64_t>* pointIds = nullptr);
}
#endif
