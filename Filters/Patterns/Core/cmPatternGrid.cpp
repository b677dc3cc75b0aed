// SPDX-License-Identifier: BSD-3-Clause
#include "cmPatternGrid.h"

#include "cmConstants.h"

#include <cmath>
#include <cstdio>

namespace cm::pattern
{
namespace
{

// The field ratio a level stands for on the scale (see the header).
double LevelRatio(double levelDb, PatternScale scale, double referenceDb)
{
  const double rel = scale == PatternScale::AbsoluteDecibels ? levelDb - referenceDb : levelDb;
  return std::pow(10.0, rel / 20.0);
}
} // namespace

void GridLines::AddLine(
  const double* xyz, std::int64_t n, GridLineKind kind, double level, const std::string& label)
{
  this->Points.insert(this->Points.end(), xyz, xyz + 3 * n);
  this->Offsets.push_back(this->Offsets.back() + n);
  this->Kind.push_back(static_cast<int>(kind));
  this->Level.push_back(level);
  this->Label.push_back(label);
}

double LevelRadiusFraction(double levelDb, PatternScale scale, double floorDb, double referenceDb)
{
  return RadiusFraction(LevelRatio(levelDb, scale, referenceDb), scale, floorDb);
}

double LevelQuantity(double levelDb, PatternScale scale, double floorDb, double referenceDb)
{
  return ScaledQuantity(LevelRatio(levelDb, scale, referenceDb), scale, floorDb, referenceDb);
}

bool LevelDrawable(double levelDb, PatternScale scale, double floorDb, double referenceDb)
{
  if (!std::isfinite(levelDb))
  {
    return false;
  }
  switch (scale)
  {
    case PatternScale::Decibels:
    case PatternScale::ARRL: return levelDb > -floorDb && levelDb <= 0;
    case PatternScale::AbsoluteDecibels: return levelDb > referenceDb - floorDb;
    default: return levelDb <= 0;
  }
}

std::string LevelLabel(double levelDb, PatternScale scale)
{
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%g %s", levelDb == 0 ? 0.0 : levelDb,
    scale == PatternScale::AbsoluteDecibels ? "dBi" : "dB");
  return buf;
}

void AddLevelCircles(GridLines& lines, const double center[3], double radius, double levelDb,
  const std::string& label, int segments)
{
  segments = segments < 3 ? 3 : segments;
  std::vector<double> xyz(3 * (segments + 1));
  // (u, v) axes of the xz, yz and xy planes.
  const int axes[3][2] = { { 0, 2 }, { 1, 2 }, { 0, 1 } };
  const GridLineKind kinds[3] = { GridLineKind::CircleXZ, GridLineKind::CircleYZ,
    GridLineKind::CircleXY };
  for (int p = 0; p < 3; ++p)
  {
    for (int k = 0; k <= segments; ++k)
    {
      const double t = 2 * Pi * (k % segments) / segments;
      double* x = &xyz[3 * k];
      x[0] = center[0];
      x[1] = center[1];
      x[2] = center[2];
      x[axes[p][0]] += radius * std::cos(t);
      x[axes[p][1]] += radius * std::sin(t);
    }
    lines.AddLine(xyz.data(), segments + 1, kinds[p], levelDb, label);
  }
}

void AddGraticule(
  GridLines& lines, const double center[3], double radius, double stepDeg, int segments)
{
  if (!(stepDeg > 0) || !(radius > 0))
  {
    return;
  }
  segments = segments < 4 ? 4 : segments;
  std::vector<double> xyz;
  char buf[64];
  const int nt = static_cast<int>(std::ceil(180.0 / stepDeg - 1e-9));
  for (int i = 1; i < nt; ++i)
  {
    const double theta = i * stepDeg;
    xyz.assign(3 * (segments + 1), 0.0);
    for (int k = 0; k <= segments; ++k)
    {
      double d[3];
      SphericalDirection(theta, 360.0 * (k % segments) / segments, d);
      for (int c = 0; c < 3; ++c)
        xyz[3 * k + c] = center[c] + radius * d[c];
    }
    std::snprintf(buf, sizeof(buf), "theta=%g\u00b0", theta);
    lines.AddLine(xyz.data(), segments + 1, GridLineKind::ThetaLine, theta, buf);
  }
  const int np = static_cast<int>(std::ceil(360.0 / stepDeg - 1e-9));
  const int half = segments / 2;
  for (int j = 0; j < np; ++j)
  {
    const double phi = j * stepDeg;
    xyz.assign(3 * (half + 1), 0.0);
    for (int k = 0; k <= half; ++k)
    {
      double d[3];
      SphericalDirection(180.0 * k / half, phi, d);
      for (int c = 0; c < 3; ++c)
        xyz[3 * k + c] = center[c] + radius * d[c];
    }
    std::snprintf(buf, sizeof(buf), "phi=%g\u00b0", phi);
    lines.AddLine(xyz.data(), half + 1, GridLineKind::PhiLine, phi, buf);
  }
}

std::int64_t AddContour(GridLines& lines, const double* points, const double* values,
  const std::int64_t* offsets, std::int64_t numberOfCells, const std::int64_t* conn,
  double isoValue, double levelDb, const std::string& label)
{
  std::int64_t added = 0;
  // The crossing on edge (a, b), one end at or above the iso-value, one below.
  auto cross = [&](std::int64_t a, std::int64_t b, double* x) {
    const double t = (isoValue - values[a]) / (values[b] - values[a]);
    for (int c = 0; c < 3; ++c)
      x[c] = points[3 * a + c] + t * (points[3 * b + c] - points[3 * a + c]);
  };
  for (std::int64_t c = 0; c < numberOfCells; ++c)
  {
    const std::int64_t* ids = conn + offsets[c];
    const std::int64_t n = offsets[c + 1] - offsets[c];
    for (std::int64_t k = 1; k + 1 < n; ++k)
    {
      const std::int64_t tri[3] = { ids[0], ids[k], ids[k + 1] };
      double seg[6];
      int found = 0;
      for (int e = 0; e < 3 && found < 2; ++e)
      {
        const std::int64_t a = tri[e], b = tri[(e + 1) % 3];
        if ((values[a] >= isoValue) != (values[b] >= isoValue))
        {
          cross(a, b, seg + 3 * found);
          ++found;
        }
      }
      // A vertex exactly at the iso-value gives a zero-length segment when the
      // other two lie below (a level equal to the maximum): nothing to draw.
      if (found == 2 && (seg[0] != seg[3] || seg[1] != seg[4] || seg[2] != seg[5]))
      {
        lines.AddLine(seg, 2, GridLineKind::Contour, levelDb, label);
        ++added;
      }
    }
  }
  return added;
}

} // namespace cm::pattern
