// SPDX-License-Identifier: BSD-3-Clause
// The benchmark's large FEKO files (bench_reader_files.h): the layouts are copied from
// Testing/Data/feko/strip_altair.out, dipole_format3.ffe and strip_altair.os, which copy
// real FEKO runs (docs/formats/solver-files.md lists the public files behind them).
#include "bench_reader_files.h"

#include "cmFekoFormat.h"
#include "cmFekoNearField.h"
#include "cmHfssFarField.h"
#include "cmTextScan.h"
#include "vtkCloudMapFEKOCurrentsReader.h"
#include "vtkCloudMapFEKOFarFieldReader.h"
#include "vtkCloudMapFEKONearFieldReader.h"
#include "vtkCloudMapFEKOReader.h"
#include "vtkCloudMapHFSSFarFieldReader.h"
#include "vtkCloudMapMSIPlanetReader.h"
#include "vtkDataSet.h"
#include "vtkNew.h"
#include "vtkSMPTools.h"
#include "vtkTable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>

namespace benchfiles
{
namespace
{
FILE* Open(const std::string& path)
{
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f)
  {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(EXIT_FAILURE);
  }
  return f;
}

/// "%.{digits}E" with FEKO's 3-digit exponent ("1.00000000E+009"), as its .ffe and .os print.
void Exp3(char* out, std::size_t n, double v, int digits)
{
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*E", digits, v);
  char* e = std::strchr(buf, 'E');
  if (e && std::strlen(e + 2) == 2)
  {
    // the mantissa, 'E' and the sign, then a '0' before the two digits
    std::snprintf(out, n, "%.*s0%s", static_cast<int>(e + 2 - buf), buf, e + 2);
    return;
  }
  std::snprintf(out, n, "%s", buf);
}

/// The plate: nx by ny cells of 1 cm, two triangles each.
struct Plate
{
  int Nx = 2, Ny = 1;
  long Triangles() const { return 2L * this->Nx * this->Ny; }
  /// Corner k of triangle t (0-based), in metres.
  void Corner(long t, int k, double* p) const
  {
    const long cell = t / 2;
    const int i = static_cast<int>(cell % this->Nx), j = static_cast<int>(cell / this->Nx);
    static const int lower[3][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 } };
    static const int upper[3][2] = { { 0, 0 }, { 1, 1 }, { 0, 1 } };
    const int(*c)[2] = t % 2 == 0 ? lower : upper;
    p[0] = 0.01 * (i + c[k][0]);
    p[1] = 0.01 * (j + c[k][1]);
    p[2] = 0.0;
  }
};

Plate PlateOf(long triangles)
{
  Plate p;
  const long cells = std::max(1L, triangles / 2);
  p.Nx = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(cells))));
  p.Ny = static_cast<int>(std::max(1L, cells / p.Nx));
  return p;
}

