// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPlanetPafx.h
 * @brief Planet 2 antenna files (.pafx): a zip archive of `antenna.paf`, the antenna
 * model (XML: AntennaModel with Name, Manufacturer, Version, Ports, and Patterns, each
 * Pattern naming its frequency, tilt, polarization, BoresightGain and BoresightGainUnit,
 * beamwidths, front-to-back ratio and AntennaPatternsEntryName), and one `.pap` per
 * pattern (XML: AntennaPatterns with a HorizontalPattern and a VerticalPattern, each
 * StartAngle, EndAngle, Step and Gains, `;`-separated relative gains in dB, ≤ 0).
 *
 * The layout is that of the Sinclair Technologies .pafx (Version 2.3, "Sinclair
 * Converter", 2016) in Strang00/pafx2msi. Each .pap becomes an MsiPattern (cmMsiPattern.h:
 * the attenuation is −gain, the angles StartAngle + k·Step taken modulo 360 as
 * pafx2msi maps them to MSI's 0..359, so MSI's angle conventions apply), with its
 * Pattern's metadata, and is reconstructed in 3-D by MsiToFarField.
 *
 * Partial results: a pattern whose entry is missing, damaged or malformed is one warning
 * (archive[entry]:line: problem) and the others are read; the archive is refused when
 * its directory or antenna.paf cannot be read or when no pattern can.
 */
#ifndef cmPlanetPafx_h
#define cmPlanetPafx_h

#include "cmMsiPattern.h"
#include "cmZipArchive.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
struct PafxPattern
{
  MsiPattern Pattern; ///< the cuts and the metadata as an MSI file would hold them
  std::string Entry; ///< the .pap entry's name in the archive
  std::int64_t Line = 0; ///< the Pattern element's line in antenna.paf
  double MinFrequencyHz = 0, MaxFrequencyHz = 0;
  std::string PolarizationType; ///< "Co", "Cross" or empty
  double HorizontalBoresight = 0, VerticalBoresight = 0; ///< degrees, as antenna.paf says
};

struct PafxAntenna
{
  std::string Name, Manufacturer, Version, Type, Comment;
  std::vector<PafxPattern> Patterns; ///< in antenna.paf's order, the failed ones left out
  std::vector<std::string> Warnings;
};

/// Reads a whole .pafx held in memory. Throws ParseError for a bad archive, a bad
/// antenna.paf, or when no pattern can be read; a pattern that fails is a warning.
PafxAntenna ReadPlanetPafx(std::string_view archive, const std::string& fileName,
  const RawInflate& inflate, const ZipLimits& limits = {});

/// antenna.paf alone: the antenna and its patterns' metadata (no cuts yet). `where`
/// names it in errors ("file.pafx[antenna.paf]").
PafxAntenna ParsePlanetPaf(std::string_view text, const std::string& where);

/// A .pap: fills p's Horizontal and Vertical cuts. Throws ParseError (where:line: problem).
void ParsePlanetPap(std::string_view text, const std::string& where, MsiPattern& p);

/// True for a zip (a local header first) that names an entry antenna.paf in the head
/// (its first local header) or the tail (its central directory) of the file.
bool LooksLikePlanetPafx(std::string_view head, std::string_view tail);

} // namespace cm
#endif
