// SPDX-License-Identifier: BSD-3-Clause
// The NEC-2 tables in metres (SEGMENTATION DATA, SURFACE PATCH DATA), the wire
// currents, and the port, power-budget and loading tables (read by cmNecPorts).
#include "cmNecOutputParser.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace cm
{
namespace nec
{
void Parser::ReadSegments()
{
  this->Geo.Segments.clear();
  std::int64_t header = 0;
  std::string_view line;
  while (this->NextRow(12, header, line))
  {
    header = -1;
    // SEG X Y Z LENGTH ALPHA BETA RADIUS, then connection data and tag (which may touch).
    if (this->Tok.size() < 8)
    {
      this->S.Fail("segmentation data row has " + std::to_string(this->Tok.size()) +
        " fields, expected at least 8");
    }
    const std::int64_t seg = NeedInt(this->S, this->Tok[0], "a segment number");
    if (seg != static_cast<std::int64_t>(this->Geo.Segments.size()) + 1)
    {
      this->S.Fail("segment number " + std::to_string(seg) + " out of sequence (expected " +
        std::to_string(this->Geo.Segments.size() + 1) + ")");
    }
    if (seg > this->MaxPatches)
    {
      this->S.Fail("more segments than the file could hold");
    }
    double v[7];
    for (int k = 0; k < 7; ++k)
    {
      v[k] = NeedFinite(this->S, this->Tok[1 + k], "a segment value");
    }
    const double a = v[4] * cm::Pi / 180, b = v[5] * cm::Pi / 180; // elevation, azimuth
    this->Geo.Segments.push_back({ { v[0], v[1], v[2] },
      { std::cos(a) * std::cos(b), std::cos(a) * std::sin(b), std::sin(a) }, v[3] });
  }
}

void Parser::ReadPatchData()
{
  this->FlushCurrents(); // deferred tables read the patch data this replaces
  // A new table describes the structure that follows; any mesh built before is stale.
  this->Geo.Data.clear();
  this->Geo.Built = false;
  std::int64_t header = 0;
  std::string_view line;
  while (this->NextRow(12, header, line))
  {
    header = -1;
    const std::int64_t expect = static_cast<std::int64_t>(this->Geo.Data.size()) + 1;
    if (this->Tok.size() != 14)
    {
      this->S.Fail("SURFACE PATCH DATA row for patch " + std::to_string(expect) + " has " +
        std::to_string(this->Tok.size()) +
        " fields, expected 14 (number, centre, normal, area, two tangents)");
    }
    const std::int64_t n = NeedInt(this->S, this->Tok[0], "a patch number");
    if (n != expect)
    {
      this->S.Fail("patch number " + std::to_string(n) +
        " out of sequence in SURFACE PATCH DATA (expected " + std::to_string(expect) + ")");
    }
    if (n > this->MaxPatches)
    {
      this->S.Fail("more patches than the file could hold");
    }
    double v[13];
    for (int k = 0; k < 13; ++k)
    {
      v[k] = NeedFinite(this->S, this->Tok[1 + k], "a patch value");
    }
    if (!(v[6] > 0))
    {
      this->S.Fail("patch " + std::to_string(n) + " has a non-positive area");
    }
    this->Geo.Data.push_back({ { v[0], v[1], v[2] }, { v[3], v[4], v[5] }, { v[7], v[8], v[9] },
      { v[10], v[11], v[12] }, v[6] });
    if (n == 1 && this->Geo.TotalPatches > 1)
    {
      // The rest of a long table at once; the loop then reads what follows it (more
      // rows, or the line that ends the table) as it would have.
      this->ReadPatchRowsParallel(this->Geo.TotalPatches - 1);
    }
  }
  const std::int64_t got = static_cast<std::int64_t>(this->Geo.Data.size());
  if (this->Geo.TotalPatches >= 0 && got != this->Geo.TotalPatches)
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber() + (this->S.AtEnd() ? 0 : 1),
      "truncated SURFACE PATCH DATA table: " + std::to_string(got) + " of " +
        std::to_string(this->Geo.TotalPatches) + " patches");
  }
  this->SawPatches = this->SawPatches || got > 0;
}

