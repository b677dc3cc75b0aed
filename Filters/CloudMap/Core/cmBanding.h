// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmBanding.h
 * @brief Equal-width colour bands over a value range (pipeline free).
 *
 * [min, max] is split into N equal bands; band k covers
 * [min + k·w, min + (k+1)·w) with w = (max − min)/N, and the maximum itself
 * falls in band N−1. Values outside the range clamp to the first or last band.
 * A NaN falls in no band: it gets index N ("no value") and the NaN colour.
 * When max == min every value is in band 0; an automatic range narrower
 * than rounding (RangeOrDefault) is made so.
 */
#ifndef cmBanding_h
#define cmBanding_h

#include "cmParallelFor.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace cm::map
{
enum class Palette
{
  Rainbow = 0, ///< the chapter's blue → cyan → green → yellow → red (HSV hue 240° → 0°)
  Viridis = 1, ///< perceptually uniform dark blue → yellow
  CoolWarm = 2, ///< Moreland's diverging blue → red
};

/// Largest number of bands accepted by the filters.
constexpr int MaxBands = 4096;
/// The number of bands by default (the chapter's 24).
constexpr int DefaultBands = 24;

/**
 * Band of x among n equal bands of width w / n from lo (BandSpec::Band with
 * lo = Min, w = Max - Min): n for NaN, 0 when w is not positive, values
 * outside clamped to the first or last band.
 */
inline int BandOf(double x, double lo, double w, int n)
{
  if (std::isnan(x))
  {
    return n;
  }
  if (!(w > 0))
  {
    return 0;
  }
  const double t = (x - lo) / w * n;
  if (!(t > 0))
  {
    return 0;
  }
  return t >= n ? n - 1 : static_cast<int>(t);
}

struct BandSpec
{
  double Min = 0;
  double Max = 1;
  int N = DefaultBands;

  /// Band of a value in [0, N-1], or N for NaN.
  int Band(double v) const { return BandOf(v, Min, Max - Min, N); }
  double Lower(int k) const { return Min + (Max - Min) * k / N; }
  double Upper(int k) const { return k + 1 == N ? Max : Min + (Max - Min) * (k + 1) / N; }
};

/**
 * Band index and colour of v[begin, end): bands[i] = spec.Band(v[i]) and
 * rgb[3i .. 3i+2] = lut[3k .. 3k+2] (lut: N + 1 colours, the NaN colour
 * last), by BandOf as Band() is, with the spec in registers: stores
 * through 8-bit pointers may alias anything, so a loop that reads the spec
 * and the table through references reloads them at every step. The
 * prefetch keeps a first run, whose values come from memory, near the speed
 * of a cached one.
 */
template <typename BandT>
void FillBands(const BandSpec& spec, const double* v, std::int64_t begin, std::int64_t end,
  const std::uint8_t* lut, BandT* bands, std::uint8_t* rgb)
{
  const double lo = spec.Min;
  const double w = spec.Max - spec.Min;
  const int n = spec.N;
  for (std::int64_t i = begin; i < end; ++i)
  {
    if ((i & 7) == 0)
    {
      __builtin_prefetch(v + i + 256);
      __builtin_prefetch(rgb + 3 * i + 768, 1);
      if ((i & 63) == 0)
      {
        __builtin_prefetch(bands + i + 256, 1);
      }
    }
    const int k = BandOf(v[i], lo, w, n);
    bands[i] = static_cast<BandT>(k);
    rgb[3 * i] = lut[3 * k];
    rgb[3 * i + 1] = lut[3 * k + 1];
    rgb[3 * i + 2] = lut[3 * k + 2];
  }
}

/**
 * Bands and colours of v[0, n) (FillBands) in the blocks pf gives (the
 * filter passes blocks of at least 1M values: a value costs about 3 ns, and
 * VTK 9.2 starts a new thread pool for every block).
 */
template <typename BandT>
void BandValues(const BandSpec& spec, const double* v, std::int64_t n, const std::uint8_t* lut,
  BandT* bands, std::uint8_t* rgb, const ParallelFor& pf)
{
  RunFor(pf, n, [&](long long b, long long e) { FillBands(spec, v, b, e, lut, bands, rgb); });
}

/// Colour of band k of n as 8-bit RGB; k == n gives the NaN colour (mid grey).
void BandColor(Palette palette, int k, int n, std::uint8_t rgb[3]);

/// The colours of bands 0 .. n as 3(n + 1) bytes, the NaN colour (band n) last:
/// the lookup table of FillBands and of the exact bands.
std::vector<std::uint8_t> BandColorTable(Palette palette, int n);

/// One row of a band legend: the band's index, bounds, colour and label.
struct BandLegendRow
{
  int Index = 0;
  double Lower = 0;
  double Upper = 0;
  std::uint8_t Color[3] = { 0, 0, 0 };
  std::string Label; ///< "%.4g - %.4g" of the bounds
};

/// The legend of spec: one row per band (the NaN band has none).
std::vector<BandLegendRow> BandLegend(const BandSpec& spec, Palette palette);

/// Relative spread below which a range is a constant field's rounding noise.
constexpr double FlatRangeTolerance = 1e-12;

/**
 * The range bands use when no finite value exists anywhere (`found` false):
 * [0, 1], a defined, visible result rather than garbage. A range whose width
 * is within FlatRangeTolerance of its magnitude is a constant field seen
 * through rounding (the area-weighted mean and the interpolation of a constant
 * differ from it in the last bits): it becomes [min, min], so every value is
 * in band 0 and one colour is drawn, not a speckle of all 24 bands over a
 * width of 1e-17. Else `range` itself.
 */
inline void RangeOrDefault(bool found, double range[2])
{
  if (!found)
  {
    range[0] = 0;
    range[1] = 1;
    return;
  }
  const double scale = std::fmax(std::fabs(range[0]), std::fabs(range[1]));
  if (range[1] - range[0] <= FlatRangeTolerance * scale)
  {
    range[1] = range[0];
  }
}

/// What the Banded Color Map is asked to band, for CheckBandInput.
struct BandInput
{
  bool HaveDataSet = false; ///< the input is a data set (and the output exists)
  bool HaveValues = false; ///< an array was selected
  bool EmptyPiece = false; ///< no points and no cells: no error, no values
  std::string Name; ///< the array's name
  int Components = 1; ///< the array's number of components
  int Component = 0; ///< the component asked for
};

/// The error of a banding input that cannot be banded, else empty.
std::string CheckBandInput(const BandInput& input);

/// The error of a custom range [lo, hi] that is empty or reversed, else empty.
std::string CheckCustomRange(double lo, double hi);

/**
 * The error when Exact Bands cannot clip the input, else empty: the input
 * must be a polygonal surface (`polyData`), and the values a point array
 * (`cellArray` false; `name` is the array's).
 */
std::string CheckExactBandsInput(bool polyData, bool cellArray, const std::string& name);

/// Colour at t in [0, 1] along the palette, as doubles in [0, 1].
void PaletteColor(Palette palette, double t, double rgb[3]);

/// Palette name as shown to users.
const char* PaletteName(Palette palette);

} // namespace cm::map
#endif
