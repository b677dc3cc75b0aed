// SPDX-License-Identifier: BSD-3-Clause
// The Touchstone writer (cmTouchstone.h): WriteTouchstone checks the options, then writes
// the header (Header) and one record per frequency (FrequencyText, AppendParameters), the
// parameter columns in file order (ParameterLayout). The reader is cmTouchstone.cpp.
#include "cmTouchstone.h"

#include "cmNecNetwork.h"

#include "cmConstants.h"

#include "cmTextScan.h"

#include <cmath>
#include <complex>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace cm
{
namespace
{
using C = std::complex<double>;

/// Hz per unit of the written frequencies (`unit` in upper case), 0 for an unknown unit.
double UnitScale(const std::string& unit)
{
  return unit == "HZ" ? 1 : unit == "KHZ" ? 1e3 : unit == "MHZ" ? 1e6 : unit == "GHZ" ? 1e9 : 0;
}

/// (re, im) columns in file order: N11 N21 N12 N22 for 2 ports, else row-major; a
/// record line ends after `LineEnds[k]` pairs.
struct ParameterLayout
{
  std::vector<std::pair<int, int>> Cols;
  std::vector<std::size_t> LineEnds;

  ParameterLayout(const ColumnTable& t, int ports);
};

ParameterLayout::ParameterLayout(const ColumnTable& t, int ports)
{
  if (ports == 1)
  {
    const std::string base = t.Find("S11_re") >= 0 ? "S11" : "Gamma";
    this->Cols.emplace_back(t.Find(base + "_re"), t.Find(base + "_im"));
    this->LineEnds.push_back(1);
  }
  else if (ports == 2)
  {
    for (const char* name : { "S11", "S21", "S12", "S22" })
    {
      this->Cols.emplace_back(t.Find(std::string(name) + "_re"), t.Find(std::string(name) + "_im"));
    }
    this->LineEnds.push_back(4);
  }
  else
  {
    for (int i = 0; i < ports; ++i)
    {
      for (int j = 0; j < ports; ++j)
      {
        const std::string name = NetworkParameterName('S', i, j, ports);
        this->Cols.emplace_back(t.Find(name + "_re"), t.Find(name + "_im"));
        if (j % 4 == 3 || j == ports - 1)
        {
          this->LineEnds.push_back(this->Cols.size());
        }
      }
    }
  }
}

/// Everything before the first record: version, banner, comments, option line, port
/// names and the 2.0 keywords.
std::string Header(const TouchstoneWriteOptions& o, int ports, const std::string& unit,
  const std::string& format, double r, std::size_t rows)
{
  std::string out = o.Version == 2 ? "[Version] 2.0\n" : "";
  out += "! Touchstone " + std::string(o.Version == 2 ? "2.0" : "1.1") + ", " +
    std::to_string(ports) + "-port, written by CloudMap\n";
  std::size_t b = 0;
  while (b < o.Comment.size())
  {
    std::size_t e = o.Comment.find('\n', b);
    e = e == std::string::npos ? o.Comment.size() : e;
    out += "! " + o.Comment.substr(b, e - b) + "\n";
    b = e + 1;
  }
  char buf[96];
  std::snprintf(buf, sizeof buf, "# %s S %s R %.10g\n",
    unit == "HZ"      ? "Hz"
      : unit == "KHZ" ? "kHz"
      : unit == "MHZ" ? "MHz"
                      : "GHz",
    format.c_str(), r);
  out += buf;
  // Names that are only the port numbers (what the readers give unnamed ports) are not
  // written: a reader gives those numbers back anyway.
  bool named = false;
  for (std::size_t k = 0; k < o.PortNames.size() && k < static_cast<std::size_t>(ports); ++k)
  {
    named = named || o.PortNames[k] != std::to_string(k + 1);
  }
  for (std::size_t k = 0; named && k < o.PortNames.size() && k < static_cast<std::size_t>(ports);
       ++k)
  {
    out += "! Port[" + std::to_string(k + 1) + "] = " + o.PortNames[k] + "\n";
  }
  if (o.Version == 2)
  {
    out += "[Number of Ports] " + std::to_string(ports) + "\n";
    if (ports == 2)
    {
      out += "[Two-Port Data Order] 21_12\n";
    }
    out += "[Number of Frequencies] " + std::to_string(rows) + "\n[Network Data]\n";
  }
  return out;
}

/// The value a reader of the file will get (the readers' parser).
double ReadBack(const char* text)
{
  double v = 0;
  ParseDouble(text, v);
  return v;
}

/// Row i's frequency as written, into `buf`; `written` is the previous frequency as the
/// file will read it back, and becomes this one's.
void FrequencyText(
  const std::vector<double>& f, std::size_t i, double scale, double& written, char (&buf)[96])
{
  if (!std::isfinite(f[i]) || (i > 0 && !(f[i] > f[i - 1])))
  {
    throw std::runtime_error("row " + std::to_string(i) +
      ": frequencies must be finite and "
      "increase (a table of several excitations or loads needs one row per frequency)");
  }
  std::snprintf(buf, sizeof buf, "%.10g", f[i] / scale);
  // Ten digits keep files readable; where they would merge two frequencies,
  // write all seventeen, and refuse a table whose frequencies cannot be
  // told apart once written (a reader would reject the file).
  if (i > 0 && !(ReadBack(buf) * scale > written))
  {
    std::snprintf(buf, sizeof buf, "%.17g", f[i] / scale);
  }
  const double now = ReadBack(buf) * scale;
  if (i > 0 && !(now > written))
  {
    throw std::runtime_error("row " + std::to_string(i) + ": frequency " + buf +
      " cannot be written distinct from the previous one");
  }
  written = now;
}

/// Row i's parameters in `format` (RI, MA or DB), continuation lines where the layout
/// ends a line.
void AppendParameters(std::string& out, const ColumnTable& t, const ParameterLayout& layout,
  std::size_t i, const std::string& format)
{
  char buf[96];
  std::size_t line = 0;
  for (std::size_t k = 0; k < layout.Cols.size(); ++k)
  {
    const auto& c = layout.Cols[k];
    if (k > 0 && k == layout.LineEnds[line])
    {
      out += "\n   "; // a continuation line: no frequency
      ++line;
    }
    const C v(t.Columns[static_cast<std::size_t>(c.first)][i],
      t.Columns[static_cast<std::size_t>(c.second)][i]);
    if (!std::isfinite(v.real()) || !std::isfinite(v.imag()))
    {
      throw std::runtime_error("row " + std::to_string(i) + ": a parameter is not a finite number");
    }
    double a = v.real(), b = v.imag();
    if (format != "RI")
    {
      if (format == "DB" && std::abs(v) == 0)
      {
        throw std::runtime_error(
          "row " + std::to_string(i) + ": a zero parameter has no dB value (write RI or MA)");
      }
      a = format == "MA" ? std::abs(v) : 20 * std::log10(std::abs(v));
      b = std::arg(v) * 180 / cm::Pi;
    }
    std::snprintf(buf, sizeof buf, " %.10g %.10g", a, b);
    out += buf;
  }
}
/// A mixed-mode parameter's name (the reader's Sdd21, Scs13, S_dc_1_12), or "".
std::string MixedModeColumn(const ColumnTable& t)
{
  auto mode = [](char c) { return c == 'd' || c == 'c' || c == 's'; };
  for (const std::string& n : t.Names)
  {
    const std::size_t m = n.size() > 1 && n[0] == 'S' && n[1] == '_' ? 2 : 1;
    if (n.size() > m + 5 && n[0] == 'S' && mode(n[m]) && mode(n[m + 1]) &&
      n.compare(n.size() - 3, 3, "_re") == 0)
    {
      return n.substr(0, n.size() - 3);
    }
  }
  return "";
}
} // namespace

int TouchstonePortsOf(const ColumnTable& t)
{
  auto has = [&](const std::string& p) { return t.Find(p + "_re") >= 0 && t.Find(p + "_im") >= 0; };
  // From 10 ports the names are S_i_j (NetworkParameterName), so S11 is absent there.
  int best = has("S11") || has("Gamma") ? 1 : 0;
  for (int n = 2; n <= 99; ++n)
  {
    bool all = true;
    for (int i = 0; i < n && all; ++i)
    {
      for (int j = 0; j < n && all; ++j)
      {
        all = has(NetworkParameterName('S', i, j, n));
      }
    }
    best = all ? n : best;
  }
  return best;
}

std::string WriteTouchstone(const ColumnTable& t, const TouchstoneWriteOptions& o)
{
  const std::string mixed = MixedModeColumn(t);
  if (!mixed.empty())
  {
    // The table does not carry the file's [Mixed-Mode Order]: writing its Gamma as a
    // 1-port (what TouchstonePortsOf would find) would be a silently different network.
    throw std::runtime_error("the table holds mixed-mode parameters (" + mixed +
      "): the Touchstone Writer writes single-ended S parameters only, not "
      "[Mixed-Mode Order] data");
  }
  const int ports = TouchstonePortsOf(t);
  const int fc = t.Find("Frequency");
  if (ports == 0 || fc < 0)
  {
    throw std::runtime_error("the table has no Frequency and S11_re/S11_im (or Gamma_re/"
                             "Gamma_im) columns to write as Touchstone");
  }
  const std::string unit = Upper(o.Unit), format = Upper(o.Format);
  const double scale = UnitScale(unit);
  if (scale == 0 || (format != "RI" && format != "MA" && format != "DB"))
  {
    throw std::runtime_error(
      "unknown Touchstone unit '" + o.Unit + "' or format '" + o.Format + "'");
  }
  const double r = t.ReferenceImpedance > 0 ? t.ReferenceImpedance : o.ReferenceImpedance;
  if (!(r > 0) || !std::isfinite(r))
  {
    throw std::runtime_error("the reference impedance must be positive");
  }
  if (o.Version != 1 && o.Version != 2)
  {
    throw std::runtime_error("Touchstone version must be 1 (1.1) or 2 (2.0)");
  }
  const ParameterLayout layout(t, ports);
  const auto& f = t.Columns[static_cast<std::size_t>(fc)];
  std::string out = Header(o, ports, unit, format, r, f.size());
  double written = 0; // the previous frequency as the file will read it back
  char buf[96];
  for (std::size_t i = 0; i < f.size(); ++i)
  {
    FrequencyText(f, i, scale, written, buf);
    out += buf;
    AppendParameters(out, t, layout, i, format);
    out += "\n";
  }
  if (o.Version == 2)
  {
    out += "[End]\n";
  }
  return out;
}
} // namespace cm
