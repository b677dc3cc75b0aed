// SPDX-License-Identifier: BSD-3-Clause
// MSI/Planet antenna patterns (.msi, .pln) in the layouts makers write (upper- or
// lower-case keys, spaces or tabs, CRLF, "HORIZONTAL  360" with two blanks as Alpha
// Wireless's export writes it, "GAIN 15.85 dBd" / "GAIN 18.00dBi" / a bare number = dBd).
// The cuts are an analytic sector antenna (3GPP TR 36.814's parabola in dB: 3 dB at half
// the beamwidth), so the oracles are independent of the parser: the cut values at the
// file's angles, the half-power beamwidths 65° and 7°, and the gain 15.85 dBd = 18 dBi.
#include "cmCheck.h"
#include "cmMsiPattern.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace cm;

namespace
{
double SectorH(double h) // h in [0, 360)
{
  const double d = std::min(h, 360 - h);
  return std::min(12 * (d / 65) * (d / 65), 25.0);
}

// The vertical cut: the front lobe (±90° about 0) capped at 20 dB below the horizon and
// 15 dB above; behind, 25 dB at the horizon (the front-to-back ratio), 21 dB below and
// 29 dB above. No symmetry: an up/down or front/back flip of the mapping shows.
double SectorV(double v)
{
  const double d = std::min(v, 360 - v);
  return d > 90 ? 25.0 + 4 * (v - 180) / 90
                : std::min(12 * (d / 7) * (d / 7), v < 180 ? 20.0 : 15.0);
}

std::vector<double> VerticalAngles() // uneven: 0.5° about the beam, 5° elsewhere
{
  std::vector<double> a;
  for (double v = 0; v < 20; v += 0.5)
    a.push_back(v);
  for (double v = 20; v < 340; v += 5)
    a.push_back(v);
  for (double v = 340; v < 360; v += 0.5)
    a.push_back(v);
  return a;
}

std::string Row(double a, double att, const char* sep)
{
  char b[64];
  std::snprintf(b, sizeof b, "%g%s%.2f\r\n", a, sep, att);
  return b;
}

std::string SectorFile(const std::string& gainLine, const char* sep = " ")
{
  std::string t = "NAME SECTOR-65-18\r\nMAKE Example Antennas\r\nFREQUENCY 0925\r\n"
                  "H_WIDTH 65\r\nV_WIDTH 7\r\nFRONT_TO_BACK 25\r\n" +
    gainLine + "\r\nTILT ELECTRICAL\r\nPOLARIZATION POL_V\r\nCOMMENT analytic test sector\r\n";
  t += "HORIZONTAL  360\r\n";
  for (int h = 0; h < 360; ++h)
    t += Row(h, std::round(SectorH(h) * 100) / 100, sep);
  const std::vector<double> va = VerticalAngles();
  t += "VERTICAL  " + std::to_string(va.size()) + "\r\n";
  for (double v : va)
    t += Row(v, std::round(SectorV(v) * 100) / 100, sep);
  return t;
}

void ExpectError(const std::string& text, std::int64_t line, const char* words)
{
  try
  {
    ParseMsiPattern(text, "bad.msi");
    std::printf("FAIL: accepted (expected '%s')\n", words);
    ++cmFailures;
  }
  catch (const ParseError& e)
  {
    std::printf("  -> %s\n", e.what());
    CM_CHECK(e.File == "bad.msi");
    CM_EQUAL(e.Line, line);
    CM_CHECK(std::string(e.what()).find(words) != std::string::npos);
  }
}

/// Half-power beamwidth of samples (angle, gain dB) about the peak at `peakAt`, by linear
/// interpolation of the −3 dB crossings on both sides (angles increasing, wrapping).
double Hpbw(const std::vector<double>& ang, const std::vector<double>& g, std::size_t peakAt)
{
  const double level = g[peakAt] - 3;
  const std::size_t n = g.size();
  double side[2] = { 0, 0 };
  for (int dir = 0; dir < 2; ++dir)
  {
    for (std::size_t k = 1; k < n; ++k)
    {
      const std::size_t i0 = dir ? (peakAt + k - 1) % n : (peakAt + n - k + 1) % n;
      const std::size_t i1 = dir ? (peakAt + k) % n : (peakAt + n - k) % n;
      if (g[i1] <= level)
      {
        const double step = std::abs(std::remainder(ang[i1] - ang[i0], 360.0));
        side[dir] = (static_cast<double>(k) - 1) * step + step * (g[i0] - level) / (g[i0] - g[i1]);
        break;
      }
    }
  }
  return side[0] + side[1];
}
/// Each cut on its plane at the file's angles, the peak, and the beamwidths.
void Reconstruction(const MsiPattern& p)
{
  // The reconstruction equals each cut on its plane at the file's angles (exactly: the
  // file's angles are sample points) and its peak is the file's gain in dBi.
  double worstH = 0, worstV = 0, worstB = 0, worstCross = 0;
  for (std::size_t k = 0; k < p.Horizontal.Angle.size(); ++k)
  {
    const double h = p.Horizontal.Angle[k], a = p.Horizontal.Attenuation[k];
    worstH = std::max(worstH, std::abs(ReconstructedAttenuation(p, MsiMethod::Summing, 90, h) - a));
    worstCross = std::max(
      worstCross, std::abs(ReconstructedAttenuation(p, MsiMethod::CrossWeighted, 90, h) - a));
  }
  for (std::size_t k = 0; k < p.Vertical.Angle.size(); ++k)
  {
    const double v = p.Vertical.Angle[k], a = p.Vertical.Attenuation[k];
    if (v <= 90 || v >= 270)
    {
      const double th = v <= 90 ? 90 + v : v - 270;
      worstV =
        std::max(worstV, std::abs(ReconstructedAttenuation(p, MsiMethod::Summing, th, 0) - a));
      worstCross = std::max(
        worstCross, std::abs(ReconstructedAttenuation(p, MsiMethod::CrossWeighted, th, 0) - a));
    }
    if (v >= 90 && v <= 270)
    {
      worstB = std::max(
        worstB, std::abs(ReconstructedAttenuation(p, MsiMethod::Summing, 270 - v, 180) - a));
    }
  }
  std::printf("summing: |A - cut| max %g (horizontal), %g (front), %g (back); "
              "cross-weighted %g (horizontal and front)\n",
    worstH, worstV, worstB, worstCross);
  CM_CHECK(worstH < 1e-12 && worstV < 1e-12 && worstB < 1e-12 && worstCross < 1e-12);
  // Between the samples: linear interpolation of the cut (1.25° lies between 1° and 1.5°).
  CM_CHECK(std::abs(ReconstructedAttenuation(p, MsiMethod::Summing, 91.25, 0) -
             0.5 * (p.Vertical.Attenuation[2] + p.Vertical.Attenuation[3])) < 1e-12);

  for (MsiMethod m : { MsiMethod::Summing, MsiMethod::CrossWeighted })
  {
    const FarFieldGrid g = MsiToFarField(p, m, 0.5, 1, "sector.msi");
    CM_CHECK(g.NumberOfTheta == 361 && g.NumberOfPhi == 360 && g.GainKind == "Gain");
    const auto top = std::max_element(g.Gain.begin(), g.Gain.end());
    const std::size_t at = static_cast<std::size_t>(top - g.Gain.begin());
    std::printf("method %d: peak %.6f dBi at theta %g phi %g\n", static_cast<int>(m), *top,
      g.Theta[at], g.Phi[at]);
    CM_CHECK(std::abs(*top - 18.0) < 1e-12 && g.Theta[at] == 90 && g.Phi[at] == 0);
    const double e2 = g.EthetaRe[at] * g.EthetaRe[at];
    CM_CHECK(std::abs(10 * std::log10(e2) - 18.0) < 1e-9 && g.EphiRe[at] == 0);
    // Half-power beamwidths of the reconstruction against H_WIDTH and V_WIDTH.
    std::vector<double> ha, hg, va, vg;
    for (std::int64_t j = 0; j < g.NumberOfPhi; ++j)
    {
      const std::size_t k = static_cast<std::size_t>(j * g.NumberOfTheta + 180); // θ = 90
      ha.push_back(g.Phi[k]);
      hg.push_back(g.Gain[k]);
    }
    for (std::int64_t i = 0; i < g.NumberOfTheta; ++i)
    {
      va.push_back(g.Theta[static_cast<std::size_t>(i)]);
      vg.push_back(g.Gain[static_cast<std::size_t>(i)]); // φ = 0
    }
    const double hw = Hpbw(ha, hg, 0), vw = Hpbw(va, vg, 180);
    std::printf("HPBW horizontal %.4f (H_WIDTH 65), vertical %.4f (V_WIDTH 7)\n", hw, vw);
    CM_CHECK(std::abs(hw - 65) < 0.1 && std::abs(vw - 7) < 0.1);
  }
}

/// A tilted beam's warning and the grid steps refused.
void TiltAndSteps(const MsiPattern& p)
{
  // A tilted beam: the vertical cut is 1.5 dB down at the horizon, the horizontal cut 0:
  // one warning naming the crossing; the summing reconstruction still peaks at the gain.
  {
    const MsiPattern t = ParseMsiPattern("GAIN 10 dBi\nHORIZONTAL 2\n0 0\n180 20\n"
                                         "VERTICAL 4\n0 1.5\n6 0\n180 20\n270 30\n",
      "tilt.msi");
    CM_EQUAL(t.Warnings.size(), std::size_t(1));
    CM_CHECK(!t.Warnings.empty() && t.Warnings[0].find("tilt.msi:5: the cuts disagree") == 0);
    const FarFieldGrid g = MsiToFarField(t, MsiMethod::Summing, 1, 1, "tilt.msi");
    CM_CHECK(*std::max_element(g.Gain.begin(), g.Gain.end()) == 10);
  }

  // A grid step that does not divide 180/360, or finer than 0.1°, is refused.
  for (double step : { 0.7, 0.05 })
  {
    bool refused = false;
    try
    {
      MsiToFarField(p, MsiMethod::Summing, step, 1, "sector.msi");
    }
    catch (const ParseError& e)
    {
      refused = std::string(e.what()).find("must divide") != std::string::npos;
    }
    CM_CHECK(refused);
  }
}

/// Bad input: file, line and problem.
void BadInputs()
{
  // Bad input: file, line and problem.
  const std::string head = "NAME x\nGAIN 10 dBd\n";
  ExpectError(
    head + "HORIZONTAL 3\n0 0\n180 20\nVERTICAL 1\n0 0\n", 3, "announces 3 rows, found 2");
  ExpectError(head + "HORIZONTAL 2\n0 0\n180 20\nVERTICAL 2\n0 0\n", 6, "found 1 before the end");
  ExpectError(head + "HORIZONTAL 2\n0 0\n400 20\nVERTICAL 1\n0 0\n", 5, "outside [0, 360]");
  ExpectError(head + "HORIZONTAL 2\n0 0\n10 nan\nVERTICAL 1\n0 0\n", 5, "attenuation");
  ExpectError("NAME x\nHORIZONTAL 1\n0 0\nVERTICAL 1\n0 0\n", 0, "no GAIN line");
  ExpectError(head + "HORIZONTAL 99999999999\n0 0\n", 3, "row count");
  ExpectError(head + "HORIZONTAL 1\n0 0\n", 4, "no VERTICAL cut");
  ExpectError("GAIN 10 dBx\nHORIZONTAL 1\n0 0\nVERTICAL 1\n0 0\n", 1, "neither dBd nor dBi");
  ExpectError(
    head + "HORIZONTAL 1\n0 0\nVERTICAL 1\n0 0\nHORIZONTAL 1\n0 0\n", 7, "second HORIZONTAL");
}
} // namespace

