// SPDX-License-Identifier: BSD-3-Clause
// Minimal checking for the pipeline-free unit tests: every failed check is
// printed with its line and counted; main returns EXIT_FAILURE if any failed.
#ifndef cmCheck_h
#define cmCheck_h

#include <cmath>
#include <cstdio>
#include <cstdlib>

static int cmFailures = 0;
static int cmChecks = 0;

#define CM_CHECK(cond)                                                                             \
  do                                                                                               \
  {                                                                                                \
    ++cmChecks;                                                                                    \
    if (!(cond))                                                                                   \
    {                                                                                              \
      ++cmFailures;                                                                                \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                  \
    }                                                                                              \
  } while (0)

#define CM_NEAR(a, b, tol)                                                                         \
  do                                                                                               \
  {                                                                                                \
    ++cmChecks;                                                                                    \
    const double cmA = (a), cmB = (b);                                                             \
    if (!(std::abs(cmA - cmB) <= (tol)))                                                           \
    {                                                                                              \
      ++cmFailures;                                                                                \
      std::printf("FAIL %s:%d: %s = %.17g, expected %s = %.17g (tol %g)\n", __FILE__, __LINE__,   \
        #a, cmA, #b, cmB, double(tol));                                                            \
    }                                                                                              \
  } while (0)

inline int cmReport(const char* name)
{
  std::printf("%s: %d checks, %d failed\n", name, cmChecks, cmFailures);
  return cmFailures ? EXIT_FAILURE : EXIT_SUCCESS;
}

// Small deterministic generator so tests do not depend on the library's RNG.
struct cmRandom
{
  unsigned long long State = 88172645463325252ull;
  double Uniform(double lo = 0, double hi = 1)
  {
    State ^= State << 13;
    State ^= State >> 7;
    State ^= State << 17;
    return lo + (hi - lo) * double(State >> 11) / double(1ull << 53);
  }
};
#endif
