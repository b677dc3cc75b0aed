// SPDX-License-Identifier: BSD-3-Clause
// TICRA GRASP cuts and grids (cmGrasp.h). Oracles:
//  - GRASP 10.0.1's own files of one run (Testing/Data/grasp, python-graspfile): the same
//    cuts written with ICOMP 1 (theta/phi), 3 (Ludwig-3) and 2 (circular) must give one
//    far-field table, and the ICOMP 9 file's printed |E| must be their Gain;
//  - GRASP's normalisation (|E|^2 the gain over 4 pi W): the horn/lens file's field
//    integrated over the sphere is the source's power, 1 (0.997..0.998 as printed);
//  - an x-directed short dipole written as polar cuts (Ludwig-3) and as a theta/phi grid
//    (theta/phi components): every table sample equals the formula at its direction, the
//    peak is 10 log10(1.5) = 1.761 dBi and the integral 1.
#include "cmCheck.h"
#include "cmGrasp.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const double Pi = 3.14159265358979323846;
const std::string Dir = CLOUDMAP_DATA_DIR "/grasp/";
using C = std::complex<double>;

std::string Slice(const std::vector<std::string>& l, std::size_t b, std::size_t e)
{
  return Join(std::vector<std::string>(l.begin() + static_cast<std::ptrdiff_t>(b),
    l.begin() + static_cast<std::ptrdiff_t>(std::min(e, l.size()))));
}

GraspFile Cut(const std::string& name, const std::vector<double>& f = {})
{
  const std::string path = Dir + name;
  return ParseGraspCut(Slurp(path), path, f);
}

/// Largest |difference| of the E columns of two tables over the largest |E|.
double TableDifference(const FarFieldGrid& a, const FarFieldGrid& b)
{
  if (a.NumberOfTheta != b.NumberOfTheta || a.NumberOfPhi != b.NumberOfPhi || a.Theta.empty())
  {
    return 1e300;
  }
  double d = 0, m = 0;
  for (std::size_t k = 0; k < a.Theta.size(); ++k)
  {
    const C ea(a.EthetaRe[k], a.EthetaIm[k]), pa(a.EphiRe[k], a.EphiIm[k]);
    const C eb(b.EthetaRe[k], b.EthetaIm[k]), pb(b.EphiRe[k], b.EphiIm[k]);
    d = std::max({ d, std::abs(ea - eb), std::abs(pa - pb), std::abs(a.Theta[k] - b.Theta[k]),
      std::abs(a.Phi[k] - b.Phi[k]) });
    m = std::max(m, std::sqrt(std::norm(ea) + std::norm(pa)));
  }
  return d / m;
}

/// (1/4π)∮|E|²dΩ over a table that covers θ 0..180, φ evenly round the circle.
double Power(const FarFieldGrid& g)
{
  const auto nt = static_cast<std::size_t>(g.NumberOfTheta);
  const auto np = static_cast<std::size_t>(g.NumberOfPhi);
  double sum = 0;
  for (std::size_t j = 0; j < np; ++j)
  {
    for (std::size_t i = 0; i + 1 < nt; ++i)
    {
      auto f = [&](std::size_t ii) {
        const std::size_t k = j * nt + ii;
        return (g.EthetaRe[k] * g.EthetaRe[k] + g.EthetaIm[k] * g.EthetaIm[k] +
                 g.EphiRe[k] * g.EphiRe[k] + g.EphiIm[k] * g.EphiIm[k]) *
          std::sin(g.Theta[k] * Pi / 180);
      };
      sum += 0.5 * (f(i) + f(i + 1)) * (g.Theta[i + 1] - g.Theta[i]) * Pi / 180;
    }
  }
  return sum * 2 * Pi / static_cast<double>(np) / (4 * Pi);
}

