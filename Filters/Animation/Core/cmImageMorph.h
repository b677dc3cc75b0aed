// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmImageMorph.h
 * @brief Beier–Neely feature-based image metamorphosis (pipeline free).
 *
 * For a destination point X and a feature line PQ with its counterpart P'Q':
 *   u = (X − P)·(Q − P)/|Q − P|²,  v = (X − P)·perp(Q − P)/|Q − P|,
 *   X' = P' + u (Q' − P') + v perp(Q' − P')/|Q' − P'|.
 * With several lines, the displacements X' − X are averaged with weights
 * (length^p / (a + dist))^b, dist being the distance from X to the segment.
 * A morph at t interpolates the line endpoints, warps both images to the
 * lines at t and cross-dissolves: (1 − t)·I0(X'_0) + t·I1(X'_1).
 * Identical line pairs give the identity warp.
 */
#ifndef cmImageMorph_h
#define cmImageMorph_h

#include <string>
#include <vector>

namespace cm::anim
{
struct FeatureLine
{
  double P[2] = { 0, 0 };
  double Q[2] = { 1, 0 };
};

struct BeierNeelyWeights
{
  double A = 0.01; ///< > 0: the smaller, the more a line controls the pixels on it
  double B = 2.0; ///< in [0.5, 2]: how fast influence falls with distance
  double P = 0.5; ///< in [0, 1]: how much longer lines weigh more
  std::string Validate() const;
};

/// Source position of destination point x, mapping lines `dst` onto `src`
/// (same count, no zero-length line).
void BeierNeelyMap(const std::vector<FeatureLine>& dst, const std::vector<FeatureLine>& src,
  const BeierNeelyWeights& w, const double x[2], double out[2]);

/// Endpoint interpolation of two line sets at t.
std::vector<FeatureLine> LerpLines(
  const std::vector<FeatureLine>& a, const std::vector<FeatureLine>& b, double t);

/// Empty when both sets have the same count and no line has zero length.
std::string ValidateLines(const std::vector<FeatureLine>& a, const std::vector<FeatureLine>& b);

/// Bilinear sample of component c of a row-major image (nx × ny, ncomp
/// components) at pixel coordinates (x, y), clamped to the border.
double SampleBilinear(const double* image, int nx, int ny, int ncomp, int c, double x, double y);

} // namespace cm::anim
#endif
