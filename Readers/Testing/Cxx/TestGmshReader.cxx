// SPDX-License-Identifier: BSD-3-Clause
// The Gmsh reader at VTK level: both MSH versions give the same polygons and arrays,
// the complex view pair becomes J_real/J_imag/|J|, the array selection drops views, the
// skipped element types are reported once, and pieces with ghosts cover the mesh.
// Files made by gmsh itself: MSH 1 is recognised; second-order elements are read as their
// corner elements with one warning, their views following; a data section that fails is
// one warning naming file and line, and the mesh is still output.
#include "cmCheck.h"
#include "vtkCommand.h"
#include "vtkCellData.h"
#include "vtkCellType.h"
#include "vtkCloudMapGmshReader.h"
#include "vtkDataArray.h"
#include "vtkDataArraySelection.h"
#include "vtkInformation.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace
{
/// Collects the warnings a reader reports.
class WarningLog : public vtkCommand
{
public:
  static WarningLog* New() { return new WarningLog; }
  void Execute(vtkObject*, unsigned long, void* data) override
  {
    this->Messages.emplace_back(static_cast<const char*>(data));
  }
  int Count(const char* words) const
  {
    int n = 0;
    for (const std::string& m : this->Messages)
    {
      n += m.find(words) != std::string::npos ? 1 : 0;
    }
    return n;
  }
  std::vector<std::string> Messages;
};

/// gmsh-made files: MSH 1, second order with views, and a data section that fails.
void RealFiles()
{
  const std::string data = std::string(CLOUDMAP_DATA_DIR) + "/gmsh/";
  {
    // MSH 1 ($NOD first, no $MeshFormat): CanReadFile accepts it, so File > Open reaches us.
    vtkNew<vtkCloudMapGmshReader> r;
    const std::string f = data + "gmsh_corpus_v1.msh";
    CM_CHECK(r->CanReadFile(f.c_str()) == 1);
    r->SetFileName(f.c_str());
    r->Update();
    CM_CHECK(r->GetOutput()->GetNumberOfCells() == 26 && r->GetOutput()->GetNumberOfPoints() == 24);
  }
  {
    // Second-order triangles only (as Gmsh's adaptive_tri6.msh): 8 corner triangles, one warning.
    vtkNew<vtkCloudMapGmshReader> r;
    vtkNew<WarningLog> log;
    r->AddObserver(vtkCommand::WarningEvent, log);
    r->SetFileName((data + "gmsh_corpus_tri6_v41.msh").c_str());
    r->Update();
    vtkPolyData* pd = r->GetOutput();
    CM_CHECK(pd->GetNumberOfCells() == 8 && pd->GetNumberOfPoints() == 8 &&
      pd->GetCellType(0) == VTK_TRIANGLE);
    CM_EQUAL(log->Count("higher-order"), 1);
    CM_EQUAL(log->Count("8 of type 9 (6-node triangle)"), 1);
  }
  {
    // Second order with views written by gmsh: J follows the corner elements, |J| = tag sqrt(5),
    // the node data follows the corner points (potential = x + 2y).
    vtkNew<vtkCloudMapGmshReader> r;
    vtkNew<WarningLog> log;
    r->AddObserver(vtkCommand::WarningEvent, log);
    r->SetFileName((data + "gmsh_corpus_views_v41_o2_bin.msh").c_str());
    r->Update();
    vtkPolyData* pd = r->GetOutput();
    CM_CHECK(pd->GetNumberOfCells() == 26 && pd->GetNumberOfPoints() == 24);
    vtkDataArray* jm = pd->GetCellData()->GetArray("|J|");
    vtkDataArray* tag = pd->GetCellData()->GetArray("GmshElementTag");
    vtkDataArray* phi = pd->GetCellData()->GetArray("phi");
    vtkDataArray* pot = pd->GetPointData()->GetArray("potential");
    CM_CHECK(jm && tag && phi && pot && pd->GetCellData()->GetArray("J_real") &&
      pd->GetCellData()->GetArray("J_imag"));
    if (jm && tag && phi && pot)
    {
      double worst = 0;
      for (vtkIdType c = 0; c < pd->GetNumberOfCells(); ++c)
      {
        worst = std::max(worst, std::abs(jm->GetTuple1(c) - tag->GetTuple1(c) * std::sqrt(5.0)));
      }
      for (vtkIdType p = 0; p < pd->GetNumberOfPoints(); ++p)
      {
        double x[3];
        pd->GetPoint(p, x);
        worst = std::max(worst, std::abs(pot->GetTuple1(p) - (x[0] + 2 * x[1])));
      }
      CM_CHECK(worst < 1e-12);
    }
    CM_EQUAL(log->Count("higher-order"), 1);
  }
  {
    // A data section that fails: one warning naming the file and line; the mesh is output.
    vtkNew<vtkCloudMapGmshReader> r;
    vtkNew<WarningLog> log;
    r->AddObserver(vtkCommand::WarningEvent, log);
    const std::string f = std::string(CLOUDMAP_DATA_DIR) + "/bad/gmsh_inf_data.msh";
    r->SetFileName(f.c_str());
    r->Update();
    CM_CHECK(r->GetOutput()->GetNumberOfCells() == 4 &&
      r->GetOutput()->GetCellData()->GetArray("thickness"));
    CM_EQUAL(log->Count((f + ":38: ").c_str()), 1);
    CM_EQUAL(log->Count("not a finite number"), 1);
  }
}
} // namespace

