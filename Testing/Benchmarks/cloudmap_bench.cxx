// SPDX-License-Identifier: BSD-3-Clause
// CloudMap benchmark: each row runs our filter and the nearest VTK built-in
// on the same input in the same process and prints the throughput ratio.
//   cloudmap_bench [elements=200000[,1000000...]] [repeats=3] [row filter] [scratch dir]
// Every measurement runs in its own forked child process, so the peak memory
// it reports (VmHWM at the end minus VmRSS at the start, in MB) belongs to
// that filter alone; the time is the best of `repeats` runs.
// Set VTK_SMP_MAX_THREADS=N for N threads (the plugin selects the STDThread
// backend unless VTK_SMP_BACKEND_IN_USE is set).
#include "cmMoMFormat.h"
#include "vtkBandedPolyDataContourFilter.h"
#include "vtkCellData.h"
#include "vtkCellDataToPointData.h"
#include "vtkCloudMapAreaWeightedPointData.h"
#include "vtkCloudMapBandedColorMap.h"
#include "vtkCloudMapCentroidMidpointRefinement.h"
#include "vtkCloudMapMoMReader.h"
#include "vtkCloudMapSurfaceCloudMap.h"
#include "vtkDoubleArray.h"
#include "vtkLinearSubdivisionFilter.h"
#include "vtkLookupTable.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkPolyDataReader.h"
#include "vtkPolyDataWriter.h"
#include "vtkSMPTools.h"
#include "vtkSphereSource.h"
#include "vtkTimerLog.h"
#include "vtkUnsignedCharArray.h"
#include "vtkXMLPolyDataReader.h"
#include "vtkXMLPolyDataWriter.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace
{
// A value of /proc/self/status in MB (VmRSS, VmHWM).
double StatusMB(const char* key)
{
  FILE* f = std::fopen("/proc/self/status", "r");
  if (!f)
    return 0;
  char line[256];
  double kb = 0;
  const std::size_t n = std::strlen(key);
  while (std::fgets(line, sizeof line, f))
  {
    if (!std::strncmp(line, key, n) && line[n] == ':')
    {
      kb = std::atof(line + n + 1);
      break;
    }
  }
  std::fclose(f);
  return kb / 1024.0;
}

struct Result
{
  double Seconds = 0; // best of the repeats
  double First = 0;   // the first run (cold: fresh memory, page faults)
  double PeakMB = 0;  // peak RSS growth of the child
  double Count = 0;   // what the measurement counted (output cells, bytes, ...)
  double Extra = 0;   // e.g. output bytes
};

// Runs body(result) `repeats` times in a forked child and returns the best
// time, the child's peak RSS growth and the last Count/Extra it reported.
Result Measure(int repeats, const std::function<void(Result&)>& body)
{
  int fd[2];
  if (pipe(fd) != 0)
    return {};
  const pid_t pid = fork();
  if (pid == 0)
  {
    close(fd[0]);
    Result r;
    const double rss0 = StatusMB("VmRSS");
    r.Seconds = 1e300;
    for (int k = 0; k < repeats; ++k)
    {
      const double t0 = vtkTimerLog::GetUniversalTime();
      body(r);
      const double dt = vtkTimerLog::GetUniversalTime() - t0;
      r.Seconds = std::min(r.Seconds, dt);
      r.First = k == 0 ? dt : r.First;
    }
    r.PeakMB = StatusMB("VmHWM") - rss0;
    const ssize_t w = write(fd[1], &r, sizeof r);
    close(fd[1]);
    _exit(w == sizeof r ? 0 : 1);
  }
  close(fd[1]);
  Result r;
  if (read(fd[0], &r, sizeof r) != sizeof r)
    r.Seconds = 0;
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return r;
}

void Row(const std::string& what, const char* unit, const Result& ours, double oursRate,
  const Result& theirs, double theirsRate, const char* baseline, double target)
{
  const double ratio = oursRate / theirsRate;
  // Cold: the first run of each, in a fresh process (every output page faulted in).
  const double cold = (oursRate * ours.Seconds / ours.First) / (theirsRate * theirs.Seconds / theirs.First);
  std::printf("%-46s %9.2f %-9s %7.1f MB | %-36s %9.2f %7.1f MB | ratio %6.2fx (cold %5.2fx) "
              "target %gx: %s\n",
    what.c_str(), oursRate, unit, ours.PeakMB, baseline, theirsRate, theirs.PeakMB, ratio, cold,
    target, ratio >= target ? "met" : "NOT met");
  std::fflush(stdout);
}

// A triangulated sphere with about `target` triangles and a smooth cell value |J|.
vtkSmartPointer<vtkPolyData> MakeMesh(long target)
{
  // A triangulated sphere has 2·t·(p−2) triangles for resolutions t, p.
  const int res = static_cast<int>(std::sqrt(target / 2.0)) + 2;
  vtkNew<vtkSphereSource> sphere;
  sphere->SetThetaResolution(res);
  sphere->SetPhiResolution(res);
  sphere->Update();
  auto mesh = vtkSmartPointer<vtkPolyData>::New();
  mesh->ShallowCopy(sphere->GetOutput());
  mesh->GetPointData()->Initialize();
  const vtkIdType n = mesh->GetNumberOfCells();
  vtkNew<vtkDoubleArray> j;
  j->SetName("|J|");
  j->SetNumberOfTuples(n);
  for (vtkIdType c = 0; c < n; ++c)
  {
    // A smooth field of the position (a few lobes), like a surface current.
    vtkIdType np;
    const vtkIdType* ids;
    mesh->GetCellPoints(c, np, ids);
    double x[3];
    mesh->GetPoint(ids[0], x);
    j->SetValue(c, 1.5 + std::sin(3 * x[0]) * std::cos(2 * x[1]) + 0.5 * x[2]);
  }
  mesh->GetCellData()->SetScalars(j);
  return mesh;
}

void RunSize(long target, int repeats, const std::string& only, const std::string& dir)
{
  auto want = [&](const char* row) {
    return only.empty() || std::string(row).find(only) != std::string::npos;
  };
  vtkSmartPointer<vtkPolyData> mesh = MakeMesh(target);
  const vtkIdType n = mesh->GetNumberOfCells();
  vtkDataArray* j = mesh->GetCellData()->GetScalars();
  // The built-ins are slow on the large meshes: fewer repeats there.
  const int slowRepeats = n > 500000 ? std::min(repeats, 2) : repeats;
  char size[64];
  std::snprintf(size, sizeof size, " [%.0fk]", n / 1000.0);
  std::printf("\n== %lld triangles, SMP backend %s, %d threads, best of %d ==\n",
    static_cast<long long>(n), vtkSMPTools::GetBackend(),
    vtkSMPTools::GetEstimatedNumberOfThreads(), repeats);

  // 1. Refinement vs linear subdivision, in output cells per second.
  if (want("refine"))
  {
    const Result o = Measure(repeats, [&](Result& r) {
      vtkNew<vtkCloudMapCentroidMidpointRefinement> f;
      f->SetInputData(mesh);
      f->SetNumberOfLevels(2);
      f->Update();
      r.Count = f->GetOutput()->GetNumberOfCells();
      r.Extra = f->GetOutput()->GetActualMemorySize() * 1024.0;
    });
    const Result t = Measure(slowRepeats, [&](Result& r) {
      vtkNew<vtkLinearSubdivisionFilter> f;
      f->SetInputData(mesh);
      f->SetNumberOfSubdivisions(2);
      f->Update();
      r.Count = f->GetOutput()->GetNumberOfCells();
      r.Extra = f->GetOutput()->GetActualMemorySize() * 1024.0;
    });
    Row(std::string("Centroid Midpoint Refinement (2 levels)") + size, "Mcells/s", o,
      o.Count / o.Seconds / 1e6, t, t.Count / t.Seconds / 1e6, "vtkLinearSubdivisionFilter (2)", 20);
    std::printf("  bytes per output sub-element: ours %.1f (%.0f quads), LSF %.1f (%.0f triangles)\n",
      o.Extra / o.Count, o.Count, t.Extra / t.Count, t.Count);
  }
  // 2. Area-weighted vs plain cell-to-point averaging, in input cells per second.
  if (want("average"))
  {
    const Result o = Measure(repeats, [&](Result&) {
      vtkNew<vtkCloudMapAreaWeightedPointData> f;
      f->SetInputData(mesh);
      f->Update();
    });
    const Result t = Measure(repeats, [&](Result&) {
      vtkNew<vtkCellDataToPointData> f;
      f->SetInputData(mesh);
      f->Update();
    });
    Row(std::string("Area Weighted Point Data") + size, "Mcells/s", o, n / o.Seconds / 1e6, t,
      n / t.Seconds / 1e6, "vtkCellDataToPointData", 1);
  }
  // 3. Banding vs a 24-value lookup table, in values per second.
  if (want("band"))
  {
    const Result o = Measure(repeats, [&](Result&) {
      vtkNew<vtkCloudMapBandedColorMap> f;
      f->SetInputData(mesh);
      f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "|J|");
      f->Update();
    });
    const Result t = Measure(repeats, [&](Result&) {
      vtkNew<vtkLookupTable> lut;
      lut->SetNumberOfTableValues(24);
      lut->SetHueRange(0.667, 0.0);
      lut->SetRange(j->GetRange());
      lut->Build();
      vtkUnsignedCharArray* colors = lut->MapScalars(j, VTK_COLOR_MODE_MAP_SCALARS, -1, VTK_RGB);
      colors->Delete();
    });
    Row(std::string("Banded Color Map (24 bands)") + size, "Mvalues/s", o, n / o.Seconds / 1e6, t,
      n / t.Seconds / 1e6, "vtkLookupTable::MapScalars (24)", 1);
  }
  // 4. Exact band polygons vs the banded contour filter, on the same point field.
  if (want("exact"))
  {
    vtkNew<vtkCellDataToPointData> c2p;
    c2p->SetInputData(mesh);
    c2p->Update();
    vtkNew<vtkPolyData> pointMesh;
    pointMesh->ShallowCopy(c2p->GetOutput());
    pointMesh->GetCellData()->Initialize();
    pointMesh->GetPointData()->SetActiveScalars("|J|");
    double range[2];
    pointMesh->GetPointData()->GetArray("|J|")->GetRange(range);
    const Result o = Measure(repeats, [&](Result& r) {
      vtkNew<vtkCloudMapBandedColorMap> f;
      f->SetInputData(pointMesh);
      f->SetExactBands(true);
      f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "|J|");
      f->Update();
      r.Count = vtkPolyData::SafeDownCast(f->GetOutputDataObject(0))->GetNumberOfCells();
      r.Extra = f->GetOutputDataObject(0)->GetActualMemorySize() * 1024.0;
    });
    const Result t = Measure(slowRepeats, [&](Result& r) {
      vtkNew<vtkBandedPolyDataContourFilter> f;
      f->SetInputData(pointMesh);
      f->GenerateValues(25, range); // 25 boundaries = 24 bands
      f->ClippingOn();
      f->Update();
      r.Count = f->GetOutput()->GetNumberOfCells();
      r.Extra = f->GetOutput()->GetActualMemorySize() * 1024.0;
    });
    Row(std::string("Banded Color Map, Exact Bands (24)") + size, "Mcells/s", o,
      n / o.Seconds / 1e6, t, n / t.Seconds / 1e6, "vtkBandedPolyDataContourFilter (24)", 10);
    std::printf("  band polygons: ours %.0f (%.1f B each), built-in %.0f (%.1f B each)\n", o.Count,
      o.Extra / o.Count, t.Count, t.Extra / t.Count);
  }
  // 5. The whole chain vs the nearest ParaView-only recipe (cell-to-point,
  //    linear subdivision, 24-value lookup table), at two levels.
  if (want("chain"))
  {
    const Result o = Measure(repeats, [&](Result& r) {
      vtkNew<vtkCloudMapSurfaceCloudMap> f;
      f->SetInputData(mesh);
      f->SetNumberOfLevels(2);
      f->Update();
      r.Count = f->GetOutput()->GetNumberOfCells();
      r.Extra = f->GetOutput()->GetActualMemorySize() * 1024.0;
    });
    const Result t = Measure(slowRepeats, [&](Result& r) {
      vtkNew<vtkCellDataToPointData> c2p;
      c2p->SetInputData(mesh);
      vtkNew<vtkLinearSubdivisionFilter> sub;
      sub->SetInputConnection(c2p->GetOutputPort());
      sub->SetNumberOfSubdivisions(2);
      sub->Update();
      vtkNew<vtkLookupTable> lut;
      lut->SetNumberOfTableValues(24);
      lut->SetHueRange(0.667, 0.0);
      lut->Build();
      vtkDataArray* v = sub->GetOutput()->GetPointData()->GetArray("|J|");
      lut->SetRange(v->GetRange());
      vtkUnsignedCharArray* colors = lut->MapScalars(v, VTK_COLOR_MODE_MAP_SCALARS, -1, VTK_RGB);
      r.Count = sub->GetOutput()->GetNumberOfCells();
      r.Extra = sub->GetOutput()->GetActualMemorySize() * 1024.0 + colors->GetActualMemorySize() * 1024.0;
      colors->Delete();
    });
    Row(std::string("Surface Cloud Map, whole chain (2 levels)") + size, "Mcells/s", o,
      o.Count / o.Seconds / 1e6, t, t.Count / t.Seconds / 1e6, "CellDataToPointData+Subdivide+LUT",
      20);
    std::printf("  chain: %.2f s and %.0f MB peak per million input elements; %.1f B per output "
                "sub-element (built-in %.1f)\n",
      o.Seconds / (n / 1e6), o.PeakMB / (n / 1e6), o.Extra / o.Count, t.Extra / t.Count);
    // The exact-band chain vs ParaView's nearest: cell-to-point then banded contours.
    const Result oe = Measure(repeats, [&](Result& r) {
      vtkNew<vtkCloudMapSurfaceCloudMap> f;
      f->SetInputData(mesh);
      f->SetExactBands(true);
      f->Update();
      r.Count = f->GetOutput()->GetNumberOfCells();
    });
    const Result te = Measure(slowRepeats, [&](Result& r) {
      vtkNew<vtkCellDataToPointData> c2p;
      c2p->SetInputData(mesh);
      c2p->Update();
      double range[2];
      c2p->GetOutput()->GetPointData()->GetArray("|J|")->GetRange(range);
      vtkNew<vtkBandedPolyDataContourFilter> f;
      f->SetInputConnection(c2p->GetOutputPort());
      f->GenerateValues(25, range);
      f->ClippingOn();
      f->Update();
      r.Count = f->GetOutput()->GetNumberOfCells();
    });
    Row(std::string("Surface Cloud Map, Exact Bands chain") + size, "Mcells/s", oe,
      n / oe.Seconds / 1e6, te, n / te.Seconds / 1e6, "CellDataToPointData+BandedContour", 10);
  }

  // 6. The native reader vs VTK's legacy ASCII and XML readers on the same mesh and arrays.
  if (want("reader"))
  {
    cloudmap::SurfaceMesh sm;
    sm.Frequency = 120e6;
    for (vtkIdType p = 0; p < mesh->GetNumberOfPoints(); ++p)
    {
      const double* x = mesh->GetPoint(p);
      sm.Points.insert(sm.Points.end(), x, x + 3);
    }
    for (vtkIdType c = 0; c < n; ++c)
    {
      vtkIdType np;
      const vtkIdType* ids;
      mesh->GetCellPoints(c, np, ids);
      sm.Connectivity.insert(sm.Connectivity.end(), ids, ids + np);
      sm.Offsets.push_back(static_cast<std::int64_t>(sm.Connectivity.size()));
      const double v = j->GetComponent(c, 0);
      sm.JReal.insert(sm.JReal.end(), { v, 0.5 * v, 0.0 });
      sm.JImag.insert(sm.JImag.end(), { 0.1 * v, 0.0, -v });
    }
    const std::string cmom = dir + "/bench.cmom", legacy = dir + "/bench.vtk", xml = dir + "/bench.vtp";
    {
      const std::string text = cloudmap::FormatMoM(sm);
      FILE* f = std::fopen(cmom.c_str(), "wb");
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
    {
      vtkNew<vtkCloudMapMoMReader> ours;
      ours->SetFileName(cmom.c_str());
      ours->Update();
      vtkNew<vtkPolyDataWriter> lw;
      lw->SetInputData(ours->GetOutput());
      lw->SetFileName(legacy.c_str());
      lw->SetFileTypeToASCII();
      lw->Write();
      vtkNew<vtkXMLPolyDataWriter> xw;
      xw->SetInputData(ours->GetOutput());
      xw->SetFileName(xml.c_str());
      xw->SetDataModeToAscii();
      xw->Write();
    }
    auto fileSize = [](const std::string& p) {
      FILE* f = std::fopen(p.c_str(), "rb");
      std::fseek(f, 0, SEEK_END);
      const double s = double(std::ftell(f));
      std::fclose(f);
      return s;
    };
    const Result o = Measure(repeats, [&](Result&) {
      vtkNew<vtkCloudMapMoMReader> f;
      f->SetFileName(cmom.c_str());
      f->Update();
    });
    const Result tl = Measure(slowRepeats, [&](Result&) {
      vtkNew<vtkPolyDataReader> f;
      f->SetFileName(legacy.c_str());
      f->Update();
    });
    const Result tx = Measure(slowRepeats, [&](Result&) {
      vtkNew<vtkXMLPolyDataReader> f;
      f->SetFileName(xml.c_str());
      f->Update();
    });
    Row(std::string("native .cmom reader (MB/s of its file)") + size, "MB/s", o,
      fileSize(cmom) / o.Seconds / 1e6, tl, fileSize(legacy) / tl.Seconds / 1e6,
      "vtkPolyDataReader, legacy ASCII", 4);
    Row(std::string("native .cmom reader (Mcells/s)") + size, "Mcells/s", o, n / o.Seconds / 1e6,
      tl, n / tl.Seconds / 1e6, "vtkPolyDataReader (same content)", 4);
    Row(std::string("native .cmom reader (Mcells/s)") + size, "Mcells/s", o, n / o.Seconds / 1e6,
      tx, n / tx.Seconds / 1e6, "vtkXMLPolyDataReader, ASCII", 4);
    std::remove(cmom.c_str());
    std::remove(legacy.c_str());
    std::remove(xml.c_str());
  }
}
} // namespace

int main(int argc, char* argv[])
{
  std::vector<long> sizes;
  {
    std::stringstream list(argc > 1 ? argv[1] : "200000");
    std::string item;
    while (std::getline(list, item, ','))
      sizes.push_back(std::atol(item.c_str()));
  }
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  // Optional third argument: run only the rows whose name contains it.
  const std::string only = argc > 3 ? argv[3] : "";
  const std::string dir = argc > 4 ? argv[4] : ".";
  std::printf("CloudMap benchmark (ours | built-in | ratio); rates best of %d, peak = RSS growth "
              "of a child process per measurement\n",
    repeats);
  // Some VTK code run in this process between sizes leaves the SMP backend
  // changed; every size starts from the backend chosen at start-up.
  const std::string backend = vtkSMPTools::GetBackend();
  for (long s : sizes)
  {
    vtkSMPTools::SetBackend(backend.c_str());
    RunSize(s, repeats, only, dir);
  }
  return EXIT_SUCCESS;
}