void WriteOutHeader(FILE* f, const Plate& plate)
{
  std::fprintf(f,
    "Altair Feko - Solver (seq) Version 2022.1-123 from 2022-03-01\n"
    "          Altair Feko - PREFEKO Version 2022.1-45 from 2022-03-01 [FEK: default 170; used "
    "170] BINARY\n"
    "          CADFEKO version 2022.1-200 (x64) from 2022-03-02\n"
    "          Copyright (c) 1999-2014 Altair Development S.A. (Pty) Ltd\n"
    "          Copyright (c) 2014-2022 Altair Engineering, Inc.\n"
    "Computer: PC WIN64 EM64T MKL -- cloudmap_bench\n"
    "Threads:  OpenMP threading not used\n"
    "Date:     2026-12-07 10:00:00\n"
    "File:     bench_plate\n"
    " Licence:  Altair Simulation Products\n\n"
    "          Surface of all triangles in m*m:     %.5E\n\n\n"
    "                         DATA OF THE METALLIC TRIANGLES\n\n"
    " no.       label     x1 in m     y1 in m     z1 in m       edges \n"
    "          medium     x2 in m     y2 in m     z2 in m\n"
    "          medium     x3 in m     y3 in m     z3 in m\n"
    "                       nx          ny          nz          area in m*m\n",
    plate.Triangles() * 5e-5);
  double p[3][3];
  for (long t = 0; t < plate.Triangles(); ++t)
  {
    for (int k = 0; k < 3; ++k)
    {
      plate.Corner(t, k, p[k]);
    }
    std::fprintf(f,
      "%9ld  strip%12.4E%12.4E%12.4E%13ld\n"
      "          Free s%12.4E%12.4E%12.4E\n"
      "          Free s%12.4E%12.4E%12.4E\n"
      "                %12.4E%12.4E%12.4E%17.4E\n",
      t + 1, p[0][0], p[0][1], p[0][2], t + 1, p[1][0], p[1][1], p[1][2], p[2][0], p[2][1], p[2][2],
      0.0, 0.0, 1.0, 5e-5);
  }
  std::fprintf(f,
    "\n\n                                DATA FOR MEMORY USAGE\n\n"
    " Number of metallic triangles:    %12ld                                max. triangles:    "
    "MAXNDR    = %8ld\n"
    " Number of metallic segments:                0                                max. segments:  "
    "   MAXNSEG   =        0\n",
    plate.Triangles(), plate.Triangles());
}

void WriteOutFrequency(FILE* f, const Plate& plate, int k)
{
  const double hz = 5e8 + 1e8 * k;
  std::fprintf(f,
    "\n\n                    EXCITATION BY INCIDENT PLANE ELECTROMAGNETIC WAVE\n\n"
    " Name:                          PlaneWave1\n"
    " Excitation index:              1\n"
    " Frequency in Hz:               FREQ =    %.5E\n"
    " Wavelength in m:               LAMBDA =  %.5E\n\n\n"
    " Current request with name: Currents1\n\n\n"
    "           VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES in A/m (no averaging)          "
    "\n\n"
    "Triangle        centre                                     JX                JY           "
    "     JZ         Current magnitude in the\n"
    "number           x/m          y/m          z/m      magn.    phase    magn.    phase    "
    "magn.    phase    3 corner points\n",
    hz, 299792458.0 / hz);
  double p[3][3];
  for (long t = 0; t < plate.Triangles(); ++t)
  {
    double c[3] = { 0, 0, 0 };
    for (int a = 0; a < 3; ++a)
    {
      plate.Corner(t, a, p[a]);
      for (int d = 0; d < 3; ++d)
      {
        c[d] += p[a][d] / 3;
      }
    }
    // A smooth current pattern that changes with the frequency.
    const double jx = 1e-2 * (1.5 + std::sin(3 * c[0] + k) * std::cos(2 * c[1])),
                 jy = 1e-1 * (1.2 + std::cos(c[1] - k)), ph = std::fmod(40.0 * c[0] + 7 * k, 180);
    std::fprintf(f, "%9ld%14.5E%13.5E%13.5E%10.3E%8.2f%10.3E%8.2f%10.3E%8.2f%13.3E%11.3E%11.3E\n",
      t + 1, c[0], c[1], c[2], jx, ph, jy, -ph, 0.0, 0.0, jy, jy, jx);
  }
  std::fprintf(f,
    "\n\n\n          VALUES OF THE SURFACE CHARGE DENSITY ON TRIANGLES in As/m^2\n\n"
    "Triangle            SIGMA\nnumber         magn.      phase\n");
  for (long t = 0; t < plate.Triangles(); ++t)
  {
    std::fprintf(f, "%9ld%15.5E%8.2f\n", t + 1, 1e-8 * (1 + (t % 7)), 84.0);
  }
  std::fprintf(f,
    "\n\n\n                              SUMMARY OF LOSSES\n\n"
    "          Metallic elements:                          0.0000E+00 W\n"
    "                Sum of all losses:                    0.0000E+00 W\n");
}
} // namespace

