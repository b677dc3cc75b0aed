// SPDX-License-Identifier: BSD-3-Clause
// Parses NEC-2 output that nec2c writes at test time (and a checked-in NEC-2D sample)
// and checks it against an oracle read straight from the printed tables, plus the
// analytic geometry of the bodies. Then feeds damaged files and expects ParseError.
#include "cmCheck.h"
#include "cmTestFiles.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <algorithm>
#include <functional>
#include <thread>

using namespace cm;

namespace
{


// A nec2c-style sweep over a plate of nx*ny SM patches (0.1 m), `sweeps`
// frequencies; `cur[k]` gets the printed Jx real part of row k of every table.
std::string PlateSweep(int nx, int ny, int sweeps, std::vector<std::string>* jx)
{
  char buf[512];
  std::string t = "\n  |  NUMERICAL ELECTROMAGNETICS CODE (nec2c) |\n\n"
                  "                               -------- STRUCTURE SPECIFICATION --------\n"
                  "   No:        X1         Y1         Z1         X2         Y2         Z2\n";
  std::snprintf(buf, sizeof buf,
    "     1R    0.00000     0.00000     0.00000     0.00000 %11.5f     0.00000     SURFACE - %d BY "
    "%d PATCHES\n"
    "    %11.5f %11.5f     0.00000 %11.5f     0.00000     0.00000\n\n"
    "       TOTAL PATCHES USED: %d   PATCHES IN A SYMMETRIC CELL: %d\n\n"
    "                                    --------- SURFACE PATCH DATA ---------\n"
    "  No:       X          Y          Z          X        Y        Z       AREA         X1       "
    "Y1       Z1        X2       Y2      Z2\n",
    0.1 * nx, nx, ny, 0.1 * ny, 0.1 * nx, 0.1 * ny, nx * ny, nx * ny);
  t += buf;
  for (int j = 0, n = 1; j < ny; ++j)
    for (int i = 0; i < nx; ++i, ++n)
    {
      std::snprintf(buf, sizeof buf,
        "%5d %10.5f %10.5f %10.5f %9.4f %8.4f %8.4f %10.5f %9.4f %8.4f %8.4f %9.4f %8.4f %7.4f\n",
        n, 0.1 * j + 0.05, 0.1 * i + 0.05, 0.0, 0.0, 0.0, -1.0, 0.01, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0);
      t += buf;
    }
  for (int k = 0; k < sweeps; ++k)
  {
    const double mhz = 300.0 + 7.0 * k, lambda = 299.8 / mhz;
    std::snprintf(buf, sizeof buf,
      "\n                               --------- FREQUENCY --------\n"
      "                                FREQUENCY : %.4E MHz\n\n"
      "                                       --------- SURFACE PATCH CURRENTS ---------\n"
      "  No:    X       Y       Z       MAG.       PHASE     MAG.       PHASE    REAL   IMAGINARY  "
      "  REAL   IMAGINARY    REAL   IMAGINARY\n",
      mhz);
    t += buf;
    for (int j = 0, n = 1; j < ny; ++j)
      for (int i = 0; i < nx; ++i, ++n)
      {
        const double x = 0.1 * j + 0.05, y = 0.1 * i + 0.05;
        const double a = 1e-3 * (1.5 + std::sin(x + k) * std::cos(2 * y)),
                     b = 1e-3 * std::cos(y - k);
        std::snprintf(buf, sizeof buf,
          "%5d %7.3f %7.3f %7.3f %11.4E %8.2f %11.4E %8.2f %9.2E %9.2E %9.2E %9.2E %9.2E %9.2E\n",
          n, x / lambda, y / lambda, 0.0, std::abs(a), 10.0, std::abs(b), -20.0, b, 0.3 * b, a,
          -0.2 * a, 0.0, 0.0);
        t += buf;
        if (jx && k == 0)
        {
          std::snprintf(buf, sizeof buf, "%9.2E", b);
          jx->push_back(buf);
        }
      }
  }
  return t;
}

std::vector<std::string> Fields(const std::string& line)
{
  std::vector<std::string> f;
  std::size_t b = line.find_first_not_of(' ');
  while (b != std::string::npos)
  {
    const std::size_t e = line.find(' ', b);
    f.push_back(line.substr(b, e == std::string::npos ? std::string::npos : e - b));
    b = e == std::string::npos ? e : line.find_first_not_of(' ', e);
  }
  return f;
}

/// The rows (as fields) of the table under the first line containing `title`: lines
/// with `width` fields that start with an integer, up to the first blank line after them.
std::vector<std::vector<std::string>> Table(const std::vector<std::string>& lines,
  const char* title, std::size_t width, std::size_t* firstLine = nullptr)
{
  std::vector<std::vector<std::string>> rows;
  std::size_t i = 0;
  while (i < lines.size() && lines[i].find(title) == std::string::npos)
  {
    ++i;
  }
  for (++i; i < lines.size(); ++i)
  {
    const auto f = Fields(lines[i]);
    char* end;
    const bool row = f.size() == width && (std::strtol(f[0].c_str(), &end, 10), *end == 0);
    if (row)
    {
      if (rows.empty() && firstLine)
      {
        *firstLine = i; // 0-based
      }
      rows.push_back(f);
    }
    else if (!rows.empty())
    {
      break;
    }
  }
  return rows;
}

double D(const std::string& s)
{
  return std::strtod(s.c_str(), nullptr);
}

struct Polygon
{
  double Area, Centre[3], Normal[3];
  int Corners;
};

/// Area, area centroid and unit normal (Newell) of element e.
Polygon Measure(const SurfaceMesh& m, std::int64_t e)
{
  Polygon p{};
  const std::int64_t b = m.Offsets[e], n = m.Offsets[e + 1] - b;
  p.Corners = static_cast<int>(n);
  const double* o = &m.Points[3 * m.Connectivity[b]];
  double nx = 0, ny = 0, nz = 0;
  for (std::int64_t k = 1; k + 1 < n; ++k)
  {
    const double* q = &m.Points[3 * m.Connectivity[b + k]];
    const double* r = &m.Points[3 * m.Connectivity[b + k + 1]];
    const double u[3] = { q[0] - o[0], q[1] - o[1], q[2] - o[2] };
    const double v[3] = { r[0] - o[0], r[1] - o[1], r[2] - o[2] };
    const double c[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
      u[0] * v[1] - u[1] * v[0] };
    const double a = 0.5 * std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    nx += c[0];
    ny += c[1];
    nz += c[2];
    p.Area += a;
    for (int d = 0; d < 3; ++d)
    {
      p.Centre[d] += a * (o[d] + q[d] + r[d]) / 3;
    }
  }
  const double len = std::sqrt(nx * nx + ny * ny + nz * nz);
  p.Normal[0] = nx / len;
  p.Normal[1] = ny / len;
  p.Normal[2] = nz / len;
  for (double& c : p.Centre)
  {
    c /= p.Area;
  }
  return p;
}

/// Everything the tables print, compared with what the parser made of them.
void CheckAgainstPrint(const std::string& label, const std::string& outPath, const NecOutput& out,
  int corners, std::int64_t uniquePoints, double analyticArea)
{
  const std::vector<std::string> lines = Lines(Slurp(outPath));
  const auto data = Table(lines, "SURFACE PATCH DATA", 14);
  const auto cur = Table(lines, "SURFACE PATCH CURRENTS", 14);
  double fMHz = 0;
  for (const std::string& l : lines)
  {
    const std::size_t k = l.find("FREQUENCY :");
    if (k != std::string::npos)
    {
      fMHz = D(l.substr(k + 11));
      break;
    }
  }
  const double lambda = 299.8 / fMHz; // nec2c: CVEL = 299.8
  CM_CHECK_MSG(!out.Solutions.empty(), label + ": a solution");
  if (out.Solutions.empty())
  {
    return;
  }
  const NecSolution& s = out.Solutions[0];
  const SurfaceMesh m = s.FullMesh();
  CM_CHECK_MSG(std::abs(s.Frequency - fMHz * 1e6) <= 1e-6, label + ": frequency");
  CM_CHECK_MSG(std::abs(s.Wavelength - lambda) <= 1e-12, label + ": wavelength is 299.8/f[MHz]");
  CM_CHECK_MSG(
    m.NumberOfElements() == static_cast<std::int64_t>(data.size()) && data.size() == cur.size(),
    label + ": " + std::to_string(m.NumberOfElements()) + " elements for " +
      std::to_string(data.size()) + " printed patches");
  if (m.NumberOfElements() != static_cast<std::int64_t>(cur.size()))
  {
    return;
  }
  CM_CHECK_MSG(uniquePoints < 0 || m.NumberOfPoints() == uniquePoints,
    label + ": " + std::to_string(m.NumberOfPoints()) + " merged vertices, expected " +
      std::to_string(uniquePoints));
  double total = 0, printedTotal = 0;
  for (std::size_t i = 0; i < cur.size(); ++i)
  {
    const Polygon p = Measure(m, static_cast<std::int64_t>(i));
    const std::string at = label + " patch " + std::to_string(i + 1);
    const double printedArea = D(data[i][7]);
    total += p.Area;
    printedTotal += printedArea;
    CM_CHECK_MSG(
      corners == 0 ? (p.Corners == 3 || p.Corners == 4) : p.Corners == corners, at + ": corners");
    CM_CHECK_MSG(std::abs(p.Area - printedArea) <= 5.1e-6,
      at + ": area " + std::to_string(p.Area) + " vs printed " + data[i][7]);
    for (int d = 0; d < 3; ++d)
    {
      // Centres print to 3 decimals of a wavelength.
      CM_CHECK_MSG(std::abs(p.Centre[d] - D(cur[i][1 + d]) * lambda) <= 5.1e-4 * lambda,
        at + ": centre vs printed centre x lambda");
      CM_CHECK_MSG(
        m.JReal[3 * i + d] == D(cur[i][8 + 2 * d]) && m.JImag[3 * i + d] == D(cur[i][9 + 2 * d]),
        at + ": J equals the printed rectangular components");
      // NEC's normal, printed to 4 decimals.
      CM_CHECK_MSG(
        std::abs(p.Normal[d] - D(data[i][4 + d])) <= 1e-3, at + ": normal agrees with NEC's");
    }
    // Both bodies are centred on the origin and convex: outward means away from it.
    const double out =
      p.Normal[0] * p.Centre[0] + p.Normal[1] * p.Centre[1] + p.Normal[2] * p.Centre[2];
    CM_CHECK_MSG(out > 0, at + ": normal points outward");
  }
  CM_CHECK_MSG(std::abs(total - printedTotal) <= 5.1e-6 * static_cast<double>(cur.size()),
    label + ": total area " + std::to_string(total) + " vs printed " +
      std::to_string(printedTotal));
  CM_CHECK_MSG(std::abs(total - analyticArea) <= 1e-9 * analyticArea,
    label + ": total area " + std::to_string(total) + " vs analytic " +
      std::to_string(analyticArea));

  // Wire segments: metres from SEGMENTATION DATA, currents as printed.
  const auto wires = Table(lines, "CURRENTS AND LOCATION", 10);
  CM_CHECK_MSG(s.Wires.size() == wires.size(), label + ": wire segment count");
  for (std::size_t i = 0; i < wires.size() && i < s.Wires.size(); ++i)
  {
    const NecWireSegment& w = s.Wires[i];
    CM_CHECK_MSG(
      w.CurrentReal == D(wires[i][6]) && w.CurrentImag == D(wires[i][7]), label + ": wire current");
    for (int d = 0; d < 3; ++d)
    {
      CM_CHECK_MSG(std::abs(w.Centre[d] - D(wires[i][2 + d]) * lambda) <= 1.1e-4 * lambda,
        label + ": wire centre");
    }
  }
}

/// Expects ParseError naming the file and, when line > 0, that line.
void ExpectError(
  const std::string& label, const std::string& path, std::int64_t line, const char* words)
{
  try
  {
    ReadNecOutputFile(path);
    CM_CHECK_MSG(false, label + ": no ParseError");
  }
  catch (const ParseError& e)
  {
    const std::string what = e.what();
    std::printf("  %s -> %s\n", label.c_str(), what.c_str());
    CM_CHECK_MSG(
      e.File == path && what.find(path) != std::string::npos, label + ": names the file");
    if (line > 0)
    {
      CM_CHECK_MSG(
        e.Line == line && what.find(":" + std::to_string(line) + ":") != std::string::npos,
        label + ": line " + std::to_string(e.Line) + ", expected " + std::to_string(line));
    }
    CM_CHECK_MSG(what.find(words) != std::string::npos, label + ": message says '" + words + "'");
  }
}
/// Banners and keywords as other NEC programs and hand edits print them: lower case
/// and runs of spaces on every banner, budget and frequency line. The parse must equal
/// the original's.
std::string Respaced(const std::string& text)
{
  std::string out;
  for (const std::string& line : Lines(text))
  {
    const bool banner = line.find("- - -") != std::string::npos ||
      line.find("---") != std::string::npos || line.find('=') != std::string::npos ||
      line.find("FREQUENCY") != std::string::npos || line.find("WAVELENGTH") != std::string::npos;
    if (!banner || line.find("ITAG") != std::string::npos ||
      line.find("DATA CARD") != std::string::npos)
    {
      out += line + "\n";
      continue;
    }
    std::string l;
    for (std::size_t k = 0; k < line.size(); ++k)
    {
      const char c = line[k];
      l += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      if (c == ' ' && k > 0 && line[k - 1] != ' ')
      {
        l += "  "; // every gap between words becomes at least three spaces
      }
    }
    out += l + "\n";
  }
  return out;
}

void CheckRespaced(const std::string& label, const std::string& path)
{
  try
  {
    const NecOutput a = ReadNecOutputFile(path);
    const NecOutput b = ParseNecOutput(Respaced(Slurp(path)), path);
    CM_CHECK_MSG(a.Solutions.size() == b.Solutions.size() && !a.Solutions.empty(),
      label + ": as many solutions with banners respaced and lower-cased");
    for (std::size_t k = 0; k < a.Solutions.size() && k < b.Solutions.size(); ++k)
    {
      const NecSolution& x = a.Solutions[k];
      const NecSolution& y = b.Solutions[k];
      CM_CHECK_MSG(x.Frequency == y.Frequency && x.Wires.size() == y.Wires.size() &&
          x.Patterns.size() == y.Patterns.size() && x.Ports.size() == y.Ports.size() &&
          x.Loads.size() == y.Loads.size() && x.Power.Present == y.Power.Present &&
          x.Power.Input == y.Power.Input && x.Power.StructureLoss == y.Power.StructureLoss &&
          x.HasPatchCurrents == y.HasPatchCurrents && x.Mesh.JReal == y.Mesh.JReal &&
          x.NearFields.size() == y.NearFields.size(),
        label + ": solution " + std::to_string(k) + " reads the same respaced");
    }
    CM_CHECK_MSG(LooksLikeNecOutput(Respaced(Slurp(path)).substr(0, 4096)),
      label + ": the respaced banner is still recognised");
  }
  catch (const ParseError& e)
  {
    CM_CHECK_MSG(false, label + " respaced: " + e.what());
  }
}

/// The partial-result rule over a sweep: a later frequency cut short keeps the earlier
/// ones with one warning naming the line.
void CheckSweepCut(const std::string& path, const std::string& tmp)
{
  const std::vector<std::string> l = Lines(Slurp(path));
  std::size_t second = 0, seen = 0;
  for (std::size_t i = 0; i < l.size(); ++i)
  {
    if (l[i].find("CURRENTS AND LOCATION") != std::string::npos && ++seen == 2)
    {
      second = i;
      break;
    }
  }
  CM_CHECK_MSG(second > 0, "sweep: a second wire-current table");
  std::string cut;
  for (std::size_t i = 0; i < second + 8; ++i)
  {
    cut += l[i] + "\n";
  }
  cut += l[second + 8].substr(0, 30) + "\n"; // a row cut mid-way
  const std::string p = tmp + "nec_sweep_cut.out";
  Spit(p, cut);
  try
  {
    const NecOutput out = ReadNecOutputFile(p);
    const std::string w = out.Warnings.empty() ? std::string() : out.Warnings[0];
    std::printf("  sweep cut -> warning: %s\n", w.c_str());
    CM_CHECK_MSG(out.Solutions.size() == 1 && out.Warnings.size() == 1,
      "sweep cut: the first frequency is kept, one warning");
    CM_CHECK_MSG(w.find(p + ":" + std::to_string(second + 9) + ": ") == 0 &&
        w.find("wire current row") != std::string::npos,
      "sweep cut: the warning names the file, the line and the problem");
  }
  catch (const ParseError& e)
  {
    CM_CHECK_MSG(false, std::string("sweep cut refused the whole file: ") + e.what());
  }
}

/// A sweep cut anywhere between the second FREQUENCY line and the last row of that
/// frequency's wire-current table (right after the FREQUENCY line, in the loading or input
/// tables, in the current table's header or rows) shows the first frequency only, with a
/// warning naming the file and a line of the dropped frequency; never both as complete.
void CheckSweepCutAfterFrequency(const std::string& path, const std::string& tmp)
{
  const std::vector<std::string> l = Lines(Slurp(path));
  std::vector<std::size_t> freq;
  std::size_t table = 0;
  for (std::size_t i = 0; i < l.size(); ++i)
  {
    if (freq.size() < 2 && l[i].find("FREQUENCY :") != std::string::npos)
    {
      freq.push_back(i);
    }
    if (freq.size() == 2 && table == 0 && l[i].find("CURRENTS AND LOCATION") != std::string::npos)
    {
      table = i;
    }
  }
  std::size_t last = table; // the last row of the second current table
  for (std::size_t i = table + 1; table > 0 && i < l.size(); ++i)
  {
    const std::vector<std::string> f = Fields(l[i]);
    const bool row = f.size() == 10 && std::strspn(f[0].c_str(), "0123456789") == f[0].size();
    if (!row && last > table)
      break;
    last = row ? i : last;
  }
  CM_CHECK_MSG(freq.size() == 2 && last > table, path + ": two frequencies, a second wire table");
  const std::string p = tmp + "nec_cut_after_frequency.out";
  int cuts = 0, good = 0;
  for (std::size_t keep = freq[1] + 1; freq.size() == 2 && keep <= last; ++keep, ++cuts)
  {
    Spit(
      p, Join(std::vector<std::string>(l.begin(), l.begin() + static_cast<std::ptrdiff_t>(keep))));
    try
    {
      const NecOutput out = ReadNecOutputFile(p);
      bool named = false;
      for (const std::string& w : out.Warnings)
      {
        const std::int64_t at = std::atoll(w.c_str() + std::min(w.size(), p.size() + 1));
        named = named ||
          (w.compare(0, p.size() + 1, p + ":") == 0 && at > static_cast<std::int64_t>(freq[1]) &&
            at <= static_cast<std::int64_t>(keep) && w.find("truncated") != std::string::npos);
      }
      const bool ok = out.Solutions.size() == 1 && named;
      good += ok ? 1 : 0;
      if (!ok)
      {
        std::printf("  cut after line %zu: %zu solution(s), %zu warning(s)%s%s\n", keep,
          out.Solutions.size(), out.Warnings.size(), out.Warnings.empty() ? "" : ": ",
          out.Warnings.empty() ? "" : out.Warnings.back().c_str());
      }
    }
    catch (const ParseError& e)
    {
      std::printf("  cut after line %zu refused the whole file: %s\n", keep, e.what());
    }
  }
  std::printf("  %s cut at %d lines after its second FREQUENCY line: %d shown as partial\n",
    path.c_str(), cuts, good);
  CM_CHECK_MSG(cuts > 10 && good == cuts,
    path + ": every cut after the second FREQUENCY line keeps the first frequency and warns");
}
} // namespace

