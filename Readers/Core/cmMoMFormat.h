// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmMoMFormat.h
 * @brief The native CloudMap MoM text format, version 1 (extension .cmom).
 *
 * Line oriented, plain text, `#` starts a comment, keywords are case-insensitive:
 * @verbatim
 * CLOUDMAP-MOM 1
 * FREQUENCY 120e6                 # Hz
 * INDEX-BASE 0                    # optional, 0 (default) or 1
 * VERTICES 4
 * 0 0 0                           # x y z in metres, one vertex per line
 * ...
 * ELEMENTS 2
 * T 0 1 2  ReJx ImJx ReJy ImJy ReJz ImJz   # triangle, counter-clockwise
 * Q 0 1 2 3 ReJx ImJx ReJy ImJy ReJz ImJz  # quad, counter-clockwise
 * SOURCES 1                       # optional
 * feed 0 0 1.2                    # name x y z
 * RECEIVERS 0                     # optional
 * END
 * @endverbatim
 * The current is the complex surface current density (A/m) at the element centroid.
 */
#ifndef cmMoMFormat_h
#define cmMoMFormat_h

#include "cmSurfaceMesh.h"
#include "cmTextScan.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace cm
{
/// Largest vertex or element count accepted, checked before allocation.
constexpr std::int64_t MoMMaxCount = 500000000;

/// ParallelFor: see cmTextScan.h.

/**
 * Parses a whole file's text; throws ParseError naming `fileName` and the line.
 * The VERTICES and ELEMENTS rows are parsed in independent blocks of lines
 * (about 1 MB each, whatever the thread count) through `parallel`: the
 * result, and the first error in file order, are the same on any thread count.
 */
SurfaceMesh ParseMoM(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel = {});

/// Reads and parses a file.
SurfaceMesh ReadMoMFile(const std::string& path, const ParallelFor& parallel = {});

/// Writes a mesh in the native format (full double precision).
std::string FormatMoM(const SurfaceMesh& mesh);

/// True when the text starts like a CloudMap MoM file (after comments and blank lines).
bool LooksLikeMoM(std::string_view head);

} // namespace cm
#endif
