// SPDX-License-Identifier: BSD-3-Clause
// Ansys HFSS far-field data files (.ffd): see cmHfssFarField.h.
#include "cmHfssFarField.h"

#include "cmFastRows.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>

namespace cm
{
namespace
{
constexpr double Pi = 3.14159265358979323846;
/// The shortest row, "0 0 0 0\n": counts are checked against the bytes before allocating.
constexpr std::int64_t MinRowBytes = 8;

struct Axis
{
  double Start = 0, Stop = 0;
  std::int64_t Count = 0;
  double At(std::int64_t i) const
  {
    return this->Count == 1 ? this->Start
                            : this->Start +
        (this->Stop - this->Start) * static_cast<double>(i) / static_cast<double>(this->Count - 1);
  }
};

/// The tokens of the next non-blank line; false at the end of the file.
bool NextTokens(LineScanner& s, std::vector<std::string_view>& tok)
{
  std::string_view line;
  while (s.Next(line))
  {
    Tokenize(line, tok);
    if (!tok.empty())
    {
      return true;
    }
  }
  return false;
}

Axis ReadAxis(
  LineScanner& s, std::vector<std::string_view>& tok, const char* name, std::int64_t limit)
{
  if (!NextTokens(s, tok))
  {
    s.Fail(std::string("the file ends before the ") + name + " line (start stop count)");
  }
  if (tok.size() != 3)
  {
    s.Fail(std::string("the ") + name + " line has " + std::to_string(tok.size()) +
      " fields, expected 'start stop count'");
  }
  Axis a;
  a.Start = NeedFinite(s, tok[0], (std::string(name) + " start").c_str());
  a.Stop = NeedFinite(s, tok[1], (std::string(name) + " stop").c_str());
  a.Count = NeedCount(s, tok[2], (std::string(name) + " count").c_str(), limit);
  if (a.Count < 1)
  {
    s.Fail(std::string("the ") + name + " count is 0");
  }
  return a;
}

bool IsKeyword(std::string_view token, const char* upper)
{
  return Upper(token) == upper;
}

class HfssParser
{
public:
  HfssParser(std::string_view text, const std::string& file, const ParallelFor& parallel)
    : Text(text)
    , File(file)
    , S(text, file)
    , Parallel(parallel)
  {}
  HfssFarField Run();

private:
  FarFieldGrid ReadBlock(double frequency);
  bool FastBlock(FarFieldGrid& g, std::int64_t rows);
  void Directivity(FarFieldGrid& g);
  void Finish(std::int64_t rows);
  bool BlockStart(std::size_t at, std::int64_t lineAt, bool first, double& f);

  std::int64_t Declared = -1, DeclaredLine = 0; ///< 'Frequencies N' and its line

