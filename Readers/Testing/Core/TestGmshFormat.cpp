// SPDX-License-Identifier: BSD-3-Clause
// Gmsh MSH 2.2 and 4.1 ASCII written by hand: the same plate of 2 quads and 2 triangles
// in both versions, with a line and a point element to skip, non-contiguous node and
// element tags, bempp-style "(real)"/"(imag)" views covering 3 of 4 elements (in either
// order), node data on some nodes, and a second time step of a view. Damaged copies fail.
// Then the real-Gmsh corpus (gmsh_corpus_*.msh, MSH 1 to 4.1, ASCII and binary, first
// and second order, made by gmsh 4.8.4) against gmsh's own reading of each file
// (gmsh_corpus_oracle.tsv) and the analytic area; token-based reading (values spread
// over lines); the partial-result rule (a data section that fails is one warning).
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmGmshFormat.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
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
    CM_NEAR(mag->Values[3], 5.0, 1e-15); // |(3,0,0)+j(0,0,4)|... element 35
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
    CM_CHECK(lone && lone->Time == 1e-9 && lone->Step == 1 && lone->Values[0] == 7.0 &&
      lone->Covered == 1);
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
  std::printf("  %s: %lld elements, %zu views, %zu times\n", label,
    static_cast<long long>(b.NumberOfElements()), b.Views.size(), b.Times.size());
  CM_CHECK(
    a.Points.size() == b.Points.size() && a.NodeTags == b.NodeTags && a.Offsets == b.Offsets);
  double worst = 0;
  for (std::size_t i = 0; i < a.Points.size() && i < b.Points.size(); ++i)
  {
    worst = std::max(worst, std::abs(a.Points[i] - b.Points[i]));
  }
  CM_CHECK(worst <= tol);
  CM_CHECK(a.Connectivity == b.Connectivity && a.ElementTags == b.ElementTags &&
    a.SkippedTypes == b.SkippedTypes);
  CM_CHECK(a.Times == b.Times && a.Views.size() == b.Views.size());
  for (std::size_t i = 0; i < a.Views.size() && i < b.Views.size(); ++i)
  {
    const GmshView &x = a.Views[i], &y = b.Views[i];
    CM_CHECK(x.Name == y.Name && x.OnElements == y.OnElements && x.Components == y.Components);
    CM_CHECK(x.Time == y.Time && x.Step == y.Step && x.Covered == y.Covered &&
      SameValues(x.Values, y.Values));
  }
}

/// Binary MSH 2.2 and 4.1 in both byte orders, MSH 2.0, multi-step views.
void BinaryAndSteps()
{
  const std::string data = CLOUDMAP_DATA_DIR "/gmsh/";
  const GmshMesh v22 = ReadGmshFile(data + "plate_v22.msh"),
                 v41 = ReadGmshFile(data + "plate_v41.msh");
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
  CM_CHECK(
    g22.NumberOfElements() == 8 && g22.SkippedTypes.size() == 1 && g22.SkippedTypes.at(15) == 1);
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
  ExpectError(
    "binary truncated", b.substr(0, b.find("$EndNodes") - 20), "binary data ends while reading");
  std::string e = b;
  e[e.find("8\n") + 2] = 2; // the endianness check reads 2
  ExpectError("binary endianness", e, "endianness check");
  const std::string b2 = Slurp(data + "plate_v22_bin.msh");
  std::string t = b2;
  const std::size_t el = t.find("$Elements\n") + 10;
  t[t.find('\n', el) + 1] = static_cast<char>(200); // the first block's type
  ExpectError("binary element type", t, "no known node count");
}

void ExpectWarning(const char* label, const std::string& text, const char* words, std::int64_t line)
{
  try
  {
    const GmshMesh m = ParseGmsh(text, label);
    std::printf("  %s -> %s\n", label, m.Warnings.empty() ? "<no warning>" : m.Warnings[0].c_str());
    CM_CHECK(m.Warnings.size() == 1 && m.NumberOfElements() > 0);
    if (!m.Warnings.empty())
    {
      const std::string at = std::string(label) + ":" + std::to_string(line) + ": ";
      CM_CHECK(m.Warnings[0].find(at) == 0 && m.Warnings[0].find(words) != std::string::npos);
    }
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL %s: refused: %s\n", label, e.what());
    CM_CHECK(false);
  }
}

std::int64_t LineOf(const std::string& text, const char* marker)
{
  const std::size_t k = text.find(marker);
  CM_CHECK(k != std::string::npos);
  return static_cast<std::int64_t>(
           std::count(text.begin(), text.begin() + static_cast<long>(k), '\n')) +
    1;
}

