// SPDX-License-Identifier: BSD-3-Clause
// Gmsh MSH 2.2 and 4.1 ASCII written by hand: the same plate of 2 quads and 2 triangles
// in both versions, with a line and a point element to skip, non-contiguous node and
// element tags, bempp-style "(real)"/"(imag)" views covering 3 of 4 elements (in either
// order), node data on some nodes, and a second time step of a view. Damaged copies fail.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmGmshFormat.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

using namespace cm;

namespace
{

const GmshView* View(const GmshMesh& m, const char* name)
{
  for (const auto& v : m.Views)
  {
    if (v.Name == name)
    {
      return &v;
    }
  }
  return nullptr;
}

void CheckPlate(const GmshMesh& m, bool v2)
{
  CM_CHECK(m.NumberOfElements() == 4 && m.Points.size() == 21);
  CM_CHECK(m.ElementTags.size() == 4 && m.ElementTags[0] == 10 && m.ElementTags[3] == 35);
  CM_CHECK(m.SkippedTypes.size() == 2 && m.SkippedTypes.at(1) == 1 && m.SkippedTypes.at(15) == 1);
  CM_CHECK(m.Offsets[1] == 4 && m.Offsets[2] == 8 && m.Offsets[3] == 11 && m.Offsets[4] == 14);
  double area = 0;
  for (std::int64_t e = 0; e < 4; ++e)
  {
    const std::int64_t b = m.Offsets[e], n = m.Offsets[e + 1] - b;
    for (std::int64_t k = 0; k < n; ++k)
    {
      const double* p = &m.Points[3 * m.Connectivity[b + k]];
      const double* q = &m.Points[3 * m.Connectivity[b + (k + 1) % n]];
      area += 0.5 * (p[0] * q[1] - q[0] * p[1]); // shoelace: positive = counter-clockwise
    }
  }
  CM_NEAR(area, 3.0, 1e-15);
  // Element 11 (index 1) is the quad of nodes 2 3 7 6: (1,0) (2,0) (2,1) (1,1).
  CM_CHECK(m.Points[3 * m.Connectivity[5]] == 2 && m.Points[3 * m.Connectivity[7] + 1] == 1);
  const GmshView* re = View(m, "J_real");
  const GmshView* im = View(m, "J_imag");
  const GmshView* mag = View(m, "|J|");
  CM_CHECK(re && im && mag && re->Components == 3 && mag->Components == 1 && re->OnElements);
  if (re && im && mag)
  {
    CM_CHECK(re->Values[3] == 2.0 && re->Values[4] == 0.5 && im->Values[3] == -1.0);
    CM_CHECK(std::isnan(re->Values[6]) && std::isnan(mag->Values[2])); // element 20 not covered
    CM_NEAR(mag->Values[3], 5.0, 1e-15);                               // |(3,0,0)+j(0,0,4)|... element 35
    CM_NEAR(mag->Values[0], std::sqrt(2.0), 1e-15);
    CM_CHECK(re->Covered == 3 && re->Values[0] == 1.0 && re->Time == 0);
  }
  const GmshView* pot = View(m, "potential");
  CM_CHECK(pot && !pot->OnElements && pot->Covered == 3);
  if (pot)
  {
    CM_CHECK(pot->Values[0] == 1.5 && pot->Values[6] == -2.5 && pot->Values[4] == 0.25);
    CM_CHECK(std::isnan(pot->Values[1]));
  }
  const GmshView* th = View(m, "thickness");
  CM_CHECK(v2 ? (th && th->Values[2] == 0.3 && th->Covered == 4) : th == nullptr);
  // The time-step-1 "J (real)" (7 7 7 at t = 1e-9) has no imaginary half at its time: it
  // stays a lone view under its own name, and the file has two times.
  const GmshView* lone = View(m, "J (real)");
  if (v2)
  {
    CM_CHECK(lone && lone->Time == 1e-9 && lone->Step == 1 && lone->Values[0] == 7.0 && lone->Covered == 1);
    CM_CHECK(m.Times.size() == 2 && m.Times[0] == 0 && m.Times[1] == 1e-9);
  }
  else
  {
    CM_CHECK(!lone && m.Times.size() == 1 && m.Times[0] == 0);
  }
  CM_CHECK(View(m, "J (imag)") == nullptr);
}

void ExpectError(const char* label, const std::string& text, const char* words)
{
  try
  {
    ParseGmsh(text, label);
    std::printf("FAIL %s: no ParseError\n", label);
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    std::printf("  %s -> %s\n", label, e.what());
    CM_CHECK(std::strstr(e.what(), words) != nullptr && e.File == label && e.Line > 0);
  }
}

std::string Replace(std::string s, const char* from, const char* to)
{
  const std::size_t k = s.find(from);
  CM_CHECK(k != std::string::npos);
  return k == std::string::npos ? s : s.replace(k, std::strlen(from), to);
}

bool SameValues(const std::vector<double>& a, const std::vector<double>& b)
{
  if (a.size() != b.size())
  {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i]))))
    {
      return false;
    }
  }
  return true;
}

