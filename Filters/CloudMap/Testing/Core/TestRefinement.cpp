// SPDX-License-Identifier: BSD-3-Clause
// Oracles: cell counts 3·4^(L-1) and 4^L; exact area conservation on planar
// elements; orientation kept; and agreement with a literal recursive
// implementation of the chapter's centroid–midpoint rule.
#include "cmCheck.h"
#include "cmRefinement.h"

#include <algorithm>
#include <vector>

using cm::Vec3;

namespace
{
Vec3 Mid(const Vec3& a, const Vec3& b)
{
  return { (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2 };
}
Vec3 Mean(const Vec3* p, int n)
{
  Vec3 c{ 0, 0, 0 };
  for (int i = 0; i < n; ++i)
    for (int d = 0; d < 3; ++d)
      c[d] += p[i][d] / n;
  return c;
}
double Dot(const Vec3& a, const Vec3& b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// The rule written literally, in physical space, recursively.
void Recursive(const std::vector<Vec3>& e, int level, std::vector<std::vector<Vec3>>& out)
{
  if (level == 0)
  {
    out.push_back(e);
    return;
  }
  const int n = static_cast<int>(e.size());
  const Vec3 c = Mean(e.data(), n);
  for (int i = 0; i < n; ++i)
  {
    const Vec3& prev = e[(i + n - 1) % n];
    const Vec3& next = e[(i + 1) % n];
    Recursive({ e[i], Mid(e[i], next), c, Mid(prev, e[i]) }, level - 1, out);
  }
}

struct Refined
{
  std::vector<double> Points, CellRS;
  std::vector<std::int64_t> Conn;
  cm::map::RefineCounts Counts;
  Vec3 Corner(std::int64_t cell, int k) const
  {
    const std::int64_t p = Conn[4 * cell + k];
    return { Points[3 * p], Points[3 * p + 1], Points[3 * p + 2] };
  }
};

Refined Refine(const std::vector<Vec3>& e, int level)
{
  Refined r;
  const int n = static_cast<int>(e.size());
  r.Counts = cm::map::RefinedSize(n, level);
  r.Points.resize(3 * r.Counts.Points);
  r.CellRS.resize(2 * r.Counts.Cells);
  r.Conn.resize(r.Counts.Connectivity);
  cm::map::RefineOutput out;
  out.Points = r.Points.data();
  out.Connectivity = r.Conn.data();
  out.CellRS = r.CellRS.data();
  cm::map::RefineElement(e.data(), n, level, out);
  return r;
}
} // namespace

int TestRefinement(int, char*[])
{
  cmRandom rng;
  const std::vector<Vec3> tri = { { 0.1, 0.2, 0.3 }, { 2.0, 0.4, 0.1 }, { 0.7, 1.9, 0.5 } };
  // A planar, convex, non-parallelogram quad (in the plane z = 0.5x + 0.25y).
  std::vector<Vec3> quad = { { 0, 0, 0 }, { 2, 0.2, 0 }, { 2.4, 1.7, 0 }, { 0.3, 1.2, 0 } };
  for (auto& p : quad)
    p[2] = 0.5 * p[0] + 0.25 * p[1];

  for (int level = 0; level <= 6; ++level)
  {
    const auto rt = cm::map::RefinedSize(3, level);
    const auto rq = cm::map::RefinedSize(4, level);
    const std::int64_t expectTri = level == 0 ? 1 : 3 * (std::int64_t(1) << (2 * (level - 1)));
    const std::int64_t expectQuad = std::int64_t(1) << (2 * level);
    CM_CHECK(rt.Cells == expectTri);
    CM_CHECK(rq.Cells == expectQuad);

    for (const std::vector<Vec3>* elem : { &tri, static_cast<const std::vector<Vec3>*>(&quad) })
    {
      const int n = static_cast<int>(elem->size());
      const Refined r = Refine(*elem, level);
      const Vec3 parentNormal = cm::ElementNormal(elem->data(), n);
      const double parentArea = cm::ElementArea(elem->data(), n);
      double sum = 0;
      bool oriented = true;
      const int per = level == 0 ? n : 4;
      for (std::int64_t c = 0; c < r.Counts.Cells; ++c)
      {
        Vec3 p[4];
        for (int k = 0; k < per; ++k)
          p[k] = { r.Points[3 * r.Conn[per * c + k]], r.Points[3 * r.Conn[per * c + k] + 1],
            r.Points[3 * r.Conn[per * c + k] + 2] };
        sum += cm::ElementArea(p, per);
        oriented = oriented && Dot(cm::ElementNormal(p, per), parentNormal) > 0;
        // The stored parametric centre maps to the sub-element's vertex centroid.
        const Vec3 q = cm::map::ParentPoint(elem->data(), n, r.CellRS[2 * c], r.CellRS[2 * c + 1]);
        const Vec3 m = Mean(p, per);
        CM_NEAR(q[0], m[0], 1e-12);
        CM_NEAR(q[1], m[1], 1e-12);
        CM_NEAR(q[2], m[2], 1e-12);
      }
      CM_NEAR(sum, parentArea, 1e-12 * parentArea);
      CM_CHECK(oriented);

      // Same sub-elements as the literal recursion (compared as sorted centroids).
      if (level >= 1 && level <= 4)
      {
        std::vector<std::vector<Vec3>> lit;
        Recursive(*elem, n == 3 ? level : level, lit);
        // For a triangle the literal rule's first level makes quads, then quads split into 4.
        CM_CHECK(static_cast<std::int64_t>(lit.size()) == r.Counts.Cells);
        std::vector<Vec3> a, b;
        for (const auto& q : lit)
          a.push_back(Mean(q.data(), 4));
        for (std::int64_t c = 0; c < r.Counts.Cells; ++c)
        {
          Vec3 p[4];
          for (int k = 0; k < 4; ++k)
            p[k] = r.Corner(c, k);
          b.push_back(Mean(p, 4));
        }
        // Match every literal centroid to its nearest refined one (sorting
        // would pair wrongly when coordinates tie to rounding).
        double worst = 0;
        for (const Vec3& x : a)
        {
          double best = 1e300;
          for (const Vec3& y : b)
            best = std::min(best,
              std::max({ std::abs(x[0] - y[0]), std::abs(x[1] - y[1]), std::abs(x[2] - y[2]) }));
          worst = std::max(worst, best);
        }
        CM_NEAR(worst, 0.0, 1e-12);
      }
    }
  }

  // Per-element level from a maximum edge length: every sub-edge within the bound.
  for (int trial = 0; trial < 50; ++trial)
  {
    std::vector<Vec3> t = { { rng.Uniform(), rng.Uniform(), rng.Uniform() },
      { rng.Uniform(1, 3), rng.Uniform(), rng.Uniform() },
      { rng.Uniform(), rng.Uniform(1, 3), rng.Uniform() } };
    const double h = rng.Uniform(0.05, 0.5);
    const int level = cm::map::LevelForEdgeLength(t.data(), 3, h, 10);
    const Refined r = Refine(t, level);
    const int per = level == 0 ? 3 : 4;
    double longest = 0;
    for (std::int64_t c = 0; c < r.Counts.Cells; ++c)
      for (int k = 0; k < per; ++k)
      {
        const std::int64_t a = r.Conn[per * c + k], b = r.Conn[per * c + (k + 1) % per];
        double d2 = 0;
        for (int d = 0; d < 3; ++d)
          d2 += (r.Points[3 * a + d] - r.Points[3 * b + d]) *
            (r.Points[3 * a + d] - r.Points[3 * b + d]);
        longest = std::max(longest, std::sqrt(d2));
      }
    CM_CHECK(longest <= h * (1 + 1e-9));
    // ...and the level is the smallest that does it.
    if (level > 0)
    {
      const Refined coarser = Refine(t, level - 1);
      (void)coarser;
      double edge = 0;
      for (int k = 0; k < 3; ++k)
      {
        double d2 = 0;
        for (int d = 0; d < 3; ++d)
          d2 += (t[k][d] - t[(k + 1) % 3][d]) * (t[k][d] - t[(k + 1) % 3][d]);
        edge = std::max(edge, std::sqrt(d2));
      }
      CM_CHECK(edge / std::ldexp(1.0, level - 1) > h);
    }
  }
  return cmReport("TestRefinement");
}