void WriteFekoOut(const std::string& path, long elements)
{
  FILE* f = Open(path);
  const Plate plate = PlateOf(std::max(2L, elements * 11 / 20));
  WriteOutHeader(f, plate);
  for (int k = 0; k < 4; ++k)
  {
    WriteOutFrequency(f, plate, k);
  }
  std::fprintf(f,
    "\n\n                    SUMMARY OF REQUIRED TIMES IN SECONDS\n\n"
    "                         total times:           0.118         0.118\n\n"
    "Finished: 2026-12-07 10:00:01\n");
  std::fclose(f);
}

void WriteFekoFfe(const std::string& path, long elements)
{
  FILE* f = Open(path);
  const int nTheta = 91, blocks = 8;
  // 9 columns of 18 characters: about 170 bytes a row, 500 bytes per element in all.
  const long nPhi = std::max(2L, elements * 560 / 170 / blocks / nTheta);
  std::fprintf(f,
    "##File Type: Far field\n##File Format: 3\n##Source: bench_array\n"
    "##Date: 2026-12-07 10:00:00\n** File exported by FEKO kernel version 7.0.1-482\n");
  char v[9][32];
  for (int b = 0; b < blocks; ++b)
  {
    char hz[32];
    Exp3(hz, sizeof hz, 1e9 + 1e8 * b, 8);
    std::fprintf(f,
      "\n#Request Name: FarField1\n#Frequency:   %s\n#Coordinate System: Spherical\n"
      "#No. of Theta Samples: %d\n#No. of Phi Samples: %ld\n#Result Type: Gain\n"
      "#No. of Header Lines: 1\n"
      "#                 \"Theta\"           \"Phi\"             \"Re(Etheta)\"      "
      "\"Im(Etheta)\"      \"Re(Ephi)\"        \"Im(Ephi)\"        \"Gain(Theta)\"     "
      "\"Gain(Phi)\"       \"Gain(Total)\"\n",
      hz, nTheta, nPhi);
    for (long p = 0; p < nPhi; ++p)
    {
      const double phi = 360.0 * p / nPhi;
      for (int t = 0; t < nTheta; ++t)
      {
        const double theta = 2.0 * t, s = std::sin(theta * M_PI / 180);
        const double et = s * std::cos(phi * M_PI / 180 + b),
                     ep = 0.3 * s * std::sin(phi * M_PI / 180);
        const double g = 10 * std::log10(std::max(1e-30, 1.64 * (et * et + ep * ep)));
        const double gt = 10 * std::log10(std::max(1e-30, 1.64 * et * et));
        const double gp = 10 * std::log10(std::max(1e-30, 1.64 * ep * ep));
        const double x[9] = { theta, phi, et, -0.5 * et, ep, 0.25 * ep, std::max(gt, -300.0),
          std::max(gp, -300.0), std::max(g, -300.0) };
        for (int c = 0; c < 9; ++c)
        {
          Exp3(v[c], sizeof v[c], x[c], 8);
        }
        std::fprintf(f, "   %s   %s   %s   %s   %s   %s   %s   %s   %s\n", v[0], v[1], v[2], v[3],
          v[4], v[5], v[6], v[7], v[8]);
      }
    }
  }
  std::fclose(f);
}

