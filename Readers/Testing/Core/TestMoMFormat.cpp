// SPDX-License-Identifier: BSD-3-Clause
// The native format: a written file reads back bit for bit; every malformed
// input is refused with a message that names the file, the line and the problem.
#include "cmCheck.h"
#include "cmMoMFormat.h"
#include "cmTextScan.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <sys/stat.h>

namespace
{
const char* Good = "# a comment line\n"
                   "CLOUDMAP-MOM 1\n"
                   "FREQUENCY 1.2e8   # Hz\n"
                   "VERTICES 5\n"
                   "0 0 0\n1 0 0\n1 1 0\n0 1 0\n2 0 0\n"
                   "ELEMENTS 2\n"
                   "Q 0 1 2 3  1 0 0 0 0 0\n"
                   "T 1 4 2    3 -1 0.5 0 0 2e-3\n"
                   "SOURCES 1\nfeed 0.5 0.5 0\n"
                   "END\n";

// Expects a ParseError whose text has the file name, ":<line>:" and `words`.
void ExpectError(const std::string& text, int line, const char* words)
{
  try
  {
    cm::ParseMoM(text, "case.cmom");
    std::printf("no error for case expecting '%s'\n", words);
    CM_CHECK(false);
  }
  catch (const cm::ParseError& e)
  {
    const std::string msg = e.what();
    const std::string where =
      line > 0 ? "case.cmom:" + std::to_string(line) + ":" : std::string("case.cmom: ");
    const bool ok = msg.find(where) == 0 && msg.find(words) != std::string::npos;
    if (!ok)
      std::printf("  got: %s\n  want: %s ... %s\n", msg.c_str(), where.c_str(), words);
    CM_CHECK(ok);
  }
}

std::string Replace(std::string s, const std::string& a, const std::string& b)
{
  const auto p = s.find(a);
  if (p != std::string::npos)
    s.replace(p, a.size(), b);
  return s;
}
} // namespace

