// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmLargeBuffer.h
 * @brief The one large-buffer allocator: big blocks advised for transparent
 *        huge pages (pipeline free).
 *
 * On virtual machines the first touch of fresh memory costs more than
 * writing it; a 2 MB huge page takes one fault where 4 KB pages take 512.
 * Most distributions set THP to "madvise", so the memory must be advised
 * (madvise MADV_HUGEPAGE) before it is first written. Setting the environment
 * variable CLOUDMAP_NO_HUGE_PAGES turns AllocateLarge off (for comparisons).
 */
#ifndef cmLargeBuffer_h
#define cmLargeBuffer_h

#include <cstddef>
#include <vector>

namespace cm
{
/// The huge-page size the allocator aligns to (2 MB on x86-64).
constexpr std::size_t HugePageBytes = std::size_t(2) << 20;

/**
 * Memory for a big array, or null when `bytes` is small (under 1 MB) or
 * CLOUDMAP_NO_HUGE_PAGES is set: the block is 2 MB aligned, rounded up to
 * whole huge pages and advised for them. Free it with std::free().
 */
void* AllocateLarge(std::size_t bytes);

/// Advises the whole 2 MB pages inside [p, p + bytes) for transparent huge
/// pages (no-op for small ranges or without MADV_HUGEPAGE). Call it before the
/// memory is first written.
void AdviseHugePages(void* p, std::size_t bytes);

/// v.resize(n) (the values kept, new ones zero), with any new memory
/// reserved first and advised for huge pages when it is big.
template <typename T>
void ResizeLargeVector(std::vector<T>& v, std::size_t n)
{
  if (n > v.capacity())
  {
    std::vector<T> fresh;
    fresh.reserve(n);
    AdviseHugePages(fresh.data(), n * sizeof(T));
    fresh.assign(v.begin(), v.end());
    v.swap(fresh);
  }
  v.resize(n);
}
} // namespace cm

#endif
