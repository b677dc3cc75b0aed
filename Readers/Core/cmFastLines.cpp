// SPDX-License-Identifier: BSD-3-Clause
// The fast path of the readers' long numeric tables: see cmFastLines.h.
#include "cmFastLines.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace cm
{
namespace
{
inline bool IsRowBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}
} // namespace

bool FastNumbers(const char* p, const char* end, int n, double* values)
{
  for (int k = 0; k < n; ++k)
  {
    while (p < end && IsRowBlank(*p))
    {
      ++p;
    }
    if (p == end)
    {
      return false;
    }
    const char* const stop = ScanDouble(p, end, values[k]);
    if (stop == p || (stop < end && !IsRowBlank(*stop)))
    {
      return false;
    }
    p = stop;
  }
  while (p < end && IsRowBlank(*p))
  {
    ++p;
  }
  return p == end;
}

bool FindLineBlocks(std::string_view text, std::size_t begin, std::int64_t count,
  std::int64_t block, std::vector<std::size_t>& starts)
{
  starts.clear();
  if (count <= 0 || begin >= text.size())
  {
    return false;
  }
  starts.reserve(static_cast<std::size_t>(count / block + 2));
  // Lines of one width: the block starts are computed (ForEachRow checks them).
  const std::size_t firstEnd = text.find('\n', begin);
  const std::size_t width = firstEnd == std::string_view::npos ? 0 : firstEnd + 1 - begin;
  const std::size_t last = begin + static_cast<std::size_t>(count) * width;
  if (width > 0 && last <= text.size() && text[last - 1] == '\n')
  {
    for (std::int64_t k = 0; k < count; k += block)
    {
      starts.push_back(begin + static_cast<std::size_t>(k) * width);
    }
    starts.push_back(last);
    return true;
  }
  std::size_t pos = begin;
  for (std::int64_t k = 0; k < count; ++k)
  {
    if (pos >= text.size())
    {
      return false;
    }
    if (k % block == 0)
    {
      starts.push_back(pos);
    }
    const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
    pos =
      nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1 : text.size();
  }
  starts.push_back(pos);
  return true;
}

std::int64_t CountLines(std::string_view text, std::size_t begin, const ParallelFor& parallel)
{
  if (begin >= text.size())
  {
    return 0;
  }
  constexpr std::size_t piece = 1 << 20;
  const std::size_t n = text.size() - begin;
  std::atomic<std::int64_t> lines{ 0 };
  RunFor(
    parallel, static_cast<long long>((n + piece - 1) / piece), [&](long long lo, long long hi) {
      const char* const b = text.data() + begin + static_cast<std::size_t>(lo) * piece;
      const char* const e = text.data() + begin + std::min(n, static_cast<std::size_t>(hi) * piece);
      lines += static_cast<std::int64_t>(std::count(b, e, '\n'));
    });
  return lines.load() + (text.back() != '\n' ? 1 : 0);
}
} // namespace cm
