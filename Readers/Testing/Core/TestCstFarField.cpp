// SPDX-License-Identifier: BSD-3-Clause
// CST far-field ASCII exports written by hand in CST's layout: units and polarization
// read from the bracketed header (dBi or linear; θ/φ, Ludwig-3 or circular), φ from 0 or
// from −180, blanks inside "Abs(Phi  )[dBi   ]", "-inf" nulls. Expected values come from
// the file text through the textbook conversions, written out here independently.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmConstants.h"
#include "cmCstFarField.h"
#include "cmFarField.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cctype>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
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
/// Directivity from a grid's |E| alone: 4π max|E|² / ∮|E|² dΩ (trapezoid in θ, the
/// φ runs as printed, a closing φ counted once).
double DirectivityFromFields(const FarFieldGrid& g)
{
  const std::int64_t nt = g.NumberOfTheta, np = g.NumberOfPhi;
  double sum = 0, peak = 0;
  const double span = g.Phi[(np - 1) * nt] - g.Phi[0];
  const bool closed = std::abs(span - 360) < 1e-9;
  const std::int64_t npUse = closed ? np - 1 : np;
  const double dp = 2 * M_PI / npUse;
  for (std::int64_t ip = 0; ip < npUse; ++ip)
  {
    for (std::int64_t it = 0; it < nt; ++it)
    {
      const std::size_t k = static_cast<std::size_t>(ip * nt + it);
      const double e2 =
        std::norm(C(g.EthetaRe[k], g.EthetaIm[k])) + std::norm(C(g.EphiRe[k], g.EphiIm[k]));
      peak = std::max(peak, e2);
      const double w = (it == 0 || it == nt - 1) ? 0.5 : 1.0;
      const double dt = (g.Theta[nt - 1] - g.Theta[0]) / double(nt - 1) * M_PI / 180;
      sum += w * e2 * std::sin(g.Theta[k] * M_PI / 180) * dt * dp;
    }
  }
  return 4 * M_PI * peak / sum;
}

