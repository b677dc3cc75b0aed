// SPDX-License-Identifier: BSD-3-Clause
// How a pipeline-free core runs a loop in blocks: the one ParallelFor type
// shared by the filter cores and the reader parsers.
#ifndef cmParallelFor_h
#define cmParallelFor_h

#include <functional>

namespace cm
{
/// Runs body(begin, end) over [0, n) in disjoint blocks, possibly on several
/// threads. The VTK layers pass a vtkSMPTools loop (cm::SMPFor in
/// Filters/Common/cmExecution.h); tests pass nothing, which means one thread.
/// The cores themselves start no threads; the body must be thread-safe for
/// disjoint ranges.
using ParallelFor =
  std::function<void(long long n, const std::function<void(long long, long long)>& body)>;

/// Runs body over [0, n) through pf, or in one call when pf is empty.
inline void RunFor(
  const ParallelFor& pf, long long n, const std::function<void(long long, long long)>& body)
{
  if (pf && n > 1)
  {
    pf(n, body);
  }
  else if (n > 0)
  {
    body(0, n);
  }
}
}
#endif
