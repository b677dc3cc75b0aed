// SPDX-License-Identifier: BSD-3-Clause
// The fast path of Touchstone network data (cmFastLines.h): from the first data line of
// the network section to the end of the file (or to a line starting with '['), when that
// part holds no comment, its numbers are counted, parsed and checked in blocks of lines
// through the ParallelFor, and every record stored at once. Anything the serial rules
// would treat otherwise (a record cut or overlong, a frequency that does not increase,
// which also starts a 1.x noise block, a negative magnitude, a number ParseDouble reads
// another way) and nothing is kept: the serial loop reads the same lines (and words
// the error), so values and messages are the same on any thread count.
#include "cmTouchstoneParser.h"

#include "cmFastLines.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

namespace cm
{
namespace touchstone
{
namespace
{
inline bool IsBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

/// The numbers on [p, e) (runs of bytes above ' ' after one at or below it, p[-1] taken
/// as blank), and the line ends. A control byte counted as blank here is no blank to the
/// parse, which then refuses the line, so a count it changes is never used.
void CountTokens(const char* p, const char* e, std::size_t& tokens, std::size_t& lines)
{
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  const std::size_t n = static_cast<std::size_t>(e - p);
  std::size_t t = n > 0 && u[0] > ' ' ? 1 : 0, l = n > 0 && u[0] == '\n' ? 1 : 0;
  for (std::size_t i = 1; i < n; ++i)
  {
    t += (u[i - 1] <= ' ') & (u[i] > ' ');
    l += u[i] == '\n';
  }
  tokens = t;
  lines = l;
}

/// The numbers of one line into `out` (at most `room`), as FastNumbers reads them;
/// false for anything else. `count` gets how many.
bool LineNumbers(const char* p, const char* e, double* out, std::size_t room, std::size_t& count)
{
  count = 0;
  for (;;)
  {
    while (p < e && IsBlank(*p))
    {
      ++p;
    }
    if (p == e)
    {
      return true;
    }
    if (count == room)
    {
      return false;
    }
    const char* const stop = ScanDouble(p, e, out[count]);
    if (stop == p || (stop < e && !IsBlank(*stop)) || !std::isfinite(out[count]))
    {
      return false;
    }
    ++count;
    p = stop;
  }
}
} // namespace

bool Parser::NetworkFast()
{
  const std::string_view text = this->Text;
  const std::size_t begin = this->LineStart;
  // The region: to the first line that starts with '[' ([End], [Noise Data]), or the end.
  std::size_t end = text.size();
  for (std::size_t at = text.find('[', begin); at != std::string_view::npos;
       at = text.find('[', at + 1))
  {
    std::size_t b = at;
    while (b > begin && IsBlank(text[b - 1]))
    {
      --b;
    }
    if (b == begin || text[b - 1] == '\n')
    {
      end = b;
      break;
    }
  }
  if (end <= begin || this->Per < 3 || this->ZPending || this->RefsWanted > 0 ||
    !this->Freq.empty() || !this->Record.empty())
  {
    return false;
  }
  const std::string_view region = text.substr(begin, end - begin);
  // Line-aligned pieces of about 256 KB.
  std::vector<std::size_t> starts{ 0 };
  for (std::size_t at = 1 << 18; at < region.size(); at += 1 << 18)
  {
    const std::size_t nl = region.find('\n', std::max(at, starts.back()));
    if (nl == std::string_view::npos || nl + 1 >= region.size())
    {
      break;
    }
    if (nl + 1 > starts.back())
    {
      starts.push_back(nl + 1);
    }
  }
  starts.push_back(region.size());
  const std::int64_t pieces = static_cast<std::int64_t>(starts.size()) - 1;
  std::vector<std::size_t> tokens(starts.size(), 0), lines(starts.size(), 0);
  std::atomic<bool> refused{ false };
  RunFor(this->Parallel, pieces, [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t k = lo; k < hi; ++k)
    {
      const char* b = region.data() + starts[static_cast<std::size_t>(k)];
      const char* e = region.data() + starts[static_cast<std::size_t>(k) + 1];
      if (std::memchr(b, '!', static_cast<std::size_t>(e - b)) ||
        std::memchr(b, '#', static_cast<std::size_t>(e - b)))
      {
        refused = true;
      }
      CountTokens(
        b, e, tokens[static_cast<std::size_t>(k) + 1], lines[static_cast<std::size_t>(k) + 1]);
    }
  });
  for (std::size_t k = 1; k < tokens.size(); ++k)
  {
    tokens[k] += tokens[k - 1];
    lines[k] += lines[k - 1];
  }
  const std::size_t per = this->Per, total = tokens.back();
  if (refused || total == 0 || total % per != 0)
  {
    return false;
  }
  const std::size_t records = total / per, n = static_cast<std::size_t>(this->Ports);
  std::vector<double> flat;
  ResizeLargeVector(flat, total);
  std::vector<double> freq(records);
  std::vector<std::int64_t> freqLine(records);
  std::vector<C> values;
  ResizeLargeVector(values, records * n * n);
  const std::int64_t firstLine = this->S.LineNumber();
  // Every line: its numbers where they belong, a line starting a record an odd count
  // (the frequency and pairs) and the others even, none running past its record.
  RunFor(this->Parallel, pieces, [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t k = lo; k < hi && !refused; ++k)
    {
      std::size_t pos = starts[static_cast<std::size_t>(k)];
      const std::size_t stop = starts[static_cast<std::size_t>(k) + 1];
      std::size_t g = tokens[static_cast<std::size_t>(k)];
      std::int64_t line = firstLine + static_cast<std::int64_t>(lines[static_cast<std::size_t>(k)]);
      while (pos < stop)
      {
        const void* nl = std::memchr(region.data() + pos, '\n', stop - pos);
        const std::size_t e =
          nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - region.data()) : stop;
        const std::size_t at = g % per;
        std::size_t count = 0;
        if (g > total ||
          !LineNumbers(region.data() + pos, region.data() + e, flat.data() + g,
            std::min(per - at, total - g), count))
        {
          refused = true;
          break;
        }
        if (count > 0)
        {
          if ((at == 0) != (count % 2 == 1))
          {
            refused = true;
            break;
          }
          if (at == 0)
          {
            freqLine[g / per] = line;
          }
          g += count;
        }
        pos = e + 1;
        ++line;
      }
      if (g != tokens[static_cast<std::size_t>(k) + 1])
      {
        refused = true; // the counts disagree: the serial loop reads it
      }
    }
  });
  if (refused)
  {
    return false;
  }
  // Every record: its frequency (not negative, increasing), its matrix (FinishRecord).
  const std::string format = this->O.Format;
  const bool ma = format == "MA";
  RunFor(this->Parallel, static_cast<std::int64_t>(records), [&](std::int64_t lo, std::int64_t hi) {
    std::vector<C> in((per - 1) / 2), m(n * n);
    for (std::int64_t r = lo; r < hi && !refused; ++r)
    {
      const double* rec = flat.data() + static_cast<std::size_t>(r) * per;
      const double f = rec[0];
      if (f < 0 ||
        (r > 0 && !(f * this->O.Scale > rec[-static_cast<std::ptrdiff_t>(per)] * this->O.Scale)))
      {
        refused = true;
        break;
      }
      for (std::size_t k = 0; k < in.size(); ++k)
      {
        if (ma && rec[1 + 2 * k] < 0)
        {
          refused = true;
          break;
        }
        in[k] = FromPair(this->S, rec[1 + 2 * k], rec[2 + 2 * k], format);
      }
      this->PlaceRecord(in, m);
      std::copy(m.begin(), m.end(),
        values.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * n * n));
      freq[static_cast<std::size_t>(r)] = f * this->O.Scale;
    }
  });
  if (refused)
  {
    return false;
  }
  this->Values = std::move(values);
  this->Freq = std::move(freq);
  this->FreqLine = std::move(freqLine);
  this->S.Seek(begin + region.size(),
    firstLine - 1 + static_cast<std::int64_t>(lines.back()) +
      (region.empty() || region.back() == '\n' ? 0 : 1));
  return true;
}
} // namespace touchstone
} // namespace cm
