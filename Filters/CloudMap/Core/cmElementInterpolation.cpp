// SPDX-License-Identifier: BSD-3-Clause
#include "cmElementInterpolation.h"

#include <string>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm::map
{
namespace
{

// The quad's local 2-D frame: origin at p[0], x' along p[0]p[1], y' = n × x'.
struct Frame
{
  Vec3 O, X, Y;
  bool Valid = false;
  void Project(const Vec3& a, double& x, double& y) const
  {
    const Vec3 d = Sub(a, O);
    x = Dot(d, X);
    y = Dot(d, Y);
  }
};

Frame QuadFrame(const Vec3* p)
{
  Frame f;
  f.O = p[0];
  Vec3 n = ElementNormal(p, 4);
  Vec3 x = Sub(p[1], p[0]);
  const double nn = Norm(n), nx = Norm(x);
  if (!(nn > 0) || !(nx > 0))
  {
    return f;
  }
  for (int d = 0; d < 3; ++d)
  {
    n[d] /= nn;
    x[d] /= nx;
  }
  // Remove any normal component of x' (non-planar quads).
  const double xn = Dot(x, n);
  for (int d = 0; d < 3; ++d)
  {
    x[d] -= xn * n[d];
  }
  const double nx2 = Norm(x);
  if (!(nx2 > 0))
  {
    return f;
  }
  for (int d = 0; d < 3; ++d)
  {
    x[d] /= nx2;
  }
  f.X = x;
  f.Y = Cross(n, x);
  f.Valid = true;
  return f;
}

void EqualWeights(int n, double* w)
{
  for (int i = 0; i < n; ++i)
  {
    w[i] = 1.0 / n;
  }
}
} // namespace

bool TriangleAreaWeights(const Vec3* p, const Vec3& q, double* w)
{
  // Signed sub-areas measured along the triangle's normal, so that points
  // outside get negative coordinates and linear fields stay exact.
  const Vec3 n = Cross(Sub(p[1], p[0]), Sub(p[2], p[0]));
  const double s = Dot(n, n);
  if (!(s > 0))
  {
    EqualWeights(3, w);
    return false;
  }
  w[0] = Dot(n, Cross(Sub(p[1], q), Sub(p[2], q))) / s;
  w[1] = Dot(n, Cross(Sub(p[2], q), Sub(p[0], q))) / s;
  w[2] = 1.0 - w[0] - w[1];
  return true;
}

bool InverseBilinear(const Vec3* p, const Vec3& q, double& r, double& s)
{
  const Frame f = QuadFrame(p);
  if (!f.Valid)
  {
    return false;
  }
  double px[4], py[4], qx, qy;
  for (int i = 0; i < 4; ++i)
  {
    f.Project(p[i], px[i], py[i]);
  }
  f.Project(q, qx, qy);
  // P(r,s) = a + r e + s g + r s h; Newton from the centre converges in a few
  // steps on convex quads; the iteration count is bounded.
  const double ex = px[1] - px[0], ey = py[1] - py[0];
  const double gx = px[3] - px[0], gy = py[3] - py[0];
  const double hx = px[0] - px[1] + px[2] - px[3], hy = py[0] - py[1] + py[2] - py[3];
  const double scale = std::max({ std::abs(ex), std::abs(ey), std::abs(gx), std::abs(gy) });
  r = 0.5;
  s = 0.5;
  for (int it = 0; it < 30; ++it)
  {
    const double fx = px[0] + r * ex + s * gx + r * s * hx - qx;
    const double fy = py[0] + r * ey + s * gy + r * s * hy - qy;
    const double a = ex + s * hx, b = gx + r * hx, c = ey + s * hy, d = gy + r * hy;
    const double det = a * d - b * c;
    if (!(std::abs(det) > 1e-14 * scale * scale))
    {
      return false;
    }
    const double dr = (d * fx - b * fy) / det, ds = (a * fy - c * fx) / det;
    r -= dr;
    s -= ds;
    if (!std::isfinite(r) || !std::isfinite(s) || std::abs(r) > 1e6 || std::abs(s) > 1e6)
    {
      return false;
    }
    if (std::abs(dr) + std::abs(ds) < 1e-14)
    {
      break;
    }
  }
  const double eps = 1e-9;
  if (r < -eps || r > 1 + eps || s < -eps || s > 1 + eps)
  {
    return false;
  }
  // The Jacobian must keep its sign at the solution, or the quad folds over.
  const double j0 = ex * gy - ey * gx;
  const double jrs = (ex + s * hx) * (gy + r * hy) - (ey + s * hy) * (gx + r * hx);
  return j0 * jrs > 0;
}

bool ScanlineQuadWeights(const Vec3* p, const Vec3& q, double* w)
{
  const Frame f = QuadFrame(p);
  if (!f.Valid)
  {
    EqualWeights(4, w);
    return false;
  }
  double px[4], py[4], qx, qy;
  for (int i = 0; i < 4; ++i)
  {
    f.Project(p[i], px[i], py[i]);
  }
  f.Project(q, qx, qy);
  double span = 0;
  for (int i = 0; i < 4; ++i)
  {
    span = std::max({ span, std::abs(px[i]), std::abs(py[i]) });
  }
  const double eps = 1e-12 * span;

  // Candidate crossings of the scanline y = qy with each edge: x and corner weights.
  struct Hit
  {
    double X;
    double W[4];
  };
  Hit hits[8];
  int nh = 0;
  auto add = [&](double x, int i, int j, double t) {
    Hit& h = hits[nh++];
    h.X = x;
    std::fill(h.W, h.W + 4, 0.0);
    h.W[i] += 1 - t;
    h.W[j] += t;
  };
  for (int i = 0; i < 4; ++i)
  {
    const int j = (i + 1) % 4;
    const double y0 = py[i], y1 = py[j];
    if (std::abs(y1 - y0) <= eps)
    {
      if (std::abs(qy - y0) <= eps)
      {
        add(px[i], i, j, 0);
        add(px[j], i, j, 1);
      }
      continue;
    }
    if (qy < std::min(y0, y1) - eps || qy > std::max(y0, y1) + eps)
    {
      continue;
    }
    const double t = std::clamp((qy - y0) / (y1 - y0), 0.0, 1.0);
    add(px[i] + t * (px[j] - px[i]), i, j, t);
  }
  if (nh == 0)
  {
    // Q is above or below the quad: use the nearest corner row, i.e. the
    // corner whose y is closest (a defined, bounded extrapolation).
    int best = 0;
    for (int i = 1; i < 4; ++i)
    {
      if (std::abs(py[i] - qy) < std::abs(py[best] - qy))
      {
        best = i;
      }
    }
    std::fill(w, w + 4, 0.0);
    w[best] = 1;
    return false;
  }
  const Hit* a = &hits[0];
  const Hit* b = &hits[0];
  for (int k = 1; k < nh; ++k)
  {
    if (hits[k].X < a->X)
    {
      a = &hits[k];
    }
    if (hits[k].X > b->X)
    {
      b = &hits[k];
    }
  }
  const double len = b->X - a->X;
  const double t = len > eps ? std::clamp((qx - a->X) / len, 0.0, 1.0) : 0.5;
  for (int i = 0; i < 4; ++i)
  {
    w[i] = (1 - t) * a->W[i] + t * b->W[i];
  }
  return true;
}

void ElementWeights(const Vec3* p, int nCorners, const Vec3& q, QuadInterpolation mode, double* w)
{
  if (nCorners == 3)
  {
    TriangleAreaWeights(p, q, w);
    return;
  }
  if (mode == QuadInterpolation::Isoparametric)
  {
    double r, s;
    if (InverseBilinear(p, q, r, s))
    {
      ParentWeights(4, r, s, w);
      return;
    }
  }
  ScanlineQuadWeights(p, q, w);
}

std::string CheckParentIds(const long long* parentId, std::int64_t n, std::int64_t nParents)
{
  for (std::int64_t c = 0; c < n; ++c)
  {
    if (parentId[c] < 0 || parentId[c] >= nParents)
    {
      return "sub-element " + std::to_string(c) + " names parent " + std::to_string(parentId[c]) +
        " but the Parents input has " + std::to_string(nParents) + " cells";
    }
  }
  return std::string();
}

void InterpolateAtParents(const SurfaceView& parents, const long long* parentId, const double* rs,
  std::int64_t n, QuadInterpolation mode, const double* values, int nc, double* out,
  const ParallelFor& pf)
{
  RunFor(pf, n, [&](long long b, long long e) {
    double w[4];
    Vec3 p[4];
    for (std::int64_t c = b; c < e; ++c)
    {
      const int corners = parents.Size(parentId[c]);
      if (mode == QuadInterpolation::Isoparametric)
      {
        ParentWeights(corners, rs[2 * c], rs[2 * c + 1], w);
      }
      else
      {
        parents.Corners(parentId[c], p);
        const Vec3 q = ParentPoint(p, corners, rs[2 * c], rs[2 * c + 1]);
        ElementWeights(p, corners, q, mode, w);
      }
      CornerSum(parents, parentId[c], w, values, nc, out + c * nc);
    }
  });
}

} // namespace cm::map
