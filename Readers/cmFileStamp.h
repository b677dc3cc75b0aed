// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFileStamp.h
 * @brief Name, size and modification time of a file, so readers re-parse only on change.
 */
#ifndef cmFileStamp_h
#define cmFileStamp_h

#include "cmFarFieldToVTK.h" // DistinctFrequencies

#include <cstdio>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <vector>

namespace cloudmap
{
struct FileStamp
{
  std::string Name;
  long long Size = -1, MTime = -1;

  static FileStamp Of(const std::string& name)
  {
    FileStamp s;
    s.Name = name;
    struct stat st;
    if (::stat(name.c_str(), &st) == 0)
    {
      s.Size = static_cast<long long>(st.st_size);
      s.MTime = static_cast<long long>(st.st_mtime);
    }
    return s;
  }
  bool operator==(const FileStamp& o) const
  {
    return Name == o.Name && Size == o.Size && MTime == o.MTime && Size >= 0;
  }
  bool operator!=(const FileStamp& o) const { return !(*this == o); }
};

/**
 * The blocks a reader parsed from one file (one per frequency or request), with
 * their distinct frequencies as time steps; parsed again only when the file's
 * stamp changes.
 */
template <class Block>
struct ParsedFile
{
  FileStamp Stamp;
  std::vector<Block> Blocks;
  std::vector<double> Steps;

  /// Re-parses `name` with parse(name) -> std::vector<Block> when its stamp
  /// changed. What parse throws propagates and leaves the cache empty.
  template <class Parse>
  void Refresh(const std::string& name, Parse&& parse)
  {
    const FileStamp stamp = FileStamp::Of(name);
    if (stamp == this->Stamp)
    {
      return;
    }
    *this = ParsedFile();
    this->Blocks = parse(name);
    this->Stamp = stamp;
    std::vector<double> f;
    f.reserve(this->Blocks.size());
    for (const Block& b : this->Blocks)
    {
      f.push_back(b.Frequency);
    }
    this->Steps = DistinctFrequencies(std::move(f));
  }
};

/// The first 4 KB of a file (empty when it cannot be read), for CanReadFile sniffing.
inline std::string FileHead(const char* name)
{
  std::string head;
  if (!name)
  {
    return head;
  }
  if (FILE* f = std::fopen(name, "rb"))
  {
    head.resize(4096);
    head.resize(std::fread(&head[0], 1, head.size(), f));
    std::fclose(f);
  }
  return head;
}
} // namespace cloudmap
#endif