int TestNecOutput(int, char*[])
{
  const std::string data = CLOUDMAP_DATA_DIR "/nec/";
  const std::string tmp = CLOUDMAP_TEMP_DIR "/";
  const bool haveNec =
    std::strlen(NEC2C_EXECUTABLE) > 0 && std::strstr(NEC2C_EXECUTABLE, "NOTFOUND") == nullptr;

  // The box: 0.4 x 0.3 x 0.2 m of SM patches, one split under a wire. Its surface grid
  // has 5*4*3 - 3*2*1 = 54 points, and the split patch adds 4 edge midpoints and a centre.
  std::string box = tmp + "box_sm.out";
  if (!haveNec || !RunNec2c(data + "box_sm.nec", box))
  {
    std::printf("nec2c unavailable ('%s'): using the checked-in box_sm.out\n", NEC2C_EXECUTABLE);
    CM_CHECK_MSG(!haveNec, "nec2c ran on box_sm.nec");
    box = data + "box_sm.out";
  }
  try
  {
    const NecOutput out = ReadNecOutputFile(box);
    CheckAgainstPrint("box", box, out, 4, 59, 2 * (0.4 * 0.3 + 0.4 * 0.2 + 0.3 * 0.2));
    CM_CHECK_MSG(out.EchoPatches == 52 && out.SplitPatches == 1 && out.SquarePatches == 0,
      "box: 52 echo patches, 1 split, no squares");
    CM_CHECK_MSG(!out.OriginalNec2D, "box: nec2c style");
    const SurfaceMesh m = out.Solutions[0].FullMesh();
    CM_CHECK_MSG(m.SourceNames.size() == 1 && m.SourceNames[0] == "tag1_seg1" &&
        std::abs(m.SourcePositions[2] - 0.125) < 1e-9,
      "box: the fed segment is a source at its centre");
    const auto& w = out.Solutions[0].Wires;
    CM_CHECK_MSG(w.size() == 4 && std::abs(w[0].Direction[2] - 1) < 1e-9 &&
        std::abs(w[0].Length - 0.05) < 1e-9,
      "box: wire directions and lengths from SEGMENTATION DATA");
  }
  catch (const ParseError& e)
  {
    CM_CHECK_MSG(false, std::string("box: ") + e.what());
  }
  try
  {
    // The checked-in output must keep parsing the same way.
    const NecOutput out = ReadNecOutputFile(data + "box_sm.out");
    CheckAgainstPrint("box (checked in)", data + "box_sm.out", out, 4, 59, 0.52);
  }
  catch (const ParseError& e)
  {
    CM_CHECK_MSG(false, std::string("box (checked in): ") + e.what());
  }

  // The octahedron (circumradius r = 0.3): 32 SP triangles, area 4*sqrt(3)*r^2, and
  // 6 vertices + 12 edge midpoints.
  if (haveNec)
  {
    const std::string tri = tmp + "tri_sp.out";
    CM_CHECK_MSG(RunNec2c(data + "tri_sp.nec", tri), "nec2c ran on tri_sp.nec");
    try
    {
      const NecOutput out = ReadNecOutputFile(tri);
      CheckAgainstPrint("octahedron", tri, out, 3, 18, 4 * std::sqrt(3.0) * 0.09);
      CM_CHECK_MSG(out.SplitPatches == 0 && out.SquarePatches == 0,
        "octahedron: every patch from its corners");
    }
    catch (const ParseError& e)
    {
      CM_CHECK_MSG(false, std::string("octahedron: ") + e.what());
    }
  }

  // Hand-made NEC-2D print style: "FREQUENCY= 1.5000E+02 MHZ", numbers without leading
  // zeros, fields glued by Fortran, patch numbers on a line of their own.
  try
  {
    const NecOutput out = ReadNecOutputFile(data + "nec2d_sample.out");
    CM_CHECK_MSG(out.OriginalNec2D, "NEC-2D: style detected");
    CM_CHECK_MSG(
      out.Solutions.size() == 1 && out.Solutions[0].Frequency == 150e6, "NEC-2D: 150 MHz");
    const SurfaceMesh m = out.Solutions[0].FullMesh();
    CM_CHECK_MSG(
      m.NumberOfElements() == 9 && out.SplitPatches == 1, "NEC-2D: 9 patches, one split");
    double area = 0;
    for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
    {
      const Polygon p = Measure(m, e);
      area += p.Area;
      CM_CHECK_MSG(
        p.Normal[0] * p.Centre[0] + p.Normal[1] * p.Centre[1] + p.Normal[2] * p.Centre[2] > 0,
        "NEC-2D: patch " + std::to_string(e + 1) + " outward");
    }
    CM_CHECK_MSG(std::abs(area - 0.24) < 1e-12, "NEC-2D: cube area 0.24");
    CM_CHECK_MSG(m.JReal[3] == -1.04e-2 && m.JImag[3] == -1.98e-2 && m.JReal[5] == -0.0,
      "NEC-2D: patch 2 currents");
    CM_CHECK_MSG(m.NumberOfPoints() == 13, "NEC-2D: 8 cube corners + 5 points of the split");
    CM_CHECK_MSG(
      out.Solutions[0].Wires.size() == 8 && out.Solutions[0].Wires[7].CurrentReal == 7.4603e-4,
      "NEC-2D: wire currents");
  }
  catch (const ParseError& e)
  {
    CM_CHECK_MSG(false, std::string("NEC-2D: ") + e.what());
  }

  // Banners and keywords without regard to case and runs of spaces.
  CheckRespaced("box", box);
  CheckRespaced("feed_loaded", data + "feed_loaded.out");
  CheckRespaced("near fields", data + "dipole_near_fields.out");
  CheckRespaced("NEC-2D sweep", data + "nec2d_sweep.out");
  CheckSweepCut(data + "feed_loaded.out", tmp);
  CheckSweepCutAfterFrequency(data + "feed_loaded.out", tmp);
  CheckSweepCutAfterFrequency(data + "two_dipoles_loaded.out", tmp);
  CheckSweepCutAfterFrequency(data + "near_fields_noecho_sweep.out", tmp);

  // Damaged files, made from the box output.
  const std::string text = Slurp(box);
  std::vector<std::string> lines = Lines(text);
  std::size_t first = 0;
  Table(lines, "SURFACE PATCH CURRENTS", 14, &first);
  auto join = [](const std::vector<std::string>& l, std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n && i < l.size(); ++i)
    {
      s += l[i] + "\n";
    }
    return s;
  };
  std::printf("errors:\n");
  {
    const std::string p = tmp + "nec_truncated.out";
    Spit(p, join(lines, first + 10)); // ends after patch 10 of 55
    ExpectError("truncated", p, static_cast<std::int64_t>(first + 10), "truncated");
  }
  {
    auto l = lines;
    l[first + 6] = l[first + 6].substr(0, l[first + 6].rfind(' ')); // patch 7 loses Im Jz
    const std::string p = tmp + "nec_missing_column.out";
    Spit(p, join(l, l.size()));
    ExpectError("missing column", p, static_cast<std::int64_t>(first + 7), "13 fields");
  }
  {
    auto l = lines;
    const std::size_t at = l[first + 4].rfind(' ');
    l[first + 4] = l[first + 4].substr(0, at + 1) + "-nan"; // as printf prints a NaN
    const std::string p = tmp + "nec_nan.out";
    Spit(p, join(l, l.size()));
    ExpectError("NaN current", p, static_cast<std::int64_t>(first + 5), "not a finite number");
  }
  {
    auto l = lines;
    l[first + 2].replace(l[first + 2].find(" 3 "), 3, " 4 ");
    const std::string p = tmp + "nec_sequence.out";
    Spit(p, join(l, l.size()));
    ExpectError("out of sequence", p, static_cast<std::int64_t>(first + 3), "out of sequence");
  }
  {
    std::size_t banner = 0;
    while (lines[banner].find("SURFACE PATCH CURRENTS") == std::string::npos)
    {
      ++banner;
    }
    const std::string p = tmp + "nec_no_currents.out";
    Spit(p, join(lines, banner));
    ExpectError("no currents", p, static_cast<std::int64_t>(banner), "no SURFACE PATCH CURRENTS");
  }
  {
    const std::string p = tmp + "nec_not_nec.out";
    Spit(p, "Iteration 1: residual 1e-3\nIteration 2: residual 1e-6\n");
    ExpectError("not NEC", p, 0, "not a NEC-2 output");
  }
  {
    const std::string p = tmp + "nec_empty.out";
    Spit(p, "");
    ExpectError("empty", p, 0, "empty");
  }
  ExpectError("missing file", tmp + "nec_no_such_file.out", 0, "cannot open");
  ExpectError("directory", CLOUDMAP_TEMP_DIR, 0, "directory");
  if (haveNec)
  {
    // A wire-only model prints no patch table: it reads as wires without patches
    // (TestNecPatterns covers its currents and patterns).
    const std::string deck = tmp + "nec_dipole.nec", p = tmp + "nec_dipole.out";
    Spit(deck,
      "CM dipole\nCE\nGW 1 9 0 0 -0.5 0 0 0.5 0.001\nGE 0\nFR 0 1 0 0 150 0\n"
      "EX 0 1 5 0 1 0\nXQ\nEN\n");
    CM_CHECK_MSG(RunNec2c(deck, p), "nec2c ran on the dipole");
    try
    {
      const NecOutput w = ReadNecOutputFile(p);
      CM_CHECK_MSG(w.Solutions.size() == 1 && w.Solutions[0].FullMesh().NumberOfElements() == 0 &&
          w.Solutions[0].Wires.size() == 9,
        "wire-only model: one solution, 9 segments, no patches");
    }
    catch (const ParseError& e)
    {
      CM_CHECK_MSG(false, std::string("wire-only model: ") + e.what());
    }
    // A deck that never solves prints no solution at all.
    const std::string deck2 = tmp + "nec_nosolve.nec", p2 = tmp + "nec_nosolve.out";
    Spit(deck2, "CM dipole\nCE\nGW 1 9 0 0 -0.5 0 0 0.5 0.001\nGE 0\nFR 0 1 0 0 150 0\nEN\n");
    CM_CHECK_MSG(RunNec2c(deck2, p2), "nec2c ran on the deck without XQ");
    ExpectError("no solve", p2, 0, "no solution");
  }
  CM_CHECK_MSG(LooksLikeNecOutput(text.substr(0, 4096)), "sniff: nec2c banner");
  CM_CHECK_MSG(
    LooksLikeNecOutput(Slurp(data + "nec2d_sample.out").substr(0, 4096)), "sniff: NEC-2D banner");
  CM_CHECK_MSG(!LooksLikeNecOutput("CLOUDMAP-MOM 1\nFREQUENCY 1e8\n"), "sniff: a .cmom file");

  // Long patch-current tables are parsed in blocks on the threads: the same
  // result on 1 and on 2 threads (blocks run in reverse order, to be sure no
  // block depends on another), the values as printed, and the same first
  // error in file order when a row deep in a table is damaged.
  {
    const ParallelFor twoThreads = [](std::int64_t n,
                                     const std::function<void(std::int64_t, std::int64_t)>& body) {
      std::thread other([&] {
        for (std::int64_t b = n - 1; b >= n / 2; --b)
          body(b, b + 1);
      });
      for (std::int64_t b = n / 2 - 1; b >= 0; --b)
        body(b, b + 1);
      other.join();
    };
    std::vector<std::string> jx;
    const std::string sweep = PlateSweep(40, 100, 3, &jx);
    try
    {
      const NecOutput serial = ParseNecOutput(sweep, "sweep.out");
      const NecOutput parallel = ParseNecOutput(sweep, "sweep.out", twoThreads);
      CM_CHECK_MSG(
        serial.Solutions.size() == 3 && parallel.Solutions.size() == 3, "sweep: 3 solutions");
      bool same = serial.Solutions.size() == parallel.Solutions.size();
      for (std::size_t k = 0; same && k < serial.Solutions.size(); ++k)
      {
        const SurfaceMesh a = serial.Solutions[k].FullMesh();
        const SurfaceMesh b = parallel.Solutions[k].FullMesh();
        same = a.JReal.size() == 3 * 4000 && a.JReal == b.JReal && a.JImag == b.JImag &&
          a.Points == b.Points && a.Connectivity == b.Connectivity;
      }
      CM_CHECK_MSG(same, "sweep: 2 threads give the serial result");
      // One structure: every solve shares its polygons (a sweep would otherwise
      // hold one copy per frequency).
      CM_CHECK_MSG(serial.Solutions.size() == 3 && serial.Solutions[0].Polygons &&
          serial.Solutions[0].Polygons == serial.Solutions[2].Polygons &&
          parallel.Solutions[1].Polygons == parallel.Solutions[2].Polygons &&
          serial.Solutions[1].Mesh.Points.empty(),
        "sweep: the solves share one set of polygons");
      // A row the parallel pass refuses but NEC may print ('+' exponent sign
      // spelled out, Fortran style): the parse is redone serially, same values.
      std::string plus = sweep;
      std::size_t at = plus.find("SURFACE PATCH CURRENTS");
      at = plus.find("\n 3000 ", plus.find("SURFACE PATCH CURRENTS", at + 1));
      const std::size_t e = at == std::string::npos ? at : plus.find('\n', at + 1);
      const std::size_t last = e == std::string::npos ? e : plus.rfind(' ', e) + 1;
      CM_CHECK_MSG(last != std::string::npos, "sweep: row 3000 of table 2 found");
      if (last != std::string::npos)
      {
        double v = 0;
        const bool read = ParseDouble(plus.substr(last, e - last), v);
        char spelled[32];
        std::snprintf(spelled, sizeof spelled, "+%.2E", v);
        plus.replace(last, e - last, v < 0 ? plus.substr(last, e - last) : std::string(spelled));
        const NecOutput p1 = ParseNecOutput(plus, "plus.out");
        const NecOutput p2 = ParseNecOutput(plus, "plus.out", twoThreads);
        CM_CHECK_MSG(read && v >= 0 && p1.Solutions.size() == 3 && p2.Solutions.size() == 3 &&
            p1.Solutions[1].Mesh.JImag == p2.Solutions[1].Mesh.JImag &&
            p1.Solutions[1].Mesh.JImag == serial.Solutions[1].Mesh.JImag &&
            p2.Solutions[2].Mesh.JReal == serial.Solutions[2].Mesh.JReal,
          "sweep, a '+' sign in row 3000: 2 threads fall back to the serial parse, same values");
      }
      // Rows of uneven width whose total is the fixed width's: row 1000 of
      // table 2 three spaces shorter, row 3000 three longer. The block starts
      // the parallel pass computes from the width then fall inside the patch
      // numbers between them: the pass must refuse them and the serial parse
      // give the same values.
      {
        std::string uneven = sweep;
        const std::size_t t2 =
          uneven.find("SURFACE PATCH CURRENTS", uneven.find("SURFACE PATCH CURRENTS") + 1);
        const std::size_t r1 = uneven.find("\n 1000 ", t2);
        const std::size_t gap = r1 == std::string::npos ? r1 : uneven.find("    ", r1 + 7);
        const std::size_t r3 = uneven.find("\n 3000 ", t2);
        CM_CHECK_MSG(gap != std::string::npos && r3 != std::string::npos && gap < r3,
          "sweep: rows 1000 and 3000 of table 2 found");
        if (gap != std::string::npos && r3 != std::string::npos && gap < r3)
        {
          uneven.insert(r3 + 6, "   ");
          uneven.erase(gap, 3);
          CM_CHECK(uneven.size() == sweep.size());
          const NecOutput u2 = ParseNecOutput(uneven, "uneven.out", twoThreads);
          bool equal = u2.Solutions.size() == serial.Solutions.size();
          for (std::size_t k = 0; equal && k < u2.Solutions.size(); ++k)
          {
            equal = u2.Solutions[k].Mesh.JReal == serial.Solutions[k].Mesh.JReal &&
              u2.Solutions[k].Mesh.JImag == serial.Solutions[k].Mesh.JImag;
          }
          CM_CHECK_MSG(
            equal, "sweep, uneven rows of the fixed total width: 2 threads give the serial values");
        }
      }
      bool printed = !serial.Solutions.empty() && jx.size() == 4000;
      for (std::size_t r = 0; printed && r < jx.size(); ++r)
      {
        double v = 0;
        printed = ParseDouble(Trim(jx[r]), v) && serial.Solutions[0].Mesh.JReal[3 * r] == v;
        if (!printed)
          std::printf("  row %zu: printed %s, read %.17g\n", r, jx[r].c_str(),
            serial.Solutions[0].Mesh.JReal[3 * r]);
      }
      CM_CHECK_MSG(printed, "sweep: every Jx as printed");
    }
    catch (const std::exception& e)
    {
      CM_CHECK_MSG(false, std::string("sweep: ") + e.what());
    }
    // Damage row 3000 of the second table (a NaN, then a wrong patch number).
    for (const char* bad : { "nan", "2999" })
    {
      std::string broken = sweep;
      std::size_t at = broken.find("SURFACE PATCH CURRENTS");
      at = broken.find("SURFACE PATCH CURRENTS", at + 1);
      at = broken.find("\n 3000 ", at);
      CM_CHECK_MSG(at != std::string::npos, "sweep: row 3000 of table 2 found");
      if (at == std::string::npos)
        continue;
      if (std::strcmp(bad, "nan") == 0)
      {
        const std::size_t e = broken.find('\n', at + 1);
        broken.replace(broken.rfind(' ', e) + 1, e - broken.rfind(' ', e) - 1, "nan");
      }
      else
      {
        broken.replace(at + 1, 5, " 2999");
      }
      // The partial-result rule: the first frequency is kept, with one warning naming the
      // damaged row of the second, the same on any thread count.
      std::string one, two;
      std::size_t kept[2] = { 0, 0 };
      try
      {
        const NecOutput o = ParseNecOutput(broken, "broken.out");
        one = o.Warnings.size() == 1 ? o.Warnings[0] : std::string();
        kept[0] = o.Solutions.size();
      }
      catch (const ParseError& e)
      {
        one = std::string("error: ") + e.what();
      }
      try
      {
        const NecOutput o = ParseNecOutput(broken, "broken.out", twoThreads);
        two = o.Warnings.size() == 1 ? o.Warnings[0] : std::string();
        kept[1] = o.Solutions.size();
      }
      catch (const ParseError& e)
      {
        two = std::string("error: ") + e.what();
      }
      CM_CHECK_MSG(kept[0] == 1 && kept[1] == 1, "sweep: the undamaged first frequency is kept");
      const std::string line = std::to_string(
        1 + std::count(broken.begin(), broken.begin() + static_cast<std::ptrdiff_t>(at) + 1, '\n'));
      CM_CHECK_MSG(!one.empty() && one == two && one.find("broken.out:" + line + ":") == 0,
        std::string("sweep, ") + bad + ": the same warning on 1 and 2 threads at line " + line +
          " (got '" + one + "' and '" + two + "')");
    }
    // SURFACE PATCH DATA is read in blocks on the threads after its first row: row
    // 3000 damaged (a non-positive area, a NaN, a wrong patch number) gives the serial
    // error at its line on 1 and 2 threads; spelled with a '+' sign (a row the
    // blocks refuse but NEC may print) it gives the serial values.
    for (const char* bad : { "area", "nan", "2999", "plus" })
    {
      std::string broken = sweep;
      const std::size_t at = broken.find("\n 3000 ", broken.find("SURFACE PATCH DATA"));
      const std::size_t e = at == std::string::npos ? at : broken.find('\n', at + 1);
      CM_CHECK_MSG(e != std::string::npos, "plate: row 3000 of SURFACE PATCH DATA found");
      if (e == std::string::npos)
        continue;
      std::vector<std::string> f = Fields(broken.substr(at + 1, e - at - 1));
      const std::string bads = bad;
      f[0] = bads == "2999" ? "2999" : f[0];
      f[7] = bads == "area" ? "-0.01000" : bads == "nan" ? "nan" : f[7];
      f[1] = bads == "plus" ? "+" + f[1] : f[1];
      std::string row;
      for (const std::string& x : f)
        row += " " + x;
      broken.replace(at + 1, e - at - 1, row);
      std::string one, two;
      SurfaceMesh m1, m2;
      for (int t = 0; t < 2; ++t)
      {
        try
        {
          const NecOutput o = t == 0 ? ParseNecOutput(broken, "broken.out")
                                     : ParseNecOutput(broken, "broken.out", twoThreads);
          (t == 0 ? m1 : m2) = o.Solutions.empty() ? SurfaceMesh() : o.Solutions[0].FullMesh();
        }
        catch (const ParseError& x)
        {
          (t == 0 ? one : two) = x.what();
        }
      }
      const std::string line = std::to_string(
        1 + std::count(broken.begin(), broken.begin() + static_cast<std::ptrdiff_t>(at) + 1, '\n'));
      if (bads == "plus")
      {
        CM_CHECK_MSG(one.empty() && two.empty() && m1.Points.size() == 3 * 41 * 101 &&
            m1.Points == m2.Points && m1.Connectivity == m2.Connectivity && m1.JReal == m2.JReal,
          "plate, a '+' sign in row 3000 of SURFACE PATCH DATA: the serial values on 2 threads");
      }
      else
      {
        CM_CHECK_MSG(!one.empty() && one == two && one.find("broken.out:" + line + ":") == 0,
          std::string("plate, ") + bad + " in SURFACE PATCH DATA: the same error on 1 and 2 " +
            "threads at line " + line + " (got '" + one + "' and '" + two + "')");
      }
    }
  }

  return cmReport("TestNecOutput");
}
