// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmZipArchive.h
 * @brief A small, bounded reader of zip archives held in memory (PKWARE APPNOTE 6.3:
 * the end-of-central-directory record, the central directory, the local headers), for
 * containers such as Planet 2's .pafx.
 *
 * What it reads: one-disk archives of stored (method 0) and deflated (method 8) entries.
 * What it refuses, with the archive's and the entry's name: zip64 (a 0xFFFF/0xFFFFFFFF
 * field or a zip64 locator), split archives, encryption (flag bit 0 or 6, method 99),
 * other methods, an entry whose declared size is beyond the limit (a zip bomb declares
 * less than it inflates to, so the output is bounded by the declared size, never grown),
 * a directory or local header that runs past the end of the bytes (a truncated
 * archive), and a CRC-32 that disagrees with the data.
 *
 * Deflate itself is not here: the core knows no VTK, so the caller passes a RawInflate
 * (cmZipInflate.h: VTK's bundled zlib, raw deflate, windowBits −15).
 */
#ifndef cmZipArchive_h
#define cmZipArchive_h

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
struct ZipEntry
{
  std::string Name;
  std::uint16_t Method = 0; ///< 0 stored, 8 deflated
  std::uint16_t Flags = 0;
  std::uint32_t Crc = 0; ///< CRC-32 of the uncompressed data, as the directory says
  std::uint64_t CompressedSize = 0, Size = 0; ///< as the directory says
  std::uint64_t LocalOffset = 0; ///< of the entry's local header
};

struct ZipLimits
{
  std::uint64_t MaxEntrySize = 64ull << 20; ///< uncompressed bytes of one entry
  std::uint32_t MaxEntries = 4096;
};

/// Inflates raw deflate data (no zlib header) into exactly `size` bytes of `out`.
/// Returns "" on success, else the problem ("corrupt deflate data: ...", "the deflate
/// stream ends before ...", "inflates to more than ..."); it must never write more than
/// `size` bytes.
using RawInflate = std::function<std::string(std::string_view in, char* out, std::size_t size)>;

/// The entries of the central directory, in directory order. Throws ParseError naming
/// the archive (and the entry) for the refusals listed above.
std::vector<ZipEntry> ReadZipDirectory(
  std::string_view archive, const std::string& fileName, const ZipLimits& limits = {});

/// The uncompressed bytes of an entry, CRC-checked. Throws ParseError "file: entry
/// 'name': problem".
std::string ReadZipEntry(std::string_view archive, const ZipEntry& entry,
  const std::string& fileName, const RawInflate& inflate, const ZipLimits& limits = {});

/// The entry of that name (case-insensitive), or nullptr.
const ZipEntry* FindZipEntry(const std::vector<ZipEntry>& entries, std::string_view name);

/// CRC-32 (ISO 3309, the polynomial 0xEDB88320 of zip and PNG).
std::uint32_t Crc32(std::string_view data);

} // namespace cm
#endif
