// SPDX-License-Identifier: BSD-3-Clause
// The readers' number parser against the C library's correctly rounded strtod:
// a million random decimals in the forms solvers print (fixed, E, D, E+009,
// short and 17-digit mantissas, leading '+', no leading zero) must convert to
// the identical double; junk is refused. Then every number token of every text
// file under Testing/Data (what the readers meet) must give strtod's bits, by
// ParseDouble and by ScanDouble where it stops (the readers' fast rows).
#include "cmCheck.h"
#include "cmTextScan.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace
{
/// Every blank/comma-separated token of the text files under `dir` that strtod
/// reads whole (D exponents read as E), against ParseDouble and ScanDouble.
void CheckCorpus(const std::string& dir)
{
  std::size_t tokens = 0, files = 0, mismatches = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
  {
    if (!entry.is_regular_file() || entry.file_size() > (16u << 20))
      continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    if (text.find('\0') != std::string::npos)
      continue; // a binary file
    ++files;
    std::size_t p = 0;
    const auto blank = [](char c) { return std::strchr(" \t\r\n,;()[]=", c) != nullptr; };
    while (p < text.size())
    {
      while (p < text.size() && blank(text[p]))
        ++p;
      const std::size_t b = p;
      while (p < text.size() && !blank(text[p]))
        ++p;
      std::string t = text.substr(b, p - b);
      if (t.empty() || t.size() > 60)
        continue;
      std::string e = t;
      for (char& c : e)
        c = (c == 'D' || c == 'd') ? 'E' : c;
      if (e.find_first_of("xXnN") != std::string::npos)
        continue; // hex, inf, nan: strtod reads more forms than a solver prints
      char* end = nullptr;
      const double want = std::strtod(e.c_str(), &end);
      if (end != e.c_str() + e.size())
        continue; // not a number token
      ++tokens;
      double got = 0, scanned = 0;
      const bool parsed = cm::ParseDouble(t, got);
      const char* stop = cm::ScanDouble(t.data(), t.data() + t.size(), scanned);
      const bool scanOk = t[0] == '+' || t.find_first_of("dD") != std::string::npos ||
        !std::isfinite(want) || want == 0 ||
        (stop == t.data() + t.size() && std::memcmp(&scanned, &want, sizeof want) == 0);
      if (!parsed || std::memcmp(&got, &want, sizeof want) != 0 || !scanOk)
      {
        if (++mismatches < 5)
          std::printf("%s: '%s' -> %.17g (scan %.17g), strtod %.17g\n", entry.path().c_str(),
            t.c_str(), got, scanned, want);
      }
    }
  }
  std::printf("corpus: %zu number tokens in %zu text files\n", tokens, files);
  CM_CHECK(files > 100 && tokens > 100000);
  CM_CHECK(mismatches == 0);
}
} // namespace

int TestParseDouble(int, char*[])
{
  cmRandom rng;
  int mismatches = 0;
  char buf[64];
  for (int k = 0; k < 1000000; ++k)
  {
    const double mag = std::pow(10.0, rng.Uniform(-30, 30)) * (rng.Uniform() < 0.5 ? -1 : 1);
    const int digits = 1 + static_cast<int>(rng.Uniform(0, 17));
    const int form = k % 4;
    if (form == 0)
      std::snprintf(buf, sizeof buf, "%.*E", digits - 1, mag);
    else if (form == 1)
      std::snprintf(buf, sizeof buf, "%.*g", digits, mag);
    else if (form == 2)
      std::snprintf(buf, sizeof buf, "%.*f", digits % 9,
        mag / std::pow(10.0, std::floor(std::log10(std::abs(mag)))));
    else
      std::snprintf(buf, sizeof buf, "%.*e", digits - 1, mag);
    std::string s = buf;
    const double want = std::strtod(s.c_str(), nullptr);
    double got = 0;
    if (!cm::ParseDouble(s, got) || got != want)
    {
      if (++mismatches < 5)
        std::printf("mismatch: '%s' -> %.17g, strtod %.17g\n", s.c_str(), got, want);
    }
  }
  CM_CHECK(mismatches == 0);
  double v;
  CM_CHECK(cm::ParseDouble("1.5E+009", v) && v == 1.5e9);
  CM_CHECK(cm::ParseDouble("1.5E+9", v) && v == 1.5e9);
  CM_CHECK(cm::ParseDouble("-2.25D-03", v) && v == -2.25e-3);
  CM_CHECK(cm::ParseDouble(".100", v) && v == 0.1);
  CM_CHECK(cm::ParseDouble("+7", v) && v == 7.0);
  CM_CHECK(cm::ParseDouble("0.1234567890123456789", v) && v == 0.1234567890123456789);
  CM_CHECK(cm::ParseDouble("1e-400", v) && v == 0.0); // underflow: zero
  CM_CHECK(cm::ParseDouble("-1e400", v) && std::isinf(v) && v < 0); // overflow: -inf
  for (const char* bad : { "", "-", ".", "1e", "1e+", "1.2.3", "12a", "--1", "1 2", "e5", "0x" })
    CM_CHECK(!cm::ParseDouble(bad, v));
  for (const char* bad : { "+-1", "++1", "+" })
    CM_CHECK(!cm::ParseDouble(bad, v));
  // ScanDouble stops where the number stops (touching Fortran fields).
  const std::string row = "1.5E-03-2.5E-03";
  CM_CHECK(cm::ScanDouble(row.data(), row.data() + row.size(), v) == row.data() + 7 && v == 1.5e-3);
  CM_CHECK(cm::ScanDouble(row.data(), row.data(), v) == row.data());
  CheckCorpus(CLOUDMAP_DATA_DIR);
  return cmReport("TestParseDouble");
}
