// SPDX-License-Identifier: BSD-3-Clause
// One thread equals two, bit for bit: this program runs itself twice in
// fresh processes (posix_spawn) with VTK_SMP_BACKEND_IN_USE=STDThread and
// VTK_SMP_MAX_THREADS=1, then 2. Each child runs the cloud-map filters and
// the native reader on the same input and prints a hash of every output
// array's bytes; the parent compares the two lists line by line.
//
// The comparison can fail, and the program checks that it would: every
// child also prints a "control" value, an order-dependent floating-point
// sum made of per-thread partial sums, which must DIFFER between the two
// runs (so the two-thread child really split its work across two threads,
// and a thread-dependent result is caught). It also checks that the fused
// Surface Cloud Map path equals Refinement + Element Interpolation.
#include "cmCheck.h"
#include "cmMoMFormat.h"
#include "cmTestProcess.h"
#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkCloudMapAreaWeightedPointData.h"
#include "vtkCloudMapBandedColorMap.h"
#include "vtkCloudMapCentroidMidpointRefinement.h"
#include "vtkCloudMapElementInterpolation.h"
#include "vtkCloudMapMoMReader.h"
#include "vtkCloudMapSurfaceCloudMap.h"
#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkIdList.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPThreadLocal.h"
#include "vtkSMPTools.h"
#include "vtkSmartPointer.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace
{
// A curved patch of m×m grid cells: quads in even columns, two triangles in
// odd ones, so both element kinds and both interpolation rules are used.
vtkSmartPointer<vtkPolyData> MakeMesh(int m)
{
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToFloat();
  for (int j = 0; j <= m; ++j)
  {
    for (int i = 0; i <= m; ++i)
    {
      const double u = 2.5 * i / m, v = 0.3 + 2.4 * j / m;
      pts->InsertNextPoint(std::cos(u) * std::sin(v), std::sin(u) * std::sin(v), std::cos(v));
    }
  }
  vtkNew<vtkCellArray> polys;
  auto id = [&](int i, int j) { return static_cast<vtkIdType>(j * (m + 1) + i); };
  for (int j = 0; j < m; ++j)
  {
    for (int i = 0; i < m; ++i)
    {
      if (i % 2 == 0)
      {
        const vtkIdType q[4] = { id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1) };
        polys->InsertNextCell(4, q);
      }
      else
      {
        const vtkIdType a[3] = { id(i, j), id(i + 1, j), id(i + 1, j + 1) };
        const vtkIdType b[3] = { id(i, j), id(i + 1, j + 1), id(i, j + 1) };
        polys->InsertNextCell(3, a);
        polys->InsertNextCell(3, b);
      }
    }
  }
  auto mesh = vtkSmartPointer<vtkPolyData>::New();
  mesh->SetPoints(pts);
  mesh->SetPolys(polys);
  const vtkIdType n = mesh->GetNumberOfCells();
  vtkNew<vtkDoubleArray> mag;
  mag->SetName("|J|");
  mag->SetNumberOfTuples(n);
  vtkNew<vtkFloatArray> vec;
  vec->SetName("J");
  vec->SetNumberOfComponents(3);
  vec->SetNumberOfTuples(n);
  for (vtkIdType c = 0; c < n; ++c)
  {
    const double s = 0.001 * static_cast<double>(c);
    mag->SetValue(c, 1.3 + std::sin(7.1 * s) * std::cos(3.3 * s));
    vec->SetTuple3(c, std::sin(s), std::cos(2 * s), 0.1 * s);
  }
  mesh->GetCellData()->AddArray(mag);
  mesh->GetCellData()->AddArray(vec);
  mesh->GetCellData()->SetActiveScalars("|J|");
  return mesh;
}

// FNV-1a over bytes.
std::uint64_t Hash(const void* data, std::size_t n, std::uint64_t h = 1469598103934665603ull)
{
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i)
  {
    h = (h ^ p[i]) * 1099511628211ull;
  }
  return h;
}

