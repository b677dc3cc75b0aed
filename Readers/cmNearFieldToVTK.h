// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNearFieldToVTK.h
 * @brief A NEC near-field grid (cmNecNearField.h) as a vtkStructuredGrid.
 *
 * Points in metres as printed, dimensions from the NE/NH card (i fastest: x for a
 * rectangular card, r for a spherical one). Point arrays: `E_real`, `E_imag` (3
 * components, V/m, e^{jωt}) and `|E|` = sqrt(|Ex|² + |Ey|² + |Ez|²) when the grid has
 * an NE table; `H_real`, `H_imag` (A/m) and `|H|` when it has an NH table. The pairs
 * follow the product's `<name>_real`/`<name>_imag` convention, so Time Harmonic
 * animates them. Field data `Frequency` (Hz).
 */
#ifndef cmNearFieldToVTK_h
#define cmNearFieldToVTK_h

#include "cmNecNearField.h"

class vtkStructuredGrid;

namespace cm
{
/// The grid's point extent `ext` (i0 i1 j0 j1 k0 k1, inside 0..dims-1) into `out`.
void NearFieldToStructuredGrid(
  const NecNearField& grid, const int ext[6], double frequency, vtkStructuredGrid* out);
} // namespace cm
#endif
