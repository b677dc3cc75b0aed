// SPDX-License-Identifier: BSD-3-Clause
// The NEC-2 reader on the bundled communication vehicle, solved by nec2c at test time:
// one triangle or quad per printed patch, |J| > 0 everywhere and largest at the feed of
// antenna 1, the frequency, and CanReadFile telling NEC output from other files.
#include "../Core/cmTestFiles.h"
#include "cmCheck.h"
#include "vtkCell.h"
#include "vtkCellData.h"
#include "vtkCellType.h"
#include "vtkCloudMapNECReader.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkPolyData.h"
#include "vtkStringArray.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

/// The fed segment of nec2c's first ANTENNA INPUT PARAMETERS row and that segment's
/// centre from the SEGMENTATION DATA table (metres, 4 decimals), read line by line
/// here independently of the reader. Returns the segment number, or -1.
int PrintedFeed(const std::string& path, int& tag, double centre[3])
{
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f)
  {
    return -1;
  }
  char line[512];
  std::vector<std::string> lines;
  while (std::fgets(line, sizeof line, f))
  {
    lines.emplace_back(line);
  }
  std::fclose(f);
  int seg = -1;
  for (std::size_t i = 0; i + 3 < lines.size() && seg < 0; ++i)
  {
    if (lines[i].find("ANTENNA INPUT PARAMETERS") != std::string::npos &&
      std::sscanf(lines[i + 3].c_str(), "%d %d", &tag, &seg) != 2)
    {
      seg = -1;
    }
  }
  bool table = false;
  for (const auto& l : lines)
  {
    table = table || l.find("SEGMENTATION DATA") != std::string::npos;
    int n;
    double x, y, z;
    if (table && seg > 0 && std::sscanf(l.c_str(), "%d %lf %lf %lf", &n, &x, &y, &z) == 4 &&
      n == seg)
    {
      centre[0] = x;
      centre[1] = y;
      centre[2] = z;
      return seg;
    }
  }
  return -1;
}

/// `SourceName` and `SourcePosition[m]` of a reader output: one source, the printed feed.
void CheckSource(vtkDataObject* d, const char* what, int tag, int seg, const double centre[3])
{
  auto* names = vtkStringArray::SafeDownCast(d->GetFieldData()->GetAbstractArray("SourceName"));
  vtkDataArray* xyz = d->GetFieldData()->GetArray("SourcePosition[m]");
  CM_CHECK_MSG(names && names->GetNumberOfValues() == 1 &&
      names->GetValue(0) == "tag" + std::to_string(tag) + "_seg" + std::to_string(seg),
    std::string(what) + ": SourceName names the fed segment");
  CM_CHECK_MSG(xyz && xyz->GetNumberOfComponents() == 3 && xyz->GetNumberOfTuples() == 1,
    std::string(what) + ": SourcePosition[m] is 1 x 3");
  if (xyz && xyz->GetNumberOfTuples() == 1 && xyz->GetNumberOfComponents() == 3)
  {
    const double* p = xyz->GetTuple3(0);
    std::printf("%s: source at %.6g %.6g %.6g, printed %.4f %.4f %.4f\n", what, p[0], p[1], p[2],
      centre[0], centre[1], centre[2]);
    for (int a = 0; a < 3; ++a)
    {
      CM_CHECK_MSG(std::abs(p[a] - centre[a]) <= 5e-5, std::string(what) + ": source position");
    }
  }
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
  if (std::system(make.c_str()) != 0 || !RunNec2c(deck, out))
  {
    std::printf("FAIL: could not write or solve the vehicle: %s, then nec2c into %s\n",
      make.c_str(), out.c_str());
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
  // The driven source on the patches, the wires and the pattern table: antenna 1's fed
  // segment, at the centre nec2c printed in SEGMENTATION DATA.
  int tag = 0;
  double centre[3] = { 0, 0, 0 };
  const int seg = PrintedFeed(out, tag, centre);
  std::printf("nec2c feeds tag %d segment %d\n", tag, seg);
  CM_CHECK(seg == 1 && tag == 1);
  CheckSource(pd, "patches", tag, seg, centre);
  CheckSource(reader->GetOutputDataObject(1), "wires", tag, seg, centre);
  CheckSource(reader->GetOutputDataObject(2), "pattern", tag, seg, centre);

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
