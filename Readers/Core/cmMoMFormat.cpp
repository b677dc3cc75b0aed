// SPDX-License-Identifier: BSD-3-Clause
// The .cmom reader (cmMoMFormat.h describes the format; the writer is cmMoMWriter.cpp). One
// parser class (MoMParser), one member per section: the header, FREQUENCY and
// INDEX-BASE, VERTICES and ELEMENTS (rows parsed in parallel blocks of lines, with a fast
// path per row that falls back to the general one), SOURCES and RECEIVERS, and the end.
#include "cmMoMFormat.h"

#include "cmTextScan.h"

#include <algorithm>
#include <exception>
#include <memory>
#include <cmath>
#include <iterator>
#include <cstdio>

namespace cm
{
namespace
{
// Next line that carries tokens, with comments removed; false at end of file.
bool NextTokens(LineScanner& s, std::vector<std::string_view>& tok)
{
  std::string_view line;
  while (s.Next(line))
  {
    const std::size_t hash = line.find('#');
    if (hash != std::string_view::npos)
    {
      line = line.substr(0, hash);
    }
    Tokenize(line, tok);
    if (!tok.empty())
    {
      return true;
    }
  }
  return false;
}

void NeedTokens(LineScanner& s, std::vector<std::string_view>& tok, const char* what)
{
  if (!NextTokens(s, tok))
  {
    s.Fail(std::string("unexpected end of file: expected ") + what);
  }
}

// ---- Blocks of lines, parsed independently --------------------------------

/// True when the line carries a token before any comment (NextTokens would return it).
bool HasTokens(std::string_view line)
{
  for (char c : line)
  {
    if (c == '#')
    {
      return false;
    }
    if (c != ' ' && c != '\t' && c != '\r')
    {
      return true;
    }
  }
  return false;
}

// ---- The fast path for row lines ------------------------------------------
// A row line is parsed in one pass over its bytes, numbers converted where
// they stand (ScanDouble, the readers' one number parser, as ParseDouble), with no
// token list. Anything unusual (a '+' sign, Fortran D exponents, a wrong
// field count, a bad id, a non-finite value) makes it give up, and the line
// is parsed again by the general code, which accepts or reports it exactly
// as before: the fast path never changes a result or a message.

inline bool IsBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

inline void SkipBlanks(const char*& p, const char* end)
{
  while (p < end && IsBlank(*p))
  {
    ++p;
  }
}

/// True at the end of a token: a blank, a comment or the end of the line.
inline bool TokenEnds(const char* p, const char* end)
{
  return p == end || IsBlank(*p) || *p == '#';
}

/// A finite number token at p (blanks skipped before it).
inline bool FastFinite(const char*& p, const char* end, double& v)
{
  SkipBlanks(p, end);
  const char* const stop = ScanDouble(p, end, v);
  if (stop == p || !TokenEnds(stop, end) || !std::isfinite(v))
  {
    return false;
  }
  p = stop;
  return true;
}

/// A plain unsigned integer token (at most 18 digits) at p.
inline bool FastIndex(const char*& p, const char* end, std::int64_t& v)
{
  SkipBlanks(p, end);
  const char* b = p;
  std::int64_t x = 0;
  while (p < end && *p >= '0' && *p <= '9' && p - b < 18)
  {
    x = x * 10 + (*p - '0');
    ++p;
  }
  if (p == b || !TokenEnds(p, end))
  {
    return false;
  }
  v = x;
  return true;
}

/// True when only blanks or a comment remain.
inline bool LineDone(const char* p, const char* end)
{
  SkipBlanks(p, end);
  return p == end || *p == '#';
}

/// "x y z": three finite coordinates.
bool FastVertex(std::string_view line, double* xyz)
{
  const char* p = line.data();
  const char* const end = p + line.size();
  double v[3];
  for (double& c : v)
  {
    if (!FastFinite(p, end, c))
    {
      return false;
    }
  }
  if (!LineDone(p, end))
  {
    return false;
  }
  xyz[0] = v[0];
  xyz[1] = v[1];
  xyz[2] = v[2];
  return true;
}

/// "T a b c" or "Q a b c d" then 6 finite currents, with valid distinct ids;
/// writes `corners` ids and the currents. Returns the corner count, 0 to fall back.
int FastElement(std::string_view line, std::int64_t base, std::int64_t nv, std::int64_t* ids,
  double* re, double* im)
{
  const char* p = line.data();
  const char* const end = p + line.size();
  SkipBlanks(p, end);
  if (p == end)
  {
    return 0;
  }
  const int corners = (*p == 'T' || *p == 't') ? 3 : (*p == 'Q' || *p == 'q') ? 4 : 0;
  ++p;
  if (corners == 0 || p == end || !IsBlank(*p))
  {
    return 0;
  }
  std::int64_t v[4];
  for (int c = 0; c < corners; ++c)
  {
    if (!FastIndex(p, end, v[c]))
    {
      return 0;
    }
    v[c] -= base;
    if (v[c] < 0 || v[c] >= nv)
    {
      return 0;
    }
    for (int q = 0; q < c; ++q)
    {
      if (v[q] == v[c])
      {
        return 0;
      }
    }
  }
  double j[6];
  for (double& x : j)
  {
    if (!FastFinite(p, end, x))
    {
      return 0;
    }
  }
  if (!LineDone(p, end))
  {
    return 0;
  }
  std::copy(v, v + corners, ids);
  for (int q = 0; q < 3; ++q)
  {
    re[q] = j[2 * q];
    im[q] = j[2 * q + 1];
  }
  return corners;
}

/// The next line that carries tokens (the caller knows there is one).
std::string_view NextRecordLine(LineScanner& s)
{
  std::string_view line;
  while (s.Next(line) && !HasTokens(line))
  {}
  return line;
}

/// The tokens of a line, comment removed (what NextTokens gives).
void TokensOf(std::string_view line, std::vector<std::string_view>& tok)
{
  const std::size_t hash = line.find('#');
  Tokenize(hash == std::string_view::npos ? line : line.substr(0, hash), tok);
}

/// Whole lines [Begin, End) of the text, with the number of lines before
/// them (a LineScanner seek target) and the index of their first record
/// (line with tokens) counted from where the blocks start.
struct Block
{
  std::size_t Begin = 0, End = 0;
  std::int64_t Lines = 0, Records = 0;
  std::int64_t LineBefore = 0, FirstRecord = 0;
  std::exception_ptr Error; ///< the block's first parse error
};

/// The text after a point cut into blocks of about 1 MB of whole lines (the
/// cut does not depend on the thread count), with their lines and records
/// counted in parallel.
class Blocks
{
public:
  Blocks(
    std::string_view text, std::size_t start, std::int64_t lineBefore, const ParallelFor& parallel)
    : Text(text)
  {
    constexpr std::size_t Target = std::size_t(1) << 20;
    for (std::size_t b = start; b < text.size();)
    {
      std::size_t e = b + Target;
      if (e >= text.size())
      {
        e = text.size();
      }
      else
      {
        const std::size_t nl = text.find('\n', e);
        e = nl == std::string_view::npos ? text.size() : nl + 1;
      }
      Block blk;
      blk.Begin = b;
      blk.End = e;
      this->List.push_back(blk);
      b = e;
    }
    RunFor(parallel, static_cast<std::int64_t>(this->List.size()),
      [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t k = lo; k < hi; ++k)
        {
          Block& blk = this->List[k];
          for (std::size_t pos = blk.Begin; pos < blk.End;)
          {
            const std::size_t nl = text.find('\n', pos);
            const std::size_t stop = nl == std::string_view::npos || nl >= blk.End ? blk.End : nl;
            ++blk.Lines;
            blk.Records += HasTokens(text.substr(pos, stop - pos));
            pos = stop + 1;
          }
        }
      });
    std::int64_t line = lineBefore, record = 0;
    for (Block& blk : this->List)
    {
      blk.LineBefore = line;
      blk.FirstRecord = record;
      line += blk.Lines;
      record += blk.Records;
    }
    this->LastLine = line;
    this->TotalRecords = record;
  }

