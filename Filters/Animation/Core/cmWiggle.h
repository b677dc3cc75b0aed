// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmWiggle.h
 * @brief The Wiggle filter's maths over a point array (pipeline free): the
 *        wiggle noise of cmTweening.h (cm::anim::Wiggle) as one displacement
 *        for the whole input, one per point, or one scalar per point.
 *
 * A point's channel is keyed on its coordinates (PointChannel), so equal
 * points wiggle alike on every rank and in every piece.
 */
#ifndef cmWiggle_h
#define cmWiggle_h

#include "cmParallelFor.h"
#include "cmTweening.h"

#include <cstdint>

namespace cm::anim
{
enum class WiggleMode
{
  Whole = 0, ///< one displacement (channels 0, 1, 2) for every point
  PerPoint = 1, ///< a displacement per point (channels from PointChannel)
  Scalar = 2 ///< a scalar per point, the points unmoved
};

/**
 * A channel keyed on a point's coordinates: equal points get equal wiggles on
 * every rank. Copies of a point made by different pieces may differ in the
 * last bits (vtkSphereSource's seams differ by ~1e-17), so the coordinates
 * are quantised first: a coordinate below 1e-12 of the point's largest one
 * is 0, and the others keep 24 significant bits (as a float, with a double's
 * exponent range), rounded to nearest. Points equal to ~1e-12 relative then
 * hash alike unless they straddle a rounding boundary (odds ~1e-5).
 */
std::uint64_t PointChannel(const double* p);

/// The wiggle at time t of n points (3 doubles each) in mode Scalar: one value each.
void WiggleScalars(const WiggleSpec& spec, double t, const double* points, std::int64_t n,
  double* values, const ParallelFor& pf);

/// The wiggle at time t of n points in mode Whole or PerPoint: the
/// displacement (Directions times the noise per axis, 3 per point) and the
/// moved points (3 per point). The loop through pf.
void WiggleDisplacements(const WiggleSpec& spec, WiggleMode mode, const double directions[3],
  double t, const double* points, std::int64_t n, double* displacement, double* moved,
  const ParallelFor& pf);

} // namespace cm::anim
#endif
