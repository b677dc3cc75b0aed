// SPDX-License-Identifier: BSD-3-Clause
#include "cmTouchstone.h"

#include "cmNecNetwork.h"

#include "cmConstants.h"

#include "cmTextScan.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <complex>
#include <cstdio>
#include <stdexcept>

namespace cm
{
namespace
{
using C = std::complex<double>;
using M2 = std::array<C, 4>; ///< row-major 2x2: 11 12 21 22

M2 Inverse(const M2& a)
{
  const C det = a[0] * a[3] - a[1] * a[2];
  return { a[3] / det, -a[1] / det, -a[2] / det, a[0] / det };
}
M2 Product(const M2& a, const M2& b)
{
  return { a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
    a[2] * b[1] + a[3] * b[3] };
}

struct Options
{
  double Scale = 1e9; // GHz
  char Parameter = 'S';
  std::string Format = "MA";
  double R = 50;
};

void ParseOptions(const LineScanner& s, std::string_view line, Options& o)
{
  std::vector<std::string_view> tok;
  Tokenize(line.substr(1), tok);
  for (std::size_t i = 0; i < tok.size(); ++i)
  {
    const std::string t = Upper(tok[i]);
    if (t == "HZ" || t == "KHZ" || t == "MHZ" || t == "GHZ")
    {
      o.Scale = t == "HZ" ? 1 : t == "KHZ" ? 1e3 : t == "MHZ" ? 1e6 : 1e9;
    }
    else if (t == "S" || t == "Y" || t == "Z")
    {
      o.Parameter = t[0];
    }
    else if (t == "G" || t == "H")
    {
      s.Fail("option line: " + t + " parameters are not supported (only S, Y and Z)");
    }
    else if (t == "RI" || t == "MA" || t == "DB")
    {
      o.Format = t;
    }
    else if (t == "R")
    {
      if (i + 1 >= tok.size())
      {
        s.Fail("option line: R without a reference impedance");
      }
      o.R = NeedFinite(s, tok[++i], "the reference impedance after R");
      if (!(o.R > 0))
      {
        s.Fail("option line: the reference impedance R must be positive");
      }
    }
    else
    {
      s.Fail("option line: unknown option '" + std::string(tok[i]) +
        "' (expected Hz/kHz/MHz/GHz, S/Y/Z, RI/MA/DB, R <ohms>)");
    }
  }
}

C FromPair(const LineScanner& s, double a, double b, const std::string& format)
{
  if (format == "RI")
  {
    return { a, b };
  }
  const double mag = format == "DB" ? std::pow(10.0, a / 20) : a;
  if (format == "MA" && a < 0)
  {
    s.Fail("a magnitude must not be negative");
  }
  return std::polar(mag, b * cm::Pi / 180);
}
} // namespace

int TouchstonePortsFromName(const std::string& fileName)
{
  const std::size_t dot = fileName.rfind('.');
  if (dot == std::string::npos)
  {
    return 0;
  }
  const std::string ext = Upper(fileName.substr(dot + 1));
  // .sNp for any N from 1 to 99
  if (ext.size() < 3 || ext.size() > 4 || ext.front() != 'S' || ext.back() != 'P')
  {
    return 0;
  }
  int n = 0;
  for (std::size_t k = 1; k + 1 < ext.size(); ++k)
  {
    if (ext[k] < '0' || ext[k] > '9')
    {
      return 0;
    }
    n = 10 * n + (ext[k] - '0');
  }
  return n;
}

ColumnTable ParseTouchstone(std::string_view rawText, const std::string& fileName, int ports)
{
  if (ports > 2)
  {
    throw ParseError(fileName, 1,
      "this reader reads 1- and 2-port Touchstone files; a " + std::to_string(ports) +
        "-port file is not read (CloudMap writes them; scikit-rf reads them)");
  }
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, fileName);
  Options o;
  bool haveOptions = false, noise = false;
  std::vector<double> record; // numbers of the record being read
  std::vector<std::array<C, 4>> data; // per frequency: S11 S21 S12 S22 as read (N order)
  std::vector<double> freq;
  std::int64_t recordLine = 0;
  std::vector<std::string_view> tok;
  std::string_view line;
  // HFSS's "! Port Impedance re1 im1 re2 im2" after each frequency's record (older
  // versions glue the first number to the word: "! Port Impedance50 0 50 0").
  std::vector<std::array<C, 2>> portZ; // per frequency, ports 1 and 2
  std::vector<std::size_t> portZAt; // the frequency index each line follows
  std::int64_t firstPortZLine = 0;
  while (s.Next(line))
  {
    const std::size_t bang = line.find('!');
    if (bang != std::string_view::npos)
    {
      std::string_view c = Trim(line.substr(bang + 1));
      if (c.size() >= 14 && Upper(c.substr(0, 4)) == "PORT")
      {
        std::string_view rest = Trim(c.substr(4));
        if (rest.size() >= 9 && Upper(rest.substr(0, 9)) == "IMPEDANCE")
        {
          if (data.empty() || !record.empty())
          {
            s.Fail("a '! Port Impedance' line before its frequency's record is complete");
          }
          Tokenize(rest.substr(9), tok);
          const std::size_t want = 2 * static_cast<std::size_t>(ports);
          if (tok.size() != want)
          {
            s.Fail("'! Port Impedance' line has " + std::to_string(tok.size()) +
              " numbers, expected " + std::to_string(want) + " (real and imaginary per port)");
          }
          std::array<C, 2> z{};
          for (std::size_t k = 0; k < want / 2; ++k)
          {
            z[k] = { NeedFinite(s, tok[2 * k], "a port impedance"),
              NeedFinite(s, tok[2 * k + 1], "a port impedance") };
            if (!(z[k].real() > 0))
            {
              s.Fail("a port impedance must have a positive real part");
            }
          }
          if (!portZAt.empty() && portZAt.back() == data.size() - 1)
          {
            s.Fail("a second '! Port Impedance' line for one frequency");
          }
          firstPortZLine = firstPortZLine > 0 ? firstPortZLine : s.LineNumber();
          portZ.push_back(z);
          portZAt.push_back(data.size() - 1);
          continue;
        }
      }
    }
    line = Trim(bang == std::string_view::npos ? line : line.substr(0, bang));
    if (line.empty())
    {
      continue;
    }
    if (line[0] == '#')
    {
      if (!haveOptions && data.empty() && record.empty())
      {
        ParseOptions(s, line, o);
        haveOptions = true;
      }
      continue; // later option lines are ignored (Touchstone 1.1)
    }
    if (line[0] == '[')
    {
      s.Fail("a Touchstone 2 keyword (" + std::string(line.substr(0, 16)) +
        "): only Touchstone 1.x files are read");
    }
    Tokenize(line, tok);
    if (ports == 0)
    {
      if (tok.size() != 3 && tok.size() != 9)
      {
        s.Fail("cannot tell the number of ports: the first data line has " +
          std::to_string(tok.size()) +
          " numbers (3 for 1 port, 9 for 2); name the file .s1p or .s2p");
      }
      ports = tok.size() == 3 ? 1 : 2;
    }
    if (noise)
    {
      if (tok.size() != 5)
      {
        s.Fail("noise parameter row has " + std::to_string(tok.size()) + " numbers, expected 5");
      }
      for (const auto& t : tok)
      {
        NeedFinite(s, t, "a noise parameter");
      }
      continue;
    }
    const std::size_t per = ports == 1 ? 3 : 9;
    for (const auto& t : tok)
    {
      if (record.empty())
      {
        recordLine = s.LineNumber();
      }
      record.push_back(NeedFinite(s, t, record.empty() ? "a frequency" : "a parameter value"));
      if (record.size() == 1 && !freq.empty() && record[0] * o.Scale <= freq.back())
      {
        if (ports == 2 && record[0] * o.Scale < freq.back() && &t == &tok.front())
        {
          // The noise parameters of a 2-port file: this row and every row after it.
          if (tok.size() != 5)
          {
            s.Fail(
              "noise parameter row has " + std::to_string(tok.size()) + " numbers, expected 5");
          }
          noise = true;
          record.clear();
          break;
        }
        s.Fail("frequency " + std::string(t) + " does not increase (the previous one was " +
          std::to_string(freq.back() / o.Scale) + ")");
      }
      if (record.size() == 1 && record[0] < 0)
      {
        s.Fail("negative frequency " + std::string(t));
      }
      if (record.size() == per)
      {
        std::array<C, 4> n{};
        for (std::size_t k = 0; k < (per - 1) / 2; ++k)
        {
          n[k] = FromPair(s, record[1 + 2 * k], record[2 + 2 * k], o.Format);
        }
        freq.push_back(record[0] * o.Scale);
        data.push_back(n);
        record.clear();
      }
    }
  }
  if (!record.empty())
  {
    throw ParseError(fileName, recordLine,
      "record cut short: " + std::to_string(record.size()) + " of " +
        std::to_string(ports == 1 ? 3 : 9) + " numbers for this frequency");
  }
  if (data.empty())
  {
    throw ParseError(fileName, s.LineNumber(),
      haveOptions ? "no data after the option line"
                  : "empty file: no Touchstone option line or data");
  }
  // To S against R (Touchstone 1 normalises Y and Z to R).
  ColumnTable t;
  t.ReferenceImpedance = o.R;
  const std::size_t n = data.size();
  std::vector<C> s11(n), s21(n), s12(n), s22(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    if (ports == 1)
    {
      const C v = data[i][0];
      s11[i] = o.Parameter == 'S' ? v
        : o.Parameter == 'Z'      ? (v - 1.0) / (v + 1.0)
                                  : (1.0 - v) / (1.0 + v);
      continue;
    }
    // File order N11 N21 N12 N22 → row-major 11 12 21 22.
    const M2 a = { data[i][0], data[i][2], data[i][1], data[i][3] };
    M2 sm = a;
    if (o.Parameter != 'S')
    {
      const M2 id = { 1.0, 0.0, 0.0, 1.0 };
      const M2 minus = { a[0] - 1.0, a[1], a[2], a[3] - 1.0 };
      const M2 plus = { a[0] + 1.0, a[1], a[2], a[3] + 1.0 };
      // Z: S = (z - I)(z + I)^-1;  Y: S = (I - y)(I + y)^-1.
      sm = o.Parameter == 'Z'
        ? Product(minus, Inverse(plus))
        : Product({ id[0] - a[0], -a[1], -a[2], id[3] - a[3] }, Inverse(plus));
    }
    s11[i] = sm[0];
    s12[i] = sm[1];
    s21[i] = sm[2];
    s22[i] = sm[3];
  }
  t.Add("Frequency") = freq;
  auto add = [&](const char* name, const std::vector<C>& v) {
    std::vector<double> re(n), im(n), db(n);
    for (std::size_t i = 0; i < n; ++i)
    {
      re[i] = v[i].real();
      im[i] = v[i].imag();
      db[i] = 20 * std::log10(std::abs(v[i]));
    }
    t.Add(std::string(name) + "_re") = std::move(re);
    t.Add(std::string(name) + "_im") = std::move(im);
    t.Add(std::string(name) + "_dB") = std::move(db);
  };
  add("S11", s11);
  if (ports == 2)
  {
    add("S21", s21);
    add("S12", s12);
    add("S22", s22);
  }
  // Port impedances other than R: the S columns stay as the file gives them (against
  // each port's impedance), port 1's impedance comes from its own, the reflection
  // columns are against R, and the impedances become columns.
  bool otherZ = false;
  if (!portZ.empty())
  {
    if (portZ.size() != n)
    {
      throw ParseError(fileName, firstPortZLine,
        "'! Port Impedance' lines for " + std::to_string(portZ.size()) + " of " +
          std::to_string(n) + " frequencies");
    }
    for (const auto& zf : portZ)
    {
      for (int k = 0; k < ports; ++k)
      {
        otherZ = otherZ || std::abs(zf[static_cast<std::size_t>(k)] - o.R) > 1e-9 * o.R;
      }
    }
  }
  std::vector<C> z(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    const C z1 = otherZ ? portZ[i][0] : C(o.R);
    z[i] = z1 * (1.0 + s11[i]) / (1.0 - s11[i]);
  }
  AddReflectionColumns(z, o.R, t);
  if (otherZ)
  {
    for (int k = 0; k < ports; ++k)
    {
      std::vector<double> re(n), im(n);
      for (std::size_t i = 0; i < n; ++i)
      {
        re[i] = portZ[i][static_cast<std::size_t>(k)].real();
        im[i] = portZ[i][static_cast<std::size_t>(k)].imag();
      }
      t.Add("PortImpedance" + std::to_string(k + 1) + "_re") = std::move(re);
      t.Add("PortImpedance" + std::to_string(k + 1) + "_im") = std::move(im);
    }
  }
  return t;
}

