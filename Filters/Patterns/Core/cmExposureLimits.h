// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmExposureLimits.h
 * @brief RF exposure reference levels (ICNIRP 2020, FCC 47 CFR 1.1310 / OET-65) and the
 *        exposure ratio of a field against them (pipeline free).
 *
 * Sources (every table row in cmExposureLimits.cpp cites its document, table and row):
 *  - ICNIRP, "Guidelines for limiting exposure to electromagnetic fields (100 kHz to
 *    300 GHz)", Health Phys. 118(5):483–524, 2020, Table 5: reference levels for exposure
 *    averaged over 30 min and the whole body (unperturbed RMS values), occupational and
 *    general public, 100 kHz – 300 GHz. f_M is the frequency in MHz.
 *  - 47 CFR § 1.1310 Table 1 "Limits for Maximum Permissible Exposure (MPE)" (the table
 *    FCC OET Bulletin 65, Ed. 97-01, reproduces as its Table 1): (A) occupational/
 *    controlled and (B) general population/uncontrolled, 0.3 MHz – 100 GHz, power
 *    density in mW/cm² (1 mW/cm² = 10 W/m²); a starred value is a plane-wave equivalent.
 *
 * Frequency rows are half-open on the left, (lo, hi], as ICNIRP writes them (">30–400
 * MHz"); the first row of a table includes its lower end. FCC writes "30–300", "300–1500"
 * without saying which row owns the break; the same rule is used (at 300 MHz the two FCC
 * rows agree anyway: 0.2 = 300/1500 mW/cm²).
 *
 * A quantity the table leaves out ("NA" in ICNIRP, "—" in FCC) is NaN in ReferenceLevels.
 *
 * Exposure ratio. All ratios are power ratios (1 = at the reference level), so they add
 * over several sources and the ratio-1 contour is the same for every quantity:
 *   R_E = (E_rms / E_L)²,   R_H = (H_rms / H_L)²,   R_S = S_eq / S_L,
 * with S_eq = max(E_rms²/η0, η0·H_rms²) over the fields given (the equivalent plane-wave
 * power density; in the far zone both are equal). Where the table gives no E (or H)
 * level, R_E uses the plane-wave equivalent of S_L (R_E = E_rms²/(η0 S_L)); where it gives
 * no S level, R_S = max(R_E, R_H). R_max is the largest of the ratios the fields allow.
 *
 * Exposure Ratio (the filter) is ComputeExposure over the grid's points: the solve's
 * complex peak amplitudes (input power P_in) scaled to the transmit power P give
 *   E_rms² = s·Σ|E_i|²,  s = ½·P/P_in  (s = P/P_in when the amplitudes are RMS),
 * and the ratios above at every point, shown in dB as 10·log10(max(R, 1e-30)).
 *
 * Compliance distances: along each of the six axis rays from the source (the grid's
 * SourcePosition[m], else the centre of its bounds) RaySamples samples of the ratio in dB
 * from the source to the grid's edge; ComplianceDistance per ray, reported finite
 * (ComplianceDistances: status 0 a crossing, 1 below the limit everywhere (0 m), 2 still
 * above it at the edge (the distance to the edge), 3 the ray misses the grid (−1 m)).
 */
#ifndef cmExposureLimits_h
#define cmExposureLimits_h

#include "cmParallelFor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
namespace exposure
{
/// The free-space wave impedance μ0·c (Ω), used for the plane-wave equivalents.
constexpr double FreeSpaceImpedance = 376.730313668;

/// The reference-level tables, in the order of the filter's Standard property.
enum class Standard
{
  IcnirpGeneralPublic = 0,
  IcnirpOccupational = 1,
  FccGeneralPopulation = 2,
  FccOccupational = 3
};
constexpr int NumberOfStandards = 4;

/// A display name such as "ICNIRP 2020 general public".
const char* StandardName(Standard s);

/// The frequency range (Hz) a table covers.
double MinimumFrequency(Standard s);
double MaximumFrequency(Standard s);

/// The reference levels at one frequency (RMS values).
struct ReferenceLevels
{
  bool Valid = false; ///< false outside the table's frequency range
  double E = 0; ///< V/m, NaN when the table gives none
  double H = 0; ///< A/m, NaN when the table gives none
  double S = 0; ///< W/m², NaN when the table gives none
  int Row = -1; ///< index of the table row used
};

/// The levels of table `s` at frequency `hz`.
ReferenceLevels LevelsAt(Standard s, double hz);

/// Which ratio the filter shows as ExposureRatio.
enum class Quantity
{
  Maximum = 0,
  ElectricField = 1,
  MagneticField = 2,
  PowerDensity = 3
};

struct Ratios
{
  double E = 0, H = 0, S = 0, Max = 0; ///< NaN when the fields do not allow the ratio
  double Of(Quantity q) const;
};

/**
 * The exposure ratios of RMS field magnitudes `eRms` (V/m) and `hRms` (A/m) against
 * `levels`; pass NaN for a field the grid does not have (at least one must be finite).
 */
Ratios RatiosAt(const ReferenceLevels& levels, double eRms, double hRms);

/**
 * The compliance distance along one ray from the source, from the ratio in dB sampled at
 * increasing distances `t[0..n)` (valid[k] false where the sample lies outside the grid):
 * the distance where the ratio last falls through 0 dB going outward, linearly
 * interpolated between the two samples around the crossing; 0 when no valid sample
 * reaches 0 dB; +inf when the last valid sample is still at or above 0 dB (the boundary
 * lies beyond the grid); NaN when no sample is valid (the ray misses the grid).
 */
double ComplianceDistance(
  const double* t, const double* ratioDb, const unsigned char* valid, int n);

/// |F|² per point from 3-component real and imaginary parts (x y z each).
std::vector<double> SquaredMagnitudes(const double* re, const double* im, std::int64_t n);

/// |F|² per point from magnitudes.
std::vector<double> SquaredMagnitudes(const double* magnitude, std::int64_t n);

/**
 * The input checks of Exposure Ratio, in order; "" when the grid can be rated, with
 * `levels` the table's levels and `inputPower` the power in use (the InputPower setting, or
 * the grid's when the setting is 0). `frequency` and `gridInputPower` are the grid's field
 * data (NaN when absent); `points` its number of points; `hasFields` whether it has E or H
 * arrays.
 */
std::string CheckExposureInput(Standard standard, double frequency, double transmitPower,
  double inputPowerSetting, double gridInputPower, std::int64_t points, bool hasFields,
  ReferenceLevels& levels, double& inputPower);

/// The point arrays of Exposure Ratio (E and H empty without that field).
struct ExposureArrays
{
  std::vector<double> Ratio, RatioDb, E, H, S, SEq;
};

/**
 * The ratios at n points from |E|² and |H|² (either empty when the grid lacks the field):
 * RMS² = scale·|F|²; Ratio is the `quantity` ratio, or R_max where that needs a missing
 * field; SEq the equivalent plane-wave power density (W/m²). The loop runs through `pf`.
 */
ExposureArrays ComputeExposure(const std::vector<double>& e2, const std::vector<double>& h2,
  std::int64_t n, double scale, const ReferenceLevels& levels, Quantity quantity,
  const ParallelFor& pf = ParallelFor());

/// Samples per axis ray for the compliance distances.
constexpr int RaySamples = 2000;
/// The names of the six rays.
extern const char* const RayNames[6];

/**
 * The compliance origin: `center` when `useCenter`, else per axis the grid's source
 * position `source` (NaN where absent) or the centre of `bounds` (xmin xmax ...; 0 when
 * `hasBounds` is false). `reach` is then the distance from the origin to the bounds'
 * face along each ray (+x −x +y −y +z −z; 0 without bounds).
 */
void ComplianceOrigin(bool useCenter, const double center[3], const double source[3],
  bool hasBounds, const double bounds[6], double origin[3], double reach[6]);

/// The 6 × RaySamples sample points (x y z) of the rays, the outward distance along ray r
/// of sample s being max(reach[r], 0)·s/(RaySamples − 1).
std::vector<double> RayPoints(const double origin[3], const double reach[6]);

/**
 * The compliance distance of each ray from the ratio in dB at its samples (`db` and
 * `valid`, 6 × RaySamples as RayPoints orders them): `distance` (m) and `status` (0 to 3,
 * see the file comment), both finite.
 */
void ComplianceDistances(
  const double reach[6], const double* db, const double* valid, double distance[6], int status[6]);
} // namespace exposure
} // namespace cm

#endif
