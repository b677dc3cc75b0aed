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
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>
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

/**
 * An uninitialized array of n trivial values for a filter's big temporaries
 * (per-element offsets, areas, sums). It is allocated with AllocateLarge when
 * big, so its first touch costs one fault per 2 MB instead of one per 4 KB,
 * and left unwritten, so the parallel loop that fills it also faults it in
 * on every thread (a zero-filling std::vector faults it in serially, on the
 * calling thread). Move-only.
 */
template <typename T>
class LargeArray
{
  static_assert(std::is_trivially_copyable<T>::value, "LargeArray holds plain values");

public:
  LargeArray() = default;
  explicit LargeArray(std::size_t n)
    : Size(n)
  {
    if (n == 0)
    {
      return;
    }
    const std::size_t bytes = n * sizeof(T);
    void* p = AllocateLarge(bytes);
    p = p ? p : std::malloc(bytes);
    if (!p)
    {
      throw std::bad_alloc();
    }
    this->Data = static_cast<T*>(p);
  }
  LargeArray(LargeArray&& o) noexcept
    : Data(std::exchange(o.Data, nullptr))
    , Size(std::exchange(o.Size, 0))
  {}
  LargeArray& operator=(LargeArray&& o) noexcept
  {
    std::swap(this->Data, o.Data);
    std::swap(this->Size, o.Size);
    return *this;
  }
  LargeArray(const LargeArray&) = delete;
  LargeArray& operator=(const LargeArray&) = delete;
  ~LargeArray() { std::free(this->Data); }

  T* data() { return this->Data; }
  const T* data() const { return this->Data; }
  std::size_t size() const { return this->Size; }
  bool empty() const { return this->Size == 0; }
  T& operator[](std::size_t i) { return this->Data[i]; }
  const T& operator[](std::size_t i) const { return this->Data[i]; }
  T* begin() { return this->Data; }
  T* end() { return this->Data + this->Size; }
  const T* begin() const { return this->Data; }
  const T* end() const { return this->Data + this->Size; }
  T& back() { return this->Data[this->Size - 1]; }
  const T& back() const { return this->Data[this->Size - 1]; }

private:
  T* Data = nullptr;
  std::size_t Size = 0;
};
} // namespace cm

#endif
