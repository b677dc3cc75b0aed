// SPDX-License-Identifier: BSD-3-Clause
// SURFACE PATCH CURRENTS: plain nec2c rows on a fast path (and in parallel blocks for
// long tables), anything else the general way, which reports what is wrong.
#include "cmNecOutputParser.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace cm
{
namespace nec
{
namespace
{
/// A decimal digit's value, or 10 and above for anything else.
inline unsigned DigitOf(char c)
{
  return static_cast<unsigned>(static_cast<unsigned char>(c)) - static_cast<unsigned>('0');
}

inline bool IsRowBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

} // namespace

/// The fast path of a numeric table row: exactly `n` blank-separated tokens,
/// a plain integer then n - 1 finite numbers, each converted where it stands
/// with ScanDouble (the readers' one number parser, as ParseDouble). A token that
/// TokenizeFortranCells() would split (touching Fortran fields such as "1.0E-03-2.0E-03")
/// stops ScanDouble before its end and so is refused, as are a '+' sign, D
/// exponents and non-finite values: whatever this accepts, TokenizeFortranCells() and
/// NeedFinite() read the same way; anything else returns false and the caller
/// parses the line the general way (which reports any error).
bool FastRow(std::string_view line, int n, std::int64_t& number, double* values)
{
  // A NUL-terminated copy: the scans below stop at the NUL without bounds
  // checks. A line with a NUL of its own, or longer than any nec2c row, goes
  // the general way.
  char row[256];
  if (line.size() >= sizeof row || line.find('\0') != std::string_view::npos)
  {
    return false;
  }
  std::memcpy(row, line.data(), line.size());
  row[line.size()] = '\0';
  const char* p = row;
  while (IsRowBlank(*p))
  {
    ++p;
  }
  const char* b = p;
  std::int64_t x = 0;
  for (unsigned d; (d = DigitOf(*p)) < 10 && p - b < 18; ++p)
  {
    x = x * 10 + static_cast<std::int64_t>(d);
  }
  if (p == b || (*p != '\0' && !IsRowBlank(*p)))
  {
    return false;
  }
  number = x;
  for (int k = 1; k < n; ++k)
  {
    while (IsRowBlank(*p))
    {
      ++p;
    }
    double& v = values[k - 1];
    const char* const stop = ScanDouble(p, row + line.size(), v);
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

void Parser::ReadPatchCurrents()
{
  if (this->FrequencyHz <= 0)
  {
    this->S.Fail("SURFACE PATCH CURRENTS before any FREQUENCY line");
  }
  if (this->Geo.Data.empty())
  {
    this->S.Fail("SURFACE PATCH CURRENTS without a SURFACE PATCH DATA table before it");
  }
  if (!this->Geo.Built)
  {
    this->Build();
  }
  const std::int64_t m = static_cast<std::int64_t>(this->Geo.Data.size());
  const double lambda = this->Lambda();
  const bool fresh = this->Open && !this->Out.Solutions.empty() &&
    (this->Out.Solutions.back().HasPatchCurrents || !this->Out.Solutions.back().Patterns.empty());
  NecSolution& sol = this->Solution(fresh);
  const std::size_t index = this->Out.Solutions.size() - 1; // Solution() returns the last
  this->StartMesh(sol.Mesh);
  sol.Polygons = this->Geo.Geometry;
  sol.HasPatchCurrents = true;
  std::vector<double> re, im; // J of the rows read here
  re.reserve(3 * static_cast<std::size_t>(m));
  im.reserve(3 * static_cast<std::size_t>(m));
  std::int64_t header = 0, found = 0;
  bool triedDeferring = false;
  std::string_view line;
  std::vector<std::string_view> row;
  while (found < m)
  {
    if (header < 0 && !triedDeferring)
    {
      // The rows have started: the rest of the table is left for the
      // parallel pass (FlushCurrents), if it is long enough.
      triedDeferring = true;
      if (this->DeferCurrents(index, found, m, lambda, re, im))
      {
        return;
      }
    }
    if (header < 0)
    {
      // Once the rows have started, a nec2c row (one line per patch) that
      // passes every check is taken on the fast path.
      const std::size_t at = this->S.Offset();
      const std::int64_t lineNo = this->S.LineNumber();
      std::int64_t n = 0;
      double v[13];
      if (this->S.Next(line) && FastRow(line, 14, n, v) && n == found + 1)
      {
        const DataPatch& d = this->Geo.Data[static_cast<std::size_t>(found)];
        bool near = true;
        for (int a = 0; a < 3; ++a)
        {
          near = near && std::abs(lambda * v[a] - d.Centre[a]) <= 1e-3 * lambda + 1e-4;
        }
        if (near)
        {
          for (int a = 0; a < 3; ++a)
          {
            re.push_back(v[7 + 2 * a]);
            im.push_back(v[8 + 2 * a]);
          }
          ++found;
          continue;
        }
      }
      this->S.Seek(at, lineNo); // the general path below parses or reports it
    }
    if (!this->NextRow(12, header, line))
    {
      break;
    }
    header = -1;
    row = this->Tok;
    if (row.size() == 1)
    {
      // NEC-2D: FORMAT(1X,I4,/,1X,3F7.3,...) puts the number on a line of its own.
      this->Out.OriginalNec2D = true;
      std::string_view more;
      if (!this->S.Next(more))
      {
        this->S.Fail("truncated SURFACE PATCH CURRENTS table: patch " + std::string(row[0]) +
          " has no values");
      }
      TokenizeFortranCells(more, this->Tok);
      row.insert(row.end(), this->Tok.begin(), this->Tok.end());
    }
    const std::int64_t expect = found + 1;
    if (row.size() != 14)
    {
      this->S.Fail("SURFACE PATCH CURRENTS row for patch " + std::to_string(expect) + " has " +
        std::to_string(row.size()) +
        " fields, expected 14 (number, centre, 2 tangent magnitudes and phases, Re/Im of Jx Jy "
        "Jz)");
    }
    const std::int64_t n = NeedInt(this->S, row[0], "a patch number");
    if (n != expect)
    {
      this->S.Fail("patch number " + std::to_string(n) +
        " out of sequence in SURFACE PATCH CURRENTS (expected " + std::to_string(expect) + ")");
    }
    const DataPatch& d = this->Geo.Data[static_cast<std::size_t>(found)];
    for (int a = 0; a < 3; ++a)
    {
      // Centres are printed to 3 decimals of a wavelength; a larger gap means the two
      // tables do not describe the same patches (or λ is not what NEC used).
      const double c = lambda * NeedFinite(this->S, row[1 + a], "a patch centre coordinate");
      if (std::abs(c - d.Centre[a]) > 1e-3 * lambda + 1e-4)
      {
        this->S.Fail("patch " + std::to_string(n) + ": centre in SURFACE PATCH CURRENTS (" +
          std::string(row[1 + a]) + " wavelengths) does not match SURFACE PATCH DATA");
      }
    }
    for (int k = 4; k < 8; ++k)
    {
      NeedFinite(this->S, row[k], "a tangential current");
    }
    for (int a = 0; a < 3; ++a)
    {
      re.push_back(NeedFinite(this->S, row[8 + 2 * a], "a current density"));
      im.push_back(NeedFinite(this->S, row[9 + 2 * a], "a current density"));
    }
    ++found;
  }
  if (found < m)
  {
    const bool eof = this->S.AtEnd();
    throw ParseError(this->S.FileName(), this->S.LineNumber() + (eof ? 0 : 1),
      "truncated SURFACE PATCH CURRENTS table: " + std::to_string(found) + " of " +
        std::to_string(m) + " patches" + (eof ? " before the end of the file" : ""));
  }
  sol.Mesh.JReal = std::move(re);
  sol.Mesh.JImag = std::move(im);
}

void Parser::StartMesh(SurfaceMesh& mesh) const
{
  // A solution's mesh before its arrays: the structure's names, this
  // frequency and its sources (the feeds change from one frequency to the next).
  const SurfaceMesh& g = *this->Geo.Geometry;
  mesh = SurfaceMesh(); // no polygons: they are shared (NecSolution::Polygons)
  mesh.Name = g.Name;
  mesh.ReceiverNames = g.ReceiverNames;
  mesh.ReceiverPositions = g.ReceiverPositions;
  mesh.Frequency = this->FrequencyHz;
  this->AddSources(mesh);
}

bool Parser::DeferCurrents(std::size_t solution, std::int64_t first, std::int64_t m, double lambda,
  std::vector<double>& re, std::vector<double>& im)
{
  // Rows first..m-1 (0-based) of a long SURFACE PATCH CURRENTS table whose
  // first rows were nec2c rows, one line each: the lines are only counted
  // here (their block starts kept) and the parse goes on after them;
  // FlushCurrents() parses every deferred table at once on the threads. A
  // sweep prints one table per frequency, so a pass per table would start
  // the threads hundreds of times (VTK 9.2 makes a thread pool per For).
  const std::int64_t count = m - first;
  if (!this->Parallel || !this->Defer || count < 4 * CurrentBlockRows)
  {
    return false;
  }
  const std::size_t at = this->S.Offset();
  const std::int64_t lineNo = this->S.LineNumber();
  DeferredCurrents job;
  job.Solution = solution;
  job.First = first;
  job.Patches = m;
  job.Lambda = lambda;
  job.BlockStarts.reserve(static_cast<std::size_t>(count / CurrentBlockRows + 2));
  // nec2c prints the rows in fixed widths: when the table's last line ends
  // where count lines of the first one's length would, the block starts are
  // computed instead of found line by line (a serial scan of the whole
  // table). The parallel pass checks every row's number and that each block
  // ends exactly at the next one's start, so a table of uneven rows that
  // slipped through is refused there and parsed serially.
  const std::size_t firstEnd = this->Text.find('\n', at);
  const std::size_t width = firstEnd == std::string_view::npos ? 0 : firstEnd + 1 - at;
  const std::size_t last = at + static_cast<std::size_t>(count) * width;
  std::size_t pos = at;
  if (width > 0 && last <= this->Text.size() && this->Text[last - 1] == '\n' &&
    this->Text[last - width] != '\n' &&
    (last - width == at || this->Text[last - width - 1] == '\n'))
  {
    for (std::int64_t k = 0; k < count; k += CurrentBlockRows)
    {
      job.BlockStarts.push_back(at + static_cast<std::size_t>(k) * width);
    }
    pos = last;
  }
  else
  {
    for (std::int64_t k = 0; k < count; ++k)
    {
      if (pos >= this->Text.size())
      {
        return false; // the file ends inside the table: the serial loop reports it
      }
      if (k % CurrentBlockRows == 0)
      {
        job.BlockStarts.push_back(pos);
      }
      const std::size_t nl = this->Text.find('\n', pos);
      pos = nl == std::string_view::npos ? this->Text.size() : nl + 1;
    }
  }
  job.BlockStarts.push_back(pos);
  job.Re = std::move(re);
  job.Im = std::move(im);
  this->Deferred.push_back(std::move(job));
  this->S.Seek(pos, lineNo + count);
  return true;
}

void Parser::FlushCurrents()
{
  // Every deferred table in two parallel passes: J's storage (2 fills per
  // table, whose first touch of fresh memory is much of their cost on a VM),
  // then all tables' row blocks. Any row the fast path
  // refuses means the file needs the serial parse, which reads and reports
  // such rows: the whole parse is then redone without deferring.
  if (this->Deferred.empty())
  {
    return;
  }
  std::vector<DeferredCurrents> jobs = std::move(this->Deferred);
  this->Deferred.clear();
  const std::int64_t tables = static_cast<std::int64_t>(jobs.size());
  this->Parallel(2 * tables, [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t k = lo; k < hi; ++k)
    {
      DeferredCurrents& job = jobs[static_cast<std::size_t>(k / 2)];
      (k % 2 == 0 ? job.Re : job.Im).resize(3 * static_cast<std::size_t>(job.Patches));
    }
  });
  // Block b of all tables: table = the last whose first block is <= b.
  std::vector<std::int64_t> firstBlock(jobs.size() + 1, 0);
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    firstBlock[j + 1] = firstBlock[j] + static_cast<std::int64_t>(jobs[j].BlockStarts.size()) - 1;
  }
  std::vector<char> ok(static_cast<std::size_t>(firstBlock.back()), 0);
  this->Parallel(firstBlock.back(), [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t b = lo; b < hi; ++b)
    {
      const std::size_t j = static_cast<std::size_t>(
        std::upper_bound(firstBlock.begin(), firstBlock.end(), b) - firstBlock.begin() - 1);
      DeferredCurrents& job = jobs[j];
      const std::size_t local = static_cast<std::size_t>(b - firstBlock[j]);
      const std::int64_t row0 = job.First + static_cast<std::int64_t>(local) * CurrentBlockRows;
      const std::int64_t rows = std::min(job.Patches - row0, CurrentBlockRows);
      std::size_t pos = job.BlockStarts[local];
      const std::size_t stop = job.BlockStarts[local + 1];
      bool good = true;
      for (std::int64_t k = 0; good && k < rows; ++k)
      {
        const std::int64_t row = row0 + k; // 0-based patch index
        std::size_t end = this->Text.find('\n', pos);
        end = end == std::string_view::npos || end > stop ? stop : end;
        const std::size_t next = end < stop ? end + 1 : stop;
        if (end > pos && this->Text[end - 1] == '\r')
        {
          --end;
        }
        std::int64_t n = 0;
        double v[13];
        good = FastRow(this->Text.substr(pos, end - pos), 14, n, v) && n == row + 1;
        const DataPatch& d = this->Geo.Data[static_cast<std::size_t>(row)];
        for (int a = 0; good && a < 3; ++a)
        {
          good = std::abs(job.Lambda * v[a] - d.Centre[a]) <= 1e-3 * job.Lambda + 1e-4;
        }
        for (int a = 0; good && a < 3; ++a)
        {
          job.Re[3 * row + a] = v[7 + 2 * a];
          job.Im[3 * row + a] = v[8 + 2 * a];
        }
        pos = next;
      }
      ok[static_cast<std::size_t>(b)] = good && pos == stop ? 1 : 0; // every byte a row
    }
  });
  if (std::find(ok.begin(), ok.end(), 0) != ok.end())
  {
    throw DeferredRowsRefused();
  }
  for (DeferredCurrents& job : jobs)
  {
    SurfaceMesh& mesh = this->Out.Solutions[job.Solution].Mesh;
    mesh.JReal = std::move(job.Re);
    mesh.JImag = std::move(job.Im);
  }
}
} // namespace nec
} // namespace cm
