// SPDX-License-Identifier: BSD-3-Clause
// Oracles for exact band polygons (cmBandClip):
//  - a linear field f = a x + b y on the unit square: the area where f <= t is
//    g(t) - g(t-a) - g(t-b) + g(t-a-b), g(x) = max(x,0)^2 / 2 / (a b)
//    (inclusion-exclusion), so every band's area is known exactly;
//  - a triangle with sorted corner values f0 <= f1 <= f2: the area fraction
//    below t is (t-f0)^2/((f1-f0)(f2-f0)) for t <= f1, else
//    1 - (f2-t)^2/((f2-f1)(f2-f0));
//  - band areas sum to the element area (1e-12 relative);
//  - pieces never overlap (every sample point lies strictly inside at most one);
//  - every piece corner value lies within its band, and the value at the
//    piece's centroid is in its band;
//  - a whole surface (PlanExactBands, WriteExactBands): the band areas of a
//    linear field over two unit squares (a quad, two triangles) by the
//    square's CDF, the shoelace areas of the written polygons, and the same
//    output for any split of the loops.
#include "cmBandClip.h"
#include "cmCheck.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace
{
using cm::map::ClipVertex;
struct Piece
{
  int Band;
  std::vector<ClipVertex> V;
};

std::vector<Piece> Clip(const cm::Vec3* p, const double* f, int n, const cm::map::BandSpec& spec)
{
  std::vector<Piece> out;
  cm::map::ClipElementBands(p, f, n, spec, [&](int k, const ClipVertex* v, int m) {
    out.push_back(Piece{ k, std::vector<ClipVertex>(v, v + m) });
  });
  return out;
}

std::vector<double> BandAreas(const std::vector<Piece>& pieces, int n)
{
  std::vector<double> a(n + 1, 0.0);
  for (const Piece& q : pieces)
  {
    a[q.Band] += cm::map::PieceArea(q.V.data(), static_cast<int>(q.V.size()));
  }
  return a;
}

double SquareCdf(double a, double b, double t)
{
  auto g = [](double x) { return x > 0 ? 0.5 * x * x : 0.0; };
  return (g(t) - g(t - a) - g(t - b) + g(t - a - b)) / (a * b);
}

double TriangleCdf(double f0, double f1, double f2, double t)
{
  if (t <= f0)
    return 0;
  if (t >= f2)
    return 1;
  if (t <= f1)
    return (t - f0) * (t - f0) / ((f1 - f0) * (f2 - f0));
  return 1 - (f2 - t) * (f2 - t) / ((f2 - f1) * (f2 - f0));
}

// Checks corner values, centroid band and (for pieces in the z = 0 plane) non-overlap.
void CheckPieces(const std::vector<Piece>& pieces, const cm::map::BandSpec& spec, bool planarXY,
  cmRandom& rng, const double box[4])
{
  const double w = (spec.Max - spec.Min) / spec.N,
               eps = 1e-9 * (1 + std::fabs(spec.Max - spec.Min));
  for (const Piece& q : pieces)
  {
    CM_CHECK(q.V.size() >= 3 && q.V.size() <= cm::map::MaxPieceCorners);
    CM_CHECK(q.Band >= 0 && q.Band <= spec.N);
    if (q.Band == spec.N)
      continue;
    const double lo = q.Band == 0 ? -1e300 : spec.Min + q.Band * w;
    const double hi = q.Band == spec.N - 1 ? 1e300 : spec.Min + (q.Band + 1) * w;
    double mean = 0;
    for (const ClipVertex& v : q.V)
    {
      CM_CHECK(v.F >= lo - eps && v.F <= hi + eps);
      mean += v.F / q.V.size();
    }
    if (cm::map::PieceArea(q.V.data(), static_cast<int>(q.V.size())) > 1e-10)
      CM_CHECK(spec.Band(mean) == q.Band);
  }
  if (!planarXY)
    return;
  // Non-overlap: pieces are convex and counter-clockwise in the xy plane.
  for (int s = 0; s < 400; ++s)
  {
    const double x = rng.Uniform(box[0], box[1]), y = rng.Uniform(box[2], box[3]);
    int strict = 0;
    for (const Piece& q : pieces)
    {
      bool in = true;
      for (std::size_t i = 0; i < q.V.size() && in; ++i)
      {
        const ClipVertex& a = q.V[i];
        const ClipVertex& b = q.V[(i + 1) % q.V.size()];
        const double cross = (b.X[0] - a.X[0]) * (y - a.X[1]) - (b.X[1] - a.X[1]) * (x - a.X[0]);
        in = cross > 1e-12;
      }
      strict += in;
    }
    CM_CHECK(strict <= 1);
  }
}
// Two unit squares side by side: [0,1]² a quad, [1,2]×[0,1] two triangles,
// f = a x + b y at the points; the written pieces against the exact areas.
void CheckSurfacePasses(double a, double b, int nBands, const cm::ParallelFor& pf)
{
  const double pts[] = { 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0 };
  const long long off[] = { 0, 4, 7, 10 }, conn[] = { 0, 1, 4, 3, 1, 2, 5, 1, 5, 4 };
  const cm::SurfaceView view = cm::SurfaceFromArrays(pts, 6, off, 3, conn);
  std::vector<double> f(6);
  for (int i = 0; i < 6; ++i)
    f[i] = a * pts[3 * i] + b * pts[3 * i + 1];
  cm::map::BandSpec spec;
  spec.N = nBands;
  spec.Min = 0;
  spec.Max = 2 * a + b;
  cm::map::ExactBandsPlan plan;
  CM_CHECK(cm::map::PlanExactBands(view, f.data(), spec, pf, {}, plan));
  const std::int64_t nP = plan.NumberOfPieces(), nC = plan.NumberOfCorners();
  std::vector<double> xyz(3 * nC), fv(nC), pv(nP);
  std::vector<int> offsets(nP + 1), ids(nC);
  std::vector<long long> parent(nP);
  std::vector<std::uint8_t> band(nP), rgb(3 * nP);
  const std::vector<std::uint8_t> lut = cm::map::BandColorTable(cm::map::Palette::Viridis, nBands);
  cm::map::ExactBandsT<double, int, std::uint8_t> out;
  out.Points = xyz.data();
  out.PointValues = fv.data();
  out.Offsets = offsets.data();
  out.Connectivity = ids.data();
  out.ParentId = parent.data();
  out.Band = band.data();
  out.Color = rgb.data();
  out.PieceValue = pv.data();
  cm::map::WriteExactBands(view, f.data(), spec, lut.data(), plan, out, pf);
  CM_EQUAL(offsets[nP], static_cast<int>(nC));
  std::vector<double> area(nBands, 0.0);
  int wrong = 0;
  for (std::int64_t q = 0; q < nP; ++q)
  {
    double twice = 0;
    for (int i = offsets[q]; i < offsets[q + 1]; ++i)
    {
      const int j = i + 1 < offsets[q + 1] ? i + 1 : offsets[q];
      twice += xyz[3 * ids[i]] * xyz[3 * ids[j] + 1] - xyz[3 * ids[j]] * xyz[3 * ids[i] + 1];
      wrong += std::fabs(fv[ids[i]] - (a * xyz[3 * ids[i]] + b * xyz[3 * ids[i] + 1])) > 1e-12;
    }
    area[band[q]] += 0.5 * twice; // counter-clockwise pieces: positive
    wrong += spec.Band(pv[q]) != band[q] || rgb[3 * q] != lut[3 * band[q]];
    wrong += parent[q] != (q < plan.PieceStart[1] ? 0 : q < plan.PieceStart[2] ? 1 : 2);
  }
  CM_EQUAL(wrong, 0);
  for (int k = 0; k < nBands; ++k)
  {
    const double lo = spec.Lower(k), hi = spec.Upper(k);
    const double exact =
      SquareCdf(a, b, hi) - SquareCdf(a, b, lo) + SquareCdf(a, b, hi - a) - SquareCdf(a, b, lo - a);
    CM_NEAR(area[k], exact, 1e-12);
  }
}

} // namespace

