// SPDX-License-Identifier: BSD-3-Clause
#include "cmBanding.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace cm::map
{
namespace
{
// Piecewise-linear tables sampled from the published maps (t, r, g, b).
constexpr double ViridisTable[][4] = {
  { 0.00, 0.267, 0.005, 0.329 },
  { 0.25, 0.229, 0.322, 0.546 },
  { 0.50, 0.128, 0.567, 0.551 },
  { 0.75, 0.369, 0.789, 0.383 },
  { 1.00, 0.993, 0.906, 0.144 },
};
constexpr double CoolWarmTable[][4] = {
  { 0.00, 0.230, 0.299, 0.754 },
  { 0.25, 0.552, 0.690, 0.996 },
  { 0.50, 0.865, 0.865, 0.865 },
  { 0.75, 0.958, 0.604, 0.482 },
  { 1.00, 0.706, 0.016, 0.150 },
};

template <std::size_t N>
void Table(const double (&table)[N][4], double t, double rgb[3])
{
  std::size_t i = 1;
  while (i + 1 < N && t > table[i][0])
  {
    ++i;
  }
  const double a = (t - table[i - 1][0]) / (table[i][0] - table[i - 1][0]);
  for (int c = 0; c < 3; ++c)
  {
    rgb[c] = table[i - 1][c + 1] + a * (table[i][c + 1] - table[i - 1][c + 1]);
  }
}

void HueToRGB(double hueDeg, double rgb[3])
{
  const double h = hueDeg / 60.0;
  const int sector = std::min(5, static_cast<int>(h));
  const double f = h - sector;
  switch (sector)
  {
    case 0:
      rgb[0] = 1;
      rgb[1] = f;
      rgb[2] = 0;
      break;
    case 1:
      rgb[0] = 1 - f;
      rgb[1] = 1;
      rgb[2] = 0;
      break;
    case 2:
      rgb[0] = 0;
      rgb[1] = 1;
      rgb[2] = f;
      break;
    case 3:
      rgb[0] = 0;
      rgb[1] = 1 - f;
      rgb[2] = 1;
      break;
    case 4:
      rgb[0] = f;
      rgb[1] = 0;
      rgb[2] = 1;
      break;
    default:
      rgb[0] = 1;
      rgb[1] = 0;
      rgb[2] = 1 - f;
      break;
  }
}
} // namespace

void PaletteColor(Palette palette, double t, double rgb[3])
{
  t = std::clamp(std::isnan(t) ? 0.0 : t, 0.0, 1.0);
  switch (palette)
  {
    case Palette::Viridis: Table(ViridisTable, t, rgb); break;
    case Palette::CoolWarm: Table(CoolWarmTable, t, rgb); break;
    case Palette::Rainbow:
    default: HueToRGB(240.0 * (1.0 - t), rgb); break;
  }
}

void BandColor(Palette palette, int k, int n, std::uint8_t rgb[3])
{
  if (k < 0 || k >= n)
  {
    rgb[0] = rgb[1] = rgb[2] = 128;
    return;
  }
  // Band centres span the whole palette: band 0 is pure blue, band n-1 pure red.
  double c[3];
  PaletteColor(palette, n > 1 ? double(k) / (n - 1) : 0.0, c);
  for (int i = 0; i < 3; ++i)
  {
    rgb[i] = static_cast<std::uint8_t>(std::lround(255.0 * c[i]));
  }
}

std::vector<std::uint8_t> BandColorTable(Palette palette, int n)
{
  std::vector<std::uint8_t> lut(3 * (n + 1));
  for (int k = 0; k <= n; ++k)
  {
    BandColor(palette, k, n, &lut[3 * k]);
  }
  return lut;
}

std::vector<BandLegendRow> BandLegend(const BandSpec& spec, Palette palette)
{
  std::vector<BandLegendRow> rows(spec.N > 0 ? spec.N : 0);
  char buf[96];
  for (int k = 0; k < spec.N; ++k)
  {
    BandLegendRow& row = rows[k];
    row.Index = k;
    row.Lower = spec.Lower(k);
    row.Upper = spec.Upper(k);
    BandColor(palette, k, spec.N, row.Color);
    std::snprintf(buf, sizeof buf, "%.4g - %.4g", row.Lower, row.Upper);
    row.Label = buf;
  }
  return rows;
}

std::string CheckBandInput(const BandInput& input)
{
  if (!input.HaveDataSet)
  {
    return "Banded Color Map needs a vtkDataSet input";
  }
  if (!input.HaveValues && !input.EmptyPiece)
  {
    return "no array to band: select a point or cell array";
  }
  if (input.HaveValues && input.Component >= input.Components)
  {
    std::ostringstream error;
    error << "array '" << input.Name << "' has " << input.Components << " components; component "
          << input.Component << " does not exist";
    return error.str();
  }
  return std::string();
}

std::string CheckCustomRange(double lo, double hi)
{
  if (hi >= lo)
  {
    return std::string();
  }
  std::ostringstream error;
  error << "custom range [" << lo << ", " << hi << "] is empty or reversed";
  return error.str();
}

std::string CheckExactBandsInput(bool polyData, bool cellArray, const std::string& name)
{
  if (!polyData)
  {
    return "Exact Bands needs a polygonal surface (vtkPolyData) of triangles and quads; "
           "extract the surface first";
  }
  if (cellArray)
  {
    return "Exact Bands clips the field interpolated from vertex values, but '" + name +
      "' is a cell array: run Area Weighted Point Data first and band its point array";
  }
  return std::string();
}

const char* PaletteName(Palette palette)
{
  switch (palette)
  {
    case Palette::Viridis: return "Viridis";
    case Palette::CoolWarm: return "Cool to Warm";
    case Palette::Rainbow:
    default: return "Blue to Red Rainbow";
  }
}

} // namespace cm::map
