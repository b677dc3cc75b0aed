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

namespace
{
/// One solve's driven port, found in the file at `Line`.
struct Drive
{
  std::size_t Solve;
  int Port;
  std::int64_t Line;
};

/// The product a b of two row-major N × N matrices.
std::vector<C> Multiply(const std::vector<C>& a, const std::vector<C>& b, std::size_t N)
{
  std::vector<C> r(N * N, 0.0);
  for (std::size_t i = 0; i < N; ++i)
  {
    for (std::size_t j = 0; j < N; ++j)
    {
      C acc = 0.0;
      for (std::size_t k = 0; k < N; ++k)
      {
        acc += a[i * N + k] * b[k * N + j];
      }
      r[i * N + j] = acc;
    }
  }
  return r;
}

/// The pair of ports with the largest |S_ij| (or |S_ji|), and its isolation in dB.
void FindWorstPair(NetworkPoint& pt, std::size_t N)
{
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
}

/// Builds the network of a NEC output: the ports (PORT comments first, then every
/// source), the driven port of every solve grouped by frequency, then per frequency
/// Y = M U^-1, Z and S. One member per step; Run() calls them in order.
class NetworkBuilder
{
public:
  NetworkBuilder(const NecOutput& nec, const std::string& fileName, double z0)
    : Nec(nec)
    , FileName(fileName)
    , Z0(z0)
  {}
  Network Run();

private:
  void CheckInput();
  int Find(std::int64_t seg) const;
  void ReadPortComment(std::int64_t line, const std::string& text);
  void ReadSolve(std::size_t s);
  std::vector<const Drive*> Columns(double f, const std::vector<Drive>& drives) const;
  C PortCurrent(
    const NecSolution& sol, std::size_t j, const NetworkPort& pi, const Drive& d, double f) const;
  C PortLoad(const NecSolution& sol, const NetworkPort& pi, const Drive& d, double f) const;
  NetworkPoint SolvePoint(double f, const std::vector<Drive>& drives);
  void Scatter(NetworkPoint& pt, std::int64_t line) const;

