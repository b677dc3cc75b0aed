// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmGmshFormat.h
 * @brief Gmsh MSH 2.2 and 4.1 ASCII: triangles, quads and their data views (pipeline free).
 *
 * `$MeshFormat` gives the version (2.2 or 4.x, ASCII only). `$Nodes` and `$Elements` are
 * flat lists in 2.2 (`tag type ntags tags... nodes...`) and entity blocks in 4.1 (block
 * header `dim entity type count`, then `tag nodes...`; 4.1 node blocks list the tags,
 * then the coordinates). Element type 2 is a 3-node triangle and type 3 a 4-node quad;
 * every other type is skipped and counted per type (reported once by the reader). Node
 * and element tags need not be contiguous or sorted.
 *
 * `$NodeData` and `$ElementData` views: string tags (the name), real tags (time), integer
 * tags (step, components 1/3/9, count), then `tag values...`. A view may cover only some
 * entities; the rest read as NaN. Two views named `"<name> (real)"` and `"<name> (imag)"`
 * (as bempp-cl writes complex fields) become one complex array `<name>_real`,
 * `<name>_imag` with its magnitude `|<name>|`. A view name seen again (another time step)
 * keeps its first occurrence. `$ElementNodeData` and unknown sections are skipped.
 */
#ifndef cmGmshFormat_h
#define cmGmshFormat_h

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cloudmap
{
struct GmshView
{
  std::string Name;
  bool OnElements = true;  ///< $ElementData (cells) or $NodeData (points)
  int Components = 1;
  double Time = 0;
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
  std::vector<GmshView> Views;              ///< after joining complex pairs
  std::int64_t NumberOfElements() const { return static_cast<std::int64_t>(Offsets.size()) - 1; }
};

GmshMesh ParseGmsh(std::string_view text, const std::string& fileName);
GmshMesh ReadGmshFile(const std::string& path);
bool LooksLikeGmsh(std::string_view head);
} // namespace cloudmap
#endif