void WriteFekoOs(const std::string& path, long elements)
{
  FILE* f = Open(path);
  const Plate plate = PlateOf(std::max(2L, elements * 11 / 20));
  std::fprintf(f,
    "##File Type: Currents\n##File Format: 6\n##Source: bench_plate\n"
    "##Date: 2026-12-07 10:00:00\n"
    "** File exported by Altair Feko - Solver (seq) Version 2022.1-123 from 2022-03-01\n\n");
  char v[12][32];
  double p[3][3];
  for (int k = 0; k < 4; ++k)
  {
    char hz[32];
    Exp3(hz, sizeof hz, 5e8 + 1e8 * k, 8);
    std::fprintf(f,
      "\n#Configuration Name: StandardConfiguration1\n#Request Name: Currents1\n"
      "#Frequency:   %s\n#No. of Electric Current Triangle Samples: %ld\n"
      "#No. of Header Lines: 1\n"
      "#     \"Num\"                \"X\"                \"Y\"                \"Z\"           "
      "\"Re(Jx)\"           \"Im(Jx)\"           \"Re(Jy)\"           \"Im(Jy)\"           "
      "\"Re(Jz)\"           \"Im(Jz)\"      \"Abs(Jcorn1)\"      \"Abs(Jcorn2)\"      "
      "\"Abs(Jcorn3)\"\n",
      hz, plate.Triangles());
    for (long t = 0; t < plate.Triangles(); ++t)
    {
      double c[3] = { 0, 0, 0 };
      for (int a = 0; a < 3; ++a)
      {
        plate.Corner(t, a, p[a]);
        for (int d = 0; d < 3; ++d)
        {
          c[d] += p[a][d] / 3;
        }
      }
      const double jx = 1e-2 * (1.5 + std::sin(3 * c[0] + k) * std::cos(2 * c[1])),
                   jy = 1e-1 * (1.2 + std::cos(c[1] - k));
      const double x[12] = { c[0], c[1], c[2], jx, -0.3 * jx, jy, 0.1 * jy, 0.0, 0.0, jy, jy, jx };
      for (int a = 0; a < 12; ++a)
      {
        Exp3(v[a], sizeof v[a], x[a], 8);
      }
      std::fprintf(f, "%12ld", t + 1);
      for (int a = 0; a < 12; ++a)
      {
        std::fprintf(f, "%19s", v[a]);
      }
      std::fputc('\n', f);
    }
  }
  std::fclose(f);
}

void WriteFekoEfe(const std::string& path, long elements)
{
  FILE* f = Open(path);
  // 9 columns of 19 characters: 172 bytes a row; 4 frequencies of nx x ny x nz points.
  const long rows = std::max(8L, elements * 560 / 172 / 4);
  const long nx = 50, ny = 50, nz = std::max(1L, rows / (nx * ny));
  std::fprintf(f,
    "##File Type: Electric near field\n##File Format: 6\n##Source: bench_array\n"
    "##Date: 2026-12-07 10:00:00  \n"
    "** File exported by Altair Feko - Solver (seq) Version 2019.1-338 from 2019-06-07\n\n");
  char v[9][32];
  for (int k = 0; k < 4; ++k)
  {
    char hz[32];
    Exp3(hz, sizeof hz, 3e8 + 1e8 * k, 8);
    std::fprintf(f,
      "\n#Configuration Name: StandardConfiguration1\n#Request Name: NearField1\n"
      "#Frequency:   %s\n#Coordinate System: Cartesian\n#No. of X Samples: %ld\n"
      "#No. of Y Samples: %ld\n#No. of Z Samples: %ld\n#Result Type: Electric Field Values\n"
      "#No. of Header Lines: 1\n"
      "#         \"X\"                \"Y\"                \"Z\"              \"Re(Ex)\"       "
      "    \"Im(Ex)\"           \"Re(Ey)\"           \"Im(Ey)\"           \"Re(Ez)\"        "
      "   \"Im(Ez)\"    \n",
      hz, nx, ny, nz);
    for (long c = 0; c < nx * ny * nz; ++c)
    {
      // FEKO's near-field order: x fastest, then y, then z.
      const double x = -0.5 + 0.02 * static_cast<double>(c % nx),
                   y = -0.5 + 0.02 * static_cast<double>(c / nx % ny),
                   z = -0.5 + 0.02 * static_cast<double>(c / (nx * ny));
      const double r = 0.3 + std::sqrt(x * x + y * y + z * z), a = 1.0 / r;
      const double x9[9] = { x, y, z, a * std::cos(6 * r + k), -a * std::sin(6 * r + k),
        0.5 * a * std::cos(5 * r), 0.5 * a * std::sin(5 * r), -a * z, a * y };
      for (int d = 0; d < 9; ++d)
      {
        Exp3(v[d], sizeof v[d], x9[d], 8);
      }
      std::fprintf(f, "%19s%19s%19s%19s%19s%19s%19s%19s%19s\n", v[0], v[1], v[2], v[3], v[4], v[5],
        v[6], v[7], v[8]);
    }
  }
  std::fclose(f);
}

