// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoFormat.h
 * @brief FEKO (Altair) exports: .ffe far fields, .os surface currents, .out text output.
 *
 * `.ffe`: `##` lines are the file header (`##File Type: Far field` or `Far Field`,
 * `##File Format: 3..8`), `**` lines comments, `#Key: value` lines block headers
 * (`#Frequency:`, `#Coordinate System: Spherical`, `#No. of Theta Samples:`,
 * `#No. of Phi Samples:`, `#Result Type:` or `#Far Field Type:`, `#No. of Header Lines:`,
 * `#Request Name:` which may be missing). The column line is a `#` line of quoted names,
 * which newer exports run together (`"Theta""Phi"`), so names are read by quote pairs.
 * Then NTheta·NPhi rows, θ fastest; blocks (frequencies, requests) follow one another,
 * usually after a blank line. Exponents may be `E+009` or `E+9`.
 * Columns are found by name: Theta, Phi, Re(Etheta), Im(Etheta), Re(Ephi), Im(Ephi),
 * and `<kind>(Theta)`, `<kind>(Phi)`, `<kind>(Total)` with kind Gain, Directivity or
 * Realized Gain, in dBi. Missing field columns read as zero.
 *
 * `.os`: `##File Type: Currents`, `#Frequency:`, `#No. of Electric Current Triangle
 * Samples: N`, one header line, then per triangle its number, centroid x y z and Re/Im of
 * Jx, Jy, Jz (A/m); a magnetic section (`... Magnetic Current ...`, V/m) may follow. When
 * the header line quotes the column names they place the values, so rows that add the
 * corner magnitudes (`"Abs(Jcorn1)"`...) or corner vectors read too; else by position.
 * `.ol`: `##File Type: Charges`, `#No. of Electric Charge Triangle Samples: N`, rows
 * `"Num" "X" "Y" "Z" "Re(Q)" "Im(Q)" "Surface Area"`: one complex value per triangle
 * (Components = 1) with its area.
 *
 * `.out`: `DATA OF THE METALLIC TRIANGLES` gives four lines per triangle (number, label
 * and corner 1 with the edge numbers, medium and corner 2, medium and corner 3, then the
 * normal and the area; labels and media are cut to 6 characters, so "Free s" is two
 * tokens) and `VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES` per triangle its number,
 * centre, and |J| and phase (degrees) of Jx, Jy, Jz, followed since FEKO 2017 by the
 * current magnitude in the 3 corner points (13 fields; 10 without). The banner is
 * `FEKO      Version 2017.x` or `Altair Feko - Solver (seq) Version 2019.x` and later.
 * `FREQ =` gives the frequency in Hz; each excitation, frequency and current request
 * prints its own table, and a table with the header alone (NOTE 34055, output to the
 * .out file deactivated) or none at all gives the mesh without currents. Each printed
 * centre must be the centroid of its triangle. Corners are read as the last three reals
 * of their line (tokens with a decimal point or exponent), not by fixed positions.
 *
 * Every error throws ParseError naming the file, the line and the problem.
 */
#ifndef cmFekoFormat_h
#define cmFekoFormat_h

#include "cmFarField.h"
#include "cmParallelFor.h"
#include "cmSurfaceMesh.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/// Every block of an .ffe file, in file order. With `notices`, a block of a second
/// request (a #Request Name other than the first block's) that fails is an optional
/// block: the blocks before it are returned and one line in `notices` names the file,
/// the line and the problem (the rest of the file is not read); without, it throws.
/// With `parallel`, the rows of every block are parsed on its threads (the same values
/// and the same first error on any thread count).
std::vector<FarFieldGrid> ParseFekoFarField(std::string_view text, const std::string& fileName,
  std::vector<std::string>* notices = nullptr, const ParallelFor& parallel = {});
std::vector<FarFieldGrid> ReadFekoFarFieldFile(const std::string& path,
  std::vector<std::string>* notices = nullptr, const ParallelFor& parallel = {});
bool LooksLikeFekoFarField(std::string_view head);

/// One .os section: current samples at triangle centroids.
struct FekoCurrentSamples
{
  int Components = 3; ///< 3 for currents, 1 for the charges of an .ol file
  std::vector<double> Positions; ///< x y z per sample, metres
  std::vector<double> JReal, JImag; ///< Components per sample
  std::vector<double> Area; ///< surface area per sample (.ol only), m^2
  std::vector<std::int64_t> Numbers; ///< triangle numbers as printed
};
struct FekoSurfaceCurrents
{
  double Frequency = 0;
  FekoCurrentSamples Electric, Magnetic;
};
/// Every frequency block of an .os file, in file order. A magnetic-current section that
/// fails (truncated, a bad count or row) is an optional block: with `notices`, that
/// block's magnetic samples are left empty, the electric ones kept, and one line names
/// the file, the line and the problem; without, it throws.
std::vector<FekoSurfaceCurrents> ParseFekoCurrents(std::string_view text,
  const std::string& fileName, std::vector<std::string>* notices = nullptr,
  const ParallelFor& parallel = {});
std::vector<FekoSurfaceCurrents> ReadFekoCurrentsFile(const std::string& path,
  std::vector<std::string>* notices = nullptr, const ParallelFor& parallel = {});
bool LooksLikeFekoCurrents(std::string_view head);

/// The metallic triangles of a FEKO .out file with the current density of each block.
/// A wire-only model (DATA OF THE SEGMENTS, no triangles) gives no mesh (an empty
/// vector, not an error): its wires are read by ParseFekoWires (cmFekoWires.h)
/// (one mesh per CURRENT DENSITY table, in file order; Name is the current request or
/// excitation name). A table without rows, or a file without any table, gives the mesh
/// without currents (JReal empty) and one line in `notices`, when given. With
/// `notices`, a table after the first (a second request, excitation or frequency) that
/// fails is an optional block: the tables before it are returned and one line in
/// `notices` names the file, the line and the problem; without, it throws.
/// With `parallel`, the current tables are parsed on its threads (the same values and
/// the same first error on any thread count).
std::vector<SurfaceMesh> ParseFekoOutput(std::string_view text, const std::string& fileName,
  std::vector<std::string>* notices = nullptr, const ParallelFor& parallel = {});
std::vector<SurfaceMesh> ReadFekoOutputFile(const std::string& path,
  std::vector<std::string>* notices = nullptr, const ParallelFor& parallel = {});
/// FEKO's text output (and not NEC-2's, which shares the .out extension).
bool LooksLikeFekoOutput(std::string_view head);
} // namespace cm
#endif
