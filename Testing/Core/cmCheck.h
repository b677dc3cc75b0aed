// SPDX-License-Identifier: BSD-3-Clause
// The one check header of the C++ tests (Testing/Core and Testing/Cxx): every
// failed check prints "FAIL file:line: what failed" (the expression, and the
// values where there are values) and is counted; the test function returns
// cmReport("TestX"), which is EXIT_FAILURE if any check failed.
//   CM_CHECK(cond)            the expression
//   CM_CHECK_MSG(cond, what)  a message (std::string or const char*), then the expression
//   CM_EQUAL(a, b)            both expressions and both values
//   CM_NEAR(a, b, tol)        both expressions, both values and the tolerance
//   cmExpectError<E>(...)     a call that must throw E with a message holding fragments
// The counters are C++17 inline variables: one per program, so the test
// drivers (one executable per domain, one test per run) stay ODR-correct.
#ifndef cmCheck_h
#define cmCheck_h

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iterator>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

inline int cmFailures = 0;
inline int cmChecks = 0;

template <class T, class = void>
struct cmCheckPrintable : std::false_type
{};
template <class T>
struct cmCheckPrintable<T,
  std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>> : std::true_type
{};
template <class T, class = void>
struct cmCheckIterable : std::false_type
{};
template <class T>
struct cmCheckIterable<T,
  std::void_t<decltype(std::begin(std::declval<const T&>()), std::end(std::declval<const T&>()))>>
  : std::true_type
{};

/// Text of a value for a failure message: characters as numbers, containers as
/// {first 8 elements...}, anything else that has no operator<< as "?".
template <class T>
std::string cmCheckText(const T& v)
{
  std::ostringstream o;
  o.precision(17);
  if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
    std::is_same_v<T, unsigned char>)
  {
    o << static_cast<int>(v);
  }
  else if constexpr (std::is_enum_v<T>)
  {
    o << static_cast<long long>(v);
  }
  else if constexpr (cmCheckPrintable<T>::value)
  {
    o << v;
  }
  else if constexpr (cmCheckIterable<T>::value)
  {
    o << "{";
    int n = 0;
    for (const auto& e : v)
    {
      o << (n ? ", " : "") << (n < 8 ? cmCheckText(e) : "...");
      if (++n > 8)
      {
        break;
      }
    }
    o << "}";
  }
  else
  {
    o << "?";
  }
  return o.str();
}

inline const char* cmCheckCString(const std::string& s)
{
  return s.c_str();
}
inline const char* cmCheckCString(const char* s)
{
  return s;
}

/// Counts one check; a failed one is printed as "FAIL file:line: <what>".
inline bool cmCount(bool ok, const char* file, int line, const char* what)
{
  ++cmChecks;
  if (!ok)
  {
    ++cmFailures;
    std::printf("FAIL %s:%d: %s\n", file, line, what);
  }
  return ok;
}

template <class A, class B>
void cmCheckEqual(
  const A& a, const B& b, const char* file, int line, const char* as, const char* bs)
{
  if (a == b)
  {
    cmCount(true, file, line, "");
    return;
  }
  const std::string what =
    std::string(as) + " == " + bs + ": " + cmCheckText(a) + " != " + cmCheckText(b);
  cmCount(false, file, line, what.c_str());
}

inline void cmCheckNear(
  double a, double b, double tol, const char* file, int line, const char* as, const char* bs)
{
  if (std::abs(a - b) <= tol)
  {
    cmCount(true, file, line, "");
    return;
  }
  char tail[64];
  std::snprintf(tail, sizeof tail, " (tol %g)", tol);
  const std::string what =
    std::string(as) + " = " + cmCheckText(a) + ", expected " + bs + " = " + cmCheckText(b) + tail;
  cmCount(false, file, line, what.c_str());
}

// The message of CM_CHECK_MSG is built only when the check fails.
#define CM_CHECK(cond) cmCount(static_cast<bool>(cond), __FILE__, __LINE__, #cond)
#define CM_CHECK_MSG(cond, msg)                                                                    \
  do                                                                                               \
  {                                                                                                \
    const bool cmOk = static_cast<bool>(cond);                                                     \
    cmCount(cmOk, __FILE__, __LINE__,                                                              \
      cmOk ? "" : (std::string(cmCheckCString(msg)) + " (" + #cond + ")").c_str());                \
  } while (0)
#define CM_EQUAL(a, b) cmCheckEqual((a), (b), __FILE__, __LINE__, #a, #b)
#define CM_NEAR(a, b, tol) cmCheckNear((a), (b), (tol), __FILE__, __LINE__, #a, #b)

inline int cmReport(const char* name)
{
  std::printf("%s: %d checks, %d failed\n", name, cmChecks, cmFailures);
  return cmFailures ? EXIT_FAILURE : EXIT_SUCCESS;
}

/// Runs `run`, which must throw an `Error` whose what() holds every one of `fragments`
/// (name the file among them); prints `label` and the message. Any other exception,
/// or none, is a failure. Returns the message ("" on failure).
template <class Error, class Run>
std::string cmExpectError(
  const std::string& label, Run&& run, const std::vector<std::string>& fragments)
{
  ++cmChecks;
  try
  {
    run();
  }
  catch (const Error& e)
  {
    const std::string what = e.what();
    std::printf("  %-24s %s\n", label.c_str(), what.c_str());
    for (const std::string& f : fragments)
    {
      if (what.find(f) == std::string::npos)
      {
        ++cmFailures;
        std::printf("FAIL %s: message '%s' lacks '%s'\n", label.c_str(), what.c_str(), f.c_str());
        return "";
      }
    }
    return what;
  }
  catch (const std::exception& e)
  {
    ++cmFailures;
    std::printf("FAIL %s: threw the wrong exception type: %s\n", label.c_str(), e.what());
    return "";
  }
  ++cmFailures;
  std::printf("FAIL %s: no error was raised\n", label.c_str());
  return "";
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
