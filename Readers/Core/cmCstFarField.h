// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmCstFarField.h
 * @brief CST Studio far-field ASCII export (pipeline free).
 *
 * Two header lines: the column names with units in brackets, e.g.
 * `Theta [deg.]  Phi   [deg.]  Abs(Dir.)[dBi   ]  Abs(Theta)[dBi   ]  Phase(Theta)[deg.]
 * Abs(Phi  )[dBi   ]  Phase(Phi  )[deg.]  Ax.Ratio[dB    ]`, then a dashed rule; then one
 * row per sample, θ fastest. Names and units may hold blanks inside the parentheses and
 * brackets, so the header is split at each `]`, never at white space.
 *
 * Units are read from the brackets: a unit starting with "dB" is decibels (field
 * magnitude = 10^(x/20)), anything else linear (a power-like unit, blank or "lin", gives
 * magnitude = √x; "V/m" or "V" gives the magnitude itself). The polarization comes from
 * the component names: Theta/Phi (spherical), Horiz/Vert (Ludwig-3, x reference:
 * E_hor = Eθ cos φ − Eφ sin φ, E_ver = Eθ sin φ + Eφ cos φ) or Left/Right (circular,
 * CST's convention as its own exports show it: E_R = (Eθ + jEφ)/√2, E_L = (Eθ − jEφ)/√2);
 * all are converted to Eθ, Eφ. CST can also write circular components relative to the
 * Ludwig-3 axes (phases turned by ±φ) with the same header: the file cannot tell, they
 * are read as relative to θ/φ (the reader warns; magnitudes, |E| and the axial ratio
 * hold either way).
 * CST cuts the names to five characters (`Horiz`, `Verti`, `Left `, `Right`), so they
 * are matched by their first letters. Exponents may have 3 digits (`1.000e+000`). An
 * E-field export (`Abs(E   )[dBV/m ]`) has no gain: its total becomes the column
 * `Abs(E)_dB` (or `Abs(E)`) and GainKind "E-Field". Co/cross-polar components are refused
 * (their reference is not recorded).
 *
 * CST's Ludwig-2 systems (the far-field plot's "Ludwig 2 Azimuth over Elevation" and
 * "Ludwig 2 Elevation over Azimuth"; see Ludwig2Direction) have the first columns
 * `Elev. [deg.]  Azim. [deg.]` with components `Azimu`/`Eleva`, or `Alpha [deg.]  Epsi.
 * [deg.]` with `Alpha`/`Epsil` (or Left/Right: E_R = (E1 + jE2)/√2 with E1 the first,
 * as for θ/φ). Each sample's direction and field are taken to Cartesian, and the table
 * is the θ/φ grid of the file's step (θ 0…180, φ 0…360) by bilinear interpolation of
 * the Cartesian field (and of the linear gain or printed total) in the file's angles:
 * exact where a θ/φ direction is one of the file's (the principal planes on CST's 5°
 * grid), interpolated elsewhere. The file's grid must be even and cover the sphere (CST's
 * "180" and "360" ranges do); the components' own columns and the axial ratio are left
 * out, and the field data Ludwig2ElevationAzimuthStep or Ludwig2AlphaEpsilonStep gives
 * the file's steps. Ludwig-2 angles with θ/φ or Ludwig-3 components, and the reverse,
 * are refused.
 * φ is kept as printed, from −180 or from 0. The total column (Dir., Gain, Realized
 * Gain) becomes `Gain` in dBi; the components' own values become `Gain_theta`/
 * `Gain_phi`, `Gain_horiz`/`Gain_vert` or `Gain_left`/`Gain_right` as printed, and
 * Ax.Ratio `AxialRatio`. The export carries no frequency: the caller sets it.
 */
#ifndef cmCstFarField_h
#define cmCstFarField_h

