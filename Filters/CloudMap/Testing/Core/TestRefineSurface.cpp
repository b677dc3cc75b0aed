// SPDX-License-Identifier: BSD-3-Clause
// cm::map::RefineSurface, the one refinement driver, on a mixed surface of a
// triangle and a non-planar quad. Oracles: the plan's sizes are the sums of
// RefinedSize; every parent's output is what RefineElement writes for it
// alone; an affine field given at the parents' corners is reproduced
// exactly (to rounding) at every refined point and sub-element centre, since
// barycentric and bilinear weights interpolate affine fields exactly; the
// fused centre values are bit for bit the corner sums of ParentWeights; and
// a loop split in blocks run out of order gives bit-identical output.
#include "cmCheck.h"
#include "cmRefineSurface.h"

#include <cstring>
#include <string>
#include <vector>

namespace
{
const double Pts[] = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0.3, 2, 0, 0.1, 2, 1, 0 };
const long long Off[] = { 0, 3, 7 };
const long long Conn[] = { 0, 1, 2, 1, 4, 5, 3 };

double Field(const double* x)
{
  return 0.5 + 2 * x[0] - 3 * x[1] + 0.25 * x[2];
}

struct Result
{
  std::vector<double> Points, PointRS, CellRS, Centre, PointValues;
  std::vector<long long> Offsets, Conn, Parent;
  std::vector<unsigned char> Level;
};

Result Run(int level, const cm::ParallelFor& pf)
{
  const cm::SurfaceView view = cm::SurfaceFromArrays(Pts, 6, Off, 2, Conn);
  cm::map::RefineOptions opt;
  opt.Level = level;
  cm::map::RefinePlan plan;
  CM_CHECK(cm::map::PlanRefinement(view, opt, pf, {}, plan));
  Result r;
  r.Points.resize(3 * plan.NumberOfPoints());
  r.PointRS.resize(2 * plan.NumberOfPoints());
  r.CellRS.resize(2 * plan.NumberOfCells());
  r.Centre.resize(plan.NumberOfCells());
  r.Offsets.resize(plan.NumberOfCells() + 1);
  r.Conn.resize(plan.ConnectivitySize());
  r.Parent.resize(plan.NumberOfCells());
  r.Level.resize(plan.NumberOfCells());
  std::vector<double> values(6);
  for (int p = 0; p < 6; ++p)
  {
    values[p] = Field(Pts + 3 * p);
  }
  cm::map::RefinedSurfaceT<double, long long> out;
  out.Points = r.Points.data();
  out.Offsets = r.Offsets.data();
  out.Connectivity = r.Conn.data();
  out.ParentId = r.Parent.data();
  out.Level = r.Level.data();
  out.CellRS = r.CellRS.data();
  out.PointRS = r.PointRS.data();
  out.CentreIn = values.data();
  out.CentreComps = 1;
  out.CentreOut = r.Centre.data();
  cm::map::RefineSurface(view, plan, out, pf);
  r.PointValues.resize(plan.NumberOfPoints());
  cm::map::InterpolateRefinedPoints(
    view, plan, r.PointRS.data(), values.data(), 1, r.PointValues.data(), pf);
  return r;
}

bool Same(const std::vector<double>& a, const std::vector<double>& b)
{
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}
} // namespace

int TestRefineSurface(int, char*[])
{
  // Blocks of 1 run last to first: any order dependence would show.
  const cm::ParallelFor backwards = [](long long n,
                                      const std::function<void(long long, long long)>& body) {
    for (long long b = n - 1; b >= 0; --b)
    {
      body(b, b + 1);
    }
  };
  for (int level = 0; level <= 3; ++level)
  {
    const Result r = Run(level, {});
    const auto tri = cm::map::RefinedSize(3, level), quad = cm::map::RefinedSize(4, level);
    CM_EQUAL(r.Parent.size(), std::size_t(tri.Cells + quad.Cells));
    CM_EQUAL(r.Points.size(), std::size_t(3 * (tri.Points + quad.Points)));
    CM_EQUAL(r.Offsets.back(), tri.Connectivity + quad.Connectivity);
    CM_EQUAL(r.Parent.front(), 0LL);
    CM_EQUAL(r.Parent.back(), 1LL);
    CM_EQUAL(int(r.Level.back()), level);

    // The quad's output is exactly RefineElement's for it alone.
    const cm::Vec3 q[4] = { { 1, 0, 0 }, { 2, 0, 0.1 }, { 2, 1, 0 }, { 1, 1, 0.3 } };
    std::vector<double> pts(3 * quad.Points), crs(2 * quad.Cells);
    std::vector<long long> conn(quad.Connectivity);
    cm::map::RefineOutputT<double, long long> one;
    one.Points = pts.data();
    one.Connectivity = conn.data();
    one.CellRS = crs.data();
    one.PointBase = tri.Points;
    cm::map::RefineElement(q, 4, level, one);
    CM_CHECK(std::memcmp(pts.data(), r.Points.data() + 3 * tri.Points, pts.size() * 8) == 0);
    CM_CHECK(std::memcmp(conn.data(), r.Conn.data() + tri.Connectivity, conn.size() * 8) == 0);

    // An affine field is reproduced at every refined point and centre.
    for (std::size_t p = 0; p < r.PointValues.size(); ++p)
    {
      CM_NEAR(r.PointValues[p], Field(&r.Points[3 * p]), 1e-12);
    }
    const cm::Vec3 t[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    for (std::size_t c = 0; c < r.Centre.size(); ++c)
    {
      const bool isTri = r.Parent[c] == 0;
      const cm::Vec3 x =
        cm::map::ParentPoint(isTri ? t : q, isTri ? 3 : 4, r.CellRS[2 * c], r.CellRS[2 * c + 1]);
      CM_NEAR(r.Centre[c], Field(x.data()), 1e-12);
    }
    // The same bits whatever the order of the blocks.
    const Result b = Run(level, backwards);
    CM_CHECK(
      Same(r.Points, b.Points) && Same(r.Centre, b.Centre) && Same(r.PointValues, b.PointValues));
    CM_CHECK(r.Conn == b.Conn && r.Offsets == b.Offsets && r.Parent == b.Parent);
  }

  // The size check's message names the projected size and the limit.
  const cm::SurfaceView view = cm::SurfaceFromArrays(Pts, 6, Off, 2, Conn);
  cm::map::RefineOptions opt;
  opt.Level = 2;
  cm::map::RefinePlan plan;
  CM_CHECK(cm::map::PlanRefinement(view, opt, {}, {}, plan));
  CM_EQUAL(plan.NumberOfCells(), 3LL * 4 + 16);
  CM_EQUAL(cm::map::CheckRefinementSize(plan, 28), std::string());
  const std::string error = cm::map::CheckRefinementSize(plan, 27);
  CM_CHECK_MSG(error.find("28 sub-elements") != std::string::npos &&
      error.find("MaximumNumberOfCells = 27") != std::string::npos,
    error);
  // An abort after the sizing loop leaves no plan.
  CM_CHECK(!cm::map::PlanRefinement(
    view, opt, {}, [] { return true; }, plan));
  return cmReport("TestRefineSurface");
}
