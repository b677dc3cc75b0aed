// SPDX-License-Identifier: BSD-3-Clause
// The openEMS nf2ff layout checks (cmOpenEmsNf2ff) over an in-memory HDF5 source.
// Oracle: a file written from the textbook half-wave dipole, r E_theta =
// j 60 I F(t), F = cos(pi/2 cos t)/sin t, at r = 2 m, P_rad = |E|^2 / (2 eta0) and
// Prad = the integral of P_rad r^2 over the sphere = 3600 pi Cin(2 pi) I^2 / (2 eta0)
// (Cin by Simpson's rule here): the grid's directivity must be the textbook
// 4 F(t)^2 / Cin(2 pi), peaking at 4 / Cin(2 pi) = 1.641 = 2.15 dBi. Then every layout
// defect (missing group, dataset or attribute, a wrong shape, NaN, a count that
// disagrees, angles out of range or repeated, negative power) must throw ParseError
// naming the file, the dataset or attribute and the problem, reading no grid values
// when the problem is in the layout.
#include "cmCheck.h"
#include "cmMemoryHdf5.h"
#include "cmOpenEmsNf2ff.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const double Pi = 3.14159265358979323846;
const double Eta0 = 376.730313668;
const std::string File = "/data/dipole_nf2ff.h5";

double Pattern(double t)
{
  const double s = std::sin(t);
  return s < 1e-12 ? 0 : std::cos(Pi / 2 * std::cos(t)) / s;
}

/// Cin(x) = integral_0^x (1 - cos u)/u du by Simpson's rule (2000 intervals).
double Cin(double x)
{
  const int n = 2000;
  const double h = x / n;
  auto f = [](double u) { return u < 1e-12 ? 0.0 : (1 - std::cos(u)) / u; };
  double s = f(0) + f(x);
  for (int k = 1; k < n; ++k)
  {
    s += (k % 2 ? 4 : 2) * f(k * h);
  }
  return s * h / 3;
}

/// Half-wave dipole nf2ff file: nf frequencies, theta every dt degrees, phi every dp.
cmMemoryHdf5 Dipole(int nf = 1, double dt = 5, double dp = 15, double r = 2)
{
  cmMemoryHdf5 h;
  std::vector<double> theta, phi;
  for (double t = 0; t <= 180 + 1e-9; t += dt)
  {
    theta.push_back(static_cast<float>(t * Pi / 180)); // openEMS writes float32 radians
  }
  for (double p = 0; p <= 360 + 1e-9; p += dp)
  {
    phi.push_back(static_cast<float>(p * Pi / 180));
  }
  h.Put("/Mesh/theta", theta);
  h.Put("/Mesh/phi", phi);
  h.Put("/Mesh/r", { r });
  const double prad = 3600 * Pi * Cin(2 * Pi) / (2 * Eta0); // at I = 1 A
  std::vector<double> freq, prads, dmax;
  for (int f = 0; f < nf; ++f)
  {
    const double current = 1 + f; // frequency f carries (1 + f) A
    std::vector<double> zero, im, p;
    for (std::size_t ip = 0; ip < phi.size(); ++ip)
    {
      for (double t : theta)
      {
        const double e = 60 * current * Pattern(t) / r;
        zero.push_back(0);
        im.push_back(e);
        p.push_back(e * e / (2 * Eta0));
      }
    }
    const std::vector<std::uint64_t> dims{ phi.size(), theta.size() };
    const std::string n = "f" + std::to_string(f);
    h.Put("/nf2ff/E_theta/FD/" + n + "_real", dims, zero);
    h.Put("/nf2ff/E_theta/FD/" + n + "_imag", dims, im);
    h.Put("/nf2ff/E_phi/FD/" + n + "_real", dims, zero);
    h.Put("/nf2ff/E_phi/FD/" + n + "_imag", dims, zero);
    h.Put("/nf2ff/P_rad/FD/" + n, dims, p);
    freq.push_back(1e9 * (1 + f));
    prads.push_back(prad * current * current);
    dmax.push_back(4 / Cin(2 * Pi));
  }
  h.Attributes[{ "/nf2ff", "Frequency" }] = freq;
  h.Attributes[{ "/nf2ff", "Prad" }] = prads;
  h.Attributes[{ "/nf2ff", "Dmax" }] = dmax;
  h.Attributes[{ "/Mesh", "MeshType" }] = { 2 };
  return h;
}

