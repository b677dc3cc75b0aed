// SPDX-License-Identifier: BSD-3-Clause
// The benchmark's reader rows for CST, Gmsh 4.1 and Touchstone: see bench_readers_b.h.
// Every writer copies the layout of the real files under Testing/Data (spacing,
// banners, units), so the parsers meet what they meet in practice.
#include "bench_readers_b.h"

#include "cmCstFarField.h"
#include "cmExecution.h"
#include "cmGmshFormat.h"
#include "cmTouchstone.h"
#include "vtkCloudMapCSTFarFieldReader.h"
#include "vtkCloudMapGmshReader.h"
#include "vtkCloudMapTouchstoneReader.h"
#include "vtkDataSet.h"
#include "vtkNew.h"
#include "vtkTable.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace benchb
{
namespace
{
constexpr double BytesPerElement = 500;
constexpr double Pi = 3.14159265358979323846;

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

std::string Path(const std::string& dir, long elements, const char* ext)
{
  return dir + "/benchb_" + std::to_string(elements) + ext;
}

const char* const Exts[] = { ".ffs", ".txt", "_ascii.msh", "_bin.msh", ".s4p", ".s64p" };

// A CST farfield source file (layout of Testing/Data/cst/dipole_source.ffs, CST's own:
// the banner, the comments with their values on the next line, then per frequency
// the counts and 85-character rows, phi outer, theta fastest) of a 1 degree grid,
// enough frequencies for `bytes`.
void WriteFfs(const std::string& path, double bytes)
{
  const int nphi = 361, ntheta = 181;
  const long nf = std::max(1L, static_cast<long>(std::ceil(bytes / (nphi * ntheta * 86.0))));
  FILE* f = Open(path);
  std::fprintf(f,
    "// CST Farfield Source File\n \n// Version:\n3.0 \n\n// Data Type\nFarfield \n\n"
    "// #Frequencies\n%ld \n\n// Position\n0.000000e+00 0.000000e+00 0.000000e+00 \n\n"
    "// zAxis\n0.000000e+00 0.000000e+00 1.000000e+00 \n\n// xAxis\n"
    "1.000000e+00 0.000000e+00 0.000000e+00 \n\n"
    "// Radiated/Accepted/Stimulated Power , Frequency \n",
    nf);
  for (long k = 0; k < nf; ++k)
  {
    const double p = 1.111880 * (1 + 0.01 * k);
    std::fprintf(f, "%e \n%e \n%e \n%e \n\n", p, 1.01 * p, 1.05 * p, 1e9 + 1e6 * k);
  }
  for (long k = 0; k < nf; ++k)
  {
    std::fprintf(f,
      "\n// >> Total #phi samples, total #theta samples\n%d %d\n\n"
      "// >> Phi, Theta, Re(E_Theta), Im(E_Theta), Re(E_Phi), Im(E_Phi): \n",
      nphi, ntheta);
    for (int i = 0; i < nphi; ++i)
      for (int j = 0; j < ntheta; ++j)
      {
        const double th = j * Pi / 180, ph = i * Pi / 180, a = 10 * std::sin(th) * (1 + 0.01 * k);
        std::fprintf(f, "%8.3f%10.3f%17.8e%17.8e%16.8e%17.8e\n", double(i), double(j),
          a * std::cos(ph), a * std::sin(0.1 * k), 0.3 * a * std::sin(ph), -0.1 * a);
      }
  }
  std::fclose(f);
}

// A CST ASCII far-field export (layout of Testing/Data/cst/dipole_spherical_dbi.txt, CST's
// own: bracketed units, a 150-character dashed rule and 150-character rows, theta fastest,
// -inf dB at a null) on the finest theta/phi grid of 3-decimal steps that fits `bytes`.
void WriteCstTxt(const std::string& path, double bytes)
{
  // Steps of 180/m degrees (3 decimals): the first grid of at least `bytes`.
  static const int steps[] = { 4, 5, 6, 8, 9, 10, 12, 15, 18, 20, 25, 30, 36, 40, 45, 50, 60, 75,
    90, 100, 125, 150, 200, 250, 300, 400, 500, 600, 625, 750, 800, 1000, 1250, 1500, 2000 };
  const double rows = bytes / 151;
  int m = 2000;
  for (int s : steps)
    if (2.0 * s * (s + 1) >= rows)
    {
      m = s;
      break;
    }
  FILE* f = Open(path);
  std::fprintf(f,
    "Theta [deg.]  Phi   [deg.]  Abs(Dir.)[dBi   ]   Abs(Theta)[dBi   ]  Phase(Theta)[deg.]  "
    "Abs(Phi  )[dBi   ]  Phase(Phi  )[deg.]  Ax.Ratio[dB    ]    \n%s\n",
    std::string(150, '-').c_str());
  char db[3][32];
  for (int i = 0; i < 2 * m; ++i)
    for (int j = 0; j <= m; ++j)
    {
      const double th = 180.0 * j / m, ph = 180.0 * i / m;
      const double et = std::sin(th * Pi / 180) * std::cos(ph * Pi / 180),
                   ep = 0.1 * std::sin(ph * Pi / 180);
      const double v[3] = { et * et + ep * ep, et * et, ep * ep };
      for (int c = 0; c < 3; ++c)
      {
        if (v[c] > 0)
          std::snprintf(db[c], sizeof db[c], "%.3e", 10 * std::log10(1.5 * v[c]));
        else
          std::snprintf(db[c], sizeof db[c], "-inf");
      }
      std::fprintf(f, "%8.3f%16.3f%20s%20s%18.3f%20s%18.3f%20.3e     \n", th, ph, db[0], db[1],
        et >= 0 ? 0.0 : 180.0, db[2], ep >= 0 ? 90.0 : 270.0, 40.0);
    }
  std::fclose(f);
}

// A Gmsh 4.1 mesh of a triangulated plate with one $NodeData and one $ElementData view
// (layout of Testing/Data/gmsh/gmsh_corpus_views_v41.msh, Gmsh's own: one entity block
// for the nodes and one for the triangles, %.16g values, element rows with Gmsh's
// trailing blank), ASCII or binary (Gmsh's 4.1 binary: size_t counts and tags).
void WriteGmsh(const std::string& path, double bytes, bool binary)
{
  // About 130 bytes per node in ASCII (coordinates, a triangle pair, two view values).
  const long side = std::max(4L, static_cast<long>(std::sqrt(bytes / 130.0)));
  const long nn = side * side, ne = 2 * (side - 1) * (side - 1);
  FILE* f = Open(path);
  std::fprintf(f, "$MeshFormat\n4.1 %d 8\n", binary ? 1 : 0);
  if (binary)
  {
    const int one = 1;
    std::fwrite(&one, sizeof one, 1, f);
    std::fprintf(f, "\n");
  }
  // One surface entity (tag 1, the unit square, no physical tags, no bounding curves).
  std::fprintf(f, "$EndMeshFormat\n$Entities\n");
  if (binary)
  {
    const std::uint64_t counts[4] = { 0, 0, 1, 0 };
    std::fwrite(counts, sizeof counts, 1, f);
    const int tag = 1;
    std::fwrite(&tag, sizeof tag, 1, f);
    const double box[6] = { 0, 0, 0, 1, 1, 0 };
    std::fwrite(box, sizeof box, 1, f);
    const std::uint64_t none[2] = { 0, 0 };
    std::fwrite(none, sizeof none, 1, f);
    std::fprintf(f, "\n");
  }
  else
  {
    std::fprintf(f, "0 0 1 0\n1 0 0 0 1 1 0 0 0 \n");
  }
  std::fprintf(f, "$EndEntities\n$Nodes\n");
  auto x = [&](long n, int a) {
    return a == 2 ? 0.0 : (a == 0 ? n % side : n / side) / double(side - 1);
  };
  if (binary)
  {
    const std::uint64_t head[4] = { 1, std::uint64_t(nn), 1, std::uint64_t(nn) };
    std::fwrite(head, sizeof head, 1, f);
    const int block[3] = { 2, 1, 0 };
    std::fwrite(block, sizeof block, 1, f);
    const std::uint64_t count = std::uint64_t(nn);
    std::fwrite(&count, sizeof count, 1, f);
    for (long n = 0; n < nn; ++n)
    {
      const std::uint64_t tag = std::uint64_t(n + 1);
      std::fwrite(&tag, sizeof tag, 1, f);
    }
    for (long n = 0; n < nn; ++n)
    {
      const double p[3] = { x(n, 0), x(n, 1), x(n, 2) };
      std::fwrite(p, sizeof p, 1, f);
    }
    std::fprintf(f, "\n");
  }
  else
  {
    std::fprintf(f, "1 %ld 1 %ld\n2 1 0 %ld\n", nn, nn, nn);
    for (long n = 0; n < nn; ++n)
      std::fprintf(f, "%ld\n", n + 1);
    for (long n = 0; n < nn; ++n)
      std::fprintf(f, "%.16g %.16g %.16g\n", x(n, 0), x(n, 1), x(n, 2));
  }
  std::fprintf(f, "$EndNodes\n$Elements\n");
  auto tri = [&](long e, std::uint64_t* t) {
    const long q = e / 2, i = q % (side - 1), j = q / (side - 1), a = j * side + i + 1;
    if (e % 2 == 0)
      t[0] = a, t[1] = a + 1, t[2] = a + side + 1;
    else
      t[0] = a, t[1] = a + side + 1, t[2] = a + side;
  };
  if (binary)
  {
    const std::uint64_t head[4] = { 1, std::uint64_t(ne), 1, std::uint64_t(ne) };
    std::fwrite(head, sizeof head, 1, f);
    const int block[3] = { 2, 1, 2 };
    std::fwrite(block, sizeof block, 1, f);
    const std::uint64_t count = std::uint64_t(ne);
    std::fwrite(&count, sizeof count, 1, f);
    for (long e = 0; e < ne; ++e)
    {
      std::uint64_t row[4];
      row[0] = std::uint64_t(e + 1);
      tri(e, row + 1);
      std::fwrite(row, sizeof row, 1, f);
    }
    std::fprintf(f, "\n");
  }
  else
  {
    std::fprintf(f, "1 %ld 1 %ld\n2 1 2 %ld\n", ne, ne, ne);
    for (long e = 0; e < ne; ++e)
    {
      std::uint64_t t[3];
      tri(e, t);
      std::fprintf(f, "%ld %llu %llu %llu \n", e + 1, static_cast<unsigned long long>(t[0]),
        static_cast<unsigned long long>(t[1]), static_cast<unsigned long long>(t[2]));
    }
  }
  std::fprintf(f, "$EndElements\n");
  for (int view = 0; view < 2; ++view)
  {
    const bool nodes = view == 0;
    const long n = nodes ? nn : ne;
    std::fprintf(f, "$%s\n1\n\"%s\"\n1\n0\n3\n0\n1\n%ld\n", nodes ? "NodeData" : "ElementData",
      nodes ? "potential" : "J (real)", n);
    for (long k = 0; k < n; ++k)
    {
      const double v = 1.5 + std::sin(0.001 * k) * std::cos(0.0007 * k);
      if (binary)
      {
        const int tag = static_cast<int>(k + 1);
        std::fwrite(&tag, sizeof tag, 1, f);
        std::fwrite(&v, sizeof v, 1, f);
      }
      else
        std::fprintf(f, "%ld %.16g\n", k + 1, v);
    }
    if (binary)
      std::fprintf(f, "\n");
    std::fprintf(f, "$End%s\n", nodes ? "NodeData" : "ElementData");
  }
  std::fclose(f);
}

// A Touchstone 1.0 sweep of a 4-port in HFSS/Designer's layout (Testing/Data/touchstone/
// skrf_designer_coupler_20deg.s4p: the frequency in 16 columns, %.15G values with a
// trailing blank, continuation lines indented 16, a blank line after each frequency).
void WriteS4p(const std::string& path, double bytes)
{
  const long nf = std::max(2L, static_cast<long>(bytes / 640));
  FILE* f = Open(path);
  std::fprintf(f, "! Touchstone file exported from Circuit Design 2018.2.0\n!\n# GHZ S RI\n");
  for (long k = 0; k < nf; ++k)
  {
    char freq[32];
    std::snprintf(freq, sizeof freq, "%.15G", 1.0 + 1e-5 * k);
    std::fprintf(f, "%-16s ", freq);
    for (int r = 0; r < 4; ++r)
    {
      if (r > 0)
        std::fprintf(f, "%16s", "");
      for (int c = 0; c < 4; ++c)
      {
        const double ph = 0.001 * k + r + 2 * c, a = r == c ? 0.1 : 0.5;
        std::fprintf(f, "%.15G %.15G ", a * std::cos(ph), a * std::sin(ph));
      }
      std::fprintf(f, "\n");
    }
    std::fprintf(f, "\n");
  }
  std::fclose(f);
}

// A Touchstone 2.0 file of 64 ports in CST's layout (Testing/Data/touchstone/
// skrf_cst_6ports_v2_3freq.s6p: keywords, MA pairs, one matrix row per line padded
// with blanks, continuation rows indented).
void WriteManyPorts(const std::string& path, double bytes)
{
  const int np = 64;
  const long nf = std::max(2L, static_cast<long>(std::ceil(bytes / (np * np * 32.0))));
  FILE* f = Open(path);
  std::fprintf(f,
    "! Touchstone file written by CST Studio Suite\n[Version] 2.0\n# MHz S MA R 50\n"
    "[Number of Ports] %d\n[Number of Frequencies] %ld\n[Network Data]\n",
    np, nf);
  for (long k = 0; k < nf; ++k)
  {
    for (int r = 0; r < np; ++r)
    {
      if (r == 0)
        std::fprintf(f, "%-24g", 100.0 + 0.01 * k);
      else
        std::fprintf(f, "%24s", "");
      for (int c = 0; c < np; ++c)
        std::fprintf(f, "%15.6g %15.3f ", 0.01 + 0.001 * ((r + c + k) % 97),
          std::fmod(7.0 * r + 3.0 * c + 0.1 * k, 360.0) - 180.0);
      std::fprintf(f, "\n");
    }
  }
  std::fclose(f);
}

cm::ParallelFor Parallel()
{
  return cm::SMPFor();
}
} // namespace

bool IsCase(const std::string& name)
{
  return name.rfind("rb.", 0) == 0;
}

void WriteFiles(long elements, const std::string& dir)
{
  const double bytes = BytesPerElement * static_cast<double>(elements);
  WriteFfs(Path(dir, elements, ".ffs"), bytes);
  WriteCstTxt(Path(dir, elements, ".txt"), bytes);
  WriteGmsh(Path(dir, elements, "_ascii.msh"), bytes, false);
  WriteGmsh(Path(dir, elements, "_bin.msh"), bytes, true);
  WriteS4p(Path(dir, elements, ".s4p"), bytes);
  WriteManyPorts(Path(dir, elements, ".s64p"), bytes);
}

void RemoveFiles(long elements, const std::string& dir)
{
  for (const char* ext : Exts)
    std::remove(Path(dir, elements, ext).c_str());
}

std::string FileOf(const std::string& name, long elements, const std::string& dir)
{
  // rb.<format>[parse]: the format picks the file.
  const std::string f = name.substr(3);
  auto is = [&](const char* p) { return f.rfind(p, 0) == 0; };
  const char* ext = is("cstffs") ? ".ffs"
    : is("csttxt")               ? ".txt"
    : is("gmshascii")            ? "_ascii.msh"
    : is("gmshbin")              ? "_bin.msh"
    : is("s4p")                  ? ".s4p"
                                 : ".s64p";
  return Path(dir, elements, ext);
}

double Run(const std::string& name, const std::string& file)
{
  const std::string f = name.substr(3);
  if (f == "cstffsparse")
  {
    double n = 0;
    for (const auto& g : cm::ReadCstFarFieldSourceFile(file, Parallel()).Grids)
      n += static_cast<double>(g.NumberOfSamples());
    return n;
  }
  if (f == "csttxtparse")
    return static_cast<double>(cm::ReadCstFarFieldFile(file, Parallel()).NumberOfSamples());
  if (f == "gmshasciiparse" || f == "gmshbinparse")
    return static_cast<double>(cm::ReadGmshFile(file).Points.size());
  if (f == "s4pparse" || f == "s64pparse")
    return static_cast<double>(cm::ReadTouchstoneFile(file, nullptr, Parallel()).Rows());
  if (f == "cstffs" || f == "csttxt")
  {
    vtkNew<vtkCloudMapCSTFarFieldReader> r;
    r->SetFileName(file.c_str());
    r->Update();
    return static_cast<double>(
      vtkTable::SafeDownCast(r->GetOutputDataObject(0))->GetNumberOfRows());
  }
  if (f == "gmshascii" || f == "gmshbin")
  {
    vtkNew<vtkCloudMapGmshReader> r;
    r->SetFileName(file.c_str());
    r->Update();
    return static_cast<double>(
      vtkDataSet::SafeDownCast(r->GetOutputDataObject(0))->GetNumberOfCells());
  }
  vtkNew<vtkCloudMapTouchstoneReader> r;
  r->SetFileName(file.c_str());
  r->Update();
  return static_cast<double>(vtkTable::SafeDownCast(r->GetOutputDataObject(0))->GetNumberOfRows());
}
} // namespace benchb