  /// Positions `s` just before record r (at the end of the text when r is past the last).
  void SeekRecord(LineScanner& s, std::int64_t r) const
  {
    if (r >= this->TotalRecords)
    {
      s.Seek(this->Text.size(), this->LastLine);
      return;
    }
    const Block& blk = this->BlockOf(r);
    s.Seek(blk.Begin, blk.LineBefore);
    std::vector<std::string_view> tok;
    for (std::int64_t k = blk.FirstRecord; k < r; ++k)
    {
      NextTokens(s, tok);
    }
  }

  /// Index of the first record that starts at or after `offset` (a line start).
  std::int64_t RecordAt(std::size_t offset) const
  {
    for (const Block& blk : this->List)
    {
      if (offset < blk.End)
      {
        std::int64_t r = blk.FirstRecord;
        for (std::size_t pos = blk.Begin; pos < offset;)
        {
          const std::size_t nl = this->Text.find('\n', pos);
          const std::size_t stop = nl == std::string_view::npos || nl >= blk.End ? blk.End : nl;
          r += HasTokens(this->Text.substr(pos, stop - pos));
          pos = stop + 1;
        }
        return r;
      }
    }
    return this->TotalRecords;
  }

  /// Runs body(block, scanner positioned at the block) for every block
  /// holding records of [first, first + count), in parallel; the first
  /// error in file order is rethrown afterwards.
  template <typename Body>
  void ForRecords(const std::string& file, std::int64_t first, std::int64_t count,
    const ParallelFor& parallel, Body&& body)
  {
    RunFor(parallel, static_cast<std::int64_t>(this->List.size()),
      [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t k = lo; k < hi; ++k)
        {
          Block& blk = this->List[k];
          if (blk.FirstRecord + blk.Records <= first || blk.FirstRecord >= first + count)
          {
            continue;
          }
          try
          {
            LineScanner s(this->Text, file);
            s.Seek(blk.Begin, blk.LineBefore);
            body(blk, s);
          }
          catch (...)
          {
            blk.Error = std::current_exception();
          }
        }
      });
    for (Block& blk : this->List)
    {
      if (blk.Error)
      {
        std::exception_ptr e = blk.Error;
        for (Block& b : this->List)
        {
          b.Error = nullptr;
        }
        std::rethrow_exception(e);
      }
    }
  }

