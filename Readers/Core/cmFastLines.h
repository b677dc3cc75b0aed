// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFastLines.h
 * @brief The fast path of the readers' long numeric tables (pipeline free).
 *
 * A parser that meets a long table of one row per line (a CST far field, a Touchstone
 * sweep, a Gmsh node block) finds the table's line blocks here while it reads the file,
 * keeps going after the table, and parses every table's blocks at the end in one
 * ParallelFor (VTK 9.2 makes a thread pool per For, so one For per table would be a
 * pool per frequency). A row the fast path refuses (anything FastNumbers does not
 * accept) throws FastRowsRefused; the parser then runs again serially, through its
 * general path, so the values and the first error are the same on any thread count.
 */
#ifndef cmFastLines_h
#define cmFastLines_h

#include "cmTextScan.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace cm
{
/// Thrown by a fast path that refuses a row; the parser catches it and runs serially.
struct FastRowsRefused
{};

/// Rows per block of the parallel parse.
constexpr std::int64_t FastLineBlock = 1024;

/**
 * Exactly `n` numbers filling [p, end) apart from blanks (space, tab, CR: Tokenize's
 * separators), each converted where it stands with ScanDouble, so each value is the one
 * ParseDouble gives for that token. A '+' sign, D exponents, out-of-range values, a
 * token with trailing junk, fewer or more tokens are refused (false): the general path
 * reads or reports those. Infinities and NaN are accepted here: the caller checks them.
 */
bool FastNumbers(const char* p, const char* end, int n, double* values);

/**
 * The starts of the blocks of `block` lines of the `count` lines from offset `begin`,
 * then the end of the last line, in `starts` (ceil(count / block) + 1 entries). When
 * the lines have one width (as the solvers print them) the starts are computed, else
 * found line by line. ForEachRow checks that every block holds exactly its lines.
 * False when the text ends first.
 */
bool FindLineBlocks(std::string_view text, std::size_t begin, std::int64_t count,
  std::int64_t block, std::vector<std::size_t>& starts);

/// The number of lines from `begin` to the end of the text (a last line without its
/// line end counts), counted in 1 MB pieces through `parallel`.
std::int64_t CountLines(std::string_view text, std::size_t begin, const ParallelFor& parallel);

/**
 * Calls row(index, line) for the lines of block `b` of `starts` (row index
 * b * block + k, the line without its line end); false (the block is refused) when a
 * block start does not follow a line end, a line crosses the next block's start, the
 * block holds another number of lines, or row() returns false.
 */
template <class Row>
bool ForEachRow(std::string_view text, const std::vector<std::size_t>& starts, std::int64_t block,
  std::int64_t count, std::int64_t b, Row&& row)
{
  std::size_t pos = starts[static_cast<std::size_t>(b)];
  const std::size_t stop = starts[static_cast<std::size_t>(b) + 1];
  if (pos > 0 && text[pos - 1] != '\n')
  {
    return false;
  }
  const std::int64_t first = b * block;
  const std::int64_t rows = count - first < block ? count - first : block;
  for (std::int64_t k = 0; k < rows; ++k)
  {
    if (pos >= stop)
    {
      return false;
    }
    const char* const at = text.data() + pos;
    const void* nl = std::memchr(at, '\n', stop - pos);
    std::size_t end =
      nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
    if (end > stop || (nl == nullptr && stop != text.size()))
    {
      return false;
    }
    const std::size_t next = nl ? end + 1 : end;
    if (end > pos && text[end - 1] == '\r')
    {
      --end;
    }
    if (!row(first + k, text.substr(pos, end - pos)))
    {
      return false;
    }
    pos = next;
  }
  return pos == stop;
}
} // namespace cm
#endif
