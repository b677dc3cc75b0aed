// SPDX-License-Identifier: BSD-3-Clause
// The native reader: a file written here reads back with the right cells,
// |J| = sqrt(Σ|J_i|²), the frequency and the source names; pieces with ghost
// levels cover every element exactly once as owned; a bad file gives an
// error and an empty output.
#include "cmCheck.h"
#include "cmMoMFormat.h"
#include "vtkCellData.h"
#include "vtkCloudMapMoMReader.h"
#include "vtkDataSetAttributes.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"
#include "vtkUnsignedCharArray.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

int TestMoMReader(int, char*[])
{
  // A strip of 10 quads and 10 triangles with a known current on each.
  cm::SurfaceMesh m;
  m.Frequency = 120e6;
  for (int i = 0; i <= 20; ++i)
    for (int j = 0; j <= 1; ++j)
      m.Points.insert(m.Points.end(), { 0.1 * i, 0.1 * j, 0.0 });
  for (int i = 0; i < 20; ++i)
  {
    const std::int64_t a = 2 * i, b = 2 * i + 2, c = 2 * i + 3, d = 2 * i + 1;
    if (i % 2 == 0)
      m.Connectivity.insert(m.Connectivity.end(), { a, b, c, d });
    else
      m.Connectivity.insert(m.Connectivity.end(), { a, b, c });
    m.Offsets.push_back(static_cast<std::int64_t>(m.Connectivity.size()));
    m.JReal.insert(m.JReal.end(), { 1.0 * i, 0.5, -2.0 });
    m.JImag.insert(m.JImag.end(), { 0.0, 1.5, 0.25 * i });
  }
  m.SourceNames = { "antenna1" };
  m.SourcePositions = { 1, 0.05, 0.6 };
  const std::string path = std::string(CLOUDMAP_TEMP_DIR) + "/strip.cmom";
  {
    FILE* f = std::fopen(path.c_str(), "wb");
    const std::string text = cm::FormatMoM(m);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }

  vtkNew<vtkCloudMapMoMReader> reader;
  CM_CHECK(reader->CanReadFile(path.c_str()) == 1);
  CM_CHECK(reader->CanReadFile(CLOUDMAP_DATA_DIR "/../CMakeLists.txt") == 0);
  reader->SetFileName(path.c_str());
  reader->Update();
  vtkPolyData* out = reader->GetOutput();
  CM_CHECK(out->GetNumberOfCells() == 20);
  CM_CHECK(out->GetNumberOfPoints() == 42);
  vtkDataArray* mag = out->GetCellData()->GetArray("|J|");
  vtkDataArray* re = out->GetCellData()->GetArray("J_real");
  vtkDataArray* im = out->GetCellData()->GetArray("J_imag");
  CM_CHECK(mag && re && im && re->GetNumberOfComponents() == 3);
  for (vtkIdType c = 0; mag && c < 20; ++c)
  {
    double s = 0;
    for (int k = 0; k < 3; ++k)
      s += m.JReal[3 * c + k] * m.JReal[3 * c + k] + m.JImag[3 * c + k] * m.JImag[3 * c + k];
    CM_CHECK(std::abs(mag->GetTuple1(c) - std::sqrt(s)) < 1e-12);
    CM_CHECK(out->GetCellSize(c) == (c % 2 == 0 ? 4 : 3));
  }
  vtkDataArray* freq = out->GetFieldData()->GetArray("Frequency");
  CM_CHECK(freq && freq->GetTuple1(0) == 120e6);
  auto* names = vtkStringArray::SafeDownCast(out->GetFieldData()->GetAbstractArray("SourceNames"));
  CM_CHECK(names && names->GetValue(0) == "antenna1");

  // Three pieces with one ghost level: owned cells partition the mesh.
  std::multiset<vtkIdType> owned;
  for (int piece = 0; piece < 3; ++piece)
  {
    vtkNew<vtkCloudMapMoMReader> r;
    r->SetFileName(path.c_str());
    r->UpdatePiece(piece, 3, 1);
    vtkPolyData* p = r->GetOutput();
    vtkDataArray* ids = p->GetCellData()->GetArray("ElementId");
    vtkUnsignedCharArray* ghosts = p->GetCellGhostArray();
    CM_CHECK(ids && ghosts);
    int nGhost = 0;
    for (vtkIdType c = 0; ids && ghosts && c < p->GetNumberOfCells(); ++c)
    {
      if (ghosts->GetValue(c) & vtkDataSetAttributes::DUPLICATECELL)
        ++nGhost;
      else
        owned.insert(static_cast<vtkIdType>(ids->GetTuple1(c)));
    }
    // A strip: each inner piece has one ghost neighbour per side.
    CM_EQUAL(nGhost, (piece == 1 ? 2 : 1));
  }
  CM_EQUAL(owned.size(), 20);
  for (vtkIdType c = 0; c < 20; ++c)
    CM_EQUAL(owned.count(c), 1);

  // A broken file: error, empty output.
  const std::string bad = std::string(CLOUDMAP_TEMP_DIR) + "/broken.cmom";
  {
    FILE* f = std::fopen(bad.c_str(), "wb");
    std::fputs("CLOUDMAP-MOM 1\nFREQUENCY 1e8\nVERTICES 3\n0 0 0\n1 0 0\n", f);
    std::fclose(f);
  }
  vtkNew<vtkCloudMapMoMReader> br;
  br->SetFileName(bad.c_str());
  std::printf("(an error naming broken.cmom line 5 is expected next)\n");
  CM_CHECK(br->GetExecutive()->Update() == 0);
  CM_CHECK(br->GetOutput()->GetNumberOfCells() == 0 && br->GetOutput()->GetNumberOfPoints() == 0);

  return cmReport("TestMoMReader");
}