void TestRealCutsAgree()
{
  const std::vector<double> f = { 10e9, 12e9, 14e9 }; // the project's frequency_list
  const GraspFile tp = Cut("example_GRASP_10-0-1_spherical_polar_thetaphi_farfield.cut", f);
  const GraspFile l3 = Cut("example_GRASP_10-0-1_spherical_polar_linear_farfield.cut", f);
  const GraspFile cp = Cut("example_GRASP_10-0-1_spherical_polar_circular_farfield.cut", f);
  const GraspFile pw = Cut("example_GRASP_10-0-1_spherical_polar_power_farfield.cut", f);
  CM_CHECK(tp.Warnings.empty() && tp.Kind == "cut" && tp.Icomp == 1 && tp.Geometry == 1);
  CM_CHECK(
    tp.Sets.size() == 3 && l3.Sets.size() == 3 && cp.Sets.size() == 3 && pw.Sets.size() == 3);
  for (std::size_t s = 0; s < tp.Sets.size() && s < 3; ++s)
  {
    const FarFieldGrid& t = tp.Sets[s].Table;
    CM_EQUAL(t.Frequency, f[s]);
    // θ −7.157..7.157 at φ 0, 45, 90: θ 0..7.157 (81) at φ 0, 45, 90, 180, 225, 270.
    CM_CHECK(t.NumberOfTheta == 81 && t.NumberOfPhi == 6 && tp.Sets[s].TableProblem.empty());
    CM_CHECK(TableDifference(t, l3.Sets[s].Table) < 2e-9);
    CM_CHECK(TableDifference(t, cp.Sets[s].Table) < 2e-9);
    // The ICOMP 9 file prints |E| itself: its Gain is the theta/phi file's, sample by sample.
    const FarFieldGrid& a = tp.Sets[s].Samples;
    const FarFieldGrid& b = pw.Sets[s].Samples;
    double worst = 0, peak = -1e9;
    for (std::size_t k = 0; k < a.Gain.size() && a.Gain.size() == b.Gain.size(); ++k)
    {
      worst = std::max(worst, std::abs(a.Gain[k] - b.Gain[k]));
      peak = std::max(peak, b.Gain[k]);
    }
    CM_CHECK(worst < 1e-6 && a.Gain.size() == 483);
    CM_CHECK(!pw.Sets[s].TableProblem.empty() && pw.Sets[s].Table.Theta.empty());
    const double printed[3] = { 0.9205725671E+02, 0.1104687400E+03, 0.1288802172E+03 };
    CM_NEAR(peak, 20 * std::log10(printed[s]), 1e-9); // 39.28, 40.86, 42.20 dBi
  }
  // Near fields (NCOMP 3): Gain is 20 log10 of the total |E| with E_r, as ICOMP 9 prints it.
  const GraspFile nt = Cut("example_GRASP_10-0-1_spherical_polar_thetaphi_nearfield.cut");
  const GraspFile np = Cut("example_GRASP_10-0-1_spherical_polar_power_nearfield.cut");
  CM_CHECK(nt.Ncomp == 3 && nt.Sets.size() == 3 && np.Sets.size() == 3);
  for (std::size_t s = 0; s < nt.Sets.size() && s < np.Sets.size(); ++s)
  {
    const FarFieldGrid& a = nt.Sets[s].Samples;
    const FarFieldGrid& b = np.Sets[s].Samples;
    double worst = a.Gain.size() == b.Gain.size() ? 0 : 1e9;
    for (std::size_t k = 0; k < a.Gain.size() && a.Gain.size() == b.Gain.size(); ++k)
    {
      worst = std::max(worst, std::abs(a.Gain[k] - b.Gain[k]));
    }
    CM_CHECK(worst < 1e-6);
  }
  // A conical cut at theta 0 gives E_theta, E_phi in phi = 0's unit vectors at every phi.
  const GraspFile ct = Cut("example_GRASP_10-0-1_spherical_conical_thetaphi_farfield.cut");
  const GraspFile cl = Cut("example_GRASP_10-0-1_conical_polar_linear_farfield.cut");
  CM_CHECK(ct.Sets.size() == 3 && cl.Sets.size() == 3 && ct.Geometry == 2);
  for (std::size_t s = 0; s < ct.Sets.size() && s < cl.Sets.size(); ++s)
  {
    CM_CHECK(ct.Sets[s].Table.NumberOfTheta == 3 && ct.Sets[s].Table.NumberOfPhi == 180);
    CM_CHECK(TableDifference(ct.Sets[s].Table, cl.Sets[s].Table) < 2e-9);
  }
}

