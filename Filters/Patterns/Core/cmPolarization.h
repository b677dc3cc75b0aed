// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPolarization.h
 * @brief Polarization of a far field from complex E_θ and E_φ (pipeline free).
 *
 * With NEC's e^{jωt} convention and the IEEE definition of handedness
 * (right-hand: rotation clockwise seen from behind, i.e. along the direction
 * of propagation):
 *   E_R = (E_θ + j E_φ)/√2,  E_L = (E_θ − j E_φ)/√2,
 * so that E = E_R (θ̂ − jφ̂)/√2 + E_L (θ̂ + jφ̂)/√2.
 * Axial ratio AR = (|E_R| + |E_L|) / ||E_R| − |E_L|| (≥ 1; +inf for linear),
 * sense +1 (right) when |E_R| > |E_L|, −1 (left), 0 (linear);
 * tilt τ = ½(arg E_R − arg E_L), the major axis' angle from θ̂ towards φ̂.
 * Ludwig-3 (reference polarization at angle ψ from x in the aperture):
 *   co = E_θ cos(φ − ψ) − E_φ sin(φ − ψ), cross = E_θ sin(φ − ψ) + E_φ cos(φ − ψ).
 */
#ifndef cmPolarization_h
#define cmPolarization_h

#include <complex>

namespace cm::pattern
{
struct Polarization
{
  std::complex<double> Right, Left; ///< circular components
  std::complex<double> Co, Cross; ///< Ludwig-3 components
  double AxialRatio = 0; ///< linear, ≥ 1
  double Tilt = 0; ///< degrees
  int Sense = 0; ///< +1 right, −1 left, 0 linear
};

/// φ and the Ludwig-3 reference angle ψ in degrees.
Polarization ComputePolarization(
  std::complex<double> eTheta, std::complex<double> ePhi, double phiDeg, double referenceDeg);
} // namespace cm::pattern
#endif
