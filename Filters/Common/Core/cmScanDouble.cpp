// SPDX-License-Identifier: BSD-3-Clause
#include "cmScanDouble.h"

#include <fast_float/fast_float.h>

#include <system_error>

namespace cm
{
// fast_float (Lemire's Eisel-Lemire parser; Debian's libfast-float-dev, header
// only): correctly rounded, and on the benchmark's files 5-7% faster than
// libstdc++'s std::from_chars (itself built on an older fast_float). A value
// out of the double range comes back as ±inf or ±0 (fast_float 3.9), or as
// result_out_of_range (later versions), which cm::ParseDouble then handles.
const char* ScanDouble(const char* first, const char* last, double& value)
{
  const fast_float::from_chars_result r = fast_float::from_chars(first, last, value);
  return r.ec == std::errc() ? r.ptr : first;
}
} // namespace cm
