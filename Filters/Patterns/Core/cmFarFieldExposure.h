// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFarFieldExposure.h
 * @brief An antenna's far-field table placed in a scene (centre, azimuth, mechanical
 *        downtilt) and its far-zone power density on a grid around it (pipeline free).
 *
 * Mounting: the pattern's own frame (boresight +x for the MSI/Planet reader: θ = 90°,
 * φ = 0°) is turned by R = Rz(azimuth)·Ry(downtilt): the downtilt t tips the boresight
 * below the horizon, x → (cos t, 0, −sin t); the azimuth α then turns it about +z from
 * +x toward +y (counter-clockwise seen from above). With y north and x east, a compass
 * bearing B is the azimuth 90° − B.
 *
 * Far-zone power density of a source of transmit power P and gain G(θ, φ) toward a point
 * at distance r: S = P·G/(4πr²) (W/m², the RMS plane-wave density); E_rms = √(η0·S),
 * H_rms = E_rms/η0. It holds only in the far field (r ≥ 2D²/λ for an aperture of size
 * D, and several wavelengths away); nothing corrects it nearer the antenna.
 */
#ifndef cmFarFieldExposure_h
#define cmFarFieldExposure_h

#include <cstdint>
#include <string>
#include <vector>

namespace cm::exposure
{
/// R = Rz(azimuth)·Ry(downtilt), row-major 3 × 3, angles in degrees.
void MountRotation(double azimuthDeg, double downtiltDeg, double rotation[9]);

/// p → center + R·(p − center) for n points x y z, in place.
void RotateAbout(double* xyz, std::int64_t n, const double center[3], const double rotation[9]);

/// The linear gain on its θ/φ grid (θ fastest), for GainToward.
struct GainGrid
{
  std::vector<double> Theta, Phi; ///< distinct angles, ascending (degrees)
  std::vector<double> Linear; ///< 10^(G/10); 0 where G ≤ −300 dB (no field)
  double Peak = 0; ///< the largest linear gain
};

/// The grid from samples in any order; "" or why they are no complete θ/φ grid (or a
/// gain is NaN, or no sample has a field).
std::string BuildGainGrid(const std::vector<double>& theta, const std::vector<double>& phi,
  const std::vector<double>& gainDbi, GainGrid& grid);

/// The linear gain toward scene direction d (any non-zero length) of the antenna turned
/// by `rotation`: the pattern at Rᵀ·d, bilinear in θ and φ.
double GainToward(const GainGrid& grid, const double rotation[9], const double d[3]);

/// The far-field estimate of the compliance distance √(P·G/(4π·S_L)) (m).
double FarFieldComplianceDistance(double power, double gainLinear, double sLimit);

/// The power-density limit for the far-field estimate: S_L, or the plane-wave equivalent
/// E_L²/η0 where the table gives no S (NaN when it gives neither).
double PowerDensityLimit(double s, double e);

/// A cube of n × n × n points centred on `center`, half-width `halfWidth` (m).
struct CubeGrid
{
  double Origin[3] = { 0, 0, 0 };
  double Spacing = 0;
  int N = 0;
};
CubeGrid MakeCube(const double center[3], double halfWidth, int n);

/**
 * S = P·G/(4πr²) at the points of `extent` (i0 i1 j0 j1 k0 k1, i fastest) of `cube`, the
 * antenna at `center` turned by `rotation`. r is floored at 10⁻³ of the spacing so that a
 * point on the antenna stays finite (and far above any limit).
 */
std::vector<double> FarFieldPowerDensity(const GainGrid& grid, const double rotation[9],
  const double center[3], double power, const CubeGrid& cube, const int extent[6]);
} // namespace cm::exposure
#endif
