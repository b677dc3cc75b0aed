// SPDX-License-Identifier: BSD-3-Clause
// The NEC parser's parallel corner merge (cmNecVertexMerge.cpp) against the serial grid
// merge it replaces (its reference, which the readers' digests were made with): the
// same points, in the same order, and the same ids, on one thread and on two, for
// corners jittered around and across the merge tolerance (clusters of several stored
// points, where the order the serial search tries them decides), for a chain too long
// for a cluster (the serial fallback), and, against an analytic count, for a plate
// whose shared corners differ by rounding only.
#include "cmCheck.h"
#include "cmNecOutputParser.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <thread>
#include <vector>

using namespace cm;
using namespace cm::nec;

namespace
{
ParallelFor TwoThreads()
{
  return [](long long n, const std::function<void(long long, long long)>& body) {
    const long long half = n / 2;
    std::thread t([&] { body(0, half); });
    body(half, n);
    t.join();
  };
}

EchoPatch Quad(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d)
{
  EchoPatch e;
  e.Corners = 4;
  e.P = { a, b, c, d };
  return e;
}

/// The parallel merge equals the serial one on 1 and 2 threads; returns the points.
std::int64_t SameAsSerial(
  const std::vector<EchoPatch>& poly, const std::vector<DataPatch>& data, const char* what)
{
  SurfaceMesh serial, one, two;
  MeshPolygons(poly, data, serial, ParallelFor(), true);
  MeshPolygons(poly, data, one, ParallelFor());
  MeshPolygons(poly, data, two, TwoThreads());
  CM_CHECK_MSG(one.Points == serial.Points, what);
  CM_CHECK_MSG(one.Connectivity == serial.Connectivity, what);
  CM_CHECK_MSG(one.Offsets == serial.Offsets, what);
  CM_CHECK_MSG(two.Points == serial.Points, what);
  CM_CHECK_MSG(two.Connectivity == serial.Connectivity, what);
  return serial.NumberOfPoints();
}

/// Quads whose corners are a few grid points jittered by multiples of the tolerance
/// (about 1.4e-9 for this unit model): many fall within it of two stored points.
void Jittered(std::uint32_t seed)
{
  std::mt19937 rng(seed);
  const double e = 1.41421356e-9; // 1e-9 of the model's diagonal
  const double steps[] = { 0, 0.3, -0.3, 0.7, -0.7, 0.95, -0.95, 1.05, -1.05, 1.5, -1.5, 2.2 };
  auto corner = [&] {
    Vec3 p{ 0.01 * static_cast<double>(rng() % 8), 0.01 * static_cast<double>(rng() % 8), 0.5 };
    for (int a = 0; a < 3; ++a)
    {
      p[a] += e * steps[rng() % 12];
    }
    return p;
  };
  std::vector<EchoPatch> poly;
  std::vector<DataPatch> data;
  // Two far corners fix the model size (and so the tolerance).
  poly.push_back(Quad({ 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }));
  for (int i = 0; i < 3000; ++i)
  {
    poly.push_back(Quad(corner(), corner(), corner(), corner()));
  }
  DataPatch d{};
  for (std::size_t i = 0; i < poly.size(); ++i)
  {
    d.Normal = { 0, 0, i % 3 == 0 ? -1.0 : 1.0 }; // some polygons flipped
    data.push_back(d);
  }
  const std::int64_t n = SameAsSerial(poly, data, "jittered corners");
  CM_CHECK(n > 64 + 4); // the jitter left distinct points in the clusters
}

/// A row of points 0.6 tolerances apart: one cluster of about 150 stored points, more
/// than the parallel merge keeps, so the serial merge does it.
void LongChain()
{
  std::vector<EchoPatch> poly;
  std::vector<DataPatch> data;
  poly.push_back(Quad({ 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }));
  const double e = 1.41421356e-9;
  for (int i = 0; i < 300; ++i)
  {
    const Vec3 p{ 0.5 + 0.6 * e * i, 0.5, 0 };
    poly.push_back(Quad(p, p, p, p));
  }
  DataPatch d{};
  d.Normal = { 0, 0, 1 };
  data.assign(poly.size(), d);
  SameAsSerial(poly, data, "a chain of close points");
}

/// An nx by ny plate cut as NEC's patch() cuts an SM surface (corners by repeated
/// sums, so neighbours' shared corners differ in the last bits): (nx+1)(ny+1) points.
void Plate(int nx, int ny)
{
  std::vector<EchoPatch> poly;
  std::vector<DataPatch> data;
  const Vec3 o{ 0.1, -0.3, 0.7 }, s1{ 0.7 / nx, 0.1 / nx, 0 }, s2{ 0, 0.3 / ny, 0.9 / ny };
  DataPatch d{};
  d.Normal = Cross(s1, s2);
  for (int iy = 0; iy < ny; ++iy)
  {
    for (int ix = 0; ix < nx; ++ix)
    {
      const Vec3 p0 = Add(Add(o, Scale(ix, s1)), Scale(iy, s2));
      const Vec3 p1 = Add(p0, s1), p2 = Add(p1, s2), p3 = Add(p0, s2);
      poly.push_back(Quad(p0, p1, p2, p3));
      data.push_back(d);
    }
  }
  CM_EQUAL(SameAsSerial(poly, data, "a plate"), static_cast<std::int64_t>(nx + 1) * (ny + 1));
}
} // namespace

int TestNecVertexMerge(int, char*[])
{
  for (std::uint32_t seed = 1; seed <= 4; ++seed)
  {
    Jittered(seed);
  }
  LongChain();
  Plate(37, 23);
  Plate(200, 150);
  return cmReport("TestNecVertexMerge");
}
