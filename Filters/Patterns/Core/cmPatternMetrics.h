// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPatternMetrics.h
 * @brief Figures of merit of an antenna pattern sampled on a θ/φ grid (pipeline free).
 *
 * Input: radiation intensity U ∝ |E|² (linear power), θ fastest, on the
 * rectangular grid θ_i × φ_j (degrees). Between samples U is interpolated
 * bilinearly in (θ, φ), with φ wrapping around when the grid covers 360°.
 *
 * - Peak: the largest sample and its direction.
 * - Directivity: D = 4π U_max / ∫U dΩ, integrated with exact sin θ weights
 *   (needs θ = 0…180 and a full φ circle; NaN otherwise).
 * - Half-power beamwidths in the two principal planes through the peak:
 *   plane 1 is the great circle through the peak and the z axis (the
 *   elevation cut φ = φ_peak ∪ φ_peak + 180°); plane 2 the great circle
 *   through the peak perpendicular to it. Each is the angle between the
 *   −3 dB points either side of the peak, found on 0.05° steps with linear
 *   interpolation of U between steps; 360 when the cut never falls 3 dB
 *   (an omnidirectional plane).
 * - Front-to-back ratio: U_peak / U(opposite direction), in dB.
 * - First sidelobe level: the larger of the first local maxima of plane 1
 *   beyond the main lobe's first minimum on either side, relative to the
 *   peak, in dB (−inf when there is none). The back lobe (the lobe around
 *   the direction opposite the peak) is not a sidelobe: the front-to-back
 *   ratio reports it, so a dipole has no sidelobe.
 * - Cone: the fraction of the radiated power within a cone of half-angle α
 *   around the peak, and the average directivity over that cone.
 *
 * Pattern Metrics (the filter) is MetricsRow per far-field table: the
 * samples in any order become the grid (angles equal within 1e-6° are one),
 * U = 10^(G/10) from a gain column in dB (G ≤ −300, NEC's −999.99, is no
 * field) or U = |E|² from a field column, and the row lists the metrics with
 * the directivities in dBi.
 */
#ifndef cmPatternMetrics_h
#define cmPatternMetrics_h

#include <string>
#include <vector>

namespace cm::pattern
{
struct PatternMetrics
{
  double PeakTheta = 0, PeakPhi = 0; ///< degrees
  double PeakIntensity = 0; ///< the largest sample
  double Directivity = 0; ///< linear; NaN without a full sphere
  double HalfPowerBeamwidth1 = 0; ///< degrees, plane through the peak and z
  double HalfPowerBeamwidth2 = 0; ///< degrees, perpendicular plane
  double FrontToBack = 0; ///< dB
  double FirstSidelobe = 0; ///< dB relative to the peak
  double ConePowerFraction = 0; ///< 0…1; NaN without a full sphere
  double ConeAverageDirectivity = 0; ///< linear; NaN without a full sphere
};

/// Computes the metrics; `intensity` has theta.size() × phi.size() values, θ fastest.
PatternMetrics ComputePatternMetrics(const std::vector<double>& thetaDeg,
  const std::vector<double>& phiDeg, const std::vector<double>& intensity, double coneHalfAngleDeg);

/**
 * Samples the pattern along a great circle through the peak direction
 * (peakTheta, peakPhi): plane 1 (containing z) or plane 2 (perpendicular),
 * at angles 0, step, ... < 360 degrees from the peak. Plane 0 is the user
 * elevation cut φ = userAngle (θ running over the circle through both
 * poles), plane 3 the conical cut θ = userAngle (φ = 0…360).
 */
std::vector<double> PatternCut(const std::vector<double>& thetaDeg,
  const std::vector<double>& phiDeg, const std::vector<double>& intensity, double peakTheta,
  double peakPhi, int plane, double step, double userAngle);

/// Bilinear interpolation of the grid at (θ, φ) in degrees (φ wraps when the grid is a full
/// circle).
double SamplePattern(const std::vector<double>& thetaDeg, const std::vector<double>& phiDeg,
  const std::vector<double>& intensity, double theta, double phi);

/// The columns of the Pattern Metrics table, in the order of MetricsRow's row.
extern const char* const MetricsColumnNames[11];

/// "" when a table with these columns can be measured (Theta, Phi and a Gain or |E|).
std::string CheckMetricsColumns(bool theta, bool phi, bool value);

/**
 * One row of the Pattern Metrics table from the samples (θ, φ in degrees, any order) and
 * their values (gain in dB when `gain`, else |E|): row[1..10] as MetricsColumnNames
 * names them (row[0], the frequency, is the caller's; PeakGain NaN without a gain
 * column). Returns "" or why the samples are no complete θ/φ grid.
 */
std::string MetricsRow(const std::vector<double>& theta, const std::vector<double>& phi,
  const std::vector<double>& values, bool gain, double coneHalfAngleDeg, double row[11]);
} // namespace cm::pattern
#endif