  std::vector<Block> List;
  std::int64_t TotalRecords = 0;
  std::int64_t LastLine = 0; ///< the line number at the end of the text

private:
  const Block& BlockOf(std::int64_t r) const
  {
    auto it = std::upper_bound(this->List.begin(), this->List.end(), r,
      [](std::int64_t v, const Block& b) { return v < b.FirstRecord; });
    return *(it - 1);
  }
  std::string_view Text;
};

/// 3 or 4 for an element type token T or Q (any case), else 0.
int CornersOf(std::string_view type)
{
  if (type.size() != 1)
  {
    return 0;
  }
  const char c = type[0];
  return c == 'T' || c == 't' ? 3 : c == 'Q' || c == 'q' ? 4 : 0;
}

/// The first token of a record line (comment already no concern: it has tokens).
std::string_view FirstToken(std::string_view line)
{
  std::size_t b = 0;
  while (b < line.size() && (line[b] == ' ' || line[b] == '\t' || line[b] == '\r'))
  {
    ++b;
  }
  std::size_t e = b;
  while (e < line.size() && line[e] != ' ' && line[e] != '\t' && line[e] != '\r' && line[e] != '#')
  {
    ++e;
  }
  return line.substr(b, e - b);
}

void ParseNamedPoints(LineScanner& s, std::vector<std::string_view>& tok, std::int64_t count,
  const char* what, std::vector<std::string>& names, std::vector<double>& xyz)
{
  for (std::int64_t i = 0; i < count; ++i)
  {
    NeedTokens(s, tok, what);
    if (tok.size() != 4)
    {
      s.Fail(std::string(what) + " needs a name and x y z, found " + std::to_string(tok.size()) +
        " fields");
    }
    names.emplace_back(tok[0]);
    for (int d = 1; d <= 3; ++d)
    {
      xyz.push_back(NeedFinite(s, tok[d], "a coordinate"));
    }
  }
}

