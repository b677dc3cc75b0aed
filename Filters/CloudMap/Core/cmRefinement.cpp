// SPDX-License-Identifier: BSD-3-Clause
#include "cmRefinement.h"

#include <algorithm>
#include <cmath>

namespace cm::map
{
namespace
{
// Level-1 patches of a triangle in its own (r, s) space, counter-clockwise:
// corner, next-edge midpoint, centroid, previous-edge midpoint.
constexpr double Third = 1.0 / 3.0;
constexpr double TrianglePatches[3][4][2] = {
  { { 0, 0 }, { 0.5, 0 }, { Third, Third }, { 0, 0.5 } },
  { { 1, 0 }, { 0.5, 0.5 }, { Third, Third }, { 0.5, 0 } },
  { { 0, 1 }, { 0, 0.5 }, { Third, Third }, { 0.5, 0.5 } },
};
constexpr double QuadPatch[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

inline double Dist(const Vec3& a, const Vec3& b)
{
  return std::sqrt(
    (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

// Bilinear map of a patch given by 4 parametric corners.
inline void PatchRS(const double (*p)[2], double u, double v, double& r, double& s)
{
  const double w0 = (1 - u) * (1 - v), w1 = u * (1 - v), w2 = u * v, w3 = (1 - u) * v;
  r = w0 * p[0][0] + w1 * p[1][0] + w2 * p[2][0] + w3 * p[3][0];
  s = w0 * p[0][1] + w1 * p[1][1] + w2 * p[2][1] + w3 * p[3][1];
}

// Writes one patch as an n×n grid of quads; returns the number of points written.
// The parent map is affine (triangle) or bilinear (quad) and the patch map is
// bilinear, so the composition is bilinear in the patch's (u, v): the four
// physical patch corners are computed once and every grid point is two
// linear interpolations, row by row.
template <typename PointT, typename ConnT>
std::int64_t WritePatch(const Vec3* corners, int nCorners, const double (*patch)[2], int n,
  PointT* pts, double* pointRS, ConnT* conn, double* cellRS, std::int64_t base)
{
  const double inv = 1.0 / n;
  Vec3 q[4];
  for (int k = 0; k < 4; ++k)
  {
    q[k] = ParentPoint(corners, nCorners, patch[k][0], patch[k][1]);
  }
  std::int64_t k = 0;
  for (int j = 0; j <= n; ++j)
  {
    const double v = j * inv;
    double left[3], step[3];
    for (int d = 0; d < 3; ++d)
    {
      left[d] = q[0][d] + v * (q[3][d] - q[0][d]);
      const double right = q[1][d] + v * (q[2][d] - q[1][d]);
      step[d] = (right - left[d]) * inv;
    }
    PointT* row = pts + 3 * k;
    for (int i = 0; i <= n; ++i)
    {
      row[3 * i] = static_cast<PointT>(left[0] + i * step[0]);
      row[3 * i + 1] = static_cast<PointT>(left[1] + i * step[1]);
      row[3 * i + 2] = static_cast<PointT>(left[2] + i * step[2]);
    }
    if (pointRS)
    {
      for (int i = 0; i <= n; ++i)
      {
        PatchRS(patch, i * inv, v, pointRS[2 * (k + i)], pointRS[2 * (k + i) + 1]);
      }
    }
    k += n + 1;
  }
  std::int64_t c = 0;
  for (int j = 0; j < n; ++j)
  {
    for (int i = 0; i < n; ++i, ++c)
    {
      const ConnT p0 = static_cast<ConnT>(base + j * (n + 1) + i);
      conn[4 * c] = p0;
      conn[4 * c + 1] = p0 + 1;
      conn[4 * c + 2] = p0 + n + 2;
      conn[4 * c + 3] = p0 + n + 1;
      if (cellRS)
      {
        PatchRS(patch, (i + 0.5) * inv, (j + 0.5) * inv, cellRS[2 * c], cellRS[2 * c + 1]);
      }
    }
  }
  return k;
}
} // namespace

RefineCounts RefinedSize(int nCorners, int level)
{
  RefineCounts c;
  if (level <= 0)
  {
    c.Points = nCorners;
    c.Cells = 1;
    c.Connectivity = nCorners;
    return c;
  }
  const int patches = nCorners == 3 ? 3 : 1;
  const std::int64_t n = std::int64_t(1) << (nCorners == 3 ? level - 1 : level);
  c.Points = patches * (n + 1) * (n + 1);
  c.Cells = patches * n * n;
  c.Connectivity = 4 * c.Cells;
  return c;
}

int LevelForEdgeLength(const Vec3* corners, int nCorners, double maxEdge, int maxLevel)
{
  double longest = 0;
  for (int i = 0; i < nCorners; ++i)
  {
    longest = std::max(longest, Dist(corners[i], corners[(i + 1) % nCorners]));
  }
  if (!(maxEdge > 0) || !(longest > maxEdge))
  {
    return 0;
  }
  // A sub-element edge at level L is at most longest / 2^L for both element types.
  const int level = static_cast<int>(std::ceil(std::log2(longest / maxEdge) - 1e-12));
  return std::clamp(level, 0, maxLevel);
}

void ParentWeights(int nCorners, double r, double s, double* w)
{
  if (nCorners == 3)
  {
    w[0] = 1 - r - s;
    w[1] = r;
    w[2] = s;
  }
  else
  {
    w[0] = (1 - r) * (1 - s);
    w[1] = r * (1 - s);
    w[2] = r * s;
    w[3] = (1 - r) * s;
  }
}

Vec3 ParentPoint(const Vec3* corners, int nCorners, double r, double s)
{
  double w[4];
  ParentWeights(nCorners, r, s, w);
  Vec3 x{ 0, 0, 0 };
  for (int i = 0; i < nCorners; ++i)
  {
    x[0] += w[i] * corners[i][0];
    x[1] += w[i] * corners[i][1];
    x[2] += w[i] * corners[i][2];
  }
  return x;
}

template <typename PointT, typename ConnT>
void RefineElement(
  const Vec3* corners, int nCorners, int level, const RefineOutputT<PointT, ConnT>& out)
{
  if (level <= 0)
  {
    constexpr double TriRS[3][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 } };
    for (int i = 0; i < nCorners; ++i)
    {
      for (int d = 0; d < 3; ++d)
      {
        out.Points[3 * i + d] = static_cast<PointT>(corners[i][d]);
      }
      if (out.PointRS)
      {
        out.PointRS[2 * i] = nCorners == 3 ? TriRS[i][0] : QuadPatch[i][0];
        out.PointRS[2 * i + 1] = nCorners == 3 ? TriRS[i][1] : QuadPatch[i][1];
      }
      out.Connectivity[i] = static_cast<ConnT>(out.PointBase + i);
    }
    if (out.CellRS)
    {
      out.CellRS[0] = nCorners == 3 ? Third : 0.5;
      out.CellRS[1] = nCorners == 3 ? Third : 0.5;
    }
    return;
  }
  if (nCorners == 4)
  {
    WritePatch(corners, 4, QuadPatch, 1 << level, out.Points, out.PointRS, out.Connectivity,
      out.CellRS, out.PointBase);
    return;
  }
  const int n = 1 << (level - 1);
  const std::int64_t pp = std::int64_t(n + 1) * (n + 1), cp = std::int64_t(n) * n;
  for (int p = 0; p < 3; ++p)
  {
    WritePatch(corners, 3, TrianglePatches[p], n, out.Points + 3 * p * pp,
      out.PointRS ? out.PointRS + 2 * p * pp : nullptr, out.Connectivity + 4 * p * cp,
      out.CellRS ? out.CellRS + 2 * p * cp : nullptr, out.PointBase + p * pp);
  }
}

// 64-bit ids come as long (std::int64_t) from plain code and as long long
// (vtkTypeInt64) from VTK arrays on LP64 systems; both are instantiated.
template void RefineElement(const Vec3*, int, int, const RefineOutputT<double, long>&);
template void RefineElement(const Vec3*, int, int, const RefineOutputT<double, long long>&);
template void RefineElement(const Vec3*, int, int, const RefineOutputT<double, std::int32_t>&);
template void RefineElement(const Vec3*, int, int, const RefineOutputT<float, long>&);
template void RefineElement(const Vec3*, int, int, const RefineOutputT<float, long long>&);
template void RefineElement(const Vec3*, int, int, const RefineOutputT<float, std::int32_t>&);

} // namespace cm::map
