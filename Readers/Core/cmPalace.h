// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPalace.h
 * @brief AWS Palace's postprocessing CSV files (pipeline free): `farfield-rE.csv` (the
 *        far field at scattered directions) and `port-S.csv` (S-parameters).
 *
 * Palace (awslabs/palace, palace/models/postoperatorcsv.cpp) writes every table as one
 * header line of comma-separated column names, each right-aligned in a padded field, and
 * one row per step of comma-separated numbers (`%+.12e` mostly; `-inf` for a dB value of
 * zero; `NULL` for a value a restarted run has not written):
 *
 *     farfield-rE.csv, driven:    f (GHz), exc, theta (deg.), phi (deg.),
 *                                 r*Re{E_x} (V), r*Im{E_x} (V), ... r*Im{E_z} (V)
 *     farfield-rE.csv, eigenmode: m, f_re (GHz), f_im (GHz),exc, theta (deg.), ...
 *     port-S.csv:                 f (GHz), |S[i][j]| (dB), arg(S[i][j]) (deg.), ...
 *
 * Files written before Palace added the `exc` column (2026-06) have none. The far field is
 * one row per direction (NSample points on rings of constant θ, both poles, plus the
 * ThetaPhis the user listed) per frequency (or eigenmode) and excitation, the Cartesian
 * components of r·E in volts ("the electric field measured at a distance of one unit of
 * length", defined up to a global phase). Columns are placed by their names, which are
 * matched without the padding; a file without the θ, φ and six field columns is refused.
 *
 * port-S.csv holds, per frequency, |S_ij| in dB and its phase in degrees for the observed
 * port i and the excitation j; Palace writes it only when every excitation drives one port,
 * and then requires the excitation index to equal the driven port's index, so S[i][j] is
 * the matrix entry (i, j). Palace normalises each lumped port to its own resistance R and
 * each wave port to its mode; the file does not state them. The incident voltage and
 * current Palace writes to port-V.csv and port-I.csv (`V_inc[k]`, `I_inc[k]`) give a
 * lumped port's R = V_inc/I_inc.
 *
 * Partial results: the rows are blocks of one (frequency or mode, excitation); a bad row
 * in a block after the first, or a later block with fewer rows than the first, ends the
 * reading before that block with one warning (file:line: problem). In the first block it
 * throws ParseError naming file and line.
 */
#ifndef cmPalace_h
#define cmPalace_h

#include "cmFarField.h"
#include "cmNecNetwork.h"

#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/// The far field of one frequency (or eigenmode) and excitation, at the file's directions.
struct PalaceFarFieldBlock
{
  double Frequency = 0; ///< Hz (the real part for an eigenmode)
  double FrequencyImag = 0; ///< Hz, eigenmodes only
  std::int64_t Mode = 0; ///< eigenmode number m; 0 for a driven run
  std::int64_t Excitation = 0; ///< the `exc` column; 0 when the file has none
  std::int64_t Line = 0; ///< the block's first row
  std::vector<double> Theta, Phi; ///< degrees, as printed
  std::vector<std::complex<double>> Ex, Ey, Ez; ///< r·E (V)
};

struct PalaceFarField
{
  bool Eigenmode = false;
  std::vector<PalaceFarFieldBlock> Blocks; ///< in the file's order
  std::vector<std::string> Warnings; ///< "file:line: problem"
};

PalaceFarField ParsePalaceFarField(std::string_view text, const std::string& fileName);

/// The first line names `theta (deg.)`, `phi (deg.)` and `r*Re{E_x} (V)`.
bool LooksLikePalaceFarField(std::string_view head);

/**
 * The block on a regular θ/φ grid (θ 0…180 by thetaStep, φ 0…360 by phiStep, 360
 * excluded), θ fastest, as the common far-field table. Interpolation (moving least
 * squares): at each grid direction q the `neighbours` nearest sample directions (by chord
 * d) are taken; each sample's r·E is carried to q along the great circle (the rotation
 * that takes its direction to q) and taken on q's θ̂ and φ̂; these are fitted by least
 * squares with weights 1/d², quadratic in the offsets (u, v) in q's tangent plane (else
 * linear, else inverse-distance weights, where the neighbours do not determine the fit),
 * and the fit's value at q is Eθ, Eφ. A sample at q itself is taken as it is. Measured on
 * short dipoles at Palace's own NSample directions (TestPalace, 2° grid, 16 neighbours):
 * largest error 0.54 % (z dipole) and 1.7 % (x dipole) of the peak at NSample 100, 0.011 %
 * and 0.065 % at NSample 1000. `Gain` is the directivity 4π|rE|²/(2η0 P), P =
 * ∮|rE|²/(2η0) dΩ by the trapezoid rule on the grid (field data IntegratedPower, W;
 * GainKind "Directivity"); no Gain where the field is zero. Field data LargestGap[deg]: the
 * largest angle from a grid direction to its nearest sample (about half the sampling step
 * for a file that covers the sphere; a single cut leaves most of the sphere extrapolated
 * and says so here).
 */
FarFieldGrid PalaceFarFieldGrid(
  const PalaceFarFieldBlock& b, double thetaStep, double phiStep, int neighbours = 16);

/// The trapezoid-rule ∮|rE|²/(2η0) dΩ over a grid θ 0…180, φ evenly round the circle.
double PalaceIntegratedPower(const FarFieldGrid& g);

/// port-S.csv's S-parameters (dB and degrees converted to complex) as the N-port network
/// over the union of the file's port indices (port names "Port<k>", k Palace's index);
/// an entry the file does not give is NaN. z0 is the reference impedance for Z and Y.
Network ParsePalacePortS(std::string_view text, const std::string& fileName, double z0);

/// The first line starts with `f (GHz)` and names `|S[i][j]| (dB)`.
bool LooksLikePalacePortS(std::string_view head);

/// (port, V_inc/I_inc) from port-V.csv and port-I.csv texts (first row, every `V_inc[k]`
/// or `V_inc[k][e]` column with its `I_inc` twin); throws ParseError on a malformed file.
std::vector<std::pair<std::int64_t, double>> PalaceIncidentImpedances(std::string_view portV,
  const std::string& fileV, std::string_view portI, const std::string& fileI);
} // namespace cm
#endif