void WriteHfssFfd(const std::string& path, long elements)
{
  FILE* f = Open(path);
  // 4 values of 22 characters: 90 bytes a row; theta -180..180 by 1 degree, the outer
  // loop; phi -180..180 (exportfield_0.ffd of pyaedt-examples: "-180 180 73" twice, one
  // frequency).
  const long nTheta = 361, nPhi = std::max(2L, elements * 560 / 90 / nTheta);
  std::fprintf(f, "-180 180 %ld\n-180 180 %ld\nFrequencies 1\nFrequency 5.000000000000000e+09\n",
    nTheta, nPhi);
  for (long t = 0; t < nTheta; ++t)
  {
    const double th = (-180.0 + static_cast<double>(t)) * M_PI / 180, s = std::sin(th);
    for (long p = 0; p < nPhi; ++p)
    {
      const double ph = M_PI * (2 * static_cast<double>(p) / static_cast<double>(nPhi - 1) - 1);
      std::fprintf(f, "%.15e %.15e %.15e %.15e\n", s * std::cos(ph), -0.3 * s,
        0.2 * s * std::sin(ph), 0.1 * std::cos(th));
    }
  }
  std::fclose(f);
}

void WriteMsi(const std::string& path, long)
{
  // Testing/Data/msi/sector_65_18.msi (its layout: CRLF, KEY value lines, then the two
  // cuts of 360 rows): an analytic 3GPP sector.
  FILE* f = Open(path);
  std::fprintf(f,
    "NAME SECTOR-65-18\r\nMAKE Example Antennas\r\nFREQUENCY 0925\r\n"
    "H_WIDTH 65\r\nV_WIDTH 7\r\nFRONT_TO_BACK 25\r\nGAIN 15.85 dBd\r\n"
    "TILT ELECTRICAL\r\nPOLARIZATION POL_V\r\n"
    "COMMENT analytic 3GPP sector, cloudmap_bench\r\n");
  for (const char* cut : { "HORIZONTAL", "VERTICAL" })
  {
    const double width = cut[0] == 'H' ? 65 : 7;
    std::fprintf(f, "%s  360\r\n", cut);
    for (int a = 0; a < 360; ++a)
    {
      const double d = a <= 180 ? a : 360 - a;
      std::fprintf(f, "%d %.2f\r\n", a, std::min(12 * (d / width) * (d / width), 25.0));
    }
  }
  std::fclose(f);
}
} // namespace benchfiles

