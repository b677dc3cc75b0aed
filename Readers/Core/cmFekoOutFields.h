// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoOutFields.h
 * @brief The far and near fields FEKO prints into its text output (.out), pipeline free.
 *
 * Far field (as FEKO 2017.2 to 2026 print it):
 *
 *       VALUES OF THE SCATTERED ELECTRIC FIELD STRENGTH IN THE FAR FIELD in V
 *                     Factor e^(-j*Re{BETA}*R)/R not considered
 *
 *        LOCATION          ETHETA             EPHI              directivity in dB   ...
 *    THETA    PHI      magn.    phase     magn.    phase     vert.     horiz.    total ...
 *    90.00    0.00   0.000E+00    0.00  8.281E-01  -72.50  -999.9999    2.0992    2.0992 ...
 *
 * then the axial ratio, the polarisation angle and its sense (LINEAR, LEFT, RIGHT). The
 * header names the dB columns: "directivity in dB" or "gain in dB" (GainKind Directivity or
 * Gain); any other header (a scattering cross section) gives the fields without Gain. The
 * fields are r·E in V (peak phasors). A table ends at the first line that is not a row;
 * `The directivity/gain is based on an active power of P W` after it is kept as the
 * grid's value `ActivePower[W]`. The frequency is the last `FREQ =` before the table, the
 * name the `Far field request with name:` (reset by each EXCITATION BY block). Rows
 * φ-outer / θ-inner form the grid directly; other orders are sorted (MapToTableRanges).
 *
 * Near field: `VALUES OF THE ELECTRIC FIELD STRENGTH in V/m` (also SCATTERED / INCIDENT
 * variants) and `VALUES OF THE MAGNETIC FIELD STRENGTH in A/m`, then a header whose last
 * line names the coordinates: `X/m Y/m Z/m` (Cartesian, components EX EY EZ), `R/m THETA
 * PHI` (spherical, ER ETHETA EPHI) or `RHO/m PHI Z/m` (cylindrical, ERHO EPHI EZ); rows
 * of the medium index, the three coordinates (angles in degrees) and the magnitude and
 * phase of the three components. Points and components are converted to Cartesian
 * (metres, V/m or A/m). The grid's dimensions come from the printed coordinates: the
 * one that changes first is i, the next j, the last k, when the points form such a
 * lattice; else a line of N points. An E and an H table on the same points at one
 * frequency become one grid.
 *
 * Errors throw ParseError naming the file and line: a row with the wrong number of
 * fields, a non-finite number, a negative magnitude, a table without rows.
 */
#ifndef cmFekoOutFields_h
#define cmFekoOutFields_h

#include "cmFarField.h"
#include "cmNecNearField.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/// Every far-field table of a FEKO .out text, in file order. With `notices`, a table
/// after the first that fails is an optional block (the tables before it are returned,
/// one line names the file, line and problem); without, it throws.
std::vector<FarFieldGrid> ParseFekoOutFarFields(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices);

/// A near-field grid of a FEKO .out text with its frequency and request name.
struct FekoNearField
{
  double Frequency = 0; ///< Hz
  std::string Name; ///< the near-field request's name, may be empty
  NecNearField Grid; ///< points (m), E (V/m) and H (A/m) as Cartesian components
};

/// Every near-field grid of a FEKO .out text, in file order (notices as above).
std::vector<FekoNearField> ParseFekoOutNearFields(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices);
} // namespace cm
#endif
