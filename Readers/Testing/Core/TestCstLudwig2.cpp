// SPDX-License-Identifier: BSD-3-Clause
// CST far fields on Ludwig-2 axes (cmCstFarField.h). Look-alikes in the layout of CST's
// own exports (dildevilliers/MEMACS data/SimPatterns/CSTtxt/FF_azel_lin_pos180.txt and
// siblings: GPL-3.0, so not in this tree) written here from a known field, the far field
// of an elliptically polarized dipole p, E = p − (p·r)r: its θ/φ components p·θ̂, p·φ̂
// are the oracle. The Ludwig-2 components are written with CST's axes (the pole on +y for
// Elev./Azim., on +x for Alpha/Epsi.; confirmed on the MEMACS exports, which give |E| as
// the θ/φ export at every shared direction). At the θ/φ directions the file samples (the
// principal planes of a 5° grid) the reader must give the field to the printed 4 digits;
// elsewhere it interpolates (bilinear, 5°): within 1 % of the peak. A dBi variant checks
// the Gain column (the printed directivity where sampled, interpolated in linear power).
#include "cmCheck.h"
#include "cmTestFiles.h"
#include "cmCstFarField.h"
#include "cmFarField.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <string>

using namespace cm;
using C = std::complex<double>;

namespace
{
constexpr double D2R = 3.14159265358979323846 / 180;
const C P[3] = { { 0.3, 0.1 }, { 1.0, 0 }, { 0, 0.5 } }; // the dipole moment (V)

/// The field p − (p·r) r projected on a unit vector u ⊥ r: p·u.
C Along(const double u[3])
{
  return P[0] * u[0] + P[1] * u[1] + P[2] * u[2];
}

/// CST's layout: the angles %8.3f / %17.3f, values %.3e and phases %.3f in 20-wide fields.
std::string Export(bool ea, bool circular, double latMin, double lonMin, int nLat, int nLon)
{
  std::string t = ea ? "Alpha [deg.]  Epsi. [deg.]  " : "Elev. [deg.]  Azim. [deg.]  ";
  t += circular ? "Abs(V   )[V     ]   Abs(Left )[V     ]  Phase(Left )[deg.]  Abs(Right)[V     ]  "
                  "Phase(Right)[deg.]  Ax.Ratio[      ]    \n"
    : ea        ? "Abs(V   )[V     ]   Abs(Alpha)[V     ]  Phase(Alpha)[deg.]  Abs(Epsil)[V     ]  "
                  "Phase(Epsil)[deg.]  Ax.Ratio[      ]    \n"
                : "Abs(V   )[V     ]   Abs(Azimu)[V     ]  Phase(Azimu)[deg.]  Abs(Eleva)[V     ]  "
                  "Phase(Eleva)[deg.]  Ax.Ratio[      ]    \n";
  t += std::string(150, '-') + "\n";
  for (int j = 0; j < nLon; ++j)
  {
    for (int i = 0; i < nLat; ++i)
    {
      const double la = (latMin + 5.0 * i) * D2R, lo = (lonMin + 5.0 * j) * D2R;
      // CST's unit vectors, written out here: Elev./Azim. r = (sin az cos el, sin el,
      // cos az cos el), Azimu = (cos az, 0, -sin az), Eleva = dr/del; Alpha/Epsi.
      // r = (sin a, cos a sin e, cos a cos e), Alpha = dr/da, Epsil = (0, cos e, -sin e).
      const double e1[3] = { ea ? std::cos(la) : std::cos(lo),
        ea ? -std::sin(la) * std::sin(lo) : 0.0,
        ea ? -std::sin(la) * std::cos(lo) : -std::sin(lo) };
      const double e2[3] = { ea ? 0.0 : -std::sin(lo) * std::sin(la),
        ea ? std::cos(lo) : std::cos(la), ea ? -std::sin(lo) : -std::cos(lo) * std::sin(la) };
      C a = Along(e1), b = Along(e2);
      const double total = std::sqrt(std::norm(a) + std::norm(b));
      if (circular) // Left, Right = (E1 ∓ jE2)/√2, as CST's θ/φ exports
      {
        const C l = (a - C(0, 1) * b) / std::sqrt(2.0), r = (a + C(0, 1) * b) / std::sqrt(2.0);
        a = l, b = r;
      }
      char row[200];
      std::snprintf(row, sizeof row, "%8.3f %17.3f %20.3e %19.3e %19.3f %19.3e %19.3f %19.3e\n",
        latMin + 5.0 * i, lonMin + 5.0 * j, total, std::abs(a), std::arg(a) / D2R, std::abs(b),
        std::arg(b) / D2R, 1.0e2);
      t += row;
    }
  }
  return t;
}

/// The export in dBi: the total 10 log10 |E|² as Abs(Dir.), the components 20 log10 |E_i|.
std::string ToDbi(const std::string& v)
{
  std::string t = v.substr(0, v.find('\n') + 1);
  for (const char* unit : { "Abs(V   )[V     ]", "[V     ]" })
  {
    for (std::size_t at; (at = t.find(unit)) != std::string::npos;)
    {
      t.replace(at, std::strlen(unit), unit[0] == 'A' ? "Abs(Dir.)[dBi   ]" : "[dBi   ]");
    }
  }
  t += std::string(150, '-') + "\n";
  std::size_t b = v.find('\n', v.find('\n') + 1) + 1;
  while (b < v.size())
  {
    const std::size_t e = v.find('\n', b);
    double x[8];
    std::sscanf(v.c_str() + b, "%lf %lf %lf %lf %lf %lf %lf %lf", x, x + 1, x + 2, x + 3, x + 4,
      x + 5, x + 6, x + 7);
    char row[200];
    std::snprintf(row, sizeof row, "%8.3f %17.3f %20.3f %19.3f %19.3f %19.3f %19.3f %19.3e\n", x[0],
      x[1], 20 * std::log10(x[2]), 20 * std::log10(x[3]), x[4], 20 * std::log10(x[5]), x[6], x[7]);
    t += row;
    b = e + 1;
  }
  return t;
}

/// The table against the dipole's p·θ̂, p·φ̂: to the printed digits where the file samples
/// the direction, within `interpolated` × the peak elsewhere.
void Compare(const char* name, const FarFieldGrid& g, bool ea, double step, double interpolated)
{
  CM_CHECK(g.NumberOfTheta == static_cast<std::int64_t>(std::lround(180 / step)) + 1);
  CM_CHECK(g.NumberOfPhi == static_cast<std::int64_t>(std::lround(360 / step)));
  const bool dbi = g.GainKind == "Directivity";
  CM_CHECK(dbi || g.GainKind == "E-Field");
  CM_CHECK(dbi ? g.Extra.empty() && g.Gain.size() == g.Theta.size()
               : g.FieldUnit == "V" && g.Extra.size() == 1 && g.Extra[0].first == "Abs(V)_V");
  double worstOn = 0, worst = 0, peak = 0;
  int on = 0;
  for (std::size_t k = 0; k < g.Theta.size(); ++k)
  {
    const double th = g.Theta[k] * D2R, ph = g.Phi[k] * D2R;
    const double thHat[3] = { std::cos(th) * std::cos(ph), std::cos(th) * std::sin(ph),
      -std::sin(th) };
    const double phHat[3] = { -std::sin(ph), std::cos(ph), 0 };
    const double r[3] = { std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th) };
    const double d = std::max(std::abs(C(g.EthetaRe[k], g.EthetaIm[k]) - Along(thHat)),
      std::abs(C(g.EphiRe[k], g.EphiIm[k]) - Along(phHat)));
    // The file's own direction: latitude and longitude multiples of 5°.
    const double la = std::asin(ea ? r[0] : r[1]) / D2R;
    const double lo = (ea ? std::atan2(r[1], r[2]) : std::atan2(r[0], r[2])) / D2R;
    const bool sampled = std::abs(la / step - std::round(la / step)) < 1e-6 &&
      std::abs(lo / step - std::round(lo / step)) < 1e-6;
    on += sampled ? 1 : 0;
    if (dbi && sampled) // the printed directivity, 10 log10 |E|² of the dipole
    {
      CM_NEAR(g.Gain[k], 10 * std::log10(std::norm(Along(thHat)) + std::norm(Along(phHat))), 0.01);
    }
    worstOn = sampled ? std::max(worstOn, d) : worstOn;
    worst = std::max(worst, d);
    peak = std::max(peak, std::sqrt(std::norm(Along(thHat)) + std::norm(Along(phHat))));
  }
  std::printf("  %-28s %d sampled directions: max |dE| %.2e V; all %zu: %.2e V (peak %.3f V)\n",
    name, on, worstOn, g.Theta.size(), worst, peak);
  CM_CHECK(on >= static_cast<int>(g.Theta.size()) / 8);
  CM_CHECK(worstOn < 2e-3 * peak); // 4 printed digits of magnitude, 3 decimals of phase
  CM_CHECK(worst < interpolated * peak);
}

