// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecOutput.h
 * @brief Surface-patch currents from NEC-2 print output: nec2c, the Fortran NEC-2D and
 * nec2++ (cmNecPlusPlus.h) (pipeline free).
 *
 * NEC-2 writes no mesh file; its print output carries everything needed, spread over
 * four sections that this parser ties together:
 *  - the structure echo (`STRUCTURE SPECIFICATION`): one line per SP patch, `<n>P`
 *    (arbitrary: centre, elevation, azimuth, area), `<n>R`, `<n>T` or `<n>Q` with corners
 *    1 and 2, then a continuation line with corners 3 and 4 (for T the fourth is junk);
 *    an SM surface prints `<n>R ... SURFACE - NX BY NY PATCHES` and is cut into NX·NY
 *    parallelograms in NEC's order. GX/GR/GM/GS lines copy, move or scale what came before.
 *  - `SURFACE PATCH DATA` (metres): per patch the centre, unit normal, area and two unit
 *    tangents, after NEC split every patch that a wire end touches into 4 (so this list
 *    can be longer than the echo).
 *  - a `FREQUENCY : f MHz` line (nec2c) or `FREQUENCY= f MHZ` (NEC-2D); λ = 299.8/f m.
 *  - `SURFACE PATCH CURRENTS`: per patch its number, centre in wavelengths, the two
 *    tangential components (magnitude, phase) and Re/Im of Jx, Jy, Jz in A/m. nec2c
 *    prints one row per patch; NEC-2D prints the number on a line of its own.
 *  - `CURRENTS AND LOCATION` (wires): segment, tag, centre and length in wavelengths,
 *    current Re, Im, magnitude, phase; geometry is taken from SEGMENTATION DATA (metres).
 *  - `RADIATION PATTERNS` (`- - - RADIATION PATTERNS - - -` in NEC-2D): θ, φ, two partial
 *    gains (VERTC HORIZ or MAJOR MINOR) and the total in dB (POWER or DIRECTIVE GAINS),
 *    axial ratio, tilt, SENSE, |Eθ| phase, |Eφ| phase; φ outer, θ inner. `-999.99` dB is
 *    a zero field and SENSE is then blank, so such rows have one token fewer.
 *
 * Every FREQUENCY block (FR sweeps repeat them) starts a new NecSolution; a second solve
 * at the same frequency (a new EX then XQ) starts another. A wire-only model gives
 * solutions without patches.
 *
 * Each patch polygon is rebuilt from the echo corners when a patch (or, for a split
 * patch, its 4 pieces together) matches an echo patch by centre and area; otherwise it
 * becomes a square of the printed area centred at the printed centre with sides along
 * the two tangents, which is exactly the patch NEC integrates over. Every polygon is
 * ordered counter-clockwise about NEC's printed normal (outward on a proper closed
 * MFIE model) and coincident corners are merged so neighbours share vertices.
 *
 * Errors throw ParseError naming the file, the line and the problem: a truncated or
 * malformed table, a NaN, a patch number out of sequence, a model with patches whose
 * solution has no SURFACE PATCH CURRENTS, or no solution at all.
 */
#ifndef cmNecOutput_h
#define cmNecOutput_h

#include "cmFarField.h"
#include "cmNecNearField.h"
#include "cmNecPorts.h"
#include "cmSurfaceMesh.h"

