// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmHash.h
 * @brief Counter-based random numbers for the animation units (pipeline free).
 *
 * A value is a pure function of its key (seed, stream, index, attribute), so
 * any particle, key or frame can be drawn in any order, on any MPI rank, with
 * the same result: frame 100 computed directly equals stepping to it. The mix
 * is SplitMix64's finaliser applied to the key words in turn; it passes the
 * usual avalanche tests and needs no state.
 */
#ifndef cmHash_h
#define cmHash_h

#include "cmCounterRng.h"

#include <cstdint>

namespace cloudmap
{
namespace anim
{
/// SplitMix64 finaliser: the one counter-based mix (cmCounterRng.h).
using cm::Mix64;

/// Hash of a four-word key; distinct keys give independent-looking words.
inline std::uint64_t HashKey(
  std::uint64_t seed, std::uint64_t stream, std::uint64_t index, std::uint64_t attribute)
{
  std::uint64_t h = Mix64(seed ^ 0x243f6a8885a308d3ull);
  h = Mix64(h ^ stream);
  h = Mix64(h ^ index);
  return Mix64(h ^ attribute);
}

/// Uniform in [0, 1) with 53 random bits.
inline double Uniform01(
  std::uint64_t seed, std::uint64_t stream, std::uint64_t index, std::uint64_t attribute)
{
  return double(HashKey(seed, stream, index, attribute) >> 11) * (1.0 / 9007199254740992.0);
}

/// Reeves' rand(): uniform in [-1, 1].
inline double UniformPM1(
  std::uint64_t seed, std::uint64_t stream, std::uint64_t index, std::uint64_t attribute)
{
  return 2.0 * Uniform01(seed, stream, index, attribute) - 1.0;
}

} // namespace anim
} // namespace cloudmap
#endif
