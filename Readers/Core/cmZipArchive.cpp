// SPDX-License-Identifier: BSD-3-Clause
#include "cmZipArchive.h"

#include "cmTextScan.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace cm
{
namespace
{
constexpr std::uint32_t EndOfDirectorySignature = 0x06054b50;
constexpr std::uint32_t Zip64LocatorSignature = 0x07064b50;
constexpr std::uint32_t DirectorySignature = 0x02014b50;
constexpr std::uint32_t LocalSignature = 0x04034b50;
constexpr std::size_t EndOfDirectorySize = 22, DirectoryEntrySize = 46, LocalHeaderSize = 30;

/// Little-endian fields at an offset the caller has checked.
std::uint32_t U16(std::string_view b, std::size_t at)
{
  return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) |
    static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8;
}
std::uint32_t U32(std::string_view b, std::size_t at)
{
  return U16(b, at) | U16(b, at + 2) << 16;
}

[[noreturn]] void Refuse(const std::string& fileName, const std::string& what)
{
  throw ParseError(fileName, 0, what);
}

[[noreturn]] void RefuseEntry(
  const std::string& fileName, const std::string& entry, const std::string& what)
{
  throw ParseError(fileName, 0, "entry '" + entry + "': " + what);
}

/// The offset of the end-of-central-directory record: the last signature within the
/// final 22 + 65535 bytes (the record and the longest comment) whose comment length
/// reaches the end of the bytes.
std::size_t FindEndOfDirectory(std::string_view a, const std::string& fileName)
{
  if (a.size() < EndOfDirectorySize)
  {
    Refuse(fileName,
      "not a zip archive: " + std::to_string(a.size()) +
        " bytes, shorter than an end-of-central-directory record (truncated?)");
  }
  const std::size_t last = a.size() - EndOfDirectorySize;
  const std::size_t first = last > 65535 ? last - 65535 : 0;
  for (std::size_t at = last + 1; at-- > first;)
  {
    if (U32(a, at) == EndOfDirectorySignature &&
      at + EndOfDirectorySize + U16(a, at + 20) == a.size())
    {
      return at;
    }
  }
  Refuse(fileName, "no end-of-central-directory record: not a zip archive, or truncated");
}

/// An entry of the central directory at `at` (its signature checked); advances `at`.
ZipEntry DirectoryEntry(std::string_view a, std::size_t& at, std::size_t end,
  const std::string& fileName, std::size_t index)
{
  if (at + DirectoryEntrySize > end || U32(a, at) != DirectorySignature)
  {
    Refuse(fileName,
      "central directory entry " + std::to_string(index + 1) +
        " is cut or damaged (the directory runs past its declared size)");
  }
  ZipEntry e;
  e.Flags = static_cast<std::uint16_t>(U16(a, at + 8));
  e.Method = static_cast<std::uint16_t>(U16(a, at + 10));
  e.Crc = U32(a, at + 16);
  e.CompressedSize = U32(a, at + 20);
  e.Size = U32(a, at + 24);
  const std::size_t nameLength = U16(a, at + 28), extra = U16(a, at + 30),
                    comment = U16(a, at + 32);
  const std::uint32_t disk = U16(a, at + 34);
  e.LocalOffset = U32(a, at + 42);
  if (at + DirectoryEntrySize + nameLength + extra + comment > end)
  {
    Refuse(fileName,
      "central directory entry " + std::to_string(index + 1) +
        " runs past the directory (truncated)");
  }
  e.Name.assign(a.substr(at + DirectoryEntrySize, nameLength));
  at += DirectoryEntrySize + nameLength + extra + comment;
  if (e.CompressedSize == 0xFFFFFFFFu || e.Size == 0xFFFFFFFFu || e.LocalOffset == 0xFFFFFFFFu ||
    disk == 0xFFFFu)
  {
    RefuseEntry(fileName, e.Name, "zip64 sizes or offsets are not supported");
  }
  return e;
}

/// Refuses what this reader does not read: encryption, other methods, sizes beyond the
/// limit.
void CheckEntry(const ZipEntry& e, const std::string& fileName, const ZipLimits& limits)
{
  if ((e.Flags & 0x41u) != 0 || e.Method == 99)
  {
    RefuseEntry(fileName, e.Name, "encrypted entries are not supported");
  }
  if (e.Method != 0 && e.Method != 8)
  {
    RefuseEntry(fileName, e.Name,
      "compression method " + std::to_string(e.Method) +
        " (only stored (0) and deflated (8) entries are read)");
  }
  if (e.Size > limits.MaxEntrySize || e.CompressedSize > limits.MaxEntrySize)
  {
    RefuseEntry(fileName, e.Name,
      "declares " + std::to_string(std::max(e.Size, e.CompressedSize)) +
        " bytes, beyond the limit of " + std::to_string(limits.MaxEntrySize));
  }
  if (e.Method == 0 && e.CompressedSize != e.Size)
  {
    RefuseEntry(fileName, e.Name,
      "is stored but declares " + std::to_string(e.CompressedSize) + " bytes stored and " +
        std::to_string(e.Size) + " uncompressed");
  }
}

std::array<std::uint32_t, 256> CrcTable()
{
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t n = 0; n < 256; ++n)
  {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k)
    {
      c = (c & 1u) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    t[n] = c;
  }
  return t;
}
} // namespace