/// The unit in brackets decides the quantity: a [V] export is a field, never a gain.
void TestUnits(const std::string& data)
{
  // A look-alike of CST's Ludwig-3 export in volts (the layout of MEMACS's
  // FF_L3_lin_sym180.txt): a z-directed short dipole, r E_theta = 10 sin(theta) e^{j35deg}.
  const std::string text = Slurp(data + "dipole_ludwig3_volts.txt");
  CM_CHECK(LooksLikeCstFarField(text.substr(0, 4096)));
  const FarFieldGrid g = ParseCstFarField(text, "volts");
  const auto rows = Rows(text);
  std::printf("  volts: GainKind %s, FieldUnit %s, %zu extra columns\n", g.GainKind.c_str(),
    g.FieldUnit.c_str(), g.Extra.size());
  CM_CHECK(g.GainKind == "E-Field" && g.FieldUnit == "V" && g.Gain.empty());
  CM_CHECK(g.Extra.size() == 4 && g.Extra[0].first == "Abs(Horiz)_V" &&
    g.Extra[1].first == "Abs(Verti)_V" && g.Extra[2].first == "AxialRatio" &&
    g.Extra[3].first == "Abs(V)_V");
  for (const auto& c : g.Extra)
  {
    CM_CHECK(c.first.find("Gain") == std::string::npos);
  }
  CM_CHECK(g.NumberOfTheta == 19 && g.NumberOfPhi == 13 && g.Phi[0] == -180);
  for (std::size_t k = 0; k < rows.size(); ++k)
  {
    const double t = rows[k][0] * M_PI / 180;
    const C want = 10 * std::sin(t) * std::polar(1.0, 35 * M_PI / 180);
    const C et(g.EthetaRe[k], g.EthetaIm[k]), ep(g.EphiRe[k], g.EphiIm[k]);
    CM_NEAR(std::abs(et - want), 0, 5e-3); // 4 printed digits of a 10 V field
    CM_NEAR(std::abs(ep), 0, 5e-3);
    CM_CHECK(g.Extra[3].second[k] == rows[k][2]); // the printed |V| kept as printed
  }
  // |E| alone gives the short dipole's directivity, 1.5 (10-degree trapezoid: 1 %).
  const double d = DirectivityFromFields(g);
  std::printf("  volts: directivity from |E| = %.4f (short dipole: 1.5)\n", d);
  CM_NEAR(d, 1.5, 0.015);

  // Keywords and units without regard to case and to blanks.
  std::string shouted = text;
  const std::size_t eol = shouted.find('\n');
  for (std::size_t i = 0; i < eol; ++i)
  {
    shouted[i] = static_cast<char>(i % 2 ? std::toupper(shouted[i]) : std::tolower(shouted[i]));
  }
  const FarFieldGrid u = ParseCstFarField(shouted, "shouted");
  CM_CHECK(
    u.GainKind == "E-Field" && u.FieldUnit == "V" && u.Gain.empty() && u.EthetaRe == g.EthetaRe);

  // [A/m]: H, turned into E through eta0 (E_theta = eta0 H_phi, E_phi = -eta0 H_theta).
  std::string h = text;
  for (std::size_t at; (at = h.find("[V     ]")) != std::string::npos;)
  {
    h.replace(at, 8, "[A/m   ]");
  }
  const FarFieldGrid hg = ParseCstFarField(h, "hfield");
  CM_CHECK(hg.GainKind == "H-Field" && hg.FieldUnit == "V/m" && hg.Gain.empty() &&
    hg.Extra[0].first == "Abs(Horiz)_A_per_m");
  for (std::size_t k = 0; k < rows.size(); ++k)
  {
    const C et(hg.EthetaRe[k], hg.EthetaIm[k]), ep(hg.EphiRe[k], hg.EphiIm[k]);
    const C ht(g.EthetaRe[k], g.EthetaIm[k]), hp(g.EphiRe[k], g.EphiIm[k]);
    CM_NEAR(std::abs(et - 376.730313668 * hp), 0, 1e-9);
    CM_NEAR(std::abs(ep + 376.730313668 * ht), 0, 1e-9);
  }

  // [dB] without the i: relative to the maximum, so no Gain either.
  std::string rel = Slurp(data + "dipole_spherical_dbi.txt");
  for (std::size_t at; (at = rel.find("[dBi   ]")) != std::string::npos;)
  {
    rel.replace(at, 8, "[dB    ]");
  }
  const FarFieldGrid rg = ParseCstFarField(rel, "relative");
  CM_CHECK(rg.GainKind == "Relative" && rg.FieldUnit == "relative" && rg.Gain.empty() &&
    rg.Extra[0].first == "Abs(Theta)_dB" && rg.Extra.back().first == "Abs(Dir.)_dB");

  // dBi stays a gain: the column name says which.
  const FarFieldGrid dg = ParseCstFarField(Slurp(data + "dipole_spherical_dbi.txt"), "dbi");
  CM_CHECK(dg.GainKind == "Directivity" && dg.FieldUnit == "sqrt(Directivity)" && !dg.Gain.empty());

  // CST's "pos360" range, theta 0..350 over phi 0..180 (spherical components in volts
  // of the short x-directed dipole, 10 (cos t cos p, -sin p) in CST's unit vectors for
  // every printed theta): taken to theta in [0, 180], phi in [0, 360) with the same
  // formula at every sample (the components change sign beyond 180, the poles at the
  // new phi are turned), the spherical components' own columns NaN at the filled poles.
  const FarFieldGrid x =
    ParseCstFarField(Slurp(data + "xdipole_spherical_volts_pos360.txt"), "pos360");
  CM_CHECK(
    x.NumberOfTheta == 19 && x.NumberOfPhi == 12 && x.GainKind == "E-Field" && x.Gain.empty());
  double worstX = 0;
  int nans = 0;
  for (std::int64_t k = 0; k < x.NumberOfSamples(); ++k)
  {
    CM_CHECK(x.Theta[k] == 10.0 * double(k % 19) && x.Phi[k] == 30.0 * double(k / 19));
    const double t = x.Theta[k] * M_PI / 180, p = x.Phi[k] * M_PI / 180;
    worstX =
      std::max({ worstX, std::abs(C(x.EthetaRe[k], x.EthetaIm[k]) - 10 * std::cos(t) * std::cos(p)),
        std::abs(C(x.EphiRe[k], x.EphiIm[k]) + 10 * std::sin(p)) });
    nans += std::isnan(x.Extra[0].second[k]) ? 1 : 0;
  }
  std::printf(
    "  pos360: worst |E - formula| = %.2e V, %d filled poles, directivity from |E| %.4f\n", worstX,
    nans, DirectivityFromFields(x));
  CM_CHECK(worstX < 5e-3 && nans == 10);
  CM_NEAR(DirectivityFromFields(x), 1.5, 0.02);

  std::string odd = text;
  odd.replace(odd.find("Abs(V   )[V     ]"), 17, "Abs(V   )[W/m^2 ]");
  ExpectError("unknown unit", odd, "has the unit [W/m^2]");
  std::string mixed = text;
  mixed.replace(mixed.find("Abs(Verti)[V     ]"), 18, "Abs(Verti)[dBi   ]");
  ExpectError("mixed units", mixed, "units of different quantities");
}

