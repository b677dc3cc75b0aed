// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSphereGrid.h
 * @brief Meshing far-field samples on a θ/φ grid into a closed (or partial)
 *        sphere of quads with triangle fans at the poles, and the radius
 *        mapping of antenna pattern plots (pipeline free).
 *
 * The samples may come in any order and cover any rectangle of (θ, φ),
 * including partial ranges. φ wraps around without a seam when the samples
 * span the full circle, either with a repeated closing column (0…360) or
 * without one (0…355 in 5° steps). Rows at θ = 0° or 180° collapse to one pole
 * vertex carrying the mean of the row, and the cells that touch a pole are
 * triangles, so the mesh has neither duplicated nor degenerate cells.
 *
 * Cells are listed counter-clockwise seen from outside:
 * (θi, φj), (θi+1, φj), (θi+1, φj+1), (θi, φj+1), whose normal is
 * θ̂ × φ̂ = r̂.
 */
#ifndef cmSphereGrid_h
#define cmSphereGrid_h

#include <cstdint>
#include <string>
#include <vector>

namespace cm::pattern
{
struct SphereGrid
{
  std::vector<double> Theta; ///< distinct θ values, ascending (degrees)
  std::vector<double> Phi; ///< distinct φ values kept, ascending (degrees)
  bool WrapsPhi = false; ///< the last φ column connects to the first
  std::vector<double> Direction; ///< unit vector per vertex (x y z)
  std::vector<double> VertexTheta, VertexPhi; ///< degrees, per vertex
  std::vector<double> Value; ///< sample value per vertex
  /// Cells as offsets + corner ids (long long, as cm::SurfaceView reads them).
  std::vector<long long> Offsets{ 0 };
  std::vector<long long> Connectivity;
  /// For a single cut (one θ or one φ): vertices form one polyline, no cells.
  bool IsCut = false;
};

/**
 * Builds the grid from n samples (theta[i], phi[i], value[i]) in degrees.
 * Returns false with a message when the samples do not form a complete
 * rectangular θ/φ grid (a missing or duplicated sample, θ outside [0, 180]),
 * or when a value is NaN.
 */
bool BuildSphereGrid(const double* theta, const double* phi, const double* value, std::int64_t n,
  SphereGrid& grid, std::string& error);

/// What the pattern values are.
enum class PatternValueKind
{
  FieldMagnitude = 0, ///< |E| (V or V/m); ratios are field ratios
  Power = 1, ///< linear power, gain or directivity
  Decibels = 2, ///< dB or dBi; −999.99 and below mean "no field"
};

/// How the radius is drawn from the normalized field a = |E| / |E|max in [0, 1].
enum class PatternScale
{
  LinearField = 0, ///< r = a
  Power = 1, ///< r = a²
  Decibels = 2, ///< r = max(0, 1 + 20·log10(a) / floor)  (floor > 0, in dB)
  ARRL = 3, ///< ARRL log-periodic: r = 0.89^(−dB/2), 0.89 per 2 dB down
  /// Absolute dB (dBi for a gain column) against a fixed reference level
  /// L: r = max(0, 1 + (G − L)/floor); G = L at r = 1, values above L beyond it.
  /// Here the ratio a is |E|/|E|ref (not clamped to 1), so G − L = 20·log10(a).
  AbsoluteDecibels = 4,
};

/// Normalized field ratio a in [0, 1] of a value, given the maximum value.
/// With clampToOne false the ratio may exceed 1 (a value above the reference).
double FieldRatio(double value, double maxValue, PatternValueKind kind, bool clampToOne = true);

/// A level in dB (re 1 in the value's own units: dBi for gains) as a value
/// of the given kind: 10^(dB/20) for fields, 10^(dB/10) for powers, dB itself.
double LevelAsValue(double levelDb, PatternValueKind kind);

/// The quantity drawn: a, a² or 20·log10(a) clamped at −floor (dB re max);
/// for AbsoluteDecibels referenceDb + 20·log10(a) clamped at referenceDb − floor.
double ScaledQuantity(double ratio, PatternScale scale, double floorDb, double referenceDb = 0.0);

/// Radius fraction for the drawn quantity: in [0, 1], except that
/// AbsoluteDecibels exceeds 1 above the reference level.
double RadiusFraction(double ratio, PatternScale scale, double floorDb);

/// Unit direction of (θ, φ) in degrees.
void SphericalDirection(double thetaDeg, double phiDeg, double dir[3]);

/// (θ, φ) in degrees of a unit direction, the inverse of SphericalDirection:
/// θ in [0, 180], φ in (−180, 180], or in [0, 360) when `nonNegativePhi`.
void DirectionAngles(const double dir[3], bool nonNegativePhi, double& thetaDeg, double& phiDeg);

/// The fixed band range of a scale, the same for every frame (a global or
/// absolute reference): [0, 1] for linear field and power, [L − floor, L]
/// for absolute dB at reference level L, [−floor, 0] for the relative dB scales.
void FixedBandRange(PatternScale scale, double floorDb, double referenceDb, double& lo, double& hi);

} // namespace cm::pattern
#endif
