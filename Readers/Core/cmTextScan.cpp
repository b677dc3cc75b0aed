// SPDX-License-Identifier: BSD-3-Clause
#include "cmTextScan.h"

#include "cmLargeBuffer.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <sys/stat.h>
#include <vector>
#include <unistd.h>
#include <algorithm>

namespace cm
{
FileText::FileText(std::size_t n)
  : Size(n)
{
  // A big buffer comes from the one large-buffer allocator (huge-page aligned
  // and advised); a small one, or when that is off or fails, from malloc.
  void* p = cm::AllocateLarge(n);
  if (!p && !(p = std::malloc(n ? n : 1)))
  {
    throw std::bad_alloc();
  }
  this->Data.reset(static_cast<char*>(p));
}

void FileText::Free::operator()(char* p) const
{
  std::free(p);
}

FileText ReadWholeFile(const std::string& path, std::uint64_t maxBytes, const ParallelFor& parallel)
{
  struct stat st;
  if (path.empty())
  {
    throw ParseError("(no file name)", 0, "no file name was given");
  }
  if (::stat(path.c_str(), &st) != 0)
  {
    throw ParseError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode))
  {
    throw ParseError(path, 0, "is a directory, not a file");
  }
  if (!S_ISREG(st.st_mode))
  {
    throw ParseError(path, 0, "is not a regular file");
  }
  if (static_cast<std::uint64_t>(st.st_size) > maxBytes)
  {
    throw ParseError(path, 0,
      "file is " + std::to_string(st.st_size) + " bytes, above the limit of " +
        std::to_string(maxBytes));
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f)
  {
    throw ParseError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  }
  FileText data(static_cast<std::size_t>(st.st_size));
  constexpr std::size_t Piece = std::size_t(8) << 20;
  if (parallel && data.size() >= 4 * Piece)
  {
    // Pieces read with pread, each into its own place; any short read or
    // error is reported as the serial read reports it.
    const int fd = ::fileno(f.get());
    const std::int64_t pieces = static_cast<std::int64_t>((data.size() + Piece - 1) / Piece);
    std::vector<std::size_t> got(static_cast<std::size_t>(pieces), 0);
    parallel(pieces, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t k = lo; k < hi; ++k)
      {
        const std::size_t off = static_cast<std::size_t>(k) * Piece;
        const std::size_t len = std::min(Piece, data.size() - off);
        std::size_t done = 0;
        while (done < len)
        {
          const ssize_t r =
            ::pread(fd, data.data() + off + done, len - done, static_cast<off_t>(off + done));
          if (r < 0 && errno == EINTR)
          {
            continue;
          }
          if (r <= 0)
          {
            break;
          }
          done += static_cast<std::size_t>(r);
        }
        got[static_cast<std::size_t>(k)] = done;
      }
    });
    std::size_t total = 0;
    for (std::int64_t k = 0; k < pieces; ++k)
    {
      const std::size_t off = static_cast<std::size_t>(k) * Piece;
      total += got[static_cast<std::size_t>(k)];
      if (got[static_cast<std::size_t>(k)] != std::min(Piece, data.size() - off))
      {
        throw ParseError(path, 0, "read error after " + std::to_string(total) + " bytes");
      }
    }
    return data;
  }
  const std::size_t got = data.size() == 0 ? 0 : std::fread(data.data(), 1, data.size(), f.get());
  if (got != data.size())
  {
    throw ParseError(path, 0, "read error after " + std::to_string(got) + " bytes");
  }
  return data;
}

LineScanner::LineScanner(std::string_view text, std::string fileName)
  : Text(text)
  , File(std::move(fileName))
{
  if (this->Text.size() >= 3 && std::memcmp(this->Text.data(), "\xEF\xBB\xBF", 3) == 0)
  {
    this->Pos = 3; // UTF-8 byte-order mark
  }
}

bool LineScanner::Next(std::string_view& line)
{
  if (this->Pos >= this->Text.size())
  {
    return false;
  }
  const std::size_t end = this->Text.find('\n', this->Pos);
  const std::size_t stop = end == std::string_view::npos ? this->Text.size() : end;
  line = this->Text.substr(this->Pos, stop - this->Pos);
  if (!line.empty() && line.back() == '\r')
  {
    line.remove_suffix(1);
  }
  this->Pos = end == std::string_view::npos ? this->Text.size() : end + 1;
  ++this->Line;
  return true;
}

namespace
{
std::string_view ReplaceTabs(std::string_view text, std::string& storage)
{
  storage.assign(text.data(), text.size());
  for (char& c : storage)
  {
    if (c == '\t')
    {
      c = ' ';
    }
  }
  return storage;
}
} // namespace