ColumnTable ReadTouchstoneFile(const std::string& path)
{
  return ParseTouchstone(ReadWholeFile(path, 1ull << 32), path, TouchstonePortsFromName(path));
}

int TouchstonePortsOf(const ColumnTable& t)
{
  auto has = [&](const std::string& p) { return t.Find(p + "_re") >= 0 && t.Find(p + "_im") >= 0; };
  int best = has("S11") || has("Gamma") ? 1 : 0;
  for (int n = 2; n <= 99 && best > 0; ++n)
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
  const int ports = TouchstonePortsOf(t);
  const int fc = t.Find("Frequency");
  if (ports == 0 || fc < 0)
  {
    throw std::runtime_error("the table has no Frequency and S11_re/S11_im (or Gamma_re/"
                             "Gamma_im) columns to write as Touchstone");
  }
  const std::string unit = Upper(o.Unit), format = Upper(o.Format);
  const double scale = unit == "HZ" ? 1
    : unit == "KHZ"                 ? 1e3
    : unit == "MHZ"                 ? 1e6
    : unit == "GHZ"                 ? 1e9
                                    : 0;
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
  // (re, im) columns in file order: N11 N21 N12 N22 for 2 ports, else row-major; a
  // record line ends after `lineEnds[k]` pairs.
  std::vector<std::pair<int, int>> cols;
  std::vector<std::size_t> lineEnds;
  if (ports == 1)
  {
    const std::string base = t.Find("S11_re") >= 0 ? "S11" : "Gamma";
    cols.emplace_back(t.Find(base + "_re"), t.Find(base + "_im"));
    lineEnds.push_back(1);
  }
  else if (ports == 2)
  {
    for (const char* name : { "S11", "S21", "S12", "S22" })
    {
      cols.emplace_back(t.Find(std::string(name) + "_re"), t.Find(std::string(name) + "_im"));
    }
    lineEnds.push_back(4);
  }
  else
  {
    for (int i = 0; i < ports; ++i)
    {
      for (int j = 0; j < ports; ++j)
      {
        const std::string name = NetworkParameterName('S', i, j, ports);
        cols.emplace_back(t.Find(name + "_re"), t.Find(name + "_im"));
        if (j % 4 == 3 || j == ports - 1)
        {
          lineEnds.push_back(cols.size());
        }
      }
    }
  }
  if (o.Version != 1 && o.Version != 2)
  {
    throw std::runtime_error("Touchstone version must be 1 (1.1) or 2 (2.0)");
  }
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
  const auto& f = t.Columns[static_cast<std::size_t>(fc)];
  for (std::size_t k = 0; k < o.PortNames.size() && k < static_cast<std::size_t>(ports); ++k)
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
    out += "[Number of Frequencies] " + std::to_string(f.size()) + "\n[Network Data]\n";
  }
  double written = 0; // the previous frequency as the file will read it back
  const auto readBack = [](const char* text) {
    double v = 0;
    ParseDouble(text, v); // the readers' parser: what a reader of the file will get
    return v;
  };
  for (std::size_t i = 0; i < f.size(); ++i)
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
    if (i > 0 && !(readBack(buf) * scale > written))
    {
      std::snprintf(buf, sizeof buf, "%.17g", f[i] / scale);
    }
    const double now = readBack(buf) * scale;
    if (i > 0 && !(now > written))
    {
      throw std::runtime_error("row " + std::to_string(i) + ": frequency " + buf +
        " cannot be written distinct from the previous one");
    }
    written = now;
    out += buf;
    std::size_t line = 0;
    for (std::size_t k = 0; k < cols.size(); ++k)
    {
      const auto& c = cols[k];
      if (k > 0 && k == lineEnds[line])
      {
        out += "\n   "; // a continuation line: no frequency
        ++line;
      }
      const C v(t.Columns[static_cast<std::size_t>(c.first)][i],
        t.Columns[static_cast<std::size_t>(c.second)][i]);
      if (!std::isfinite(v.real()) || !std::isfinite(v.imag()))
      {
        throw std::runtime_error(
          "row " + std::to_string(i) + ": a parameter is not a finite number");
      }
      double a = v.real(), bb = v.imag();
      if (format != "RI")
      {
        if (format == "DB" && std::abs(v) == 0)
        {
          throw std::runtime_error(
            "row " + std::to_string(i) + ": a zero parameter has no dB value (write RI or MA)");
        }
        a = format == "MA" ? std::abs(v) : 20 * std::log10(std::abs(v));
        bb = std::arg(v) * 180 / cm::Pi;
      }
      std::snprintf(buf, sizeof buf, " %.10g %.10g", a, bb);
      out += buf;
    }
    out += "\n";
  }
  if (o.Version == 2)
  {
    out += "[End]\n";
  }
  return out;
}

} // namespace cm