#include "cmFarField.h"
#include "cmParallelFor.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/**
 * A CST farfield source file (`.ffs`), as CST Studio writes it (Version 2.x/3.0):
 *
 *     // CST Farfield Source File          (banner; optional, HFSS omits it)
 *     // Version:          3.0
 *     // Data Type         Farfield        (anything else is refused)
 *     // #Frequencies      n
 *     // Position          x y z           (m)     } optional: kept as field data,
 *     // zAxis, // xAxis   3 numbers each          } a bad one is warned about
 *     // Radiated/Accepted/Stimulated Power , Frequency
 *                          n groups of Prad, Pacc, Pstim (W) and f (Hz)
 *     then per frequency:
 *     // >> Total #phi samples, total #theta samples     nphi ntheta
 *     // >> Phi, Theta, Re(E_Theta), Im(E_Theta), Re(E_Phi), Im(E_Phi):
 *                          nphi x ntheta rows, φ outer, θ fastest, degrees
 *
 * each value on the line after its comment. Comments are matched without regard to case,
 * blanks and hyphens ("// z-Axis", "Power, Frequency"). The fields are r·E, peak
 * volts (the far field without its 1/r; CST's own ASCII export of the same antenna prints
 * them as Abs(V) [V]), so each grid gets Gain = directivity 10·log10(4π|rE|²/(2η0 Prad))
 * (GainKind "Directivity", FieldUnit "V"), and the field data RadiatedPower,
 * AcceptedPower, StimulatedPower (W), Position, zAxis and xAxis. A frequency whose
 * radiated power is not positive has no Gain column (one warning for the file).
 * Blocks fewer than #Frequencies (a cut file) give the blocks read and one warning.
 */
struct CstFarFieldSource
{
  std::vector<FarFieldGrid> Grids; ///< one per frequency, in the file's order
  std::vector<std::string> Warnings; ///< "file:line: problem", at most one per kind
  std::string Version;
};
/// `parallel` (none: one thread) parses the grids' rows; the outputs and the first error
/// are the same on any number of threads.
CstFarFieldSource ParseCstFarFieldSource(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel = {});
CstFarFieldSource ReadCstFarFieldSourceFile(
  const std::string& path, const ParallelFor& parallel = {});
/// The banner "// CST Farfield Source File", or HFSS's banner-less layout (a first
/// comment "// #Frequencies" and the power comment in the head).
bool LooksLikeCstFarFieldSource(std::string_view head);

/**
 * A direction of CST's Ludwig-2 systems (degrees) as a unit vector r and the unit vectors
 * of its two field components, in the order CST prints them. Azimuth over elevation
 * (`Elev.`, `Azim.`): the pole on +y, r = (sin az cos el, sin el, cos az cos el),
 * first = Azimu = (cos az, 0, −sin az), second = Eleva = ∂r/∂el. Elevation over azimuth
 * (`Alpha`, `Epsi.`): the pole on +x, r = (sin α, cos α sin ε, cos α cos ε), first = Alpha
 * = ∂r/∂α, second = Epsil = (0, cos ε, −sin ε). Both bases are right-handed (first ×
 * second = r) like θ̂, φ̂. Confirmed on CST's own exports of one antenna in all three
 * systems (dildevilliers/MEMACS data/SimPatterns/CSTtxt): at the 350 directions each
 * shares with the θ/φ export, |E| equal as printed and Eθ, Eφ within 9.3e-4 V of 11.75 V.
 */
void Ludwig2Direction(bool alphaEpsilon, double latitudeDeg, double longitudeDeg, double r[3],
  double first[3], double second[3]);

/// A Ludwig-2 grid (Theta holding Elev./Alpha, Phi Azim./Epsi., the components as printed
/// in Etheta/Ephi, FinishFarFieldGrid done) onto the θ/φ grid, as described above;
/// `totalName` the extra column of a printed field total (in dB when totalDb), or "".
FarFieldGrid Ludwig2ToSpherical(const FarFieldGrid& ludwig2, bool alphaEpsilon,
  const std::string& totalName, bool totalDb, const std::string& file, std::int64_t line);

/// `parallel` as for ParseCstFarFieldSource.
FarFieldGrid ParseCstFarField(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel = {});
FarFieldGrid ReadCstFarFieldFile(const std::string& path, const ParallelFor& parallel = {});
/// A first line of bracketed units naming Theta and Phi (or CST's Ludwig-2 angles), then
/// a dashed rule.
bool LooksLikeCstFarField(std::string_view head);
} // namespace cm
#endif
