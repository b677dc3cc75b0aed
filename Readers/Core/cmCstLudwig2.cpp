// SPDX-License-Identifier: BSD-3-Clause
// CST's Ludwig-2 far-field exports (Elev./Azim., Alpha/Epsi.) onto the θ/φ table: each
// direction and its two components in CST's axes, then the θ/φ grid by bilinear
// interpolation of the Cartesian field over the file's own angle grid (cmCstFarField.h).
#include "cmCstFarField.h"

#include "cmConstants.h"
#include "cmTextScan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>

namespace cm
{
void Ludwig2Direction(bool alphaEpsilon, double latitudeDeg, double longitudeDeg, double r[3],
  double first[3], double second[3])
{
  const double la = latitudeDeg * RadiansPerDegree, lo = longitudeDeg * RadiansPerDegree;
  const double cla = std::cos(la), sla = std::sin(la), clo = std::cos(lo), slo = std::sin(lo);
  if (!alphaEpsilon)
  {
    // Azimuth over elevation: the pole on +y, azimuth from +z towards +x.
    const double rr[3] = { slo * cla, sla, clo * cla };
    const double az[3] = { clo, 0, -slo }; // d r / d azimuth, normalised
    const double el[3] = { -slo * sla, cla, -clo * sla }; // d r / d elevation
    std::copy(rr, rr + 3, r);
    std::copy(az, az + 3, first);
    std::copy(el, el + 3, second);
    return;
  }
  // Elevation over azimuth: the pole on +x, epsilon from +z towards +y.
  const double rr[3] = { sla, cla * slo, cla * clo };
  const double al[3] = { cla, -sla * slo, -sla * clo }; // d r / d alpha
  const double ep[3] = { 0, clo, -slo }; // d r / d epsilon, normalised
  std::copy(rr, rr + 3, r);
  std::copy(al, al + 3, first);
  std::copy(ep, ep + 3, second);
}

namespace
{
using C = std::complex<double>;
using CVec = std::array<C, 3>;

/// One angle axis of the file's grid: uniform, wrapping when it covers a full turn.
struct Axis
{
  double Min = 0, Step = 0;
  std::int64_t Count = 0;
  bool Wrap = false;
};

Axis MakeAxis(
  const std::vector<double>& values, const char* name, const std::string& file, std::int64_t line)
{
  Axis a;
  a.Count = static_cast<std::int64_t>(values.size());
  a.Min = values.front();
  a.Step = a.Count > 1 ? (values.back() - values.front()) / static_cast<double>(a.Count - 1) : 0;
  for (std::int64_t k = 0; k < a.Count; ++k)
  {
    if (std::abs(values[static_cast<std::size_t>(k)] - (a.Min + static_cast<double>(k) * a.Step)) >
      1e-6 * (1 + std::abs(a.Step)))
    {
      throw ParseError(file, line,
        std::string("the Ludwig-2 export's ") + name +
          " angles are not evenly spaced: its grid cannot be taken to theta/phi");
    }
  }
  a.Wrap = a.Count > 1 && std::abs(static_cast<double>(a.Count) * a.Step - 360) < 1e-6;
  return a;
}

/// The cell of an angle: indices i0, i1 and the weight t of i1; false outside the axis.
bool Locate(const Axis& a, double v, std::int64_t& i0, std::int64_t& i1, double& t)
{
  if (a.Wrap)
  {
    v = std::fmod(v - a.Min, 360.0);
    v = v < 0 ? v + 360 : v;
    const double x = v / a.Step;
    i0 = std::min(static_cast<std::int64_t>(std::floor(x)), a.Count - 1);
    t = x - static_cast<double>(i0);
    i1 = (i0 + 1) % a.Count;
    return true;
  }
  // An axis over less than a turn (CST's "360" ranges: −90…90): the angle's turn that
  // starts at the axis's first value.
  v = a.Min + std::fmod(v - a.Min + 1e-9, 360.0) - 1e-9;
  v = v < a.Min - 1e-9 ? v + 360 : v;
  const double x = a.Step > 0 ? (v - a.Min) / a.Step : (std::abs(v - a.Min) < 1e-9 ? 0 : -1);
  const double last = static_cast<double>(a.Count - 1);
  if (x < -1e-9 || x > last + 1e-9)
  {
    return false;
  }
  i0 = std::min(static_cast<std::int64_t>(std::floor(std::max(x, 0.0))),
    std::max<std::int64_t>(a.Count - 2, 0));
  i1 = std::min(i0 + 1, a.Count - 1);
  t = std::min(std::max(x - static_cast<double>(i0), 0.0), 1.0);
  return true;
}

/// The file's samples as Cartesian fields, and its scalar columns, for interpolation.
struct Samples
{
  Axis Lat, Lon;
  std::vector<CVec> E;
  std::vector<double> Power; ///< linear gain, or empty
  std::vector<double> Total; ///< the printed field total (linear), or empty
};

/// Bilinear weights of a direction's cell, trying both names of the direction, (lat, lon)
/// and (180° − lat, lon + 180°); false when the file's grid does not reach it.
bool Cell(const Samples& s, double lat, double lon, std::array<std::int64_t, 4>& k,
  std::array<double, 4>& w)
{
  for (int alt = 0; alt < 2; ++alt)
  {
    std::int64_t a0, a1, b0, b1;
    double ta, tb;
    if (Locate(s.Lat, alt ? 180 - lat : lat, a0, a1, ta) &&
      Locate(s.Lon, alt ? lon + 180 : lon, b0, b1, tb))
    {
      const std::int64_t n = s.Lat.Count;
      k = { b0 * n + a0, b0 * n + a1, b1 * n + a0, b1 * n + a1 };
      w = { (1 - ta) * (1 - tb), ta * (1 - tb), (1 - ta) * tb, ta * tb };
      return true;
    }
  }
  return false;
}

Samples ReadSamples(const FarFieldGrid& g, bool alphaEpsilon, const std::string& totalName,
  bool totalDb, const std::string& file, std::int64_t line)
{
  Samples s;
  const std::int64_t nt = g.NumberOfTheta;
  std::vector<double> lat(g.Theta.begin(), g.Theta.begin() + nt), lon;
  for (std::int64_t p = 0; p < g.NumberOfPhi; ++p)
  {
    lon.push_back(g.Phi[static_cast<std::size_t>(p * nt)]);
  }
  s.Lat = MakeAxis(lat, alphaEpsilon ? "Alpha" : "Elev.", file, line);
  s.Lon = MakeAxis(lon, alphaEpsilon ? "Epsi." : "Azim.", file, line);
  const std::vector<double>* field = nullptr;
  for (const auto& x : g.Extra)
  {
    field = !totalName.empty() && x.first == totalName ? &x.second : field;
  }
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    double r[3], e1[3], e2[3];
    Ludwig2Direction(alphaEpsilon, g.Theta[k], g.Phi[k], r, e1, e2);
    const C a(g.EthetaRe[k], g.EthetaIm[k]), b(g.EphiRe[k], g.EphiIm[k]);
    s.E.push_back({ a * e1[0] + b * e2[0], a * e1[1] + b * e2[1], a * e1[2] + b * e2[2] });
    if (!g.Gain.empty())
    {
      s.Power.push_back(g.Gain[k] <= NoFieldDecibels ? 0 : std::pow(10.0, g.Gain[k] / 10));
    }
    if (field)
    {
      const double v = (*field)[k];
      s.Total.push_back(totalDb ? std::pow(10.0, v / 20) : v);
    }
  }
  return s;
}
} // namespace

