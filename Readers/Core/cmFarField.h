// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFarField.h
 * @brief The common far-field grid every pattern parser fills (NEC-2, FEKO .ffe, CST).
 *
 * One sample per (θ, φ), θ varying fastest, so sample k lies at θ index k % NumberOfTheta
 * and φ index k / NumberOfTheta. Angles are degrees exactly as the file prints them.
 * The complex components are as the file gives them (converted from magnitude and phase
 * where that is how they are printed). `Gain` is the total gain, directivity or
 * realized gain in dBi as printed; NEC's "no field" value -999.99 is kept, and at such
 * samples both complex components are set to exactly zero.
 *
 * Extra columns (NEC's partial gains, axial ratio, tilt; FEKO's partial gains) keep the
 * file's values under the names of the contract: `Gain_vert`/`Gain_horiz` or
 * `Gain_major`/`Gain_minor` (NEC), `Gain_theta`/`Gain_phi` (FEKO, CST), `AxialRatio`,
 * `Tilt`. NEC's polarization sense is kept as text in `Sense` ("LINEAR", "RIGHT",
 * "LEFT", or "" where the field is zero).
 */
#ifndef cmFarField_h
#define cmFarField_h

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cm
{
/// NEC-2's printed gain for a zero field.
constexpr double NoFieldDecibels = -999.99;
/// η0 (Ω), for directivity from fields: D = 4π |rE|² / (2 η0 Prad) with peak fields.
constexpr double FreeSpaceWaveImpedance = 376.730313668;

struct FarFieldGrid
{
  double Frequency = 0; ///< Hz
  std::string GainKind; ///< "Gain", "Directivity" or "Realized Gain"
  std::string SourceFormat; ///< "NEC-2", "FEKO", "CST"
  std::string Name; ///< request or table name when the file has one
  std::int64_t NumberOfTheta = 0;
  std::int64_t NumberOfPhi = 0;
  std::vector<double> Theta, Phi; ///< degrees
  std::vector<double> EthetaRe, EthetaIm; ///< V/m (or V, as printed)
  std::vector<double> EphiRe, EphiIm;
  std::vector<double> Gain; ///< dBi, or empty when the file has none
  std::vector<std::pair<std::string, std::vector<double>>> Extra;
  std::vector<std::string> Sense; ///< empty unless the file prints one
  /// The unit of the E columns as the file states it ("V", "V/m", "relative",
  /// "sqrt(Directivity)"...); empty when the format has always one (the readers' docs).
  std::string FieldUnit;
  /// Named values for the field data, one tuple each (e.g. CST's RadiatedPower, or its
  /// Position as 3 components), in the file's units.
  std::vector<std::pair<std::string, std::vector<double>>> Values;

  std::int64_t NumberOfSamples() const { return static_cast<std::int64_t>(Theta.size()); }
  /// The extra column of that name, created (empty) on first use.
  std::vector<double>& Column(const std::string& name);
};

/// Re/Im from a magnitude and a phase in degrees.
void FromMagnitudePhase(double magnitude, double phaseDegrees, double& re, double& im);

/**
 * Checks that the samples form a θ-fastest grid and sets NumberOfTheta/NumberOfPhi:
 * the θ values of the first φ run repeat in every run and φ is constant within a run.
 * Zeroes the fields where Gain is NoFieldDecibels. Throws ParseError(file, line, ...)
 * when the samples are not a grid or a column length disagrees.
 */
void FinishFarFieldGrid(FarFieldGrid& grid, const std::string& file, std::int64_t line);

/**
 * Takes samples at any angles to the table's ranges, θ in [0, 180], φ in [0, 360), and
 * makes them the θ-fastest grid (then FinishFarFieldGrid). θ is taken modulo 360; a θ
 * beyond 180 (a negative θ) is the direction (360 − θ, φ + 180), where the unit vectors
 * θ̂, φ̂ of the solvers' formulas (openEMS, CST) are the negatives of the table's, so both
 * components change sign. A direction given twice keeps its first sample. A pole cell
 * (θ = 0 or 180) with no sample gets the field of the same pole at another φ, turned
 * into its own unit vectors; Gain and the extra columns are copied there, except the
 * `basisColumns` (per-component values of θ̂/φ̂, which turn with φ): NaN. Throws
 * ParseError(file, line, ...) naming a direction no sample gives.
 */
void MapToTableRanges(FarFieldGrid& grid, const std::string& file, std::int64_t line,
  const std::vector<std::string>& basisColumns = {});

/// True when some θ lies outside [0, 180] (MapToTableRanges is then needed).
bool HasThetaBeyondTable(const FarFieldGrid& grid);

/// ∮|rE|²/(2η0) dΩ in W on a grid θ 0…180 (trapezoid in θ) by φ evenly round the circle
/// (each φ step 360/NumberOfPhi); the caller checks that the grid is one.
double TrapezoidRadiatedPower(const FarFieldGrid& grid);

} // namespace cm
#endif