int TestMsiPattern(int, char*[])
{
  const std::string text = SectorFile("GAIN 15.85 dBd");
  CM_CHECK(LooksLikeMsiPattern(text.substr(0, 4096)));
  CM_CHECK(!LooksLikeMsiPattern("#Touchstone\n! S-parameters\n# GHZ S RI R 50\n1 0.1 0.2\n"));
  CM_CHECK(!LooksLikeMsiPattern("Theta [deg.]  Phi   [deg.]  Abs(Dir.)[dBi   ]\n------\n"));
  const MsiPattern p = ParseMsiPattern(text, "sector.msi");
  CM_CHECK(p.Name == "SECTOR-65-18" && p.Make == "Example Antennas");
  CM_EQUAL(p.FrequencyHz, 925e6);
  CM_CHECK(std::abs(p.GainDbi - 18.0) < 1e-12 && p.GainUnit == "dBd");
  CM_CHECK(p.HWidth == 65 && p.VWidth == 7 && p.FrontToBack == 25);
  CM_CHECK(p.Polarization == "POL_V" && p.Comment == "analytic test sector");
  CM_EQUAL(p.Horizontal.Angle.size(), 360u);
  CM_EQUAL(p.Vertical.Angle.size(), VerticalAngles().size());
  CM_CHECK(p.Warnings.empty());

  // Gain units, key case, tabs and LF line ends.
  for (const char* g : { "GAIN 18.0 dBi", "GAIN 18.00dBi", "GAIN 15.85", "gain\t15.85\tdbd" })
  {
    std::string t = SectorFile(g, "\t");
    t.erase(std::remove(t.begin(), t.end(), '\r'), t.end());
    const MsiPattern q = ParseMsiPattern(t, "units.pln");
    CM_CHECK(std::abs(q.GainDbi - 18.0) < 1e-12);
    CM_EQUAL(q.Vertical.Attenuation, p.Vertical.Attenuation);
  }
  const MsiPattern lower = ParseMsiPattern(
    "name x\nfrequency 1855 MHz\ngain 10 dBi\nhorizontal 2\n0 0\n180 20\nvertical 1\n0 0\n",
    "l.msi");
  CM_CHECK(lower.Name == "x" && lower.FrequencyHz == 1855e6 && lower.GainDbi == 10);
  // "TILT ELECTRICAL 6" (a MATLAB reader of makers' files reads the number after the word),
  // "ELECTRICAL_TILT 4" (the Perl module's advice), and a name alone on the first line.
  const std::string cuts = "HORIZONTAL 1\n0 0\nVERTICAL 1\n0 0\n";
  CM_CHECK(ParseMsiPattern("GAIN 1\nTILT ELECTRICAL 6\n" + cuts, "t.msi").Tilt == 6);
  CM_CHECK(
    ParseMsiPattern("GAIN 1\nTILT ELECTRICAL\nELECTRICAL_TILT 4\n" + cuts, "t.msi").Tilt == 4);
  CM_CHECK(ParseMsiPattern("FREQUENCY 900\nGAIN 1\n" + cuts, "t.msi").Name.empty());
  CM_CHECK(ParseMsiPattern("Kathrein\t80010692 panel\nGAIN 1\n" + cuts, "t.msi").Name ==
    "Kathrein 80010692 panel");

  Reconstruction(p);
  TiltAndSteps(p);
  BadInputs();
  return cmReport("TestMsiPattern");
}
