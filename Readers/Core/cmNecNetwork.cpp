// SPDX-License-Identifier: BSD-3-Clause
#include "cmNecNetwork.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <utility>

namespace cm
{
namespace
{
using C = std::complex<double>;
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

std::string Mhz(double hz)
{
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6g MHz", hz * 1e-6);
  return buf;
}

/// The k-th (1-based) segment of `tag` in a solve's wire table, or 0.
std::int64_t AbsoluteSegment(
  const std::vector<NecWireSegment>& wires, std::int64_t tag, std::int64_t k)
{
  std::int64_t n = 0;
  for (const auto& w : wires)
  {
    if (w.Tag == tag && ++n == k)
    {
      return w.Segment;
    }
  }
  return 0;
}

/// True when lumped load `l` acts on absolute segment `seg` of tag `tag`.
bool LoadCovers(
  const NecLoad& l, const std::vector<NecWireSegment>& wires, std::int64_t tag, std::int64_t seg)
{
  const std::int64_t thru = l.Thru > 0 ? l.Thru : l.From;
  if (l.Tag <= 0)
  {
    return l.From == 0 || (seg >= l.From && seg <= thru);
  }
  if (l.Tag != tag)
  {
    return false;
  }
  if (l.From == 0)
  {
    return true;
  }
  std::int64_t n = 0; // seg's number within its tag
  for (const auto& w : wires)
  {
    if (w.Tag == tag)
    {
      ++n;
      if (w.Segment == seg)
      {
        return n >= l.From && n <= thru;
      }
    }
  }
  return false;
}
} // namespace

bool InvertComplexMatrix(std::vector<C>& a, int n)
{
  const auto N = static_cast<std::size_t>(n);
  std::vector<C> inv(N * N, 0.0);
  double scale = 0;
  for (const C& v : a)
  {
    scale = std::max(scale, std::abs(v));
  }
  for (std::size_t i = 0; i < N; ++i)
  {
    inv[i * N + i] = 1.0;
  }
  for (std::size_t c = 0; c < N; ++c)
  {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < N; ++r)
    {
      if (std::abs(a[r * N + c]) > std::abs(a[p * N + c]))
      {
        p = r;
      }
    }
    if (!(std::abs(a[p * N + c]) > 1e-13 * scale))
    {
      return false;
    }
    if (p != c)
    {
      for (std::size_t k = 0; k < N; ++k)
      {
        std::swap(a[p * N + k], a[c * N + k]);
        std::swap(inv[p * N + k], inv[c * N + k]);
      }
    }
    const C d = 1.0 / a[c * N + c];
    for (std::size_t k = 0; k < N; ++k)
    {
      a[c * N + k] *= d;
      inv[c * N + k] *= d;
    }
    for (std::size_t r = 0; r < N; ++r)
    {
      if (r != c)
      {
        const C f = a[r * N + c];
        if (f != 0.0)
        {
          for (std::size_t k = 0; k < N; ++k)
          {
            a[r * N + k] -= f * a[c * N + k];
            inv[r * N + k] -= f * inv[c * N + k];
          }
        }
      }
    }
  }
  a = std::move(inv);
  return true;
}

