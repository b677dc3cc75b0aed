// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFarFieldToVTK.h
 * @brief The common far-field grid as a vtkTable, and frequencies as time steps.
 *
 * The table has one row per (θ, φ) sample, θ fastest, and the double columns Theta, Phi
 * (degrees), Etheta_re, Etheta_im, Ephi_re, Ephi_im, |Etheta|, |Ephi|, |E| and Gain (dBi,
 * when the file has it), then the format's extras and `Sense` (text) where printed.
 * Field data: Frequency (Hz), NumberOfTheta, NumberOfPhi (int), GainKind and
 * SourceFormat (strings), FieldUnit (the unit of the E columns, where the format states
 * one) and the grid's named Values. Piece 0 gets the rows; other pieces get the columns empty.
 */
#ifndef cmFarFieldToVTK_h
#define cmFarFieldToVTK_h

#include "cmFarField.h"

#include <vector>

class vtkInformation;
class vtkTable;

namespace cm
{
void FarFieldToTable(const FarFieldGrid& grid, int piece, vtkTable* output);

/// An empty table with only the frequency in its field data (no pattern at this step).
void EmptyFarFieldTable(double frequency, vtkTable* output);

/// The first grid at frequency f (relative 1e-9), or null: a reader's grid of a time step.
const FarFieldGrid* GridAtFrequency(const std::vector<FarFieldGrid>& grids, double f);

/// Sorted distinct frequencies (Hz) of a list.
std::vector<double> DistinctFrequencies(std::vector<double> frequencies);

/// Reports the frequencies as TIME_STEPS and TIME_RANGE when there are two or more.
void SetFrequencyTimeSteps(vtkInformation* outInfo, const std::vector<double>& steps);

/// Index of the step that UPDATE_TIME_STEP asks for (the last step at or below it, or
/// the nearest); 0 when no time is requested.
std::size_t RequestedStep(vtkInformation* outInfo, const std::vector<double>& steps);
} // namespace cm
#endif