FarFieldGrid Ludwig2ToSpherical(const FarFieldGrid& g, bool alphaEpsilon,
  const std::string& totalName, bool totalDb, const std::string& file, std::int64_t line)
{
  const Samples s = ReadSamples(g, alphaEpsilon, totalName, totalDb, file, line);
  const double lat = s.Lat.Count > 1 ? s.Lat.Step : 0, lon = s.Lon.Count > 1 ? s.Lon.Step : 0;
  const double step = lat > 0 && lon > 0 ? std::min(lat, lon) : std::max(lat, lon);
  if (!(step > 0) || std::abs(180 / step - std::round(180 / step)) > 1e-6)
  {
    throw ParseError(file, line,
      "the Ludwig-2 export's angle step does not divide 180 degrees: its grid cannot be taken "
      "to theta/phi");
  }
  FarFieldGrid out;
  out.Frequency = g.Frequency;
  out.GainKind = g.GainKind;
  out.SourceFormat = g.SourceFormat;
  out.FieldUnit = g.FieldUnit;
  out.Values = g.Values;
  out.Values.emplace_back(alphaEpsilon ? "Ludwig2AlphaEpsilonStep" : "Ludwig2ElevationAzimuthStep",
    std::vector<double>{ lat, lon });
  const bool field = !s.Total.empty();
  if (field)
  {
    out.Extra.emplace_back(totalName, std::vector<double>());
  }
  const auto nth = static_cast<std::int64_t>(std::llround(180 / step)) + 1;
  const auto nph = static_cast<std::int64_t>(std::llround(360 / step));
  for (std::int64_t p = 0; p < nph; ++p)
  {
    for (std::int64_t t = 0; t < nth; ++t)
    {
      const double th = static_cast<double>(t) * step, ph = static_cast<double>(p) * step;
      const double st = std::sin(th * RadiansPerDegree), ct = std::cos(th * RadiansPerDegree);
      const double sp = std::sin(ph * RadiansPerDegree), cp = std::cos(ph * RadiansPerDegree);
      const double r[3] = { st * cp, st * sp, ct };
      // CST's angles of this direction: latitude from the pole axis's component.
      const double la = std::asin(std::max(-1.0, std::min(1.0, alphaEpsilon ? r[0] : r[1])));
      const double lo = alphaEpsilon ? std::atan2(r[1], r[2]) : std::atan2(r[0], r[2]);
      std::array<std::int64_t, 4> k;
      std::array<double, 4> w;
      if (!Cell(s, la / RadiansPerDegree, lo / RadiansPerDegree, k, w))
      {
        throw ParseError(file, line,
          "the Ludwig-2 export does not cover the sphere (no samples around theta " +
            std::to_string(th) + ", phi " + std::to_string(ph) +
            "): only whole-sphere Ludwig-2 grids are taken to theta/phi");
      }
      CVec e{};
      double power = 0, total = 0;
      for (int c = 0; c < 4; ++c)
      {
        const auto i = static_cast<std::size_t>(k[static_cast<std::size_t>(c)]);
        const double wc = w[static_cast<std::size_t>(c)];
        for (int d = 0; d < 3; ++d)
        {
          e[static_cast<std::size_t>(d)] += wc * s.E[i][static_cast<std::size_t>(d)];
        }
        power += s.Power.empty() ? 0 : wc * s.Power[i];
        total += field ? wc * s.Total[i] : 0;
      }
      const double thHat[3] = { ct * cp, ct * sp, -st }, phHat[3] = { -sp, cp, 0 };
      const C et = e[0] * thHat[0] + e[1] * thHat[1] + e[2] * thHat[2];
      const C ep = e[0] * phHat[0] + e[1] * phHat[1];
      out.Theta.push_back(th);
      out.Phi.push_back(ph);
      out.EthetaRe.push_back(et.real());
      out.EthetaIm.push_back(et.imag());
      out.EphiRe.push_back(ep.real());
      out.EphiIm.push_back(ep.imag());
      if (!s.Power.empty())
      {
        const double db = power > 0 ? 10 * std::log10(power) : NoFieldDecibels;
        out.Gain.push_back(std::max(db, NoFieldDecibels));
      }
      if (field)
      {
        out.Extra.back().second.push_back(totalDb ? 20 * std::log10(total) : total);
      }
    }
  }
  FinishFarFieldGrid(out, file, line);
  return out;
}
} // namespace cm
