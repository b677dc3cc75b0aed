// SPDX-License-Identifier: BSD-3-Clause
// The NEC deck writer's round trip: a closed cube of quads and triangles with a monopole
// becomes SP/SC cards, nec2c solves it during the test, and the NEC reader gives back
// the same patches (the one under the wire cut in 4), the same total area (0.96 m²) and
// enclosed volume (0.064 m³, so every normal points outward). Bad meshes are refused.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmNecDeck.h"
#include "cmNecNetwork.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

using namespace cm;

namespace
{
struct Mesh
{
  std::vector<double> Points;
  std::vector<std::int64_t> Offsets{ 0 }, Conn;
  std::map<std::tuple<long, long, long>, std::int64_t> Ids;
  std::int64_t Vertex(const double p[3])
  {
    const auto key =
      std::make_tuple(std::lround(p[0] * 1e6), std::lround(p[1] * 1e6), std::lround(p[2] * 1e6));
    auto it = Ids.find(key);
    if (it != Ids.end())
    {
      return it->second;
    }
    const std::int64_t id = static_cast<std::int64_t>(Points.size() / 3);
    Points.insert(Points.end(), p, p + 3);
    Ids[key] = id;
    return id;
  }
  void Add(std::initializer_list<std::int64_t> ids)
  {
    Conn.insert(Conn.end(), ids);
    Offsets.push_back(static_cast<std::int64_t>(Conn.size()));
  }
};

/// Cube [-a, a]³, n × n cells per face, counter-clockwise seen from outside; the bottom
/// face is cut into triangles, the others are quads.
Mesh Cube(double a, int n)
{
  Mesh m;
  const double X[3] = { 1, 0, 0 }, Y[3] = { 0, 1, 0 }, Z[3] = { 0, 0, 1 };
  struct Face
  {
    double O[3];
    const double *U, *V;
    bool Triangles;
  };
  const Face faces[6] = { { { -a, -a, a }, X, Y, false }, { { -a, -a, -a }, Y, X, true },
    { { a, -a, -a }, Y, Z, false }, { { -a, -a, -a }, Z, Y, false }, { { -a, a, -a }, Z, X, false },
    { { -a, -a, -a }, X, Z, false } };
  const double h = 2 * a / n;
  for (const Face& f : faces)
  {
    for (int j = 0; j < n; ++j)
    {
      for (int i = 0; i < n; ++i)
      {
        std::int64_t c[4];
        const int di[4] = { 0, 1, 1, 0 }, dj[4] = { 0, 0, 1, 1 };
        for (int k = 0; k < 4; ++k)
        {
          double p[3];
          for (int d = 0; d < 3; ++d)
          {
            p[d] = f.O[d] + (i + di[k]) * h * f.U[d] + (j + dj[k]) * h * f.V[d];
          }
          c[k] = m.Vertex(p);
        }
        if (f.Triangles)
        {
          m.Add({ c[0], c[1], c[2] });
          m.Add({ c[0], c[2], c[3] });
        }
        else
        {
          m.Add({ c[0], c[1], c[2], c[3] });
        }
      }
    }
  }
  return m;
}


/// Area and signed volume contribution (c·n A / 3) of each element.
void Measure(const SurfaceMesh& m, double& area, double& volume)
{
  area = volume = 0;
  for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
  {
    const double* p[4];
    const std::int64_t b = m.Offsets[e], n = m.Offsets[e + 1] - b;
    for (std::int64_t k = 0; k < n; ++k)
    {
      p[k] = &m.Points[3 * m.Connectivity[b + k]];
    }
    double c[3], nn[3], a;
    NecPatchCentre(p, static_cast<int>(n), c, nn, a);
    area += a;
    volume += a * (c[0] * nn[0] + c[1] * nn[1] + c[2] * nn[2]) / 3;
  }
}

template <class F>
void ExpectInvalid(const char* label, F&& f, const char* words)
{
  try
  {
    f();
    std::printf("FAIL %s: accepted\n", label);
    CM_CHECK(false);
  }
  catch (const std::invalid_argument& e)
  {
    std::printf("  %s -> %s\n", label, e.what());
    CM_CHECK(std::strstr(e.what(), words) != nullptr);
  }
}
} // namespace

