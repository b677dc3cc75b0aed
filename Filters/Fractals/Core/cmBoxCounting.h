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
 * along each axis (the smallest cover, as the definition asks). The dimension is the least-squares
 * slope of log N against log(1/ε). The levels must lie in the data's scaling range: boxes much
 * larger than the set or smaller than its resolution (segment length, point spacing) bend the line.
 */
#ifndef cmBoxCounting_h
#define cmBoxCounting_h

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace cm::fractal
{
struct BoxCountResult
{
  std::vector<double> Level; ///< k in ε = L / 2^k (fractional with several steps per octave)
  std::vector<double> BoxSize;
  std::vector<double> Count;
  double Slope = 0; ///< the box-counting dimension
  double Intercept = 0; ///< of log N = Slope · log(1/ε) + Intercept
  bool Aborted = false; ///< `progressAbort` asked to stop (the rest is then incomplete)
};

/// Points xyz (n of them); `segments` holds pairs of point indices (may be
/// empty for a point set). `progressAbort`, when set, is called with the
/// fraction done after every grid; returning true stops the count (Aborted).
BoxCountResult BoxCount(const double* xyz, long long n, const std::vector<long long>& segments,
  int minimumLevel, int maximumLevel, int stepsPerOctave = 4,
  const std::function<bool(double)>& progressAbort = nullptr);

/// Box sizes from the data: boxes of size L/m (L the bounding cube's side)
/// for whole m = round(2^(j / stepsPerOctave)), each m once, so that the
/// boxes tile the cube exactly (a filled square counts m², a straight line
/// about m). From m = 4 (a quarter of the cube; coarser boxes see only the
/// set's outline) down to the data's resolution: polylines to a quarter of
/// the median segment length ℓ (at least m = 256; fewer when the segments'
/// samples would exceed 2^24 per shifted grid); point sets while the boxes
/// hold 4 points or more on average (N <= n/4; below that the points, not
/// the set, are counted). Level is log2(m).
///
/// The polyline range L/4 .. ℓ/4 spans the curve's own scale factor L/ℓ, a
/// whole number of periods of a curve drawn with a fixed scale ratio (the
/// Koch curve of n iterations: n periods of 3x), so the log-periodic wobble
/// of the counts averages out; the last two octaves, where the segments
/// count as straight lines (slope 1), offset the steeper counts of the
/// coarse boxes. Measured with the defaults (4 sizes per octave,
/// FiltersFractals.TestBoxCounting): Koch curve of 5, 6, 7 iterations 1.2653,
/// 1.2647, 1.2684 (1.2619); Sierpinski gasket of 200000 chaos-game points
/// within 0.01 of 1.5850; a straight line 1.01; a filled square 2.0000. Not
/// the Sierpinski arrowhead curve: its segments turn straight at once below
/// ℓ, and the range's last two octaves pull it to 1.46 (give it
/// MinimumLevel 3 and MaximumLevel 8: 1.583).
BoxCountResult BoxCountFromData(const double* xyz, long long n,
  const std::vector<long long>& segments, int stepsPerOctave = 4, double firstM = 0,
  double lastM = 0, const std::function<bool(double)>& progressAbort = nullptr);

/// "" or the problem of the level range (both given, maximum below minimum).
std::string CheckBoxLevels(int minimumLevel, int maximumLevel);

/// The Fractal Dimension filter's count: BoxCount over the levels when both
/// are given (>= 0), else BoxCountFromData from 2^minimumLevel to
/// 2^maximumLevel boxes a side (either bound from the data when negative).
BoxCountResult MeasureBoxCounting(const double* xyz, long long n,
  const std::vector<long long>& segments, int minimumLevel, int maximumLevel, int stepsPerOctave,
  const std::function<bool(double)>& progressAbort = nullptr);

/// "" or the problem of a count with fewer than 3 box sizes (n points).
std::string CheckBoxCount(const BoxCountResult& r, long long n);

/// The table of a count: one row per box size with these columns.
extern const char* const BoxCountColumns[6];
std::vector<std::array<double, 6>> BoxCountTable(const BoxCountResult& r);

/// Indices of the values above `threshold` (the set of a binary image).
std::vector<long long> IndicesAbove(const double* values, long long n, double threshold);

/// Least-squares slope and intercept of y against x.
void FitLine(
  const std::vector<double>& x, const std::vector<double>& y, double& slope, double& intercept);
}
#endif
