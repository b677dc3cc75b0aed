// SPDX-License-Identifier: BSD-3-Clause
// The NEC-2 reader on the bundled communication vehicle, solved by nec2c at test time:
// one triangle or quad per printed patch, |J| > 0 everywhere and largest at the feed of
// antenna 1, the frequency, and CanReadFile telling NEC output from other files.
#include "cmCheck.h"
#include "vtkCell.h"
#include "vtkCellData.h"
#include "vtkCellType.h"
#include "vtkCloudMapNECReader.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkPolyData.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace
{
/// Rows of nec2c's SURFACE PATCH CURRENTS table (14 fields starting with an integer).
int PrintedPatches(const std::string& path)
{
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f)
  {
    return -1;
  }
  char line[512];
  bool in = false;
  int rows = 0;
  while (std::fgets(line, sizeof line, f))
  {
    if (std::strstr(line, "SURFACE PATCH CURRENTS"))
    {
      in = true;
      continue;
    }
    int n, fields = 0;
    char* p = line;
    for (char* t = std::strtok(p, " \r\n"); t; t = std::strtok(nullptr, " \r\n"))
    {
      ++fields;
    }
    if (in && fields == 14 && std::sscanf(line, "%d", &n) == 1)
    {
      ++rows;
    }
    else if (in && rows > 0)
    {
      break;
    }
  }
  std::fclose(f);
  return rows;
}

void Write(const std::string& path, const char* text)
{
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fputs(text, f);
  std::fclose(f);
}
} // namespace

int TestNecReader(int, char*[])
{
  const std::string tmp = CLOUDMAP_TEMP_DIR;
  const std::string deck = tmp + "/vehicle.nec", out = tmp + "/vehicle.out";
  std::remove(out.c_str());
  const std::string make = std::string("python3 \"") + CLOUDMAP_DATA_DIR +
    "/../../Examples/vehicle/make_vehicle.py\" \"" + deck + "\"";
  const std::string solve =
    std::string("\"") + NEC2C_EXECUTABLE + "\" -i \"" + deck + "\" -o \"" + out + "\" > /dev/null";
  if (std::system(make.c_str()) != 0 || std::system(solve.c_str()) != 0)
  {
    std::printf("FAIL: could not write or solve the vehicle: %s && %s\n", make.c_str(), solve.c_str());
    return EXIT_FAILURE;
  }
  const int printed = PrintedPatches(out);
  std::printf("nec2c printed currents on %d patches\n", printed);
  CM_CHECK(printed > 800);

  vtkNew<vtkCloudMapNECReader> reader;
  CM_CHECK(reader->CanReadFile(out.c_str()) == 1);
  reader->SetFileName(out.c_str());
  reader->Update();
  vtkPolyData* pd = reader->GetOutput();
  CM_CHECK(pd->GetNumberOfCells() == printed);
  vtkIdType quads = 0, triangles = 0;
  for (vtkIdType c = 0; c < pd->GetNumberOfCells(); ++c)
  {
    const int type = pd->GetCellType(c);
    quads += type == VTK_QUAD;
    triangles += type == VTK_TRIANGLE;
  }
  CM_CHECK(quads + triangles == pd->GetNumberOfCells() && quads > 0 && triangles > 0);

  vtkDataArray* mag = pd->GetCellData()->GetArray("|J|");
  CM_CHECK(mag && mag->GetNumberOfTuples() == pd->GetNumberOfCells());
  vtkIdType top = -1;
  for (vtkIdType c = 0; mag && c < mag->GetNumberOfTuples(); ++c)
  {
    CM_CHECK(mag->GetTuple1(c) > 0);
    top = (top < 0 || mag->GetTuple1(c) > mag->GetTuple1(top)) ? c : top;
  }
  // The strongest current flows on the 4 quarter patches under antenna 1's feed,
  // whose base stands at (1.875, 0.125, 2.3) on the roof.
  if (top >= 0)
  {
    double b[6];
    pd->GetCell(top)->GetBounds(b);
    const double dx = 0.5 * (b[0] + b[1]) - 1.875, dy = 0.5 * (b[2] + b[3]) - 0.125,
                 dz = 0.5 * (b[4] + b[5]) - 2.3;
    std::printf("largest |J| = %g A/m on patch %lld, %.3f m from the feed\n", mag->GetTuple1(top),
      static_cast<long long>(top + 1), std::sqrt(dx * dx + dy * dy + dz * dz));
    CM_CHECK(std::sqrt(dx * dx + dy * dy + dz * dz) < 0.15);
  }
  vtkDataArray* freq = pd->GetFieldData()->GetArray("Frequency");
  CM_CHECK(freq && freq->GetTuple1(0) == 120e6);
  CM_CHECK(pd->GetFieldData()->GetAbstractArray("SourceNames") != nullptr);

  // Other files sharing the extension, or not: refused by CanReadFile, and by RequestData.
  const std::string cmom = tmp + "/not_nec.cmom", text = tmp + "/not_nec.out";
  Write(cmom, "CLOUDMAP-MOM 1\nFREQUENCY 120e6\nVERTICES 0\nELEMENTS 0\nEND\n");
  Write(text, "Solver log\nIteration 1: residual 1.0e-3\nIteration 2: residual 1.0e-7\n");
  CM_CHECK(reader->CanReadFile(cmom.c_str()) == 0);
  CM_CHECK(reader->CanReadFile(text.c_str()) == 0);
  CM_CHECK(reader->CanReadFile((tmp + "/no_such_file.out").c_str()) == 0);
  vtkNew<vtkCloudMapNECReader> bad;
  bad->SetFileName(text.c_str());
  std::printf("(an error naming not_nec.out is expected next)\n");
  std::fflush(stdout);
  CM_CHECK(bad->GetExecutive()->Update() == 0);
  CM_CHECK(bad->GetOutput()->GetNumberOfCells() == 0);

  return cmReport("TestNecReader");
}