  const NecOutput& Nec;
  const std::string& FileName;
  const double Z0;
  Network Net;
  std::vector<std::int64_t> PortLine; ///< where each port was defined
  std::map<double, std::vector<Drive>> ByFrequency;
};

void NetworkBuilder::CheckInput()
{
  if (!(this->Z0 > 0) || !std::isfinite(this->Z0))
  {
    throw ParseError(this->FileName, 0, "the reference impedance must be positive");
  }
  if (this->Nec.PortTablesFailed)
  {
    throw ParseError(
      this->FileName, 0, "the port tables could not be read (see the warning), so no network");
  }
  this->Net.ReferenceImpedance = this->Z0;
  if (this->Nec.Solutions.empty())
  {
    throw ParseError(this->FileName, 0, "no solve in the file");
  }
}

int NetworkBuilder::Find(std::int64_t seg) const
{
  for (std::size_t k = 0; k < this->Net.Ports.size(); ++k)
  {
    if (this->Net.Ports[k].Segment == seg)
    {
      return static_cast<int>(k);
    }
  }
  return -1;
}

/// A PORT comment (PORT <tag> <segment within the tag> [name]) adds a port.
void NetworkBuilder::ReadPortComment(std::int64_t line, const std::string& text)
{
  const auto& firstWires = this->Nec.Solutions.front().Wires;
  std::vector<std::string_view> tok;
  Tokenize(text, tok);
  std::int64_t tag = 0, seg = 0;
  // Prose that starts with "port" is no PORT comment: two integers must follow.
  if (tok.size() < 3 || Upper(std::string(tok[0])) != "PORT" || !ParseInt(tok[1], tag) ||
    !ParseInt(tok[2], seg))
  {
    return;
  }
  if (seg < 1)
  {
    throw ParseError(this->FileName, line,
      "PORT comment: the segment number must be at least 1 "
      "(PORT <tag> <segment within the tag> [name])");
  }
  const std::int64_t abs = tag > 0 ? AbsoluteSegment(firstWires, tag, seg) : seg;
  if (abs == 0 ||
    (tag <= 0 && std::none_of(firstWires.begin(), firstWires.end(), [&](const NecWireSegment& w) {
      return w.Segment == seg;
    })))
  {
    throw ParseError(this->FileName, line,
      "PORT comment: tag " + std::to_string(tag) + " has no segment " + std::to_string(seg) +
        " in the printed currents");
  }
  if (this->Find(abs) >= 0)
  {
    throw ParseError(
      this->FileName, line, "PORT comment names segment " + std::to_string(abs) + " twice");
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
  this->Net.Ports.push_back(p);
  this->PortLine.push_back(line);
}

/// Adds the ports of solve `s`'s sources and files its driven port under its frequency.
void NetworkBuilder::ReadSolve(std::size_t s)
{
  const NecSolution& sol = this->Nec.Solutions[s];
  const NecPort* driven = nullptr;
  for (const auto& p : sol.Ports)
  {
    if (this->Find(p.Segment) < 0)
    {
      NetworkPort np;
      np.Tag = p.Tag;
      np.Segment = p.Segment;
      np.Name = "tag" + std::to_string(p.Tag) + "_seg" + std::to_string(p.Segment);
      this->Net.Ports.push_back(np);
      this->PortLine.push_back(p.Line);
    }
    if (p.Voltage != 0.0)
    {
      if (driven)
      {
        throw ParseError(this->FileName, p.Line,
          "this solve drives two ports (segments " + std::to_string(driven->Segment) + " and " +
            std::to_string(p.Segment) +
            "); an N-port deck drives one port per solve (EX on port k, then XQ)");
      }
      driven = &p;
    }
  }
  if (!driven)
  {
    throw ParseError(this->FileName, sol.Line,
      "solve at " + Mhz(sol.Frequency) +
        " has no driven voltage source (ANTENNA INPUT PARAMETERS), so it gives no network "
        "column");
  }
  auto& list = this->ByFrequency[sol.Frequency];
  const int port = this->Find(driven->Segment);
  for (const auto& d : list)
  {
    if (d.Port == port)
    {
      throw ParseError(this->FileName, driven->Line,
        "port " + this->Net.Ports[static_cast<std::size_t>(port)].Name + " is driven twice at " +
          Mhz(sol.Frequency) + " (first at line " + std::to_string(d.Line) + ")");
    }
  }
  list.push_back({ s, port, driven->Line });
}

/// The solve driving each port at frequency `f`; every port must have one.
std::vector<const Drive*> NetworkBuilder::Columns(double f, const std::vector<Drive>& drives) const
{
  const std::size_t N = this->Net.Ports.size();
  std::vector<const Drive*> col(N, nullptr);
  for (const auto& d : drives)
  {
    col[static_cast<std::size_t>(d.Port)] = &d;
  }
  for (std::size_t k = 0; k < N; ++k)
  {
    if (!col[k])
    {
      // Name the first solve of this frequency, and where the port was defined.
      throw ParseError(this->FileName, drives.front().Line,
        "port " + this->Net.Ports[k].Name + " (line " + std::to_string(this->PortLine[k]) +
          ") is not driven at " + Mhz(f) +
          ", where this solve is: every port needs one solve per frequency (solves at "
          "different frequencies, or a port missing)");
    }
  }
  return col;
}

/// The current on port `pi` in the solve driving port j: its source row, else its segment.
C NetworkBuilder::PortCurrent(
  const NecSolution& sol, std::size_t j, const NetworkPort& pi, const Drive& d, double f) const
{
  const NecWireSegment* w = nullptr;
  for (const auto& ws : sol.Wires)
  {
    if (ws.Segment == pi.Segment)
    {
      w = &ws;
      break;
    }
  }
  const NecPort* row = nullptr;
  for (const auto& p : sol.Ports)
  {
    row = p.Segment == pi.Segment ? &p : row;
  }
  if (row)
  {
    return row->Current;
  }
  if (w)
  {
    return C(w->CurrentReal, w->CurrentImag);
  }
  throw ParseError(this->FileName, d.Line,
    "the solve driving port " + this->Net.Ports[j].Name + " at " + Mhz(f) +
      " printed no current on port " + pi.Name +
      " (CURRENTS AND LOCATION missing: a PT card suppressed it?)");
}

/// The summed impedance of the lumped loads on port `pi`'s segment.
C NetworkBuilder::PortLoad(
  const NecSolution& sol, const NetworkPort& pi, const Drive& d, double f) const
{
  C zl = 0.0;
  for (const auto& l : sol.Loads)
  {
    if (l.Type != NecLoad::Kind::Other && LoadCovers(l, sol.Wires, pi.Tag, pi.Segment))
    {
      zl += l.Impedance(f);
    }
  }
  if (!(std::isfinite(zl.real()) && std::isfinite(zl.imag())))
  {
    throw ParseError(this->FileName, d.Line,
      "the load on port " + pi.Name + " has no finite impedance at " + Mhz(f));
  }
  return zl;
}

/// Y, Z and S at frequency `f` from the solves that drive each port there.
NetworkPoint NetworkBuilder::SolvePoint(double f, const std::vector<Drive>& drives)
{
  const auto N = this->Net.Ports.size();
  const int n = static_cast<int>(N);
  const std::vector<const Drive*> col = this->Columns(f, drives);
  std::vector<C> m(N * N), u(N * N, 0.0);
  bool loaded = false;
  for (std::size_t j = 0; j < N; ++j)
  {
    const NecSolution& sol = this->Nec.Solutions[col[j]->Solve];
    C vsrc = 0.0;
    for (const auto& p : sol.Ports)
    {
      vsrc = p.Segment == this->Net.Ports[j].Segment ? p.Voltage : vsrc;
    }
    for (std::size_t i = 0; i < N; ++i)
    {
      const NetworkPort& pi = this->Net.Ports[i];
      const C current = this->PortCurrent(sol, j, pi, *col[j], f);
      const C zl = this->PortLoad(sol, pi, *col[j], f);
      loaded = loaded || zl != 0.0;
      m[i * N + j] = current;
      u[i * N + j] = (i == j ? vsrc : C(0.0)) - zl * current;
    }
  }
  this->Net.Terminated = this->Net.Terminated || loaded;
  NetworkPoint pt;
  pt.Frequency = f;
  std::vector<C> ui = u;
  if (!InvertComplexMatrix(ui, n))
  {
    throw ParseError(this->FileName, drives.front().Line,
      "at " + Mhz(f) +
        " the port voltages of the solves (source voltage minus load drop) are linearly "
        "dependent, so Y = M U^-1 cannot be recovered (a load cancels a port's voltage)");
  }
  pt.Y = Multiply(m, ui, N);
  pt.Z = pt.Y;
  if (!InvertComplexMatrix(pt.Z, n))
  {
    pt.Z.assign(N * N, C(NaN, NaN));
  }
  this->Scatter(pt, drives.front().Line);
  return pt;
}

/// S = (I - Z0 Y)(I + Z0 Y)^-1, and the worst coupled pair.
void NetworkBuilder::Scatter(NetworkPoint& pt, std::int64_t line) const
{
  const auto N = this->Net.Ports.size();
  std::vector<C> plus(N * N), minus(N * N);
  for (std::size_t k = 0; k < N * N; ++k)
  {
    const C d = (k % (N + 1) == 0) ? C(1.0) : C(0.0);
    plus[k] = d + this->Z0 * pt.Y[k];
    minus[k] = d - this->Z0 * pt.Y[k];
  }
  if (!InvertComplexMatrix(plus, static_cast<int>(N)))
  {
    throw ParseError(this->FileName, line,
      "at " + Mhz(pt.Frequency) +
        " I + Z0 Y is singular: no scattering matrix (an active network?)");
  }
  pt.S = Multiply(minus, plus, N);
  FindWorstPair(pt, N);
}

Network NetworkBuilder::Run()
{
  this->CheckInput();
  // PORT comments first, in their order.
  for (const auto& c : this->Nec.Comments)
  {
    this->ReadPortComment(c.first, c.second);
  }
  // The driven port of every solve, and the ports its zero-voltage sources name.
  for (std::size_t s = 0; s < this->Nec.Solutions.size(); ++s)
  {
    this->ReadSolve(s);
  }
  for (const auto& fl : this->ByFrequency)
  {
    this->Net.Points.push_back(this->SolvePoint(fl.first, fl.second));
  }
  return std::move(this->Net);
}
} // namespace

Network NecNetwork(const NecOutput& nec, const std::string& fileName, double z0)
{
  return NetworkBuilder(nec, fileName, z0).Run();
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
