// SPDX-License-Identifier: BSD-3-Clause
// FEKO .efe/.hfe near fields against an analytic oracle: the look-alikes of
// Testing/Data/feko/nearfield (the layouts of real FEKO 2017.2, 2018/2019 and 2022 files)
// carry the exact near field of a z-directed Hertzian dipole in their own components
// (spherical, Cartesian, cylindrical). Here the field is recomputed at every parsed point
// in Cartesian vector form (Jackson, Classical Electrodynamics, 9.18 with e^{jωt}):
//   E = 1/(4πε0)·{k²(n×p)×n e^{−jkr}/r + [3n(n·p) − p](1/r³ + jk/r²) e^{−jkr}},
//   H = ck²/(4π)·(n×p) e^{−jkr}/r·(1 + 1/(jkr)),   p = I·l/(jω) ẑ,
// and the sample counts are compared with the header lines read here with strtod. Then
// the coordinate conversions round trip, the .efe+.hfe merge, damaged blocks, and the
// partial-result rule.
#include "cmCheck.h"
#include "cmTestFiles.h"

#include "cmFekoNearField.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace cm;
using C = std::complex<double>;

namespace
{
const std::string Data = CLOUDMAP_DATA_DIR "/feko/nearfield/";
const std::string Temp = CLOUDMAP_TEMP_DIR "/";
constexpr double C0 = 299792458.0, Eta = 376.730313668, IL = 1e-2;

/// E (electric) or H of the dipole at x (Cartesian), Jackson's vector form.
void Dipole(double f, const double* x, bool electric, C out[3])
{
  const double w = 2 * M_PI * f, k = w / C0, eps0 = 1 / (Eta * C0);
  const double r = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
  const double n[3] = { x[0] / r, x[1] / r, x[2] / r };
  const C j(0, 1), p = IL / (j * w), e = std::exp(-j * k * r); // p along z
  if (electric)
  {
    // (n×p)×n = p(ẑ − n n_z); 3n(n·p) − p = p(3 n n_z − ẑ)
    for (int c = 0; c < 3; ++c)
    {
      const double z = c == 2 ? 1 : 0;
      out[c] = (k * k * p * (z - n[c] * n[2]) * e / r +
                 p * (3 * n[c] * n[2] - z) * (1 / (r * r * r) + j * k / (r * r)) * e) /
        (4 * M_PI * eps0);
    }
  }
  else
  {
    const C s = C0 * k * k / (4 * M_PI) * p * e / r * (1.0 + 1.0 / (j * k * r));
    out[0] = s * n[1]; // n×ẑ = (n_y, −n_x, 0)
    out[1] = -s * n[0];
    out[2] = 0;
  }
}

/// The worst |F_file − F_exact| / max|F_exact| over every point of every block.
double WorstError(const std::vector<FekoNearFieldBlock>& blocks, bool electric)
{
  double worst = 0;
  for (const auto& b : blocks)
  {
    const NecNearField& g = b.Grid;
    const auto& re = electric ? g.ERe : g.HRe;
    const auto& im = electric ? g.EIm : g.HIm;
    double peak = 0, err = 0;
    for (std::size_t k = 0; k < g.Count(); ++k)
    {
      C f[3];
      Dipole(b.Frequency, &g.Points[3 * k], electric, f);
      double d = 0, m = 0;
      for (int c = 0; c < 3; ++c)
      {
        d += std::norm(C(re[3 * k + c], im[3 * k + c]) - f[c]);
        m += std::norm(f[c]);
      }
      peak = std::max(peak, std::sqrt(m));
      err = std::max(err, std::sqrt(d));
    }
    worst = std::max(worst, err / peak);
  }
  return worst;
}

/// The `#No. of <axis> Samples:` values of a file's text, in order, by strtod.
std::vector<long> HeaderCounts(const std::string& text)
{
  std::vector<long> n;
  for (const std::string& l : Lines(text))
  {
    const std::size_t c = l.find("Samples:");
    if (l.rfind("#No. of", 0) == 0 && c != std::string::npos)
    {
      n.push_back(std::strtol(l.c_str() + c + 8, nullptr, 10));
    }
  }
  return n;
}

template <class F>
void ExpectError(const char* label, const std::string& path, const char* words, F&& parse)
{
  try
  {
    parse(path);
    std::printf("FAIL %s: no ParseError\n", label);
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    const std::string what = e.what();
    std::printf("  %s -> %s\n", label, what.c_str());
    CM_CHECK(e.File == path);
    CM_CHECK_MSG(what.find(words) != std::string::npos, what);
  }
}

void AnalyticFiles()
{
  struct Case
  {
    const char* File;
    const char* System;
    std::int64_t Dims[3]; // expected, fastest first
    std::size_t Blocks;
  };
  const Case cases[] = {
    { "dipole_2017_spherical.efe", "Spherical", { 2, 3, 4 }, 1 },
    { "dipole_2019_cartesian.efe", "Cartesian", { 3, 2, 2 }, 2 },
    { "dipole_2019_cartesian.hfe", "Cartesian", { 3, 2, 2 }, 2 },
    { "dipole_2022_cylindrical.efe", "Cylindrical", { 3, 3, 2 }, 1 },
  };
  for (const Case& c : cases)
  {
    const std::string path = Data + c.File;
    const auto blocks = ReadFekoNearFieldFile(path);
    const bool electric = path.back() == 'e' && path[path.size() - 3] == 'e';
    const std::vector<long> counts = HeaderCounts(Slurp(path));
    CM_CHECK(blocks.size() == c.Blocks && counts.size() == 3 * c.Blocks);
    for (std::size_t b = 0; b < blocks.size(); ++b)
    {
      const NecNearField& g = blocks[b].Grid;
      CM_CHECK(blocks[b].Coordinates == c.System);
      CM_CHECK(g.HasE == electric && g.HasH == !electric);
      // The sample count equals the product of the header's counts.
      CM_CHECK(
        static_cast<long>(g.Count()) == counts[3 * b] * counts[3 * b + 1] * counts[3 * b + 2]);
      for (int d = 0; d < 3; ++d)
      {
        CM_EQUAL(g.Dimensions[d], c.Dims[d]);
      }
    }
    const double worst = WorstError(blocks, electric);
    std::printf(
      "  %s: %zu block(s), worst error against the dipole %.3g\n", c.File, blocks.size(), worst);
    CM_CHECK(worst < 1e-7); // 9 printed digits
  }
  // Two frequencies of one request: two blocks, 300 and 600 MHz, in file order.
  const auto two = ReadFekoNearFieldFile(Data + "dipole_2019_cartesian.efe");
  CM_CHECK(two[0].Frequency == 3e8 && two[1].Frequency == 6e8);
  CM_CHECK(two[0].Request == "NearField1");
  // The spherical file's i index is the radius (it varies fastest in the rows): points
  // 0 and 1 lie on one ray, at 1 and 2 m.
  const auto sph = ReadFekoNearFieldFile(Data + "dipole_2017_spherical.efe");
  const double* p = sph[0].Grid.Points.data();
  CM_CHECK(std::abs(std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) - 1) < 1e-12);
  CM_CHECK(std::abs(p[3] - 2 * p[0]) < 1e-12 && std::abs(p[5] - 2 * p[2]) < 1e-12);
}

