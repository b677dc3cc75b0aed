// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmAnalyticPattern.h
 * @brief The far-field grid of a textbook antenna (pipeline free), the
 *        table of Analytic Antenna Pattern.
 *
 * On θ = 0…180, φ = 0…360 (closing column included), θ fastest:
 *  - Isotropic: E_θ = 1, D = 1 (0 dBi);
 *  - short dipole along z: E_θ = sin θ, D = 1.5 sin²θ (1.76 dBi peak);
 *  - half-wave dipole along z: E_θ = F = cos(π/2·cos θ)/sin θ, D = 1.640922 F²
 *    (2.15 dBi);
 *  - uniform linear array of N isotropic elements along z, spacing d (in
 *    wavelengths), progressive phase β: E_θ = AF = |sin(Nψ/2) / (N sin(ψ/2))|,
 *    ψ = 2π d cos θ + β (1 where the denominator vanishes), D = D₀ AF² with
 *    D₀ = 4π / ∮AF² dΩ = 2 / ∫₀^π AF² sin θ dθ (midpoint rule, 20000 steps).
 * E_φ = 0; Gain is 10 log10 D (−999.99 where D = 0).
 */
#ifndef cmAnalyticPattern_h
#define cmAnalyticPattern_h

#include "cmRadiation.h"

#include <string>

namespace cm::pattern
{
/// The antennas, in the order of the source's Pattern property.
enum class AnalyticAntenna
{
  Isotropic = 0,
  ShortDipole = 1,
  HalfWaveDipole = 2,
  UniformLinearArray = 3
};

/// The antenna and its grid.
struct AnalyticPatternSpec
{
  AnalyticAntenna Antenna = AnalyticAntenna::HalfWaveDipole;
  double ThetaStep = 5, PhiStep = 10; ///< degrees
  int NumberOfElements = 4; ///< uniform linear array
  double ElementSpacing = 0.5; ///< wavelengths
  double PhaseStep = 0; ///< degrees
};

/// "" when ThetaStep divides 180 and PhiStep 360; nt, np the axis lengths.
std::string CheckAnalyticGrid(const AnalyticPatternSpec& spec, int& nt, int& np);

/// The table (Columns as FarFieldColumnNames; Gain always present).
FarFieldTable AnalyticPattern(const AnalyticPatternSpec& spec);
} // namespace cm::pattern
#endif