bool Parser::ReadPatchRowsParallel(std::int64_t count)
{
  constexpr std::int64_t Block = 512;
  if (!this->Parallel || count < 4 * Block || count >= this->MaxPatches)
  {
    return false;
  }
  // The block starts, line by line (a line the scan cannot place is refused below).
  const std::size_t at = this->S.Offset();
  std::vector<std::size_t> starts;
  starts.reserve(static_cast<std::size_t>(count / Block + 2));
  std::size_t pos = at;
  for (std::int64_t k = 0; k < count; ++k)
  {
    if (pos >= this->Text.size())
    {
      return false; // the file ends inside the table: the serial loop reports it
    }
    if (k % Block == 0)
    {
      starts.push_back(pos);
    }
    const std::size_t nl = this->Text.find('\n', pos);
    pos = nl == std::string_view::npos ? this->Text.size() : nl + 1;
  }
  starts.push_back(pos);
  std::vector<DataPatch>& data = this->Geo.Data;
  data.resize(static_cast<std::size_t>(count) + 1);
  const std::int64_t blocks = static_cast<std::int64_t>(starts.size()) - 1;
  std::vector<char> ok(static_cast<std::size_t>(blocks), 0);
  this->Parallel(blocks, [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t b = lo; b < hi; ++b)
    {
      std::size_t p = starts[static_cast<std::size_t>(b)];
      const std::size_t stop = starts[static_cast<std::size_t>(b) + 1];
      const std::int64_t first = 1 + b * Block, last = std::min(count, first + Block - 1);
      bool good = true;
      for (std::int64_t row = first; good && row <= last; ++row) // 0-based patch index
      {
        std::size_t end = this->Text.find('\n', p);
        end = end == std::string_view::npos || end > stop ? stop : end;
        const std::size_t next = end < stop ? end + 1 : stop;
        if (end > p && this->Text[end - 1] == '\r')
        {
          --end;
        }
        std::int64_t n = 0;
        double v[13];
        good = FastRow(this->Text.substr(p, end - p), 14, n, v) && n == row + 1 && v[6] > 0;
        if (good)
        {
          data[static_cast<std::size_t>(row)] = { { v[0], v[1], v[2] }, { v[3], v[4], v[5] },
            { v[7], v[8], v[9] }, { v[10], v[11], v[12] }, v[6] };
        }
        p = next;
      }
      ok[static_cast<std::size_t>(b)] = good && p == stop ? 1 : 0;
    }
  });
  if (std::find(ok.begin(), ok.end(), 0) != ok.end())
  {
    data.resize(1); // the serial loop reads the rows again and reports the first bad one
    return false;
  }
  this->S.Seek(pos, this->S.LineNumber() + count);
  return true;
}

void Parser::ReadFeeds()
{
  this->PendingPorts = ReadNecInputParameters(this->S, this->MaxPatches);
  this->Feeds.clear();
  for (const NecPort& p : this->PendingPorts)
  {
    this->Feeds.emplace_back(p.Tag, p.Segment);
  }
}

void Parser::ReadPortTable(std::string_view banner)
{
  if (ContainsNoCase(banner, "POWER BUDGET"))
  {
    const NecPowerBudget b = ReadNecPowerBudget(this->S);
    if (this->Open && !this->Out.Solutions.empty() && !this->Out.Solutions.back().Power.Present)
    {
      this->Out.Solutions.back().Power = b;
    }
    else
    {
      this->PendingPower = b;
    }
  }
  else
  {
    this->Loads = ReadNecLoading(this->S, this->MaxPatches);
  }
}

void Parser::ReadWireCurrents()
{
  if (this->FrequencyHz <= 0)
  {
    this->S.Fail("CURRENTS AND LOCATION before any FREQUENCY line");
  }
  const double lambda = this->Lambda();
  std::vector<NecWireSegment> wires;
  std::int64_t header = 0;
  std::string_view line;
  while (this->NextRow(12, header, line))
  {
    header = -1;
    // SEG TAG X Y Z LENGTH (wavelengths) RE IM MAG PHASE (amperes)
    if (this->Tok.size() != 10)
    {
      this->S.Fail("wire current row has " + std::to_string(this->Tok.size()) +
        " fields, expected 10 (segment, tag, centre, length, real, imaginary, magnitude, phase)");
    }
    NecWireSegment w;
    w.Segment = NeedInt(this->S, this->Tok[0], "a segment number");
    w.Tag = NeedInt(this->S, this->Tok[1], "a tag number");
    for (int d = 0; d < 3; ++d)
    {
      w.Centre[d] = lambda * NeedFinite(this->S, this->Tok[2 + d], "a segment coordinate");
    }
    w.Length = lambda * NeedFinite(this->S, this->Tok[5], "a segment length");
    w.CurrentReal = NeedFinite(this->S, this->Tok[6], "a wire current");
    w.CurrentImag = NeedFinite(this->S, this->Tok[7], "a wire current");
    NeedFinite(this->S, this->Tok[8], "a wire current magnitude");
    NeedFinite(this->S, this->Tok[9], "a wire current phase");
    const auto& segs = this->Geo.Segments;
    if (w.Segment >= 1 && w.Segment <= static_cast<std::int64_t>(segs.size()))
    {
      // The segmentation table has metres to 4 decimals and the direction.
      const SegmentGeometry& g = segs[static_cast<std::size_t>(w.Segment - 1)];
      for (int d = 0; d < 3; ++d)
      {
        w.Centre[d] = g.Centre[d];
        w.Direction[d] = g.Direction[d];
      }
      w.Length = g.Length;
    }
    if (static_cast<std::int64_t>(wires.size()) >= this->MaxPatches)
    {
      this->S.Fail("more wire segments than the file could hold");
    }
    wires.push_back(w);
  }
  // A table may list some segments only (PT card), but nec2c and NEC-2D always print more
  // after it: one that ends the file short of the segments was cut there.
  if (this->S.AtEnd() && wires.size() < this->Geo.Segments.size())
  {
    this->S.Fail("truncated CURRENTS AND LOCATION table: " + std::to_string(wires.size()) + " of " +
      std::to_string(this->Geo.Segments.size()) + " segments before the end of the file");
  }
  // A second wire table at the same frequency is a new solve (a new EX, then XQ).
  const bool fresh = this->Open && !this->Out.Solutions.empty() &&
    (!this->Out.Solutions.back().Wires.empty() || this->Out.Solutions.back().HasPatchCurrents ||
      !this->Out.Solutions.back().Patterns.empty());
  this->Solution(fresh).Wires = std::move(wires);
}
} // namespace nec
} // namespace cm
