// SPDX-License-Identifier: BSD-3-Clause
/**
 * Escape-time fractals (Mandelbrot, Julia and multibrot sets), pipeline-free,
 * in double precision.
 *
 * Iteration z ← z^d + c. Mandelbrot: z₀ = 0 and c is the pixel; Julia: z₀ is
 * the pixel and c is fixed. The count n is the first iteration with
 * |z_n| > R (R = EscapeRadius); points that never escape get n = MaxIterations.
 * Extra values for escaped points:
 *   - smooth (continuous) count ν = n + 1 − log(log|z_n| / log R) / log d,
 *     continuous across band edges for large R (it tends to n + 1 as |z_n|
 *     → R⁺ and to n + 1 as |z_{n−1}| → R⁻);
 *   - distance estimate δ = |z_n| log|z_n| / |z'_n| (z' the derivative with
 *     respect to c for Mandelbrot, to z₀ for Julia): G/|∇G| of the Green
 *     function, a conservative-to-2× estimate of the distance to the set;
 *   - orbit trap: the smallest |z_k − trap| along the orbit (all points).
 * Non-integer powers use the polar form.
 *
 * Pixel (i, j) of a w × h image is c = centre + ((i − (w−1)/2) s, (j − (h−1)/2) s),
 * which makes an image centred on 0 exactly symmetric under z → −z.
 */
#ifndef cmEscapeTime_h
#define cmEscapeTime_h

#include "cmCounterRng.h"

#include <functional>
#include <string>

namespace cm::fractal
{
struct EscapeParameters
{
  bool Julia = false;
  double C[2] = { -0.8, 0.156 }; ///< the Julia constant
  double Power = 2;
  int MaxIterations = 256;
  double EscapeRadius = 256;
  double Trap[2] = { 0, 0 };
  bool ComputeTrap = true; ///< off skips the orbit-trap distance (faster)
};

struct EscapeResult
{
  int Iterations = 0;
  double Smooth = 0;
  double Distance = 0;
  double Trap = 0;
};

/// One point: for Mandelbrot (x, y) is c, for Julia it is z₀.
EscapeResult EscapeTime(double x, double y, const EscapeParameters& p);

/// The image grid: Dimensions w × h, Centre and pixel Spacing.
struct EscapeGrid
{
  int Dimensions[2] = { 512, 512 };
  double Centre[2] = { -0.5, 0 };
  double Spacing = 3.0 / 511;
  double X(int i) const { return Centre[0] + (i - 0.5 * (Dimensions[0] - 1)) * Spacing; }
  double Y(int j) const { return Centre[1] + (j - 0.5 * (Dimensions[1] - 1)) * Spacing; }
};

/// The grid of a w × h image of `width` across centred on `centre`
/// (w and h at least 1; spacing width / (w − 1)).
EscapeGrid MakeEscapeGrid(const int dimensions[2], const double centre[2], double width);

/// "" or, for an image of dimensions[0] × dimensions[1] pixels with a
/// dimension below 1 or more than `maximumPixels` pixels, the sentence that
/// refuses it (pixels and projected memory).
std::string EscapeImageSizeProblem(const int dimensions[2], double maximumPixels);

/// Fills the extent [i0, i1] × [j0, j1] (row-major, i fastest); any output
/// pointer may be null.
void EscapeImage(const EscapeParameters& p, const EscapeGrid& g, const int extent[4],
  int* iterations, double* smooth, double* distance, double* trap, const ParallelFor& pf = nullptr);

/// EscapeImage in 16 bands of rows, calling `progressAbort` with the
/// fraction done before each; false when it asked to stop (the arrays are
/// then incomplete).
bool EscapeImageInBands(const EscapeParameters& p, const EscapeGrid& g, const int extent[4],
  int* iterations, double* smooth, double* distance, double* trap, const ParallelFor& pf = nullptr,
  const std::function<bool(double)>& progressAbort = nullptr);
}
#endif