double Area(const GmshMesh& m)
{
  double area = 0;
  for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
  {
    const std::int64_t b = m.Offsets[e], n = m.Offsets[e + 1] - b;
    const double* o = &m.Points[3 * m.Connectivity[b]];
    for (std::int64_t k = 1; k + 1 < n; ++k)
    {
      const double* p = &m.Points[3 * m.Connectivity[b + k]];
      const double* q = &m.Points[3 * m.Connectivity[b + k + 1]];
      const double u[3] = { p[0] - o[0], p[1] - o[1], p[2] - o[2] };
      const double v[3] = { q[0] - o[0], q[1] - o[1], q[2] - o[2] };
      const double c[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0] };
      area += 0.5 * std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    }
  }
  return area;
}

/// The views gmsh.view.write put in gmsh_corpus_views_*.msh: potential = x + 2y per node,
/// J = (tag, j 2 tag, 0) per element, phi = x + 2y per element node (read as the mean of
/// the corner values: x + 2y at the corners' centroid).
void CheckCorpusViews(const GmshMesh& m, const std::string& name)
{
  const GmshView* pot = View(m, "potential");
  const GmshView* mag = View(m, "|J|");
  const GmshView* re = View(m, "J_real");
  const GmshView* phi = View(m, "phi");
  CM_CHECK_MSG(pot && mag && re && phi && m.Views.size() == 5, name + ": views missing");
  if (!(pot && mag && re && phi))
  {
    return;
  }
  CM_CHECK(!pot->OnElements && pot->Covered == static_cast<std::int64_t>(m.NodeTags.size()));
  CM_CHECK(phi->OnElements && phi->PerElementNode && phi->Covered == m.NumberOfElements());
  double worst = 0;
  for (std::size_t i = 0; i < m.NodeTags.size(); ++i)
  {
    worst = std::max(worst, std::abs(pot->Values[i] - (m.Points[3 * i] + 2 * m.Points[3 * i + 1])));
  }
  for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
  {
    const double tag = static_cast<double>(m.ElementTags[static_cast<std::size_t>(e)]);
    worst = std::max(
      worst, std::abs(mag->Values[static_cast<std::size_t>(e)] - tag * std::sqrt(5.0)) / tag);
    worst = std::max(worst, std::abs(re->Values[3 * static_cast<std::size_t>(e)] - tag));
    const std::int64_t b = m.Offsets[e], n = m.Offsets[e + 1] - b;
    double mean = 0;
    for (std::int64_t k = 0; k < n; ++k)
    {
      const double* p = &m.Points[3 * m.Connectivity[b + k]];
      mean += (p[0] + 2 * p[1]) / static_cast<double>(n);
    }
    worst = std::max(worst, std::abs(phi->Values[static_cast<std::size_t>(e)] - mean));
  }
  std::printf("    views of %s: worst difference %.3g\n", name.c_str(), worst);
  CM_CHECK_MSG(worst < 1e-12, name + ": a view differs from its analytic value");
}

