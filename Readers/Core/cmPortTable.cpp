// SPDX-License-Identifier: BSD-3-Clause
#include "cmPortTable.h"

#include <cmath>
#include <limits>
#include <map>

namespace cm
{
namespace
{
const double NaN = std::numeric_limits<double>::quiet_NaN();
const double Inf = std::numeric_limits<double>::infinity();
} // namespace

int ColumnTable::Find(const std::string& name) const
{
  for (std::size_t k = 0; k < this->Names.size(); ++k)
  {
    if (this->Names[k] == name)
    {
      return static_cast<int>(k);
    }
  }
  return -1;
}

std::vector<double>& ColumnTable::Add(const std::string& name)
{
  this->Names.push_back(name);
  this->Columns.emplace_back();
  return this->Columns.back();
}

Reflection ReflectionOf(std::complex<double> z, double z0)
{
  Reflection r;
  r.Gamma = (z - z0) / (z + z0);
  const double g = std::abs(r.Gamma);
  r.ReturnLossDb = g > 0 ? -20 * std::log10(g) : Inf;
  r.Vswr = g < 1 ? (1 + g) / (1 - g) : Inf;
  r.MismatchLossDb = g < 1 ? -10 * std::log10(1 - g * g) : Inf;
  return r;
}

void AddReflectionColumns(const std::vector<std::complex<double>>& z, double z0, ColumnTable& t)
{
  std::vector<double> re, im, mag, gr, gi, gm, rl, vswr, ml;
  for (const auto& zi : z)
  {
    const Reflection r = ReflectionOf(zi, z0);
    re.push_back(zi.real());
    im.push_back(zi.imag());
    mag.push_back(std::abs(zi));
    gr.push_back(r.Gamma.real());
    gi.push_back(r.Gamma.imag());
    gm.push_back(std::abs(r.Gamma));
    rl.push_back(r.ReturnLossDb);
    vswr.push_back(r.Vswr);
    ml.push_back(r.MismatchLossDb);
  }
  // Add() may move the columns, so they are filled first and attached last.
  t.Add("R") = std::move(re);
  t.Add("X") = std::move(im);
  t.Add("|Z|") = std::move(mag);
  t.Add("Gamma_re") = std::move(gr);
  t.Add("Gamma_im") = std::move(gi);
  t.Add("|Gamma|") = std::move(gm);
  t.Add("ReturnLoss") = std::move(rl);
  t.Add("VSWR") = std::move(vswr);
  t.Add("MismatchLoss") = std::move(ml);
}

void PortColumns::Append(std::complex<double> v, std::complex<double> i, std::complex<double> z,
  std::complex<double> y, double inputPower)
{
  this->Vre.push_back(v.real());
  this->Vim.push_back(v.imag());
  this->Ire.push_back(i.real());
  this->Iim.push_back(i.imag());
  this->Z.push_back(z);
  this->G.push_back(y.real());
  this->B.push_back(y.imag());
  this->InputPower.push_back(inputPower);
}

void PortColumns::MoveInto(double z0, ColumnTable& t)
{
  t.Add("V_re") = std::move(this->Vre);
  t.Add("V_im") = std::move(this->Vim);
  t.Add("I_re") = std::move(this->Ire);
  t.Add("I_im") = std::move(this->Iim);
  AddReflectionColumns(this->Z, z0, t);
  t.Add("G") = std::move(this->G);
  t.Add("B") = std::move(this->B);
  t.Add("InputPower") = std::move(this->InputPower);
}

namespace
{
/// The lumped loads of the whole file, by name, in order of first appearance.
std::vector<std::string> CollectLoadNames(const NecOutput& nec)
{
  std::vector<std::string> loadNames;
  for (const auto& s : nec.Solutions)
  {
    for (const auto& l : s.Loads)
    {
      if (l.Type != NecLoad::Kind::Other)
      {
        const std::string n = l.Name();
        bool seen = false;
        for (const auto& m : loadNames)
        {
          seen = seen || m == n;
        }
        if (!seen)
        {
          loadNames.push_back(n);
        }
      }
    }
  }
  return loadNames;
}

/// The wire segments (absolute numbers) load `l` covers in solve `s`; `byTag` lists
/// every tag's segments in order.
std::vector<const NecWireSegment*> LoadSegments(const NecLoad& l, const NecSolution& s,
  const std::map<std::int64_t, std::vector<const NecWireSegment*>>& byTag)
{
  std::vector<const NecWireSegment*> segs;
  const std::int64_t thru = l.Thru > 0 ? l.Thru : l.From;
  if (l.Tag > 0)
  {
    const auto it = byTag.find(l.Tag);
    if (it != byTag.end())
    {
      for (std::size_t k = 0; k < it->second.size(); ++k)
      {
        const auto n = static_cast<std::int64_t>(k) + 1;
        if (l.From == 0 || (n >= l.From && n <= thru))
        {
          segs.push_back(it->second[k]);
        }
      }
    }
  }
  else
  {
    for (const auto& w : s.Wires)
    {
      if (l.From == 0 || (w.Segment >= l.From && w.Segment <= thru))
      {
        segs.push_back(&w);
      }
    }
  }
  return segs;
}

/// Per load of one solve (or of the file, as columns): power, first current, S21 in
/// dB and the matched S21.
struct LoadValues
{
  std::vector<double> P, Ire, Iim, Db, Sre, Sim;
};

/// Builds the port table: AddSolve() per solve with sources, then Finish().
class PortTableBuilder
{
public:
  PortTableBuilder(const NecOutput& nec, double z0)
    : LoadNames(CollectLoadNames(nec))
    , Z0(z0)
    , Loads(this->LoadNames.size())
  {}
  void AddSolve(const NecSolution& s, int solve);
  ColumnTable Finish();

private:
  LoadValues SolveLoads(const NecSolution& s) const;
  void AddLoad(const NecLoad& l, const NecSolution& s,
    const std::map<std::int64_t, std::vector<const NecWireSegment*>>& byTag, double available,
    LoadValues& v) const;

