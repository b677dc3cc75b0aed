// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoPorts.h
 * @brief The voltage-source tables of FEKO's text output (.out): input impedance per
 * source and frequency (pipeline free).
 *
 * FEKO prints, after solving each excitation, one block per voltage source (layout as
 * in the Altair Feko user guide's "Antenna Synthesis and Analysis" example):
 *
 *     DATA OF THE VOLTAGE SOURCE NO. 1
 *                          real part   imag. part   magnitude     phase
 *     Current in A        1.0144E-02  -4.9861E-03  1.1303E-02   -26.18
 *     Admitt. in A/V      1.0144E-02  -4.9861E-03  1.1303E-02   -26.18
 *     Impedance in Ohm    7.9398E+01   3.9027E+01  8.8471E+01    26.18
 *     Inductance in H     8.2875E-08
 *     Power in Watt:      5.1155E-03
 *
 * FEKO 2017.2 to 2021.1 print the labels with runs of spaces (`Current   in A`,
 * `Admitt.   in A/V`, `Inductance  in H`) and `Power in Watt:` indented after a blank
 * line; every label is matched as a phrase, in any case and spacing.
 * The frequency is the last `FREQ =` (Hz) before the block. Sources solved together
 * print all their EXCITATION blocks, then all their data blocks: the k-th data block
 * takes the `Name:` of the k-th. Current and impedance are required; a missing admittance
 * is 1/Z and a missing power ½|I|² Re Z (FEKO's phasors are peak values). The printed
 * magnitude must agree with the real and imaginary parts (to 0.1 %), which catches a
 * damaged row. This is separate from ParseFekoOutput (cmFekoFormat.h) so that the
 * mesh reader and the port table evolve independently.
 */
#ifndef cmFekoPorts_h
#define cmFekoPorts_h

#include "cmPortTable.h"

#include <complex>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
struct FekoPort
{
  double Frequency = 0; ///< Hz
  std::int64_t Source = 0; ///< the number after "VOLTAGE SOURCE NO."
  std::string Name; ///< the excitation's Name:, may be empty
  std::complex<double> Current, Admittance, Impedance;
  double Power = 0; ///< W
};

/// Every DATA OF THE VOLTAGE SOURCE block of a FEKO .out text, in file order (none is
/// not an error: many runs have no voltage source). Throws ParseError on a damaged block.
std::vector<FekoPort> ParseFekoPorts(std::string_view text, const std::string& fileName);

/// Where a voltage source at edges sits: FEKO prints no position for it, only the
/// indices of its port edges ("Indices of the edges:" in the EXCITATION BY VOLTAGE
/// SOURCE AT AN EDGE block). An edge e is the common side of the two triangles that
/// list +e and -e in DATA OF THE METALLIC TRIANGLES; the source's position is the mean
/// of its edges' midpoints (metres, as the triangles are printed).
struct FekoSourcePosition
{
  std::int64_t Excitation = 0; ///< the block's "Excitation index:"
  std::string Name; ///< its "Name:", or "excitation <index>" when blank
  double Position[3] = { 0, 0, 0 };
};

/// The positions of the edge voltage sources of a FEKO .out text, one per excitation
/// index (the first block of each; a sweep repeats them), in file order. A block
/// without "Indices of the edges:" gives no position; one whose edges are not
/// two-sided in the triangle table (or a file without that table) is left out with a
/// notice "file:line: ..." in `notices`. Never throws.
std::vector<FekoSourcePosition> ParseFekoSourcePositions(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices);

/// The port table of FEKO sources: Frequency, Source, V_re/_im (= Z I), I_re/_im, the
/// reflection columns against z0 (cmPortTable.h), G, B and InputPower; one row per block.
ColumnTable FekoPortTable(const std::vector<FekoPort>& ports, double z0);

} // namespace cm
#endif