int TestBandClip(int, char*[])
{
  cmRandom rng;
  const double unitBox[4] = { 0, 1, 0, 1 };

  // 1. Linear fields on the unit square (a quad): exact band areas.
  for (int trial = 0; trial < 50; ++trial)
  {
    const double a = rng.Uniform(0.1, 3), b = rng.Uniform(0.1, 3);
    const cm::Vec3 p[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
    const double f[4] = { 0, a, a + b, b };
    cm::map::BandSpec spec;
    spec.N = 1 + trial % 30;
    spec.Min = 0;
    spec.Max = a + b;
    const auto pieces = Clip(p, f, 4, spec);
    const auto area = BandAreas(pieces, spec.N);
    double sum = 0;
    for (int k = 0; k < spec.N; ++k)
    {
      const double exact = SquareCdf(a, b, spec.Upper(k)) - SquareCdf(a, b, spec.Lower(k));
      CM_NEAR(area[k], exact, 1e-12);
      sum += area[k];
    }
    CM_NEAR(sum, 1.0, 1e-12);
    CheckPieces(pieces, spec, true, rng, unitBox);
  }

  // 2. Random triangles in 3-D with random corner values: the triangle CDF.
  for (int trial = 0; trial < 200; ++trial)
  {
    cm::Vec3 p[3];
    for (auto& c : p)
      c = { rng.Uniform(-2, 2), rng.Uniform(-2, 2), rng.Uniform(-2, 2) };
    double f[3] = { rng.Uniform(-1, 5), rng.Uniform(-1, 5), rng.Uniform(-1, 5) };
    cm::map::BandSpec spec;
    spec.N = 24;
    spec.Min = trial % 2 ? -1 : 0.5; // odd trials: all inside; even: values clamp below Min
    spec.Max = trial % 3 ? 5 : 3.0; // every third: values clamp above Max
    const double element = cm::ElementArea(p, 3);
    const auto pieces = Clip(p, f, 3, spec);
    const auto area = BandAreas(pieces, spec.N);
    double sorted[3] = { f[0], f[1], f[2] };
    std::sort(sorted, sorted + 3);
    double sum = 0;
    for (int k = 0; k < spec.N; ++k)
    {
      const double lo = k == 0 ? -1e300 : spec.Lower(k);
      const double hi = k == spec.N - 1 ? 1e300 : spec.Upper(k);
      const double exact = element *
        (TriangleCdf(sorted[0], sorted[1], sorted[2], hi) -
          TriangleCdf(sorted[0], sorted[1], sorted[2], lo));
      CM_NEAR(area[k], exact, 1e-12 * element + 1e-15);
      sum += area[k];
    }
    CM_NEAR(sum, element, 1e-12 * element);
    CheckPieces(pieces, spec, false, rng, unitBox);
  }

  // 3. Random convex planar quads with bilinear values: areas sum to the
  //    element area, pieces disjoint, values within bands.
  for (int trial = 0; trial < 200; ++trial)
  {
    // A convex quad: four points on a jittered circle, counter-clockwise.
    cm::Vec3 p[4];
    for (int i = 0; i < 4; ++i)
    {
      const double ang = (i + rng.Uniform(-0.3, 0.3)) * 3.14159265358979 / 2;
      const double rad = rng.Uniform(0.5, 1.5);
      p[i] = { rad * std::cos(ang), rad * std::sin(ang), 0 };
    }
    double f[4];
    for (double& v : f)
      v = rng.Uniform(0, 10);
    if (trial % 4 == 0)
    {
      // Saddle cases: opposite corners high and low.
      f[0] = rng.Uniform(7, 10);
      f[2] = rng.Uniform(7, 10);
      f[1] = rng.Uniform(0, 3);
      f[3] = rng.Uniform(0, 3);
    }
    cm::map::BandSpec spec;
    spec.N = 24;
    spec.Min = 0;
    spec.Max = 10;
    const auto pieces = Clip(p, f, 4, spec);
    const auto area = BandAreas(pieces, spec.N);
    double sum = 0;
    for (double a : area)
      sum += a;
    const double element = cm::ElementArea(p, 4);
    CM_NEAR(sum, element, 1e-12 * element);
    const double box[4] = { -1.5, 1.5, -1.5, 1.5 };
    CheckPieces(pieces, spec, true, rng, box);
  }

  // 4. The saddle: f = (1, 0, 1, 0) has its saddle at the centre with value 1/2.
  {
    const double f[4] = { 1, 0, 1, 0 };
    double r, s, fc;
    CM_CHECK(cm::map::QuadFanCentre(f, r, s, fc));
    CM_NEAR(r, 0.5, 1e-15);
    CM_NEAR(s, 0.5, 1e-15);
    CM_NEAR(fc, 0.5, 1e-15);
    // A linear field has no saddle: the parametric centre and the corner mean.
    const double g[4] = { 0, 1, 3, 2 };
    CM_CHECK(!cm::map::QuadFanCentre(g, r, s, fc));
    CM_NEAR(fc, 1.5, 1e-15);
    // Off-centre saddle: f = (r - 0.3)(s - 0.6) has its saddle at (0.3, 0.6), value 0.
    const double h[4] = { 0.18, -0.42, 0.28, -0.12 };
    CM_CHECK(cm::map::QuadFanCentre(h, r, s, fc));
    CM_NEAR(r, 0.3, 1e-14);
    CM_NEAR(s, 0.6, 1e-14);
    CM_NEAR(fc, 0.0, 1e-14);
  }

  // 5. One band, NaN, and a constant field: the element comes back whole.
  {
    const cm::Vec3 p[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
    cm::map::BandSpec spec;
    spec.N = 24;
    const double same[4] = { 0.01, 0.02, 0.03, 0.02 };
    auto pieces = Clip(p, same, 4, spec);
    CM_CHECK(pieces.size() == 1 && pieces[0].V.size() == 4 && pieces[0].Band == 0);
    const double nan[4] = { 0.1, std::nan(""), 0.9, 0.5 };
    pieces = Clip(p, nan, 4, spec);
    CM_CHECK(pieces.size() == 1 && pieces[0].Band == 24);
    pieces = Clip(p, nan, 3, spec);
    CM_CHECK(pieces.size() == 1 && pieces[0].Band == 24 && pieces[0].V.size() == 3);
    cm::map::BandSpec flat;
    flat.Min = flat.Max = 2;
    const double two[3] = { 2, 2, 2 };
    pieces = Clip(p, two, 3, flat);
    CM_CHECK(pieces.size() == 1 && pieces[0].Band == 0);
    // A corner exactly on a boundary gives no zero-area piece.
    const double edge[3] = { 0.5, 0.25, 0.75 };
    spec.N = 4;
    pieces = Clip(p, edge, 3, spec);
    for (const Piece& q : pieces)
      CM_CHECK(cm::map::PieceArea(q.V.data(), static_cast<int>(q.V.size())) > 1e-12);
    CM_CHECK(pieces.size() == 2);
  }
  // 4. A whole surface, serially and in three blocks of each loop.
  const cm::ParallelFor threeBlocks = [](long long n,
                                        const std::function<void(long long, long long)>& body) {
    body(0, n / 3);
    body(n / 3, 2 * n / 3);
    body(2 * n / 3, n);
  };
  for (int nBands : { 1, 5, 24 })
  {
    CheckSurfacePasses(0.7, 1.9, nBands, {});
    CheckSurfacePasses(2.5, 0.3, nBands, threeBlocks);
  }
  return cmReport("TestBandClip");
}