// ---------------------------------------------------------------------------
// The cases.
// ---------------------------------------------------------------------------
namespace benchfiles
{
namespace
{
struct FileKind
{
  const char* Key;
  const char* Extension;
  void (*Write)(const std::string&, long);
};
const FileKind Kinds[] = {
  { "fekoout", ".feko.out", WriteFekoOut },
  { "fekoffe", ".ffe", WriteFekoFfe },
  { "fekoos", ".os", WriteFekoOs },
  { "fekoefe", ".efe", WriteFekoEfe },
  { "hfssffd", ".ffd", WriteHfssFfd },
  { "msi", ".msi", WriteMsi },
};

const FileKind* KindOf(const std::string& name)
{
  const std::string key = name.substr(0, name.find('.'));
  for (const FileKind& k : Kinds)
  {
    if (key == k.Key || key == std::string(k.Key) + "parse")
    {
      return &k;
    }
  }
  return nullptr;
}

cm::ParallelFor SMPParallel()
{
  return [](long long n, const std::function<void(long long, long long)>& body) {
    vtkSMPTools::For(0, n, 1, [&](vtkIdType b, vtkIdType e) { body(b, e); });
  };
}

double Cells(vtkAlgorithm* reader)
{
  reader->Update();
  vtkDataObject* out = reader->GetOutputDataObject(0);
  if (auto* ds = vtkDataSet::SafeDownCast(out))
  {
    return static_cast<double>(ds->GetNumberOfCells());
  }
  if (auto* t = vtkTable::SafeDownCast(out))
  {
    return static_cast<double>(t->GetNumberOfRows());
  }
  return 0;
}
} // namespace

double RunCase(const std::string& name, const std::string& file);

bool IsFileCase(const std::string& name)
{
  return KindOf(name) != nullptr;
}

std::string FileOf(const std::string& name, const std::string& dir, long elements)
{
  const FileKind* k = KindOf(name);
  return k ? dir + "/bench_" + std::to_string(elements) + k->Extension : std::string();
}

void WriteFiles(const std::string& dir, long elements)
{
  for (const FileKind& k : Kinds)
  {
    k.Write(FileOf(std::string(k.Key) + ".ours", dir, elements), elements);
  }
}

void RemoveFiles(const std::string& dir, long elements)
{
  for (const FileKind& k : Kinds)
  {
    std::remove(FileOf(std::string(k.Key) + ".ours", dir, elements).c_str());
  }
}

double RunFileCase(const std::string& name, const std::string& file)
{
  // A reader that fails (its error, no output) fails the measurement.
  const double n = RunCase(name, file);
  if (!(n > 0))
  {
    throw std::runtime_error("case " + name + " read nothing from " + file);
  }
  return n;
}

double RunCase(const std::string& name, const std::string& file)
{
  const std::string key = name.substr(0, name.find('.'));
  if (key == "fekoout")
  {
    vtkNew<vtkCloudMapFEKOReader> r;
    r->SetFileName(file.c_str());
    return Cells(r);
  }
  if (key == "fekooutparse")
  {
    return static_cast<double>(cm::ReadFekoOutputFile(file, nullptr, SMPParallel()).size());
  }
  if (key == "fekoffe")
  {
    vtkNew<vtkCloudMapFEKOFarFieldReader> r;
    r->SetFileName(file.c_str());
    return Cells(r);
  }
  if (key == "fekoffeparse")
  {
    return static_cast<double>(cm::ReadFekoFarFieldFile(file, nullptr, SMPParallel()).size());
  }
  if (key == "fekoos")
  {
    vtkNew<vtkCloudMapFEKOCurrentsReader> r;
    r->SetFileName(file.c_str());
    return Cells(r);
  }
  if (key == "fekoosparse")
  {
    return static_cast<double>(cm::ReadFekoCurrentsFile(file, nullptr, SMPParallel()).size());
  }
  if (key == "fekoefe")
  {
    vtkNew<vtkCloudMapFEKONearFieldReader> r;
    r->SetFileName(file.c_str());
    return Cells(r);
  }
  if (key == "fekoefeparse")
  {
    return static_cast<double>(cm::ReadFekoNearFieldFile(file, nullptr, SMPParallel()).size());
  }
  if (key == "hfssffd")
  {
    vtkNew<vtkCloudMapHFSSFarFieldReader> r;
    r->SetFileName(file.c_str());
    return Cells(r);
  }
  if (key == "hfssffdparse")
  {
    return static_cast<double>(
      cm::ParseHfssFarField(cm::ReadWholeFile(file, 1ull << 34, SMPParallel()), file, SMPParallel())
        .Grids.size());
  }
  if (key == "msi")
  {
    vtkNew<vtkCloudMapMSIPlanetReader> r;
    r->SetFileName(file.c_str());
    return Cells(r);
  }
  return -1;
}
} // namespace benchfiles
