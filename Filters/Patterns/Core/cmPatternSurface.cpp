// SPDX-License-Identifier: BSD-3-Clause
#include "cmPatternSurface.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm::pattern
{
namespace
{
/// A progress step every 1/16 of a serial loop over `total` items; true once aborted.
bool Every(const std::function<bool(double)>& progress, std::int64_t i, std::int64_t total,
  double from, double to)
{
  const std::int64_t stride = std::max<std::int64_t>(1, total / 16);
  return i % stride == 0 && i > 0 && progress &&
    progress(from + (to - from) * double(i) / double(total));
}

/// Appends points and cells to a PatternSurface.
class Builder
{
public:
  Builder(const SphereGrid& grid, const PatternStyle& style, PatternSurface& out)
    : Grid(grid)
    , Style(style)
    , Out(out)
    , View(SurfaceFromArrays(grid.Direction.data(), static_cast<std::int64_t>(grid.Value.size()),
        grid.Offsets.data(), static_cast<std::int64_t>(grid.Offsets.size()) - 1,
        grid.Connectivity.data()))
    , NonNegativePhi(!grid.Phi.empty() && grid.Phi.front() >= 0)
  {}

  /// A point in direction `dir`, radius-mapped from the value v.
  void Place(const double dir[3], double v)
  {
    const PatternStyle& st = this->Style;
    const double a = st.Ratio(v);
    const double r = st.Radius * RadiusFraction(a, st.Scale, st.FloorDb);
    for (int k = 0; k < 3; ++k)
    {
      this->Out.Points.push_back(st.Center[k] + r * dir[k]);
    }
    double t, f;
    DirectionAngles(dir, this->NonNegativePhi, t, f);
    this->Out.Theta.push_back(t);
    this->Out.Phi.push_back(f);
    this->Out.Value.push_back(v);
    this->Out.Scaled.push_back(st.Quantity(a));
  }

  /// A cell of `n` points and its drawn quantity, from the value v.
  template <typename IdT>
  void AddCell(const IdT* ids, int n, double v)
  {
    this->Out.Connectivity.insert(this->Out.Connectivity.end(), ids, ids + n);
    this->Out.Offsets.push_back(static_cast<std::int64_t>(this->Out.Connectivity.size()));
    this->Out.CellScaled.push_back(this->Style.Quantity(this->Style.Ratio(v)));
  }

  /// The samples of element e interpolated at parametric (r, s).
  double Interpolate(std::int64_t e, double r, double s) const
  {
    double w[4], v;
    map::ParentWeights(this->View.Size(e), r, s, w);
    CornerSum(this->View, e, w, this->Grid.Value.data(), 1, &v);
    return v;
  }

  const SphereGrid& Grid;
  const PatternStyle& Style;
  PatternSurface& Out;
  const SurfaceView View;
  const bool NonNegativePhi;
};
} // namespace

PatternValueKind GuessValueKind(int kind, const std::string& name)
{
  if (kind >= 0)
  {
    return static_cast<PatternValueKind>(kind);
  }
  const bool db = name.find("dB") != std::string::npos || name.rfind("Gain", 0) == 0 ||
    name.rfind("Directivity", 0) == 0;
  return db ? PatternValueKind::Decibels : PatternValueKind::FieldMagnitude;
}

bool RefineSphereGrid(const SphereGrid& grid, int level, const ParallelFor& planFor,
  const ParallelFor& refineFor, const std::function<bool()>& aborted, RefinedSphereGrid& out)
{
  out.View = SurfaceFromArrays(grid.Direction.data(), static_cast<std::int64_t>(grid.Value.size()),
    grid.Offsets.data(), static_cast<std::int64_t>(grid.Offsets.size()) - 1,
    grid.Connectivity.data());
  map::RefineOptions options;
  options.Level = level;
  if (!map::PlanRefinement(out.View, options, planFor, aborted, out.Plan))
  {
    return false;
  }
  const map::RefinePlan& plan = out.Plan;
  out.Points = LargeArray<double>(3 * plan.NumberOfPoints());
  out.PointRS = LargeArray<double>(2 * plan.NumberOfPoints());
  out.CellRS = LargeArray<double>(2 * plan.NumberOfCells());
  out.Offsets = LargeArray<long long>(plan.NumberOfCells() + 1);
  out.Connectivity = LargeArray<long long>(plan.ConnectivitySize());
  map::RefinedSurfaceT<double, long long> ro;
  ro.Points = out.Points.data();
  ro.PointRS = out.PointRS.data();
  ro.CellRS = out.CellRS.data();
  ro.Offsets = out.Offsets.data();
  ro.Connectivity = out.Connectivity.data();
  map::RefineSurface(out.View, plan, ro, refineFor);
  return !(aborted && aborted());
}

bool BuildPatternSurface(const SphereGrid& grid, const RefinedSphereGrid& refined, int level,
  const PatternStyle& style, const std::function<bool(double)>& progress, PatternSurface& out)
{
  out = PatternSurface();
  Builder b(grid, style, out);
  const std::int64_t m = static_cast<std::int64_t>(grid.Value.size());
  const std::int64_t ne = refined.View.NumberOfCells();
  if (grid.IsCut || level == 0)
  {
    // The samples themselves, with their shared vertices (poles, φ wrap).
    for (std::int64_t i = 0; i < m; ++i)
    {
      if (Every(progress, i, m, 0.3, 0.6))
      {
        return false;
      }
      b.Place(&grid.Direction[3 * i], grid.Value[i]);
    }
  }
  if (grid.IsCut)
  {
    // A single cut: a polyline through the samples, banded per segment.
    out.Lines = true;
    for (std::int64_t i = 0; i + 1 < m; ++i)
    {
      if (Every(progress, i, m, 0.6, 0.8))
      {
        return false;
      }
      const std::int64_t seg[2] = { i, i + 1 };
      b.AddCell(seg, 2, 0.5 * (grid.Value[i] + grid.Value[i + 1]));
    }
    return true;
  }
  if (level == 0)
  {
    // Unrefined: the grid's own cells, valued at their centres.
    for (std::int64_t e = 0; e < ne; ++e)
    {
      if (Every(progress, e, ne, 0.6, 0.8))
      {
        return false;
      }
      b.AddCell(&grid.Connectivity[grid.Offsets[e]], int(grid.Offsets[e + 1] - grid.Offsets[e]),
        b.Interpolate(e, refined.CellRS[2 * e], refined.CellRS[2 * e + 1]));
    }
    return true;
  }
  // Refined: every sub-element, its points projected back onto directions.
  const map::RefinePlan& plan = refined.Plan;
  out.Points.reserve(3 * plan.NumberOfPoints());
  for (std::int64_t e = 0; e < ne; ++e)
  {
    if (Every(progress, e, ne, 0.3, 0.6))
    {
      return false;
    }
    for (std::int64_t p = plan.PointStart[e]; p < plan.PointStart[e + 1]; ++p)
    {
      double d[3] = { refined.Points[3 * p], refined.Points[3 * p + 1], refined.Points[3 * p + 2] };
      const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      for (double& x : d)
      {
        x /= len > 0 ? len : 1.0;
      }
      b.Place(d, b.Interpolate(e, refined.PointRS[2 * p], refined.PointRS[2 * p + 1]));
    }
  }
  for (std::int64_t e = 0; e < ne; ++e)
  {
    if (Every(progress, e, ne, 0.6, 0.8))
    {
      return false;
    }
    for (std::int64_t k = plan.CellStart[e]; k < plan.CellStart[e + 1]; ++k)
    {
      // Refined elements are quads.
      b.AddCell(&refined.Connectivity[plan.ConnStart[e] + (k - plan.CellStart[e]) * 4], 4,
        b.Interpolate(e, refined.CellRS[2 * k], refined.CellRS[2 * k + 1]));
    }
  }
  return true;
}

map::BandSpec PatternBands(int n, const double range[2], bool fixed, const PatternStyle& style)
{
  map::BandSpec spec;
  spec.N = n;
  spec.Min = std::isfinite(range[0]) ? range[0] : 0.0;
  spec.Max = std::isfinite(range[1]) ? range[1] : 1.0;
  if (fixed)
  {
    FixedBandRange(style.Scale, style.FloorDb, style.RefDb, spec.Min, spec.Max);
  }
  return spec;
}

void AddPatternGridLines(GridLines& lines, const PatternStyle& style,
  const std::vector<double>& gridLevels, double graticuleStep, bool isCut,
  const PatternSurface& surface)
{
  const int segments = 180;
  for (double level : gridLevels)
  {
    if (!LevelDrawable(level, style.Scale, style.FloorDb, style.RefDb))
    {
      continue;
    }
    AddLevelCircles(lines, style.Center,
      style.Radius * LevelRadiusFraction(level, style.Scale, style.FloorDb, style.RefDb), level,
      LevelLabel(level, style.Scale), segments);
  }
  if (!isCut && surface.NumberOfPoints() > 0)
  {
    for (double level : gridLevels)
    {
      if (LevelDrawable(level, style.Scale, style.FloorDb, style.RefDb))
      {
        AddContour(lines, surface.Points.data(), surface.Scaled.data(), surface.Offsets.data(),
          surface.NumberOfCells(), surface.Connectivity.data(),
          LevelQuantity(level, style.Scale, style.FloorDb, style.RefDb), level,
          LevelLabel(level, style.Scale));
      }
    }
  }
  AddGraticule(lines, style.Center, style.Radius, graticuleStep, segments);
}

std::string CheckPatternColumns(const std::string& selected, bool selectedFound, bool empty,
  bool theta, bool phi, bool values, const std::string& thetaName, const std::string& phiName)
{
  if (empty)
  {
    return std::string();
  }
  if (!selected.empty() && !selectedFound)
  {
    return "Antenna Pattern Surface: the input has no numeric column '" + selected + "'.";
  }
  if (!theta || !phi || !values)
  {
    return "the input table needs numeric columns '" + thetaName + "', '" + phiName +
      "' and a value column (|E| or Gain by default)";
  }
  return std::string();
}

std::string PatternGridFromColumns(const std::vector<double>& theta, const std::vector<double>& phi,
  const std::vector<double>& values, SphereGrid& grid)
{
  std::string error;
  if (!BuildSphereGrid(theta.data(), phi.data(), values.data(),
        static_cast<std::int64_t>(values.size()), grid, error))
  {
    grid = SphereGrid();
    return error.empty() ? std::string("the pattern grid could not be built") : error;
  }
  return std::string();
}

double MaximumValue(const SphereGrid& grid)
{
  double m = -std::numeric_limits<double>::infinity();
  for (double v : grid.Value)
  {
    m = std::max(m, v);
  }
  return m;
}

void CellRange(const PatternSurface& surface, double& lo, double& hi)
{
  lo = std::numeric_limits<double>::infinity();
  hi = -lo;
  for (double v : surface.CellScaled)
  {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
}

bool BandCells(const std::vector<double>& cellScaled, const map::BandSpec& spec,
  map::Palette palette, const std::function<bool(double)>& progress,
  std::vector<unsigned char>& band, std::vector<unsigned char>& rgb)
{
  const std::int64_t n = static_cast<std::int64_t>(cellScaled.size());
  band.resize(cellScaled.size());
  rgb.resize(3 * cellScaled.size());
  for (std::int64_t i = 0; i < n; ++i)
  {
    if (Every(progress, i, n, 0.8, 0.9))
    {
      return false;
    }
    const int k = spec.Band(cellScaled[i]);
    map::BandColor(palette, k, spec.N, &rgb[3 * i]);
    band[i] = static_cast<unsigned char>(std::min(k, 255));
  }
  return true;
}

std::vector<std::int64_t> GridLineLabelPoints(const GridLines& lines)
{
  const int contour = static_cast<int>(GridLineKind::Contour);
  std::vector<std::int64_t> at(lines.Kind.size(), -1);
  for (std::int64_t l = 0; l < lines.NumberOfLines(); ++l)
  {
    const std::int64_t b = lines.Offsets[l], e = lines.Offsets[l + 1];
    bool anchor = true;
    if (lines.Kind[l] == contour)
    {
      anchor = l == 0 || lines.Kind[l - 1] != lines.Kind[l] || lines.Level[l - 1] != lines.Level[l];
    }
    if (anchor)
    {
      at[l] = lines.Kind[l] == contour
        ? b
        : b + (e - b) / (lines.Kind[l] == static_cast<int>(GridLineKind::PhiLine) ? 2 : 8);
    }
  }
  return at;
}
} // namespace cm::pattern
