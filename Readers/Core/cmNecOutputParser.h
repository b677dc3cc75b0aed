// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecOutputParser.h
 * @brief Internal to the NEC-2 output parser (cmNec*.cpp): the parser's state and the
 * helpers its sections share. Not part of the readers' API: include cmNecOutput.h.
 *
 * One class reads the file; its members are defined by concern:
 *  - cmNecOutput.cpp: the section loop (Run), solutions, table rows and banners;
 *  - cmNecStructure.cpp: the structure echo (SP/SM patches) and its GX/GR/GM/GS copies;
 *  - cmNecPatchMatch.cpp: tying SURFACE PATCH DATA to echo polygons (splits, squares, shared
 * corners);
 *  - cmNecTables.cpp: SEGMENTATION DATA, SURFACE PATCH DATA, wire currents, ports and loads;
 *  - cmNecPatchCurrents.cpp: SURFACE PATCH CURRENTS (fast row path, parallel blocks);
 *  - cmNecPattern.cpp: RADIATION PATTERNS.
 */
#ifndef cmNecOutputParser_h
#define cmNecOutputParser_h

#include "cmNecOutput.h"
#include "cmNecText.h"

#include "cmConstants.h"
#include "cmTextSearch.h"
#include "cmVec3.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace cm
{
namespace nec
{
// The shared 3-vector and constants (Filters/Common/Core).
using cm::Add;
using cm::Cross;
using cm::Dot;
using cm::FindNoCase;
using cm::Norm;
using cm::Scale;
using cm::Sub;
using cm::Vec3;

/// Every banner and keyword of the parser is matched without regard to case or to runs
/// of spaces (cmNecText.h); this name keeps the sections' code short.
inline bool ContainsNoCase(std::string_view hay, std::string_view upperPhrase)
{
  return HasNecPhrase(hay, upperPhrase);
}

inline bool IsDigit(char c)
{
  return c >= '0' && c <= '9';
}

/// A plain nec2c table row of exactly `n` fields, an integer (`number`) then n - 1
/// finite numbers (`values`), read as the general path reads it; false for any other
/// line, which the caller reads the general way (cmNecPatchCurrents.cpp).
bool FastRow(std::string_view line, int n, std::int64_t& number, double* values);

/// Section banners that end a table's header search (cmNecOutput.cpp).
bool IsBanner(std::string_view line);
/// Numeric rows start with a digit, a point or a signed number; banners never do.
bool StartsNumeric(std::string_view line);

/// A patch as the structure echo describes it, before NEC splits any for wires.
struct EchoPatch
{
  int Corners = 0; ///< 0 when the shape is unknown (an arbitrary 'P' patch)
  std::array<Vec3, 4> P{};
  Vec3 Centre{};
  double Area = 0;
  bool Used = false;
};
/// Area and area centroid by a fan from corner 0 (cmNecStructure.cpp).
void Measure(EchoPatch& e);

/// What the tables say about one patch (metres), after NEC's splits.
struct DataPatch
{
  Vec3 Centre, Normal, T1, T2;
  double Area;
};

/// The corners of a structure's polygons, in mesh order, and the grid that merges
/// those closer than Eps (1e-9 of the model size) in each axis; the cell is 2 Eps.
struct MergeGrid
{
  std::vector<Vec3> Corners;
  double Lo[3] = { 0, 0, 0 };
  double Eps = 0, Cell = 0;
};
/// For every corner, the first corner whose point it shares (itself for a new point),
/// exactly as the serial merge (cmNecPatchMatch.cpp) finds it, on the threads; false
/// when a cluster of close points is too large or a cell too far, for the serial merge
/// (cmNecVertexMerge.cpp).
bool MergeCornersParallel(
  const MergeGrid& g, const ParallelFor& pf, std::vector<std::int64_t>& creator);
/// The polygons as a mesh with shared corners, each counter-clockwise about its row's
/// printed normal; `serial` merges the corners with the serial grid, as the reference
/// of the parallel merge (cmNecPatchMatch.cpp).
void MeshPolygons(const std::vector<EchoPatch>& poly, const std::vector<DataPatch>& data,
  SurfaceMesh& mesh, const ParallelFor& pf, bool serial = false);

struct SegmentGeometry
{
  Vec3 Centre, Direction;
  double Length;
};

/// State of one structure (NEC's NX card starts a new one in the same file).
struct Structure
{
  std::vector<EchoPatch> Echo;
  std::vector<DataPatch> Data;
  std::vector<SegmentGeometry> Segments;
  std::int64_t TotalPatches = -1; ///< "TOTAL PATCHES USED", when printed
  bool Built = false;
  std::shared_ptr<SurfaceMesh> Geometry; ///< polygons only (Build()); every solution shares them
};

/// Thrown by Parser::Run() when a deferred SURFACE PATCH CURRENTS row is not a
/// plain nec2c row: the caller parses again with `defer` off, which reads or
/// reports such rows in file order (so the first error is the serial one).
struct DeferredRowsRefused
{};

/// Rows per block of the parallel SURFACE PATCH CURRENTS pass.
constexpr std::int64_t CurrentBlockRows = 512;

/// A SURFACE PATCH CURRENTS table whose rows from `First` on are left for
/// Parser::FlushCurrents().
struct DeferredCurrents
{
  std::size_t Solution = 0; ///< index in NecOutput::Solutions
  std::int64_t First = 0, Patches = 0; ///< rows First..Patches-1 are deferred
  double Lambda = 0;
  std::vector<std::size_t>
    BlockStarts; ///< text offset of every CurrentBlockRows-th row, then the end
  std::vector<double> Re, Im; ///< J of rows 0..First-1, then room for all
};

class Parser
{
public:
  /// With a `parallel` loop and `defer`, long SURFACE PATCH CURRENTS tables
  /// are parsed at once on the threads (Run() may then throw DeferredRowsRefused).
  Parser(std::string_view text, const std::string& fileName, const ParallelFor& parallel,
    bool defer = false)
    : S(text, fileName)
    , Text(text)
    , Parallel(parallel)
    , Defer(defer)
    // A patch takes at least one data row of 64 bytes, which bounds every count.
    , MaxPatches(static_cast<std::int64_t>(text.size() / 64) + 16)
  {}

  NecOutput Run();

private:
  enum class Mode
  {
    None,
    Comments,
    Echo
  };

  void EchoLine(std::string_view line);
  void EchoPatchLine(std::int64_t number, char kind, std::string_view line);
  void EchoTransform(std::string_view line);
  void EchoReflect(std::string_view line); ///< GX
  void EchoRotate(std::string_view line, std::size_t n); ///< GR of the first n patches
  void EchoScale(std::string_view line); ///< GS
  void EchoMove(std::size_t n); ///< GM of the first n patches (the card is on the next line)
  void Grow(std::size_t extra);
  bool NextRow(int maxHeader, std::int64_t& headerLines, std::string_view& line);
  void ReadSegments();
  void ReadPatchData();
  /// The `count` SURFACE PATCH DATA rows after the first at once on the threads, when
  /// every one is a plain row in sequence; false (nothing read) otherwise.
  bool ReadPatchRowsParallel(std::int64_t count);
  void ReadFeeds();
  void ReadWireCurrents();
  void ReadPatchCurrents();
  void ReadPattern();
  /// The pattern's column header; false (the scanner back at the line) when the table
  /// is not the far-field layout.
  bool ReadPatternHeader(std::string& header);
  void ReservePatternRows(FarFieldGrid& g); ///< room for the rows that follow
  bool ReadPatternRow(FarFieldGrid& g); ///< false (the scanner back at it) past the last row
  void ReadPortTable(std::string_view banner); // cmNecPorts.h: input parameters, budget, loads
  NecSolution& Solution(bool fresh);
  /// The optional blocks of the partial-result rule (NecOutput::Warnings).
  enum Block
  {
    PortTables,
    NearFields,
    Patterns,
    NumberOfBlocks
  };
  /// Runs `read` (one optional block); a ParseError becomes the block's warning.
  template <typename F>
  void Optional(Block which, F&& read)
  {
    try
    {
      read();
    }
    catch (const ParseError& e)
    {
      this->OptionalFailed(which, e);
    }
  }
  void OptionalFailed(Block which, const ParseError& e);
  /// After a ParseError in a later frequency of a sweep, or a sweep cut short: keeps
  /// the complete solutions before it with a warning; false when none is left.
  bool KeepEarlierSolutions(const std::string& problem, std::int64_t line);
  /// A sweep cut right after a FREQUENCY line: the earlier frequencies with a warning.
  void WarnUnsolvedFrequency();
  void AddSources(SurfaceMesh& mesh) const;
  void Build();
  double Lambda() const;

  LineScanner S;
  std::string_view Text;
  ParallelFor Parallel;
  bool Defer;
  std::vector<DeferredCurrents> Deferred;
  void RunSections();
  /// One line of the COMMENTS block; false at the next STRUCTURE SPECIFICATION.
  bool CommentLine(std::string_view line);
  /// A section banner: sets the mode and reads the table after it; false for none.
  bool SectionBanner(std::string_view line, Mode& mode);
  bool TableBanner(std::string_view line); ///< the geometry, current, pattern and near-field tables
  bool PortBanner(std::string_view line); ///< the port tables (cmNecPorts.h)
  /// A FREQUENCY or WAVELENGTH value line; false when the line is none.
  bool FrequencyLine(std::string_view line, Mode& mode);
  void StartMesh(SurfaceMesh& mesh) const;
  bool DeferCurrents(std::size_t solution, std::int64_t first, std::int64_t m, double lambda,
    std::vector<double>& re, std::vector<double>& im);
  void FlushCurrents();
  std::int64_t MaxPatches;
  std::vector<std::string_view> Tok;
  Structure Geo;
  NecOutput Out;
  double FrequencyHz = 0, PrintedLambda = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> Feeds; ///< (tag, segment)
  bool SawPatches = false;
  bool Open = false; ///< the last solution still takes tables of its frequency
  std::int64_t UnsolvedFrequencyLine = 0; ///< the last FREQUENCY line, until a table follows it
  std::vector<std::string_view> Row;
  NecNearFieldScanner Near; ///< NE/NH cards and tables (cmNecNearField.cpp)
  std::vector<NecPort> PendingPorts; ///< ANTENNA INPUT PARAMETERS of the solve being printed
  NecPowerBudget PendingPower; ///< a POWER BUDGET printed before its solution existed
  std::vector<NecLoad> Loads; ///< the STRUCTURE IMPEDANCE LOADING last printed
  std::vector<ParseError> FirstFailure[NumberOfBlocks]; ///< the first error of each optional block
};
} // namespace nec
} // namespace cm
#endif
