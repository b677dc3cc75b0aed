// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTimeHarmonic.h
 * @brief The instantaneous field of a time-harmonic solution (pipeline free).
 *
 * A frequency-domain solver gives each quantity as a phasor a + jb (a real
 * and an imaginary array, nc components per tuple). At the phase ωt = 2πt,
 * t the fraction of the period, the physical field is
 *
 *     v(t) = Re{(a + jb) e^{jωt}} = a cos ωt − b sin ωt,
 *
 * component by component, so v(0) = a and v(1/4) = −b. Its norm |v(t)|
 * peaks over the period at
 *
 *     max_t |v|² = (aa + bb)/2 + sqrt(((aa − bb)/2)² + ab²)
 *
 * with aa = a·a, bb = b·b, ab = a·b (the largest eigenvalue of the 2×2
 * Gram matrix of a and b); for one component that is a² + b², the phasor's
 * magnitude squared.
 */
#ifndef cmTimeHarmonic_h
#define cmTimeHarmonic_h

#include "cmParallelFor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm::map
{
/// The time values of one period in n equal phase steps: k / n, k = 0 .. n − 1.
std::vector<double> HarmonicTimeSteps(int n);

/// The shape of one of the phasor arrays, for CheckHarmonicArrays.
struct HarmonicArray
{
  bool Present = false;
  int Components = 0;
  long long Tuples = 0;
};

/**
 * The error when the real and imaginary arrays (named realName and
 * imagName) are missing or do not match (components, tuples), else empty.
 * A piece with no points and no cells (`emptyPiece`) needs no arrays.
 */
std::string CheckHarmonicArrays(const std::string& realName, const std::string& imagName,
  const HarmonicArray& re, const HarmonicArray& im, bool emptyPiece);

/// The output arrays' names: base_inst and |base_inst|, base the real array's
/// name up to its last "_real" (or all of it).
struct HarmonicNames
{
  std::string Instantaneous;
  std::string Magnitude;
};
HarmonicNames HarmonicOutputNames(const std::string& realName);

/// Re{(a + jb) e^{jωt}} with c = cos ωt, s = sin ωt.
inline double HarmonicValue(double a, double b, double c, double s)
{
  return a * c - b * s;
}

/// max over the phase of |a cos ωt − b sin ωt| from aa = a·a, bb = b·b, ab = a·b.
double HarmonicPeak(double aa, double bb, double ab);

/**
 * The field at the fraction t of the period: for each of the n tuples of
 * nc components of a (real) and b (imaginary), inst (nc per tuple) gets
 * HarmonicValue and mag (one per tuple) its norm. Returns the largest peak
 * over the period of all tuples (HarmonicPeak), 0 when n is 0. Runs through
 * pf; the result is the same for any split of the loop.
 */
double EvaluateHarmonic(const double* a, const double* b, std::int64_t n, int nc, double t,
  double* inst, double* mag, const ParallelFor& pf);

} // namespace cm::map
#endif
