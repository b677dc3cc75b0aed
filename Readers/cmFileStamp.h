// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFileStamp.h
 * @brief Name, size and modification time of a file, so readers re-parse only on change
 *        (vtkCloudMapReaderBase keeps the stamp of its parse), and file sniffing.
 */
#ifndef cmFileStamp_h
#define cmFileStamp_h

#include "cmFarFieldToVTK.h" // DistinctFrequencies

#include <cstdio>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <vector>

namespace cm
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

/// The distinct frequencies of parsed blocks (each with a Frequency in Hz), ascending:
/// a reader's time steps.
template <class Block>
std::vector<double> FrequencySteps(const std::vector<Block>& blocks)
{
  std::vector<double> f;
  f.reserve(blocks.size());
  for (const Block& b : blocks)
  {
    f.push_back(b.Frequency);
  }
  return DistinctFrequencies(std::move(f));
}

/// The first `bytes` of a file (4 KB by default; empty when it cannot be read), for
/// CanReadFile sniffing.
inline std::string FileHead(const char* name, std::size_t bytes = 4096)
{
  std::string head;
  if (!name)
  {
    return head;
  }
  if (FILE* f = std::fopen(name, "rb"))
  {
    head.resize(bytes);
    head.resize(std::fread(&head[0], 1, head.size(), f));
    std::fclose(f);
  }
  return head;
}
} // namespace cm
#endif
