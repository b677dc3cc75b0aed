// SPDX-License-Identifier: BSD-3-Clause
/**
 * Box-counting dimension, pipeline-free.
 *
 * The bounding cube of the data (side L, its largest extent) is covered by
 * grids of boxes of size ε_k = L / 2^k for k = MinimumLevel..MaximumLevel in
 * steps of 1/StepsPerOctave (several sizes per octave average out the
 * log-periodic wobble that self-similar sets of ratio 1/3 show in dyadic boxes);
 * N(ε_k) is the number of boxes that contain a point (point sets, binary
 * image pixels) or that a segment passes through (polylines, sampled every
 * ε_k / 8 along each segment), minimised over grids shifted by half a box
 * along each axis (the smallest cover, as the definition asks). The dimension is the least-squares slope of
 * log N against log(1/ε). The levels must lie in the data's scaling range:
 * boxes much larger than the set or smaller than its resolution (segment
 * length, point spacing) bend the line.
 */
#ifndef cmBoxCounting_h
#define cmBoxCounting_h

#include <functional>
#include <vector>

namespace cm
{
struct BoxCountResult
{
  std::vector<double> Level; ///< k in ε = L / 2^k (fractional with several steps per octave)
  std::vector<double> BoxSize;
  std::vector<double> Count;
  double Slope = 0;     ///< the box-counting dimension
  double Intercept = 0; ///< of log N = Slope · log(1/ε) + Intercept
  bool Aborted = false; ///< `progressAbort` asked to stop (the rest is then incomplete)
};

/// Points xyz (n of them); `segments` holds pairs of point indices (may be
/// empty for a point set). `progressAbort`, when set, is called with the
/// fraction done after every grid; returning true stops the count (Aborted).
BoxCountResult BoxCount(const double* xyz, long long n, const std::vector<long long>& segments,
  int minimumLevel, int maximumLevel, int stepsPerOctave = 4,
  const std::function<bool(double)>& progressAbort = nullptr);

/// Least-squares slope and intercept of y against x.
void FitLine(const std::vector<double>& x, const std::vector<double>& y, double& slope, double& intercept);
}
#endif
