// SPDX-License-Identifier: BSD-3-Clause
// The Gmsh reader at VTK level: both MSH versions give the same polygons and arrays,
// the complex view pair becomes J_real/J_imag/|J|, the array selection drops views, the
// skipped element types are reported once, and pieces with ghosts cover the mesh.
#include "cmCheck.h"
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

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

int TestGmshReader(int, char*[])
{
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
      CM_CHECK(jr->GetComponent(1, 0) == 2.0 && std::isnan(jm->GetTuple1(2)) && jm->GetTuple1(3) == 5.0);
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
    CM_CHECK(pd->GetNumberOfCells() == 4 && jr && jr->GetComponent(1, 0) == 2.0 && jr->GetComponent(1, 1) == 0.5);
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
