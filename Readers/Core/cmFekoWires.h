// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFekoWires.h
 * @brief The wire segments of FEKO's text output (.out) with their currents, the
 * segment voltage sources' positions and the SCATTERING PARAMETERS block (pipeline free).
 *
 * `DATA OF THE SEGMENTS` gives two lines per segment (the Altair user guide's "Data for
 * Wire Segments"): the number, the label and the start point x1 y1 z1 (metres), then the
 * node numbers; then the medium ("Free s", cut to 6 characters, or a number), the end
 * point x2 y2 z2, the length and the radius. The start is the first three reals of the
 * first line, the rest the last five reals of the second.
 *
 * `VALUES OF THE CURRENT IN THE SEGMENTS in A` prints per segment its number, its centre
 * x y z (metres) and the magnitude and phase (degrees) of IX, IY, IZ: the current vector
 * I·û along the segment (û from start to end). The segment's current is I = IX ûx +
 * IY ûy + IZ ûz. Each printed centre must be the segment's midpoint and the vector must
 * lie along the segment (to the print's precision): a table that disagrees with the
 * geometry is an error. A request on some labels only prints some segments: the others
 * get NaN. Without DATA OF THE SEGMENTS (FromTable) the first table's rows are the
 * segments, as points at their printed centres. Each excitation, frequency and current request
 * prints its own table; the frequency is the last `FREQ =` before it, the name the current
 * request's (`Current request with name:`) or the excitation's `Name:`.
 *
 * `EXCITATION BY VOLTAGE SOURCE AT A SEGMENT` prints the port's position in FEKO 2021
 * and later (`Location of the port in m:     x =  1.59045E-02, y = ..., z = ...`), which
 * is taken as printed. Older versions print none; the source then sits on the segment
 * whose printed current is the source's current
 * (`DATA OF THE VOLTAGE SOURCE`, magnitude within 1 % and phase within 1° or 181°):
 * FEKO puts the gap at the segment's centre, where the table prints the current.
 *
 * `SCATTERING PARAMETERS` (FEKO 2017 and later) prints rows `S sink source re im |S| dB
 * phase` and `Reference impedance in Ohm: z0`, after each solve.
 */
#ifndef cmFekoWires_h
#define cmFekoWires_h

#include "cmFekoPorts.h"
#include "cmNecNetwork.h"

#include <complex>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
struct FekoSegment
{
  std::int64_t Number = 0;
  double Start[3] = { 0, 0, 0 }, End[3] = { 0, 0, 0 }; ///< metres
  double Length = 0, Radius = 0; ///< metres
  std::string Label;
};

/// One VALUES OF THE CURRENT IN THE SEGMENTS table: one current per segment (NaN
/// where the table has no row), in the segment order of DATA OF THE SEGMENTS.
struct FekoSegmentCurrents
{
  double Frequency = 0; ///< Hz
  std::string Name; ///< current request or excitation name
  std::vector<std::complex<double>> Current; ///< A, along start → end
  std::int64_t Line = 0; ///< the table's banner
};

struct FekoWires
{
  /// True when FEKO printed no DATA OF THE SEGMENTS (geometry output off, as CADFEKO
  /// runs often are): the segments are the first current table's rows, each a point at
  /// its printed centre (Start = End, Length 0), and a current's sign follows its
  /// largest component (the segment's direction is unknown).
  bool FromTable = false;
  std::vector<FekoSegment> Segments;
  std::vector<FekoSegmentCurrents> Tables; ///< in file order
  /// "Location of the port in m:" of each EXCITATION BY VOLTAGE SOURCE AT A SEGMENT
  /// block (FEKO 2021 and later), once per excitation name.
  std::vector<FekoSourcePosition> Locations;
};

/// The segments and their current tables (see the file comment). No DATA OF THE
/// SEGMENTS and no current table gives empty Segments. A damaged row or one that disagrees with the
/// geometry throws ParseError; with `notices`, a table after the first that fails is an optional
/// block (the tables before it are kept and one line names the file, line and problem), as is an
/// empty table.
FekoWires ParseFekoWires(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices);

/// True when the text has a DATA OF THE SEGMENTS banner.
bool HasFekoSegments(std::string_view text);

/// The positions of the voltage sources at segments: the printed locations, then each
/// other port of the first current table's frequency is matched to the one segment of that table
/// whose current is the port's (file comment). A port that matches no segment or several
/// is left out with a notice. Name: the excitation's name from `ports`, else "source <n>".
std::vector<FekoSourcePosition> FekoSegmentSourcePositions(const FekoWires& wires,
  const std::vector<FekoPort>& ports, const std::string& fileName,
  std::vector<std::string>* notices);

/**
 * The N-port network of the SCATTERING PARAMETERS blocks: ports 1..N (the largest
 * number printed), one point per frequency (the last `FREQ =` before a block; blocks at
 * one frequency add their entries). S as printed, against the printed reference
 * impedance (ReferenceImpedance; blocks with different ones are an error); entries a
 * frequency lacks are NaN, and Z = Z0 (1 + S)(1 − S)⁻¹, Y = Z⁻¹ only where S is
 * complete (else NaN). Port names "Port<k>". No block gives no ports. A damaged row
 * throws ParseError naming the file and line.
 */
Network ParseFekoScattering(std::string_view text, const std::string& fileName);

/// One frequency of an n-port from S entries keyed (sink, source), 1-based: S (NaN where
/// missing), Z = Z0 (1 + S)(1 − S)⁻¹ and Y = Z⁻¹ where S is complete, the worst pair.
/// Also the Palace port-S reader's (cmPalace.h).
void FillNetworkPoint(NetworkPoint& pt,
  const std::map<std::pair<std::int64_t, std::int64_t>, std::complex<double>>& entries,
  std::size_t n, double z0);
} // namespace cm
#endif
