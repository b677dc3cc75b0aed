// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmBandClip.h
 * @brief Exact band polygons: clips a triangle or quad at the band boundaries
 *        of the field interpolated from its corner values (pipeline free).
 *
 * The field inside an element is the one the cloud map draws:
 *  - triangle: linear (area coordinates) in the corner values;
 *  - quad: bilinear, f(r,s) = f0(1-r)(1-s) + f1 r(1-s) + f2 r s + f3(1-r)s.
 *
 * Triangles are clipped exactly: the iso-lines of a linear field are straight,
 * so each band's part of a triangle is one convex polygon (at most 5 corners),
 * found by cutting the triangle successively at every band boundary between
 * its smallest and largest corner value (one Sutherland–Hodgman split per
 * boundary, the new corners by linear interpolation along the edges).
 *
 * Quads use the saddle-consistent fan, chosen for speed and robustness:
 *  - a quad whose four corner values fall in one band is emitted unchanged;
 *  - otherwise it is split into 4 triangles (centre, P_i, P_i+1) around a
 *    centre C and each triangle is clipped as above with the linear field
 *    through its corners. C is the saddle point of the bilinear field,
 *    (r*, s*) = (-c/d, -b/d) for f = a + b r + c s + d r s, with its exact
 *    value f(C) = a - b c / d, when it lies strictly inside the quad
 *    (1e-9 < r*, s* < 1 - 1e-9); else C is the parametric centre (1/2, 1/2)
 *    with the exact bilinear value there (the corner mean).
 *  What this guarantees, precisely:
 *    - on the quad's edges the bilinear field is linear, and so is the fan's,
 *      so band boundaries meet the edges exactly where the bilinear iso-curves
 *      do (band polygons of neighbouring elements join without gaps);
 *    - the fan's field equals the bilinear field at the four corners and at C;
 *      with C the saddle, every iso-curve has the same topology as the
 *      bilinear one (which pairs of edge crossings connect: the asymptotic
 *      decider), so no band is split or joined wrongly in the ambiguous case;
 *    - in between, each bilinear iso-curve (a hyperbola arc) is replaced by
 *      the straight chords through the fan's spokes: the error is bounded by
 *      the bilinear term |d|/4 times the span and vanishes for linear fields
 *      (d = 0), so band areas of a linear field on a parallelogram are exact;
 *    - the 4 triangles tile a planar convex quad exactly, so band areas sum to
 *      the element's area.
 *
 * Band numbering and clamping are those of BandSpec: boundaries are the N−1
 * interior levels Min + k(Max−Min)/N; values outside [Min, Max] belong to the
 * first or last band; an element with a NaN corner is emitted whole with band N.
 * The pieces of one element never overlap: each lies between two consecutive
 * boundaries of one fan triangle.
 */
#ifndef cmBandClip_h
#define cmBandClip_h

#include "cmBanding.h"
#include "cmLargeBuffer.h"
#include "cmParallelFor.h"
#include "cmRefinement.h"
#include "cmSurface.h"

#include <cmath>
#include <cstdint>
#include <functional>

