// SPDX-License-Identifier: BSD-3-Clause
#include "cmOpenEmsNf2ff.h"

#include "cmConstants.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace cm
{
namespace
{

/// The bound on any one dataset's element count: 2^24 doubles (134 MB) is more than any
/// sensible far-field grid (0.1° steps give 6.5 M samples), and the five grids of a
/// frequency then stay below 1 GB.
constexpr std::uint64_t MaxElements = 1ull << 24;

/// Degrees from openEMS's float32 radians. float32 keeps about 7 digits, so π comes back
/// as 180.0000025°; an angle within 3e-5° of a multiple of 1e-4° is snapped to it, so
/// the poles and the φ circle close exactly as the solver meant them.
double Degrees(double radians)
{
  const double d = radians * 180 / cm::Pi;
  const double snapped = std::round(d * 1e4) / 1e4;
  return std::abs(d - snapped) < 3e-5 ? snapped : d;
}

[[noreturn]] void Fail(const std::string& file, const std::string& what)
{
  throw ParseError(file, 0, what);
}

std::vector<double> NeedVector(Hdf5Source& h5, const std::string& file, const std::string& path,
  std::uint64_t minCount, bool list = true)
{
  std::vector<std::uint64_t> dims;
  if (!h5.Dataset(path, dims))
  {
    Fail(file, "dataset " + path + " is missing (not an openEMS nf2ff result?)");
  }
  std::uint64_t n = 1; // saturating at UINT64_MAX
  int big = 0;
  for (std::uint64_t d : dims)
  {
    n = d == 0 ? 0 : (n > UINT64_MAX / d ? UINT64_MAX : n * d);
    big += d > 1 ? 1 : 0;
  }
  if (list && big > 1)
  {
    Fail(file,
      "dataset " + path + " should be a list of values, but it has " + std::to_string(dims.size()) +
        " dimensions of more than one");
  }
  if (n < minCount || n > MaxElements)
  {
    Fail(file,
      "dataset " + path + " has " + std::to_string(n) + " values, expected " +
        (n > MaxElements ? "at most " + std::to_string(MaxElements)
                         : "at least " + std::to_string(minCount)));
  }
  std::vector<double> v = h5.Read(path);
  if (v.size() != n)
  {
    Fail(file,
      "dataset " + path + ": read " + std::to_string(v.size()) + " of " + std::to_string(n) +
        " values");
  }
  for (double x : v)
  {
    if (!std::isfinite(x))
    {
      Fail(file, "dataset " + path + " holds a NaN or infinite value");
    }
  }
  return v;
}

/// Checks that `path` is a {φ, θ} grid of the mesh's size (reads nothing).
void CheckGrid(Hdf5Source& h5, const std::string& file, const std::string& path, std::uint64_t nphi,
  std::uint64_t ntheta)
{
  std::vector<std::uint64_t> dims;
  if (!h5.Dataset(path, dims))
  {
    Fail(file, "dataset " + path + " is missing");
  }
  // {φ, θ}; a trailing or leading dimension of 1 (a single radius) is allowed.
  std::vector<std::uint64_t> core;
  for (std::uint64_t d : dims)
  {
    if (d != 1)
    {
      core.push_back(d);
    }
  }
  const bool ok = nphi * ntheta == 1
    ? core.empty()
    : (nphi == 1 ? core == std::vector<std::uint64_t>{ ntheta }
                 : (ntheta == 1 ? core == std::vector<std::uint64_t>{ nphi }
                                : core == std::vector<std::uint64_t>{ nphi, ntheta }));
  if (!ok)
  {
    std::string shape;
    for (std::uint64_t d : dims)
    {
      shape += (shape.empty() ? "" : " x ") + std::to_string(d);
    }
    Fail(file,
      "dataset " + path + " has the shape {" + shape + "}, expected {" + std::to_string(nphi) +
        " x " + std::to_string(ntheta) + "} (phi, theta) from /Mesh");
  }
}

std::vector<double> NeedAttribute(
  Hdf5Source& h5, const std::string& file, const std::string& path, const std::string& name)
{
  std::vector<double> v;
  if (!h5.Attribute(path, name, v))
  {
    Fail(file, "attribute " + name + " of " + path + " is missing");
  }
  if (v.empty() || v.size() > 100000)
  {
    Fail(file,
      "attribute " + name + " of " + path + " has " + std::to_string(v.size()) +
        " values, expected 1 to 100000 (one per frequency)");
  }
  for (double x : v)
  {
    if (!std::isfinite(x))
    {
      Fail(file, "attribute " + name + " of " + path + " holds a NaN or infinite value");
    }
  }
  return v;
}
} // namespace

bool LooksLikeOpenEmsNf2ff(Hdf5Source& h5)
{
  return h5.Exists("/nf2ff") && h5.Exists("/Mesh");
}

std::vector<double> OpenEmsNf2ffFrequencies(Hdf5Source& h5, const std::string& file)
{
  if (!h5.Exists("/nf2ff"))
  {
    Fail(file, "group /nf2ff is missing: not an openEMS nf2ff far-field result");
  }
  std::vector<double> f = NeedAttribute(h5, file, "/nf2ff", "Frequency");
  for (double x : f)
  {
    if (!(x > 0))
    {
      Fail(file,
        "attribute Frequency of /nf2ff holds " + std::to_string(x) + ", expected positive Hz");
    }
  }
  for (const char* a : { "Prad", "Dmax" })
  {
    const std::vector<double> v = NeedAttribute(h5, file, "/nf2ff", a);
    if (v.size() != f.size())
    {
      Fail(file,
        std::string("attribute ") + a + " of /nf2ff has " + std::to_string(v.size()) +
          " values but Frequency has " + std::to_string(f.size()));
    }
  }
  return f;
}

FarFieldGrid ReadOpenEmsNf2ff(Hdf5Source& h5, const std::string& file, std::size_t index,
  double* dmaxDbi, double* radiatedPower)
{
  const std::vector<double> freq = OpenEmsNf2ffFrequencies(h5, file);
  if (index >= freq.size())
  {
    Fail(file,
      "frequency index " + std::to_string(index) + " is out of range (" +
        std::to_string(freq.size()) + " frequencies)");
  }
  const double prad = NeedAttribute(h5, file, "/nf2ff", "Prad")[index];
  const double dmax = NeedAttribute(h5, file, "/nf2ff", "Dmax")[index];
  if (!(prad > 0))
  {
    Fail(file,
      "attribute Prad of /nf2ff is " + std::to_string(prad) + " at frequency " +
        std::to_string(index) + ": no radiated power, so no directivity");
  }
  const std::vector<double> theta = NeedVector(h5, file, "/Mesh/theta", 1);
  const std::vector<double> phi = NeedVector(h5, file, "/Mesh/phi", 1);
  std::vector<std::uint64_t> rdims;
  double r = 1;
  if (h5.Dataset("/Mesh/r", rdims))
  {
    r = NeedVector(h5, file, "/Mesh/r", 1)[0];
    if (!(r > 0))
    {
      Fail(file,
        "dataset /Mesh/r holds the radius " + std::to_string(r) + ", expected positive metres");
    }
  }
  // openEMS computes the far field for any angles it is given (the tutorials use
  // theta = -180..178 degrees, phi past 360 is no error), so the mesh only has to be
  // radians: a spread beyond a full turn means degrees were stored.
  for (const auto* a : { &theta, &phi })
  {
    const bool th = a == &theta;
    const double limit = th ? 2 * cm::Pi : 4 * cm::Pi;
    double worst = 0;
    for (double t : *a)
    {
      worst = std::abs(t) > std::abs(worst) ? t : worst;
    }
    {
      const double t = worst;
      if (std::abs(t) > limit + 1e-6)
      {
        Fail(file,
          std::string("dataset /Mesh/") + (th ? "theta" : "phi") + " holds " + std::to_string(t) +
            (th ? ", expected radians in [-2pi, 2pi]" : ", expected radians in [-4pi, 4pi]") +
            " (openEMS stores radians; degrees?)");
      }
    }
  }
  // A repeated angle would make two grid rows of one direction, and the θ-fastest grid
  // check below could no longer tell θ from φ.
  for (const auto* a : { &theta, &phi })
  {
    for (std::size_t k = 1; k < a->size(); ++k)
    {
      if (!(Degrees((*a)[k]) > Degrees((*a)[k - 1]))) // in degrees, as the grid will hold them
      {
        Fail(file,
          std::string("dataset /Mesh/") + (a == &theta ? "theta" : "phi") +
            " does not increase at value " + std::to_string(k + 1) + " (" +
            std::to_string((*a)[k - 1]) + ", then " + std::to_string((*a)[k]) + ")");
      }
    }
  }
  const std::uint64_t nt = theta.size(), np = phi.size();
  const std::string f = "f" + std::to_string(index);
  const std::string grids[5] = { "/nf2ff/E_theta/FD/" + f + "_real",
    "/nf2ff/E_theta/FD/" + f + "_imag", "/nf2ff/E_phi/FD/" + f + "_real",
    "/nf2ff/E_phi/FD/" + f + "_imag", "/nf2ff/P_rad/FD/" + f };
  // Every shape first, so a layout defect is refused before any grid is read.
  for (const std::string& path : grids)
  {
    CheckGrid(h5, file, path, np, nt);
  }
  const std::vector<double> etr = NeedVector(h5, file, grids[0], np * nt, false);
  const std::vector<double> eti = NeedVector(h5, file, grids[1], np * nt, false);
  const std::vector<double> epr = NeedVector(h5, file, grids[2], np * nt, false);
  const std::vector<double> epi = NeedVector(h5, file, grids[3], np * nt, false);
  const std::vector<double> pr = NeedVector(h5, file, grids[4], np * nt, false);
  for (double x : pr)
  {
    if (x < 0)
    {
      Fail(file, "dataset /nf2ff/P_rad/FD/" + f + " holds a negative power density");
    }
  }

  // The samples as openEMS computed them, then taken to the table's ranges (openEMS
  // computes any angles it is given: its tutorials ask for theta = -180..178 degrees).
  FarFieldGrid g;
  g.SourceFormat = "openEMS";
  g.GainKind = "Directivity";
  g.FieldUnit = "V";
  g.Frequency = freq[index];
  const std::size_t n = static_cast<std::size_t>(np * nt);
  for (auto* v : { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm, &g.Gain })
  {
    v->reserve(n);
  }
  for (std::uint64_t ip = 0; ip < np; ++ip)
  {
    for (std::uint64_t it = 0; it < nt; ++it)
    {
      const std::size_t k = static_cast<std::size_t>(ip * nt + it);
      g.Theta.push_back(Degrees(theta[it]));
      g.Phi.push_back(Degrees(phi[ip]));
      // r·E: the far field without its 1/r, in volts.
      g.EthetaRe.push_back(r * etr[k]);
      g.EthetaIm.push_back(r * eti[k]);
      g.EphiRe.push_back(r * epr[k]);
      g.EphiIm.push_back(r * epi[k]);
      const double d = 4 * cm::Pi * r * r * pr[k] / prad;
      if (!std::isfinite(d) ||
        !std::isfinite(g.EthetaRe.back() + g.EthetaIm.back() + g.EphiRe.back() + g.EphiIm.back()))
      {
        Fail(file,
          "the radius " + std::to_string(r) + " of /Mesh/r times the fields of /nf2ff/" + f +
            " overflows a double");
      }
      g.Gain.push_back(d > 0 ? 10 * std::log10(d) : NoFieldDecibels);
    }
  }
  g.Column("P_rad") = pr;
  MapToTableRanges(g, file, 0);
  if (dmaxDbi)
  {
    *dmaxDbi = dmax > 0 ? 10 * std::log10(dmax) : NoFieldDecibels;
  }
  if (radiatedPower)
  {
    *radiatedPower = prad;
  }
  return g;
}

} // namespace cm
