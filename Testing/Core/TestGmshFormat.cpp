// SPDX-License-Identifier: BSD-3-Clause
// Gmsh MSH 2.2 and 4.1 ASCII written by hand: the same plate of 2 quads and 2 triangles
// in both versions, with a line and a point element to skip, non-contiguous node and
// element tags, bempp-style "(real)"/"(imag)" views covering 3 of 4 elements (in either
// order), node data on some nodes, and a second time step of a view. Damaged copies fail.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmGmshFormat.h"
#include "cmTextScan.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

using namespace cloudmap;

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
    CM_CHECK(re->Covered == 3 && re->Values[0] == 1.0); // the time-step-1 view (7 7 7) is ignored
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
  CM_CHECK(View(m, "J (real)") == nullptr && View(m, "J (imag)") == nullptr);
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
} // namespace

int main()
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
  ExpectError("binary", Replace(v2, "2.2 0 8", "2.2 1 8"), "binary");
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