namespace cm::map
{
/// A corner of a band piece: position and field value.
struct ClipVertex
{
  double X[3];
  double F;
};

/// Upper bound on the corners of one band piece (a triangle cut by a slab has at most 5).
constexpr int MaxPieceCorners = 8;

/// Fan centre of a quad with corner values f[4]: parametric (r, s) and the bilinear value there.
/// Returns true when it is the saddle point, false for the parametric centre.
bool QuadFanCentre(const double f[4], double& r, double& s, double& fc);

/// Area of a planar polygon given by its corners (half the norm of the summed cross products).
double PieceArea(const ClipVertex* v, int n);

namespace detail
{
inline void Split(
  const ClipVertex* poly, int n, double t, ClipVertex* lo, int& nLo, ClipVertex* hi, int& nHi)
{
  nLo = nHi = 0;
  for (int i = 0; i < n; ++i)
  {
    const ClipVertex& a = poly[i];
    const ClipVertex& b = poly[i + 1 == n ? 0 : i + 1];
    const double da = a.F - t, db = b.F - t;
    if (da <= 0)
    {
      lo[nLo++] = a;
    }
    if (da >= 0)
    {
      hi[nHi++] = a;
    }
    if ((da < 0 && db > 0) || (da > 0 && db < 0))
    {
      const double u = da / (da - db);
      ClipVertex x;
      x.X[0] = a.X[0] + u * (b.X[0] - a.X[0]);
      x.X[1] = a.X[1] + u * (b.X[1] - a.X[1]);
      x.X[2] = a.X[2] + u * (b.X[2] - a.X[2]);
      x.F = t;
      lo[nLo++] = x;
      hi[nHi++] = x;
    }
  }
}
} // namespace detail

/**
 * Clips a triangle with a linear field into band pieces, calling
 * emit(band, const ClipVertex* corners, int n) once per piece in increasing
 * band order; pieces keep the triangle's orientation.
 */
template <typename Emit>
void ClipTriangleBands(const ClipVertex* tri, const BandSpec& spec, Emit&& emit)
{
  if (std::isnan(tri[0].F) || std::isnan(tri[1].F) || std::isnan(tri[2].F))
  {
    emit(spec.N, tri, 3);
    return;
  }
  const double fmin = std::fmin(tri[0].F, std::fmin(tri[1].F, tri[2].F));
  const double fmax = std::fmax(tri[0].F, std::fmax(tri[1].F, tri[2].F));
  const int k0 = spec.Band(fmin), k1 = spec.Band(fmax);
  if (k0 == k1)
  {
    emit(k0, tri, 3);
    return;
  }
  ClipVertex bufA[MaxPieceCorners], bufB[MaxPieceCorners], lo[MaxPieceCorners];
  ClipVertex* cur = bufA;
  ClipVertex* next = bufB;
  int n = 3;
  cur[0] = tri[0];
  cur[1] = tri[1];
  cur[2] = tri[2];
  const double w = spec.Max - spec.Min;
  for (int k = k0; k < k1; ++k)
  {
    const double t = spec.Min + w * (k + 1) / spec.N;
    int nLo, nHi;
    detail::Split(cur, n, t, lo, nLo, next, nHi);
    if (nLo >= 3)
    {
      emit(k, lo, nLo);
    }
    if (nHi < 3)
    {
      return;
    }
    n = nHi;
    ClipVertex* tmp = cur;
    cur = next;
    next = tmp;
  }
  emit(k1, cur, n);
}

/**
 * Clips one element (3 or 4 corners p, counter-clockwise, corner values f)
 * into band pieces; see the file comment for the quad rule. Calls
 * emit(band, const ClipVertex* corners, int n) once per piece.
 */
template <typename Emit>
void ClipElementBands(
  const Vec3* p, const double* f, int nCorners, const BandSpec& spec, Emit&& emit)
{
  ClipVertex v[4];
  for (int i = 0; i < nCorners; ++i)
  {
    v[i] = ClipVertex{ { p[i][0], p[i][1], p[i][2] }, f[i] };
  }
  if (nCorners == 3)
  {
    ClipTriangleBands(v, spec, emit);
    return;
  }
  bool nan = false;
  double fmin = f[0], fmax = f[0];
  for (int i = 0; i < 4; ++i)
  {
    nan = nan || std::isnan(f[i]);
    fmin = std::fmin(fmin, f[i]);
    fmax = std::fmax(fmax, f[i]);
  }
  if (nan || spec.Band(fmin) == spec.Band(fmax))
  {
    // A bilinear field takes its extremes at the corners: one band throughout.
    emit(nan ? spec.N : spec.Band(fmin), v, 4);
    return;
  }
  double r, s, fc;
  QuadFanCentre(f, r, s, fc);
  const Vec3 c = ParentPoint(p, 4, r, s);
  ClipVertex tri[3];
  tri[0] = ClipVertex{ { c[0], c[1], c[2] }, fc };
  for (int i = 0; i < 4; ++i)
  {
    tri[1] = v[i];
    tri[2] = v[(i + 1) & 3];
    ClipTriangleBands(tri, spec, emit);
  }
}

/**
 * @name Exact bands of a whole surface
 * Two passes, so that every element writes its own output range with no
 * locks and the output is the same whatever the number of threads:
 *  1. PlanExactBands: the pieces and corners of every element (clipped by
 *     ClipElementBands with the surface's point values), then a serial
 *     prefix sum giving where each element's pieces and corners start;
 *  2. WriteExactBands: every element's pieces written into its range, each
 *     piece a polygon of its own corners (no shared points).
 */
///@{
/// Pass 1: where each element's pieces and corners start.
struct ExactBandsPlan
{
  LargeArray<std::int64_t> PieceStart, CornerStart; ///< per element + 1, prefix sums
  std::int64_t NumberOfPieces() const { return this->PieceStart.back(); }
  std::int64_t NumberOfCorners() const { return this->CornerStart.back(); }
};

/// Fills `plan` for the surface `view` with `values` at its points (the
/// counting loop through pf). Returns false, with the plan incomplete, when
/// `aborted` (may be empty) says so after that loop.
bool PlanExactBands(const SurfaceView& view, const double* values, const BandSpec& spec,
  const ParallelFor& pf, const std::function<bool()>& aborted, ExactBandsPlan& plan);

/**
 * Where pass 2 writes, sized by the plan (all required):
 *  - per corner: Points (3 values), PointValues (the field), Connectivity;
 *  - NumberOfPieces() + 1 Offsets;
 *  - per piece: ParentId (the element), Band, Color (3 bytes from the
 *    lookup table) and PieceValue, the field at the piece's vertex centroid
 *    (exact: the field is linear on a piece), inside the piece's band, so
 *    colouring by it shows the exact bands.
 */
template <typename PointT, typename ConnT, typename BandT>
struct ExactBandsT
{
  PointT* Points = nullptr;
  double* PointValues = nullptr;
  ConnT* Offsets = nullptr;
  ConnT* Connectivity = nullptr;
  long long* ParentId = nullptr;
  BandT* Band = nullptr;
  std::uint8_t* Color = nullptr;
  double* PieceValue = nullptr;
};

/// Pass 2: every element's band pieces into `out` (in parallel through pf),
/// coloured by `lut` (BandColorTable). Instantiated for float and double
/// points, 32- and 64-bit ids and 8- and 16-bit band indices.
template <typename PointT, typename ConnT, typename BandT>
void WriteExactBands(const SurfaceView& view, const double* values, const BandSpec& spec,
  const std::uint8_t* lut, const ExactBandsPlan& plan, const ExactBandsT<PointT, ConnT, BandT>& out,
  const ParallelFor& pf);
///@}

} // namespace cm::map
#endif
