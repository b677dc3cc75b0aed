// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmCounterRng.h
 * @brief Counter-based random numbers for every random source and filter (pipeline free).
 *
 * Every random value is a pure function of its key: no state is
 * carried from one draw to the next. Two MPI ranks, two threads or two pieces
 * that need the value for the same grid point therefore compute the very same
 * bits, and a distributed run reproduces the serial one exactly. The mixing
 * is SplitMix64's finaliser (Mix64; it passes BigCrush when used as a
 * counter-mode generator), keyed two ways:
 * - (seed, stream, index), CounterHash and its uniforms and Gaussians: the
 *   fractal sources (stream is e.g. the MPD level);
 * - (seed, stream, index, attribute), HashKey, Uniform01 and UniformPM1: the
 *   animation units (particles, wiggle, tweening noise), where one particle or
 *   key draws several attributes.
 * The two keyings stay distinct so that every output is the one it always was.
 *
 * Gaussian values use the inverse normal CDF (Acklam's rational approximation,
 * relative error below 1.2e-9), which needs one uniform per value and no
 * rejection loop, so a value never depends on how many draws came before.
 */
#ifndef cmCounterRng_h
#define cmCounterRng_h

#include <cmath>
#include <cstdint>
#include "cmParallelFor.h" // cm::ParallelFor, cm::RunFor (re-exported for the cores)
#include <functional>

namespace cm
{
/// SplitMix64 finaliser: a bijective 64-bit mixer.
inline std::uint64_t Mix64(std::uint64_t z)
{
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The per-(seed, stream) part of the hash; hoist it out of hot loops.
inline std::uint64_t CounterKey(std::uint64_t seed, std::uint64_t stream)
{
  return Mix64(Mix64(seed) ^ (stream * 0xD6E8FEB86659FD93ull));
}

/// A 64-bit hash of (seed, stream, index); stream is e.g. the MPD level.
inline std::uint64_t CounterHash(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
  return Mix64(CounterKey(seed, stream) ^ index);
}

/// Standard normal value from a key of CounterKey and an index.
double NormalQuantile(double p);
inline double KeyedGaussian(std::uint64_t key, std::uint64_t index)
{
  return NormalQuantile((double(Mix64(key ^ index) >> 11) + 0.5) * (1.0 / 9007199254740992.0));
}

/// Uniform in the open interval (0, 1), 53 bits.
inline double CounterUniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
  return (double(CounterHash(seed, stream, index) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/// Standard normal quantile for p in (0, 1) (Acklam's algorithm).
inline double NormalQuantile(double p)
{
  static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
    1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00 };
  static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
    6.680131188771972e+01, -1.328068155288572e+01 };
  static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
    -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00 };
  static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
    3.754408661907416e+00 };
  const double plow = 0.02425;
  if (p < plow || p > 1 - plow)
  {
    // Tails: one logarithm, used for under 5% of the draws.
    const double q = std::sqrt(-2 * std::log(p < plow ? p : 1 - p));
    const double x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    return p < plow ? x : -x;
  }
  const double q = p - 0.5;
  const double r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/// A standard normal value for (seed, stream, index).
inline double CounterGaussian(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
  return NormalQuantile(CounterUniform(seed, stream, index));
}

/// Hash of a four-word key (Mix64 over the words in turn); distinct keys give
/// independent-looking words.
inline std::uint64_t HashKey(
  std::uint64_t seed, std::uint64_t stream, std::uint64_t index, std::uint64_t attribute)
{
  std::uint64_t h = Mix64(seed ^ 0x243f6a8885a308d3ull);
  h = Mix64(h ^ stream);
  h = Mix64(h ^ index);
  return Mix64(h ^ attribute);
}

/// Uniform in [0, 1) with 53 random bits, from a four-word key.
inline double Uniform01(
  std::uint64_t seed, std::uint64_t stream, std::uint64_t index, std::uint64_t attribute)
{
  return double(HashKey(seed, stream, index, attribute) >> 11) * (1.0 / 9007199254740992.0);
}

/// Reeves' rand(): uniform in [-1, 1], from a four-word key.
inline double UniformPM1(
  std::uint64_t seed, std::uint64_t stream, std::uint64_t index, std::uint64_t attribute)
{
  return 2.0 * Uniform01(seed, stream, index, attribute) - 1.0;
}

} // namespace cm
#endif
