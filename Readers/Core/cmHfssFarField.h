// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmHfssFarField.h
 * @brief Ansys HFSS far-field data files (`.ffd`) as the common far-field grid
 *        (pipeline free), with pyaedt's antenna metadata for gain.
 *
 * The layout, as HFSS 2026.1 writes it (pyaedt-examples' array exports) and as the older
 * exports in pyaedt's tests show it:
 *
 *     θstart θstop nθ          degrees; HFSS writes θ −180…180 as readily as 0…180
 *     φstart φstop nφ
 *     Frequencies N            (absent in some files: then blocks run to the end)
 *     Frequency f              Hz, one line per block
 *     Re(rEθ) Im(rEθ) Re(rEφ) Im(rEφ)   nθ·nφ rows, θ the outer loop, φ the inner
 *
 * The loop order is proved on the real files: with θ outer, every row at −θ equals minus
 * the row at (θ, φ + 180°) to 1e-14 (the same direction, θ̂ and φ̂ reversed), and the
 * first nφ rows (θ = 0 or −180, one direction) have one |E|; read φ-outer they differ by
 * as much as the field itself. Fields are r·E in peak volts (FieldUnit "V").
 *
 * Samples are taken to θ ∈ [0, 180], φ ∈ [0, 360) by MapToTableRanges, as the openEMS
 * reader does (a negative θ is (−θ, φ + 180°) with both components negated).
 *
 * The file carries no power. `Gain` is then the directivity from the field integrated
 * over the sphere, D = 4π|rE|²/(2η0·P), P = ∮|rE|²/(2η0) dΩ by the trapezoid rule on the
 * file's grid (GainKind "Directivity", field data `IntegratedPower` in W); a grid that does
 * not cover the sphere (θ 0…180 and φ evenly round the circle, at least 4 φ) has no
 * Gain and one warning. Where pyaedt's metadata gives the element's accepted power
 * Pacc > 0 at a frequency, `Gain` = 4π|rE|²/(2η0·Pacc) (GainKind "Gain"), with the
 * columns `Directivity` and, when the incident power is positive, `RealizedGain` =
 * 4π|rE|²/(2η0·Pinc) (dBi), and the field data AcceptedPower, IncidentPower,
 * RadiatedPower (the metadata's, W) and Position (m).
 *
 * Partial results: a block cut short, a bad row or a bad `Frequency` line after the
 * first complete block ends the reading there with one warning (file:line: problem);
 * in the first block it throws ParseError naming file and line. Counts are checked
 * against the bytes the file has before anything is allocated.
 */
#ifndef cmHfssFarField_h
#define cmHfssFarField_h

#include "cmParallelFor.h"
#include "cmFarField.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
struct HfssFarField
{
  std::vector<FarFieldGrid> Grids; ///< one per frequency, in the file's order
  std::vector<std::string> Warnings; ///< "file:line: problem"
};

/// With `parallel`, the rows of long frequency blocks are parsed on its threads (the same
/// values and the same first error on any thread count).
HfssFarField ParseHfssFarField(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel = {});

/// Two lines of `start stop count` (count a positive integer), then `Frequencies N`,
/// `Frequency f` or a row of 4 numbers.
bool LooksLikeHfssFarField(std::string_view head);

/// 10·log10(4π|rE|²/(2η0·power)) per sample (dBi), NoFieldDecibels where the field is zero.
std::vector<double> HfssGainColumn(const FarFieldGrid& g, double power);

/// One element of pyaedt's `pyaedt_antenna_metadata.json` (its `element_pattern` entry).
struct HfssElementPowers
{
  std::string Element; ///< the entry's key, e.g. "circ_patch_array[1,1]Circ_Patch_5GHz1_1:1"
  std::vector<double> Position; ///< `location` (m), 3 values or empty
  /// (frequency in Hz, power in W) pairs, as the metadata lists them.
  std::vector<std::pair<double, double>> Incident, Accepted, Radiated;
};

/**
 * Finds the element whose `file_name` is `ffdName` (the .ffd's name without folder) in
 * the metadata text. False with `problem` set ("file:line: ...") when the JSON is
 * malformed or the element or its powers are missing.
 */
bool ParsePyaedtMetadata(std::string_view json, const std::string& jsonFile,
  const std::string& ffdName, HfssElementPowers& out, std::string& problem);

/// Gain, Directivity and RealizedGain from the element's powers (see above); a
/// frequency without a positive accepted power keeps the directivity, with one warning.
void ApplyElementPowers(HfssFarField& ff, const HfssElementPowers& p, const std::string& jsonFile);
} // namespace cm
#endif