int TestMoMFormat(int, char*[])
{
  const cm::SurfaceMesh m = cm::ParseMoM(Good, "good.cmom");
  CM_CHECK(m.NumberOfPoints() == 5);
  CM_CHECK(m.NumberOfElements() == 2);
  CM_NEAR(m.Frequency, 1.2e8, 0);
  CM_CHECK(m.Offsets[1] == 4 && m.Offsets[2] == 7);
  CM_NEAR(m.JImag[5], 2e-3, 0);
  CM_CHECK(m.SourceNames.size() == 1 && m.SourceNames[0] == "feed");

  // Round trip through the writer, exactly.
  const cm::SurfaceMesh back = cm::ParseMoM(cm::FormatMoM(m), "back.cmom");
  CM_CHECK(back.Points == m.Points && back.Connectivity == m.Connectivity &&
    back.Offsets == m.Offsets && back.JReal == m.JReal && back.JImag == m.JImag &&
    back.Frequency == m.Frequency && back.SourcePositions == m.SourcePositions);

  // Accepted variants: CRLF, a UTF-8 BOM, tabs, lower case, 1-based indices.
  std::string crlf;
  for (char c : std::string(Good))
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  CM_CHECK(cm::ParseMoM(crlf, "crlf.cmom").NumberOfElements() == 2);
  CM_CHECK(cm::ParseMoM("\xEF\xBB\xBF" + std::string(Good), "bom.cmom").NumberOfElements() == 2);
  CM_CHECK(
    cm::ParseMoM(Replace(Good, "Q 0 1 2 3  ", "q\t0\t1\t2\t3\t"), "tab.cmom").NumberOfElements() ==
    2);
  const std::string oneBased =
    Replace(Replace(Replace(Good, "Q 0 1 2 3", "Q 1 2 3 4"), "T 1 4 2", "T 2 5 3"), "VERTICES 5",
      "INDEX-BASE 1\nVERTICES 5");
  CM_CHECK(cm::ParseMoM(oneBased, "one.cmom").Connectivity == m.Connectivity);

  // Every number spelling gives exactly what ParseDouble makes of the token
  // alone (the row fast path and its fallback must agree with it bit for
  // bit): shortest and 17-digit round-trip text, fixed, E and Fortran D
  // exponents, a '+' sign, leading/trailing dots, comments touching a value.
  {
    const char* spellings[] = { "0", "-0", "1", "+2.5", "-.5", "5.", "1e-300", "4.9e-324",
      "1.7976931348623157e308", "0.1", "0.30000000000000004", "123456789012345678901234", "1.0D+03",
      "-2.5d-2", "7E+009", "3.14159265358979323846", "1e22", "1e23", "9007199254740993",
      "2.2250738585072011e-308", "0.000001234", "-98765.4321e-3" };
    const int n = static_cast<int>(sizeof spellings / sizeof spellings[0]);
    std::string text = "CLOUDMAP-MOM 1\nFREQUENCY 1e9\nVERTICES " + std::to_string(n) + "\n";
    for (int i = 0; i < n; ++i)
    {
      const std::string a = spellings[i], b = spellings[(i + 1) % n], c = spellings[(i + 7) % n];
      text += i % 3 == 0 ? a + " " + b + "\t" + c + "\n"
        : i % 3 == 1     ? "  " + a + "  " + b + " " + c + "#note\n"
                         : a + " " + b + " " + c + " \r\n";
    }
    text += "ELEMENTS " + std::to_string(n) + "\n";
    for (int i = 0; i < n; ++i)
    {
      text += std::string(i % 2 ? "T " : "q ") + std::to_string(i % n) + " " +
        std::to_string((i + 1) % n) + " " + std::to_string((i + 2) % n) +
        (i % 2 ? "" : " " + std::to_string((i + 3) % n));
      for (int k = 0; k < 6; ++k)
        text += std::string(k == 3 ? "\t" : " ") + spellings[(i + 3 * k) % n];
      text += i % 4 == 0 ? "# c\n" : "\n";
    }
    text += "END\n";
    const cm::SurfaceMesh sp = cm::ParseMoM(text, "spell.cmom");
    auto same = [](double got, const char* token) {
      double want = 0;
      const bool parsed = cm::ParseDouble(token, want);
      const bool ok = parsed && std::memcmp(&got, &want, sizeof got) == 0;
      if (!ok)
        std::printf("  '%s': read %.17g, ParseDouble %.17g\n", token, got, want);
      return ok;
    };
    CM_CHECK(sp.NumberOfPoints() == n && sp.NumberOfElements() == n);
    for (int i = 0; i < n && sp.NumberOfPoints() == n && sp.NumberOfElements() == n; ++i)
    {
      CM_CHECK(same(sp.Points[3 * i], spellings[i]));
      CM_CHECK(same(sp.Points[3 * i + 1], spellings[(i + 1) % n]));
      CM_CHECK(same(sp.Points[3 * i + 2], spellings[(i + 7) % n]));
      for (int q = 0; q < 3; ++q)
      {
        CM_CHECK(same(sp.JReal[3 * i + q], spellings[(i + 6 * q) % n]));
        CM_CHECK(same(sp.JImag[3 * i + q], spellings[(i + 6 * q + 3) % n]));
      }
      const int corners = i % 2 ? 3 : 4;
      CM_CHECK(sp.Offsets[i + 1] - sp.Offsets[i] == corners);
      for (int k = 0; k < corners; ++k)
        CM_CHECK(sp.Connectivity[sp.Offsets[i] + k] == (i + k) % n);
    }
  }

  // Refusals, each with its line.
  ExpectError("", 0, "empty file");
  ExpectError("hello\n", 1, "not a CloudMap MoM file");
  ExpectError("CLOUDMAP-MOM 2\n", 1, "unsupported format version");
  ExpectError(Replace(Good, "END\n", ""), 14, "no END line");
  ExpectError(std::string(Good).substr(0, 75), 6, "found 2 fields"); // cut mid-line
  ExpectError(
    std::string(Good).substr(0, std::string(Good).find("1 1 0")), 6, "unexpected end of file");
  ExpectError(
    std::string(Good).substr(0, std::string(Good).find("T 1")), 11, "unexpected end of file");
  ExpectError(Replace(Good, "VERTICES 5", "VERTICES 6"), 10, "needs 3 coordinates");
  ExpectError(Replace(Good, "VERTICES 5", "VERTICES 4"), 9, "unknown keyword '2'");
  ExpectError(Replace(Good, "VERTICES 5", "VERTICES 1000000000000"), 4, "above the limit");
  ExpectError(
    Replace(Good, "VERTICES 5", "VERTICES 100000000"), 4, "larger than the file could hold");
  ExpectError(Replace(Good, "VERTICES 5", "VERTICES -3"), 4, "negative");
  ExpectError(Replace(Good, "VERTICES 5", "VERTICES 2.5"), 4, "an integer");
  ExpectError(Replace(Good, "ELEMENTS 2", "ELEMENTS 3"), 13, "unknown element type");
  ExpectError(Replace(Good, "T 1 4 2", "P 1 4 2"), 12, "unknown element type 'P'");
  ExpectError(Replace(Good, "T 1 4 2", "T 1 9 2"), 12, "out of range");
  ExpectError(Replace(Good, "T 1 4 2", "T 1 1 2"), 12, "twice");
  ExpectError(Replace(Good, "T 1 4 2    3", "T 1 4 2    nan"), 12, "not a finite number");
  ExpectError(Replace(Good, "T 1 4 2    3", "T 1 4 2    inf"), 12, "not a finite number");
  ExpectError(Replace(Good, "1 1 0\n", "1 NaN 0\n"), 7, "not a finite number");
  ExpectError(
    Replace(Good, "Q 0 1 2 3  1 0 0 0 0 0", "Q 0 1 2 3  1 0 0 0 0"), 11, "found 9 fields");
  ExpectError(Replace(Good, "FREQUENCY 1.2e8", "FREQUENCY -5"), 3, "positive");
  ExpectError(Replace(Good, "FREQUENCY 1.2e8   # Hz\n", ""), 14, "no FREQUENCY");
  ExpectError(Replace(Good, "0 0 0\n1 0 0", "0 0 0\n1 0x 0"), 6, "expected a coordinate");

  // Files: missing, a directory, unreadable, empty.
  const std::string dir = CLOUDMAP_TEMP_DIR;
  auto fileError = [&](const std::string& path, const char* words) {
    try
    {
      cm::ReadMoMFile(path);
      CM_CHECK(false);
    }
    catch (const cm::ParseError& e)
    {
      const std::string msg = e.what();
      const bool ok = msg.find(path) == 0 && msg.find(words) != std::string::npos;
      if (!ok)
        std::printf("  got: %s\n", msg.c_str());
      CM_CHECK(ok);
    }
  };
  fileError(dir + "/does-not-exist.cmom", "cannot open");
  fileError(dir, "is a directory");
  const std::string empty = dir + "/empty.cmom";
  std::fclose(std::fopen(empty.c_str(), "wb"));
  fileError(empty, "empty file");
  const std::string locked = dir + "/locked.cmom";
  if (FILE* f = std::fopen(locked.c_str(), "wb"))
  {
    std::fputs(Good, f);
    std::fclose(f);
    ::chmod(locked.c_str(), 0);
    // root can read anything; only check when the permission really bites.
    if (std::FILE* g = std::fopen(locked.c_str(), "rb"))
      std::fclose(g);
    else
      fileError(locked, "cannot open");
    ::chmod(locked.c_str(), 0644);
  }
  return cmReport("TestMoMFormat");
}
