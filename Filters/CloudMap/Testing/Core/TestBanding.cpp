// SPDX-License-Identifier: BSD-3-Clause
// Oracles: with N bands over [min, max], min + (k + 0.5)(max - min)/N is in
// band k and max is in band N-1; band 0 is blue and band N-1 red; band
// boundaries tile the range.
#include "cmBanding.h"
#include "cmCheck.h"

int TestBanding(int, char*[])
{
  for (int n : { 1, 2, 7, 24, 48, 255, 1000 })
  {
    cm::map::BandSpec b;
    b.Min = -3.25;
    b.Max = 17.5;
    b.N = n;
    const double w = (b.Max - b.Min) / n;
    for (int k = 0; k < n; ++k)
    {
      CM_CHECK(b.Band(b.Min + (k + 0.5) * w) == k);
      CM_NEAR(b.Lower(k), b.Min + k * w, 1e-12);
      if (k > 0)
        CM_NEAR(b.Lower(k), b.Upper(k - 1), 0);
    }
    CM_CHECK(b.Band(b.Max) == n - 1);
    CM_CHECK(b.Band(b.Min) == 0);
    CM_CHECK(b.Band(b.Min - 100) == 0);
    CM_CHECK(b.Band(b.Max + 100) == n - 1);
    CM_CHECK(b.Band(std::nan("")) == n);
    CM_NEAR(b.Upper(n - 1), b.Max, 0);
  }
  cm::map::BandSpec flat;
  flat.Min = flat.Max = 2;
  CM_CHECK(flat.Band(2) == 0);

  std::uint8_t rgb[3];
  cm::map::BandColor(cm::map::Palette::Rainbow, 0, 24, rgb);
  CM_CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 255);
  cm::map::BandColor(cm::map::Palette::Rainbow, 23, 24, rgb);
  CM_CHECK(rgb[0] == 255 && rgb[1] == 0 && rgb[2] == 0);
  // Neighbouring bands must be distinguishable: no two adjacent colours equal.
  for (int p = 0; p < 3; ++p)
  {
    std::uint8_t prev[3];
    cm::map::BandColor(static_cast<cm::map::Palette>(p), 0, 24, prev);
    for (int k = 1; k < 24; ++k)
    {
      cm::map::BandColor(static_cast<cm::map::Palette>(p), k, 24, rgb);
      CM_CHECK(rgb[0] != prev[0] || rgb[1] != prev[1] || rgb[2] != prev[2]);
      prev[0] = rgb[0];
      prev[1] = rgb[1];
      prev[2] = rgb[2];
    }
  }
  cm::map::BandColor(cm::map::Palette::Rainbow, 24, 24, rgb); // NaN colour
  CM_CHECK(rgb[0] == 128 && rgb[1] == 128 && rgb[2] == 128);
  return cmReport("TestBanding");
}