/// Every file of the real-Gmsh corpus against gmsh's own reading of it.
void RealCorpus()
{
  const std::string data = CLOUDMAP_DATA_DIR "/gmsh/";
  std::ifstream in(data + "gmsh_corpus_oracle.tsv");
  CM_CHECK_MSG(in.good(), "no gmsh_corpus_oracle.tsv");
  std::string row;
  int files = 0;
  std::set<std::string> versions;
  while (std::getline(in, row))
  {
    if (row.empty() || row[0] == '#')
    {
      continue;
    }
    std::istringstream f(row);
    std::string name, version, agree;
    long long nodes, cells, corners, high, skipped;
    double area;
    f >> name >> version >> nodes >> cells >> corners >> area >> high >> skipped >> agree;
    CM_CHECK_MSG(!f.fail(), "bad oracle row: " + row);
    try
    {
      const GmshMesh m = ReadGmshFile(data + name);
      const std::set<std::int64_t> used(m.Connectivity.begin(), m.Connectivity.end());
      std::int64_t linear = 0, skip = 0;
      for (const auto& t : m.LinearizedTypes)
      {
        linear += t.second;
      }
      for (const auto& t : m.SkippedTypes)
      {
        skip += t.second;
      }
      const double a = Area(m);
      std::printf(
        "  %-34s MSH %-3s %3lld nodes, %2lld cells, %2zu points, area %.15g, %lld linearized\n",
        name.c_str(), version.c_str(), static_cast<long long>(m.NodeTags.size()),
        static_cast<long long>(m.NumberOfElements()), used.size(), a,
        static_cast<long long>(linear));
      CM_CHECK_MSG(m.Version == std::stod(version), name + ": version");
      CM_CHECK_MSG(static_cast<long long>(m.NodeTags.size()) == nodes, name + ": node count");
      CM_CHECK_MSG(m.NumberOfElements() == cells, name + ": surface element count");
      CM_CHECK_MSG(static_cast<long long>(used.size()) == corners, name + ": corner nodes");
      CM_CHECK_MSG(std::abs(a - area) < 1e-12, name + ": area differs from gmsh's");
      // The geometry's own area: the L-shaped plate 0.75, gmsh_plate.geo 0.5.
      CM_CHECK_MSG(std::abs(a - (name.find("tri6") != std::string::npos ? 0.5 : 0.75)) < 1e-12,
        name + ": area");
      CM_CHECK_MSG(linear == high && skip == skipped, name + ": higher-order or skipped counts");
      // One warning (the higher-order elements) or none.
      CM_CHECK_MSG(m.Warnings.size() == (high > 0 ? 1u : 0u), name + ": warnings");
      if (name.find("views") != std::string::npos)
      {
        CheckCorpusViews(m, name);
      }
      versions.insert(version);
      ++files;
    }
    catch (const ParseError& e)
    {
      std::printf("FAIL %s: %s\n", name.c_str(), e.what());
      CM_CHECK(false);
    }
  }
  CM_CHECK(files >= 20 && versions.size() == 5); // 1, 2.2, 3, 4 (4.0), 4.1
}

/// Token-based reading: Gmsh reads ASCII sections with fscanf, so values may be spread
/// over lines (MshIO writes a 4.1 node block's coordinates on one line); a failure names
/// the line of the bad token.
void Tokens()
{
  // The layout of qnzhou/MshIO's data/test_4.1_ascii.msh (its 6 nodes' coordinates on
  // one line), written here for our own 2 quads.
  const std::string mshio =
    "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 6 1 6\n2 2 0 6\n1\n2\n3\n4\n5\n6\n"
    "0. 0. 0. 1. 0. 0. 1. 1. 0. 0. 1. 0. 2. 0. 0. 2. 1. 0.\n$EndNodes\n"
    "$Elements\n1 2 1 2\n2 2 3 2\n1 1 2 3 4\n2 2 5 6 3\n$EndElements\n"
    "$NodeData\n1\n\"A scalar view\"\n1\n0.0\n3\n0\n1\n6\n1 0.0\n2 0.1\n3 0.2\n4 0.0 5 0.2\n6 "
    "0.4\n$EndNodeData\n";
  try
  {
    const GmshMesh m = ParseGmsh(mshio, "mshio");
    CM_CHECK(m.NumberOfElements() == 2 && m.NodeTags.size() == 6 && m.Points[3 * 5] == 2.0 &&
      m.Points[3 * 5 + 1] == 1.0);
    CM_NEAR(Area(m), 2.0, 1e-15);
    const GmshView* v = View(m, "A scalar view");
    CM_CHECK(
      v && v->Covered == 6 && v->Values[4] == 0.2 && v->Values[5] == 0.4 && m.Warnings.empty());
    // MSH 2.2 with a node's coordinates on two lines reads the same as plate_v22.msh.
    const std::string v2 = Slurp(CLOUDMAP_DATA_DIR "/gmsh/plate_v22.msh");
    SameMesh(ParseGmsh(v2, "v22"), ParseGmsh(Replace(v2, "2 1 0 0\n", "2 1\n 0 0\n"), "split"),
      "2.2 node over two lines");
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL tokens: %s\n", e.what());
    CM_CHECK(false);
  }
  // The bad token is on line 13 (the line of all coordinates): its line is named.
  ExpectError("mshio bad token", Replace(mshio, "2. 1. 0.\n", "2. x 0.\n"), "expected y");
  try
  {
    ParseGmsh(Replace(mshio, "2. 1. 0.\n", "2. x 0.\n"), "line");
  }
  catch (const ParseError& e)
  {
    CM_CHECK(e.Line == 13);
  }
}