std::uint64_t HashArray(vtkDataArray* a)
{
  // Every value as a double: the same bytes whatever the storage type.
  std::uint64_t h = Hash(nullptr, 0);
  const int nc = a->GetNumberOfComponents();
  for (vtkIdType t = 0; t < a->GetNumberOfTuples(); ++t)
  {
    for (int c = 0; c < nc; ++c)
    {
      const double v = a->GetComponent(t, c);
      h = Hash(&v, sizeof v, h);
    }
  }
  return h;
}

// "<what> <array> <hash>" for the points, the cells and every array.
void Print(const std::string& what, vtkPolyData* pd)
{
  std::printf("%s cells %lld points %lld\n", what.c_str(),
    static_cast<long long>(pd->GetNumberOfCells()),
    static_cast<long long>(pd->GetNumberOfPoints()));
  if (pd->GetPoints())
  {
    std::printf("%s points %016llx\n", what.c_str(),
      static_cast<unsigned long long>(HashArray(pd->GetPoints()->GetData())));
  }
  vtkNew<vtkIdList> ids;
  std::uint64_t h = Hash(nullptr, 0);
  for (vtkIdType c = 0; c < pd->GetNumberOfCells(); ++c)
  {
    pd->GetCellPoints(c, ids);
    h = Hash(ids->GetPointer(0), sizeof(vtkIdType) * ids->GetNumberOfIds(), h);
  }
  std::printf("%s connectivity %016llx\n", what.c_str(), static_cast<unsigned long long>(h));
  for (vtkDataSetAttributes* attrs : { static_cast<vtkDataSetAttributes*>(pd->GetPointData()),
         static_cast<vtkDataSetAttributes*>(pd->GetCellData()) })
  {
    for (int a = 0; a < attrs->GetNumberOfArrays(); ++a)
    {
      if (vtkDataArray* arr = attrs->GetArray(a))
      {
        std::printf("%s %s:%s %016llx\n", what.c_str(),
          attrs == pd->GetPointData() ? "point" : "cell", arr->GetName(),
          static_cast<unsigned long long>(HashArray(arr)));
      }
    }
  }
}