void Check(
  const char* name, bool ea, bool circular, double latMin, double lonMin, int nLat, int nLon)
{
  Compare(
    name, ParseCstFarField(Export(ea, circular, latMin, lonMin, nLat, nLon), name), ea, 5, 1e-2);
}
} // namespace

int TestCstLudwig2(int, char*[])
{
  // CST's ranges: "pos180"/"sym180" (the latitude −90…90 fastest, the longitude over a
  // turn) and "360" (the latitude over a turn, the longitude over half of one).
  Check("Elev./Azim. pos180", false, false, -90, 0, 37, 72);
  Check("Elev./Azim. sym360", false, false, -180, -90, 72, 37);
  Check("Alpha/Epsi. sym180", true, false, -90, -180, 37, 72);
  Check("Alpha/Epsi. pos360", true, false, 0, 0, 72, 37);
  Check("Elev./Azim. circular", false, true, -90, 0, 37, 72);
  Check("Alpha/Epsi. circular", true, true, -90, 0, 37, 72);
  // In dBi (directivity units): Gain interpolated in linear power, the printed value where
  // sampled.
  Compare("Elev./Azim. dBi", ParseCstFarField(ToDbi(Export(false, false, -90, 0, 37, 72)), "dbi"),
    false, 5, 1e-2);
  // The committed look-alikes (Testing/Data/cst/make_cst_ludwig2.py, the same dipole on a
  // 30° grid): to the printed digits where sampled; 30° cells interpolate coarsely.
  const std::string data = CLOUDMAP_DATA_DIR "/cst/";
  Compare("dipole_elev_azim_volts.txt", ReadCstFarFieldFile(data + "dipole_elev_azim_volts.txt"),
    false, 30, 0.15);
  Compare("dipole_alpha_epsi_circ.txt", ReadCstFarFieldFile(data + "dipole_alpha_epsi_circ.txt"),
    true, 30, 0.15);
  // The unit vectors as the reader uses them: right-handed, first × second = r.
  double r[3], a[3], b[3];
  Ludwig2Direction(false, 20, 30, r, a, b);
  CM_NEAR(a[1] * b[2] - a[2] * b[1], r[0], 1e-15);
  CM_NEAR(a[0] * b[1] - a[1] * b[0], r[2], 1e-15);
  Ludwig2Direction(true, 20, 30, r, a, b);
  CM_NEAR(a[2] * b[0] - a[0] * b[2], r[1], 1e-15);
  // A cut (one azimuth) does not cover the sphere: refused, naming the file.
  bool refused = false;
  try
  {
    std::string cut = Export(false, false, -90, 0, 37, 1);
    ParseCstFarField(cut, "cut.txt");
  }
  catch (const ParseError& e)
  {
    std::printf("  -> %s\n", e.what());
    refused = std::string(e.what()).find("does not cover the sphere") != std::string::npos &&
      e.File == "cut.txt";
  }
  CM_CHECK(refused);
  return cmReport("TestCstLudwig2");
}