int TestGmshReader(int, char*[])
{
  RealFiles();
  for (const char* name : { "plate_v22.msh", "plate_v41.msh" })
  {
    const std::string f = std::string(CLOUDMAP_DATA_DIR) + "/gmsh/" + name;
    vtkNew<vtkCloudMapGmshReader> r;
    CM_CHECK(r->CanReadFile(f.c_str()) == 1);
    CM_CHECK(r->CanReadFile(CLOUDMAP_DATA_DIR "/feko/plate.out") == 0);
    r->SetFileName(f.c_str());
    std::printf("(a warning about skipped element types is expected next)\n");
    std::fflush(stdout);
    r->Update();
    vtkPolyData* pd = r->GetOutput();
    CM_CHECK(pd->GetNumberOfCells() == 4 && pd->GetNumberOfPoints() == 7);
    CM_CHECK(pd->GetCellType(0) == VTK_QUAD && pd->GetCellType(3) == VTK_TRIANGLE);
    vtkDataArray* jr = pd->GetCellData()->GetArray("J_real");
    vtkDataArray* jm = pd->GetCellData()->GetArray("|J|");
    vtkDataArray* tag = pd->GetCellData()->GetArray("GmshElementTag");
    CM_CHECK(jr && jr->GetNumberOfComponents() == 3 && jm && tag);
    CM_CHECK(pd->GetCellData()->GetArray("J_imag") != nullptr);
    if (jr && jm && tag)
    {
      CM_CHECK(
        jr->GetComponent(1, 0) == 2.0 && std::isnan(jm->GetTuple1(2)) && jm->GetTuple1(3) == 5.0);
      CM_CHECK(tag->GetTuple1(0) == 10 && tag->GetTuple1(3) == 35);
    }
    vtkDataArray* pot = pd->GetPointData()->GetArray("potential");
    CM_CHECK(pot && pot->GetTuple1(0) == 1.5 && std::isnan(pot->GetTuple1(1)));
    CM_CHECK(r->GetNumberOfCellArrays() >= 3 && r->GetNumberOfPointArrays() == 1);
    // Drop the complex pair: the arrays disappear, the mesh stays.
    r->SetCellArrayStatus("J_real", 0);
    r->SetCellArrayStatus("J_imag", 0);
    r->Update();
    CM_CHECK(r->GetOutput()->GetCellData()->GetArray("J_real") == nullptr);
    CM_CHECK(r->GetOutput()->GetCellData()->GetArray("|J|") != nullptr);
    CM_CHECK(r->GetOutput()->GetNumberOfCells() == 4);
    // Two pieces with ghosts: each owns 2 cells; owned cells together are the mesh.
    vtkIdType owned = 0;
    for (int p = 0; p < 2; ++p)
    {
      r->UpdatePiece(p, 2, 1);
      vtkDataArray* g = r->GetOutput()->GetCellData()->GetArray("vtkGhostType");
      for (vtkIdType c = 0; c < r->GetOutput()->GetNumberOfCells(); ++c)
      {
        owned += (!g || g->GetTuple1(c) == 0) ? 1 : 0;
      }
    }
    CM_EQUAL(owned, 4);
  }
  {
    // Binary big-endian MSH 2.2 reads like its ASCII original.
    vtkNew<vtkCloudMapGmshReader> r;
    r->SetFileName(CLOUDMAP_DATA_DIR "/gmsh/plate_v22_bin_be.msh");
    r->Update();
    vtkPolyData* pd = r->GetOutput();
    vtkDataArray* jr = pd->GetCellData()->GetArray("J_real");
    CM_CHECK(pd->GetNumberOfCells() == 4 && jr && jr->GetComponent(1, 0) == 2.0 &&
      jr->GetComponent(1, 1) == 0.5);
  }
  {
    // A 3-step view (binary MSH 4.1): the times are time steps, each shows its own values.
    vtkNew<vtkCloudMapGmshReader> r;
    r->SetFileName(CLOUDMAP_DATA_DIR "/gmsh/steps_v41_bin.msh");
    r->UpdateInformation();
    vtkInformation* info = r->GetOutputInformation(0);
    CM_CHECK(info->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) == 3);
    for (int step = 0; step < 3; ++step)
    {
      r->UpdateTimeStep(0.5 * step);
      vtkDataArray* c = r->GetOutput()->GetCellData()->GetArray("current");
      CM_CHECK(c && c->GetTuple1(1) == 2.0 * (1 + step) && c->GetTuple1(3) == 4.0 * (1 + step));
    }
  }
  return cmReport("TestGmshReader");
}