  std::string_view Text;
  std::string File;
  LineScanner S;
  std::vector<std::string_view> Tok;
  Axis Theta, Phi;
  HfssFarField Out;
  bool WarnedCoverage = false;
  ParallelFor Parallel;
};

HfssFarField HfssParser::Run()
{
  LineScanner& s = this->S;
  // Each count at most 2^31 (so their product fits); the rows are only reserved as far as
  // the bytes left could hold them, so a huge count allocates nothing and fails at the
  // end of the file ("ends after r of its n rows").
  const std::int64_t limit = std::int64_t(1) << 31;
  this->Theta = ReadAxis(s, this->Tok, "theta", limit);
  this->Phi = ReadAxis(s, this->Tok, "phi", limit);
  const std::int64_t rows = this->Theta.Count * this->Phi.Count;
  bool first = true;
  while (true)
  {
    const std::size_t at = s.Offset();
    const std::int64_t lineAt = s.LineNumber();
    if (!NextTokens(s, this->Tok))
    {
      break;
    }
    double x;
    if (!first && this->Tok.size() == 4 && ParseDouble(this->Tok[0], x) &&
      ParseDouble(this->Tok[3], x))
    {
      // More rows than the counts say: the first block's angles would be wrong too.
      s.Fail("a row after the " + std::to_string(rows) + " rows of frequency block " +
        std::to_string(this->Out.Grids.size()) + ": the theta and phi counts (lines 1-2) do " +
        "not match the rows");
    }
    try
    {
      double f = 0;
      if (!this->BlockStart(at, lineAt, first, f))
      {
        continue;
      }
      first = false;
      this->Out.Grids.push_back(this->ReadBlock(f));
    }
    catch (const ParseError& e)
    {
      if (this->Out.Grids.empty())
      {
        throw;
      }
      this->Out.Warnings.push_back(std::string(e.what()) + "; the " +
        std::to_string(this->Out.Grids.size()) + " frequency block(s) before it are read");
      return std::move(this->Out);
    }
  }
  this->Finish(rows);
  return std::move(this->Out);
}

/// The line that opens a block: 'Frequency f', or (first) a row when the file has no
/// 'Frequency' line; false for 'Frequencies N', which opens none.
bool HfssParser::BlockStart(std::size_t at, std::int64_t lineAt, bool first, double& f)
{
  LineScanner& s = this->S;
  f = 0;
  if (first && this->Declared < 0 && this->Tok.size() == 2 &&
    IsKeyword(this->Tok[0], "FREQUENCIES"))
  {
    this->Declared = NeedCount(s, this->Tok[1], "the number of frequencies", std::int64_t(1) << 31);
    this->DeclaredLine = s.LineNumber();
    return false;
  }
  if (this->Tok.size() == 2 && IsKeyword(this->Tok[0], "FREQUENCY"))
  {
    f = NeedFinite(s, this->Tok[1], "a frequency (Hz)");
  }
  else if (first && this->Tok.size() == 4)
  {
    s.Seek(at, lineAt); // rows with no 'Frequency' line: one block of unknown frequency
  }
  else
  {
    s.Fail("expected 'Frequency f' before a block of rows, found '" +
      std::string(this->Tok[0].substr(0, 20)) + "'");
  }
  return true;
}

/// What the whole file must hold, and the warning for blocks 'Frequencies N' miscounts.
void HfssParser::Finish(std::int64_t rows)
{
  if (this->Out.Grids.empty())
  {
    this->S.Fail("no far-field block ('Frequency f' and " + std::to_string(rows) + " rows)");
  }
  const auto n = static_cast<std::int64_t>(this->Out.Grids.size());
  if (this->Declared >= 0 && n != this->Declared)
  {
    this->Out.Warnings.push_back(ParseError::Format(this->File, this->DeclaredLine,
      "'Frequencies " + std::to_string(this->Declared) + "' but the file holds " +
        std::to_string(n) + " frequency block(s); those are read"));
  }
}

FarFieldGrid HfssParser::ReadBlock(double frequency)
{
  LineScanner& s = this->S;
  FarFieldGrid g;
  g.SourceFormat = "HFSS";
  g.FieldUnit = "V";
  g.Frequency = frequency;
  const std::int64_t rows = this->Theta.Count * this->Phi.Count;
  const auto room = static_cast<std::int64_t>((this->Text.size() - s.Offset()) / MinRowBytes) + 1;
  for (auto* v : { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm })
  {
    v->reserve(static_cast<std::size_t>(std::min(rows, room)));
  }
  static const char* const names[4] = { "Re(Etheta)", "Im(Etheta)", "Re(Ephi)", "Im(Ephi)" };
  const std::size_t block = this->Out.Grids.size() + 1;
  for (std::int64_t r = this->FastBlock(g, rows) ? rows : 0; r < rows; ++r)
  {
    if (!NextTokens(s, this->Tok))
    {
      s.Fail("frequency block " + std::to_string(block) + " ends after " + std::to_string(r) +
        " of its " + std::to_string(rows) + " rows (" + std::to_string(this->Theta.Count) +
        " theta x " + std::to_string(this->Phi.Count) + " phi, theta outer)");
    }
    if (this->Tok.size() != 4)
    {
      s.Fail("row has " + std::to_string(this->Tok.size()) +
        " fields, expected Re(Etheta) Im(Etheta) Re(Ephi) Im(Ephi)");
    }
    double v[4];
    for (int c = 0; c < 4; ++c)
    {
      v[c] = NeedFinite(s, this->Tok[static_cast<std::size_t>(c)], names[c]);
    }
    g.Theta.push_back(this->Theta.At(r / this->Phi.Count)); // θ outer: proved in the header
    g.Phi.push_back(this->Phi.At(r % this->Phi.Count));
    g.EthetaRe.push_back(v[0]);
    g.EthetaIm.push_back(v[1]);
    g.EphiRe.push_back(v[2]);
    g.EphiIm.push_back(v[3]);
  }
  MapToTableRanges(g, this->File, s.LineNumber());
  this->Directivity(g);
  return g;
}

/// The rows of a long block, one line each, in blocks on the threads (cmFastRows.h);
/// false (g and the scanner as they were) when the block is short or a row is refused:
/// the serial loop then reads every row and reports the first bad one. Blocks are read
/// in file order, so the result and the first error are the serial ones.
bool HfssParser::FastBlock(FarFieldGrid& g, std::int64_t rows)
{
  std::vector<DeferredTable> table(1);
  if (!this->Parallel || rows < FastRowMinimum ||
    !SplitRows(this->Text, this->S.Offset(), rows, table[0]))
  {
    return false;
  }
  std::vector<double>* cols[6] = { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe,
    &g.EphiIm };
  for (std::vector<double>* v : cols)
  {
    v->resize(static_cast<std::size_t>(rows));
  }
  const bool ok = ParseDeferredRows(
    this->Text, table, this->Parallel, [&](std::size_t, std::int64_t r, std::string_view line) {
      double v[4];
      std::int64_t unused = 0;
      if (!FastNumberRow(line, 4, false, unused, v))
      {
        return false;
      }
      const auto k = static_cast<std::size_t>(r);
      g.Theta[k] = this->Theta.At(r / this->Phi.Count); // θ outer: proved in the header
      g.Phi[k] = this->Phi.At(r % this->Phi.Count);
      for (int c = 0; c < 4; ++c)
      {
        (*cols[2 + c])[k] = v[c];
      }
      return true;
    });
  if (!ok)
  {
    for (std::vector<double>* v : cols)
    {
      v->clear();
    }
    return false;
  }
  this->S.Seek(table[0].BlockStarts.back(), this->S.LineNumber() + rows);
  return true;
}

/// ∮|rE|²/(2η0) dΩ on the grid (trapezoid in θ, even steps in φ); negative with `why`
/// when the grid does not cover the sphere.
double IntegratedPower(const FarFieldGrid& g, std::string& why)
{
  const auto nt = static_cast<std::size_t>(g.NumberOfTheta);
  const auto np = static_cast<std::size_t>(g.NumberOfPhi);
  if (nt < 2 || std::abs(g.Theta[0]) > 1e-9 || std::abs(g.Theta[nt - 1] - 180) > 1e-9)
  {
    why = "theta does not run from 0 to 180 degrees";
    return -1;
  }
  const double step = 360.0 / static_cast<double>(np);
  for (std::size_t j = 0; j < np; ++j)
  {
    if (np < 4 || std::abs(g.Phi[j * nt] - g.Phi[0] - step * static_cast<double>(j)) > 1e-6)
    {
      why = "phi does not go evenly round the circle in 4 or more steps";
      return -1;
    }
  }
  return TrapezoidRadiatedPower(g);
}
} // namespace

/// 10·log10(4π|rE_k|²/(2η0·power)) per sample, NoFieldDecibels where there is no field.
std::vector<double> HfssGainColumn(const FarFieldGrid& g, double power)
{
  std::vector<double> out(g.Theta.size());
  const double scale = 4 * Pi / (2 * FreeSpaceWaveImpedance * power);
  for (std::size_t k = 0; k < out.size(); ++k)
  {
    const double d = scale *
      (g.EthetaRe[k] * g.EthetaRe[k] + g.EthetaIm[k] * g.EthetaIm[k] + g.EphiRe[k] * g.EphiRe[k] +
        g.EphiIm[k] * g.EphiIm[k]);
    out[k] = d > 0 ? std::max(10 * std::log10(d), NoFieldDecibels) : NoFieldDecibels;
  }
  return out;
}

void HfssParser::Directivity(FarFieldGrid& g)
{
  std::string why;
  const double p = IntegratedPower(g, why);
  if (p > 0)
  {
    g.Gain = HfssGainColumn(g, p);
    g.GainKind = "Directivity";
    g.Values.emplace_back("IntegratedPower", std::vector<double>{ p });
    return;
  }
  if (!this->WarnedCoverage)
  {
    this->WarnedCoverage = true;
    this->Out.Warnings.push_back(ParseError::Format(this->File, 1,
      (p < 0 ? why : std::string("the field is zero everywhere")) +
        ": no directivity (Gain) from the integrated field; the fields are read"));
  }
}

HfssFarField ParseHfssFarField(
  std::string_view text, const std::string& fileName, const ParallelFor& parallel)
{
  return HfssParser(text, fileName, parallel).Run();
}

bool LooksLikeHfssFarField(std::string_view head)
{
  LineScanner s(head, "");
  std::vector<std::string_view> tok;
  for (int k = 0; k < 2; ++k)
  {
    std::int64_t n = 0;
    double x;
    if (!NextTokens(s, tok) || tok.size() != 3 || !ParseDouble(tok[0], x) ||
      !ParseDouble(tok[1], x) || !ParseInt(tok[2], n) || n < 1)
    {
      return false;
    }
  }
  if (!NextTokens(s, tok))
  {
    return false;
  }
  double x;
  if (tok.size() == 2)
  {
    return (IsKeyword(tok[0], "FREQUENCIES") || IsKeyword(tok[0], "FREQUENCY")) &&
      ParseDouble(tok[1], x);
  }
  return tok.size() == 4 && ParseDouble(tok[0], x) && ParseDouble(tok[3], x);
}
} // namespace cm