void TestAnalyticDipole()
{
  for (int f = 0; f < 2; ++f)
  {
    cmMemoryHdf5 h = Dipole(2);
    CM_CHECK(LooksLikeOpenEmsNf2ff(h));
    CM_CHECK(OpenEmsNf2ffFrequencies(h, File).size() == 2);
    double dmax = 0, prad = 0;
    const FarFieldGrid g = ReadOpenEmsNf2ff(h, File, f, &dmax, &prad);
    // phi 0..360: the closing cut phi = 360 is the phi = 0 cut, kept once (phi in [0, 360)).
    CM_CHECK(g.NumberOfTheta == 37 && g.NumberOfPhi == 24);
    CM_NEAR(g.Frequency, 1e9 * (1 + f), 0);
    CM_CHECK(g.GainKind == "Directivity" && g.SourceFormat == "openEMS");
    const double pradWant = 3600 * Pi * Cin(2 * Pi) / (2 * Eta0) * (1 + f) * (1 + f);
    CM_NEAR(prad, pradWant, 1e-12);
    CM_NEAR(dmax, 2.15, 0.01); // the textbook figure, 1.64 = 2.15 dBi
    double peak = -1e9;
    for (std::size_t k = 0; k < g.Theta.size(); ++k)
    {
      const std::size_t it = k % 37, ip = k / 37;
      CM_NEAR(g.Theta[k], 5.0 * it, 0); // float32 radians snap back to exact degrees
      CM_NEAR(g.Phi[k], 15.0 * ip, 0);
      const double t = static_cast<float>(g.Theta[k] * Pi / 180); // the file's float32 angle
      // r E in volts (independent of r = 2 m), as NEC and FEKO grids carry it.
      CM_NEAR(g.EthetaIm[k], 60 * (1 + f) * Pattern(t), 1e-5);
      CM_NEAR(g.EthetaRe[k] + g.EphiRe[k] + g.EphiIm[k], 0, 0);
      const double d = 4 * Pattern(t) * Pattern(t) / Cin(2 * Pi);
      if (d > 1e-6)
      {
        CM_NEAR(g.Gain[k], 10 * std::log10(d), 1e-5);
      }
      else
      {
        CM_CHECK(g.Gain[k] <= NoFieldDecibels + 0.005); // the poles: no field
      }
      peak = std::max(peak, g.Gain[k]);
    }
    CM_NEAR(peak, 10 * std::log10(4 / Cin(2 * Pi)), 1e-6);
    CM_NEAR(peak, dmax, 1e-6); // the file's own Dmax is the grid's maximum
  }
  // One theta cut (a single phi) is a valid grid too.
  cmMemoryHdf5 cut = Dipole(1, 5, 360);
  cut.Put("/Mesh/phi", { 0.0 });
  for (const char* p : { "/nf2ff/E_theta/FD/f0_real", "/nf2ff/E_theta/FD/f0_imag",
         "/nf2ff/E_phi/FD/f0_real", "/nf2ff/E_phi/FD/f0_imag", "/nf2ff/P_rad/FD/f0" })
  {
    auto& s = cut.Sets[p];
    s.Dims = { 1, 37 };
    s.Values.resize(37);
  }
  CM_CHECK(ReadOpenEmsNf2ff(cut, File, 0).NumberOfPhi == 1);
}

/**
 * openEMS's tutorials compute cuts over theta = -180..178 degrees at phi = 0 and 90
 * (Simple_Patch_Antenna.py). A file written from the short x-directed dipole, whose
 * field is the transverse part of x-hat, evaluated with openEMS's own unit vectors
 * for every (theta, phi) it is given (also negative theta):
 * E_theta = cos(theta) cos(phi), E_phi = -sin(phi), P_rad = |E|^2 / (2 eta0) at r = 1,
 * Prad = 4 pi / (3 eta0), Dmax = 1.5. The table must hold theta in [0, 180], phi in
 * [0, 360), and at every sample the same formula in the table's own angles (so the
 * sign of the components at negative theta and the poles filled from the other cut are
 * right), and its peak directivity must be the file's Dmax.
 */
