// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmGmshFormat.h
 * @brief Gmsh MSH 1, 2.x, 3, 4.0 and 4.1: the surface elements (triangles and quads of any
 *        order) and their data views (pipeline free).
 *
 * ASCII sections are read as Gmsh reads them, token by token (fscanf): values may be
 * spread over lines any way (several node coordinates on a line, as MshIO writes 4.1), and
 * a failure names the line of the token it is about. One element per line is still
 * required (a line holding more nodes than the element's type has is refused: a wrong
 * type, not a second element).
 *
 * Versions: MSH 1 (`$NOD`/`$ELM`, no `$MeshFormat`), 2.0-2.2 and 3 (flat node and element
 * lists; MSH 3 nodes carry their entity and parametric coordinates, elements their data),
 * 4.0 and 4.1 (entity blocks). `$MeshFormat` gives the version, the file type (0 ASCII,
 * 1 binary) and the size of size_t. Binary: 2.x, 3 and 4.1, either byte order (the
 * integer 1 after `$MeshFormat` tells it); MSH 2 elements in blocks of one type, MSH 3
 * per element (tag type entity ndata data...), MSH 4.1 in entity blocks of size_t and
 * ints. Binary 4.0 is refused (Gmsh 4.1 and later neither write nor read it). Versions
 * below 2 in `$MeshFormat` or from 5 are refused.
 *
 * Elements: every triangle and quad type of any order is read as its linear corner
 * element (Gmsh lists corner nodes first): 3-node triangles (2), 4-node quads (3) as
 * they are, second- and higher-order ones (9, 10, 16, 20-25, 36-61...) counted in
 * LinearizedTypes and reported in one warning. Points, lines and volume elements are
 * skipped and counted per type (reported once by the reader). Node and element tags need
 * not be contiguous or sorted.
 *
 * Views: `$NodeData` (points), `$ElementData` (cells) and `$ElementNodeData` (cells: the
 * mean of the element's corner values, which is the mean over the element of the linear
 * field through its corners): string tags (the name), real tags (time), integer tags
 * (step, components 1/3/9, count), then `tag [nodes] values...`. A view may cover only
 * some entities; the rest read as NaN. Two views named `"<name> (real)"` and
 * `"<name> (imag)"` (as bempp-cl writes complex fields) become one complex array
 * `<name>_real`, `<name>_imag` with its magnitude `|<name>|`, pairing the halves of the
 * same time. Every time step of a view is kept (the same name and time twice keeps the
 * first); `Times` lists the distinct times for the reader's time steps.
 *
 * Partial results: the mesh is required (a failure there throws ParseError, "file:line:
 * problem"). A data section that fails is dropped with one entry in Warnings (file, line,
 * problem) and the rest of the file is read; a section this parser does not know is
 * skipped with a warning naming it and its line ($PhysicalNames, $Entities and the other
 * mesh sections without use here are skipped quietly); a skipped section without its
 * `$End` line ends the reading with one warning, the mesh read so far kept.
 */
#ifndef cmGmshFormat_h
#define cmGmshFormat_h

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
struct GmshView
{
  std::string Name;
  /// $ElementData or $ElementNodeData (cells), or $NodeData (points).
  bool OnElements = true;
  /// From $ElementNodeData: each element's value is the mean of its corner values.
  bool PerElementNode = false;
  int Components = 1;
  double Time = 0; ///< the real tag
  int Step = 0; ///< the first integer tag
  std::vector<double> Values; ///< Components per element (or node) of the mesh; NaN where absent
  std::int64_t Covered = 0; ///< entities the view gave values for
};

struct GmshMesh
{
  double Version = 0;
  std::vector<double> Points; ///< x y z per node, in file order
  std::vector<std::int64_t> NodeTags; ///< tag of each point
  std::vector<std::int64_t> Offsets{ 0 }; ///< per kept element (triangles and quads)
  std::vector<std::int64_t> Connectivity; ///< point indices
  std::vector<std::int64_t> ElementTags; ///< tag of each kept element
  std::map<int, std::int64_t> SkippedTypes; ///< element type -> count of skipped elements
  /// Higher-order element type -> count read as its linear corner element.
  std::map<int, std::int64_t> LinearizedTypes;
  /// "file:line: problem" of each optional part not read (and of the linearized elements).
  std::vector<std::string> Warnings;
  std::vector<GmshView> Views; ///< after joining complex pairs; every time step, in file order
  std::vector<double> Times; ///< the distinct times of the views, ascending
  std::int64_t NumberOfElements() const { return static_cast<std::int64_t>(Offsets.size()) - 1; }
};

GmshMesh ParseGmsh(std::string_view text, const std::string& fileName);
GmshMesh ReadGmshFile(const std::string& path);
bool LooksLikeGmsh(std::string_view head);
} // namespace cm
#endif