/// A binary file and its ASCII twin give the same mesh and views, exactly.
/// `tol` > 0 for Gmsh's ASCII output, which prints 16 digits of the binary doubles.
void SameMesh(const GmshMesh& a, const GmshMesh& b, const char* label, double tol = 0)
{
  std::printf("  %s: %lld elements, %zu views, %zu times\n", label, static_cast<long long>(b.NumberOfElements()),
    b.Views.size(), b.Times.size());
  CM_CHECK(a.Points.size() == b.Points.size() && a.NodeTags == b.NodeTags && a.Offsets == b.Offsets);
  double worst = 0;
  for (std::size_t i = 0; i < a.Points.size() && i < b.Points.size(); ++i)
  {
    worst = std::max(worst, std::abs(a.Points[i] - b.Points[i]));
  }
  CM_CHECK(worst <= tol);
  CM_CHECK(a.Connectivity == b.Connectivity && a.ElementTags == b.ElementTags && a.SkippedTypes == b.SkippedTypes);
  CM_CHECK(a.Times == b.Times && a.Views.size() == b.Views.size());
  for (std::size_t i = 0; i < a.Views.size() && i < b.Views.size(); ++i)
  {
    const GmshView &x = a.Views[i], &y = b.Views[i];
    CM_CHECK(x.Name == y.Name && x.OnElements == y.OnElements && x.Components == y.Components);
    CM_CHECK(x.Time == y.Time && x.Step == y.Step && x.Covered == y.Covered && SameValues(x.Values, y.Values));
  }
}

/// Binary MSH 2.2 and 4.1 in both byte orders, MSH 2.0, multi-step views.
void BinaryAndSteps()
{
  const std::string data = CLOUDMAP_DATA_DIR "/gmsh/";
  const GmshMesh v22 = ReadGmshFile(data + "plate_v22.msh"), v41 = ReadGmshFile(data + "plate_v41.msh");
  SameMesh(v22, ReadGmshFile(data + "plate_v22_bin.msh"), "2.2 binary little-endian");
  SameMesh(v22, ReadGmshFile(data + "plate_v22_bin_be.msh"), "2.2 binary big-endian");
  SameMesh(v41, ReadGmshFile(data + "plate_v41_bin.msh"), "4.1 binary little-endian");
  SameMesh(v41, ReadGmshFile(data + "plate_v41_bin_be.msh"), "4.1 binary big-endian");
  SameMesh(v22, ReadGmshFile(data + "plate_v20.msh"), "2.0 header");
  // Gmsh's own output of one mesh, ASCII and binary: 8 triangles, a point element skipped.
  const GmshMesh g22 = ReadGmshFile(data + "gmsh_plate_v22.msh");
  SameMesh(g22, ReadGmshFile(data + "gmsh_plate_v22_bin.msh"), "gmsh 4.8 -bin msh22", 1e-15);
  const GmshMesh g41 = ReadGmshFile(data + "gmsh_plate_v41.msh");
  SameMesh(g41, ReadGmshFile(data + "gmsh_plate_v41_bin.msh"), "gmsh 4.8 -bin msh41", 1e-15);
  CM_CHECK(g22.NumberOfElements() == 8 && g22.SkippedTypes.size() == 1 && g22.SkippedTypes.at(15) == 1);
  CM_CHECK(g41.Points == g22.Points && g41.Connectivity == g22.Connectivity); // both ASCII
  double area = 0;
  for (std::int64_t e = 0; e < g41.NumberOfElements(); ++e)
  {
    const double* p = &g41.Points[3 * g41.Connectivity[3 * e]];
    const double* q = &g41.Points[3 * g41.Connectivity[3 * e + 1]];
    const double* r = &g41.Points[3 * g41.Connectivity[3 * e + 2]];
    area += 0.5 * std::abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  }
  CM_NEAR(area, 0.5, 1e-12); // the 1 x 0.5 plate of gmsh_plate.geo
  // A view of 3 steps, ASCII and binary: every step kept, the times listed.
  const GmshMesh st = ReadGmshFile(data + "steps_v41.msh");
  SameMesh(st, ReadGmshFile(data + "steps_v41_bin.msh"), "4.1 three steps");
  CM_CHECK(st.Times.size() == 3 && st.Times[1] == 0.5 && st.Views.size() == 3);
  for (std::size_t k = 0; k < st.Views.size(); ++k)
  {
    CM_CHECK(st.Views[k].Name == "current" && st.Views[k].Step == static_cast<int>(k));
    CM_CHECK(st.Views[k].Values[1] == 2.0 * (1 + k)); // element 11 of step k: 2 (1 + k)
  }
  // Damaged binaries.
  const std::string b = Slurp(data + "plate_v41_bin.msh");
  ExpectError("binary truncated", b.substr(0, b.find("$EndNodes") - 20), "binary data ends while reading");
  std::string e = b;
  e[e.find("8\n") + 2] = 2; // the endianness check reads 2
  ExpectError("binary endianness", e, "endianness check");
  const std::string b2 = Slurp(data + "plate_v22_bin.msh");
  std::string t = b2;
  const std::size_t el = t.find("$Elements\n") + 10;
  t[t.find('\n', el) + 1] = static_cast<char>(200); // the first block's type
  ExpectError("binary element type", t, "no known node count");
}
} // namespace

