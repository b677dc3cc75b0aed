// SPDX-License-Identifier: BSD-3-Clause
// Oracles: with N bands over [min, max], min + (k + 0.5)(max - min)/N is in
// band k and max is in band N-1; band 0 is blue and band N-1 red; band
// boundaries tile the range.
#include "cmBanding.h"
#include "cmCheck.h"
#include "cmFiniteRange.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace
{
// The plain one-lane loop: the oracle for FoldFiniteRange.
void PlainRange(const std::vector<double>& v, std::size_t b, std::size_t e,
  const std::uint8_t* skip, std::uint8_t mask, double& lo, double& hi)
{
  for (std::size_t i = b; i < e; ++i)
  {
    if (std::isfinite(v[i]) && !(skip && (skip[i] & mask)))
    {
      lo = std::min(lo, v[i]);
      hi = std::max(hi, v[i]);
    }
  }
}

// FoldFiniteRange (eight lanes, SSE2 on x86-64) against the plain loop on
// random values with NaN, ±inf and flagged entries, every length up to 80
// and every start offset up to 9 (the lanes' tails and misalignment).
void CheckFiniteRange()
{
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1e6, 1e6);
  const double inf = std::numeric_limits<double>::infinity();
  for (int trial = 0; trial < 4; ++trial)
  {
    std::vector<double> v(1200);
    std::vector<std::uint8_t> flags(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
    {
      const int kind = static_cast<int>(rng() % 16);
      v[i] = kind == 0 ? std::nan("") : kind == 1 ? inf : kind == 2 ? -inf : u(rng);
      flags[i] = static_cast<std::uint8_t>(rng() % 4 == 0 ? 1 : (rng() % 2) * 2);
    }
    if (trial == 3)
    {
      // The extremes flagged or non-finite only: the flags must hide them.
      v[500] = -5e7;
      flags[500] = 1;
      v[501] = 5e7;
      flags[501] = 1;
    }
    for (std::size_t b = 0; b < 10; ++b)
    {
      for (std::size_t e = b; e < b + 80; ++e)
      {
        const std::uint8_t* skips[2] = { nullptr, flags.data() };
        for (const std::uint8_t* skip : skips)
        {
          double lo = inf, hi = -inf, plo = inf, phi = -inf;
          cm::FoldFiniteRange(
            v.data(), static_cast<std::int64_t>(b), static_cast<std::int64_t>(e), skip, 1, lo, hi);
          PlainRange(v, b, e, skip, 1, plo, phi);
          CM_CHECK(
            std::memcmp(&lo, &plo, sizeof lo) == 0 && std::memcmp(&hi, &phi, sizeof hi) == 0);
        }
      }
    }
    double lo = inf, hi = -inf, plo = inf, phi = -inf;
    cm::FoldFiniteRange(v.data(), 3, static_cast<std::int64_t>(v.size()), flags.data(), 1, lo, hi);
    PlainRange(v, 3, v.size(), flags.data(), 1, plo, phi);
    CM_EQUAL(lo, plo);
    CM_EQUAL(hi, phi);
    lo = inf, hi = -inf, plo = inf, phi = -inf;
    cm::FoldFiniteRange(v.data(), 0, static_cast<std::int64_t>(v.size()), nullptr, 0, lo, hi);
    PlainRange(v, 0, v.size(), nullptr, 0, plo, phi);
    CM_EQUAL(lo, plo);
    CM_EQUAL(hi, phi);
    CM_CHECK(trial != 3 || (lo == -5e7 && hi == 5e7));
  }
  // Nothing finite: lo and hi untouched.
  std::vector<double> none(37, std::nan(""));
  none[5] = inf;
  none[30] = -inf;
  double lo = inf, hi = -inf;
  cm::FoldFiniteRange(none.data(), 0, 37, nullptr, 0, lo, hi);
  CM_CHECK(lo == inf && hi == -inf);
}

// FillBands against Band() and BandColor, value by value, for both index
// types, a flat range, NaN, ±inf, out-of-range values and exact boundaries.
template <typename BandT>
void CheckFillBands(int n, double lo, double hi)
{
  cm::map::BandSpec spec;
  spec.N = n;
  spec.Min = lo;
  spec.Max = hi;
  std::vector<std::uint8_t> lut(3 * (n + 1));
  for (int k = 0; k <= n; ++k)
  {
    cm::map::BandColor(cm::map::Palette::Viridis, k, n, &lut[3 * k]);
  }
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(lo - 0.2 * (hi - lo + 1), hi + 0.2 * (hi - lo + 1));
  std::vector<double> v;
  for (int k = 0; k <= n; ++k)
  {
    v.push_back(spec.Lower(std::min(k, n - 1)));
    v.push_back(std::nextafter(spec.Lower(std::min(k, n - 1)), -1e300));
  }
  for (double x : { std::nan(""), std::numeric_limits<double>::infinity(),
         -std::numeric_limits<double>::infinity(), lo, hi })
  {
    v.push_back(x);
  }
  while (v.size() < 3000)
  {
    v.push_back(u(rng));
  }
  std::vector<BandT> bands(v.size(), BandT(-1));
  std::vector<std::uint8_t> rgb(3 * v.size(), 7);
  // In three ranges, as the threads call it.
  const std::int64_t size = static_cast<std::int64_t>(v.size());
  for (std::int64_t b : { std::int64_t(0), std::int64_t(1001), std::int64_t(2002) })
  {
    cm::map::FillBands(
      spec, v.data(), b, std::min(size, b + 1001), lut.data(), bands.data(), rgb.data());
  }
  int wrong = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
  {
    const int k = spec.Band(v[i]);
    wrong += bands[i] != static_cast<BandT>(k) || rgb[3 * i] != lut[3 * k] ||
      rgb[3 * i + 1] != lut[3 * k + 1] || rgb[3 * i + 2] != lut[3 * k + 2];
  }
  CM_EQUAL(wrong, 0);
}
} // namespace

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
  // A constant field through rounding: 0.0817 and its neighbours a few ulps
  // away (as the area-weighted mean of equal values gives them) make one band;
  // a real spread of one part in 1e9 still makes 24; no value at all: [0, 1].
  {
    const double c = 0.0817;
    double r[2] = { std::nextafter(c, 0.0), std::nextafter(std::nextafter(c, 1.0), 1.0) };
    cm::map::RangeOrDefault(true, r);
    CM_CHECK(r[0] == r[1]);
    cm::map::BandSpec s;
    s.Min = r[0];
    s.Max = r[1];
    int maxBand = 0;
    for (double v = std::nextafter(c, 0.0); v <= c * (1 + 4e-16); v = std::nextafter(v, 1.0))
      maxBand = std::max(maxBand, s.Band(v));
    CM_EQUAL(maxBand, 0);
    double neg[2] = { -5.0 - 1e-14, -5.0 };
    cm::map::RangeOrDefault(true, neg);
    CM_CHECK(neg[0] == neg[1]);
    double real[2] = { c, c * (1 + 1e-9) };
    cm::map::RangeOrDefault(true, real);
    CM_CHECK(real[1] > real[0]);
    double zero[2] = { 0, 0 };
    cm::map::RangeOrDefault(true, zero);
    CM_CHECK(zero[0] == 0 && zero[1] == 0);
    double none[2] = { 7, 7 };
    cm::map::RangeOrDefault(false, none);
    CM_CHECK(none[0] == 0 && none[1] == 1);
  }

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
  // The legend: bounds, colours and "%.4g - %.4g" labels, written out by hand.
  cm::map::BandSpec four;
  four.Min = 1;
  four.Max = 3;
  four.N = 4;
  const auto legend = cm::map::BandLegend(four, cm::map::Palette::CoolWarm);
  const char* labels[4] = { "1 - 1.5", "1.5 - 2", "2 - 2.5", "2.5 - 3" };
  CM_EQUAL(legend.size(), std::size_t(4));
  for (int k = 0; k < 4 && k < static_cast<int>(legend.size()); ++k)
  {
    CM_EQUAL(legend[k].Index, k);
    CM_EQUAL(legend[k].Lower, 1 + 0.5 * k);
    CM_EQUAL(legend[k].Upper, 1.5 + 0.5 * k);
    CM_EQUAL(legend[k].Label, std::string(labels[k]));
    cm::map::BandColor(cm::map::Palette::CoolWarm, k, 4, rgb);
    CM_CHECK(std::equal(rgb, rgb + 3, legend[k].Color));
  }
  const auto table = cm::map::BandColorTable(cm::map::Palette::Rainbow, 24);
  CM_EQUAL(table.size(), std::size_t(75));
  CM_CHECK(table[72] == 128 && table[73] == 128 && table[74] == 128); // NaN colour last
  CM_CHECK(table[0] == 0 && table[1] == 0 && table[2] == 255); // band 0 blue

  // The filters' error texts.
  cm::map::BandInput in;
  CM_EQUAL(cm::map::CheckBandInput(in), std::string("Banded Color Map needs a vtkDataSet input"));
  in.HaveDataSet = true;
  CM_EQUAL(
    cm::map::CheckBandInput(in), std::string("no array to band: select a point or cell array"));
  in.EmptyPiece = true;
  CM_EQUAL(cm::map::CheckBandInput(in), std::string());
  in.HaveValues = true;
  in.Name = "J";
  in.Components = 3;
  in.Component = 3;
  CM_EQUAL(cm::map::CheckBandInput(in),
    std::string("array 'J' has 3 components; component 3 does not exist"));
  in.Component = -1; // the magnitude
  CM_EQUAL(cm::map::CheckBandInput(in), std::string());
  CM_EQUAL(
    cm::map::CheckCustomRange(2, 1), std::string("custom range [2, 1] is empty or reversed"));
  CM_EQUAL(cm::map::CheckCustomRange(0, std::nan("")),
    std::string("custom range [0, nan] is empty or reversed"));
  CM_EQUAL(cm::map::CheckCustomRange(1, 1), std::string());
  CM_CHECK(cm::map::CheckExactBandsInput(false, false, "f").find("polygonal surface") !=
    std::string::npos);
  CM_EQUAL(cm::map::CheckExactBandsInput(true, true, "|J|"),
    std::string("Exact Bands clips the field interpolated from vertex values, but '|J|' is a "
                "cell array: run Area Weighted Point Data first and band its point array"));
  CM_EQUAL(cm::map::CheckExactBandsInput(true, false, "f"), std::string());
  CheckFiniteRange();
  CheckFillBands<std::uint8_t>(24, -3.25, 17.5);
  CheckFillBands<std::uint8_t>(255, 1e-9, 3e-9);
  CheckFillBands<std::uint16_t>(1000, -40, -10);
  CheckFillBands<std::uint8_t>(24, 2, 2); // flat: every finite value in band 0
  return cmReport("TestBanding");
}
