// SPDX-License-Identifier: BSD-3-Clause
// The fast path of long numeric tables (cmFastRows.h).
#include "cmFastRows.h"

#include "cmScanDouble.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cm
{
namespace
{
/// The blanks of Tokenize(): space, tab, CR.
inline bool IsRowBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}
} // namespace

bool FastNumberRow(
  std::string_view line, int n, bool firstInt, std::int64_t& number, double* values)
{
  // A NUL-terminated copy: the scans below stop at the NUL without bounds checks.
  char row[1024];
  if (line.size() >= sizeof row || std::memchr(line.data(), '\0', line.size()) != nullptr)
  {
    return false;
  }
  std::memcpy(row, line.data(), line.size());
  row[line.size()] = '\0';
  const char* const end = row + line.size();
  const char* p = row;
  int k = 0;
  if (firstInt)
  {
    while (IsRowBlank(*p))
    {
      ++p;
    }
    const char* b = p;
    std::int64_t x = 0;
    for (unsigned d;
         (d = static_cast<unsigned>(static_cast<unsigned char>(*p)) - '0') < 10 && p - b < 18; ++p)
    {
      x = x * 10 + static_cast<std::int64_t>(d);
    }
    if (p == b || (*p != '\0' && !IsRowBlank(*p)))
    {
      return false;
    }
    number = x;
    k = 1;
  }
  for (; k < n; ++k)
  {
    while (IsRowBlank(*p))
    {
      ++p;
    }
    double& v = values[firstInt ? k - 1 : k];
    const char* const stop = ScanDouble(p, end, v);
    if (stop == p || !std::isfinite(v) || (*stop != '\0' && !IsRowBlank(*stop)))
    {
      return false;
    }
    p = stop;
  }
  while (IsRowBlank(*p))
  {
    ++p;
  }
  return *p == '\0';
}

bool SplitRows(std::string_view text, std::size_t at, std::int64_t rows, DeferredTable& table)
{
  table.Rows = rows;
  table.BlockStarts.clear();
  table.BlockStarts.reserve(static_cast<std::size_t>(rows / FastRowBlock + 2));
  const char* const base = text.data();
  const std::size_t size = text.size();
  std::size_t pos = at;
  for (std::int64_t k = 0; k < rows; ++k)
  {
    if (pos >= size)
    {
      return false;
    }
    if (k % FastRowBlock == 0)
    {
      table.BlockStarts.push_back(pos);
    }
    const void* nl = std::memchr(base + pos, '\n', size - pos);
    pos = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - base) + 1 : size;
  }
  table.BlockStarts.push_back(pos);
  return true;
}

bool ParseDeferredRows(std::string_view text, const std::vector<DeferredTable>& tables,
  const ParallelFor& parallel,
  const std::function<bool(std::size_t table, std::int64_t row, std::string_view line)>& row)
{
  // Block b of all tables: its table is the last whose first block is <= b.
  std::vector<std::int64_t> firstBlock(tables.size() + 1, 0);
  for (std::size_t j = 0; j < tables.size(); ++j)
  {
    firstBlock[j + 1] = firstBlock[j] + static_cast<std::int64_t>(tables[j].BlockStarts.size()) - 1;
  }
  std::vector<char> ok(static_cast<std::size_t>(firstBlock.back()), 1);
  RunFor(parallel, firstBlock.back(), [&](long long lo, long long hi) {
    for (long long b = lo; b < hi; ++b)
    {
      const std::size_t j = static_cast<std::size_t>(
        std::upper_bound(firstBlock.begin(), firstBlock.end(), b) - firstBlock.begin() - 1);
      const DeferredTable& t = tables[j];
      const std::size_t local = static_cast<std::size_t>(b - firstBlock[j]);
      const std::int64_t row0 = static_cast<std::int64_t>(local) * FastRowBlock;
      const std::int64_t rows = std::min(t.Rows - row0, FastRowBlock);
      std::size_t pos = t.BlockStarts[local];
      const std::size_t stop = t.BlockStarts[local + 1];
      bool good = true;
      for (std::int64_t k = 0; good && k < rows; ++k)
      {
        std::size_t end = text.find('\n', pos);
        end = end == std::string_view::npos || end > stop ? stop : end;
        const std::size_t next = end < stop ? end + 1 : stop;
        if (end > pos && text[end - 1] == '\r')
        {
          --end;
        }
        good = row(j, row0 + k, text.substr(pos, end - pos));
        pos = next;
      }
      ok[static_cast<std::size_t>(b)] = good && pos == stop ? 1 : 0;
    }
  });
  return std::find(ok.begin(), ok.end(), 0) == ok.end();
}
} // namespace cm
