// SPDX-License-Identifier: BSD-3-Clause
// CST far-field ASCII exports written by hand in CST's layout: units and polarization
// read from the bracketed header (dBi or linear; θ/φ, Ludwig-3 or circular), φ from 0 or
// from −180, blanks inside "Abs(Phi  )[dBi   ]", "-inf" nulls. Expected values come from
// the file text through the textbook conversions, written out here independently.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmCstFarField.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace cm;
using C = std::complex<double>;

namespace
{

std::vector<std::vector<double>> Rows(const std::string& text)
{
  std::vector<std::vector<double>> rows;
  std::size_t b = 0, line = 0;
  while (b < text.size())
  {
    std::size_t e = text.find('\n', b);
    e = e == std::string::npos ? text.size() : e;
    if (++line > 2)
    {
      std::vector<double> r;
      std::string l = text.substr(b, e - b);
      const char* p = l.c_str();
      char* end;
      for (double v = std::strtod(p, &end); end != p; v = std::strtod(p, &end))
      {
        r.push_back(v);
        p = end;
      }
      if (!r.empty())
      {
        rows.push_back(r);
      }
    }
    b = e + 1;
  }
  return rows;
}

C Polar(double mag, double deg)
{
  return std::polar(mag, deg * M_PI / 180);
}

void Same(const FarFieldGrid& g, std::size_t k, C et, C ep)
{
  CM_NEAR(g.EthetaRe[k], et.real(), 1e-12);
  CM_NEAR(g.EthetaIm[k], et.imag(), 1e-12);
  CM_NEAR(g.EphiRe[k], ep.real(), 1e-12);
  CM_NEAR(g.EphiIm[k], ep.imag(), 1e-12);
}

void ExpectError(const char* label, const std::string& text, const char* words)
{
  try
  {
    ParseCstFarField(text, label);
    std::printf("FAIL %s: no ParseError\n", label);
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    std::printf("  %s -> %s\n", label, e.what());
    CM_CHECK(std::strstr(e.what(), words) != nullptr && e.File == label);
  }
}
} // namespace

