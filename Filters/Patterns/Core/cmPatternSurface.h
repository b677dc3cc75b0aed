// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPatternSurface.h
 * @brief The antenna pattern surface (pipeline free): the sphere grid of the
 *        samples refined on the unit sphere, its points radius-mapped from
 *        the values, the drawn quantity of every cell, and the pattern grid
 *        lines built where the pattern is.
 *
 * Radius mapping: a sample v in direction d is drawn at
 *   x = centre + R · f(a) · d,  a = FieldRatio(v, reference),
 * with f the scale's RadiusFraction (cmSphereGrid.h); the drawn quantity is
 * ScaledQuantity(a) (a, a², or dB re the reference). Inside an element the
 * samples are interpolated at parent parametric coordinates with the
 * element's corner weights (barycentric on the pole triangles, bilinear on
 * the quads) through cm::CornerSum, the same sum the cloud-map filters use;
 * refined points are projected back onto the unit sphere before mapping.
 *
 * Antenna Pattern Surface (the filter) is: CheckPatternColumns and
 * PatternGridFromColumns (the table's samples meshed on the sphere), the
 * reference (MaximumValue, over time or ranks), RefineSphereGrid and
 * BuildPatternSurface, PatternBands over the surface's CellRange and
 * BandCells, then AddPatternGridLines with GridLineLabelPoints.
 */
#ifndef cmPatternSurface_h
#define cmPatternSurface_h

#include "cmBanding.h"
#include "cmPatternGrid.h"
#include "cmRefineSurface.h"
#include "cmSphereGrid.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cm::pattern
{
/// The value kind of a column: `kind` when it is set (>= 0), else guessed
/// from the column name (dB, Gain or Directivity: decibels; else |E|).
PatternValueKind GuessValueKind(int kind, const std::string& name);

/// How a sample becomes a radius and a drawn quantity.
struct PatternStyle
{
  PatternScale Scale = PatternScale::LinearField;
  PatternValueKind Kind = PatternValueKind::FieldMagnitude;
  double FloorDb = 30.0; ///< the dynamic range
  double RefDb = 0.0; ///< the reference level (absolute dB)
  double RefValue = 1.0; ///< what a ratio of 1 means, in the value's units
  bool Absolute = false; ///< AbsoluteDecibels: the ratio is not clamped to 1
  double Radius = 1.0;
  double Center[3] = { 0.0, 0.0, 0.0 };

  /// The relative scales divide by the maximum (clamped to 1); the absolute
  /// scale by the fixed reference level expressed in the value's units.
  double Ratio(double v) const
  {
    return FieldRatio(v, this->RefValue, this->Kind, !this->Absolute);
  }
  double Quantity(double a) const
  {
    return ScaledQuantity(a, this->Scale, this->FloorDb, this->RefDb);
  }
};

/// The grid's elements refined on the unit sphere's chords.
struct RefinedSphereGrid
{
  SurfaceView View; ///< the grid itself
  map::RefinePlan Plan;
  LargeArray<double> Points, PointRS, CellRS;
  LargeArray<long long> Offsets, Connectivity;
};

/// Refines every element of `grid` to `level`: the plan through planFor,
/// the elements through refineFor. False (incomplete) when `aborted` says so.
bool RefineSphereGrid(const SphereGrid& grid, int level, const ParallelFor& planFor,
  const ParallelFor& refineFor, const std::function<bool()>& aborted, RefinedSphereGrid& out);

/// The drawn pattern: radius-mapped points with their Theta, Phi (degrees,
/// φ in the input's convention), sample value and PatternValue; the cells
/// (two-point segments for a single cut, else the grid's or the refined
/// polygons); the drawn quantity of every cell.
struct PatternSurface
{
  std::vector<double> Points; ///< x y z per point
  std::vector<double> Theta, Phi, Value, Scaled;
  std::vector<std::int64_t> Offsets{ 0 }, Connectivity;
  bool Lines = false; ///< the cells are line segments (a single cut)
  std::vector<double> CellScaled;
  std::int64_t NumberOfPoints() const { return static_cast<std::int64_t>(this->Value.size()); }
  std::int64_t NumberOfCells() const { return static_cast<std::int64_t>(this->Offsets.size()) - 1; }
};

/**
 * Builds the surface of `grid` (refined to `level` in `refined`; a cut is
 * drawn as a polyline through the samples). `progress(f)` reports the
 * fraction f in [0.3, 0.8] and returns true once the user has aborted; the
 * build then stops (false) with an incomplete surface.
 */
bool BuildPatternSurface(const SphereGrid& grid, const RefinedSphereGrid& refined, int level,
  const PatternStyle& style, const std::function<bool(double)>& progress, PatternSurface& out);

/// The bands over the drawn quantity: n bands over `range` (a non-finite
/// end becomes 0 or 1), or over the scale's fixed range when `fixed` (a
/// global or absolute reference: the colours mean the same in every frame).
map::BandSpec PatternBands(int n, const double range[2], bool fixed, const PatternStyle& style);

/**
 * The pattern grid, built where the pattern is: a circle per drawable grid
 * level, the contours of the surface at those levels (not on a single cut),
 * and the graticule every `graticuleStep` degrees.
 */
void AddPatternGridLines(GridLines& lines, const PatternStyle& style,
  const std::vector<double>& gridLevels, double graticuleStep, bool isCut,
  const PatternSurface& surface);

/**
 * The column checks of Antenna Pattern Surface; "" when the table can be drawn. An empty
 * table (no rows: a piece of another rank) is no error. `selected` is the value column
 * asked for ("" for the default: |E|, else Gain) and `selectedFound` whether the table has
 * it; `theta`, `phi`, `values` whether the columns in use exist.
 */
std::string CheckPatternColumns(const std::string& selected, bool selectedFound, bool empty,
  bool theta, bool phi, bool values, const std::string& thetaName, const std::string& phiName);

/// The sphere grid of n samples (BuildSphereGrid); "" or why it cannot be built (the grid
/// is then empty).
std::string PatternGridFromColumns(const std::vector<double>& theta, const std::vector<double>& phi,
  const std::vector<double>& values, SphereGrid& grid);

/// The largest sample value of the grid (−inf when it has none).
double MaximumValue(const SphereGrid& grid);

/// The range of the cells' drawn quantities (+inf, −inf when there are none).
void CellRange(const PatternSurface& surface, double& lo, double& hi);

/**
 * The band index (capped at 255) and colour (r g b) of every cell's drawn quantity;
 * `progress(f)` (f from 0.8 to 0.9, every 1/16 of the cells) returns true once the user
 * has aborted, which stops the loop (false).
 */
bool BandCells(const std::vector<double>& cellScaled, const map::BandSpec& spec,
  map::Palette palette, const std::function<bool(double)>& progress,
  std::vector<unsigned char>& band, std::vector<unsigned char>& rgb);

/// The point of each grid line that carries its label, −1 for none: one per circle
/// (a quarter of the way round: an eighth of its points) and graticule line (meridians
/// at the equator: half way), one per contour level (its first line's first point).
std::vector<std::int64_t> GridLineLabelPoints(const GridLines& lines);
} // namespace cm::pattern
#endif