void TestHornLensPower()
{
  const GraspFile h = Cut("horn_lens.cut");
  CM_CHECK(h.Warnings.empty() && h.Sets.size() == 7);
  for (const GraspSet& s : h.Sets)
  {
    CM_CHECK(s.Table.NumberOfTheta == 361 && s.Table.NumberOfPhi == 3 && s.Table.Frequency == 0);
    CM_CHECK(s.Table.GainKind == "Gain" && s.Table.FieldUnit == "sqrt(W)");
    // Cuts at phi 0, 45, 90 of a linearly polarised horn: |E|^2 = a(theta) + b(theta) cos 2 phi,
    // so the phi-average is the mean of phi 0 and 90. Power() over phi {0,45,90} weights them
    // equally: use the 0/90 mean explicitly.
    FarFieldGrid two = s.Table;
    const auto nt = static_cast<std::size_t>(two.NumberOfTheta);
    for (std::size_t i = 0; i < nt; ++i)
    {
      two.EthetaRe[nt + i] = 0; // phi 45 weighs 0, phi 0 and 90 weigh 3/2 each
      two.EthetaIm[nt + i] = 0;
      two.EphiRe[nt + i] = 0;
      two.EphiIm[nt + i] = 0;
      for (std::size_t j : { std::size_t(0), 2 * nt })
      {
        two.EthetaRe[j + i] *= std::sqrt(1.5);
        two.EthetaIm[j + i] *= std::sqrt(1.5);
        two.EphiRe[j + i] *= std::sqrt(1.5);
        two.EphiIm[j + i] *= std::sqrt(1.5);
      }
    }
    const double p = Power(two);
    CM_CHECK(p > 0.996 && p < 0.999);
  }
}

/// x-directed short dipole, |E|^2 = 1.5 (1 - sin^2 t cos^2 p): E_theta, E_phi.
void Dipole(double t, double p, C& et, C& ep)
{
  const double a = std::sqrt(1.5);
  et = C(0, a * std::cos(t) * std::cos(p));
  ep = C(0, -a * std::sin(p));
}

std::string E10(double v)
{
  char b[32];
  std::snprintf(b, sizeof b, " %17.10E", v);
  return b;
}

/// The dipole as GRASP polar cuts: theta -180..180 step 5, phi 0..170 step 10, Ludwig-3.
std::string DipoleCuts()
{
  std::string s;
  for (int c = 0; c < 18; ++c)
  {
    const double p = c * 10 * Pi / 180;
    s += "Field data in cuts\n" + E10(-180) + E10(5) + "   73" + E10(c * 10) + "    3    1    2\n";
    for (int i = 0; i < 73; ++i)
    {
      C et, ep;
      Dipole((-180 + 5 * i) * Pi / 180, p, et, ep);
      const C co = et * std::cos(p) - ep * std::sin(p), cx = et * std::sin(p) + ep * std::cos(p);
      s += E10(co.real()) + E10(co.imag()) + E10(cx.real()) + E10(cx.imag()) + "\n";
    }
  }
  return s;
}

/// The dipole as a TICRA-EM-FIELD theta/phi grid (IGRID 7): phi 0..360 x theta 0..180.
/// `poleAtPhiZero`: the pole rows in phi = 0's unit vectors at every phi, as some of GRASP's
/// own grids have them (MEMACS's CircWG grids, GPL, not copied: at theta 0 E_theta is the
/// phi = 0 value at phi 10 and 170 and the sample's own elsewhere).
std::string DipoleGrid(bool poleAtPhiZero = false)
{
  std::string s = "VERSION: TICRA-EM-FIELD-V0.1\nField data in grid\nSOURCE_FIELD_NAME: dipole\n"
                  "FREQUENCY_NAME: freq\nFREQUENCIES [GHz]:\n  0.3000000000E+01\n++++\n 1\n"
                  "           1           1           2           7\n           0           0\n" +
    E10(0) + E10(0) + E10(360) + E10(180) + "\n          37          37           0\n";
  for (int j = 0; j < 37; ++j)
  {
    for (int i = 0; i < 37; ++i)
    {
      C et, ep;
      const bool pole = poleAtPhiZero && (j == 0 || j == 36);
      Dipole(j * 5 * Pi / 180, pole ? 0.0 : i * 10 * Pi / 180, et, ep);
      s += E10(et.real()) + E10(et.imag()) + E10(ep.real()) + E10(ep.imag()) + "\n";
    }
  }
  return s;
}