// An order-dependent sum of per-thread partial sums: on two threads it
// differs from one thread (the control that shows a difference is caught).
// Each of the two halves waits until both have started, so two threads
// really take part even on a busy machine.
double Control()
{
  const vtkIdType n = 2000000;
  vtkSMPThreadLocal<double> partial(0.0);
  std::atomic<int> started{ 0 };
  std::mutex m;
  std::set<std::thread::id> seen;
  vtkSMPTools::For(0, n, n / 2, [&](vtkIdType b, vtkIdType e) {
    {
      std::lock_guard<std::mutex> lock(m);
      if (seen.insert(std::this_thread::get_id()).second)
      {
        ++started;
      }
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (vtkSMPTools::GetEstimatedNumberOfThreads() > 1 && started < 2 &&
      std::chrono::steady_clock::now() < until)
    {
      std::this_thread::yield();
    }
    double& s = partial.Local();
    for (vtkIdType i = b; i < e; ++i)
    {
      s += 1.0 / (1.0 + static_cast<double>(i));
    }
  });
  double total = 0;
  for (double s : partial)
  {
    total += s;
  }
  return total;
}

int Child(const std::string& dir)
{
  std::printf("threads %d backend %s\n", vtkSMPTools::GetEstimatedNumberOfThreads(),
    vtkSMPTools::GetBackend());
  std::printf("control %.17g\n", Control());
  vtkSmartPointer<vtkPolyData> mesh = MakeMesh(110);

  // Area Weighted Point Data: every array, with and without merged points.
  for (int merge = 0; merge < 2; ++merge)
  {
    vtkNew<vtkCloudMapAreaWeightedPointData> f;
    f->SetInputData(mesh);
    f->SetProcessAllArrays(true);
    f->SetMergeCoincidentPoints(merge == 1);
    f->Update();
    Print(merge ? "average-merged" : "average", f->GetOutput());
  }
  // A zero-area element (a triangle's corner moved onto another): the
  // average falls back to the link table's unweighted rule, still the same
  // on any thread count.
  {
    vtkNew<vtkPolyData> flat;
    flat->DeepCopy(mesh);
    const vtkIdType from = 111 * 40 + 2, onto = 111 * 40 + 1; // id(2, 40) onto id(1, 40)
    flat->GetPoints()->SetPoint(from, flat->GetPoints()->GetPoint(onto));
    vtkNew<vtkCloudMapAreaWeightedPointData> f;
    f->SetInputData(flat);
    f->SetProcessAllArrays(true);
    f->Update();
    Print("average-zero-area", f->GetOutput());
  }
  // Refinement: fixed levels and the adaptive rule.
  for (int adaptive = 0; adaptive < 2; ++adaptive)
  {
    vtkNew<vtkCloudMapCentroidMidpointRefinement> f;
    f->SetInputData(mesh);
    f->SetNumberOfLevels(2);
    f->SetPrecisionMode(adaptive);
    f->SetMaximumEdgeLength(0.01);
    f->Update();
    Print(adaptive ? "refine-adaptive" : "refine", f->GetOutput());
  }
  // Surface Cloud Map: both quad rules, and exact bands.
  int fusedMismatch = 0;
  for (int mode = 0; mode < 4; ++mode)
  {
    vtkNew<vtkCloudMapSurfaceCloudMap> f;
    f->SetInputData(mesh);
    f->SetNumberOfLevels(2);
    f->SetQuadMode(mode == 1 ? vtkCloudMapElementInterpolation::SCANLINE
                             : vtkCloudMapElementInterpolation::ISOPARAMETRIC);
    f->SetExactBands(mode == 2);
    if (mode == 3)
    {
      // Neighbours of different levels (their edges are not shared), and the extras.
      f->SetPrecisionMode(1);
      f->SetMaximumEdgeLength(0.01);
      f->SetParentIds(true);
    }
    f->Update();
    const char* names[] = { "cloudmap", "cloudmap-scanline", "cloudmap-exact",
      "cloudmap-adaptive-parentids" };
    Print(names[mode], f->GetOutput());
    if (mode >= 2)
    {
      continue;
    }
    // The fused path against the separate filters.
    vtkNew<vtkCloudMapAreaWeightedPointData> average;
    average->SetInputData(mesh);
    average->ProcessAllArraysOff();
    average->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "|J|");
    average->Update();
    vtkNew<vtkCloudMapCentroidMidpointRefinement> refine;
    refine->SetInputConnection(average->GetOutputPort());
    refine->SetNumberOfLevels(2);
    refine->InterpolatePointDataOff();
    vtkNew<vtkCloudMapElementInterpolation> interpolate;
    interpolate->SetInputConnection(0, refine->GetOutputPort());
    interpolate->SetInputConnection(1, average->GetOutputPort());
    interpolate->SetQuadMode(mode == 1 ? vtkCloudMapElementInterpolation::SCANLINE
                                       : vtkCloudMapElementInterpolation::ISOPARAMETRIC);
    interpolate->Update();
    vtkDataArray* a = f->GetOutput()->GetCellData()->GetArray("|J|");
    vtkDataArray* b = interpolate->GetOutput()->GetCellData()->GetArray("|J|");
    bool same = a && b && a->GetNumberOfTuples() == b->GetNumberOfTuples();
    // The lean output stores the values as float (rounded from the same doubles).
    const bool asFloat = a && a->GetDataType() == VTK_FLOAT;
    for (vtkIdType c = 0; same && c < a->GetNumberOfTuples(); ++c)
    {
      const double bv = b->GetComponent(c, 0);
      same = a->GetComponent(c, 0) == (asFloat ? static_cast<double>(static_cast<float>(bv)) : bv);
    }
    fusedMismatch += !same;
  }
  std::printf("fused-equals-separate %s\n", fusedMismatch ? "no" : "yes");
  // Banded Color Map on the cells.
  {
    vtkNew<vtkCloudMapBandedColorMap> f;
    f->SetInputData(mesh);
    f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "|J|");
    f->Update();
    Print("band", vtkPolyData::SafeDownCast(f->GetOutputDataObject(0)));
  }
  // The native reader on a file with this mesh (large enough for several blocks).
  {
    cm::SurfaceMesh sm;
    sm.Frequency = 1e8;
    vtkSmartPointer<vtkPolyData> big = MakeMesh(260);
    for (vtkIdType p = 0; p < big->GetNumberOfPoints(); ++p)
    {
      const double* x = big->GetPoint(p);
      sm.Points.insert(sm.Points.end(), x, x + 3);
    }
    vtkDataArray* j = big->GetCellData()->GetArray("J");
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; c < big->GetNumberOfCells(); ++c)
    {
      big->GetCellPoints(c, ids);
      sm.Connectivity.insert(
        sm.Connectivity.end(), ids->GetPointer(0), ids->GetPointer(0) + ids->GetNumberOfIds());
      sm.Offsets.push_back(static_cast<std::int64_t>(sm.Connectivity.size()));
      for (int k = 0; k < 3; ++k)
      {
        sm.JReal.push_back(j->GetComponent(c, k));
        sm.JImag.push_back(-0.5 * j->GetComponent(c, k));
      }
    }
    const std::string path = dir + "/thread_invariance.cmom";
    const std::string text = cm::FormatMoM(sm);
    FILE* out = std::fopen(path.c_str(), "wb");
    if (!out || std::fwrite(text.data(), 1, text.size(), out) != text.size())
    {
      std::printf("cannot write %s\n", path.c_str());
      return EXIT_FAILURE;
    }
    std::fclose(out);
    vtkNew<vtkCloudMapMoMReader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    Print("mom-reader", reader->GetOutput());
  }
  return EXIT_SUCCESS;
}

