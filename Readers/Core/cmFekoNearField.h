// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoNearField.h
 * @brief FEKO (Altair) near-field exports, `.efe` (electric) and `.hfe` (magnetic), as
 * the near-field grids of the NEC reader (cmNecNearField.h), pipeline free.
 *
 * The layout (public files of FEKO 2017.2, 2018 and 2019.1, File Formats 4 to 6; 2019 adds
 * `#Configuration Name`/`#Request Name` lines and prints the last column `"im(hz)"`; later
 * formats to 8 have CRLF line ends):
 *
 *     ##File Type: Electric near field          (or Magnetic near field)
 *     ##File Format: 4
 *     ##Source: strip_dipole
 *     ##Date: 2018-05-27 13:17:39
 *     ** File exported by FEKO kernel version 2017.2.3-538
 *
 *     #Frequency:   2.99792458E+008
 *     #Coordinate System: Spherical             (Cartesian, Spherical or Cylindrical)
 *     #No. of Radius Samples: 1                 (X/Y/Z, Radius/Theta/Phi, Rho/Phi/Z)
 *     #No. of Theta Samples: 1
 *     #No. of Phi Samples: 91
 *     #Result Type: Electric Field Values
 *     #No. of Header Lines: 1
 *     #  "Radius"  "Theta"  "Phi"  "Re(Er)"  "Im(Er)"  "Re(Etheta)" ... "Im(Ephi)"
 *         1.00000000E+002    9.00000000E+001    0.00000000E+000   5.52938804E-006 ...
 *
 * Each frequency (and request) is one such block. Columns are found by their quoted
 * names without regard to case (`im(hz)` as `Im(Hz)`); coordinates are metres and
 * degrees, fields peak phasors (V/m, A/m, e^{jωt}). The nesting order of the three
 * coordinates is read from the rows (the axis that changes first is i), and the rows
 * must form the tensor-product grid of the header's counts. Spherical and cylindrical
 * points and components become Cartesian: x = r sinθ cosφ ..., E_x = E_r sinθ cosφ +
 * E_θ cosθ cosφ − E_φ sinφ ... (cylindrical: E_x = E_ρ cosφ − E_φ sinφ, E_y = E_ρ sinφ +
 * E_φ cosφ).
 *
 * Every error throws ParseError naming the file, the line and the problem.
 */
#ifndef cmFekoNearField_h
#define cmFekoNearField_h

#include "cmParallelFor.h"
#include "cmNecNearField.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/// One block of an .efe or .hfe file: one frequency of one request.
struct FekoNearFieldBlock
{
  double Frequency = 0; ///< Hz
  std::string Request; ///< #Request Name, or empty
  std::string Coordinates; ///< "Cartesian", "Spherical" or "Cylindrical"
  std::int64_t Counts[3] = { 0, 0, 0 }; ///< the header's counts, in column order
  NecNearField Grid; ///< Cartesian points and components, HasE or HasH
};

/// Every block of an .efe/.hfe file, in file order. With `notices`, a block after the
/// first that fails is an optional block: the blocks before it are returned and one line
/// in `notices` names the file, the line and the problem (the rest is not read);
/// without, it throws.
/// With `parallel`, the rows of long blocks are parsed on its threads (the same values and
/// the same first error on any thread count).
std::vector<FekoNearFieldBlock> ParseFekoNearField(std::string_view text,
  const std::string& fileName, std::vector<std::string>* notices = nullptr,
  const ParallelFor& parallel = {});
std::vector<FekoNearFieldBlock> ReadFekoNearFieldFile(const std::string& path,
  std::vector<std::string>* notices = nullptr, const ParallelFor& parallel = {});
/// `##File Type: Electric near field` or `Magnetic near field` in the head.
bool LooksLikeFekoNearField(std::string_view head);

/// The companion of an .efe (.hfe) path: the same base name with the other extension
/// (the case of the extension kept), or empty for another extension.
std::string FekoNearFieldCompanion(const std::string& path);

/**
 * Adds the field of `other` (the companion file's blocks) to `blocks`, block by block:
 * same count, frequencies and points (within `tol` relative to the grid's size) and the
 * other field. Throws ParseError naming `otherFile` and the first difference; `blocks`
 * is unchanged then.
 */
void MergeFekoNearFields(std::vector<FekoNearFieldBlock>& blocks,
  const std::vector<FekoNearFieldBlock>& other, const std::string& otherFile, double tol = 1e-6);

/// A point (a, b, c) of a coordinate system ("Cartesian", "Spherical": r, θ°, φ°,
/// "Cylindrical": ρ, φ°, z) in Cartesian x, y, z.
void FekoPointToCartesian(const std::string& system, const double in[3], double out[3]);
/// A vector's components (a, b, c) at the point `at` (in that system's coordinates) as
/// Cartesian x, y, z components.
void FekoVectorToCartesian(
  const std::string& system, const double at[3], const double in[3], double out[3]);
} // namespace cm
#endif
