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

#include "cmParallelFor.h"

#include <cstdint>
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

/**
 * The checks of a morph of two images of dimensions d0 and d1 (2-D, equal)
 * with feature lines given as rows of 8 numbers (P0 Q0 in image 0, then
 * P1 Q1 in image 1) into lines0 and lines1, and weights. Empty when valid,
 * else the problem.
 */
std::string PrepareImageMorph(const int d0[3], const int d1[3],
  const std::vector<double>& featureRows, const BeierNeelyWeights& weights,
  std::vector<FeatureLine>& lines0, std::vector<FeatureLine>& lines1);

/// An image's grid: world position of structured index (I, J, K) is
/// Origin + (I, J, K)·Spacing; Extent is the index range (x0 x1 y0 y1 z0 z1).
struct ImageGrid
{
  double Origin[3] = { 0, 0, 0 };
  double Spacing[3] = { 1, 1, 1 };
  int Extent[6] = { 0, -1, 0, -1, 0, -1 };
};

/// The output extent: the requested one (null: none) clipped to `whole`.
void ClipExtent(const int whole[6], const int* requested, int out[6]);

/// Number of pixels of a 2-D extent (0 when empty).
std::int64_t ExtentPixels(const int extent[6]);

/**
 * Where every output pixel of outExt (x fastest) comes from: with the lines
 * interpolated at w, the Beier–Neely source position in image 0 and in
 * image 1, as pixel coordinates from each input's first pixel (2 per pixel
 * into from0 and from1, ExtentPixels(outExt) pixels). The loop through pf.
 */
void MorphSourcePixels(const std::vector<FeatureLine>& lines0,
  const std::vector<FeatureLine>& lines1, const BeierNeelyWeights& weights, double w,
  const ImageGrid& grid0, const ImageGrid& grid1, const int outExt[6], double* from0, double* from1,
  const ParallelFor& pf);

/// The cross-dissolve of n output pixels: (1 − w)·a(from0) + w·b(from1) for
/// every component of images a and b (nx × ny, nc components, sampled
/// bilinearly), into out (nc per pixel). The loop through pf.
void CrossDissolve(const double* a, const double* b, int nx, int ny, int nc, const double* from0,
  const double* from1, std::int64_t n, double w, double* out, const ParallelFor& pf);

} // namespace cm::anim
#endif
