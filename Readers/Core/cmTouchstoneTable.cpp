// SPDX-License-Identifier: BSD-3-Clause
// Touchstone Y and Z to S, and the output table: S columns, reflection columns, port
// impedances.
#include "cmTouchstoneParser.h"

#include "cmNecNetwork.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cm
{
namespace touchstone
{
/// x = b a⁻¹ for n × n row-major matrices (Gauss-Jordan on the transposed system
/// aᵀ xᵀ = bᵀ, partial pivoting); false when a is singular.
bool RightDivide(std::vector<C> b, std::vector<C> a, std::size_t n, std::vector<C>& x)
{
  // Transpose both: solve aᵀ X = bᵀ, then x = Xᵀ.
  std::vector<C> at(n * n), bt(n * n);
  for (std::size_t i = 0; i < n; ++i)
  {
    for (std::size_t j = 0; j < n; ++j)
    {
      at[i * n + j] = a[j * n + i];
      bt[i * n + j] = b[j * n + i];
    }
  }
  for (std::size_t c = 0; c < n; ++c)
  {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
    {
      p = std::abs(at[r * n + c]) > std::abs(at[p * n + c]) ? r : p;
    }
    if (!(std::abs(at[p * n + c]) > 0))
    {
      return false;
    }
    for (std::size_t k = 0; k < n && p != c; ++k)
    {
      std::swap(at[p * n + k], at[c * n + k]);
      std::swap(bt[p * n + k], bt[c * n + k]);
    }
    const C d = at[c * n + c];
    for (std::size_t r = 0; r < n; ++r)
    {
      if (r == c)
      {
        continue;
      }
      const C f = at[r * n + c] / d;
      if (f == C(0))
      {
        continue;
      }
      for (std::size_t k = 0; k < n; ++k)
      {
        at[r * n + k] -= f * at[c * n + k];
        bt[r * n + k] -= f * bt[c * n + k];
      }
    }
  }
  x.assign(n * n, C(0));
  for (std::size_t i = 0; i < n; ++i)
  {
    for (std::size_t j = 0; j < n; ++j)
    {
      x[j * n + i] = bt[i * n + j] / at[i * n + i];
    }
  }
  return true;
}

/// The reference of each port: [Reference] (2.0), else R. To S: Touchstone 1.x
/// normalises Y and Z to R; 2.0 does not (normalise by each port's reference,
/// z = G^-1/2 Z G^-1/2, y = G^1/2 Y G^1/2), then S = (z − I)(z + I)⁻¹ = (I − y)(I + y)⁻¹.
void Parser::ConvertToS()
{
  const auto n = static_cast<std::size_t>(this->Ports);
  if (this->Refs.empty())
  {
    this->Refs.assign(n, this->O.R);
  }
  this->ApplyModeReferences();
  const char p = this->O.Parameter;
  if (p == 'S')
  {
    return;
  }
  std::vector<C> plus(n * n), minus(n * n), sm;
  for (std::size_t f = 0; f < this->Freq.size(); ++f)
  {
    for (std::size_t i = 0; i < n; ++i)
    {
      for (std::size_t j = 0; j < n; ++j)
      {
        C v = this->Values[f * n * n + i * n + j];
        if (this->V2)
        {
          const double g = std::sqrt(this->Refs[i] * this->Refs[j]);
          v = p == 'Z' ? v / g : v * g;
        }
        const double id = i == j ? 1 : 0;
        plus[i * n + j] = v + id;
        minus[i * n + j] = p == 'Z' ? v - id : id - v;
      }
    }
    if (!RightDivide(minus, plus, n, sm))
    {
      throw ParseError(this->File, this->FreqLine[f],
        std::string(1, p) + " matrix has no S parameters (" + (p == 'Z' ? "z + I" : "I + y") +
          " is singular)");
    }
    std::copy(sm.begin(), sm.end(), this->Values.begin() + static_cast<std::ptrdiff_t>(f * n * n));
  }
}

/// Port impedances other than R (HFSS's comments, or [Reference]): the S columns stay as
/// the file gives them (against each port's impedance), port 1's impedance comes from
/// its own, the reflection columns are against R, and the impedances become columns.
ColumnTable Parser::BuildTable()
{
  const auto n = static_cast<std::size_t>(this->Ports);
  const std::size_t rows = this->Freq.size();
  const auto& refs = this->Refs;
  ColumnTable t;
  t.ReferenceImpedance = this->O.R;
  bool sameRefs = true;
  for (double r : refs)
  {
    sameRefs = sameRefs && r == refs[0];
  }
  for (const C& z : this->PortZ)
  {
    this->OtherZ = this->OtherZ || std::abs(z - this->O.R) > 1e-9 * this->O.R;
  }
  if (this->PortZ.empty() && sameRefs)
  {
    t.ReferenceImpedance = refs[0];
  }
  else if (this->PortZ.empty())
  {
    this->OtherZ = true;
    for (std::size_t f = 0; f < rows; ++f)
    {
      this->PortZ.insert(this->PortZ.end(), refs.begin(), refs.end());
    }
  }
  if (this->Info)
  {
    this->Info->Version = this->V2 ? 2 : 1;
    this->Info->Ports = this->Ports;
    this->Info->PortReferenceImpedances = this->Modes.empty() ? refs : this->PortRefs;
    if (!this->Modes.empty())
    {
      this->Info->ModeReferenceImpedances = refs;
      for (const ModeEntry& e : this->Modes)
      {
        this->Info->MixedModeOrder.push_back(e.Text);
      }
    }
  }
  this->BuildNoiseTable();
  this->ResolvePortNames();
  t.Add("Frequency") = this->Freq;
  this->AddParameterColumns(t, n, rows);
  std::vector<C> z(rows);
  for (std::size_t r = 0; r < rows; ++r)
  {
    const C s11 = this->Values[r * n * n];
    const C z1 = this->OtherZ ? this->PortZ[r * n] : C(t.ReferenceImpedance);
    z[r] = z1 * (1.0 + s11) / (1.0 - s11);
  }
  AddReflectionColumns(z, t.ReferenceImpedance, t);
  if (this->OtherZ)
  {
    this->AddPortImpedanceColumns(t, n, rows);
  }
  return t;
}

/// Sij_re, Sij_im, Sij_dB: S11 S21 S12 S22 for 2 ports (the columns of the 1.1 reader, in
/// the file's order), else row-major.
void Parser::AddParameterColumns(ColumnTable& t, std::size_t n, std::size_t rows) const
{
  // Named first, in order, then filled through the ParallelFor (one parameter each).
  const std::size_t first = t.Columns.size();
  std::vector<std::pair<std::size_t, std::size_t>> entries(n * n);
  for (std::size_t k = 0; k < n * n; ++k)
  {
    entries[k] = n == 2 ? std::make_pair(k % 2, k / 2) // S11 S21 S12 S22 (column order)
                        : std::make_pair(k / n, k % n);
    const std::string name = this->ParameterName(entries[k].first, entries[k].second, n);
    t.Add(name + "_re");
    t.Add(name + "_im");
    t.Add(name + "_dB");
  }
  RunFor(this->Parallel, static_cast<long long>(n * n), [&](long long lo, long long hi) {
    for (long long k = lo; k < hi; ++k)
    {
      const std::size_t i = entries[static_cast<std::size_t>(k)].first,
                        j = entries[static_cast<std::size_t>(k)].second;
      std::vector<double>* c = &t.Columns[first + 3 * static_cast<std::size_t>(k)];
      std::vector<double>&re = c[0], &im = c[1], &db = c[2];
      re.resize(rows);
      im.resize(rows);
      db.resize(rows);
      for (std::size_t r = 0; r < rows; ++r)
      {
        const C v = this->Values[r * n * n + i * n + j];
        re[r] = v.real();
        im[r] = v.imag();
        db[r] = 20 * std::log10(std::abs(v));
      }
    }
  });
}

void Parser::AddPortImpedanceColumns(ColumnTable& t, std::size_t n, std::size_t rows) const
{
  for (std::size_t k = 0; k < n; ++k)
  {
    std::vector<double> re(rows), im(rows);
    for (std::size_t r = 0; r < rows; ++r)
    {
      re[r] = this->PortZ[r * n + k].real();
      im[r] = this->PortZ[r * n + k].imag();
    }
    t.Add("PortImpedance" + std::to_string(k + 1) + "_re") = std::move(re);
    t.Add("PortImpedance" + std::to_string(k + 1) + "_im") = std::move(im);
  }
}
} // namespace touchstone
} // namespace cm
