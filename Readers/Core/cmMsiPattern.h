// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmMsiPattern.h
 * @brief MSI/Planet antenna pattern files (.msi, .pln): the header, the two cuts, and a
 * 3-D pattern reconstructed from them on a θ/φ grid (the common far-field grid).
 *
 * The format (Planet, MSI; what every base-station antenna maker publishes): lines of
 * `KEY value` (keys in any case, space or tab separated, CRLF or LF) such as NAME, MAKE,
 * FREQUENCY (MHz; "0925" or "925", a unit MHz/GHz may follow), GAIN ("17.5 dBd",
 * "17.5 dBi", or a bare number, which is dBd: Planet's default unit), TILT, POLARIZATION,
 * H_WIDTH, V_WIDTH, FRONT_TO_BACK, COMMENT, then `HORIZONTAL n` and `VERTICAL n`, each
 * followed by n rows `angle attenuation` (degrees, dB below the gain, ≥ 0), at any and
 * possibly uneven steps.
 *
 * Angles (Planet's convention as radio-planning tools describe it; not confirmed against a
 * vendor file or MATLAB's msiread here): the horizontal angle is
 * the azimuth from boresight, counter-clockwise seen from above; the vertical angle is
 * measured from the horizon at boresight downward (0 = boresight, 90 = nadir, 180 = the
 * horizon behind, 270 = zenith). With boresight along +x and z up:
 *   horizontal angle h  → (θ = 90°, φ = h);
 *   vertical angle v    → φ = 0, θ = 90 + v for v ∈ [0, 90] and θ = v − 270 for
 *                         v ∈ [270, 360); φ = 180, θ = 270 − v for v ∈ [90, 270].
 */
#ifndef cmMsiPattern_h
#define cmMsiPattern_h

#include "cmFarField.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cm
{
/// dBi − dBd: the gain of a half-wave dipole over an isotropic radiator.
constexpr double DipoleGainDbi = 2.15;

struct MsiCut
{
  std::vector<double> Angle; ///< degrees in [0, 360], sorted ascending
  std::vector<double> Attenuation; ///< dB below the file's gain
  std::int64_t Line = 0; ///< line of the HORIZONTAL/VERTICAL keyword
};

struct MsiPattern
{
  /// Every header line as (KEY upper-cased, value trimmed), in file order.
  std::vector<std::pair<std::string, std::string>> Header;
  std::string Name, Make, Polarization, Comment;
  double FrequencyHz = 0; ///< 0 when the file has none
  double GainDbi = 0; ///< the file's GAIN in dBi (dBd + 2.15)
  std::string GainUnit; ///< "dBd" or "dBi" as read ("dBd" for a bare number)
  double Tilt = 0; ///< degrees, from TILT (0 when absent or not a number)
  double HWidth = -1, VWidth = -1, FrontToBack = -1; ///< −1 when absent
  MsiCut Horizontal, Vertical;
  std::vector<std::string> Warnings;
};

/// Parses a whole file. Throws ParseError (file, line, problem) for a missing GAIN, a
/// missing cut, a row count that disagrees with its keyword, an angle outside [0, 360],
/// a non-finite value or a count beyond the file's size.
MsiPattern ParseMsiPattern(std::string_view text, const std::string& fileName);

/// Sorts a cut's samples by angle (stable: equal angles keep their file order).
void SortCut(MsiCut& cut);

/// One warning (file, the VERTICAL line) for each place where the two cuts cross
/// (boresight, the horizon behind) and disagree by more than 0.1 dB, as for a tilted beam.
/// ParseMsiPattern calls it; other containers of the same cuts (.pafx) call it too.
void WarnCutCrossings(MsiPattern& p, const std::string& fileName);

/// True when the head of a file has a `HORIZONTAL n` or `VERTICAL n` line followed by a
/// row of two numbers, after lines that are all `KEY value`.
bool LooksLikeMsiPattern(std::string_view head);

/// The attenuation of a cut at an angle (degrees, any value): linear in the angle between
/// the two nearest samples, periodic over 360°; exact at the file's angles.
double CutAttenuation(const MsiCut& cut, double angle);

/// The vertical cut's attenuation in the vertical plane at polar angle θ ∈ [0, 180] on the
/// front (φ = 0) or back (φ = 180) half-plane.
double VerticalFront(const MsiCut& vertical, double theta);
double VerticalBack(const MsiCut& vertical, double theta);

enum class MsiMethod
{
  Summing = 0, ///< A = A_H(φ) + A_V(θ, φ) − A_V(90°, φ)
  CrossWeighted = 1 ///< Gil et al. 2001 (see ReconstructedAttenuation)
};

/**
 * The attenuation (dB, ≥ 0) of the reconstructed 3-D pattern at (θ, φ) in degrees.
 * A_V(θ, φ) is the vertical cut with its front and back halves blended by the azimuth:
 * (1 − |φ|/180)·V_front(θ) + (|φ|/180)·V_back(θ), φ in (−180, 180].
 * Summing (Gil et al.'s summing algorithm, referred to the horizon so that the horizontal
 * plane is the horizontal cut): A = A_H(φ) + A_V(θ, φ) − A_V(90°, φ), kept ≥ 0.
 * It gives each cut exactly on its plane (θ = 90°; φ = 0 and 180) where the cuts agree
 * at their crossings (boresight and behind).
 * Cross-weighted (F. Gil, A. R. Claro, J. M. Ferreira, C. Pardelinha, L. M. Correia,
 * "A 3D interpolation method for base-station-antenna radiation patterns", IEEE Antennas
 * and Propagation Magazine 43(2), 2001; as MATLAB's patternFromSlices), with the
 * vertical cut's front half V_front(θ) as its function of θ: with h, v the linear power
 * ratios of A_H(φ), V_front(θ), w1 = v(1 − h), w2 = h(1 − v),
 * A = (A_H w1 + V_front w2)/(w1 + w2), and A = A_H + V_front where w1 + w2 = 0. It gives
 * the horizontal cut on θ = 90° and the vertical cut on φ = 0 exactly where both cuts are
 * 0 dB at boresight; behind (φ = 180) it is a weighted mean, not the vertical cut.
 */
double ReconstructedAttenuation(const MsiPattern& p, MsiMethod method, double theta, double phi);

/**
 * The 3-D pattern on a θ-fastest grid, θ = 0..180 and φ = 0..360 − step (steps in
 * degrees that divide 180 and 360): Gain = GainDbi − attenuation (dBi), the field
 * √(linear gain) in Etheta (or Ephi for a horizontally polarized antenna; FieldUnit
 * "sqrt(Gain)"), GainKind "Gain", SourceFormat "MSI Planet", Name, Frequency, and the
 * header values as named Values.
 */
FarFieldGrid MsiToFarField(const MsiPattern& p, MsiMethod method, double thetaStep, double phiStep,
  const std::string& fileName);

} // namespace cm
#endif
