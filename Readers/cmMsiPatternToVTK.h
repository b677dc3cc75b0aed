// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmMsiPatternToVTK.h
 * @brief The cuts of an MSI/Planet pattern as a table (Cut, Angle, Attenuation, Gain)
 * with the header in its field data: the Cuts output of the MSI/Planet and the Planet
 * .pafx readers.
 */
#ifndef cmMsiPatternToVTK_h
#define cmMsiPatternToVTK_h

class vtkFieldData;
class vtkTable;

namespace cm
{
struct MsiPattern;

/// One value in the field data.
void AddFieldValue(vtkFieldData* fd, const char* name, double value);

/// The two cuts as printed (rows on piece 0 only; Cut 0 horizontal, 1 vertical), and the
/// header (Name, Make, Polarization, Comment, GainUnit, Frequency, Gain[dBi], Tilt,
/// H_WIDTH, V_WIDTH, FRONT_TO_BACK) in the field data.
void MsiCutsToTable(const MsiPattern& p, int piece, vtkTable* out);
} // namespace cm
#endif