void CheckDipoleTable(const FarFieldGrid& g)
{
  CM_CHECK(g.NumberOfTheta == 37 && g.NumberOfPhi == 36);
  double worst = 0, peak = -1e9;
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    C et, ep;
    Dipole(g.Theta[k] * Pi / 180, g.Phi[k] * Pi / 180, et, ep);
    worst = std::max({ worst, std::abs(et - C(g.EthetaRe[k], g.EthetaIm[k])),
      std::abs(ep - C(g.EphiRe[k], g.EphiIm[k])) });
    peak = std::max(peak, g.Gain[k]);
  }
  CM_CHECK(worst < 1e-9);
  CM_NEAR(peak, 10 * std::log10(1.5), 1e-9);
  CM_NEAR(Power(g), 1.0, 2e-3);
}

void TestDipoleBothLayouts()
{
  const std::string cut = DipoleCuts();
  CM_CHECK(LooksLikeGraspCut(cut.substr(0, 4096)) && !LooksLikeGraspGrid(cut.substr(0, 4096)));
  const GraspFile c = ParseGraspCut(cut, "dipole.cut", { 3e9 });
  CM_CHECK(c.Sets.size() == 1 && c.Warnings.empty());
  if (c.Sets.size() == 1)
  {
    CheckDipoleTable(c.Sets[0].Table);
    CM_EQUAL(c.Sets[0].Table.Frequency, 3e9);
  }
  const std::string grd = DipoleGrid();
  CM_CHECK(LooksLikeGraspGrid(grd.substr(0, 4096)) && !LooksLikeGraspCut(grd.substr(0, 4096)));
  const GraspFile g = ParseGraspGrid(grd, "dipole.grd");
  CM_CHECK(g.Sets.size() == 1 && g.Warnings.empty() && g.FileFrequencies.size() == 1);
  if (g.Sets.size() == 1)
  {
    CheckDipoleTable(g.Sets[0].Table);
    CM_EQUAL(g.Sets[0].Table.Frequency, 3e9);
    if (c.Sets.size() == 1)
    {
      CM_CHECK(TableDifference(c.Sets[0].Table, g.Sets[0].Table) < 1e-9);
    }
  }
}

void TestGridPoles()
{
  const GraspFile g = ParseGraspGrid(DipoleGrid(true), "poles.grd");
  CM_CHECK(g.Sets.size() == 1);
  if (g.Sets.size() == 1)
  {
    CheckDipoleTable(g.Sets[0].Table); // one pole sample (phi 0) turned to every phi
  }
}

void TestRealGrid()
{
  const std::string path = Dir + "square_aperture.grd";
  const std::string text = Slurp(path);
  CM_CHECK(LooksLikeGraspGrid(text.substr(0, 4096)) && !LooksLikeGraspCut(text.substr(0, 4096)));
  const GraspFile g = ParseGraspGrid(text, path);
  // NSET 3, ICOMP 3, NCOMP 3, IGRID 3 (a planar x-y near-field grid), 82, 97, 112 GHz.
  CM_CHECK(g.Sets.size() == 3 && g.Icomp == 3 && g.Ncomp == 3 && g.Geometry == 3);
  CM_CHECK(g.Warnings.empty() && g.FileFrequencies.size() == 3);
  const double f[3] = { 82e9, 97e9, 112e9 };
  for (std::size_t s = 0; s < g.Sets.size() && s < 3; ++s)
  {
    const FarFieldGrid& x = g.Sets[s].Samples;
    CM_CHECK(
      x.Theta.size() == 441 && g.Sets[s].Table.Theta.empty() && !g.Sets[s].TableProblem.empty());
    CM_EQUAL(x.Frequency, f[s]);
  }
  if (!g.Sets.empty())
  {
    FarFieldGrid x = g.Sets[0].Samples;
    CM_NEAR(x.Column("X")[0], -3.735, 1e-12);
    CM_NEAR(x.Column("X")[20], 3.735, 1e-12);
    CM_NEAR(x.Column("Y")[21], -3.735 + 7.47 / 20, 1e-12);
    CM_NEAR(x.Column("E_co_im")[1], 0.1221842415E+00, 1e-15); // the file's second row
    CM_NEAR(x.Column("E_r_re")[1], 0.1888166384E-01, 1e-15);
  }
}