void RoundTrip()
{
  // Points: spherical and cylindrical to Cartesian and back by atan2/acos here.
  double worst = 0;
  for (double r : { 0.5, 3.0 })
  {
    for (double t = 5; t < 180; t += 35)
    {
      for (double ph = -170; ph < 360; ph += 47)
      {
        const double s[3] = { r, t, ph }, cy[3] = { r, ph, t - 90 };
        double x[3], y[3];
        FekoPointToCartesian("Spherical", s, x);
        FekoPointToCartesian("Cylindrical", cy, y);
        const double rr = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
        const double back = std::remainder(std::atan2(x[1], x[0]) * 180 / M_PI - ph, 360.0);
        worst = std::max({ worst, std::abs(rr - r), std::abs(std::acos(x[2] / rr) * 180 / M_PI - t),
          std::abs(back), std::abs(std::hypot(y[0], y[1]) - r), std::abs(y[2] - cy[2]),
          std::abs(std::remainder(std::atan2(y[1], y[0]) * 180 / M_PI - ph, 360.0)) });
        // Vectors: the local unit vectors are orthonormal, so the length is kept, and
        // r̂ (1, 0, 0) is the point's direction.
        const double v[3] = { 0.3, -1.2, 2.5 }, rhat[3] = { 1, 0, 0 };
        double o[3], q[3];
        FekoVectorToCartesian("Spherical", s, v, o);
        FekoVectorToCartesian("Spherical", s, rhat, q);
        worst =
          std::max({ worst, std::abs(std::hypot(o[0], o[1], o[2]) - std::hypot(0.3, 1.2, 2.5)),
            std::abs(q[0] - x[0] / r), std::abs(q[1] - x[1] / r), std::abs(q[2] - x[2] / r) });
        FekoVectorToCartesian("Cylindrical", cy, v, o);
        worst =
          std::max({ worst, std::abs(std::hypot(o[0], o[1], o[2]) - std::hypot(0.3, 1.2, 2.5)),
            std::abs(o[2] - 2.5), std::abs(o[0] * y[0] + o[1] * y[1] - 0.3 * r) });
      }
    }
  }
  std::printf("  coordinate round trip: worst %.3g\n", worst);
  CM_CHECK(worst < 1e-12);
}