  const std::vector<std::string> LoadNames;
  const double Z0;
  std::vector<double> Freq, Exc, Tag, Seg, Prad, Ploss, Pnet, Eff;
  PortColumns Electrical;
  std::vector<LoadValues> Loads; ///< per load name
};

/// The load columns of solve `s`, NaN for a load it does not have.
LoadValues PortTableBuilder::SolveLoads(const NecSolution& s) const
{
  // Segments of every tag in order, from the wire currents (absolute numbers).
  std::map<std::int64_t, std::vector<const NecWireSegment*>> byTag;
  for (const auto& w : s.Wires)
  {
    byTag[w.Tag].push_back(&w);
  }
  const double z0 = this->Z0;
  double available = 0; // W, of all sources as Thevenin generators behind Z0
  for (const auto& p : s.Ports)
  {
    available += std::norm(p.Voltage + z0 * p.Current) / (8 * z0);
  }
  const std::size_t n = this->LoadNames.size();
  LoadValues v{ std::vector<double>(n, NaN), std::vector<double>(n, NaN),
    std::vector<double>(n, NaN), std::vector<double>(n, NaN), std::vector<double>(n, NaN),
    std::vector<double>(n, NaN) };
  for (const auto& l : s.Loads)
  {
    if (l.Type == NecLoad::Kind::Other || s.Wires.empty())
    {
      continue;
    }
    this->AddLoad(l, s, byTag, available, v);
  }
  return v;
}

/// Adds load `l`'s power, current and S21 to `v`.
void PortTableBuilder::AddLoad(const NecLoad& l, const NecSolution& s,
  const std::map<std::int64_t, std::vector<const NecWireSegment*>>& byTag, double available,
  LoadValues& v) const
{
  const double z0 = this->Z0;
  const std::vector<const NecWireSegment*> segs = LoadSegments(l, s, byTag);
  bool fed = false;
  for (const auto* w : segs)
  {
    for (const auto& p : s.Ports)
    {
      fed = fed || p.Segment == w->Segment;
    }
  }
  if (segs.empty())
  {
    return;
  }
  // A load on a fed segment is in series with the source: NEC's input impedance
  // includes it, and its power (counted in the POWER BUDGET's structure loss) is
  // taken from the segment current, the source's input current.
  std::size_t k = 0;
  while (this->LoadNames[k] != l.Name())
  {
    ++k;
  }
  const std::complex<double> zl = l.Impedance(s.Frequency);
  double p = 0;
  for (const auto* w : segs)
  {
    p += 0.5 * std::norm(std::complex<double>(w->CurrentReal, w->CurrentImag)) * zl.real();
  }
  // The same load name twice in one solve (NEC adds them): powers add.
  v.P[k] = std::isnan(v.P[k]) ? p : v.P[k] + p;
  const std::complex<double> il(segs[0]->CurrentReal, segs[0]->CurrentImag);
  v.Ire[k] = il.real();
  v.Iim[k] = il.imag();
  v.Db[k] = available > 0 && v.P[k] > 0 ? 10 * std::log10(v.P[k] / available) : NaN;
  if (!fed && segs.size() == 1 && s.Ports.size() == 1 && std::abs(zl - z0) <= 1e-6 * z0)
  {
    const NecPort& src = s.Ports[0];
    const std::complex<double> s21 = -2.0 * z0 * il / (src.Voltage + z0 * src.Current);
    v.Sre[k] = s21.real();
    v.Sim[k] = s21.imag();
  }
}

/// One row per port of solve `s` (the `solve`-th solve with sources).
void PortTableBuilder::AddSolve(const NecSolution& s, int solve)
{
  const LoadValues v = this->SolveLoads(s);
  for (const auto& p : s.Ports)
  {
    this->Freq.push_back(s.Frequency);
    this->Exc.push_back(solve);
    this->Tag.push_back(static_cast<double>(p.Tag));
    this->Seg.push_back(static_cast<double>(p.Segment));
    this->Electrical.Append(p.Voltage, p.Current, p.Impedance, p.Admittance, p.Power);
    this->Prad.push_back(s.Power.Present ? s.Power.Radiated : NaN);
    this->Ploss.push_back(s.Power.Present ? s.Power.StructureLoss : NaN);
    this->Pnet.push_back(s.Power.Present ? s.Power.NetworkLoss : NaN);
    this->Eff.push_back(s.Power.Present ? s.Power.Efficiency : NaN);
    for (std::size_t k = 0; k < this->Loads.size(); ++k)
    {
      LoadValues& c = this->Loads[k];
      c.P.push_back(v.P[k]);
      c.Ire.push_back(v.Ire[k]);
      c.Iim.push_back(v.Iim[k]);
      c.Db.push_back(v.Db[k]);
      c.Sre.push_back(v.Sre[k]);
      c.Sim.push_back(v.Sim[k]);
    }
  }
}

/// The columns, in their documented order (moved out).
ColumnTable PortTableBuilder::Finish()
{
  ColumnTable t;
  t.ReferenceImpedance = this->Z0;
  t.Add("Frequency") = std::move(this->Freq);
  t.Add("Excitation") = std::move(this->Exc);
  t.Add("Tag") = std::move(this->Tag);
  t.Add("Segment") = std::move(this->Seg);
  this->Electrical.MoveInto(this->Z0, t);
  t.Add("RadiatedPower") = std::move(this->Prad);
  t.Add("StructureLoss") = std::move(this->Ploss);
  t.Add("NetworkLoss") = std::move(this->Pnet);
  t.Add("Efficiency") = std::move(this->Eff);
  for (std::size_t k = 0; k < this->Loads.size(); ++k)
  {
    const std::string& n = this->LoadNames[k];
    LoadValues& c = this->Loads[k];
    t.Add("LoadPower_" + n) = std::move(c.P);
    t.Add("LoadCurrent_re_" + n) = std::move(c.Ire);
    t.Add("LoadCurrent_im_" + n) = std::move(c.Iim);
    t.Add("S21_dB_" + n) = std::move(c.Db);
    t.Add("S21_re_" + n) = std::move(c.Sre);
    t.Add("S21_im_" + n) = std::move(c.Sim);
  }
  return t;
}
} // namespace

ColumnTable NecPortTable(const NecOutput& nec, double z0)
{
  PortTableBuilder b(nec, z0);
  int solve = -1;
  for (const auto& s : nec.Solutions)
  {
    if (!s.Ports.empty())
    {
      b.AddSolve(s, ++solve);
    }
  }
  return b.Finish();
}

} // namespace cm