Network NecNetwork(const NecOutput& nec, const std::string& fileName, double z0)
{
  if (!(z0 > 0) || !std::isfinite(z0))
  {
    throw ParseError(fileName, 0, "the reference impedance must be positive");
  }
  if (nec.PortTablesFailed)
  {
    throw ParseError(
      fileName, 0, "the port tables could not be read (see the warning), so no network");
  }
  Network net;
  net.ReferenceImpedance = z0;
  if (nec.Solutions.empty())
  {
    throw ParseError(fileName, 0, "no solve in the file");
  }
  // PORT comments first, in their order.
  const auto& firstWires = nec.Solutions.front().Wires;
  std::vector<std::int64_t> portLine;
  auto find = [&](std::int64_t seg) {
    for (std::size_t k = 0; k < net.Ports.size(); ++k)
    {
      if (net.Ports[k].Segment == seg)
      {
        return static_cast<int>(k);
      }
    }
    return -1;
  };
  for (const auto& c : nec.Comments)
  {
    std::vector<std::string_view> tok;
    Tokenize(c.second, tok);
    std::int64_t tag = 0, seg = 0;
    // Prose that starts with "port" is no PORT comment: two integers must follow.
    if (tok.size() < 3 || Upper(std::string(tok[0])) != "PORT" || !ParseInt(tok[1], tag) ||
      !ParseInt(tok[2], seg))
    {
      continue;
    }
    if (seg < 1)
    {
      throw ParseError(fileName, c.first,
        "PORT comment: the segment number must be at least 1 "
        "(PORT <tag> <segment within the tag> [name])");
    }
    const std::int64_t abs = tag > 0 ? AbsoluteSegment(firstWires, tag, seg) : seg;
    if (abs == 0 ||
      (tag <= 0 && std::none_of(firstWires.begin(), firstWires.end(), [&](const NecWireSegment& w) {
        return w.Segment == seg;
      })))
    {
      throw ParseError(fileName, c.first,
        "PORT comment: tag " + std::to_string(tag) + " has no segment " + std::to_string(seg) +
          " in the printed currents");
    }
    if (find(abs) >= 0)
    {
      throw ParseError(
        fileName, c.first, "PORT comment names segment " + std::to_string(abs) + " twice");
    }
    NetworkPort p;
    p.Tag = tag > 0 ? tag : 0;
    p.Segment = abs;
    std::string name;
    for (std::size_t k = 3; k < tok.size(); ++k)
    {
      name += (k > 3 ? "_" : "") + std::string(tok[k]);
    }
    if (p.Tag == 0)
    {
      for (const auto& w : firstWires)
      {
        p.Tag = w.Segment == abs ? w.Tag : p.Tag;
      }
    }
    p.Name = name.empty() ? "tag" + std::to_string(p.Tag) + "_seg" + std::to_string(abs) : name;
    net.Ports.push_back(p);
    portLine.push_back(c.first);
  }
  // The driven port of every solve, and the ports its zero-voltage sources name.
  struct Drive
  {
    std::size_t Solve;
    int Port;
    std::int64_t Line;
  };
  std::map<double, std::vector<Drive>> byFrequency;
  for (std::size_t s = 0; s < nec.Solutions.size(); ++s)
  {
    const NecSolution& sol = nec.Solutions[s];
    const NecPort* driven = nullptr;
    for (const auto& p : sol.Ports)
    {
      int k = find(p.Segment);
      if (k < 0)
      {
        NetworkPort np;
        np.Tag = p.Tag;
        np.Segment = p.Segment;
        np.Name = "tag" + std::to_string(p.Tag) + "_seg" + std::to_string(p.Segment);
        net.Ports.push_back(np);
        portLine.push_back(p.Line);
      }
      if (p.Voltage != 0.0)
      {
        if (driven)
        {
          throw ParseError(fileName, p.Line,
            "this solve drives two ports (segments " + std::to_string(driven->Segment) + " and " +
              std::to_string(p.Segment) +
              "); an N-port deck drives one port per solve (EX on port k, then XQ)");
        }
        driven = &p;
      }
    }
    if (!driven)
    {
      throw ParseError(fileName, sol.Line,
        "solve at " + Mhz(sol.Frequency) +
          " has no driven voltage source (ANTENNA INPUT PARAMETERS), so it gives no network "
          "column");
    }
    auto& list = byFrequency[sol.Frequency];
    const int port = find(driven->Segment);
    for (const auto& d : list)
    {
      if (d.Port == port)
      {
        throw ParseError(fileName, driven->Line,
          "port " + net.Ports[static_cast<std::size_t>(port)].Name + " is driven twice at " +
            Mhz(sol.Frequency) + " (first at line " + std::to_string(d.Line) + ")");
      }
    }
    list.push_back({ s, port, driven->Line });
  }
  const int n = static_cast<int>(net.Ports.size());
  const auto N = static_cast<std::size_t>(n);
  for (const auto& fl : byFrequency)
  {
    std::vector<const Drive*> col(N, nullptr);
    for (const auto& d : fl.second)
    {
      col[static_cast<std::size_t>(d.Port)] = &d;
    }
    for (std::size_t k = 0; k < N; ++k)
    {
      if (!col[k])
      {
        // Name the first solve of this frequency, and where the port was defined.
        throw ParseError(fileName, fl.second.front().Line,
          "port " + net.Ports[k].Name + " (line " + std::to_string(portLine[k]) +
            ") is not driven at " + Mhz(fl.first) +
            ", where this solve is: every port needs one solve per frequency (solves at "
            "different frequencies, or a port missing)");
      }
    }
    std::vector<C> m(N * N), u(N * N, 0.0);
    bool loaded = false;
    for (std::size_t j = 0; j < N; ++j)
    {
      const NecSolution& sol = nec.Solutions[col[j]->Solve];
      C vsrc = 0.0;
      for (const auto& p : sol.Ports)
      {
        vsrc = p.Segment == net.Ports[j].Segment ? p.Voltage : vsrc;
      }
      for (std::size_t i = 0; i < N; ++i)
      {
        const NetworkPort& pi = net.Ports[i];
        const NecWireSegment* w = nullptr;
        for (const auto& ws : sol.Wires)
        {
          if (ws.Segment == pi.Segment)
          {
            w = &ws;
            break;
          }
        }
        C current;
        const NecPort* row = nullptr;
        for (const auto& p : sol.Ports)
        {
          row = p.Segment == pi.Segment ? &p : row;
        }
        if (row)
        {
          current = row->Current;
        }
        else if (w)
        {
          current = C(w->CurrentReal, w->CurrentImag);
        }
        else
        {
          throw ParseError(fileName, col[j]->Line,
            "the solve driving port " + net.Ports[j].Name + " at " + Mhz(fl.first) +
              " printed no current on port " + pi.Name +
              " (CURRENTS AND LOCATION missing: a PT card suppressed it?)");
        }
        C zl = 0.0;
        for (const auto& l : sol.Loads)
        {
          if (l.Type != NecLoad::Kind::Other && LoadCovers(l, sol.Wires, pi.Tag, pi.Segment))
          {
            zl += l.Impedance(fl.first);
          }
        }
        if (!(std::isfinite(zl.real()) && std::isfinite(zl.imag())))
        {
          throw ParseError(fileName, col[j]->Line,
            "the load on port " + pi.Name + " has no finite impedance at " + Mhz(fl.first));
        }
        loaded = loaded || zl != 0.0;
        m[i * N + j] = current;
        u[i * N + j] = (i == j ? vsrc : C(0.0)) - zl * current;
      }
    }
    net.Terminated = net.Terminated || loaded;
    NetworkPoint pt;
    pt.Frequency = fl.first;
    std::vector<C> ui = u;
    if (!InvertComplexMatrix(ui, n))
    {
      throw ParseError(fileName, fl.second.front().Line,
        "at " + Mhz(fl.first) +
          " the port voltages of the solves (source voltage minus load drop) are linearly "
          "dependent, so Y = M U^-1 cannot be recovered (a load cancels a port's voltage)");
    }
    pt.Y.assign(N * N, 0.0);
    for (std::size_t i = 0; i < N; ++i)
    {
      for (std::size_t j = 0; j < N; ++j)
      {
        C acc = 0.0;
        for (std::size_t k = 0; k < N; ++k)
        {
          acc += m[i * N + k] * ui[k * N + j];
        }
        pt.Y[i * N + j] = acc;
      }
    }
    pt.Z = pt.Y;
    if (!InvertComplexMatrix(pt.Z, n))
    {
      pt.Z.assign(N * N, C(NaN, NaN));
    }
    std::vector<C> plus(N * N), minus(N * N);
    for (std::size_t k = 0; k < N * N; ++k)
    {
      const C d = (k % (N + 1) == 0) ? C(1.0) : C(0.0);
      plus[k] = d + z0 * pt.Y[k];
      minus[k] = d - z0 * pt.Y[k];
    }
    if (!InvertComplexMatrix(plus, n))
    {
      throw ParseError(fileName, fl.second.front().Line,
        "at " + Mhz(fl.first) + " I + Z0 Y is singular: no scattering matrix (an active network?)");
    }
    pt.S.assign(N * N, 0.0);
    for (std::size_t i = 0; i < N; ++i)
    {
      for (std::size_t j = 0; j < N; ++j)
      {
        C acc = 0.0;
        for (std::size_t k = 0; k < N; ++k)
        {
          acc += minus[i * N + k] * plus[k * N + j];
        }
        pt.S[i * N + j] = acc;
      }
    }
    pt.WorstIsolationDb = NaN;
    double worst = -1;
    for (std::size_t i = 0; i < N; ++i)
    {
      for (std::size_t j = i + 1; j < N; ++j)
      {
        const double c = std::max(std::abs(pt.S[i * N + j]), std::abs(pt.S[j * N + i]));
        if (c > worst)
        {
          worst = c;
          pt.WorstI = static_cast<int>(i);
          pt.WorstJ = static_cast<int>(j);
          pt.WorstIsolationDb = -20 * std::log10(c);
        }
      }
    }
    net.Points.push_back(std::move(pt));
  }
  return net;
}

