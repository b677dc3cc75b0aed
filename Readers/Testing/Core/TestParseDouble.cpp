// SPDX-License-Identifier: BSD-3-Clause
// The readers' number parser against the C library's correctly rounded strtod:
// a million random decimals in the forms solvers print (fixed, E, D, E+009,
// short and 17-digit mantissas, leading '+', no leading zero) must convert to
// the identical double; junk is refused.
#include "cmCheck.h"
#include "cmTextScan.h"

#include <cstdio>
#include <cstdlib>
#include <string>

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
      std::snprintf(buf, sizeof buf, "%.*f", digits % 9, mag / std::pow(10.0, std::floor(std::log10(std::abs(mag)))));
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
  CM_CHECK(cm::ParseDouble("1e-400", v) && v == 0.0);   // underflow: zero
  CM_CHECK(cm::ParseDouble("-1e400", v) && std::isinf(v) && v < 0); // overflow: -inf
  for (const char* bad : { "", "-", ".", "1e", "1e+", "1.2.3", "12a", "--1", "1 2", "e5", "0x" })
    CM_CHECK(!cm::ParseDouble(bad, v));
  return cmReport("TestParseDouble");
}