int TestCstFarField(int, char*[])
{
  const std::string data = CLOUDMAP_DATA_DIR "/cst/";
  {
    // Spherical components in dBi, φ from 0, -inf where the θ component vanishes.
    const std::string text = Slurp(data + "dipole_spherical_dbi.txt");
    CM_CHECK(LooksLikeCstFarField(text.substr(0, 4096)));
    const FarFieldGrid g = ParseCstFarField(text, "sph");
    const auto rows = Rows(text);
    CM_CHECK(g.NumberOfTheta == 5 && g.NumberOfPhi == 4 && rows.size() == 20);
    CM_CHECK(g.GainKind == "Directivity" && g.SourceFormat == "CST" && g.Frequency == 0);
    CM_CHECK(g.Extra.size() == 3 && g.Extra[0].first == "Gain_theta" && g.Extra[2].first == "AxialRatio");
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const auto& r = rows[k];
      CM_CHECK(g.Theta[k] == r[0] && g.Phi[k] == r[1] && g.Gain[k] == r[2]);
      Same(g, k, Polar(std::pow(10, r[3] / 20), r[4]), Polar(std::pow(10, r[5] / 20), r[6]));
    }
    CM_CHECK(g.EthetaRe[0] == 0 && g.EthetaIm[0] == 0 && std::isinf(g.Extra[0].second[0]));
  }
  {
    // Ludwig-3 (Horiz/Vert) in linear (power) units, φ from −180.
    const std::string text = Slurp(data + "patch_ludwig3_linear.txt");
    const FarFieldGrid g = ParseCstFarField(text, "l3");
    const auto rows = Rows(text);
    CM_CHECK(g.NumberOfTheta == 3 && g.NumberOfPhi == 4 && g.Phi[0] == -180);
    CM_CHECK(g.GainKind == "Gain" && g.Extra[0].first == "Gain_horiz");
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const auto& r = rows[k];
      const C h = Polar(std::sqrt(r[3]), r[4]), v = Polar(std::sqrt(r[5]), r[6]);
      const double c = std::cos(r[1] * M_PI / 180), s = std::sin(r[1] * M_PI / 180);
      // Ludwig-3: E_hor = Eθ cos φ − Eφ sin φ, E_ver = Eθ sin φ + Eφ cos φ, inverted.
      Same(g, k, h * c + v * s, -h * s + v * c);
      CM_NEAR(g.Gain[k], 10 * std::log10(r[2]), 1e-12);
      const C et(g.EthetaRe[k], g.EthetaIm[k]), ep(g.EphiRe[k], g.EphiIm[k]);
      CM_NEAR(std::norm(et) + std::norm(ep), r[3] + r[5], 1e-12); // power is kept
    }
  }
  {
    // Circular (Left/Right) realized gain in dBi.
    const std::string text = Slurp(data + "helix_circular_realized.txt");
    const FarFieldGrid g = ParseCstFarField(text, "circ");
    const auto rows = Rows(text);
    CM_CHECK(g.GainKind == "Realized Gain" && g.NumberOfTheta == 3 && g.NumberOfPhi == 2);
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const auto& r = rows[k];
      const C l = Polar(std::pow(10, r[3] / 20), r[4]), rr = Polar(std::pow(10, r[5] / 20), r[6]);
      const C et(g.EthetaRe[k], g.EthetaIm[k]), ep(g.EphiRe[k], g.EphiIm[k]);
      // Back to circular: E_L = (Eθ + jEφ)/√2, E_R = (Eθ − jEφ)/√2.
      const C j(0, 1);
      CM_NEAR(std::abs((et + j * ep) / std::sqrt(2.0) - l), 0, 1e-12);
      CM_NEAR(std::abs((et - j * ep) / std::sqrt(2.0) - rr), 0, 1e-12);
    }
  }
  {
    // An E-field export (dBV/m) with CST's five-character "Horiz"/"Verti": the total is
    // |E|, not a gain. The file was written from a = cos(θ/2) e^{-j40θ} scaled by 30 dB,
    // Eθ = a (sin φ + 0.3j cos φ), Eφ = a (cos φ − 0.3j sin φ): compared with that here.
    const std::string text = Slurp(data + "horn_ludwig3_efield.txt");
    CM_CHECK(LooksLikeCstFarField(text.substr(0, 4096)));
    const FarFieldGrid g = ParseCstFarField(text, "horn");
    const auto rows = Rows(text);
    CM_CHECK(g.NumberOfTheta == 7 && g.NumberOfPhi == 4 && rows.size() == 28);
    CM_CHECK(g.GainKind == "E-Field" && g.Gain.empty());
    CM_CHECK(g.Extra.size() == 4 && g.Extra[0].first == "Gain_horiz" && g.Extra[1].first == "Gain_vert" &&
      g.Extra[3].first == "Abs(E)_dB");
    double worst = 0;
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const double t = rows[k][0] * M_PI / 180, p = rows[k][1] * M_PI / 180;
      const C a = std::cos(t / 2) * std::polar(1.0, -40 * t) * std::pow(10.0, 30 / 20.0);
      const C et(g.EthetaRe[k], g.EthetaIm[k]), ep(g.EphiRe[k], g.EphiIm[k]);
      if (rows[k][2] < -200)
      {
        CM_CHECK(std::abs(a) < 1e-9 && std::abs(et) < 1e-9 && std::abs(ep) < 1e-9); // the null at θ = 180°
        continue;
      }
      const C j(0, 1);
      const C wt = a * (std::sin(p) + 0.3 * j * std::cos(p)), wp = a * (std::cos(p) - 0.3 * j * std::sin(p));
      worst = std::max({ worst, std::abs(et - wt) / std::abs(a), std::abs(ep - wp) / std::abs(a) });
      // The printed total is |E| of the same components.
      CM_NEAR(10 * std::log10(std::norm(et) + std::norm(ep)), rows[k][2], 1e-2); // 4 printed digits
    }
    std::printf("  horn: worst |E - formula| / |E| = %.2e\n", worst);
    CM_CHECK(worst < 1e-3); // 4 printed digits
  }
  {
    // The half-wave dipole's full-sphere directivity with 3-digit exponents: it peaks at
    // 2.15 dBi, integrates to 4π over the sphere, and the Theta component carries it all.
    const std::string text = Slurp(data + "dipole_sphere_3digit.txt");
    const FarFieldGrid g = ParseCstFarField(text, "dipole");
    CM_CHECK(g.NumberOfTheta == 19 && g.NumberOfPhi == 12 && g.GainKind == "Directivity");
    double peak = -1e9, sum = 0;
    const double dt = M_PI / 18, dp = 2 * M_PI / 12;
    for (std::int64_t k = 0; k < g.NumberOfSamples(); ++k)
    {
      peak = std::max(peak, g.Gain[k]);
      const double d = g.Gain[k] <= NoFieldDecibels ? 0 : std::pow(10.0, g.Gain[k] / 10);
      const std::int64_t i = k % g.NumberOfTheta;
      const double w = (i == 0 || i == g.NumberOfTheta - 1) ? 0.5 : 1.0; // trapezoid in θ
      sum += w * d * std::sin(g.Theta[k] * M_PI / 180) * dt * dp;
      const C et(g.EthetaRe[k], g.EthetaIm[k]);
      CM_NEAR(std::norm(et), d, 2e-3 * d + 1e-12); // |Eθ|² in dBi units is the directivity
    }
    std::printf("  dipole: peak %.3f dBi, (1/4pi) integral of D = %.4f\n", peak, sum / (4 * M_PI));
    CM_NEAR(peak, 2.15, 0.01);
    CM_NEAR(sum / (4 * M_PI), 1.0, 0.01);
    // CST's Ludwig-2 systems are recognised (so the file is not taken for CSV) and refused.
    for (const char* pair : { "Elev. [deg.]  Azim. [deg.]", "Alpha [deg.]  Epsi. [deg.]" })
    {
      std::string t = text;
      t.replace(0, std::string("Theta [deg.]  Phi   [deg.]").size(), pair);
      CM_CHECK(LooksLikeCstFarField(t.substr(0, 4096)));
      ExpectError(pair, t, "Ludwig-2");
    }
    std::string t = text;
    t.replace(t.find("Abs(Theta)"), 10, "Abs(Copol)");
    t.replace(t.find("Phase(Theta)"), 12, "Phase(Copol)");
    ExpectError("co/cross", t, "co- and cross-polar");
  }
  std::printf("errors:\n");
  const std::string good = Slurp(data + "dipole_spherical_dbi.txt");
  {
    std::string t = good.substr(0, good.size() - 30); // last row cut short
    ExpectError("truncated", t, "fields");
  }
  {
    std::string t = good;
    t.replace(t.find("175.500"), 7, "175.5x0");
    ExpectError("non-numeric", t, "expected a number");
  }
  {
    std::string t = good;
    const std::size_t third = t.find('\n', t.find('\n', t.find('\n') + 1) + 1);
    t.erase(third + 1, t.find('\n', third + 1) - third); // one row missing: not a grid
    ExpectError("row missing", t, "grid");
  }
  {
    std::string t = good.substr(good.find('\n') + 1); // no header line
    ExpectError("missing header", t, "not a CST far-field export");
  }
  {
    std::string t = good;
    t.replace(t.find("Abs(Phi  )"), 10, "Abs(Horiz)");
    ExpectError("mixed polarizations", t, "mix");
  }
  return cmReport("TestCstFarField");
}
