// SPDX-License-Identifier: BSD-3-Clause
/**
 * A control grid of heights from scattered elevation points by inverse
 * distance weighting, pipeline-free (the Control Grid From Points filter).
 *
 * The grid has m × m nodes, m = 2^K + 1, over the x–y bounds
 * [x0, x1] × [y0, y1]; node g (i fastest) is at (x0 + i dx, y0 + j dy).
 * Each node gets h = Σ wᵢ hᵢ / Σ wᵢ with wᵢ = 1 / dᵢ^p, dᵢ the horizontal
 * distance to point i; a node within 1e-12 of the bounds' larger side of a
 * point takes that point's height exactly (the first such point).
 */
#ifndef cmControlGrid_h
#define cmControlGrid_h

#include "cmParallelFor.h"

#include <functional>
#include <string>
#include <vector>

namespace cm::fractal
{
/// "" or the problem of the height source: without UseZCoordinate the
/// selected point array must exist (`found`) and have 1 component.
std::string CheckHeightArray(bool found, int components);

/// "" or the problem of the gathered input: no points, or empty x-y bounds
/// {x0, x1, y0, y1}. A sentence ending with '.'.
std::string CheckControlGridPoints(long long numberOfPoints, const double bounds[4]);

/// The grid's layout: m = 2^level + 1 nodes a side and the spacing.
struct ControlGridLayout
{
  int M = 0;
  double Dx = 0, Dy = 0;
};
ControlGridLayout LayOutControlGrid(int level, const double bounds[4]);

/**
 * The m × m heights by inverse distance weighting of the points xyh (x, y,
 * height; n of them) with power `power`. Runs in blocks of rows, calling
 * `progressAbort` with the fraction done after each; returns false when it
 * asked to stop (the heights are then incomplete).
 */
bool InterpolateControlGrid(const std::vector<double>& xyh, const double bounds[4], int level,
  double power, double* heights, const ParallelFor& pf = nullptr,
  const std::function<bool(double)>& progressAbort = nullptr);
}
#endif