std::uint32_t Crc32(std::string_view data)
{
  static const std::array<std::uint32_t, 256> table = CrcTable();
  std::uint32_t c = 0xFFFFFFFFu;
  for (char ch : data)
  {
    c = table[(c ^ static_cast<unsigned char>(ch)) & 0xFFu] ^ (c >> 8);
  }
  return c ^ 0xFFFFFFFFu;
}

std::vector<ZipEntry> ReadZipDirectory(
  std::string_view a, const std::string& fileName, const ZipLimits& limits)
{
  const std::size_t eocd = FindEndOfDirectory(a, fileName);
  const std::uint32_t disk = U16(a, eocd + 4), directoryDisk = U16(a, eocd + 6);
  const std::uint32_t onDisk = U16(a, eocd + 8), count = U16(a, eocd + 10);
  const std::uint64_t size = U32(a, eocd + 12), offset = U32(a, eocd + 16);
  if (count == 0xFFFFu || size == 0xFFFFFFFFu || offset == 0xFFFFFFFFu ||
    (eocd >= 20 && U32(a, eocd - 20) == Zip64LocatorSignature))
  {
    Refuse(fileName, "a zip64 archive: not supported");
  }
  if (disk != 0 || directoryDisk != 0 || onDisk != count)
  {
    Refuse(fileName, "a split (multi-disk) zip archive: not supported");
  }
  if (count > limits.MaxEntries)
  {
    Refuse(fileName,
      std::to_string(count) + " entries, beyond the limit of " + std::to_string(limits.MaxEntries));
  }
  if (offset + size > eocd)
  {
    Refuse(fileName,
      "the central directory (offset " + std::to_string(offset) + ", " + std::to_string(size) +
        " bytes) runs past the end of the archive (truncated)");
  }
  std::vector<ZipEntry> entries;
  entries.reserve(count);
  std::size_t at = static_cast<std::size_t>(offset);
  for (std::size_t i = 0; i < count; ++i)
  {
    entries.push_back(DirectoryEntry(a, at, static_cast<std::size_t>(offset + size), fileName, i));
  }
  return entries;
}

std::string ReadZipEntry(std::string_view a, const ZipEntry& e, const std::string& fileName,
  const RawInflate& inflate, const ZipLimits& limits)
{
  CheckEntry(e, fileName, limits);
  const std::uint64_t local = e.LocalOffset;
  if (local + LocalHeaderSize > a.size() ||
    U32(a, static_cast<std::size_t>(local)) != LocalSignature)
  {
    RefuseEntry(fileName, e.Name,
      "no local header at offset " + std::to_string(local) + " (truncated or damaged archive)");
  }
  const std::size_t at = static_cast<std::size_t>(local);
  const std::uint64_t begin = local + LocalHeaderSize + U16(a, at + 26) + U16(a, at + 28);
  if (begin + e.CompressedSize > a.size())
  {
    RefuseEntry(fileName, e.Name,
      "its " + std::to_string(e.CompressedSize) + " bytes of data run past the end of the " +
        "archive (truncated)");
  }
  const std::string_view data =
    a.substr(static_cast<std::size_t>(begin), static_cast<std::size_t>(e.CompressedSize));
  std::string out;
  if (e.Method == 0)
  {
    out.assign(data);
  }
  else
  {
    out.resize(static_cast<std::size_t>(e.Size)); // bounded by CheckEntry
    const std::string problem = inflate ? inflate(data, &out[0], out.size()) : "no inflater";
    if (!problem.empty())
    {
      RefuseEntry(fileName, e.Name, problem);
    }
  }
  const std::uint32_t crc = Crc32(out);
  if (crc != e.Crc)
  {
    char b[96];
    std::snprintf(b, sizeof b, "CRC-32 mismatch: the data gives %08x, the directory says %08x",
      static_cast<unsigned>(crc), static_cast<unsigned>(e.Crc));
    RefuseEntry(fileName, e.Name, b);
  }
  return out;
}

const ZipEntry* FindZipEntry(const std::vector<ZipEntry>& entries, std::string_view name)
{
  const std::string want = Upper(name);
  for (const ZipEntry& e : entries)
  {
    if (Upper(e.Name) == want)
    {
      return &e;
    }
  }
  return nullptr;
}

} // namespace cm