void TestNegativeThetaCuts()
{
  cmMemoryHdf5 h;
  std::vector<double> theta, phi{ 0.0, static_cast<float>(Pi / 2) };
  for (double t = -180; t < 180; t += 2)
  {
    theta.push_back(static_cast<float>(t * Pi / 180));
  }
  h.Put("/Mesh/theta", theta);
  h.Put("/Mesh/phi", phi);
  h.Put("/Mesh/r", { 1.0 });
  std::vector<double> etr, eti, epr, epi, pr;
  for (double p : phi)
  {
    for (double t : theta)
    {
      const double a = std::cos(t) * std::cos(p), b = -std::sin(p);
      etr.push_back(a);
      eti.push_back(0.5 * a); // a complex phase, the same for both components
      epr.push_back(b);
      epi.push_back(0.5 * b);
      pr.push_back(1.25 * (a * a + b * b) / (2 * Eta0));
    }
  }
  const std::vector<std::uint64_t> dims{ phi.size(), theta.size() };
  h.Put("/nf2ff/E_theta/FD/f0_real", dims, etr);
  h.Put("/nf2ff/E_theta/FD/f0_imag", dims, eti);
  h.Put("/nf2ff/E_phi/FD/f0_real", dims, epr);
  h.Put("/nf2ff/E_phi/FD/f0_imag", dims, epi);
  h.Put("/nf2ff/P_rad/FD/f0", dims, pr);
  h.Attributes[{ "/nf2ff", "Frequency" }] = { 2e9 };
  h.Attributes[{ "/nf2ff", "Prad" }] = { 1.25 * 4 * Pi / (3 * Eta0) };
  h.Attributes[{ "/nf2ff", "Dmax" }] = { 1.5 };
  double dmax = 0;
  const FarFieldGrid g = ReadOpenEmsNf2ff(h, File, 0, &dmax);
  std::printf("  negative theta: %lld theta x %lld phi, phi %g..%g\n", (long long)g.NumberOfTheta,
    (long long)g.NumberOfPhi, g.Phi.front(), g.Phi.back());
  CM_CHECK(g.NumberOfTheta == 91 && g.NumberOfPhi == 4); // theta 0..180 by 2, phi 0 90 180 270
  double peak = -1e9, worst = 0;
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    CM_CHECK(g.Theta[k] >= 0 && g.Theta[k] <= 180 && g.Phi[k] >= 0 && g.Phi[k] < 360);
    CM_NEAR(g.Theta[k], 2.0 * double(k % 91), 0);
    CM_NEAR(g.Phi[k], 90.0 * double(k / 91), 0);
    const double t = g.Theta[k] * Pi / 180, p = g.Phi[k] * Pi / 180;
    const double a = std::cos(t) * std::cos(p), b = -std::sin(p);
    worst = std::max({ worst, std::abs(g.EthetaRe[k] - a), std::abs(g.EthetaIm[k] - 0.5 * a),
      std::abs(g.EphiRe[k] - b), std::abs(g.EphiIm[k] - 0.5 * b) });
    peak = std::max(peak, g.Gain[k]);
  }
  std::printf("  negative theta: worst |E - formula| = %.2e, peak %.6f dBi, file Dmax %.6f dBi\n",
    worst, peak, dmax);
  CM_CHECK(worst < 1e-6); // float32 angles in the file
  CM_NEAR(peak, dmax, 1e-6);
  CM_NEAR(dmax, 10 * std::log10(1.5), 1e-12);

  // A cut at one phi only, and phi past 360 degrees: the same directions.
  cmMemoryHdf5 one = h;
  const std::vector<std::uint64_t> half{ 1, theta.size() };
  for (const char* n : { "/nf2ff/E_theta/FD/f0_real", "/nf2ff/E_theta/FD/f0_imag",
         "/nf2ff/E_phi/FD/f0_real", "/nf2ff/E_phi/FD/f0_imag", "/nf2ff/P_rad/FD/f0" })
  {
    auto& d = one.Sets[n];
    d.Dims = half;
    d.Values.resize(theta.size());
  }
  one.Put("/Mesh/phi", { static_cast<float>(2 * Pi) }); // phi = 360 degrees: the phi = 0 cut
  const FarFieldGrid c = ReadOpenEmsNf2ff(one, File, 0);
  CM_CHECK(
    c.NumberOfTheta == 91 && c.NumberOfPhi == 2 && c.Phi.front() == 0 && c.Phi.back() == 180);
  for (std::size_t k = 0; k < c.Theta.size(); ++k)
  {
    const double t = c.Theta[k] * Pi / 180, p = c.Phi[k] * Pi / 180;
    CM_NEAR(c.EthetaRe[k], std::cos(t) * std::cos(p), 1e-6);
  }
  // Cuts that cannot fill a grid are refused with the hole named.
  cmMemoryHdf5 holes = h;
  std::vector<double> t90;
  for (double t = -90; t < 90; t += 2)
  {
    t90.push_back(static_cast<float>(t * Pi / 180));
  }
  holes.Put("/Mesh/theta", t90);
  for (const char* n : { "/nf2ff/E_theta/FD/f0_real", "/nf2ff/E_theta/FD/f0_imag",
         "/nf2ff/E_phi/FD/f0_real", "/nf2ff/E_phi/FD/f0_imag", "/nf2ff/P_rad/FD/f0" })
  {
    auto& d = holes.Sets[n];
    d.Dims = { 2, t90.size() };
    d.Values.resize(2 * t90.size());
  }
  cmExpectError<ParseError>("theta -90..88", [&] { (void)ReadOpenEmsNf2ff(holes, File, 0); },
    { File, "do not fill a grid", "no sample for theta 90" });
}

