// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmBanding.h
 * @brief Equal-width colour bands over a value range (pipeline free).
 *
 * [min, max] is split into N equal bands; band k covers
 * [min + k·w, min + (k+1)·w) with w = (max − min)/N, and the maximum itself
 * falls in band N−1. Values outside the range clamp to the first or last band.
 * A NaN falls in no band: it gets index N ("no value") and the NaN colour.
 * When max == min every value is in band 0.
 */
#ifndef cmBanding_h
#define cmBanding_h

#include <cmath>
#include <cstdint>
#include <string>

namespace cloudmap
{
enum class Palette
{
  Rainbow = 0,  ///< the chapter's blue → cyan → green → yellow → red (HSV hue 240° → 0°)
  Viridis = 1,  ///< perceptually uniform dark blue → yellow
  CoolWarm = 2, ///< Moreland's diverging blue → red
};

/// Largest number of bands accepted by the filters.
constexpr int MaxBands = 4096;

struct BandSpec
{
  double Min = 0;
  double Max = 1;
  int N = 24;

  /// Band of a value in [0, N-1], or N for NaN.
  int Band(double v) const
  {
    if (std::isnan(v))
    {
      return N;
    }
    const double w = Max - Min;
    if (!(w > 0))
    {
      return 0;
    }
    const double t = (v - Min) / w * N;
    if (!(t > 0))
    {
      return 0;
    }
    return t >= N ? N - 1 : static_cast<int>(t);
  }
  double Lower(int k) const { return Min + (Max - Min) * k / N; }
  double Upper(int k) const { return k + 1 == N ? Max : Min + (Max - Min) * (k + 1) / N; }
};

/// Colour of band k of n as 8-bit RGB; k == n gives the NaN colour (mid grey).
void BandColor(Palette palette, int k, int n, std::uint8_t rgb[3]);

/// Colour at t in [0, 1] along the palette, as doubles in [0, 1].
void PaletteColor(Palette palette, double t, double rgb[3]);

/// Palette name as shown to users.
const char* PaletteName(Palette palette);

} // namespace cloudmap
#endif