std::string_view Untabbed(std::string_view text, std::string& storage, const ParallelFor& parallel)
{
  constexpr std::size_t Block = std::size_t(1) << 20;
  const long long blocks = static_cast<long long>((text.size() + Block - 1) / Block);
  std::atomic<bool> tab{ false };
  RunFor(parallel, blocks, [&](long long b, long long e) {
    for (long long k = b; k < e && !tab.load(std::memory_order_relaxed); ++k)
    {
      const std::size_t at = static_cast<std::size_t>(k) * Block;
      if (text.substr(at, Block).find('\t') != std::string_view::npos)
      {
        tab.store(true, std::memory_order_relaxed);
      }
    }
  });
  return tab.load() ? ReplaceTabs(text, storage) : text;
}

namespace
{
// Separator tables (space, tab, CR; and comma), one lookup per byte.
struct SeparatorTable
{
  bool Plain[256] = {};
  bool Commas[256] = {};
  SeparatorTable()
  {
    for (unsigned char c : { ' ', '\t', '\r' })
    {
      Plain[c] = Commas[c] = true;
    }
    Commas[static_cast<unsigned char>(',')] = true;
  }
};
const SeparatorTable Separators;
} // namespace

void Tokenize(std::string_view line, std::vector<std::string_view>& tokens, bool commas)
{
  tokens.clear();
  const bool* sep = commas ? Separators.Commas : Separators.Plain;
  const char* p = line.data();
  const char* const end = p + line.size();
  for (;;)
  {
    while (p < end && sep[static_cast<unsigned char>(*p)])
    {
      ++p;
    }
    if (p == end)
    {
      return;
    }
    const char* b = p;
    while (p < end && !sep[static_cast<unsigned char>(*p)])
    {
      ++p;
    }
    tokens.emplace_back(b, static_cast<std::size_t>(p - b));
  }
}

bool ParseDouble(std::string_view t, double& value)
{
  // A '+' is allowed before the number, not before another sign.
  if (!t.empty() && t.front() == '+')
  {
    t.remove_prefix(1);
    if (!t.empty() && (t.front() == '-' || t.front() == '+'))
    {
      return false;
    }
  }
  if (t.empty())
  {
    return false;
  }
  const char* b = t.data();
  const char* e = b + t.size();
  if (ScanDouble(b, e, value) == e)
  {
    return true;
  }
  // Fortran writes 1.0D+03: the same number with E.
  char buf[64];
  if (t.find_first_of("dD") != std::string_view::npos && t.size() < sizeof buf)
  {
    std::size_t k = 0;
    for (char c : t)
    {
      buf[k++] = (c == 'D' || c == 'd') ? 'E' : c;
    }
    b = buf;
    e = buf + k;
    if (ScanDouble(b, e, value) == e)
    {
      return true;
    }
  }
  const std::from_chars_result r = std::from_chars(b, e, value);
  if (r.ec == std::errc::result_out_of_range && r.ptr == e)
  {
    // Too large becomes ±inf (NeedFinite refuses it); too small becomes ±0.
    const std::string_view digits(b, static_cast<std::size_t>(e - b));
    const std::size_t x = digits.find_first_of("eE");
    const bool tiny = x != std::string_view::npos && x + 1 < digits.size() && digits[x + 1] == '-';
    value = tiny ? 0.0 : HUGE_VAL;
    value = *b == '-' ? -value : value;
    return true;
  }
  return false;
}

bool ParseInt(std::string_view t, std::int64_t& value)
{
  if (!t.empty() && t.front() == '+')
  {
    t.remove_prefix(1);
  }
  const char* b = t.data();
  const char* e = b + t.size();
  auto r = std::from_chars(b, e, value);
  return !t.empty() && r.ec == std::errc() && r.ptr == e;
}

namespace
{
std::string Shown(std::string_view token)
{
  std::string s(token.substr(0, 40));
  for (char& c : s)
  {
    if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126)
    {
      c = '?';
    }
  }
  return "'" + s + (token.size() > 40 ? "...'" : "'");
}
} // namespace

double NeedDouble(const LineScanner& s, std::string_view token, const char* what)
{
  double v;
  if (!ParseDouble(token, v))
  {
    s.Fail(std::string("expected ") + what + ", found " + Shown(token));
  }
  return v;
}

double NeedFinite(const LineScanner& s, std::string_view token, const char* what)
{
  const double v = NeedDouble(s, token, what);
  if (!std::isfinite(v))
  {
    s.Fail(std::string(what) + " is not a finite number: " + Shown(token));
  }
  return v;
}