void Merge()
{
  auto e = ReadFekoNearFieldFile(Data + "dipole_2019_cartesian.efe");
  const auto h = ReadFekoNearFieldFile(Data + "dipole_2019_cartesian.hfe");
  CM_CHECK(FekoNearFieldCompanion(Data + "dipole_2019_cartesian.efe") ==
    Data + "dipole_2019_cartesian.hfe");
  CM_CHECK(FekoNearFieldCompanion("/a/B.HFE") == "/a/B.EFE");
  CM_CHECK(FekoNearFieldCompanion("/a/b.ffe").empty());
  MergeFekoNearFields(e, h, Data + "dipole_2019_cartesian.hfe");
  CM_CHECK(e[0].Grid.HasE && e[0].Grid.HasH && e[1].Grid.HasH);
  CM_CHECK(WorstError(e, true) < 1e-7 && WorstError(e, false) < 1e-7);
  // A companion on other points is refused, naming it; the blocks stay as they were.
  auto e2 = ReadFekoNearFieldFile(Data + "dipole_2019_cartesian.efe");
  std::string moved = Slurp(Data + "dipole_2019_cartesian.hfe");
  for (std::size_t at; (at = moved.find("    1.00000000E-001")) != std::string::npos;)
  {
    moved.replace(at, 19, "    1.10000000E-001"); // every y = 0.1 m moves to 0.11 m
  }
  Spit(Temp + "moved.hfe", moved);
  ExpectError("merge moved point", Temp + "moved.hfe", "lies elsewhere",
    [&](const std::string& p) { MergeFekoNearFields(e2, ReadFekoNearFieldFile(p), p); });
  CM_CHECK(!e2[0].Grid.HasH);
  ExpectError("merge same field", Data + "dipole_2019_cartesian.efe", "not the other field",
    [&](const std::string& p) { MergeFekoNearFields(e2, ReadFekoNearFieldFile(p), p); });
}

