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
 *
 * Far Field From Currents is RadiationVectors (N on the θ/φ grid, summed over
 * ranks by the filter) followed by FarFieldOnGrid (E_θ, E_φ, |E| and, on a
 * full sphere, the directivity D = 4π|E|² / ∮|E|² dΩ in dBi).
 */
#ifndef cmRadiation_h
#define cmRadiation_h

#include "cmParallelFor.h"

#include <complex>
#include <cstdint>
#include <string>
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

/// Samples lo, lo+step, ..., hi of `range` (degrees; hi included when it
/// falls on the grid).
std::vector<double> AngleAxis(const double range[2], double step);

/// The input checks of Far Field From Currents, in order; "" when the
/// inputs can radiate. `frequency` is the frequency in use (Hz); the surface
/// needs 3-component J_real/J_imag when it has polygons (`surfaceJ`: both
/// present with 3 components), the wires I_real/I_imag when they have lines.
std::string CheckCurrentsInput(bool hasPolygons, bool surfaceJ, bool hasLines, bool wireI);

/// "" when a θ/φ grid of nt × np samples is allowed (1 to 10^7 samples).
std::string CheckFarFieldGrid(std::size_t nt, std::size_t np);

/**
 * The current elements of a surface: every cell c of 3 or 4 corners (the
 * others and those with skip[c] set are left out) becomes J_c·A_c at its
 * centroid, with J_c = jRe[3c..] + j·jIm[3c..] and A_c its area. Cells are
 * offsets (nCells + 1) and corner ids into `points` (x y z each).
 */
void AddSurfaceElements(const double* points, const std::int64_t* offsets, const std::int64_t* ids,
  std::int64_t nCells, const double* jRe, const double* jIm, const unsigned char* skip,
  std::vector<CurrentElement>& out);

/// The current elements of wire segments: every 2-point cell a→b (others
/// and skipped ones left out) becomes I_c·(b − a) at its midpoint.
void AddWireElements(const double* points, const std::int64_t* offsets, const std::int64_t* ids,
  std::int64_t nCells, const double* iRe, const double* iIm, const unsigned char* skip,
  std::vector<CurrentElement>& out);

/**
 * N(r̂) at every direction of the grid thetaDeg × phiDeg (θ fastest):
 * n[6s .. 6s+6) = Re N_x, Im N_x, Re N_y, Im N_y, Re N_z, Im N_z of sample s.
 * The loop over samples runs through `pf`.
 */
void RadiationVectors(const std::vector<CurrentElement>& elements, double k,
  const std::vector<double>& thetaDeg, const std::vector<double>& phiDeg, const ParallelFor& pf,
  double* n);

/// The far-field table of Far Field From Currents, θ fastest.
struct FarFieldTable
{
  /// Theta, Phi (degrees), Etheta_re, Etheta_im, Ephi_re, Ephi_im, |Etheta|,
  /// |Ephi|, |E| (volts: r·E).
  std::vector<double> Columns[9];
  /// Directivity in dBi (−999.99 where zero); empty unless the grid covers
  /// the whole sphere (θ 0…180, φ a full circle with or without its closing
  /// column, judged with `phiStep`).
  std::vector<double> Gain;
};
/// The names of FarFieldTable::Columns.
extern const char* const FarFieldColumnNames[9];

/// The table from the radiation vectors `n` (RadiationVectors' layout).
FarFieldTable FarFieldOnGrid(const double* n, double k, const std::vector<double>& thetaDeg,
  const std::vector<double>& phiDeg, double phiStep);
} // namespace cm::pattern
#endif
