// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSurfaceMesh.h
 * @brief The plain mesh-with-currents that every surface-current parser fills.
 */
#ifndef cmSurfaceMesh_h
#define cmSurfaceMesh_h

#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
struct SurfaceMesh
{
  double Frequency = 0; ///< Hz
  std::string Name; ///< request or excitation label, when the file has one
  std::vector<double> Points; ///< x y z per vertex, metres
  std::vector<std::int64_t> Offsets{
    0
  }; ///< element e uses Connectivity[Offsets[e] .. Offsets[e+1])
  std::vector<std::int64_t> Connectivity; ///< vertex ids, counter-clockwise
  std::vector<double> JReal; ///< Re Jx, Re Jy, Re Jz per element (A/m)
  std::vector<double> JImag; ///< Im Jx, Im Jy, Im Jz per element (A/m)
  std::vector<std::string> SourceNames; ///< optional named sources
  std::vector<double> SourcePositions; ///< x y z per source
  std::vector<std::string> ReceiverNames; ///< optional named receivers
  std::vector<double> ReceiverPositions; ///< x y z per receiver

  std::int64_t NumberOfPoints() const { return static_cast<std::int64_t>(Points.size() / 3); }
  std::int64_t NumberOfElements() const { return static_cast<std::int64_t>(Offsets.size()) - 1; }
};
} // namespace cm
#endif