int TestNecDeck(int, char*[])
{
  const std::string tmp = CLOUDMAP_TEMP_DIR "/";
  const Mesh cube = Cube(0.2, 4); // 0.1 m patches: λ/10 at 300 MHz
  const std::int64_t patches = static_cast<std::int64_t>(cube.Offsets.size()) - 1;
  CM_CHECK(patches == 5 * 16 + 32 && cube.Points.size() / 3 == 98);
  // The top face quad with its centre at (0.05, 0.05, 0.2) carries the monopole.
  const std::int64_t attach = 2 * 4 + 2;
  NecDeckOptions o;
  o.Frequency = 300e6;
  o.AttachPatch = attach;
  o.AntennaName = "roof monopole";
  o.WireLength = 0.25;
  o.WireSegments = 5;
  o.WireRadius = 0.002;
  o.ThetaSamples = 7;
  o.PhiSamples = 5;
  const std::string deck = MakeNecDeck(cube.Points, cube.Offsets, cube.Conn, o);
  CM_CHECK(deck.find("CM CloudMap surface mesh: 112 patches, wire antenna 'roof monopole'") == 0);
  CM_CHECK(deck.find("SP 0 2 ") != std::string::npos && deck.find("SP 0 3 ") != std::string::npos);
  CM_CHECK(deck.find("GW 1 5 0.05 0.05 0.2 0.05 0.05 0.45 0.002\n") != std::string::npos);
  CM_CHECK(deck.find("FR 0 1 0 0 300 0\nEX 0 1 1 0 1 0\nRP 0 7 5 1000 0 0 30 90\nEN\n") !=
    std::string::npos);

  const std::string in = tmp + "deck_cube.nec", out = tmp + "deck_cube.out";
  Spit(in, deck);
  std::remove(out.c_str());
  CM_CHECK(RunNec2c(in, out));
  try
  {
    const NecOutput nec = ReadNecOutputFile(out);
    CM_CHECK(nec.Solutions.size() == 1);
    const NecSolution& s = nec.Solutions.at(0);
    const SurfaceMesh sm = s.FullMesh();
    std::printf("read back %lld patches (%lld split, %lld squares)\n",
      static_cast<long long>(sm.NumberOfElements()), static_cast<long long>(nec.SplitPatches),
      static_cast<long long>(nec.SquarePatches));
    CM_CHECK(sm.NumberOfElements() == patches + 3);
    CM_CHECK(nec.SplitPatches == 1 && nec.SquarePatches == 0 && nec.EchoPatches == patches);
    double area, volume, area0 = 0, volume0 = 0;
    Measure(sm, area, volume);
    SurfaceMesh original;
    original.Points = cube.Points;
    original.Offsets = cube.Offsets;
    original.Connectivity = cube.Conn;
    Measure(original, area0, volume0);
    std::printf(
      "area %.9f (written %.9f), volume %.9f (written %.9f)\n", area, area0, volume, volume0);
    CM_NEAR(area0, 0.96, 1e-12);
    CM_NEAR(area, area0, 1e-9);
    CM_NEAR(volume0, 0.064, 1e-12);
    CM_NEAR(volume, volume0, 1e-9);
    // Patches before the split one come back in the written order with the same corners.
    for (std::int64_t e = 0; e < attach; ++e)
    {
      for (std::int64_t k = 0; k < 4; ++k)
      {
        for (int d = 0; d < 3; ++d)
        {
          CM_NEAR(sm.Points[3 * sm.Connectivity[sm.Offsets[e] + k] + d],
            cube.Points[3 * cube.Conn[cube.Offsets[e] + k] + d], 1e-12);
        }
      }
    }
    CM_CHECK(s.Wires.size() == 5 && s.Patterns.size() == 1);
    CM_CHECK(sm.SourceNames.size() == 1 && sm.SourceNames[0] == "tag1_seg1");
    CM_NEAR(s.Wires.at(0).Centre[2], 0.2 + 0.025, 1e-4);
    CM_CHECK(s.Patterns.at(0).NumberOfTheta == 7 && s.Patterns.at(0).NumberOfPhi == 5);
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL: %s\n", e.what());
    CM_CHECK(false);
  }

  std::printf("refusals:\n");
  ExpectInvalid(
    "pentagon",
    [&] {
      Mesh m = cube;
      m.Conn.push_back(0);
      m.Offsets.back() += 1;
      MakeNecDeck(m.Points, m.Offsets, m.Conn, o);
    },
    "5 corners");
  ExpectInvalid(
    "degenerate",
    [&] {
      Mesh m = cube;
      m.Add({ 0, 0, 1 });
      MakeNecDeck(m.Points, m.Offsets, m.Conn, o);
    },
    "degenerate");
  ExpectInvalid(
    "attach out of range",
    [&] {
      NecDeckOptions p = o;
      p.AttachPatch = patches;
      MakeNecDeck(cube.Points, cube.Offsets, cube.Conn, p);
    },
    "not a patch");
  ExpectInvalid(
    "vertex out of range",
    [&] {
      Mesh m = cube;
      m.Add({ 0, 1, 100000 });
      MakeNecDeck(m.Points, m.Offsets, m.Conn, o);
    },
    "out of range");
  ExpectInvalid(
    "empty", [&] { MakeNecDeck({}, { 0 }, {}, o); }, "no triangles");
  // Found with the nec_deck fuzz harness: offsets were trusted, so offsets past
  // the connectivity read beyond it (heap overflow under ASan).
  ExpectInvalid(
    "offsets past the connectivity",
    [&] {
      Mesh m = cube;
      m.Offsets.back() += 3;
      MakeNecDeck(m.Points, m.Offsets, m.Conn, o);
    },
    "do not match the connectivity");
  ExpectInvalid(
    "decreasing offsets",
    [&] {
      std::vector<std::int64_t> offsets{ 0, 4, 3, 7 };
      std::vector<std::int64_t> conn{ 0, 1, 2, 3, 0, 1, 2 };
      MakeNecDeck(cube.Points, offsets, conn, o);
    },
    "decrease");
  {
    // A name or comment with a new line must not start a card of its own.
    NecDeckOptions p = o;
    p.AntennaName = "a\nGW 9 9";
    p.Comments = { "two\nCE\nlines" };
    const std::string deck = MakeNecDeck(cube.Points, cube.Offsets, cube.Conn, p);
    CM_CHECK(deck.find("\nGW 9 9") == std::string::npos);
    CM_CHECK(deck.find("\nCE\nlines") == std::string::npos);
    CM_CHECK(deck.find("CM two CE lines\nCE\n") != std::string::npos);
  }

  // An N-port deck: a second monopole on the top face's corner patch, one solve per
  // port over a 3-frequency sweep; the NEC reader's network must come back with the
  // two named ports, passive and nearly reciprocal: NEC-2's hybrid of the electric-field
  // equation on wires and the magnetic-field equation on patches is not a symmetric
  // operator, so S21 and S12 of monopoles on a patch body differ by ~0.15 dB at this
  // mesh density (wire-only models agree within 0.01 dB: TestNecNetwork, py.nport).
  NecDeckOptions n = o;
  n.ExtraPatches = { 0 };
  n.ExtraNames = { "corner whip" };
  n.OneSolvePerPort = true;
  n.Frequency = 290e6;
  n.FrequencySteps = 3;
  n.FrequencyStep = 10e6;
  const std::string nd = MakeNecDeck(cube.Points, cube.Offsets, cube.Conn, n);
  CM_CHECK(nd.find("CM PORT 1 1 roof_monopole\nCM PORT 2 1 corner_whip\n") != std::string::npos);
  CM_CHECK(
    nd.find(
      "GE 0\nEX 0 1 1 0 1 0\nFR 0 3 0 0 290 10\nXQ\nEX 0 2 1 0 1 0\nFR 0 3 0 0 290 10\nXQ\nEN\n") !=
    std::string::npos);
  CM_CHECK(nd.find("RP ") == std::string::npos);
  const std::string nin = tmp + "deck_cube_nport.nec", nout = tmp + "deck_cube_nport.out";
  Spit(nin, nd);
  std::remove(nout.c_str());
  CM_CHECK(RunNec2c(nin, nout));
  try
  {
    const Network net = NecNetwork(ReadNecOutputFile(nout), nout, 50);
    CM_EQUAL(net.Ports.size(), std::size_t(2));
    CM_EQUAL(net.Points.size(), std::size_t(3));
    if (net.Ports.size() == 2)
    {
      CM_EQUAL(net.Ports[0].Name, std::string("roof_monopole"));
      CM_EQUAL(net.Ports[1].Name, std::string("corner_whip"));
    }
    for (const auto& pt : net.Points)
    {
      const double db21 = 20 * std::log10(std::abs(pt.S[2])),
                   db12 = 20 * std::log10(std::abs(pt.S[1]));
      std::printf("  %.0f MHz: S21 %.3f dB, S12 %.3f dB\n", pt.Frequency * 1e-6, db21, db12);
      CM_NEAR(db21, db12, 0.3);
      // Largest singular value of the 2 x 2 S: sqrt of the largest eigenvalue of S^H S.
      const std::complex<double> a = std::norm(pt.S[0]) + std::norm(pt.S[2]),
                                 d = std::norm(pt.S[1]) + std::norm(pt.S[3]),
                                 b = std::conj(pt.S[0]) * pt.S[1] + std::conj(pt.S[2]) * pt.S[3];
      const double tr = (a + d).real(), det = (a * d).real() - std::norm(b);
      const double sigma = std::sqrt(0.5 * (tr + std::sqrt(std::max(0.0, tr * tr - 4 * det))));
      CM_CHECK_MSG(sigma <= 1 + 1e-9, "passive: largest singular value " + std::to_string(sigma));
    }
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL: %s\n", e.what());
    CM_CHECK(false);
  }
  return cmReport("TestNecDeck");
}
