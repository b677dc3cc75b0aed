// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFastRows.h
 * @brief The fast path of the readers' long numeric tables, and their parse in parallel.
 *
 * A parser that meets a long table only counts its lines (DeferredTable) and goes on;
 * at the end of the file (or before the data the rows depend on changes) it parses the
 * rows of every deferred table in one ParallelFor (VTK 9.2 builds a thread pool per For,
 * so one For per table would cost hundreds of pools on a sweep). Each row goes through
 * FastNumberRow, which accepts only what Tokenize() and NeedFinite() read the same way;
 * a row it (or the parser's own checks) refuses makes ParseDeferredRows return false,
 * and the parser then runs again serially, which reads or reports that row. So the
 * values and the first error are the same on any thread count (as the nec2c parser,
 * cmNecPatchCurrents.cpp, does).
 */
#ifndef cmFastRows_h
#define cmFastRows_h

#include "cmParallelFor.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace cm
{
/// Rows per parallel block.
constexpr std::int64_t FastRowBlock = 1024;
/// Tables shorter than this are parsed serially where they stand.
constexpr std::int64_t FastRowMinimum = 4 * FastRowBlock;

/**
 * Exactly `n` fields separated by spaces, tabs or CRs: with `firstInt` a plain
 * unsigned integer (digits only) into `number`, then n - 1 finite numbers into
 * `values`; else n finite numbers. Numbers are ScanDouble spellings that end at a
 * blank (no '+', no D exponent, no touching Fortran fields, nothing out of range).
 * Anything else (a NUL, a line longer than 1000 bytes) returns false.
 */
bool FastNumberRow(
  std::string_view line, int n, bool firstInt, std::int64_t& number, double* values);

/// `Rows` lines of a text from byte `Begin`, split in blocks of FastRowBlock rows.
struct DeferredTable
{
  std::int64_t Rows = 0;
  std::vector<std::size_t> BlockStarts; ///< one per block, then the end of the last row
  std::int64_t Line = 0; ///< the line number of the table's first row
};

/// Counts `rows` lines of `text` from `at` into `table`; false when the text ends first.
bool SplitRows(std::string_view text, std::size_t at, std::int64_t rows, DeferredTable& table);

/// Runs `row(table, index, line)` over every row of every table (line without its end of
/// line) in one ParallelFor; false when any call returned false (then the parser runs
/// again serially). Rows of one block run in order, on one thread.
bool ParseDeferredRows(std::string_view text, const std::vector<DeferredTable>& tables,
  const ParallelFor& parallel,
  const std::function<bool(std::size_t table, std::int64_t row, std::string_view line)>& row);

/// Thrown by a parser whose deferred rows were refused: its caller parses again serially.
struct DeferredRowsRefused
{};
} // namespace cm
#endif
