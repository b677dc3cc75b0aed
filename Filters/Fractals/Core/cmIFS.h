// SPDX-License-Identifier: BSD-3-Clause
/**
 * Iterated function systems and the chaos game, pipeline-free.
 *
 * A map is x' = A x + t with A 3×3 (2-D maps have a zero third row and
 * column). Maps are written one per line (or ';'), numbers separated by
 * blanks or commas, in one of three formats:
 *   - Coefficients:  a b c d e f [p]   x' = a x + b y + e,  y' = c x + d y + f
 *   - Parameters:    r q θ φ e f [p]   the chapter's scales r, q and rotations
 *                                      θ, φ in degrees: a = r cos θ,
 *                                      b = −q sin φ, c = r sin θ, d = q cos φ
 *   - Affine3D:      a11 a12 a13 a21 a22 a23 a31 a32 a33 t1 t2 t3 [p]
 * Probabilities are either given (each map needs p; they must sum to 1) or
 * derived from each map's area (volume) share |det A| as the chapter does;
 * a map with |det A| = 0 (the fern's stem) still gets 1% of Σ|det|.
 *
 * The chaos game is split into blocks of 4096 points. Block b starts at the
 * fixed point of map 0 (a point of the attractor), iterates 32 burn-in steps
 * and then point k uses map choice cm::CounterUniform(seed, 0, k). Every
 * point is a function of (seed, k) only, so blocks run in parallel and any
 * piece [begin, end) equals the same points of the serial run.
 */
#ifndef cmIFS_h
#define cmIFS_h

#include "cmCounterRng.h"

#include <functional>
#include <string>
#include <vector>

namespace cm::fractal
{
struct AffineMap
{
  double A[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 0 };
  double T[3] = { 0, 0, 0 };
  double Probability = 0;
  bool HasProbability = false;
};

enum class MapFormat
{
  Coefficients = 0,
  Parameters = 1,
  Affine3D = 2
};

/// Parses the maps; "" or a message naming the map (line) and column.
std::string ParseMaps(const std::string& text, MapFormat format, std::vector<AffineMap>& maps);

/// Sets the probabilities: checks the given ones (sum 1 within 1e-6) or
/// derives them from |det A|. Returns "" or the problem.
std::string ResolveProbabilities(std::vector<AffineMap>& maps, bool given);

/// Points k in [begin, end): xyz (3 per point) and the index of the map
/// that produced each.
void ChaosGame(const std::vector<AffineMap>& maps, std::uint64_t seed, long long begin,
  long long end, double* xyz, unsigned char* mapIndex, const ParallelFor& pf = nullptr);

struct IFSPreset
{
  const char* Name;
  MapFormat Format;
  const char* Maps; ///< with probabilities
  int SimilarityN; ///< N equal maps of scale S (0: not self-similar)
  double SimilarityS;
};

/// Index 0 is "Custom".
const std::vector<IFSPreset>& IFSPresets();

/// "" or, for more than `maximumPoints` points, the sentence that refuses
/// them (with the projected memory).
std::string IFSSizeProblem(long long numberOfPoints, long long maximumPoints);

/// Whether `preset` selects the Custom maps (0 or out of range).
bool IsCustomIFS(int preset);

/**
 * The maps of the Iterated Function System filter: the preset's (with
 * their given probabilities) or, for Custom, `custom` in `format` with the
 * given probabilities or the |det A| shares. Returns "" or the problem.
 */
std::string PrepareMaps(int preset, const std::string& custom, MapFormat format,
  bool useGivenProbabilities, std::vector<AffineMap>& maps);

/// ChaosGame over [begin, end) in chunks of 2^22 points, calling
/// `progressAbort` with the fraction done before each chunk; false when it
/// asked to stop (the arrays are then incomplete).
bool ChaosGameInChunks(const std::vector<AffineMap>& maps, std::uint64_t seed, long long begin,
  long long end, double* xyz, unsigned char* mapIndex, const ParallelFor& pf = nullptr,
  const std::function<bool(double)>& progressAbort = nullptr);

/// One vertex cell per point: offsets 0..n (n + 1 values), connectivity 0..n−1.
void VertexCells(
  long long n, long long* offsets, long long* connectivity, const ParallelFor& pf = nullptr);
}
#endif