/// Versions refused with the version named and the reason; MSH 1 recognised.
void Versions()
{
  const std::string v41 = Slurp(CLOUDMAP_DATA_DIR "/gmsh/gmsh_corpus_v41_bin.msh");
  ExpectError("4.0 binary", Replace(v41, "4.1 1 8", "4 1 8"), "MSH 4.0 binary is not read");
  const std::string v2 = Slurp(CLOUDMAP_DATA_DIR "/gmsh/plate_v22.msh");
  ExpectError("version 5", Replace(v2, "2.2 0 8", "5.0 0 8"), "MSH version 5.0 is not read");
  ExpectError("version 1.5", Replace(v2, "2.2 0 8", "1.5 0 8"), "MSH version 1.5 is not read");
  CM_CHECK(LooksLikeGmsh(Slurp(CLOUDMAP_DATA_DIR "/gmsh/gmsh_corpus_v1.msh")));
}

/// The partial-result rule: a data section that fails is one warning (file, line,
/// problem); the mesh and the other views are read. Unknown sections are one warning each.
void Partial()
{
  const std::string v2 = Slurp(CLOUDMAP_DATA_DIR "/gmsh/plate_v22.msh");
  const std::string bad = Replace(v2, "0\n1\n5\n3 9.0", "0\n2\n5\n3 9.0");
  ExpectWarning("components", bad, "2 components", LineOf(bad, "0\n2\n5\n3 9.0") + 1);
  const GmshMesh m = ParseGmsh(bad, "components");
  CM_CHECK(View(m, "J_real") && View(m, "potential") && !View(m, "thickness") &&
    m.NumberOfElements() == 4);
  ExpectWarning("unknown element", Replace(v2, "35 0.0 0.0 3.0", "36 0.0 0.0 3.0"), "element 36",
    LineOf(v2, "35 0.0 0.0 3.0"));
  const std::string foo = v2 + "$Foo\n1 2 3\n$EndFoo\n";
  ExpectWarning("unknown section", foo, "skipped the section $Foo", LineOf(foo, "$Foo"));
  // An unknown section without its end: one warning naming its line; the mesh is read.
  const std::string open = v2 + "$Foo\n1 2 3\n";
  ExpectWarning("open section", open, "the section $Foo has no $EndFoo", LineOf(open, "$Foo"));
  // A $ElementNodeData of a wrong node count per element: one warning, the rest read.
  const std::string en =
    v2 + "$ElementNodeData\n1\n\"phi\"\n1\n0\n3\n0\n1\n1\n10 3 1 2 3\n$EndElementNodeData\n";
  ExpectWarning(
    "element node count", en, "its $ElementNodeData row gives 3", LineOf(en, "10 3 1 2 3"));
  // A right one: element 10 is a quad: the mean of its 4 corner values.
  const GmshMesh ok = ParseGmsh(Replace(en, "10 3 1 2 3", "10 4 1 2 3 6"), "en");
  const GmshView* phi = View(ok, "phi");
  CM_CHECK(phi && phi->OnElements && phi->Values[0] == 3.0 && std::isnan(phi->Values[1]) &&
    ok.Warnings.empty());
  // A view with more rows announced than given: one warning at its $End line, the next
  // views are read.
  const std::string more = Replace(v2, "0\n1\n3\n1 1.5", "0\n1\n4\n1 1.5");
  ExpectWarning(
    "count (data, larger)", more, "$EndNodeData inside NodeData", LineOf(more, "$EndNodeData"));
  const GmshMesh mm = ParseGmsh(more, "more");
  CM_CHECK(!View(mm, "potential") && View(mm, "J (real)") && mm.Warnings.size() == 1);
  // A data section whose $End is missing: the next section is still read.
  const std::string cut = Replace(v2, "$EndNodeData\n", "");
  const GmshMesh c = ParseGmsh(cut + "$Foo\n$EndFoo\n", "cut");
  CM_CHECK(c.Warnings.size() == 2 && !View(c, "potential") &&
    c.Warnings[1].find("$Foo") != std::string::npos);
}
/// gmsh.view.write with its default PostProcessing.SaveMesh = 1 repeats the mesh before
/// every view (gmsh_corpus_views_mesh_*.msh, checked against gmsh in RealCorpus): Gmsh reads
/// it as one mesh, and so does the reader when the repeat is identical. A repeat that
/// differs (a moved node, a node more, an element on other nodes) is refused at the line of
/// the differing section; the first $Nodes and $Elements stay as they were.
void RepeatedMesh()
{
  const std::string data = CLOUDMAP_DATA_DIR "/gmsh/";
  const std::string text = Slurp(data + "gmsh_corpus_views_mesh_v22.msh");
  const std::size_t second = text.find("$Nodes", text.find("$EndElements"));
  const std::size_t elements = text.find("$Elements", second);
  CM_CHECK_MSG(second != std::string::npos && elements != std::string::npos,
    "views_mesh_v22: a second $Nodes and $Elements");
  if (second == std::string::npos || elements == std::string::npos)
  {
    return;
  }
  const std::int64_t nodesLine =
    std::count(text.begin(), text.begin() + static_cast<long>(second), '\n') + 1;
  const std::int64_t elementsLine =
    std::count(text.begin(), text.begin() + static_cast<long>(elements), '\n') + 1;
  const std::string head = text.substr(0, second), tail = text.substr(second);
  const struct
  {
    const char* label;
    std::string text;
    std::int64_t line;
    const char* words;
  } cases[] = {
    { "moved node", head + Replace(tail, "\n9 1 0.2499999999993459 0\n", "\n9 1 0.25 0\n"),
      nodesLine, "node 9 has other coordinates" },
    { "node more",
      head +
        Replace(Replace(tail, "$Nodes\n24\n", "$Nodes\n25\n"), "$EndNodes", "25 5 5 5\n$EndNodes"),
      nodesLine, "25 nodes instead of 24" },
    { "other element", head + Replace(tail, "\n6 2 2 1 1 3 4 13\n", "\n6 2 2 1 1 3 4 14\n"),
      elementsLine, "element 6 has other nodes" },
  };
  for (const auto& c : cases)
  {
    try
    {
      ParseGmsh(c.text, "repeat.msh");
      std::printf("FAIL repeated mesh, %s: no ParseError\n", c.label);
      CM_CHECK(false);
    }
    catch (const ParseError& e)
    {
      std::printf("  repeated mesh, %s -> %s\n", c.label, e.what());
      CM_CHECK_MSG(e.File == "repeat.msh" && e.Line == c.line &&
          std::strstr(e.what(), c.words) != nullptr &&
          std::strstr(e.what(), "differs from the first") != nullptr,
        std::string("repeated mesh, ") + c.label + ": refused at line " + std::to_string(c.line));
    }
  }
  // The identical repeat reads as the file with the repeats cut out: the same mesh and views.
  std::string once = text;
  for (std::size_t k = once.find("$MeshFormat", 1); k != std::string::npos;
       k = once.find("$MeshFormat", k))
  {
    const std::size_t end = once.find("$EndElements\n", k);
    once.erase(k, end == std::string::npos ? std::string::npos : end + 13 - k);
  }
  try
  {
    const GmshMesh a = ParseGmsh(text, "a"), b = ParseGmsh(once, "b");
    bool same = a.Views.size() == b.Views.size() && a.Views.size() == 5;
    for (std::size_t v = 0; same && v < a.Views.size(); ++v)
    {
      same = a.Views[v].Name == b.Views[v].Name && SameValues(a.Views[v].Values, b.Views[v].Values);
    }
    CM_CHECK_MSG(same && a.Points == b.Points && a.Connectivity == b.Connectivity &&
        a.ElementTags == b.ElementTags && a.SkippedTypes == b.SkippedTypes && a.Warnings.empty() &&
        b.Warnings.empty() && once.find("$Nodes", once.find("$EndNodes")) == std::string::npos,
      "views_mesh_v22 reads as the file with its 3 repeated meshes cut out");
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL repeated mesh: %s\n", e.what());
    CM_CHECK(false);
  }
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
  ExpectError("count (4.1)", Replace(v4, "2 1 0 6\n", "2 1 0 5\n"),
    "the node blocks hold 6 nodes, the header says 7");
  ExpectWarning("count (data)", Replace(v2, "0\n1\n3\n1 1.5", "0\n1\n2\n1 1.5"),
    "more rows than the count", LineOf(v2, "0\n1\n3\n1 1.5") + 5);
  ExpectError("non-numeric", Replace(v2, "2 1 0 0\n", "2 1 O 0\n"), "expected y");
  ExpectError("no nodes", v2.substr(0, v2.find("$Nodes")) + v2.substr(v2.find("$Elements")),
    "does not define");
  ExpectError("unknown node", Replace(v2, "20 2 2 2 1 5 6 9", "20 2 2 2 1 5 6 8"), "node 8");
  ExpectError("binary", Replace(v2, "2.2 0 8", "2.2 1 8"), "endianness check");
  ExpectError("file type", Replace(v2, "2.2 0 8", "2.2 2 8"), "file type 2");
  BinaryAndSteps();
  RealCorpus();
  RepeatedMesh();
  Tokens();
  Versions();
  Partial();
  ExpectError("wrong node count", Replace(v2, "10 3 2 2 1 1 2 6 5", "10 3 2 2 1 1 2 6"),
    "3 nodes, expected 4");
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
