// SPDX-License-Identifier: BSD-3-Clause
// CloudMap benchmark: each row runs our filter and the nearest VTK built-in
// on the same input in the same process and prints the throughput ratio.
//   cloudmap_bench [elements=200000] [repeats=3] [row filter] [scratch dir]
// Set VTK_SMP_BACKEND_IN_USE=STDThread and VTK_SMP_MAX_THREADS=N for threads.
#include "cmMoMFormat.h"
#include "vtkCellData.h"
#include "vtkCellDataToPointData.h"
#include "vtkCloudMapAreaWeightedPointData.h"
#include "vtkCloudMapBandedColorMap.h"
#include "vtkCloudMapCentroidMidpointRefinement.h"
#include "vtkCloudMapMoMReader.h"
#include "vtkCloudMapSurfaceCloudMap.h"
#include "vtkPolyDataReader.h"
#include "vtkPolyDataWriter.h"
#include "vtkXMLPolyDataReader.h"
#include "vtkXMLPolyDataWriter.h"
#include "vtkDoubleArray.h"
#include "vtkLinearSubdivisionFilter.h"
#include "vtkLookupTable.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkSphereSource.h"
#include "vtkTimerLog.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

namespace
{
// Best-of-N wall time of fn, in seconds.
double Time(int repeats, const std::function<void()>& fn)
{
  double best = 1e300;
  for (int r = 0; r < repeats; ++r)
  {
    const double t0 = vtkTimerLog::GetUniversalTime();
    fn();
    best = std::min(best, vtkTimerLog::GetUniversalTime() - t0);
  }
  return best;
}

void Row(const char* what, const char* unit, double ours, double theirs, const char* baseline)
{
  std::printf("%-44s %10.2f %s  | %-34s %10.2f %s | ratio %6.2fx\n", what, ours, unit, baseline,
    theirs, unit, ours / theirs);
}
} // namespace

