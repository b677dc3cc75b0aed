// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPatternGrid.h
 * @brief The reading grid of a 3-D antenna pattern (pipeline free): circles
 *        of chosen dB levels in the principal planes, level contours on the
 *        pattern surface, and θ/φ graticule lines, each with a label.
 *
 * A level L (dB) is drawn at the radius the pattern's scale gives it
 * (cmSphereGrid's RadiusFraction): for the relative scales L is dB re the
 * reference (the maximum), a = 10^(L/20); for AbsoluteDecibels L is an
 * absolute level (dBi for gains) and a = 10^((L − reference)/20). So a
 * circle passes exactly through every surface point whose value is L, and a
 * user reads gains off the 3-D plot by comparing the surface with the circles.
 *
 * Lines are polylines of consecutive points (closed ones repeat the first
 * point); each line has a Kind, a numeric Level (dB, or degrees for the
 * graticule) and a Label ("-3 dB", "theta=30°": ASCII names, since
 * ParaView's default fonts have no Greek letters).
 */
#ifndef cmPatternGrid_h
#define cmPatternGrid_h

#include "cmSphereGrid.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm::pattern
{
/// What a grid line is.
enum class GridLineKind
{
  CircleXZ = 0, ///< level circle in the xz plane (φ = 0°/180°)
  CircleYZ = 1, ///< level circle in the yz plane (φ = 90°/270°)
  CircleXY = 2, ///< level circle in the xy plane (θ = 90°)
  Contour = 3, ///< level contour on the pattern surface
  ThetaLine = 4, ///< graticule: constant θ (a parallel)
  PhiLine = 5, ///< graticule: constant φ (a meridian, pole to pole)
};

struct GridLines
{
  std::vector<double> Points; ///< x y z per point
  std::vector<std::int64_t> Offsets{ 0 }; ///< line i: points Offsets[i] … Offsets[i+1]−1
  std::vector<int> Kind; ///< GridLineKind per line
  std::vector<double> Level; ///< dB (circles, contours) or degrees (graticule)
  std::vector<std::string> Label; ///< per line

  std::int64_t NumberOfLines() const { return static_cast<std::int64_t>(Kind.size()); }
  /// Appends a line of n points (x y z each).
  void AddLine(
    const double* xyz, std::int64_t n, GridLineKind kind, double level, const std::string& label);
};

/// Radius fraction (× pattern radius) at which a level is drawn on the scale.
double LevelRadiusFraction(double levelDb, PatternScale scale, double floorDb, double referenceDb);

/// The drawn quantity (PatternValue) at a level, the value its contour follows.
double LevelQuantity(double levelDb, PatternScale scale, double floorDb, double referenceDb);

/// True when the level lies strictly above the scale's floor, so it has a
/// circle of non-zero radius (always true for the linear and power scales).
bool LevelDrawable(double levelDb, PatternScale scale, double floorDb, double referenceDb);

/// "-3 dB" for the relative scales, "2.15 dBi" for AbsoluteDecibels (%g).
std::string LevelLabel(double levelDb, PatternScale scale);

/// Adds the level's three principal-plane circles (xz, yz, xy), each with
/// `segments` segments, of radius `radius` around `center`.
void AddLevelCircles(GridLines& lines, const double center[3], double radius, double levelDb,
  const std::string& label, int segments);

/// Adds θ parallels (θ = step, 2·step, … < 180) and φ meridians
/// (φ = 0, step, … < 360) on the sphere of `radius` around `center`.
void AddGraticule(
  GridLines& lines, const double center[3], double radius, double stepDeg, int segments);

/**
 * Adds the contour of a piecewise-linear field on a polygon mesh: every
 * polygon (points conn[offsets[c]] … conn[offsets[c+1]−1]) is split into a
 * fan of triangles, and each triangle the iso-value crosses gives one
 * segment with end points linearly interpolated on its edges (a vertex counts
 * as above when its value is at least the iso-value; zero-length segments are
 * dropped). Segments are returned as two-point lines. Returns the number of
 * segments added.
 */
std::int64_t AddContour(GridLines& lines, const double* points, const double* values,
  const std::int64_t* offsets, std::int64_t numberOfCells, const std::int64_t* conn,
  double isoValue, double levelDb, const std::string& label);

} // namespace cm::pattern
#endif