/// The .cmom parser: its state, and one member per section. Run() reads the header,
/// then each keyword line and the section it starts.
class MoMParser
{
public:
  MoMParser(std::string_view text, const std::string& fileName, const ParallelFor& parallel)
    : S(text, fileName)
    , Text(text)
    , FileName(fileName)
    , Parallel(parallel)
  {}

  SurfaceMesh Run();

private:
  void ReadHeader();
  /// One keyword line (in Tok) and its section; false at END.
  bool ReadSection();
  void ReadSetting(const std::string& key);
  // VERTICES: rows in parallel blocks.
  void ReadVertices();
  void ReadVertexRows(LineScanner& bs, const Block& blk, std::int64_t rows, double* xyz) const;
  // ELEMENTS: two passes over the blocks (count, then parse into place).
  void ReadElements();
  void CountElements(std::int64_t first, std::int64_t available,
    std::vector<std::int64_t>& elemStart, std::vector<std::int64_t>& connStart);
  void ReadElementRows(LineScanner& bs, const Block& blk, std::int64_t first,
    std::int64_t available, std::int64_t e, std::int64_t at);
  int ReadElementTokens(
    LineScanner& bs, const std::vector<std::string_view>& t, std::int64_t e, std::int64_t at);
  // SOURCES, RECEIVERS.
  void ReadNamedPointSection(const std::string& key);
  void Finish();

  LineScanner S;
  std::string_view Text;
  const std::string& FileName;
  const ParallelFor& Parallel;
  std::unique_ptr<Blocks> Rows; ///< the lines after VERTICES, for the parallel row parsers
  std::vector<std::string_view> Tok;
  SurfaceMesh M;
  bool HaveFreq = false, HaveVerts = false, HaveElems = false, SawEnd = false;
  std::int64_t Base = 0; ///< INDEX-BASE
};

SurfaceMesh MoMParser::Run()
{
  this->ReadHeader();
  while (NextTokens(this->S, this->Tok))
  {
    if (!this->ReadSection())
    {
      this->SawEnd = true;
      break;
    }
  }
  this->Finish();
  return std::move(this->M);
}

/// "CLOUDMAP-MOM 1", the first line with tokens.
void MoMParser::ReadHeader()
{
  LineScanner& s = this->S;
  std::vector<std::string_view>& tok = this->Tok;
  if (!NextTokens(s, tok))
  {
    throw ParseError(this->FileName, 0, "empty file: expected the header 'CLOUDMAP-MOM 1'");
  }
  if (Upper(tok[0]) != "CLOUDMAP-MOM" || tok.size() != 2)
  {
    s.Fail("not a CloudMap MoM file: expected the header 'CLOUDMAP-MOM 1'");
  }
  if (NeedInt(s, tok[1], "the format version") != 1)
  {
    s.Fail("unsupported format version " + std::string(tok[1]) + " (this reader knows version 1)");
  }
}