int TestGmshFormat(int, char*[])
{
  const std::string data = CLOUDMAP_DATA_DIR "/gmsh/";
  const std::string v2 = Slurp(data + "plate_v22.msh"), v4 = Slurp(data + "plate_v41.msh");
  CM_CHECK(LooksLikeGmsh(v2) && LooksLikeGmsh(v4) && !LooksLikeGmsh("##File Type: Far field\n"));
  try
  {
    const GmshMesh a = ParseGmsh(v2, "v22");
    CM_CHECK(a.Version == 2.2);
    CheckPlate(a, true);
    const GmshMesh b = ParseGmsh(v4, "v41");
    CM_CHECK(b.Version == 4.1);
    CheckPlate(b, false);
    CM_CHECK(a.Points == b.Points && a.Connectivity == b.Connectivity);
    // CRLF line ends read the same.
    std::string crlf;
    for (char c : v4)
    {
      crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    CheckPlate(ParseGmsh(crlf, "crlf"), false);
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL: %s\n", e.what());
    CM_CHECK(false);
  }
  std::printf("errors:\n");
  ExpectError("truncated", v2.substr(0, v2.find("7 2 1 0")), "truncated");
  ExpectError("count (2.2)", Replace(v2, "$Nodes\n7\n", "$Nodes\n8\n"), "section ends early");
  ExpectError("count (4.1)", Replace(v4, "2 1 0 6\n", "2 1 0 5\n"), "expected x y z");
  ExpectError("count (data)", Replace(v2, "0\n1\n3\n1 1.5", "0\n1\n2\n1 1.5"), "more rows than the count");
  ExpectError("non-numeric", Replace(v2, "2 1 0 0\n", "2 1 O 0\n"), "expected y");
  ExpectError("no nodes", v2.substr(0, v2.find("$Nodes")) + v2.substr(v2.find("$Elements")), "does not define");
  ExpectError("unknown node", Replace(v2, "20 2 2 2 1 5 6 9", "20 2 2 2 1 5 6 8"), "node 8");
  ExpectError("unknown element", Replace(v2, "35 0.0 0.0 3.0", "36 0.0 0.0 3.0"), "element 36");
  ExpectError("binary", Replace(v2, "2.2 0 8", "2.2 1 8"), "endianness check");
  ExpectError("file type", Replace(v2, "2.2 0 8", "2.2 2 8"), "file type 2");
  BinaryAndSteps();
  ExpectError("version", Replace(v2, "2.2 0 8", "3.0 0 8"), "version");
  ExpectError("wrong node count", Replace(v2, "10 3 2 2 1 1 2 6 5", "10 3 2 2 1 1 2 6"), "3 nodes, expected 4");
  ExpectError("components", Replace(v2, "0\n1\n5\n3 9.0", "0\n2\n5\n3 9.0"), "2 components");
  try
  {
    ParseGmsh("Just text\n", "nomsh");
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    CM_CHECK(std::strstr(e.what(), "not a Gmsh MSH file") != nullptr);
  }
  return cmReport("TestGmshFormat");
}
