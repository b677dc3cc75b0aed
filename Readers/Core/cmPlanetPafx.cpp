// SPDX-License-Identifier: BSD-3-Clause
#include "cmPlanetPafx.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace cm
{
namespace
{
/// An element of a flat, known XML layout: the text between <Tag ...> and </Tag>, or
/// empty for <Tag/>. Not a general XML parser: no nesting of the same tag, no CDATA,
/// which Planet's files do not use.
struct XmlElement
{
  bool Found = false;
  std::string_view Body;
  std::size_t Offset = 0; ///< of the '<' of the start tag
  std::size_t End = 0; ///< just past the end tag
};

XmlElement FindElement(std::string_view xml, std::string_view tag, std::size_t from = 0)
{
  XmlElement e;
  const std::string open = "<" + std::string(tag);
  for (std::size_t at = xml.find(open, from); at != std::string_view::npos;
       at = xml.find(open, at + 1))
  {
    const std::size_t after = at + open.size();
    if (after >= xml.size() || std::strchr(" \t\r\n/>", xml[after]) == nullptr)
    {
      continue; // <Patterns> when looking for <Pattern>
    }
    const std::size_t gt = xml.find('>', after);
    if (gt == std::string_view::npos)
    {
      return e;
    }
    e.Found = true;
    e.Offset = at;
    if (xml[gt - 1] == '/')
    {
      e.End = gt + 1;
      return e;
    }
    const std::string close = "</" + std::string(tag) + ">";
    const std::size_t end = xml.find(close, gt + 1);
    if (end == std::string_view::npos)
    {
      e.Found = false; // an unclosed element: the caller reports it as missing
      return e;
    }
    e.Body = xml.substr(gt + 1, end - gt - 1);
    e.End = end + close.size();
    return e;
  }
  return e;
}

/// The offset of a view into `text` (a substring of it).
std::size_t OffsetIn(std::string_view text, std::string_view part)
{
  return part.data() ? static_cast<std::size_t>(part.data() - text.data()) : 0;
}

std::string Num(double v)
{
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

std::int64_t LineAt(std::string_view text, std::size_t offset)
{
  return 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n');
}

/// The element's text, trimmed, with XML's five predefined entities decoded.
std::string Text(std::string_view body)
{
  static const std::pair<const char*, char> entities[] = { { "&lt;", '<' }, { "&gt;", '>' },
    { "&amp;", '&' }, { "&quot;", '"' }, { "&apos;", '\'' } };
  const std::string_view t = Trim(body);
  std::string s;
  for (std::size_t i = 0; i < t.size(); ++i)
  {
    bool decoded = false;
    for (const auto& en : entities)
    {
      if (t.compare(i, std::strlen(en.first), en.first) == 0)
      {
        s += en.second;
        i += std::strlen(en.first) - 1;
        decoded = true;
        break;
      }
    }
    s += decoded ? "" : std::string(1, t[i]);
  }
  return s;
}

std::string ChildText(std::string_view xml, std::string_view tag)
{
  const XmlElement e = FindElement(xml, tag);
  return e.Found ? Text(e.Body) : std::string();
}

/// A number child: `fallback` when absent or empty (xsi:nil); ParseError when present
/// and not a finite number.
double ChildNumber(std::string_view text, std::string_view scope, std::string_view tag,
  const std::string& where, double fallback)
{
  const XmlElement e = FindElement(scope, tag);
  const std::string v = e.Found ? Text(e.Body) : std::string();
  if (v.empty())
  {
    return fallback;
  }
  double d = 0;
  if (!ParseDouble(v, d) || !std::isfinite(d))
  {
    throw ParseError(where, LineAt(text, OffsetIn(text, scope) + e.Offset),
      std::string(tag) + " '" + v + "' is not a finite number");
  }
  return d;
}

/// The part of antenna.paf before its first child block: the antenna's own fields
/// (a Port and a Pattern have a Name too).
std::string_view TopLevel(std::string_view model)
{
  std::size_t end = model.size();
  for (const char* block : { "<Ports", "<Patterns", "<ElectricalControllers", "<Beamforming" })
  {
    end = std::min(end, model.find(block));
  }
  return model.substr(0, end);
}

/// One Pattern element of antenna.paf.
PafxPattern ReadPatternMeta(
  std::string_view text, const XmlElement& el, const std::string& where, const PafxAntenna& antenna)
{
  const std::string_view b = el.Body;
  PafxPattern p;
  p.Line = LineAt(text, el.Offset);
  MsiPattern& m = p.Pattern;
  m.Name = ChildText(b, "Name");
  m.Make = antenna.Manufacturer;
  m.Comment = ChildText(b, "Comment");
  m.Polarization = ChildText(b, "Polarization");
  p.PolarizationType = ChildText(b, "PolarizationType");
  p.Entry = ChildText(b, "AntennaPatternsEntryName");
  p.MinFrequencyHz = 1e6 * ChildNumber(text, b, "MinimumFrequencyMHz", where, 0);
  p.MaxFrequencyHz = 1e6 * ChildNumber(text, b, "MaximumFrequencyMHz", where, 0);
  m.FrequencyHz = 1e6 *
    ChildNumber(
      text, b, "MeasurementFrequencyMHz", where, 0.5e-6 * (p.MinFrequencyHz + p.MaxFrequencyHz));
  m.Tilt = ChildNumber(text, b, "ElectricalTiltDegrees", where, 0);
  m.HWidth = ChildNumber(text, b, "HorizontalBeamwidthDegrees", where, -1);
  m.VWidth = ChildNumber(text, b, "VerticalBeamwidthDegrees", where, -1);
  m.FrontToBack = ChildNumber(text, b, "FrontToBackRatioDB", where, -1);
  p.HorizontalBoresight = ChildNumber(text, b, "HorizontalBoresightDegrees", where, 0);
  p.VerticalBoresight = ChildNumber(text, b, "VerticalBoresightDegrees", where, 0);
  const double gain = ChildNumber(text, b, "BoresightGain", where, NAN);
  const std::string unit = Upper(ChildText(b, "BoresightGainUnit"));
  if (std::isnan(gain))
  {
    throw ParseError(where, p.Line, "pattern '" + m.Name + "' has no BoresightGain");
  }
  if (unit != "DBD" && unit != "DBI")
  {
    throw ParseError(where, p.Line,
      "pattern '" + m.Name + "': BoresightGainUnit '" + unit + "' is neither dBd nor dBi");
  }
  m.GainDbi = unit == "DBD" ? gain + DipoleGainDbi : gain;
  m.GainUnit = unit == "DBD" ? "dBd" : "dBi";
  if (p.Entry.empty())
  {
    throw ParseError(where, p.Line, "pattern '" + m.Name + "' has no AntennaPatternsEntryName");
  }
  for (const char* key : { "Name", "MeasurementFrequencyMHz", "BoresightGain", "BoresightGainUnit",
         "ElectricalTiltDegrees", "Polarization", "PolarizationType", "HorizontalBeamwidthDegrees",
         "VerticalBeamwidthDegrees", "FrontToBackRatioDB", "AntennaPatternsEntryName" })
  {
    m.Header.emplace_back(Upper(key), ChildText(b, key));
  }
  return p;
}

/// A cut's angles as its .pap element states them: StartAngle, EndAngle, Step and the
/// number of gains they make, N = (End − Start)/Step + 1 (at most 36001).
struct PapSpan
{
  double Start = 0, End = 0, Step = 0, N = 0;
  XmlElement Gains;
};

PapSpan ReadSpan(
  std::string_view text, const XmlElement& el, const std::string& where, const char* what)
{
  const std::string_view b = el.Body;
  PapSpan s;
  s.Start = ChildNumber(text, b, "StartAngle", where, NAN);
  s.End = ChildNumber(text, b, "EndAngle", where, NAN);
  s.Step = ChildNumber(text, b, "Step", where, NAN);
  s.Gains = FindElement(b, "Gains");
  if (std::isnan(s.Start) || std::isnan(s.End) || std::isnan(s.Step) || !s.Gains.Found)
  {
    throw ParseError(where, LineAt(text, el.Offset),
      std::string(what) + " needs StartAngle, EndAngle, Step and Gains");
  }
  if (!(s.Step >= 0.01) || s.End < s.Start || s.End - s.Start > 360 || s.Start < -360 ||
    s.End > 360)
  {
    throw ParseError(where, LineAt(text, el.Offset),
      std::string(what) + " angles " + Num(s.Start) + " to " + Num(s.End) + " by " + Num(s.Step) +
        ": not a span of at most 360 degrees with a step of 0.01 degrees or more");
  }
  s.N = (s.End - s.Start) / s.Step + 1;
  return s;
}

/// The cut of a HorizontalPattern or VerticalPattern element: StartAngle + k·Step for
/// each of the Gains, modulo 360, attenuation −gain, sorted by angle.
MsiCut ReadPapCut(std::string_view text, const XmlElement& el, const std::string& where,
  const char* what, MsiPattern& p)
{
  MsiCut cut;
  cut.Line = LineAt(text, el.Offset);
  const PapSpan span = ReadSpan(text, el, where, what);
  const double start = span.Start, step = span.Step, n = span.N;
  const std::int64_t line = LineAt(text, OffsetIn(text, el.Body) + span.Gains.Offset);
  const auto countError = [&](std::size_t found) {
    return ParseError(where, line,
      std::string(what) + " has " + std::to_string(found) + " gains, StartAngle " + Num(start) +
        " to EndAngle " + Num(span.End) + " by Step " + Num(step) + " needs " + Num(n));
  };
  std::size_t from = 0;
  bool warned = false;
  const std::string_view g = span.Gains.Body;
  while (from <= g.size() && !Trim(g.substr(from)).empty())
  {
    const std::size_t semi = std::min(g.find(';', from), g.size());
    const std::string_view token = Trim(g.substr(from, semi - from));
    if (static_cast<double>(cut.Angle.size()) >= n)
    {
      throw countError(cut.Angle.size() + 1 +
        static_cast<std::size_t>(
          std::count(g.begin() + static_cast<std::ptrdiff_t>(semi), g.end(), ';')));
    }
    double v = 0;
    if (!ParseDouble(token, v) || !std::isfinite(v))
    {
      throw ParseError(where, line,
        std::string(what) + " gain " + std::to_string(cut.Angle.size() + 1) + " '" +
          std::string(token) + "' is not a finite number");
    }
    if (v > 0 && !warned)
    {
      warned = true;
      p.Warnings.push_back(ParseError::Format(where, line,
        std::string(what) + " gain " + std::string(token) +
          " dB is above the boresight gain: kept as printed"));
    }
    const double a = start + step * static_cast<double>(cut.Angle.size());
    cut.Angle.push_back(std::fmod(a + 720, 360.0));
    cut.Attenuation.push_back(-v);
    from = semi + 1;
  }
  if (std::abs(n - std::round(n)) > 1e-6 || static_cast<double>(cut.Angle.size()) != std::round(n))
  {
    throw countError(cut.Angle.size());
  }
  SortCut(cut);
  return cut;
}

/// The first HorizontalPattern with Inclination 0 (VerticalPattern with Orientation 0),
/// or the first one; a warning names the others, which are not read.
XmlElement PickCut(std::string_view text, const char* tag, const char* angleTag,
  const std::string& where, MsiPattern& p)
{
  XmlElement chosen, first;
  int count = 0;
  for (XmlElement e = FindElement(text, tag); e.Found; e = FindElement(text, tag, e.End))
  {
    ++count;
    first = count == 1 ? e : first;
    if (!chosen.Found && ChildNumber(text, e.Body, angleTag, where, 0) == 0)
    {
      chosen = e;
    }
  }
  if (count == 0)
  {
    throw ParseError(where, 0, std::string("no ") + tag + ": a pattern needs both cuts");
  }
  if (count > 1)
  {
    p.Warnings.push_back(ParseError::Format(where, LineAt(text, first.Offset),
      std::to_string(count) + " " + tag + " elements: only the one with " + angleTag +
        " 0 (or the first) is read"));
  }
  return chosen.Found ? chosen : first;
}

std::string_view WithoutBom(std::string_view t)
{
  return t.substr(0, 3) == "\xEF\xBB\xBF" ? t.substr(3) : t;
}
} // namespace

void ParsePlanetPap(std::string_view text, const std::string& where, MsiPattern& p)
{
  const std::string_view t = WithoutBom(text);
  if (!FindElement(t, "AntennaPatterns").Found)
  {
    throw ParseError(where, 1, "not a Planet pattern (.pap): no AntennaPatterns element");
  }
  p.Horizontal = ReadPapCut(
    t, PickCut(t, "HorizontalPattern", "Inclination", where, p), where, "HorizontalPattern", p);
  p.Vertical = ReadPapCut(
    t, PickCut(t, "VerticalPattern", "Orientation", where, p), where, "VerticalPattern", p);
}

PafxAntenna ParsePlanetPaf(std::string_view text, const std::string& where)
{
  const std::string_view t = WithoutBom(text);
  const XmlElement model = FindElement(t, "AntennaModel");
  if (!model.Found)
  {
    throw ParseError(where, 1, "not a Planet antenna model: no AntennaModel element");
  }
  PafxAntenna a;
  const std::string_view top = TopLevel(model.Body);
  a.Name = ChildText(top, "Name");
  a.Manufacturer = ChildText(top, "Manufacturer");
  a.Version = ChildText(top, "Version");
  a.Type = ChildText(top, "Type");
  a.Comment = ChildText(top, "Comment");
  const XmlElement patterns = FindElement(t, "Patterns");
  if (!patterns.Found)
  {
    throw ParseError(where, LineAt(t, model.Offset), "AntennaModel has no Patterns");
  }
  for (XmlElement e = FindElement(t, "Pattern", patterns.Offset);
       e.Found && e.Offset < patterns.End; e = FindElement(t, "Pattern", e.End))
  {
    try
    {
      a.Patterns.push_back(ReadPatternMeta(t, e, where, a));
    }
    catch (const ParseError& err)
    {
      a.Warnings.push_back(std::string(err.what()) + ": this pattern is left out");
    }
  }
  return a;
}

PafxAntenna ReadPlanetPafx(std::string_view archive, const std::string& fileName,
  const RawInflate& inflate, const ZipLimits& limits)
{
  const std::vector<ZipEntry> entries = ReadZipDirectory(archive, fileName, limits);
  const ZipEntry* paf = FindZipEntry(entries, "antenna.paf");
  if (!paf)
  {
    throw ParseError(fileName, 0, "no antenna.paf in the archive: not a Planet .pafx");
  }
  const std::string pafText = ReadZipEntry(archive, *paf, fileName, inflate, limits);
  PafxAntenna a = ParsePlanetPaf(pafText, fileName + "[" + paf->Name + "]");
  std::vector<PafxPattern> read;
  for (PafxPattern& p : a.Patterns)
  {
    const std::string where = fileName + "[" + p.Entry + "]";
    try
    {
      const ZipEntry* e = FindZipEntry(entries, p.Entry);
      if (!e)
      {
        throw ParseError(fileName + "[" + paf->Name + "]", p.Line,
          "pattern '" + p.Pattern.Name + "' names the entry '" + p.Entry +
            "', which is not in the archive");
      }
      ParsePlanetPap(ReadZipEntry(archive, *e, fileName, inflate, limits), where, p.Pattern);
      WarnCutCrossings(p.Pattern, where);
      a.Warnings.insert(a.Warnings.end(), p.Pattern.Warnings.begin(), p.Pattern.Warnings.end());
      read.push_back(std::move(p));
    }
    catch (const ParseError& err)
    {
      a.Warnings.push_back(
        std::string(err.what()) + ": this pattern is left out, the others are read");
    }
  }
  if (read.empty())
  {
    throw ParseError(fileName, 0,
      "no pattern could be read" +
        (a.Warnings.empty() ? std::string(" (antenna.paf lists none)")
                            : " (first problem: " + a.Warnings[0] + ")"));
  }
  a.Patterns = std::move(read);
  return a;
}

bool LooksLikePlanetPafx(std::string_view head, std::string_view tail)
{
  if (head.substr(0, 4) != std::string_view("PK\x03\x04", 4))
  {
    return false;
  }
  const auto names = [](std::string_view s) {
    return Upper(s).find("ANTENNA.PAF") != std::string::npos;
  };
  return names(head.substr(0, 4096)) || names(tail);
}

} // namespace cm