void Damaged()
{
  const std::string good = Slurp(Data + "dipole_2019_cartesian.efe");
  auto parse = [](const std::string& p) { return ReadFekoNearFieldFile(p); };
  const std::vector<std::string> l = Lines(good);
  std::size_t second = 0; // the second block's #Configuration Name line
  for (std::size_t k = 1; k < l.size(); ++k)
  {
    if (l[k].rfind("#Configuration", 0) == 0)
    {
      second = k;
    }
  }
  // Truncated first block: an error, in either mode.
  auto t = l;
  t.resize(19);
  Spit(Temp + "trunc.efe", Join(t));
  ExpectError(
    "truncated", Temp + "trunc.efe", "truncated block 'NearField1' at 3e+08 Hz: 2 of 12", parse);
  std::vector<std::string> notes;
  ExpectError("truncated with notices", Temp + "trunc.efe", "2 of 12",
    [&](const std::string& p) { return ReadFekoNearFieldFile(p, &notes); });
  // Wrong count: the header asks for 4 x 2 x 2.
  std::string s = good;
  s.replace(s.find("#No. of X Samples: 3"), 20, "#No. of X Samples: 4");
  Spit(Temp + "count.efe", s);
  ExpectError("count too large", Temp + "count.efe", "12 of 16 samples", parse);
  s = good;
  s.replace(s.find("#No. of X Samples: 3"), 20, "#No. of X Samples: 2");
  Spit(Temp + "count2.efe", s);
  ExpectError("count too small", Temp + "count2.efe", "do not form the grid", parse);
  // NaN.
  s = good;
  s.replace(s.find("   -3.00000000E-001"), 19, "                NaN");
  Spit(Temp + "nan.efe", s);
  ExpectError("nan", Temp + "nan.efe", "NaN", parse);
  // Missing header: no ##File Type.
  Spit(Temp + "nohead.efe", good.substr(good.find("\n") + 1));
  ExpectError("no header", Temp + "nohead.efe", "not a FEKO near-field file", parse);
  // A field file of the wrong kind of columns: magnetic type, electric columns.
  s = good;
  s.replace(s.find("Electric near field"), 8, "Magnetic");
  Spit(Temp + "kind.efe", s);
  ExpectError("wrong columns", Temp + "kind.efe", "no \"Re(Hx)\" column", parse);
  // Unknown coordinate system.
  s = good;
  s.replace(s.find("Cartesian"), 9, "Conical");
  Spit(Temp + "conical.efe", s);
  ExpectError("conical", Temp + "conical.efe", "Cartesian, Spherical or Cylindrical", parse);
  // A huge count is refused before any allocation.
  s = good;
  s.replace(s.find("#No. of Y Samples: 2"), 20, "#No. of Y Samples: 2000000000");
  Spit(Temp + "huge.efe", s);
  ExpectError("huge count", Temp + "huge.efe", "above the limit", parse);
  // Partial-result rule: the second frequency block cut short. With notices, the
  // first block is kept and one notice names the file, the line and the problem.
  t = l;
  t.resize(second + 14);
  Spit(Temp + "late.efe", Join(t));
  ExpectError("late block, no notices", Temp + "late.efe", "truncated block", parse);
  notes.clear();
  const auto kept = ReadFekoNearFieldFile(Temp + "late.efe", &notes);
  CM_CHECK(kept.size() == 1 && kept[0].Frequency == 3e8);
  CM_CHECK(notes.size() == 1 && notes[0].find(Temp + "late.efe:") == 0);
  CM_CHECK(notes[0].find("truncated block 'NearField1' at 6e+08 Hz: 4 of 12") != std::string::npos);
  std::printf("  late block -> %s\n", notes.empty() ? "(none)" : notes[0].c_str());
  // The rows nested in another order than the header (z fastest in a file whose x
  // column is printed first) still read: the order comes from the rows.
  CM_CHECK(ReadFekoNearFieldFile(Data + "dipole_2022_cylindrical.efe")[0].Grid.Dimensions[0] == 3);
}
} // namespace

int TestFekoNearField(int, char*[])
{
  CM_CHECK(LooksLikeFekoNearField("##File Type: Electric near field\n"));
  CM_CHECK(LooksLikeFekoNearField("##File Type:  Magnetic Near Field\r\n"));
  CM_CHECK(!LooksLikeFekoNearField("##File Type: Far field\n"));
  AnalyticFiles();
  RoundTrip();
  Merge();
  Damaged();
  return cmReport("TestFekoNearField");
}