std::string NetworkParameterName(char p, int i, int j, int n)
{
  if (n < 10)
  {
    return std::string(1, p) + std::to_string(i + 1) + std::to_string(j + 1);
  }
  return std::string(1, p) + "_" + std::to_string(i + 1) + "_" + std::to_string(j + 1);
}

ColumnTable NetworkTable(const Network& net)
{
  ColumnTable t;
  t.ReferenceImpedance = net.ReferenceImpedance;
  const int n = static_cast<int>(net.Ports.size());
  const auto N = static_cast<std::size_t>(n);
  const std::size_t rows = net.Points.size();
  // Add() may move earlier columns: fill a local vector, then move it in.
  auto column = [&](const std::string& name, auto value) {
    std::vector<double> c(rows);
    for (std::size_t r = 0; r < rows; ++r)
    {
      c[r] = value(net.Points[r]);
    }
    t.Add(name) = std::move(c);
  };
  column("Frequency", [](const NetworkPoint& p) { return p.Frequency; });
  for (const char letter : { 'S', 'Z', 'Y' })
  {
    for (int i = 0; i < n; ++i)
    {
      for (int j = 0; j < n; ++j)
      {
        const std::size_t k = static_cast<std::size_t>(i) * N + static_cast<std::size_t>(j);
        const std::string name = NetworkParameterName(letter, i, j, n);
        auto entry = [letter, k](const NetworkPoint& p) {
          return letter == 'S' ? p.S[k] : letter == 'Z' ? p.Z[k] : p.Y[k];
        };
        column(name + "_re", [&](const NetworkPoint& p) { return entry(p).real(); });
        column(name + "_im", [&](const NetworkPoint& p) { return entry(p).imag(); });
        if (letter == 'S')
        {
          column(name + "_dB",
            [&](const NetworkPoint& p) { return 20 * std::log10(std::abs(entry(p))); });
        }
      }
    }
  }
  column("WorstPair_i", [](const NetworkPoint& p) { return p.WorstI + 1.0; });
  column("WorstPair_j", [](const NetworkPoint& p) { return p.WorstJ + 1.0; });
  column("WorstIsolation[dB]", [](const NetworkPoint& p) { return p.WorstIsolationDb; });
  return t;
}

} // namespace cm
