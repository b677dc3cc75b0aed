// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmMeshMorph.h
 * @brief Mesh morph: every point and point value of a source mesh blended
 *        with its partner in a target mesh (pipeline free).
 *
 * The partner of source point i is target point i (By Index), or the target
 * point nearest to it once both meshes are scaled into the unit cube of
 * their own bounds (Nearest Normalized Point), so that meshes of different
 * size and place still match shape for shape. Point and value blend as
 * Lerp(source, partner, w).
 */
#ifndef cmMeshMorph_h
#define cmMeshMorph_h

#include "cmParallelFor.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cm::anim
{
enum class MorphCorrespondence
{
  ByIndex = 0,
  NearestNormalizedPoint = 1
};

/// Empty when a source of n points can be matched to a target of m points
/// with `correspondence`, else the problem.
std::string ValidateCorrespondence(
  MorphCorrespondence correspondence, std::int64_t n, std::int64_t m);

/// The n points (3 doubles each) scaled into the unit cube of `bounds`
/// (x0 x1 y0 y1 z0 z1); a flat axis maps to ½.
std::vector<double> NormalizedToBounds(
  const double* points, std::int64_t n, const double bounds[6]);

/// The partner of each of n query points (3 doubles each): closest(point),
/// the loop through pf (closest must be thread safe).
std::vector<std::int64_t> MatchPoints(const double* queries, std::int64_t n,
  const std::function<std::int64_t(const double*)>& closest, const ParallelFor& pf);

/// out[i] = Lerp(a[i], b[partner(i)], w) for every of the nc components of
/// n tuples; partner(i) is match[i], or i when match is null. The loop through pf.
void LerpMatched(const double* a, const double* b, const std::int64_t* match, std::int64_t n,
  int nc, double w, double* out, const ParallelFor& pf);

} // namespace cm::anim
#endif
