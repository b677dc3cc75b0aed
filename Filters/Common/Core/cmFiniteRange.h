// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFiniteRange.h
 * @brief Minimum and maximum of the finite values of an array (pipeline free).
 *
 * A first Apply reads its values from memory, not from cache. A loop whose
 * minimum and maximum are one dependency chain keeps few loads in flight and
 * runs at a third of the memory's speed there (3 ms for 1M doubles on the
 * 2-core test VM, against 1 ms once they are cached). Eight independent
 * lanes and a software prefetch 2 KB ahead keep the memory busy: 0.75 ms
 * cold, 0.4 ms warm. On x86-64 (SSE2) the lanes are written with
 * intrinsics: GCC's -O3 vectorizes the scalar lanes into a loop twice as
 * slow as -O2's. Minimum and maximum do not depend on the order, so the
 * result is bit for bit that of the plain loop, on any split among threads.
 */
#ifndef cmFiniteRange_h
#define cmFiniteRange_h

#include <cmath>
#include <cstdint>
#include <limits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cm
{
namespace detail
{
template <bool Skip>
inline void FoldFiniteRangeImpl(const double* v, std::int64_t begin, std::int64_t end,
  const std::uint8_t* skip, std::uint8_t mask, double& lo, double& hi)
{
  constexpr double inf = std::numeric_limits<double>::infinity();
  constexpr double big = std::numeric_limits<double>::max();
  constexpr int Lanes = 8;
  double l[Lanes], h[Lanes];
  for (int k = 0; k < Lanes; ++k)
  {
    l[k] = inf;
    h[k] = -inf;
  }
  // Finite: |x| <= max (false for NaN and the infinities); a skipped entry
  // counts as +inf for the minimum and -inf for the maximum.
  auto fold = [&](int k, std::int64_t i) {
    const double x = v[i];
    const bool use = std::fabs(x) <= big && !(Skip && (skip[i] & mask));
    const double a = use ? x : inf;
    const double b = use ? x : -inf;
    l[k] = a < l[k] ? a : l[k];
    h[k] = b > h[k] ? b : h[k];
  };
  std::int64_t i = begin;
  for (; i + Lanes <= end; i += Lanes)
  {
    __builtin_prefetch(v + i + 256);
    if (Skip && (i & 63) == 0)
    {
      __builtin_prefetch(skip + i + 256);
    }
    for (int k = 0; k < Lanes; ++k)
    {
      fold(k, i + k);
    }
  }
  for (; i < end; ++i)
  {
    fold(0, i);
  }
  for (int k = 0; k < Lanes; ++k)
  {
    lo = l[k] < lo ? l[k] : lo;
    hi = h[k] > hi ? h[k] : hi;
  }
}
} // namespace detail

/**
 * Folds the finite values of v[begin, end) into [lo, hi]: NaN and ±inf are
 * skipped, and with `skip` also every entry i where skip[i] & mask (ghost
 * flags). lo and hi are left alone when no value counts; start them at +inf
 * and -inf.
 */
inline void FoldFiniteRange(const double* v, std::int64_t begin, std::int64_t end,
  const std::uint8_t* skip, std::uint8_t mask, double& lo, double& hi)
{
#if defined(__SSE2__)
  if (!skip)
  {
    // Four pairs of lanes; non-finite values become +inf (minimum) and
    // -inf (maximum) through the mask |x| <= max, so min/max see no NaN.
    const __m128d inf = _mm_set1_pd(std::numeric_limits<double>::infinity());
    const __m128d ninf = _mm_set1_pd(-std::numeric_limits<double>::infinity());
    const __m128d big = _mm_set1_pd(std::numeric_limits<double>::max());
    const __m128d abs = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
    __m128d l[4] = { inf, inf, inf, inf };
    __m128d h[4] = { ninf, ninf, ninf, ninf };
    std::int64_t i = begin;
    for (; i + 8 <= end; i += 8)
    {
      __builtin_prefetch(v + i + 256);
      for (int k = 0; k < 4; ++k)
      {
        const __m128d x = _mm_loadu_pd(v + i + 2 * k);
        const __m128d finite = _mm_cmple_pd(_mm_and_pd(x, abs), big);
        const __m128d kept = _mm_and_pd(finite, x);
        l[k] = _mm_min_pd(_mm_or_pd(kept, _mm_andnot_pd(finite, inf)), l[k]);
        h[k] = _mm_max_pd(_mm_or_pd(kept, _mm_andnot_pd(finite, ninf)), h[k]);
      }
    }
    const __m128d l4 = _mm_min_pd(_mm_min_pd(l[0], l[1]), _mm_min_pd(l[2], l[3]));
    const __m128d h4 = _mm_max_pd(_mm_max_pd(h[0], h[1]), _mm_max_pd(h[2], h[3]));
    double ls[2], hs[2];
    _mm_storeu_pd(ls, l4);
    _mm_storeu_pd(hs, h4);
    for (int k = 0; k < 2; ++k)
    {
      lo = ls[k] < lo ? ls[k] : lo;
      hi = hs[k] > hi ? hs[k] : hi;
    }
    // The tail (fewer than 8 values) in the scalar lanes.
    detail::FoldFiniteRangeImpl<false>(v, i, end, nullptr, 0, lo, hi);
    return;
  }
#endif
  if (skip)
  {
    detail::FoldFiniteRangeImpl<true>(v, begin, end, skip, mask, lo, hi);
    return;
  }
  detail::FoldFiniteRangeImpl<false>(v, begin, end, nullptr, 0, lo, hi);
}
} // namespace cm

#endif