void ExpectSourceError(const char* label, const std::string& text, const char* words)
{
  try
  {
    ParseCstFarFieldSource(text, label);
    std::printf("FAIL %s: no ParseError\n", label);
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    std::printf("  %s -> %s\n", label, e.what());
    CM_CHECK(std::strstr(e.what(), words) != nullptr && e.File == label);
  }
}

std::string Replace(std::string t, const std::string& from, const std::string& to)
{
  const std::size_t at = t.find(from);
  CM_CHECK(at != std::string::npos);
  return at == std::string::npos ? t : t.replace(at, from.size(), to);
}

/// CST farfield source files: fields r·E in volts, directivity from the stated power.
void TestFarFieldSource(const std::string& data)
{
  // A look-alike in CST's layout of a z-directed short dipole, r E_theta = A sin(theta)
  // at two frequencies, with the radiated power stated as 4 pi A^2 / (3 eta0): the
  // directivity is 1.5 at theta = 90 degrees, and the integral of the fields over the
  // sphere, |rE|^2 / (2 eta0) dOmega, is the stated power.
  const std::string text = Slurp(data + "dipole_source.ffs");
  CM_CHECK(LooksLikeCstFarFieldSource(text.substr(0, 4096)) &&
    !LooksLikeCstFarField(text.substr(0, 4096)));
  const CstFarFieldSource src = ParseCstFarFieldSource(text, "ffs");
  CM_CHECK(src.Grids.size() == 2 && src.Warnings.empty() && src.Version == "3.0");
  const double eta0 = 376.730313668;
  for (std::size_t f = 0; f < src.Grids.size(); ++f)
  {
    const FarFieldGrid& g = src.Grids[f];
    const double a = f == 0 ? 10 : 20;
    CM_CHECK(g.Frequency == (f == 0 ? 1e9 : 1.5e9) && g.NumberOfTheta == 37 && g.NumberOfPhi == 9);
    CM_CHECK(g.GainKind == "Directivity" && g.FieldUnit == "V" && g.Gain.size() == 333);
    CM_CHECK(g.Values.size() == 6 && g.Values[0].first == "RadiatedPower" &&
      g.Values[3].first == "Position");
    const double prad = g.Values[0].second[0];
    CM_NEAR(prad, 4 * M_PI * a * a / (3 * eta0), 1e-6 * prad); // as printed, 7 digits
    double peak = -1e9, power = 0;
    const double dt = 5 * M_PI / 180, dp = 45 * M_PI / 180;
    for (std::int64_t k = 0; k < g.NumberOfSamples(); ++k)
    {
      peak = std::max(peak, g.Gain[k]);
      const std::int64_t it = k % 37, ip = k / 37;
      const C et(g.EthetaRe[k], g.EthetaIm[k]);
      const C want =
        a * std::sin(g.Theta[k] * M_PI / 180) * std::polar(1.0, f == 0 ? 0.0 : M_PI / 6);
      CM_NEAR(std::abs(et - want), 0, 1e-7 * a);
      if (ip < 8) // phi = 360 closes the circle: counted once
      {
        const double w = (it == 0 || it == 36) ? 0.5 : 1.0;
        power += w * std::norm(et) / (2 * eta0) * std::sin(g.Theta[k] * M_PI / 180) * dt * dp;
      }
      // D from the stated power, sample by sample.
      const double d = 4 * M_PI * std::norm(et) / (2 * eta0 * prad);
      if (d > 1e-12)
      {
        CM_NEAR(g.Gain[k], 10 * std::log10(d), 1e-9);
      }
    }
    std::printf("  ffs f%zu: peak directivity %.6f dBi (1.5 = %.6f), integral of the fields / "
                "stated Prad = %.5f\n",
      f, peak, 10 * std::log10(1.5), power / prad);
    CM_NEAR(peak, 10 * std::log10(1.5), 1e-5); // Prad printed to 7 digits
    CM_NEAR(power / prad, 1.0, 2e-3); // 5-degree trapezoid of sin^3: 0.1 %
  }
  // Comments without regard to case, blanks and hyphens; HFSS's layout without banner.
  std::string loose =
    Replace(text, "// CST Farfield Source File", "//   cst  FARFIELD source file");
  loose = Replace(loose, "// zAxis", "// z-Axis");
  loose = Replace(loose, "Power , Frequency", "Power, frequency");
  loose = Replace(loose, "// >> Total #phi samples", "//>>  TOTAL #Phi   samples");
  CM_CHECK(ParseCstFarFieldSource(loose, "loose").Grids.size() == 2);
  std::string hfss = text.substr(text.find("// #Frequencies"));
  CM_CHECK(LooksLikeCstFarFieldSource(hfss.substr(0, 4096)));
  CM_CHECK(ParseCstFarFieldSource(hfss, "hfss").Grids[1].Gain == src.Grids[1].Gain);

  // An optional block that fails: one warning naming file and line, the grids read.
  const std::string badAxis =
    Replace(text, "0.000000e+00 0.000000e+00 1.000000e+00 \n", "0.0 0.0 one\n");
  const CstFarFieldSource w = ParseCstFarFieldSource(badAxis, "axis");
  CM_CHECK(w.Grids.size() == 2 && w.Warnings.size() == 1);
  std::printf("  warning: %s\n", w.Warnings.empty() ? "" : w.Warnings[0].c_str());
  CM_CHECK(!w.Warnings.empty() && w.Warnings[0].rfind("axis:16: '// zAxis' is left out", 0) == 0);
  // A file cut after its first block: that block, and one warning.
  const std::string cut = text.substr(0, text.find("\n\n// >> Total", text.find("// >> Phi")) + 1);
  const CstFarFieldSource c = ParseCstFarFieldSource(cut, "cut");
  CM_CHECK(c.Grids.size() == 1 && c.Warnings.size() == 1 &&
    c.Warnings[0].find("#Frequencies says 2 but the file ends after 1") != std::string::npos);
  // No radiated power (-1, as some converters write): fields, no Gain, one warning.
  const CstFarFieldSource np =
    ParseCstFarFieldSource(Replace(text, "1.111880e+00 \n", "-1 \n"), "nopower");
  CM_CHECK(np.Grids.size() == 2 && np.Grids[0].Gain.empty() && !np.Grids[1].Gain.empty() &&
    np.Warnings.size() == 1 && np.Warnings[0].rfind("nopower:22:", 0) == 0);

  // The required parts: one error each, naming the line.
  ExpectSourceError(
    "nearfield", Replace(text, "Farfield \n", "Nearfield \n"), "only far-field sources");
  ExpectSourceError("bad row", Replace(text, "   0.000    10.000", "   0.000    1x.000"),
    "expected Theta, found '1x.000'");
  ExpectSourceError("short row",
    Replace(text, "   0.000    10.000   1.73648178e+00", "   0.000    10.000"),
    "fields, expected Phi Theta");
  ExpectSourceError(
    "truncated block", text.substr(0, text.rfind('\n', text.size() - 500) + 1), "ends after");
  ExpectSourceError("cut in block 1", text.substr(0, text.find("   0.000    50.000")),
    "announces 9 x 37 = 333 rows");
  ExpectSourceError("powers", Replace(text, "1.000000e+09 \n", "\n"), "Power , Frequency block");
  ExpectSourceError("counts", Replace(text, "9 37\n", "37 9\n"), "theta values per phi");
  ExpectSourceError("no frequencies", Replace(text, "// #Frequencies\n2 \n", ""), "#Frequencies");
}
/// Both CST layouts, long enough for many row blocks of the fast path (cmFastLines.h): the
/// fast path on one and on two threads (blocks in reverse order) and the general path
/// (forced by a blank line among the rows, which it skips) give the same bits, and a value
/// damaged deep in a table gives the same first error on any thread count.
void TestFastRows()
{
  const ParallelFor twoThreads = [](long long n,
                                   const std::function<void(long long, long long)>& body) {
    std::thread other([&] {
      for (long long b = n - 1; b >= n / 2; --b)
        body(b, b + 1);
    });
    for (long long b = n / 2 - 1; b >= 0; --b)
      body(b, b + 1);
    other.join();
  };
  auto same = [](const FarFieldGrid& a, const FarFieldGrid& b) {
    bool eq = a.Theta == b.Theta && a.Phi == b.Phi && a.EthetaRe == b.EthetaRe &&
      a.EthetaIm == b.EthetaIm && a.EphiRe == b.EphiRe && a.EphiIm == b.EphiIm &&
      a.Gain.size() == b.Gain.size() && a.Extra.size() == b.Extra.size() &&
      a.NumberOfTheta == b.NumberOfTheta && a.NumberOfPhi == b.NumberOfPhi;
    for (std::size_t k = 0; eq && k < a.Gain.size(); ++k)
      eq = std::memcmp(&a.Gain[k], &b.Gain[k], sizeof(double)) == 0;
    for (std::size_t k = 0; eq && k < a.Extra.size(); ++k)
      eq = a.Extra[k].first == b.Extra[k].first &&
        a.Extra[k].second.size() == b.Extra[k].second.size() &&
        std::memcmp(a.Extra[k].second.data(), b.Extra[k].second.data(),
          a.Extra[k].second.size() * sizeof(double)) == 0;
    return eq;
  };
  auto error = [](auto parse) -> std::string {
    try
    {
      parse();
    }
    catch (const ParseError& e)
    {
      return e.what();
    }
    return "";
  };
  // A .ffs file of two frequencies, 37 x 91 rows each, in CST's layout.
  std::string ffs =
    "// CST Farfield Source File\n \n// Version:\n3.0 \n\n// Data Type\nFarfield \n\n"
    "// #Frequencies\n2 \n\n// Radiated/Accepted/Stimulated Power , Frequency \n"
    "1.0e+00 \n1.0e+00 \n1.0e+00 \n1.0e+09 \n\n0 \n0 \n0 \n2.0e+09 \n\n";
  char row[160];
  for (int f = 0; f < 2; ++f)
  {
    ffs += "\n// >> Total #phi samples, total #theta samples\n37 91\n\n"
           "// >> Phi, Theta, Re(E_Theta), Im(E_Theta), Re(E_Phi), Im(E_Phi): \n";
    for (int i = 0; i < 37; ++i)
      for (int j = 0; j < 91; ++j)
      {
        const double a = std::sin(j * 2 * cm::Pi / 180) * (f + 1);
        std::snprintf(row, sizeof row, "%8.3f%10.3f%17.8e%17.8e%16.8e%17.8e\n", 10.0 * i, 2.0 * j,
          a * std::cos(i * 0.1), 0.25 * a, -0.5 * a * std::sin(i * 0.1), 1e-3 * i);
        ffs += row;
      }
  }
  const CstFarFieldSource one = ParseCstFarFieldSource(ffs, "big.ffs");
  const CstFarFieldSource two = ParseCstFarFieldSource(ffs, "big.ffs", twoThreads);
  std::string blank = ffs;
  blank.insert(blank.rfind("\n", blank.size() - 2000) + 1, "\n");
  const CstFarFieldSource general = ParseCstFarFieldSource(blank, "big.ffs", twoThreads);
  CM_CHECK_MSG(one.Grids.size() == 2 && two.Grids.size() == 2 && general.Grids.size() == 2 &&
      one.Grids[0].Theta.size() == 37 * 91 && one.Grids[0].Gain.size() == 37 * 91 &&
      one.Grids[1].Gain.empty() && one.Warnings == general.Warnings && one.Warnings.size() == 1,
    "ffs: 2 grids of 37 x 91, Gain where Prad > 0, the same warning");
  for (std::size_t k = 0; k < one.Grids.size() && k < 2; ++k)
  {
    CM_CHECK_MSG(same(one.Grids[k], two.Grids[k]) && same(one.Grids[k], general.Grids[k]),
      "ffs: the fast path on 1 and 2 threads and the general path give the same bits");
  }
  std::string bad = ffs;
  const std::size_t deep = bad.rfind("\n", bad.size() - 3000) + 1; // a row of the second table
  bad.replace(deep + 20, 3, "nan");
  const std::string e1 = error([&] { ParseCstFarFieldSource(bad, "bad.ffs"); });
  const std::string e2 = error([&] { ParseCstFarFieldSource(bad, "bad.ffs", twoThreads); });
  const long long line =
    1 + static_cast<long long>(std::count(bad.begin(), bad.begin() + deep, '\n'));
  CM_CHECK_MSG(!e1.empty() && e1 == e2 && e1.find("bad.ffs:" + std::to_string(line) + ":") == 0,
    "ffs: a damaged deep row gives the same first error (file:line) on 1 and 2 threads");

  // A .txt export of 120 x 61 rows (theta fastest, 3-degree steps) with -inf nulls.
  std::string txt =
    "Theta [deg.]  Phi   [deg.]  Abs(Dir.)[dBi   ]   Abs(Theta)[dBi   ]  "
    "Phase(Theta)[deg.]  Abs(Phi  )[dBi   ]  Phase(Phi  )[deg.]  Ax.Ratio[dB    ]    \n" +
    std::string(150, '-') + "\n";
  for (int i = 0; i < 120; ++i)
    for (int j = 0; j <= 60; ++j)
    {
      const double et = std::sin(3.0 * j * cm::Pi / 180) * std::cos(3.0 * i * cm::Pi / 180);
      char db[32];
      if (et != 0)
        std::snprintf(db, sizeof db, "%.3e", 10 * std::log10(1.5 * et * et));
      else
        std::snprintf(db, sizeof db, "-inf");
      std::snprintf(row, sizeof row, "%8.3f%16.3f%20s%20s%18.3f%20.3e%18.3f%20.3e     \n", 3.0 * j,
        3.0 * i, db, db, et >= 0 ? 0.0 : 180.0, -30.0, 90.0, 40.0);
      txt += row;
    }
  const FarFieldGrid t1 = ParseCstFarField(txt, "big.txt");
  const FarFieldGrid t2 = ParseCstFarField(txt, "big.txt", twoThreads);
  const FarFieldGrid tg = ParseCstFarField(txt + "\n", "big.txt", twoThreads);
  CM_CHECK_MSG(t1.Theta.size() == 120 * 61 && same(t1, t2) && same(t1, tg),
    "txt: the fast path on 1 and 2 threads and the general path give the same bits");
  std::string badTxt = txt;
  const std::size_t deepTxt = badTxt.rfind("\n", badTxt.size() - 4000) + 1;
  badTxt.replace(deepTxt + 3, 1, "x");
  const std::string t1e = error([&] { ParseCstFarField(badTxt, "bad.txt"); });
  const std::string t2e = error([&] { ParseCstFarField(badTxt, "bad.txt", twoThreads); });
  const long long lineTxt =
    1 + static_cast<long long>(std::count(badTxt.begin(), badTxt.begin() + deepTxt, '\n'));
  CM_CHECK_MSG(
    !t1e.empty() && t1e == t2e && t1e.find("bad.txt:" + std::to_string(lineTxt) + ":") == 0,
    "txt: a damaged deep row gives the same first error (file:line) on 1 and 2 threads");
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
    CM_CHECK(
      g.Extra.size() == 3 && g.Extra[0].first == "Gain_theta" && g.Extra[2].first == "AxialRatio");
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
      // Back to circular in CST's convention: E_L = (Eθ − jEφ)/√2, E_R = (Eθ + jEφ)/√2.
      const C j(0, 1);
      CM_NEAR(std::abs((et - j * ep) / std::sqrt(2.0) - l), 0, 1e-12);
      CM_NEAR(std::abs((et + j * ep) / std::sqrt(2.0) - rr), 0, 1e-12);
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
    CM_CHECK(g.GainKind == "E-Field" && g.Gain.empty() && g.FieldUnit == "V/m");
    // Named with their unit, its '/' written "_per_" (docs/user/names.md: no '/' in names).
    CM_CHECK(g.Extra.size() == 4 && g.Extra[0].first == "Abs(Horiz)_dBV_per_m" &&
      g.Extra[1].first == "Abs(Verti)_dBV_per_m" && g.Extra[3].first == "Abs(E)_dBV_per_m");
    double worst = 0;
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const double t = rows[k][0] * M_PI / 180, p = rows[k][1] * M_PI / 180;
      const C a = std::cos(t / 2) * std::polar(1.0, -40 * t) * std::pow(10.0, 30 / 20.0);
      const C et(g.EthetaRe[k], g.EthetaIm[k]), ep(g.EphiRe[k], g.EphiIm[k]);
      if (rows[k][2] < -200)
      {
        CM_CHECK(
          std::abs(a) < 1e-9 && std::abs(et) < 1e-9 && std::abs(ep) < 1e-9); // the null at θ = 180°
        continue;
      }
      const C j(0, 1);
      const C wt = a * (std::sin(p) + 0.3 * j * std::cos(p)),
              wp = a * (std::cos(p) - 0.3 * j * std::sin(p));
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
    // CST's Ludwig-2 angles with θ/φ components (which CST does not write there) are
    // recognised (so the file is not taken for CSV) and refused.
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
  TestUnits(data);
  TestFarFieldSource(data);
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
  {
    // A grid without samples is refused (it read past the empty angle lists before).
    FarFieldGrid empty;
    bool refused = false;
    try
    {
      cm::MapToTableRanges(empty, "e.txt", 3);
    }
    catch (const std::exception& e)
    {
      refused = std::strstr(e.what(), "e.txt:3:") && std::strstr(e.what(), "no samples");
    }
    CM_CHECK(refused);
  }
  TestFastRows();
  return cmReport("TestCstFarField");
}
