// SPDX-License-Identifier: BSD-3-Clause
#include "cmLargeBuffer.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>

namespace cm
{
void* AllocateLarge(std::size_t bytes)
{
  static const bool disabled = std::getenv("CLOUDMAP_NO_HUGE_PAGES") != nullptr;
  if (disabled || bytes < HugePageBytes / 2)
  {
    return nullptr;
  }
  const std::size_t rounded = (bytes + HugePageBytes - 1) / HugePageBytes * HugePageBytes;
  void* p = std::aligned_alloc(HugePageBytes, rounded);
#ifdef MADV_HUGEPAGE
  if (p)
  {
    ::madvise(p, rounded, MADV_HUGEPAGE);
  }
#endif
  return p;
}

void AdviseHugePages(void* p, std::size_t bytes)
{
#ifdef MADV_HUGEPAGE
  const auto b = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t first = (b + HugePageBytes - 1) / HugePageBytes * HugePageBytes;
  const std::uintptr_t last = (b + bytes) / HugePageBytes * HugePageBytes;
  if (p && last > first)
  {
    ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  }
#else
  (void)p;
  (void)bytes;
#endif
}
} // namespace cm