bool MoMParser::ReadSection()
{
  const std::string key = Upper(this->Tok[0]);
  if (key == "END")
  {
    return false;
  }
  static const char* const known[] = { "FREQUENCY", "INDEX-BASE", "VERTICES", "ELEMENTS", "SOURCES",
    "RECEIVERS" };
  if (std::find(std::begin(known), std::end(known), key) == std::end(known))
  {
    this->S.Fail("unknown keyword '" + std::string(this->Tok[0].substr(0, 30)) +
      "' (expected FREQUENCY, INDEX-BASE, VERTICES, ELEMENTS, SOURCES, RECEIVERS or END; "
      "a count smaller than its rows also ends up here)");
  }
  if (this->Tok.size() != 2)
  {
    this->S.Fail("keyword " + key + " takes exactly one value");
  }
  if (key == "FREQUENCY" || key == "INDEX-BASE")
  {
    this->ReadSetting(key);
  }
  else if (key == "VERTICES")
  {
    this->ReadVertices();
  }
  else if (key == "ELEMENTS")
  {
    this->ReadElements();
  }
  else
  {
    this->ReadNamedPointSection(key);
  }
  return true;
}

/// FREQUENCY and INDEX-BASE.
void MoMParser::ReadSetting(const std::string& key)
{
  LineScanner& s = this->S;
  if (key == "FREQUENCY")
  {
    this->M.Frequency = NeedFinite(s, this->Tok[1], "the frequency in Hz");
    if (!(this->M.Frequency > 0))
    {
      s.Fail("the frequency must be positive");
    }
    this->HaveFreq = true;
    return;
  }
  this->Base = NeedInt(s, this->Tok[1], "the index base");
  if (this->Base != 0 && this->Base != 1)
  {
    s.Fail("INDEX-BASE must be 0 or 1");
  }
  if (this->HaveElems)
  {
    s.Fail("INDEX-BASE must come before ELEMENTS");
  }
}

// ---- VERTICES ----------------------------------------------------------------

void MoMParser::ReadVertices()
{
  LineScanner& s = this->S;
  if (this->HaveVerts)
  {
    s.Fail("a second VERTICES section");
  }
  const std::int64_t n = NeedCount(s, this->Tok[1], "the vertex count", MoMMaxCount);
  // Never trust a count for allocation beyond what the file could hold:
  // every vertex line takes at least 6 bytes.
  if (n > static_cast<std::int64_t>(this->Text.size() / 6) + 1)
  {
    s.Fail("vertex count " + std::to_string(n) + " is larger than the file could hold");
  }
  // The rows in blocks of lines, in parallel; then on after the last row.
  this->Rows = std::make_unique<Blocks>(this->Text, s.Offset(), s.LineNumber(), this->Parallel);
  // A short file fails at its end, after any error in the rows it has (as a serial read).
  const std::int64_t rows = std::min<std::int64_t>(n, this->Rows->TotalRecords);
  ResizeLargeVector(this->M.Points, static_cast<std::size_t>(3 * rows));
  double* xyz = this->M.Points.data();
  this->Rows->ForRecords(this->FileName, 0, rows, this->Parallel,
    [&](const Block& blk, LineScanner& bs) { this->ReadVertexRows(bs, blk, rows, xyz); });
  if (rows < n)
  {
    s.Seek(this->Text.size(), this->Rows->LastLine);
    s.Fail("unexpected end of file: expected a vertex line");
  }
  this->Rows->SeekRecord(s, n);
  this->HaveVerts = true;
}

/// The vertex rows of one block (records before `rows`), into xyz.
void MoMParser::ReadVertexRows(
  LineScanner& bs, const Block& blk, std::int64_t rows, double* xyz) const
{
  std::vector<std::string_view> t;
  for (std::int64_t r = blk.FirstRecord; r < blk.FirstRecord + blk.Records && r < rows; ++r)
  {
    const std::string_view line = NextRecordLine(bs);
    if (FastVertex(line, xyz + 3 * r))
    {
      continue;
    }
    TokensOf(line, t);
    if (t.size() != 3)
    {
      bs.Fail("vertex " + std::to_string(r + this->Base) + " needs 3 coordinates, found " +
        std::to_string(t.size()) + " fields");
    }
    for (int d = 0; d < 3; ++d)
    {
      xyz[3 * r + d] = NeedFinite(bs, t[d], "a coordinate");
    }
  }
}

// ---- ELEMENTS ----------------------------------------------------------------