/// Runs `damage` on a clean file, reads frequency 0 and expects a ParseError whose text
/// holds the file name and every fragment; `layout` also demands that no grid value was read.
void Expect(const char* label, const std::function<void(cmMemoryHdf5&)>& damage,
  const std::vector<std::string>& fragments, bool layout = true)
{
  cmMemoryHdf5 h = Dipole(1);
  damage(h);
  std::vector<std::string> expected{ File };
  expected.insert(expected.end(), fragments.begin(), fragments.end());
  cmExpectError<ParseError>(
    label, [&] { (void)ReadOpenEmsNf2ff(h, File, 0); }, expected);
  CM_CHECK(!layout || h.ValuesRead < 2 * 37 + 25); // at most the mesh vectors were read
}

void Resize(cmMemoryHdf5& h, const std::string& path, std::vector<std::uint64_t> dims)
{
  std::uint64_t n = 1;
  for (auto d : dims)
  {
    n *= d;
  }
  h.Sets[path].Dims = dims;
  h.Sets[path].Values.assign(n, 0.5);
}

void TestLayoutDefects()
{
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::string et = "/nf2ff/E_theta/FD/f0_real";
  Expect("no /nf2ff group",
    [](cmMemoryHdf5& h) {
      for (auto it = h.Sets.begin(); it != h.Sets.end();)
        it = it->first.rfind("/nf2ff", 0) == 0 ? h.Sets.erase(it) : std::next(it);
      h.Attributes.clear();
    },
    { "group /nf2ff is missing", "not an openEMS nf2ff" });
  Expect("no Frequency",
    [](cmMemoryHdf5& h) {
      h.Attributes.erase({ "/nf2ff", "Frequency" });
    },
    { "attribute Frequency of /nf2ff is missing" });
  Expect("no Dmax",
    [](cmMemoryHdf5& h) {
      h.Attributes.erase({ "/nf2ff", "Dmax" });
    },
    { "attribute Dmax of /nf2ff is missing" });
  Expect("Prad count",
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/nf2ff", "Prad" }] = { 1, 2 };
    },
    { "attribute Prad of /nf2ff has 2 values but Frequency has 1" });
  Expect("empty Frequency",
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/nf2ff", "Frequency" }] = {};
    },
    { "attribute Frequency of /nf2ff has 0 values" });
  Expect("NaN Dmax",
    [nan](cmMemoryHdf5& h) {
      h.Attributes[{ "/nf2ff", "Dmax" }] = { nan };
    },
    { "attribute Dmax of /nf2ff holds a NaN" });
  Expect("zero Prad",
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/nf2ff", "Prad" }] = { 0 };
    },
    { "attribute Prad of /nf2ff is 0", "no radiated power" });
  Expect("negative Frequency",
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/nf2ff", "Frequency" }] = { -1e9 };
    },
    { "attribute Frequency of /nf2ff", "expected positive Hz" });
  Expect("no theta", [](cmMemoryHdf5& h) { h.Sets.erase("/Mesh/theta"); },
    { "dataset /Mesh/theta is missing" });
  Expect("empty phi", [](cmMemoryHdf5& h) { Resize(h, "/Mesh/phi", { 0 }); },
    { "dataset /Mesh/phi has 0 values, expected at least 1" });
  Expect("2-D theta",
    [](cmMemoryHdf5& h) {
      Resize(h, "/Mesh/theta", { 37, 2 });
    },
    { "dataset /Mesh/theta should be a list of values" });
  Expect("huge theta", [](cmMemoryHdf5& h) { h.Sets["/Mesh/theta"].Dims = { 1ull << 40 }; },
    { "dataset /Mesh/theta", "expected at most 16777216" });
  Expect("theta in degrees", [](cmMemoryHdf5& h) { h.Sets["/Mesh/theta"].Values.back() = 180; },
    { "dataset /Mesh/theta holds 180", "expected radians in [-2pi, 2pi]" });
  Expect("NaN phi", [nan](cmMemoryHdf5& h) { h.Sets["/Mesh/phi"].Values[3] = nan; },
    { "dataset /Mesh/phi holds a NaN" });
  Expect("repeated phi",
    [](cmMemoryHdf5& h) {
      auto& v = h.Sets["/Mesh/phi"].Values;
      v[2] = v[1];
    },
    { "dataset /Mesh/phi does not increase at value 3" });
  Expect("zero radius", [](cmMemoryHdf5& h) { h.Put("/Mesh/r", { 0.0 }); },
    { "dataset /Mesh/r holds the radius 0" });
  Expect("no E_phi imag", [](cmMemoryHdf5& h) { h.Sets.erase("/nf2ff/E_phi/FD/f0_imag"); },
    { "dataset /nf2ff/E_phi/FD/f0_imag is missing" });
  Expect("no P_rad", [](cmMemoryHdf5& h) { h.Sets.erase("/nf2ff/P_rad/FD/f0"); },
    { "dataset /nf2ff/P_rad/FD/f0 is missing" });
  Expect("transposed E_theta",
    [et](cmMemoryHdf5& h) {
      h.Sets[et].Dims = { 37, 25 };
    },
    { "dataset " + et + " has the shape {37 x 25}", "expected {25 x 37} (phi, theta)" });
  Expect("short E_theta",
    [et](cmMemoryHdf5& h) {
      Resize(h, et, { 25, 36 });
    },
    { "dataset " + et + " has the shape {25 x 36}" });
  Expect(
    "declared, not stored", [et](cmMemoryHdf5& h) { h.Sets[et].Values.resize(10); },
    { "dataset " + et + ": read 10 of 925 values" }, false);
  Expect(
    "NaN E_theta", [nan, et](cmMemoryHdf5& h) { h.Sets[et].Values[500] = nan; },
    { "dataset " + et + " holds a NaN or infinite value" }, false);
  Expect(
    "negative P_rad", [](cmMemoryHdf5& h) { h.Sets["/nf2ff/P_rad/FD/f0"].Values[40] = -1; },
    { "dataset /nf2ff/P_rad/FD/f0 holds a negative power density" }, false);

  cmMemoryHdf5 h = Dipole(1);
  bool refused = false;
  try
  {
    (void)ReadOpenEmsNf2ff(h, File, 1);
  }
  catch (const ParseError& e)
  {
    refused = std::string(e.what()).find("frequency index 1 is out of range (1 frequencies)") !=
      std::string::npos;
  }
  CM_CHECK(refused);
  cmMemoryHdf5 empty;
  CM_CHECK(!LooksLikeOpenEmsNf2ff(empty));
}
} // namespace

int TestOpenEmsNf2ff(int, char*[])
{
  TestAnalyticDipole();
  TestNegativeThetaCuts();
  TestLayoutDefects();
  return cmReport("TestOpenEmsNf2ff");
}
