// SPDX-License-Identifier: BSD-3-Clause
#include "cmMsiPattern.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cm
{
namespace
{
/// The text after the first token of a line (its value), trimmed, every run of blanks
/// and tabs one space ("MAKE\tExample\tAntennas" is "Example Antennas").
std::string ValueOf(std::string_view line, std::string_view key)
{
  const std::size_t at = line.find(key);
  std::string v;
  for (char c : Trim(line.substr(at + key.size())))
  {
    const bool blank = c == ' ' || c == '\t';
    if (!blank || (!v.empty() && v.back() != ' '))
    {
      v += blank ? ' ' : c;
    }
  }
  return v;
}

/// A leading number and the letters after it, as in "17.5 dBd", "17.5dBi", "0925 MHz".
bool NumberAndUnit(std::string_view value, double& number, std::string& unit)
{
  std::vector<std::string_view> t;
  Tokenize(value, t);
  if (t.empty())
  {
    return false;
  }
  std::string_view num = t[0];
  std::string_view tail = t.size() > 1 ? t[1] : std::string_view();
  const std::size_t letter =
    num.find_first_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
  if (letter != std::string_view::npos && letter > 0 && num[letter - 1] != 'e' &&
    num[letter - 1] != 'E')
  {
    tail = num.substr(letter);
    num = num.substr(0, letter);
  }
  if (!ParseDouble(num, number) || !std::isfinite(number))
  {
    return false;
  }
  unit = Upper(tail);
  return true;
}

/// GAIN in dBi: "dBd" or a bare number is dBd (Planet's default unit), "dBi" is dBi.
void ReadGain(const LineScanner& s, std::string_view value, MsiPattern& p)
{
  double g = 0;
  std::string unit;
  if (!NumberAndUnit(value, g, unit))
  {
    s.Fail("GAIN '" + std::string(value) + "' is not a number (with dBd or dBi)");
  }
  if (unit.empty() || unit == "DBD")
  {
    p.GainDbi = g + DipoleGainDbi;
    p.GainUnit = "dBd";
  }
  else if (unit == "DBI")
  {
    p.GainDbi = g;
    p.GainUnit = "dBi";
  }
  else
  {
    s.Fail("GAIN unit '" + unit + "' is neither dBd nor dBi");
  }
}

/// FREQUENCY in MHz unless a unit says otherwise; a range "1710-1880" is its centre.
void ReadFrequency(const LineScanner& s, std::string_view value, MsiPattern& p)
{
  double f = 0;
  std::string unit;
  const std::size_t dash = value.find('-', 1);
  if (dash != std::string_view::npos && value.find_first_of("eE") == std::string_view::npos)
  {
    double a = 0, b = 0;
    std::string ua, ub;
    if (NumberAndUnit(value.substr(0, dash), a, ua) && NumberAndUnit(value.substr(dash + 1), b, ub))
    {
      p.FrequencyHz = 0.5 * (a + b) * 1e6;
      p.Warnings.push_back(ParseError::Format(s.FileName(), s.LineNumber(),
        "FREQUENCY is a band '" + std::string(value) + "': its centre is used"));
      return;
    }
  }
  if (!NumberAndUnit(value, f, unit) || f < 0)
  {
    p.Warnings.push_back(ParseError::Format(s.FileName(), s.LineNumber(),
      "FREQUENCY '" + std::string(value) + "' is not a number: Frequency is left 0"));
    return;
  }
  const double scale = unit == "GHZ" ? 1e9 : unit == "KHZ" ? 1e3 : unit == "HZ" ? 1 : 1e6;
  p.FrequencyHz = f * scale;
}

/// The first number of a value ("2", "2 ELECTRICAL", "ELECTRICAL 6", "65.0 deg"), or
/// `fallback`.
double FirstNumber(std::string_view value, double fallback)
{
  std::vector<std::string_view> t;
  Tokenize(value, t);
  for (std::string_view token : t)
  {
    double v = 0;
    std::string unit;
    if (NumberAndUnit(token, v, unit))
    {
      return v;
    }
  }
  return fallback;
}

/// Reads the n rows of a cut after its keyword line, sorted by angle.
MsiCut ReadCut(LineScanner& s, const std::string& keyword, std::int64_t n, MsiPattern& p)
{
  MsiCut cut;
  cut.Line = s.LineNumber();
  cut.Angle.reserve(static_cast<std::size_t>(n));
  cut.Attenuation.reserve(static_cast<std::size_t>(n));
  std::vector<std::string_view> t;
  std::string_view line;
  bool warnedNegative = false;
  while (static_cast<std::int64_t>(cut.Angle.size()) < n)
  {
    const std::size_t at = s.Offset();
    const std::int64_t lineNo = s.LineNumber();
    double a = 0;
    if (!s.Next(line) || (Tokenize(line, t), !t.empty() && (t.size() < 2 || !ParseDouble(t[0], a))))
    {
      s.Seek(at, lineNo);
      throw ParseError(s.FileName(), cut.Line,
        keyword + " " + std::to_string(n) + " announces " + std::to_string(n) + " rows, found " +
          std::to_string(cut.Angle.size()) +
          (s.AtEnd() ? " before the end of the file"
                     : " before line " + std::to_string(lineNo + 1)));
    }
    if (t.empty())
    {
      continue;
    }
    a = NeedFinite(s, t[0], "an angle (degrees)");
    const double att = NeedFinite(s, t[1], "an attenuation (dB)");
    if (a < 0 || a > 360)
    {
      s.Fail(keyword + " angle " + std::string(t[0]) + " is outside [0, 360] degrees");
    }
    if (att < 0 && !warnedNegative)
    {
      warnedNegative = true;
      p.Warnings.push_back(ParseError::Format(s.FileName(), s.LineNumber(),
        keyword + " attenuation " + std::string(t[1]) +
          " dB is negative (above the file's GAIN): kept as printed"));
    }
    cut.Angle.push_back(a);
    cut.Attenuation.push_back(att);
  }
  SortCut(cut);
  return cut;
}

void ReadHeaderLine(const LineScanner& s, std::string_view line, MsiPattern& p)
{
  std::vector<std::string_view> t;
  Tokenize(line, t);
  const std::string key = Upper(t[0]);
  const std::string value = ValueOf(line, t[0]);
  p.Header.emplace_back(key, value);
  if (key == "NAME")
  {
    p.Name = value;
  }
  else if (key == "MAKE")
  {
    p.Make = value;
  }
  else if (key == "FREQUENCY")
  {
    ReadFrequency(s, value, p);
  }
  else if (key == "GAIN")
  {
    ReadGain(s, value, p);
  }
  else if (key == "TILT" || key == "ELECTRICAL_TILT")
  {
    p.Tilt = FirstNumber(value, p.Tilt);
  }
  else if (key == "POLARIZATION")
  {
    p.Polarization = value;
  }
  else if (key == "COMMENT")
  {
    p.Comment = value;
  }
  else if (key == "H_WIDTH")
  {
    p.HWidth = FirstNumber(value, -1);
  }
  else if (key == "V_WIDTH")
  {
    p.VWidth = FirstNumber(value, -1);
  }
  else if (key == "FRONT_TO_BACK")
  {
    p.FrontToBack = FirstNumber(value, -1);
  }
}
/// The checks after the last line: both cuts and GAIN present; the cuts agreeing where
/// they cross; a name alone on the first line.
void FinishPattern(MsiPattern& p, std::string_view text, const std::string& fileName,
  std::int64_t lastLine, bool gain, const std::string& firstLine)
{
  if (Trim(text).empty())
  {
    throw ParseError(fileName, 0, "empty file: no header and no cuts");
  }
  if (p.Horizontal.Angle.empty() || p.Vertical.Angle.empty())
  {
    throw ParseError(fileName, lastLine,
      std::string("no ") + (p.Horizontal.Angle.empty() ? "HORIZONTAL" : "VERTICAL") +
        " cut: an MSI/Planet pattern needs both");
  }
  if (!gain)
  {
    throw ParseError(fileName, 0,
      "no GAIN line: the cuts are relative to it, so the pattern's absolute gain is unknown");
  }
  WarnCutCrossings(p, fileName);
  static const char* const known[] = { "MAKE", "FREQUENCY", "GAIN", "TILT", "ELECTRICAL_TILT",
    "POLARIZATION", "COMMENT", "H_WIDTH", "V_WIDTH", "FRONT_TO_BACK" };
  if (p.Name.empty() && !p.Header.empty() &&
    std::none_of(std::begin(known), std::end(known),
      [&](const char* k) { return p.Header.front().first == k; }))
  {
    // Some makers write the name alone on the first line, without the NAME key.
    p.Name = firstLine;
  }
}

/// A row of two numbers where a header line is expected: a cut with more rows than its
/// count says (or rows before any cut).
[[noreturn]] void RowOutsideCut(const LineScanner& s, std::string_view line, const MsiPattern& p)
{
  const MsiCut& last = p.Vertical.Line > p.Horizontal.Line ? p.Vertical : p.Horizontal;
  s.Fail("a row '" + std::string(Trim(line)) + "' outside a cut" +
    (last.Line > 0 ? " (the cut at line " + std::to_string(last.Line) + " announces " +
          std::to_string(last.Angle.size()) + " rows: fewer than it has?)"
                   : ""));
}
} // namespace

void SortCut(MsiCut& cut)
{
  std::vector<std::size_t> order(cut.Angle.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
    [&](std::size_t i, std::size_t j) { return cut.Angle[i] < cut.Angle[j]; });
  MsiCut sorted;
  sorted.Line = cut.Line;
  for (std::size_t i : order)
  {
    sorted.Angle.push_back(cut.Angle[i]);
    sorted.Attenuation.push_back(cut.Attenuation[i]);
  }
  cut = std::move(sorted);
}

void WarnCutCrossings(MsiPattern& p, const std::string& fileName)
{
  // Where the cuts cross (boresight, and the horizon behind) they should agree; a tilted
  // beam's vertical cut is not 0 dB at the horizon while its horizontal cut is.
  for (double at : { 0.0, 180.0 })
  {
    const double h = CutAttenuation(p.Horizontal, at), v = CutAttenuation(p.Vertical, at);
    if (std::abs(h - v) > 0.1)
    {
      p.Warnings.push_back(ParseError::Format(fileName, p.Vertical.Line,
        "the cuts disagree where they cross (" + std::string(at == 0 ? "boresight" : "behind") +
          "): horizontal " + std::to_string(h) + " dB, vertical " + std::to_string(v) +
          " dB (a tilted beam?); the reconstruction cannot follow both there"));
    }
  }
}

MsiPattern ParseMsiPattern(std::string_view text, const std::string& fileName)
{
  MsiPattern p;
  LineScanner s(text, fileName);
  std::string_view line;
  std::vector<std::string_view> t;
  bool gain = false;
  std::string firstLine;
  const std::int64_t maxRows = static_cast<std::int64_t>(text.size() / 4 + 1);
  while (s.Next(line))
  {
    Tokenize(line, t);
    if (t.empty())
    {
      continue;
    }
    const std::string key = Upper(t[0]);
    std::int64_t n = 0;
    if ((key == "HORIZONTAL" || key == "VERTICAL") && t.size() == 2 && ParseInt(t[1], n))
    {
      n = NeedCount(s, t[1], "a row count", maxRows);
      if (n == 0)
      {
        s.Fail(key + " 0: a cut needs at least one row");
      }
      MsiCut& cut = key == "HORIZONTAL" ? p.Horizontal : p.Vertical;
      if (!cut.Angle.empty())
      {
        s.Fail("a second " + key + " cut (the first is at line " + std::to_string(cut.Line) + ")");
      }
      cut = ReadCut(s, key, n, p);
      continue;
    }
    double a = 0, b = 0;
    if (t.size() == 2 && ParseDouble(t[0], a) && ParseDouble(t[1], b))
    {
      RowOutsideCut(s, line, p);
    }
    gain = gain || key == "GAIN";
    if (p.Header.empty())
    {
      firstLine = ValueOf(line, "");
    }
    ReadHeaderLine(s, line, p);
  }
  FinishPattern(p, text, fileName, s.LineNumber(), gain, firstLine);
  return p;
}

bool LooksLikeMsiPattern(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view line;
  std::vector<std::string_view> t;
  double a = 0;
  std::int64_t n = 0;
  while (s.Next(line))
  {
    Tokenize(line, t);
    if (t.empty())
    {
      continue;
    }
    const std::string key = Upper(t[0]);
    if ((key == "HORIZONTAL" || key == "VERTICAL") && t.size() == 2 && ParseInt(t[1], n) && n > 0)
    {
      while (s.Next(line) && (Tokenize(line, t), t.empty()))
      {}
      return t.size() == 2 && ParseDouble(t[0], a) && ParseDouble(t[1], a);
    }
    if (ParseDouble(t[0], a) || line.find('\0') != std::string_view::npos)
    {
      return false; // data before any cut keyword: another format
    }
  }
  return false;
}

double CutAttenuation(const MsiCut& cut, double angle)
{
  const std::vector<double>& x = cut.Angle;
  const std::vector<double>& y = cut.Attenuation;
  if (x.size() == 1)
  {
    return y[0];
  }
  double a = std::fmod(angle, 360.0);
  a = a < 0 ? a + 360 : a;
  const auto it = std::lower_bound(x.begin(), x.end(), a);
  const std::size_t hi = static_cast<std::size_t>(it - x.begin());
  if (hi < x.size() && x[hi] == a)
  {
    return y[hi];
  }
  if (a == 0 && x.back() == 360)
  {
    return y.back();
  }
  // Neighbours across the wrap: the last sample at angle − 360, the first at angle + 360.
  const double x0 = hi == 0 ? x.back() - 360 : x[hi - 1];
  const double y0 = hi == 0 ? y.back() : y[hi - 1];
  const double x1 = hi == x.size() ? x.front() + 360 : x[hi];
  const double y1 = hi == x.size() ? y.front() : y[hi];
  return x1 > x0 ? y0 + (y1 - y0) * (a - x0) / (x1 - x0) : y0;
}

double VerticalFront(const MsiCut& vertical, double theta)
{
  return CutAttenuation(vertical, theta - 90); // θ = 90 + v
}

double VerticalBack(const MsiCut& vertical, double theta)
{
  return CutAttenuation(vertical, 270 - theta); // θ = 270 − v
}

double ReconstructedAttenuation(const MsiPattern& p, MsiMethod method, double theta, double phi)
{
  double f = std::fmod(phi, 360.0);
  f = f > 180 ? f - 360 : (f <= -180 ? f + 360 : f);
  const double w = std::abs(f) / 180; // 0 at boresight, 1 behind
  const double ah = CutAttenuation(p.Horizontal, f);
  const double av =
    (1 - w) * VerticalFront(p.Vertical, theta) + w * VerticalBack(p.Vertical, theta);
  if (method == MsiMethod::Summing)
  {
    const double horizon =
      (1 - w) * VerticalFront(p.Vertical, 90) + w * VerticalBack(p.Vertical, 90);
    return std::max(0.0, ah + av - horizon);
  }
  // Gil et al. and patternFromSlices take the vertical cut as a function of θ only: its
  // front half (the back half enters only through the horizontal cut).
  const double af = VerticalFront(p.Vertical, theta);
  const double h = std::pow(10.0, -ah / 10), v = std::pow(10.0, -af / 10);
  const double w1 = v * (1 - h), w2 = h * (1 - v);
  return w1 + w2 > 0 ? (ah * w1 + af * w2) / (w1 + w2) : ah + af;
}

FarFieldGrid MsiToFarField(const MsiPattern& p, MsiMethod method, double thetaStep, double phiStep,
  const std::string& fileName)
{
  const double nt = 180 / thetaStep, np = 360 / phiStep;
  if (!(thetaStep > 0 && phiStep > 0) || std::abs(nt - std::round(nt)) > 1e-9 ||
    std::abs(np - std::round(np)) > 1e-9 || nt > 1800 || np > 3600)
  {
    throw ParseError(fileName, 0, "the θ and φ steps must divide 180° and 360° (0.1° at least)");
  }
  const std::int64_t nTheta = static_cast<std::int64_t>(std::llround(nt)) + 1;
  const std::int64_t nPhi = static_cast<std::int64_t>(std::llround(np));
  FarFieldGrid g;
  g.Frequency = p.FrequencyHz;
  g.GainKind = "Gain";
  g.SourceFormat = "MSI Planet";
  g.Name = p.Name;
  g.FieldUnit = "sqrt(Gain)";
  const bool horizontal =
    Upper(p.Polarization).find("HOR") != std::string::npos || Upper(Trim(p.Polarization)) == "H";
  for (std::int64_t j = 0; j < nPhi; ++j)
  {
    for (std::int64_t i = 0; i < nTheta; ++i)
    {
      const double th = static_cast<double>(i) * thetaStep, ph = static_cast<double>(j) * phiStep;
      const double gain = p.GainDbi - ReconstructedAttenuation(p, method, th, ph);
      const double e = std::sqrt(std::pow(10.0, gain / 10));
      g.Theta.push_back(th);
      g.Phi.push_back(ph);
      g.EthetaRe.push_back(horizontal ? 0 : e);
      g.EphiRe.push_back(horizontal ? e : 0);
      g.Gain.push_back(gain);
    }
  }
  g.EthetaIm.assign(g.Theta.size(), 0.0);
  g.EphiIm.assign(g.Theta.size(), 0.0);
  g.Values.push_back({ "FileGain_dBi", { p.GainDbi } });
  g.Values.push_back({ "Tilt", { p.Tilt } });
  g.Values.push_back({ "H_WIDTH", { p.HWidth } });
  g.Values.push_back({ "V_WIDTH", { p.VWidth } });
  g.Values.push_back({ "FRONT_TO_BACK", { p.FrontToBack } });
  g.Values.push_back({ "ReconstructionMethod", { static_cast<double>(method) } });
  FinishFarFieldGrid(g, fileName, 0);
  return g;
}

} // namespace cm