void MoMParser::ReadElements()
{
  LineScanner& s = this->S;
  SurfaceMesh& m = this->M;
  if (!this->HaveVerts)
  {
    s.Fail("ELEMENTS before VERTICES");
  }
  if (this->HaveElems)
  {
    s.Fail("a second ELEMENTS section");
  }
  const std::int64_t n = NeedCount(s, this->Tok[1], "the element count", MoMMaxCount);
  if (n > static_cast<std::int64_t>(this->Text.size() / 20) + 1)
  {
    s.Fail("element count " + std::to_string(n) + " is larger than the file could hold");
  }
  // Blocks exist: ELEMENTS comes after VERTICES. Pass 1 counts each
  // block's elements and corners (from the type letters), pass 2 parses
  // every block into its own range.
  const std::int64_t first = this->Rows->RecordAt(s.Offset());
  const std::int64_t available = std::min<std::int64_t>(n, this->Rows->TotalRecords - first);
  const std::size_t nb = this->Rows->List.size();
  std::vector<std::int64_t> elemStart(nb + 1, 0), connStart(nb + 1, 0);
  this->CountElements(first, available, elemStart, connStart);
  ResizeLargeVector(m.Offsets, static_cast<std::size_t>(available + 1));
  ResizeLargeVector(m.Connectivity, static_cast<std::size_t>(connStart[nb]));
  ResizeLargeVector(m.JReal, static_cast<std::size_t>(3 * available));
  ResizeLargeVector(m.JImag, static_cast<std::size_t>(3 * available));
  this->Rows->ForRecords(
    this->FileName, first, available, this->Parallel, [&](const Block& blk, LineScanner& bs) {
      const std::size_t k = static_cast<std::size_t>(&blk - this->Rows->List.data());
      this->ReadElementRows(bs, blk, first, available, elemStart[k], connStart[k]);
    });
  if (available < n)
  {
    s.Seek(this->Text.size(), this->Rows->LastLine);
    s.Fail("unexpected end of file: expected an element line");
  }
  this->Rows->SeekRecord(s, first + n);
  this->HaveElems = true;
}

/// Pass 1: the first element and corner of every block (prefix sums of their counts).
void MoMParser::CountElements(std::int64_t first, std::int64_t available,
  std::vector<std::int64_t>& elemStart, std::vector<std::int64_t>& connStart)
{
  this->Rows->ForRecords(
    this->FileName, first, available, this->Parallel, [&](const Block& blk, LineScanner& bs) {
      std::string_view line;
      std::int64_t elems = 0, corners = 0;
      const std::size_t k = static_cast<std::size_t>(&blk - this->Rows->List.data());
      for (std::int64_t r = blk.FirstRecord; r < blk.FirstRecord + blk.Records; ++r)
      {
        bs.Next(line);
        while (!HasTokens(line))
        {
          bs.Next(line);
        }
        if (r >= first && r < first + available)
        {
          ++elems;
          corners += CornersOf(FirstToken(line));
        }
      }
      elemStart[k + 1] = elems;
      connStart[k + 1] = corners;
    });
  for (std::size_t k = 0; k + 1 < elemStart.size(); ++k)
  {
    elemStart[k + 1] += elemStart[k];
    connStart[k + 1] += connStart[k];
  }
}

/// Pass 2 for one block: its element rows into place, from element e and corner `at`.
void MoMParser::ReadElementRows(LineScanner& bs, const Block& blk, std::int64_t first,
  std::int64_t available, std::int64_t e, std::int64_t at)
{
  SurfaceMesh& m = this->M;
  const std::int64_t nv = m.NumberOfPoints();
  std::vector<std::string_view> t;
  for (std::int64_t r = blk.FirstRecord; r < blk.FirstRecord + blk.Records; ++r)
  {
    const std::string_view line = NextRecordLine(bs);
    if (r < first)
    {
      continue;
    }
    if (r >= first + available)
    {
      break;
    }
    int corners = FastElement(line, this->Base, nv, m.Connectivity.data() + at,
      m.JReal.data() + 3 * e, m.JImag.data() + 3 * e);
    if (corners == 0)
    {
      TokensOf(line, t);
      corners = this->ReadElementTokens(bs, t, e, at);
    }
    at += corners;
    m.Offsets[e + 1] = at;
    ++e;
  }
}

