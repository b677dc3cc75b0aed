// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecNearField.h
 * @brief NEC-2 near-field tables (NE and NH cards) as structured grids (pipeline free).
 *
 * nec2c and NEC-2D print, for every NE (NH) card, a `NEAR ELECTRIC FIELDS`
 * (`NEAR MAGNETIC FIELDS`) table: one row per field point with x, y, z in metres
 * (f9.4/f10.4, so 0.1 mm resolution) and, for each Cartesian component, the magnitude
 * (V/m or A/m) and phase (degrees, e^{jωt}). The points come from three nested loops
 * over the card's counts: for a rectangular card (NE 0) z outer, y middle, x fastest;
 * for a spherical card (NE 1) θ outer, φ middle, r fastest, still printed as x, y, z
 * and Cartesian components. nec2c echoes the card (`DATA CARD No: n NE i1 nx ny nz
 * x0 y0 z0 dx dy dz`) before the run, which gives the grid's dimensions; without an
 * echo (NEC-2D) the dimensions are inferred from the printed points when they form an
 * x-fastest rectangular lattice, and otherwise the table is a line of N points.
 *
 * An NE and an NH table on the same points in one solve (the usual pair of cards)
 * become one grid carrying both E and H.
 *
 * Errors throw ParseError naming the file and line: a row that is not nine numbers,
 * a NaN, a negative magnitude, a table without rows, a table cut short by the end of
 * the file (fewer rows than its card asks for), a table elsewhere whose row count is not
 * the echoed card's nx·ny·nz, or more rows than the file could hold.
 */
#ifndef cmNecNearField_h
#define cmNecNearField_h

#include "cmTextScan.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace cm
{
/// One near-field grid of one solve: the points and E and/or H at each.
struct NecNearField
{
  std::int64_t Dimensions[3] = { 0, 1, 1 }; ///< i fastest; the product is the point count
  bool Spherical = false; ///< from an NE 1 / NH 1 card (r, φ, θ loops)
  bool FromCard = false; ///< dimensions from the card echo, not inferred
  std::vector<double> Points; ///< x y z per point, metres, as printed
  bool HasE = false, HasH = false;
  std::vector<double> ERe, EIm; ///< 3 per point, V/m (empty unless HasE)
  std::vector<double> HRe, HIm; ///< 3 per point, A/m (empty unless HasH)
  std::int64_t Line = 0; ///< line of the first table's banner

  std::size_t Count() const { return this->Points.size() / 3; }
};

/// An echoed NE or NH card.
struct NecNearFieldCard
{
  bool Valid = false;
  int Coordinates = 0; ///< 0 rectangular, 1 spherical
  std::int64_t Counts[3] = { 0, 0, 0 };
};

/**
 * The near-field part of the NEC output parser: cmNecOutput.cpp hands it the card echo
 * lines and the table banners it meets; it keeps the last NE and NH card.
 */
class NecNearFieldScanner
{
public:
  /// A `DATA CARD No:` line: remembers NE/NH cards; other cards are ignored.
  void Card(std::string_view line);

  /**
   * Reads the table after a `NEAR ELECTRIC FIELDS` or `NEAR MAGNETIC FIELDS` banner
   * (the scanner's current line) and adds it to `grids`, joining an earlier grid of
   * the same solve with the same points that lacks this field. `maxRows` bounds the
   * row count (what the file could hold).
   */
  void Table(LineScanner& s, bool electric, std::int64_t maxRows, std::vector<NecNearField>& grids);

private:
  NecNearFieldCard Cards[2]; ///< [0] NE, [1] NH
  std::vector<std::string_view> Tok;
};

/// True when the line is a near-field banner; sets `electric`.
bool IsNecNearFieldBanner(std::string_view line, bool& electric);

/**
 * The dimensions of a table of `n` points: the card's counts when their product is
 * `n`; else an x-fastest rectangular lattice found in the points (within `tol`
 * metres); else {n, 1, 1}. Returns true when the card or the lattice gave them.
 */
bool NecNearFieldDimensions(const std::vector<double>& points, const NecNearFieldCard& card,
  double tol, std::int64_t dims[3]);

} // namespace cm
#endif