void ExpectError(const char* what, const std::string& text, const std::string& needle, bool grid)
{
  try
  {
    if (grid)
    {
      ParseGraspGrid(text, "bad.grd");
    }
    else
    {
      ParseGraspCut(text, "bad.cut", {});
    }
    CM_CHECK_MSG(false, std::string(what) + ": no error");
  }
  catch (const ParseError& e)
  {
    CM_CHECK_MSG(
      std::string(e.what()).find(needle) != std::string::npos, std::string(what) + ": " + e.what());
  }
}

void TestBadInput()
{
  const std::vector<std::string> l = Lines(DipoleCuts());
  ExpectError("empty", "", "no cut", false);
  ExpectError("six fields", "x\n0 1 3 0 1 1\n", ":2: the cut line", false);
  ExpectError("ICUT 3", "x\n0 1 3 0 1 3 2\n", "ICUT 3 is outside", false);
  ExpectError("cut short", Slice(l, 0, 20), "ends after 18 of its 73 rows", false);
  ExpectError(
    "huge", "x\n0 1 2000000000 0 1 1 2\n0 0 0 0\n", "ends after 1 of its 2000000000", false);
  std::vector<std::string> nan = l;
  nan[5] = " 0 nan 0 0";
  ExpectError("nan", Slice(nan, 0, nan.size()), ":6: Im(F1) is not a finite number", false);
  // A damaged later cut: the sets before it are kept, one warning naming file and line.
  const std::string two = DipoleCuts() + DipoleCuts();
  const std::vector<std::string> t = Lines(two);
  nan = t;
  nan[t.size() - 3] = " 0 0 0";
  const GraspFile w = ParseGraspCut(Slice(nan, 0, nan.size()), "w.cut", {});
  CM_CHECK(w.Sets.size() == 1 && w.Warnings.size() == 1 &&
    w.Warnings[0].find("w.cut:" + std::to_string(t.size() - 2) + ": row has 3") == 0);
  const GraspFile part = ParseGraspCut(Slice(t, 0, t.size() - 75), "p.cut", {});
  CM_CHECK(part.Sets.size() == 1 && part.Warnings.size() == 1 &&
    part.Warnings[0].find("17 of the 18 cuts") != std::string::npos);
  // Grids.
  const std::vector<std::string> gl = Lines(DipoleGrid());
  ExpectError("no ++++", "VERSION: TICRA-EM-FIELD-V0.1\n1\n", "no '++++'", true);
  ExpectError("IGRID 0", Slice(gl, 0, 8) + "1 1 2 0\n", "IGRID 0 is outside", true);
  ExpectError("grid short", Slice(gl, 0, 40), "set 1 ends in row 1 of 37", true);
  ExpectError("KLIMIT IS", Slice(gl, 0, 11) + "37 37 1\n38 1\n", "IS 38 is outside 1..37", true);
  ExpectError("huge NSET", Slice(gl, 0, 8) + "99999999 1 2 7\n", "NSET 99999999", true);
  CM_CHECK(!LooksLikeGraspCut("Theta Phi\n1 2 3 4 5 6 7\n0 0 0 0\n"));
  CM_CHECK(!LooksLikeGraspCut("x\n0 1 3 0 1 1 2\n0 0 0\n"));
  CM_CHECK(!LooksLikeGraspGrid("a\n++++\n2\n1 1 2 7\n"));
}
} // namespace

int TestGraspFile(int, char*[])
{
  TestRealCutsAgree();
  TestHornLensPower();
  TestDipoleBothLayouts();
  TestGridPoles();
  TestRealGrid();
  TestBadInput();
  return cmReport("TestGraspFile");
}
