// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmGmshFormat.h
 * @brief Gmsh MSH 2.x and 4.1, ASCII and binary: triangles, quads and their data views
 *        (pipeline free).
 *
 * `$MeshFormat` gives the version (2.0, 2.2 or 4.1), the file type (0 ASCII, 1 binary)
 * and the size of size_t. A binary file follows it with the integer 1 in the writer's
 * byte order (read either way round: both endiannesses); then `$Nodes`, `$Elements` and
 * the data rows are binary between ASCII section lines and counts: MSH 2 as 4-byte ints
 * and doubles (elements in blocks of one type: type, count, number of tags), MSH 4.1 as
 * size_t, ints and doubles in entity blocks; data rows are an int tag and doubles in both.
 * Binary `$Entities` and other unknown sections are skipped to their `$End` line.
 *
 * ASCII `$Nodes` and `$Elements` are flat lists in 2.2 (`tag type ntags tags... nodes...`) and entity blocks in 4.1 (block
 * header `dim entity type count`, then `tag nodes...`; 4.1 node blocks list the tags,
 * then the coordinates). Element type 2 is a 3-node triangle and type 3 a 4-node quad;
 * every other type is skipped and counted per type (reported once by the reader). Node
 * and element tags need not be contiguous or sorted.
 *
 * `$NodeData` and `$ElementData` views: string tags (the name), real tags (time), integer
 * tags (step, components 1/3/9, count), then `tag values...`. A view may cover only some
 * entities; the rest read as NaN. Two views named `"<name> (real)"` and `"<name> (imag)"`
 * (as bempp-cl writes complex fields) become one complex array `<name>_real`,
 * `<name>_imag` with its magnitude `|<name>|`, pairing the halves of the same time. Every
 * time step of a view is kept (the same name and time twice keeps the first); `Times`
 * lists the distinct times for the reader's time steps. `$ElementNodeData` and unknown
 * sections are skipped.
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
  bool OnElements = true;  ///< $ElementData (cells) or $NodeData (points)
  int Components = 1;
  double Time = 0;          ///< the real tag
  int Step = 0;             ///< the first integer tag
  std::vector<double> Values; ///< Components per element (or node) of the mesh; NaN where absent
  std::int64_t Covered = 0;   ///< entities the view gave values for
};

struct GmshMesh
{
  double Version = 0;
  std::vector<double> Points;               ///< x y z per node, in file order
  std::vector<std::int64_t> NodeTags;       ///< tag of each point
  std::vector<std::int64_t> Offsets{ 0 };   ///< per kept element (triangles and quads)
  std::vector<std::int64_t> Connectivity;   ///< point indices
  std::vector<std::int64_t> ElementTags;    ///< tag of each kept element
  std::map<int, std::int64_t> SkippedTypes; ///< element type -> count of skipped elements
  std::vector<GmshView> Views;              ///< after joining complex pairs; every time step, in file order
  std::vector<double> Times;                ///< the distinct times of the views, ascending
  std::int64_t NumberOfElements() const { return static_cast<std::int64_t>(Offsets.size()) - 1; }
};

GmshMesh ParseGmsh(std::string_view text, const std::string& fileName);
GmshMesh ReadGmshFile(const std::string& path);
bool LooksLikeGmsh(std::string_view head);
} // namespace cm
#endif
