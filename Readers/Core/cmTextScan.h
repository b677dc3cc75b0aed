// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTextScan.h
 * @brief Fast, bounded line scanning of text files for the readers (pipeline free).
 *
 * Files are read into memory in one block and parsed with ScanDouble (fast_float),
 * never iostream extraction. Every failure throws ParseError carrying the
 * file name, the 1-based line number and the problem, so that a reader can
 * report "file:line: problem" and produce no partial output.
 *
 * Accepted everywhere: LF and CRLF line ends, a UTF-8 byte-order mark, tabs
 * as white space, Fortran `D` exponents, and exponents such as `E+009`.
 */
#ifndef cmTextScan_h
#define cmTextScan_h

#include "cmLargeBuffer.h"
#include "cmParallelFor.h"
#include "cmScanDouble.h"

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <memory>
#include <string_view>
#include <vector>

namespace cm
{
// ParallelFor: the shared block loop type (Filters/Common/Core/cmParallelFor.h).

class ParseError : public std::runtime_error
{
public:
  ParseError(const std::string& file, std::int64_t line, const std::string& what)
    : std::runtime_error(Format(file, line, what))
    , File(file)
    , Line(line)
  {}
  static std::string Format(const std::string& file, std::int64_t line, const std::string& what)
  {
    return line > 0 ? file + ":" + std::to_string(line) + ": " + what : file + ": " + what;
  }
  std::string File;
  std::int64_t Line;
};

/**
 * The bytes of a file, read once, for the parsers (which take a string_view).
 * Unlike a std::string the buffer is not zero-filled first, and a buffer of
 * 1 MB or more comes from cm::AllocateLarge (2 MB-aligned and advised for
 * transparent huge pages, unless CLOUDMAP_NO_HUGE_PAGES is set): on a
 * VM where every 4 KB page fault costs tens of microseconds, that is most of
 * the difference between reading a 100 MB file in 0.3 s or in 1 s.
 */
class FileText
{
public:
  FileText() = default;
  /// An uninitialised buffer of n bytes; throws std::bad_alloc.
  explicit FileText(std::size_t n);
  char* data() { return this->Data.get(); }
  std::size_t size() const { return this->Size; }
  operator std::string_view() const { return { this->Data.get(), this->Size }; }

private:
  struct Free
  {
    void operator()(char* p) const;
  };
  std::unique_ptr<char, Free> Data;
  std::size_t Size = 0;
};

/// The huge-page advice and big-vector resize of the one large-buffer
/// allocator (Filters/Common/Core/cmLargeBuffer.h), for the parsers' big arrays.
using cm::AdviseHugePages;
using cm::ResizeLargeVector;

/// Reads a whole regular file; throws ParseError for a missing, unreadable or
/// non-regular file, or one larger than `maxBytes`.
/// A big file is read in 8 MB pieces through `parallel` (the copy from the
/// page cache and the first touch of the buffer are then spread over the threads).
FileText ReadWholeFile(
  const std::string& path, std::uint64_t maxBytes = (1ull << 34), const ParallelFor& parallel = {});

/// Splits text into lines and tokens, tracking line numbers.
class LineScanner
{
public:
  LineScanner(std::string_view text, std::string fileName);

  /// Next line without its end-of-line characters; false at end of file.
  bool Next(std::string_view& line);
  /// Line number of the line last returned (1-based).
  std::int64_t LineNumber() const { return this->Line; }
  bool AtEnd() const { return this->Pos >= this->Text.size(); }
  /// Byte offset of the next unread line.
  std::size_t Offset() const { return this->Pos; }
  /// Moves back to a byte offset previously returned by Offset(), with its line number.
  void Seek(std::size_t offset, std::int64_t line)
  {
    this->Pos = offset;
    this->Line = line;
  }
  const std::string& FileName() const { return this->File; }

  [[noreturn]] void Fail(const std::string& what) const { throw ParseError(File, Line, what); }

private:
  std::string_view Text;
  std::string File;
  std::size_t Pos = 0;
  std::int64_t Line = 0;
};

/// Splits a line on spaces and tabs (and, when `commas`, on commas).
void Tokenize(std::string_view line, std::vector<std::string_view>& tokens, bool commas = false);

/// Tokenize(), then also split every token at a sign that follows a digit or a decimal
/// point (never at an exponent's sign): Fortran fixed-width fields touch once a value
/// fills its field ("9.04515E-03-5.38014E-05", "    1-100.00000", "-1234.5000-1234.5000").
void TokenizeFortranCells(std::string_view line, std::vector<std::string_view>& tokens);

// ScanDouble, the one decimal parser, is in Filters/Common/Core/cmScanDouble.h.

/// Strict number parsing of one whole token (ScanDouble, and also a leading
/// '+', Fortran D exponents, and out-of-range values: ±inf, or ±0 when too
/// small). Returns false on any junk.
bool ParseDouble(std::string_view token, double& value);
bool ParseInt(std::string_view token, std::int64_t& value);
/// True when the first token is an integer (a table's row, not its header).
inline bool FirstIsInt(const std::vector<std::string_view>& tokens)
{
  std::int64_t n;
  return !tokens.empty() && ParseInt(tokens[0], n);
}
/// Tokenize(line, tokens), then FirstIsInt(tokens); the integer goes to *first.
inline bool FirstIsInt(
  std::string_view line, std::vector<std::string_view>& tokens, std::int64_t* first = nullptr)
{
  Tokenize(line, tokens);
  std::int64_t n;
  return !tokens.empty() && ParseInt(tokens[0], first ? *first : n);
}

/// Parses or fails with "expected <what>, found '<token>'" on the scanner's current line.
double NeedDouble(const LineScanner& s, std::string_view token, const char* what);
/// Like NeedDouble but also refuses NaN and infinities.
double NeedFinite(const LineScanner& s, std::string_view token, const char* what);
std::int64_t NeedInt(const LineScanner& s, std::string_view token, const char* what);
/// A non-negative count no larger than `limit`; refuses bigger counts before any allocation.
std::int64_t NeedCount(
  const LineScanner& s, std::string_view token, const char* what, std::int64_t limit);

/// `text` itself when it has no tab; otherwise a copy in `storage` with every tab
/// made a space, for the formats whose headers are matched as phrases ("#No. of
/// Theta Samples:"), so that tab-separated files read exactly like spaced ones.
/// The search for a tab (a scan of the whole file) runs in 1 MB blocks
/// through `parallel` (one thread when it is empty).
std::string_view Untabbed(
  std::string_view text, std::string& storage, const ParallelFor& parallel = {});

/// Upper-cases ASCII letters.
std::string Upper(std::string_view s);

/**
 * Where the upper-case `phrase` occurs in `hay`, matched without regard to the case of
 * `hay`'s letters, each space of the phrase standing for a run of one or more spaces or
 * tabs. Returns the start of the match, or npos; `*end` (when given) receives the offset
 * just past it. With `atStart` only a match at the first non-blank character counts.
 * The FEKO and NEC-2 parsers match every banner and keyword with it.
 */
std::size_t MatchPhrase(
  std::string_view hay, std::string_view phrase, std::size_t* end = nullptr, bool atStart = false);
/// Trims spaces, tabs and CR at both ends.
std::string_view Trim(std::string_view s);
bool StartsWith(std::string_view s, std::string_view prefix);

} // namespace cm
#endif
