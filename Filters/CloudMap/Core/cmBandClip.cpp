// SPDX-License-Identifier: BSD-3-Clause
#include "cmBandClip.h"

#include <limits>

namespace cm::map
{
namespace
{
// Calls emit(band, corners, n) for every band piece of element c.
template <typename Emit>
inline void ClipCell(
  const SurfaceView& view, const double* values, const BandSpec& spec, std::int64_t c, Emit&& emit)
{
  Vec3 p[4];
  double f[4];
  const int n = view.Size(c);
  const std::int64_t first = view.Offset(c);
  view.Corners(c, p);
  for (int i = 0; i < n; ++i)
  {
    f[i] = values[view.Id(first + i)];
  }
  ClipElementBands(p, f, n, spec, emit);
}
} // namespace

bool PlanExactBands(const SurfaceView& view, const double* values, const BandSpec& spec,
  const ParallelFor& pf, const std::function<bool()>& aborted, ExactBandsPlan& plan)
{
  const std::int64_t nIn = view.NumberOfCells();
  plan.PieceStart = LargeArray<std::int64_t>(nIn + 1); // the loop writes every entry
  plan.CornerStart = LargeArray<std::int64_t>(nIn + 1);
  std::int64_t* pieceStart = plan.PieceStart.data();
  std::int64_t* cornerStart = plan.CornerStart.data();
  pieceStart[0] = cornerStart[0] = 0;
  RunFor(pf, nIn, [&](long long b, long long e) {
    for (std::int64_t c = b; c < e; ++c)
    {
      std::int64_t pieces = 0, corners = 0;
      ClipCell(view, values, spec, c, [&](int, const ClipVertex*, int n) {
        ++pieces;
        corners += n;
      });
      pieceStart[c + 1] = pieces;
      cornerStart[c + 1] = corners;
    }
  });
  if (aborted && aborted())
  {
    return false;
  }
  for (std::int64_t c = 0; c < nIn; ++c)
  {
    pieceStart[c + 1] += pieceStart[c];
    cornerStart[c + 1] += cornerStart[c];
  }
  return true;
}

template <typename PointT, typename ConnT, typename BandT>
void WriteExactBands(const SurfaceView& view, const double* values, const BandSpec& spec,
  const std::uint8_t* lut, const ExactBandsPlan& plan, const ExactBandsT<PointT, ConnT, BandT>& out,
  const ParallelFor& pf)
{
  out.Offsets[plan.NumberOfPieces()] = static_cast<ConnT>(plan.NumberOfCorners());
  RunFor(pf, view.NumberOfCells(), [&](long long b, long long e) {
    for (std::int64_t c = b; c < e; ++c)
    {
      std::int64_t piece = plan.PieceStart[c], corner = plan.CornerStart[c];
      ClipCell(view, values, spec, c, [&](int k, const ClipVertex* v, int n) {
        out.Offsets[piece] = static_cast<ConnT>(corner);
        out.ParentId[piece] = c;
        out.Band[piece] = static_cast<BandT>(k);
        out.Color[3 * piece] = lut[3 * k];
        out.Color[3 * piece + 1] = lut[3 * k + 1];
        out.Color[3 * piece + 2] = lut[3 * k + 2];
        double sum = 0;
        for (int i = 0; i < n; ++i, ++corner)
        {
          sum += v[i].F;
          out.Points[3 * corner] = static_cast<PointT>(v[i].X[0]);
          out.Points[3 * corner + 1] = static_cast<PointT>(v[i].X[1]);
          out.Points[3 * corner + 2] = static_cast<PointT>(v[i].X[2]);
          out.PointValues[corner] = v[i].F;
          out.Connectivity[corner] = static_cast<ConnT>(corner);
        }
        out.PieceValue[piece] = n > 0 ? sum / n : std::numeric_limits<double>::quiet_NaN();
        ++piece;
      });
    }
  });
}

#define CM_EXACT_BANDS(PointT, ConnT, BandT)                                                       \
  template void WriteExactBands(const SurfaceView&, const double*, const BandSpec&,                \
    const std::uint8_t*, const ExactBandsPlan&, const ExactBandsT<PointT, ConnT, BandT>&,          \
    const ParallelFor&);
CM_EXACT_BANDS(float, std::int32_t, std::uint8_t)
CM_EXACT_BANDS(float, long long, std::uint8_t)
CM_EXACT_BANDS(double, std::int32_t, std::uint8_t)
CM_EXACT_BANDS(double, long long, std::uint8_t)
CM_EXACT_BANDS(float, std::int32_t, std::uint16_t)
CM_EXACT_BANDS(float, long long, std::uint16_t)
CM_EXACT_BANDS(double, std::int32_t, std::uint16_t)
CM_EXACT_BANDS(double, long long, std::uint16_t)
CM_EXACT_BANDS(float, long, std::uint8_t) // vtkTypeInt64 is long on some platforms
CM_EXACT_BANDS(double, long, std::uint8_t)
CM_EXACT_BANDS(float, long, std::uint16_t)
CM_EXACT_BANDS(double, long, std::uint16_t)
#undef CM_EXACT_BANDS

bool QuadFanCentre(const double f[4], double& r, double& s, double& fc)
{
  // f = a + b r + c s + d r s; the saddle solves df/dr = df/ds = 0.
  const double a = f[0], b = f[1] - f[0], c = f[3] - f[0], d = f[0] - f[1] + f[2] - f[3];
  const double scale = std::fabs(f[0]) + std::fabs(f[1]) + std::fabs(f[2]) + std::fabs(f[3]);
  constexpr double Inside = 1e-9;
  if (std::fabs(d) > 1e-14 * scale)
  {
    const double rs = -c / d, ss = -b / d;
    if (rs > Inside && rs < 1 - Inside && ss > Inside && ss < 1 - Inside)
    {
      r = rs;
      s = ss;
      fc = a - b * c / d;
      return true;
    }
  }
  r = s = 0.5;
  fc = 0.25 * (f[0] + f[1] + f[2] + f[3]);
  return false;
}

double PieceArea(const ClipVertex* v, int n)
{
  // Fan from the first corner: exact for planar polygons, convex or not.
  double sx = 0, sy = 0, sz = 0;
  for (int i = 1; i + 1 < n; ++i)
  {
    const double u[3] = { v[i].X[0] - v[0].X[0], v[i].X[1] - v[0].X[1], v[i].X[2] - v[0].X[2] };
    const double w[3] = { v[i + 1].X[0] - v[0].X[0], v[i + 1].X[1] - v[0].X[1],
      v[i + 1].X[2] - v[0].X[2] };
    sx += u[1] * w[2] - u[2] * w[1];
    sy += u[2] * w[0] - u[0] * w[2];
    sz += u[0] * w[1] - u[1] * w[0];
  }
  return 0.5 * std::sqrt(sx * sx + sy * sy + sz * sz);
}

} // namespace cm::map
