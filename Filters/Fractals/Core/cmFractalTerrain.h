// SPDX-License-Identifier: BSD-3-Clause
/**
 * Random midpoint displacement (MPD) fractional Brownian motion, pipeline-free.
 *
 * Surface (the chapter's §9.2.2): start from the four corner heights of a
 * quad; at every level displace the midpoint of every edge by a Gaussian
 * amount, take the centre as the mean of the four displaced edge midpoints
 * (the midpoint of the two displaced mid-lines), optionally displaced too,
 * and split into four. After n levels the grid has (2^n+1)^2 points.
 *
 * Displacement variance at level k (k = 1 is the first subdivision), Saupe's
 * MidPointFM ("The Science of Fractal Images", 1988):
 *
 *     Δ_k² = σ² (1 − 2^(2H−2)) / 2^(2kH)
 *
 * which makes Var[h(x+d) − h(x)] = σ² d^(2H) (d relative to the side) for
 * dyadic point pairs, i.e. fBm with Hurst exponent H and D = 3 − H.
 *
 * MPD is not stationary: pairs that straddle a coarse grid line differ more
 * than pairs inside a cell. The law above holds for grid-aligned pairs (both
 * points nodes of the level whose spacing is d); averaged over all positions
 * the log-log slope is biased towards 1 (about 0.55 at H = 0.2, 1.45 at
 * H = 0.8), the well-known creases of MPD terrain.
 *
 * Random numbers are cm::CounterGaussian(seed, level, index-in-level-grid),
 * so a point's value never depends on which other points are computed: any
 * window (piece) of the grid is computed exactly as in the full grid, and
 * more levels refine the same coarse terrain.
 *
 * Constrained fractal interpolation: a control grid of m×m heights,
 * m = 2^K+1, K ≤ n, replaces the grid at level K; MPD then continues to
 * level n, so the result passes exactly through the control heights.
 */
#ifndef cmFractalTerrain_h
#define cmFractalTerrain_h

