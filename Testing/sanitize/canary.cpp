// SPDX-License-Identifier: BSD-3-Clause
// Canaries for the sanitizer and valgrind jobs: each mode commits one bug the
// job exists to catch. The jobs run these and pass only when the tool reports
// the bug, so a job whose instrumentation silently stopped working (a flag
// lost, the runtime not linked, valgrind not tracing) fails instead of
// passing every real test vacuously.
//   canary overflow | ubsan | leak
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int argc, char** argv)
{
  const std::string mode = argc > 1 ? argv[1] : "";
  // The values come from the command line so the compiler cannot fold the bugs away.
  const int n = argc > 2 ? std::atoi(argv[2]) : 8;
  if (mode == "overflow")
  {
    char* p = static_cast<char*>(std::malloc(static_cast<std::size_t>(n)));
    std::memset(p, 1, static_cast<std::size_t>(n));
    volatile char c = p[n]; // one past the end
    std::printf("read %d\n", c);
    std::free(p);
    return 0;
  }
  if (mode == "ubsan")
  {
    volatile int big = 2147483647 - 3 + n - 8; // INT_MAX - 3 for n == 8
    volatile int r = big + 4; // signed overflow
    std::printf("sum %d\n", r);
    return 0;
  }
  if (mode == "leak")
  {
    volatile char* p = static_cast<char*>(std::malloc(static_cast<std::size_t>(n) * 100));
    p[0] = 1;
    p = nullptr; // the only pointer is gone: a definite leak
    std::printf("leaked %d bytes\n", n * 100);
    return 0;
  }
  std::fprintf(stderr, "usage: canary overflow|ubsan|leak\n");
  return 2;
}
