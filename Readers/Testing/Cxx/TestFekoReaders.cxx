// SPDX-License-Identifier: BSD-3-Clause
// The FEKO readers at VTK level: .ffe blocks as time steps of the far-field table,
// .out triangles with currents (and CanReadFile telling FEKO's .out from nec2c's), .os
// samples on two ports, and pieces.
#include "cmCheck.h"
#include "vtkCellData.h"
#include "vtkCloudMapFEKOCurrentsReader.h"
#include "vtkCloudMapFEKOFarFieldReader.h"
#include "vtkCloudMapFEKOReader.h"
#include "vtkCloudMapNECReader.h"
#include "vtkDataArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

int TestFekoReaders(int, char*[])
{
  const std::string data = CLOUDMAP_DATA_DIR "/";
  {
    vtkNew<vtkCloudMapFEKOFarFieldReader> r;
    const std::string f = data + "feko/dipole_format3.ffe";
    CM_CHECK(r->CanReadFile(f.c_str()) == 1);
    CM_CHECK(r->CanReadFile((data + "feko/plate.out").c_str()) == 0);
    r->SetFileName(f.c_str());
    r->UpdateInformation();
    vtkInformation* info = r->GetOutputInformation(0);
    CM_CHECK(info->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) == 2);
    r->UpdateTimeStep(1.5e9);
    vtkTable* t = r->GetOutput();
    CM_CHECK(t->GetNumberOfRows() == 6);
    CM_CHECK(t->GetFieldData()->GetArray("Frequency")->GetTuple1(0) == 1.5e9);
    auto* kind = vtkStringArray::SafeDownCast(t->GetFieldData()->GetAbstractArray("GainKind"));
    auto* name = vtkStringArray::SafeDownCast(t->GetFieldData()->GetAbstractArray("RequestName"));
    CM_CHECK(kind && kind->GetValue(0) == "Gain" && name && name->GetValue(0) == "FarField1");
    // Row 2 (θ = 90, φ = 0) of the second block: Etheta = 1.0 - 0.25j.
    vtkDataArray* re = vtkDataArray::SafeDownCast(t->GetColumnByName("Etheta_re"));
    vtkDataArray* e = vtkDataArray::SafeDownCast(t->GetColumnByName("|E|"));
    CM_CHECK(
      re && re->GetTuple1(1) == 1.0 && std::abs(e->GetTuple1(1) - std::hypot(1.0, 0.25)) < 1e-15);
    CM_CHECK(t->GetColumnByName("Gain_theta") && t->GetColumnByName("Gain_phi") &&
      t->GetColumnByName("Gain"));
    r->UpdatePiece(1, 2, 0);
    CM_CHECK(r->GetOutput()->GetNumberOfRows() == 0);
  }
  {
    vtkNew<vtkCloudMapFEKOReader> r;
    vtkNew<vtkCloudMapNECReader> nec;
    const std::string f = data + "feko/plate.out", n = data + "nec/box_sm.out";
    CM_CHECK(r->CanReadFile(f.c_str()) == 1 && nec->CanReadFile(f.c_str()) == 0);
    CM_CHECK(r->CanReadFile(n.c_str()) == 0 && nec->CanReadFile(n.c_str()) == 1);
    r->SetFileName(f.c_str());
    r->Update();
    vtkPolyData* pd = r->GetOutput();
    CM_CHECK(pd->GetNumberOfCells() == 4 && pd->GetNumberOfPoints() == 5);
    vtkDataArray* j = pd->GetCellData()->GetArray("|J|");
    CM_CHECK(j && std::abs(j->GetTuple1(0) - std::hypot(1e-2, 2e-3)) < 1e-15);
    CM_CHECK(pd->GetFieldData()->GetArray("Frequency")->GetTuple1(0) == 1e8);
  }
  {
    // FEKO 2022 layout: two frequencies (time steps), two tables at 600 MHz.
    vtkNew<vtkCloudMapFEKOReader> r;
    const std::string f = data + "feko/strip_altair.out";
    CM_CHECK(r->CanReadFile(f.c_str()) == 1);
    r->SetFileName(f.c_str());
    r->UpdateInformation();
    vtkInformation* info = r->GetOutputInformation(0);
    CM_CHECK(info->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) == 2);
    r->UpdateTimeStep(6e8);
    vtkPolyData* pd = r->GetOutput();
    auto name = [&]() {
      vtkStringArray* a =
        vtkStringArray::SafeDownCast(pd->GetFieldData()->GetAbstractArray("RequestName"));
      return a ? a->GetValue(0) : std::string("?");
    };
    CM_CHECK(pd->GetNumberOfCells() == 16 && name() == "Currents1 (Port1)");
    const double port = pd->GetCellData()->GetArray("|J|")->GetTuple1(7);
    r->SetRequestIndex(1);
    r->UpdateTimeStep(6e8);
    pd = r->GetOutput();
    CM_CHECK(pd->GetNumberOfCells() == 16 && name() == "Currents1 (PlaneWave1)");
    CM_CHECK(
      pd->GetCellData()->GetArray("|J|")->GetTuple1(7) < 0.01 * port); // the weak plane-wave table
    r->SetRequestIndex(2);
    r->UpdateTimeStep(6e8);
    CM_CHECK(r->GetOutput()->GetNumberOfCells() == 0); // out of range: empty, with a warning
  }
  {
    // NOTE 34055: the mesh alone, no current arrays.
    vtkNew<vtkCloudMapFEKOReader> r;
    r->SetFileName((data + "feko/plate_2017_deactivated.out").c_str());
    r->Update();
    vtkPolyData* pd = r->GetOutput();
    CM_CHECK(pd->GetNumberOfCells() == 4 && !pd->GetCellData()->GetArray("|J|"));
    CM_CHECK(pd->GetCellData()->GetArray("ElementId"));
  }
  {
    vtkNew<vtkCloudMapFEKOCurrentsReader> r;
    const std::string f = data + "feko/plate_currents.os";
    CM_CHECK(r->CanReadFile(f.c_str()) == 1);
    r->SetFileName(f.c_str());
    r->Update();
    vtkPolyData* e = vtkPolyData::SafeDownCast(r->GetOutputDataObject(0));
    vtkPolyData* m = vtkPolyData::SafeDownCast(r->GetOutputDataObject(1));
    CM_CHECK(
      e->GetNumberOfPoints() == 3 && e->GetNumberOfVerts() == 3 && m->GetNumberOfPoints() == 2);
    CM_CHECK(e->GetPointData()->GetArray("J_real") && m->GetPointData()->GetArray("|M|"));
    CM_CHECK(e->GetPointData()->GetArray("TriangleNumber")->GetTuple1(2) == 5);
    CM_CHECK(m->GetPointData()->GetArray("|M|")->GetTuple1(1) == 5.0);
    r->UpdatePiece(1, 2, 0);
    CM_CHECK(vtkPolyData::SafeDownCast(r->GetOutputDataObject(0))->GetNumberOfPoints() == 2);
  }
  {
    // An .ol charge export: scalar Q arrays and the triangle areas on output 0.
    vtkNew<vtkCloudMapFEKOCurrentsReader> r;
    const std::string f = data + "feko/strip_altair.ol";
    CM_CHECK(r->CanReadFile(f.c_str()) == 1);
    r->SetFileName(f.c_str());
    r->Update();
    vtkPolyData* q = vtkPolyData::SafeDownCast(r->GetOutputDataObject(0));
    vtkDataArray* re = q->GetPointData()->GetArray("Q_real");
    vtkDataArray* area = q->GetPointData()->GetArray("SurfaceArea");
    CM_CHECK(q->GetNumberOfPoints() == 16 && re && re->GetNumberOfComponents() == 1 && area);
    CM_CHECK(
      q->GetPointData()->GetArray("|Q|") && area && std::abs(area->GetTuple1(0) - 3.75e-5) < 1e-18);
  }
  return cmReport("TestFekoReaders");
}
