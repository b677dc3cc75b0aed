// SPDX-License-Identifier: BSD-3-Clause
// Oracles: a field constant on each connected patch stays that constant at its
// vertices; a hand-built mesh gives the hand-computed weighted means; merging
// coincident vertices joins separately written elements; the whole average
// (AverageCellValues) gives the hand-computed means by each of its three
// strategies, with its loops run in blocks out of order.
#include "cmAreaWeighting.h"
#include "cmCheck.h"
#include "cmRefinement.h"

#include <functional>
#include <string>
#include <vector>

int TestAreaWeighting(int, char*[])
{
  // Hand-built: unit quad 0-1-2-3 (area 1, value 4) and triangle 1-4-2 (area 0.5, value 1),
  // plus a separate triangle 5-6-7 (value 7) that shares nothing.
  const std::vector<double> xyz = { 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0, 5, 5, 5, 6, 5, 5,
    5, 6, 5 };
  const std::vector<std::int64_t> offsets = { 0, 4, 7, 10 };
  const std::vector<std::int64_t> conn = { 0, 1, 2, 3, 1, 4, 2, 5, 6, 7 };
  std::vector<double> areas;
  for (int c = 0; c < 3; ++c)
  {
    cm::Vec3 p[4];
    const int n = int(offsets[c + 1] - offsets[c]);
    for (int k = 0; k < n; ++k)
    {
      const auto v = conn[offsets[c] + k];
      p[k] = { xyz[3 * v], xyz[3 * v + 1], xyz[3 * v + 2] };
    }
    areas.push_back(cm::ElementArea(p, n));
  }
  CM_NEAR(areas[0], 1.0, 1e-15);
  CM_NEAR(areas[1], 0.5, 1e-15);
  const std::vector<float> values = { 4, 1, 7 };
  cm::map::PointCellLinks links;
  cm::map::BuildPointCellLinks(8, 3, offsets.data(), conn.data(), nullptr, links);
  double out;
  const double expect[8] = { 4, (4 * 1 + 1 * 0.5) / 1.5, (4 * 1 + 1 * 0.5) / 1.5, 4, 1, 7, 7, 7 };
  for (int p = 0; p < 8; ++p)
  {
    cm::map::AreaWeightedVertex(links, p, areas.data(), values.data(), 1, &out);
    CM_NEAR(out, expect[p], 1e-12);
  }

  // Constant per connected patch, with a vector field of 3 components.
  const std::vector<double> vec = { 1, 2, 3, 1, 2, 3, -5, 0, 9 };
  for (int p = 0; p < 8; ++p)
  {
    double v[3];
    cm::map::AreaWeightedVertex(links, p, areas.data(), vec.data(), 3, v);
    const double* want = p < 5 ? &vec[0] : &vec[6];
    for (int c = 0; c < 3; ++c)
      CM_NEAR(v[c], want[c], 1e-12);
  }

  // Elements written with their own vertex copies: merging makes them neighbours.
  const std::vector<double> sep = { 0, 0, 0, 1, 0, 0, 1, 1, 0, /* second triangle */ 1, 0, 0, 2, 0,
    0, 1, 1, 1e-9 };
  std::int64_t groups = 0;
  auto exact = cm::map::MergeCoincidentPoints(sep.data(), 6, 0.0, groups);
  CM_CHECK(groups == 5); // (1,0,0) is shared exactly; (1,1,1e-9) differs from (1,1,0)
  auto tol = cm::map::MergeCoincidentPoints(sep.data(), 6, 1e-6, groups);
  CM_CHECK(groups == 4);
  CM_CHECK(tol[1] == tol[3] && tol[2] == tol[5] && tol[0] != tol[4]);
  CM_CHECK(exact[1] == exact[3] && exact[2] != exact[5]);

  // A zero-area element next to nothing: plain mean, never NaN.
  const std::vector<double> zeroAreas = { 0.0 };
  const std::vector<std::int64_t> off1 = { 0, 3 }, conn1 = { 0, 1, 2 };
  cm::map::PointCellLinks l1;
  cm::map::BuildPointCellLinks(4, 1, off1.data(), conn1.data(), nullptr, l1);
  const double v1[1] = { 2.5 };
  cm::map::AreaWeightedVertex(l1, 0, zeroAreas.data(), v1, 1, &out);
  CM_NEAR(out, 2.5, 0);
  cm::map::AreaWeightedVertex(l1, 3, zeroAreas.data(), v1, 1, &out); // unused vertex
  CM_NEAR(out, 0.0, 0);
  // The whole average by its three strategies (link table, scatter with the
  // areas, scatter computing them on the way), its loops run backwards.
  const cm::ParallelFor backwards = [](long long n,
                                      const std::function<void(long long, long long)>& body) {
    for (long long b = n - 1; b >= 0; --b)
    {
      body(b, b + 1);
    }
  };
  const std::vector<long long> offLL(offsets.begin(), offsets.end()),
    connLL(conn.begin(), conn.end());
  const cm::SurfaceView view = cm::SurfaceFromArrays(xyz.data(), 8, offLL.data(), 3, connLL.data());
  cm::map::PointCellLinks plinks;
  cm::map::BuildPointCellLinksInParallel(view, 8, nullptr, plinks, backwards);
  CM_CHECK(plinks.Offsets == links.Offsets && plinks.Cells == links.Cells);
  const cm::LargeArray<double> cellAreas = cm::CellAreas(view, backwards);
  CM_EQUAL(cellAreas[0], areas[0]);
  CM_EQUAL(cellAreas[1], areas[1]);
  for (int strategy = 0; strategy < 3; ++strategy)
  {
    cm::map::AreaAverageInput in;
    in.View = &view;
    in.NumberOfRows = 8;
    in.Areas = strategy < 2 ? cellAreas.data() : nullptr;
    in.Links = strategy == 0 ? &plinks : nullptr;
    std::vector<double> avg(8, -1.0);
    CM_CHECK(cm::map::AverageCellValues(in, values.data(), 1, avg.data(), backwards, backwards));
    for (int p = 0; p < 8; ++p)
    {
      CM_NEAR(avg[p], expect[p], 1e-12);
    }
  }
  // On the way, a zero-area element makes the core ask for the link table.
  const std::vector<double> line = { 0, 0, 0, 1, 0, 0, 2, 0, 0 };
  const std::vector<long long> lineOff = { 0, 3 }, lineConn = { 0, 1, 2 };
  cm::map::AreaAverageInput flat;
  const cm::SurfaceView lineView =
    cm::SurfaceFromArrays(line.data(), 3, lineOff.data(), 1, lineConn.data());
  flat.View = &lineView;
  flat.NumberOfRows = 3;
  double flatOut[3];
  CM_CHECK(!cm::map::AverageCellValues(flat, v1, 1, flatOut, {}, {}));

  // Validation messages.
  CM_EQUAL(cm::map::CheckCellArray("|J|", true, 3, 3), std::string());
  CM_CHECK(cm::map::CheckCellArray(nullptr, true, 0, 3).find("no cell array") != std::string::npos);
  CM_CHECK(
    cm::map::CheckCellArray("J", false, 3, 3).find("'J' is not a cell array") != std::string::npos);
  CM_CHECK(
    cm::map::CheckCellArray("J", true, 2, 3).find("2 tuples for 3 elements") != std::string::npos);
  return cmReport("TestAreaWeighting");
}