#include <memory>
#include "cmTextScan.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cm
{
/// The speed of light NEC-2 uses (m/s): nec2c's CVEL and NEC-2D's WLAM both give λ = 299.8/f[MHz].
constexpr double NecSpeedOfLight = 299.8e6;

/// One wire segment of `CURRENTS AND LOCATION`, converted to metres.
struct NecWireSegment
{
  std::int64_t Segment = 0;
  std::int64_t Tag = 0;
  double Centre[3] = { 0, 0, 0 }; ///< metres
  double Direction[3] = { 0, 0, 0 }; ///< unit vector from SEGMENTATION DATA; zero if not printed
  double Length = 0; ///< metres
  double CurrentReal = 0; ///< A
  double CurrentImag = 0; ///< A
};

/// One solve: what NEC printed for one frequency (and excitation), in file order.
struct NecSolution
{
  double Frequency = 0; ///< Hz, as printed (5 significant digits)
  double Wavelength = 0; ///< metres, the λ NEC used to print positions
  bool HasPatchCurrents = false; ///< a SURFACE PATCH CURRENTS table was read
  /// This solve's values on the patches: J per element (none for a wire-only
  /// model), frequency, sources = fed segments. The polygons are not in it but
  /// in `Polygons`, shared by every solve of the structure (a sweep prints
  /// hundreds of solves of one structure); FullMesh() joins the two.
  SurfaceMesh Mesh;
  std::shared_ptr<const SurfaceMesh> Polygons; ///< Points, Offsets, Connectivity (null: no patches)
  /// Mesh with the polygons copied in: what a reader shows.
  SurfaceMesh FullMesh() const;
  std::vector<NecWireSegment> Wires; ///< CURRENTS AND LOCATION (empty when PT suppressed it)
  std::vector<FarFieldGrid> Patterns; ///< every RADIATION PATTERNS table, in file order
  std::vector<NecNearField> NearFields; ///< NE/NH tables (cmNecNearField.h), NE+NH pairs joined
  std::vector<NecPort> Ports; ///< ANTENNA INPUT PARAMETERS (cmNecPorts.h), one per source
  NecPowerBudget Power; ///< POWER BUDGET, when printed
  std::int64_t Line = 0; ///< line where the solve's first table was read
  std::vector<NecLoad> Loads; ///< STRUCTURE IMPEDANCE LOADING in force for this solve
};

struct NecOutput
{
  bool OriginalNec2D = false; ///< the Fortran print style (`FREQUENCY= ... MHZ`) was seen
  bool NecPlusPlus = false; ///< nec2++ wrote it (its banner; cmNecPlusPlus.h)
  std::int64_t EchoPatches = 0; ///< patches the structure echo describes, after GX/GR/GM copies
  std::int64_t SplitPatches = 0; ///< echo patches NEC divided into 4 for a wire connection
  std::int64_t SquarePatches = 0; ///< patches drawn as squares because no corners matched
  std::int64_t SkippedPatterns = 0; ///< RADIATION PATTERNS tables of an unknown layout, skipped
  std::vector<NecSolution> Solutions; ///< in file order (one per frequency and excitation)
  /// The COMMENTS block's lines (the deck's CM/CE text), trimmed, with their line numbers.
  std::vector<std::pair<std::int64_t, std::string>> Comments;
  /// The partial-result rule. When the currents (or, without them, the patterns) parse,
  /// an optional block that fails leaves only its own output empty and gives one
  /// warning, "file:line: problem (...)", per kind of block: the port tables (ANTENNA
  /// INPUT PARAMETERS, POWER BUDGET, STRUCTURE IMPEDANCE LOADING), the near fields, the
  /// radiation patterns, and a later frequency of a sweep (the earlier ones are kept).
  std::vector<std::string> Warnings;
  bool PortTablesFailed = false; ///< the Port Parameters output is to be empty
  bool NearFieldsFailed = false; ///< the Near Fields output is to be empty
  bool PatternsFailed = false; ///< the Radiation Pattern output is to be empty
};

/// Parses a whole output file's text; throws ParseError naming `fileName` and the line.
/// Long SURFACE PATCH CURRENTS tables are parsed in blocks of rows through
/// `parallel` (empty: one thread); the result and any error are the same on
/// every thread count (a table that is not plain nec2c rows is read serially).
NecOutput ParseNecOutput(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel = {});

/// Reads and parses a file.
NecOutput ReadNecOutputFile(const std::string& path, const ParallelFor& parallel = {});

/// The first solution's surface mesh, which is what the reader shows.
SurfaceMesh ReadNecSurfaceMesh(const std::string& path);

/// True when the text (say the first 4 KB) carries nec2c's banner, NEC-2D's banner or
/// comment block, or NEC's structure-specification header.
bool LooksLikeNecOutput(std::string_view head);

} // namespace cm
#endif