// Runs this test again, in a child of its driver, with `threads` STDThread threads; its stdout
// lines.
std::vector<std::string> Run(int threads, const std::string& dir)
{
  std::vector<std::string> env = cmEnvironmentWithout("VTK_SMP_");
  env.push_back("VTK_SMP_BACKEND_IN_USE=STDThread");
  env.push_back("VTK_SMP_MAX_THREADS=" + std::to_string(threads));
  const cmChildRun child =
    cmRunChild({ cmSelfExecutable(), "TestThreadInvariance", "--child", dir }, env);
  if (child.ExitCode != 0)
  {
    std::printf("the %d-thread child failed\n", threads);
    return {};
  }
  const std::string& text = child.Output;
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
  {
    lines.push_back(line);
  }
  return lines;
}
} // namespace

int TestThreadInvariance(int argc, char* argv[])
{
  const std::string dir = CLOUDMAP_TEMP_DIR;
  // Run by a test driver: argv[0] is the test's name, so the children are
  // spawned from the driver's own executable with the name in front.
  if (argc == 3 && std::strcmp(argv[1], "--child") == 0)
  {
    return Child(argv[2]);
  }
  const std::vector<std::string> one = Run(1, dir);
  const std::vector<std::string> two = Run(2, dir);
  if (one.size() < 10 || one.size() != two.size())
  {
    CM_CHECK_MSG(false,
      "the children printed " + std::to_string(one.size()) + " and " + std::to_string(two.size()) +
        " lines");
    return cmReport("TestThreadInvariance");
  }
  CM_CHECK_MSG(one[0].rfind("threads 1 backend STDThread", 0) == 0 &&
      two[0].rfind("threads 2 backend STDThread", 0) == 0,
    "expected STDThread on 1 and 2 threads, got '" + one[0] + "' and '" + two[0] + "'");
  // The control must differ: otherwise the comparison below proves nothing.
  CM_CHECK_MSG(one[1] != two[1],
    "the control sum is the same on 1 and 2 threads (" + one[1] +
      "): the two-thread child did not split its work, so a thread-dependent result would go "
      "unseen");
  int differences = 0;
  for (std::size_t i = 2; i < one.size(); ++i)
  {
    differences += one[i] != two[i] ? 1 : 0;
    CM_CHECK_MSG(one[i] == two[i], "1 thread  " + one[i] + "\n      2 threads " + two[i]);
    if (one[i].rfind("fused-equals-separate", 0) == 0)
    {
      CM_CHECK_MSG(one[i] == "fused-equals-separate yes",
        "the fused Surface Cloud Map differs from Refinement + Element Interpolation");
    }
  }
  std::printf(
    "%zu outputs compared on 1 and 2 threads, %d difference(s)\n", one.size() - 2, differences);
  return cmReport("TestThreadInvariance");
}