/// The general path for one element row (tokens t): element e, corners from `at`.
/// Returns its corner count; fails on anything the format does not allow.
int MoMParser::ReadElementTokens(
  LineScanner& bs, const std::vector<std::string_view>& t, std::int64_t e, std::int64_t at)
{
  SurfaceMesh& m = this->M;
  const std::int64_t nv = m.NumberOfPoints(), base = this->Base;
  const int corners = CornersOf(t[0]);
  if (corners == 0)
  {
    bs.Fail("unknown element type '" + std::string(t[0].substr(0, 20)) +
      "' (expected T for a triangle or Q for a quad)");
  }
  if (t.size() != static_cast<std::size_t>(1 + corners + 6))
  {
    bs.Fail("element " + std::to_string(e) + " (" + (corners == 3 ? "T" : "Q") + ") needs " +
      std::to_string(corners) + " vertex ids and 6 current values, found " +
      std::to_string(t.size() - 1) + " fields");
  }
  std::int64_t* ids = m.Connectivity.data() + at;
  for (int c = 0; c < corners; ++c)
  {
    const std::int64_t v = NeedInt(bs, t[1 + c], "a vertex id") - base;
    if (v < 0 || v >= nv)
    {
      bs.Fail("vertex id " + std::string(t[1 + c]) + " is out of range (" + std::to_string(base) +
        ".." + std::to_string(nv - 1 + base) + ")");
    }
    for (int q = 0; q < c; ++q)
    {
      if (ids[q] == v)
      {
        bs.Fail(
          "element " + std::to_string(e) + " uses vertex " + std::string(t[1 + c]) + " twice");
      }
    }
    ids[c] = v;
  }
  for (int q = 0; q < 3; ++q)
  {
    m.JReal[3 * e + q] = NeedFinite(bs, t[1 + corners + 2 * q], "a current value");
    m.JImag[3 * e + q] = NeedFinite(bs, t[2 + corners + 2 * q], "a current value");
  }
  return corners;
}

// ---- SOURCES, RECEIVERS and the end --------------------------------------------

void MoMParser::ReadNamedPointSection(const std::string& key)
{
  const std::int64_t n = NeedCount(this->S, this->Tok[1], "the count", 1000000);
  if (key == "SOURCES")
  {
    ParseNamedPoints(
      this->S, this->Tok, n, "a source", this->M.SourceNames, this->M.SourcePositions);
  }
  else
  {
    ParseNamedPoints(
      this->S, this->Tok, n, "a receiver", this->M.ReceiverNames, this->M.ReceiverPositions);
  }
}

void MoMParser::Finish()
{
  if (!this->HaveFreq)
  {
    this->S.Fail("no FREQUENCY line in the file");
  }
  if (!this->HaveVerts || !this->HaveElems)
  {
    this->S.Fail(std::string("truncated file: no ") + (this->HaveVerts ? "ELEMENTS" : "VERTICES") +
      " section");
  }
  if (!this->SawEnd)
  {
    this->S.Fail("truncated file: no END line");
  }
}
} // namespace

bool LooksLikeMoM(std::string_view head)
{
  LineScanner s(head, "");
  std::vector<std::string_view> tok;
  try
  {
    return NextTokens(s, tok) && Upper(tok[0]) == "CLOUDMAP-MOM";
  }
  catch (const ParseError&)
  {
    return false;
  }
}

SurfaceMesh ParseMoM(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel)
{
  return MoMParser(text, fileName, parallel).Run();
}

SurfaceMesh ReadMoMFile(const std::string& path, const ParallelFor& parallel)
{
  return ParseMoM(ReadWholeFile(path, 1ull << 34, parallel), path, parallel);
}

} // namespace cm
