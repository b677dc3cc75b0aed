// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmRadiation.h
 * @brief Far field radiated by known currents: the radiation integral
 *        evaluated on a θ/φ grid (pipeline free).
 *
 * With the e^{jωt} convention (NEC's), the far field at distance r is
 *   E(r̂) = −j k η / (4π) · e^{−jkr}/r · [N − (N·r̂) r̂],
 *   N(r̂) = Σ_k J_k A_k e^{+jk r̂·r_k}  (surface elements: density × area)
 *        + Σ_s I_s L_s ŝ_s e^{+jk r̂·r_s}  (wire segments: current × length),
 * each source taken at its centroid with its phase. The results are r·E
 * without e^{−jkr} (volts), split into E_θ = E·θ̂ and E_φ = E·φ̂.
 */
#ifndef cmRadiation_h
#define cmRadiation_h

#include <complex>
#include <cstdint>
#include <vector>

namespace cm::pattern
{
/// A current element: position (m), complex vector moment (A·m).
struct CurrentElement
{
  double Position[3];
  std::complex<double> Moment[3];
};

/// Free-space constants.
constexpr double SpeedOfLight = 299792458.0;
constexpr double FreeSpaceImpedance = 376.730313668;

/// Radiation vector N(r̂) of the elements for wavenumber k.
void RadiationVector(const std::vector<CurrentElement>& elements, double k, const double rhat[3],
  std::complex<double> n[3]);

/// r·E_θ and r·E_φ from a radiation vector in direction (θ, φ) (radians).
void FarFieldFromRadiationVector(const std::complex<double> n[3], double k, double theta,
  double phi, std::complex<double>& eTheta, std::complex<double>& ePhi);

/**
 * Directivity (linear) at each sample of a full-sphere grid from |E|², by
 * integrating over the sphere with sin θ weights (trapezoid in θ, φ).
 * `e2` is θ-fastest with nt × np samples; φ must span 360° (the closing
 * column, if present, is given by `closing` and counted once).
 */
std::vector<double> DirectivityOnGrid(const std::vector<double>& e2,
  const std::vector<double>& thetaDeg, const std::vector<double>& phiDeg, bool closing);
} // namespace cm::pattern
#endif