#include "cmCounterRng.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm::fractal
{
struct TerrainParameters
{
  int Levels = 8; ///< n: the grid is (2^n+1)^2
  double Hurst = 0.5; ///< H in (0, 1]
  double Sigma = 1.0; ///< σ: overall roughness scale
  std::uint64_t Seed = 0; ///< seed of the counter-based generator
  double CornerHeights[4] = { 0, 0, 0, 0 }; ///< (0,0), (N,0), (N,N), (0,N)
  bool DisplaceCentre = false; ///< also displace face centres (Saupe's 2-D variant)
  int ControlLevel = -1; ///< K, or −1 for no control grid
  const double* ControlHeights = nullptr; ///< (2^K+1)^2 values, i fastest
};

/// Inclusive index window [I0, I1] × [J0, J1] of the final grid.
struct TerrainWindow
{
  int I0 = 0, I1 = 0, J0 = 0, J1 = 0;
  int Nx() const { return I1 - I0 + 1; }
  int Ny() const { return J1 - J0 + 1; }
};

/// One level's values on the index range [A0, A1] × [B0, B1] of that level.
struct TerrainLevel
{
  int A0 = 0, A1 = 0, B0 = 0, B1 = 0;
  std::vector<double> V, D;
  int Nx() const { return A1 - A0 + 1; }
  double& At(int i, int j) { return V[std::size_t(j - B0) * Nx() + (i - A0)]; }
};

/// Buffers that repeated calls may reuse (fresh memory costs page faults).
struct TerrainScratch
{
  TerrainLevel Levels[2];
};

/// Standard deviation of the displacement at level k (Saupe's MidPointFM).
double MidpointSigma(double sigma, double hurst, int level);

/// Checks parameters; returns an empty string or the problem.
std::string ValidateTerrain(const TerrainParameters& p);

/**
 * Heights on the window `w` (row-major, i fastest; Nx·Ny values).
 * `displacement`, when not null, receives the displacement each point got at
 * the level it was created (0 for corners and control points).
 * `abort` is polled between levels; `progress` is called with [0,1].
 */
bool GenerateTerrain(const TerrainParameters& p, const TerrainWindow& w,
  std::vector<double>& height, std::vector<double>* displacement, const ParallelFor& pf = nullptr,
  const std::function<bool(double)>& progressAbort = nullptr, TerrainScratch* scratch = nullptr);

/**
 * Peak cutting: `iterations` Jacobi sweeps; a point that is a strict local
 * maximum or minimum of its 8-neighbourhood (a spike) moves by `strength`
 * towards its neighbours' mean. Points for which `fixed(i, j)` is true
 * (global indices) never move. Values within `iterations` of an interior
 * window edge are not exact: grow the window by that much and crop.
 */
void CutPeaks(std::vector<double>& height, const TerrainWindow& w, double strength, int iterations,
  const std::function<bool(int, int)>& fixed, const ParallelFor& pf = nullptr);

/// Unit normals of a window of points xyz (3 per point, i fastest) by
/// central differences (one-sided at the window edges).
void GridNormals(const double* xyz, int nx, int ny, float* normals);

/// "" or, for a terrain of `levels` levels with more than `maximumPoints`
/// points, the sentence that refuses it (points and projected memory).
std::string TerrainSizeProblem(int levels, long long maximumPoints);

/**
 * A control grid as the filter receives it: NumberOfPoints points (xyz, 3
 * per point, i fastest); the heights are `Heights` (one per point) when a
 * height array was found, else the points' z. HeightComponents is the
 * components of that array (0: none found), HeightName its name.
 */
struct ControlGridInput
{
  const double* Points = nullptr;
  const double* Heights = nullptr;
  long long NumberOfPoints = 0;
  int HeightComponents = 0;
  std::string HeightName;
};

/// What the Fractal Terrain filter makes: the MPD parameters, the corner
/// points (x, y, z; z is the corner height), peak cutting (0 iterations:
/// off) and whether the Displacement and Level arrays are wanted.
struct TerrainSurface
{
  TerrainParameters Parameters;
  double Corners[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
  int PeakCuttingIterations = 0;
  double PeakCuttingStrength = 0.5;
  bool ComputeDisplacement = false;
};

/**
 * Checks the control grid, when `grid` has points (m x m with m = 2^K + 1,
 * K <= the levels, one finite height per point), takes its heights (copied
 * to `store`) as level K and its corner points as the corners; then sets the
 * corner heights and validates the parameters. Returns "" or the problem as
 * a sentence (ending with '.').
 */
std::string PrepareTerrain(
  TerrainSurface& s, const ControlGridInput* grid, std::vector<double>& store);

/// Clamps the index extent {i0, i1, j0, j1} to the grid of `levels` levels;
/// false when nothing is left (an empty piece).
bool ClampTerrainExtent(int levels, int extent[4]);

/// The output arrays of a piece of Nx·Ny points (i fastest), allocated by
/// the caller; Displacement and Level may be null (then not computed).
struct TerrainOutput
{
  double* Points = nullptr; ///< xyz
  double* Elevation = nullptr;
  float* Normals = nullptr; ///< 3 per point
  long long* GlobalIds = nullptr; ///< j (2^n + 1) + i
  double* Displacement = nullptr;
  unsigned char* Level = nullptr; ///< the level that created each point
};

/**
 * The terrain on the clamped extent {i0, i1, j0, j1}: MPD on the extent
 * grown by the rows peak cutting and normals need, peak cutting (control
 * points fixed), bilinear x, y of the corners with z the height, normals,
 * cropped to the extent. Returns false when `progressAbort` stopped it.
 */
bool MakeTerrain(const TerrainSurface& s, const int extent[4], const TerrainOutput& out,
  const ParallelFor& pf = nullptr, const std::function<bool(double)>& progressAbort = nullptr);

/// 1-D MPD (Saupe's MidPointFM1D) with end heights y0, y1 on 2^n+1
/// samples; values for the inclusive index range [i0, i1].
void GenerateCurve(int levels, double hurst, double sigma, std::uint64_t seed, double y0, double y1,
  int i0, int i1, std::vector<double>& out);
}
#endif