std::int64_t NeedInt(const LineScanner& s, std::string_view token, const char* what)
{
  std::int64_t v;
  if (!ParseInt(token, v))
  {
    s.Fail(std::string("expected ") + what + " (an integer), found " + Shown(token));
  }
  return v;
}

std::int64_t NeedCount(
  const LineScanner& s, std::string_view token, const char* what, std::int64_t limit)
{
  const std::int64_t v = NeedInt(s, token, what);
  if (v < 0)
  {
    s.Fail(std::string(what) + " is negative: " + std::to_string(v));
  }
  if (v > limit)
  {
    s.Fail(std::string(what) + " of " + std::to_string(v) + " is above the limit of " +
      std::to_string(limit));
  }
  return v;
}

std::size_t MatchPhrase(
  std::string_view hay, std::string_view phrase, std::size_t* end, bool atStart)
{
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  const auto upper = [](char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  };
  std::size_t i = 0;
  while (atStart && i < hay.size() && blank(hay[i]))
  {
    ++i;
  }
  if (phrase.empty())
  {
    if (end)
    {
      *end = i;
    }
    return i;
  }
  // Where a match can start: a byte whose upper case is the phrase's first byte. The
  // readers match a dozen phrases on every line of files of hundreds of MB, most of them
  // table rows without that letter: memchr finds the candidates (or that there are none)
  // many times faster than the byte loop below, with the same result.
  const char first = phrase[0];
  const bool letter = first >= 'A' && first <= 'Z';
  const char lower = letter ? static_cast<char>(first - 'A' + 'a') : first;
  const auto candidate = [&](std::size_t from) {
    if (atStart || first == ' ' || from >= hay.size())
    {
      return from;
    }
    if (first >= 'a' && first <= 'z')
    {
      return hay.size(); // upper() of no byte is a lower-case letter
    }
    const char* b = hay.data() + from;
    const std::size_t n = hay.size() - from;
    const void* u = std::memchr(b, first, n);
    std::size_t at =
      u ? static_cast<std::size_t>(static_cast<const char*>(u) - hay.data()) : hay.size();
    if (letter)
    {
      const void* l = std::memchr(b, lower, (u ? static_cast<const char*>(u) - b : n));
      if (l)
      {
        at = static_cast<std::size_t>(static_cast<const char*>(l) - hay.data());
      }
    }
    return at;
  };
  // A letter of the phrase other than 'E' (which every exponent holds) must be in `hay`,
  // in either case: a table row without it is refused with two memchr calls.
  for (char c : phrase)
  {
    if (!atStart && c >= 'A' && c <= 'Z' && c != 'E')
    {
      if (!std::memchr(hay.data(), c, hay.size()) &&
        !std::memchr(hay.data(), c - 'A' + 'a', hay.size()))
      {
        return std::string_view::npos;
      }
      break;
    }
  }
  for (i = candidate(i); i < hay.size(); i = candidate(i + 1))
  {
    std::size_t h = i, k = 0;
    while (k < phrase.size() && h < hay.size())
    {
      if (phrase[k] == ' ')
      {
        if (!blank(hay[h]))
        {
          break;
        }
        while (h < hay.size() && blank(hay[h]))
        {
          ++h;
        }
        while (k < phrase.size() && phrase[k] == ' ')
        {
          ++k;
        }
      }
      else if (upper(hay[h]) == phrase[k])
      {
        ++h;
        ++k;
      }
      else
      {
        break;
      }
    }
    if (k == phrase.size())
    {
      if (end)
      {
        *end = h;
      }
      return i;
    }
    if (atStart)
    {
      break;
    }
  }
  return std::string_view::npos;
}

std::string Upper(std::string_view s)
{
  std::string u(s);
  for (char& c : u)
  {
    if (c >= 'a' && c <= 'z')
    {
      c = static_cast<char>(c - 'a' + 'A');
    }
  }
  return u;
}

std::string_view Trim(std::string_view s)
{
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
  {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
  {
    s.remove_suffix(1);
  }
  return s;
}

bool StartsWith(std::string_view s, std::string_view prefix)
{
  return s.substr(0, prefix.size()) == prefix;
}

void TokenizeFortranCells(std::string_view line, std::vector<std::string_view>& tokens)
{
  Tokenize(line, tokens);
  for (std::size_t i = 0; i < tokens.size(); ++i)
  {
    const std::string_view t = tokens[i];
    for (std::size_t k = 1; k < t.size(); ++k)
    {
      const char p = t[k - 1];
      if ((t[k] == '-' || t[k] == '+') && ((p >= '0' && p <= '9') || p == '.'))
      {
        tokens[i] = t.substr(0, k);
        tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(i) + 1, t.substr(k));
        break;
      }
    }
  }
}

} // namespace cm