int main(int argc, char* argv[])
{
  const long target = argc > 1 ? std::atol(argv[1]) : 200000;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
  // Optional third argument: run only the rows whose name contains it.
  const std::string only = argc > 3 ? argv[3] : "";
  auto want = [&](const char* row) { return only.empty() || std::string(row).find(only) != std::string::npos; };
  // A triangulated sphere has 2·t·(p−2) triangles for resolutions t, p.
  const int res = static_cast<int>(std::sqrt(target / 2.0)) + 2;
  vtkNew<vtkSphereSource> sphere;
  sphere->SetThetaResolution(res);
  sphere->SetPhiResolution(res);
  sphere->Update();
  vtkNew<vtkPolyData> mesh;
  mesh->ShallowCopy(sphere->GetOutput());
  mesh->GetPointData()->Initialize();
  const vtkIdType n = mesh->GetNumberOfCells();
  vtkNew<vtkDoubleArray> j;
  j->SetName("|J|");
  j->SetNumberOfTuples(n);
  for (vtkIdType c = 0; c < n; ++c)
    j->SetValue(c, std::sin(0.001 * c) + 1.5);
  mesh->GetCellData()->SetScalars(j);
  std::printf("CloudMap benchmark: %lld triangles, SMP backend %s, %d threads, best of %d\n",
    static_cast<long long>(n), vtkSMPTools::GetBackend(), vtkSMPTools::GetEstimatedNumberOfThreads(),
    repeats);

  // 1. Refinement vs linear subdivision, in output cells per second.
  if (want("refine"))
  {
    vtkNew<vtkCloudMapCentroidMidpointRefinement> ours;
    ours->SetInputData(mesh);
    ours->SetNumberOfLevels(2);
    vtkIdType oc = 0, tc = 0;
    const double to = Time(repeats, [&] {
      ours->Modified();
      ours->Update();
      oc = ours->GetOutput()->GetNumberOfCells();
    });
    vtkNew<vtkLinearSubdivisionFilter> theirs;
    theirs->SetInputData(mesh);
    theirs->SetNumberOfSubdivisions(2);
    const double tt = Time(repeats, [&] {
      theirs->Modified();
      theirs->Update();
      tc = theirs->GetOutput()->GetNumberOfCells();
    });
    Row("Centroid Midpoint Refinement (2 levels)", "Mcells/s", oc / to / 1e6, tc / tt / 1e6,
      "vtkLinearSubdivisionFilter (2)");
  }
  // 2. Area-weighted vs plain cell-to-point averaging, in input cells per second.
  if (want("average"))
  {
    vtkNew<vtkCloudMapAreaWeightedPointData> ours;
    ours->SetInputData(mesh);
    const double to = Time(repeats, [&] {
      ours->Modified();
      ours->Update();
    });
    vtkNew<vtkCellDataToPointData> theirs;
    theirs->SetInputData(mesh);
    const double tt = Time(repeats, [&] {
      theirs->Modified();
      theirs->Update();
    });
    Row("Area Weighted Point Data", "Mcells/s", n / to / 1e6, n / tt / 1e6,
      "vtkCellDataToPointData");
  }
  // 3. Banding vs a 24-value lookup table, in values per second.
  if (want("band"))
  {
    vtkNew<vtkCloudMapBandedColorMap> ours;
    ours->SetInputData(mesh);
    ours->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "|J|");
    const double to = Time(repeats, [&] {
      ours->Modified();
      ours->Update();
    });
    vtkNew<vtkLookupTable> lut;
    lut->SetNumberOfTableValues(24);
    lut->SetHueRange(0.667, 0.0);
    lut->SetRange(j->GetRange());
    lut->Build();
    const double tt = Time(repeats, [&] {
      vtkUnsignedCharArray* colors = lut->MapScalars(j, VTK_COLOR_MODE_MAP_SCALARS, -1, VTK_RGB);
      colors->Delete();
    });
    Row("Banded Color Map (24 bands)", "Mvalues/s", n / to / 1e6, n / tt / 1e6,
      "vtkLookupTable::MapScalars (24)");
  }
  // 4. The whole chain vs the nearest ParaView-only recipe (cell-to-point,
  //    linear subdivision, 24-value lookup table), at equal refinement.
  if (want("chain"))
  {
    vtkNew<vtkCloudMapSurfaceCloudMap> ours;
    ours->SetInputData(mesh);
    ours->SetNumberOfLevels(2);
    vtkIdType oc = 0;
    const double to = Time(repeats, [&] {
      ours->Modified();
      ours->Update();
      oc = ours->GetOutput()->GetNumberOfCells();
    });
    vtkNew<vtkCellDataToPointData> c2p;
    c2p->SetInputData(mesh);
    vtkNew<vtkLinearSubdivisionFilter> sub;
    sub->SetInputConnection(c2p->GetOutputPort());
    sub->SetNumberOfSubdivisions(2);
    vtkNew<vtkLookupTable> lut;
    lut->SetNumberOfTableValues(24);
    lut->SetHueRange(0.667, 0.0);
    lut->Build();
    vtkIdType tc = 0;
    const double tt = Time(repeats, [&] {
      c2p->Modified();
      sub->Update();
      vtkDataArray* v = sub->GetOutput()->GetPointData()->GetArray("|J|");
      lut->SetRange(v->GetRange());
      vtkUnsignedCharArray* colors = lut->MapScalars(v, VTK_COLOR_MODE_MAP_SCALARS, -1, VTK_RGB);
      colors->Delete();
      tc = sub->GetOutput()->GetNumberOfCells();
    });
    Row("Surface Cloud Map, whole chain (2 levels)", "Mcells/s", oc / to / 1e6, tc / tt / 1e6,
      "CellDataToPointData+Subdivide+LUT");
  }

  // 5. The native reader vs VTK's legacy ASCII and XML readers on the same mesh and arrays.
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
      const double v = j->GetValue(c);
      sm.JReal.insert(sm.JReal.end(), { v, 0.5 * v, 0.0 });
      sm.JImag.insert(sm.JImag.end(), { 0.1 * v, 0.0, -v });
    }
    const std::string dir = argc > 4 ? argv[4] : ".";
    const std::string cmom = dir + "/bench.cmom", legacy = dir + "/bench.vtk", xml = dir + "/bench.vtp";
    {
      const std::string text = cloudmap::FormatMoM(sm);
      FILE* f = std::fopen(cmom.c_str(), "wb");
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
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
    auto size = [](const std::string& p) {
      FILE* f = std::fopen(p.c_str(), "rb");
      std::fseek(f, 0, SEEK_END);
      const double s = double(std::ftell(f));
      std::fclose(f);
      return s;
    };
    const double to = Time(repeats, [&] {
      ours->Modified();
      ours->Update();
    });
    vtkNew<vtkPolyDataReader> lr;
    lr->SetFileName(legacy.c_str());
    const double tl = Time(repeats, [&] {
      lr->Modified();
      lr->Update();
    });
    vtkNew<vtkXMLPolyDataReader> xr;
    xr->SetFileName(xml.c_str());
    const double tx = Time(repeats, [&] {
      xr->Modified();
      xr->Update();
    });
    Row("native .cmom reader (MB/s of its file)", "MB/s", size(cmom) / to / 1e6,
      size(legacy) / tl / 1e6, "vtkPolyDataReader, legacy ASCII");
    Row("native .cmom reader (Mcells/s)", "Mcells/s", n / to / 1e6, n / tl / 1e6,
      "vtkPolyDataReader (same content)");
    Row("native .cmom reader (Mcells/s)", "Mcells/s", n / to / 1e6, n / tx / 1e6,
      "vtkXMLPolyDataReader, ASCII");
  }
  return EXIT_SUCCESS;
}
