// SPDX-License-Identifier: BSD-3-Clause
#include "cmZipInflate.h"

#include "vtk_zlib.h"

#include <limits>

namespace cm
{
std::string InflateRawVtkZlib(std::string_view in, char* out, std::size_t size)
{
  // zlib counts in uInt: the archive limits (cmZipArchive.h) keep entries far below 4 GB.
  if (in.size() > std::numeric_limits<uInt>::max() || size > std::numeric_limits<uInt>::max())
  {
    return "an entry of 4 GB or more";
  }
  z_stream zs{};
  if (inflateInit2(&zs, -15) != Z_OK)
  {
    return "zlib could not start inflating";
  }
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.avail_in = static_cast<uInt>(in.size());
  // One spare byte: a stream that fills `size` and still has data is longer than declared.
  char spare = 0;
  zs.next_out = reinterpret_cast<Bytef*>(out);
  zs.avail_out = static_cast<uInt>(size);
  int rc = inflate(&zs, Z_FINISH);
  if (rc == Z_BUF_ERROR && zs.avail_out == 0)
  {
    zs.next_out = reinterpret_cast<Bytef*>(&spare);
    zs.avail_out = 1;
    rc = inflate(&zs, Z_FINISH);
    if (zs.avail_out == 0)
    {
      inflateEnd(&zs);
      return "inflates to more than the " + std::to_string(size) +
        " bytes the directory declares (a zip bomb or a damaged directory)";
    }
  }
  const std::string message = zs.msg ? zs.msg : "";
  const unsigned long produced = zs.total_out;
  inflateEnd(&zs);
  if (rc == Z_STREAM_END)
  {
    return produced == size ? std::string()
                            : "inflates to " + std::to_string(produced) +
        " bytes, the directory declares " + std::to_string(size);
  }
  if (rc == Z_DATA_ERROR)
  {
    return "corrupt deflate data (zlib: " + message + ")";
  }
  return "the deflate stream ends after " + std::to_string(produced) + " of the " +
    std::to_string(size) + " bytes the directory declares (truncated)";
}
} // namespace cm
