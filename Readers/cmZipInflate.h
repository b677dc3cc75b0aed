// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmZipInflate.h
 * @brief The RawInflate of cmZipArchive.h on VTK's bundled zlib (VTK::zlib): raw deflate
 * (windowBits −15, no zlib header, as zip stores it), into a buffer of exactly the size
 * the zip directory declares and never more.
 */
#ifndef cmZipInflate_h
#define cmZipInflate_h

#include <cstddef>
#include <string>
#include <string_view>

namespace cm
{
/// "" when `in` inflates to exactly `size` bytes; else the problem (zlib's message for
/// corrupt data, a stream that ends early, or one that would inflate beyond `size`).
std::string InflateRawVtkZlib(std::string_view in, char* out, std::size_t size);
} // namespace cm
#endif
