// SPDX-License-Identifier: BSD-3-Clause
// TICRA GRASP field data in cuts (.cut): see cmGrasp.h.
#include "cmGrasp.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>

namespace cm
{
namespace
{
using C = std::complex<double>;
/// The shortest row, "0 0 0 0\n": counts are checked against the bytes before allocating.
constexpr std::int64_t MinRowBytes = 8;

struct CutHeader
{
  double VIni = 0, VInc = 0, C = 0;
  std::int64_t VNum = 0;
  int Icomp = 0, Icut = 0, Ncomp = 0;
  std::string Text;
  std::int64_t Line = 0;
  bool SameCut(const CutHeader& o) const
  {
    return VIni == o.VIni && VInc == o.VInc && C == o.C && VNum == o.VNum;
  }
};

/// Angles to 1e-9 degrees, so that V_INI + i·V_INC of two cuts meet exactly.
double Snap(double v)
{
  return std::round(v * 1e9) / 1e9;
}

int SmallInt(const LineScanner& s, std::string_view tok, const char* what, int lo, int hi)
{
  const std::int64_t v = NeedInt(s, tok, what);
  if (v < lo || v > hi)
  {
    s.Fail(std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) +
      ".." + std::to_string(hi) +
      (hi == 2 ? " (1 polar, 2 conical; planar and cylindrical cuts are not read)" : ""));
  }
  return static_cast<int>(v);
}

class CutParser
{
public:
  CutParser(std::string_view text, const std::string& file, const std::vector<double>& f)
    : Text(text)
    , File(file)
    , Frequencies(f)
    , S(text, file)
  {}
  GraspFile Run();

private:
  bool ReadHeader(CutHeader& h);
  void ReadRows(const CutHeader& h);
  void CloseSet();

  std::string_view Text;
  std::string File;
  std::vector<double> Frequencies;
  LineScanner S;
  std::vector<std::string_view> Tok;
  GraspFile Out;
  CutHeader First;
  std::int64_t CutsPerSet = 0, CutInSet = 0;
  GraspSet Current;
  std::vector<C> F[3];
  std::vector<bool> PoleTurn;
};

/// The cut's text line and its parameter line; false at the end of the file.
bool CutParser::ReadHeader(CutHeader& h)
{
  LineScanner& s = this->S;
  std::string_view line;
  if (!s.Next(line))
  {
    return false;
  }
  const std::int64_t textLine = s.LineNumber();
  h.Text = std::string(Trim(line).substr(0, 200));
  if (!s.Next(line))
  {
    if (h.Text.empty())
    {
      return false; // a blank last line
    }
    s.Fail("the file ends after the cut's text line '" + h.Text.substr(0, 40) +
      "' (expected V_INI V_INC V_NUM C ICOMP ICUT NCOMP)");
  }
  Tokenize(line, this->Tok);
  if (this->Tok.size() != 7)
  {
    s.Fail("the cut line after the text line " + std::to_string(textLine) + " has " +
      std::to_string(this->Tok.size()) + " fields, expected V_INI V_INC V_NUM C ICOMP ICUT NCOMP");
  }
  h.Line = s.LineNumber();
  h.VIni = NeedFinite(s, this->Tok[0], "V_INI");
  h.VInc = NeedFinite(s, this->Tok[1], "V_INC");
  h.VNum = NeedCount(s, this->Tok[2], "V_NUM", std::int64_t(1) << 31);
  h.C = NeedFinite(s, this->Tok[3], "C");
  h.Icomp = SmallInt(s, this->Tok[4], "ICOMP", 1, 9);
  h.Icut = SmallInt(s, this->Tok[5], "ICUT", 1, 2);
  h.Ncomp = SmallInt(s, this->Tok[6], "NCOMP", 2, 3);
  if (h.VNum < 1)
  {
    s.Fail("V_NUM is 0");
  }
  return true;
}

void CutParser::ReadRows(const CutHeader& h)
{
  LineScanner& s = this->S;
  const auto room = static_cast<std::int64_t>((this->Text.size() - s.Offset()) / MinRowBytes) + 1;
  FarFieldGrid& g = this->Current.Samples;
  const auto want = static_cast<std::size_t>(std::min(h.VNum, room));
  for (auto* v : { &g.Theta, &g.Phi })
  {
    v->reserve(v->size() + want);
  }
  for (const char* name : { "Cut", "V", "C" })
  {
    g.Column(name); // all three first: a later Column() may move the earlier ones
  }
  std::vector<double>& cut = g.Column("Cut");
  std::vector<double>& vcol = g.Column("V");
  std::vector<double>& ccol = g.Column("C");
  static const char* const names[6] = { "Re(F1)", "Im(F1)", "Re(F2)", "Im(F2)", "Re(F3)",
    "Im(F3)" };
  const bool pole =
    h.Icut == 2 && h.Icomp == 1 && (std::abs(h.C) < 1e-9 || std::abs(h.C - 180) < 1e-9);
  const std::size_t width = static_cast<std::size_t>(2 * h.Ncomp);
  std::string_view line;
  for (std::int64_t i = 0; i < h.VNum; ++i)
  {
    if (!s.Next(line))
    {
      s.Fail("the cut of line " + std::to_string(h.Line) + " ends after " + std::to_string(i) +
        " of its " + std::to_string(h.VNum) + " rows (V_NUM)");
    }
    Tokenize(line, this->Tok);
    if (this->Tok.size() != width)
    {
      s.Fail("row has " + std::to_string(this->Tok.size()) + " fields, expected " +
        std::to_string(width) + " (NCOMP " + std::to_string(h.Ncomp) + " complex components)");
    }
    double v[6] = { 0, 0, 0, 0, 0, 0 };
    for (std::size_t c = 0; c < width; ++c)
    {
      v[c] = NeedFinite(s, this->Tok[c], names[c]);
    }
    const double at = Snap(h.VIni + static_cast<double>(i) * h.VInc);
    g.Theta.push_back(h.Icut == 1 ? at : Snap(h.C));
    g.Phi.push_back(h.Icut == 1 ? Snap(h.C) : at);
    cut.push_back(static_cast<double>(this->CutInSet));
    vcol.push_back(at);
    ccol.push_back(h.C);
    for (int c = 0; c < h.Ncomp; ++c)
    {
      this->F[c].emplace_back(v[2 * c], v[2 * c + 1]);
    }
    this->PoleTurn.push_back(pole);
  }
}

void CutParser::CloseSet()
{
  const std::size_t k = this->Out.Sets.size();
  this->Current.Samples.Frequency = k < this->Frequencies.size() ? this->Frequencies[k] : 0;
  this->Current.Samples.Name = this->First.Text;
  grasp::FinishSet(
    this->Current, this->First.Icomp, this->PoleTurn, this->F, this->File, this->First.Line);
  this->Out.Sets.push_back(std::move(this->Current));
  this->Current = GraspSet();
  this->PoleTurn.clear();
  for (auto& f : this->F)
  {
    f.clear();
  }
  this->CutInSet = 0;
}

GraspFile CutParser::Run()
{
  this->Out.Kind = "cut";
  CutHeader h;
  std::int64_t cuts = 0;
  while (true)
  {
    try
    {
      if (!this->ReadHeader(h))
      {
        break;
      }
      if (cuts == 0)
      {
        this->First = h;
        this->Out.Icomp = h.Icomp;
        this->Out.Ncomp = h.Ncomp;
        this->Out.Geometry = h.Icut;
      }
      else if (h.Icomp != this->First.Icomp || h.Icut != this->First.Icut ||
        h.Ncomp != this->First.Ncomp)
      {
        this->S.Fail("ICOMP ICUT NCOMP " + std::to_string(h.Icomp) + " " + std::to_string(h.Icut) +
          " " + std::to_string(h.Ncomp) + " differ from the first cut's (line " +
          std::to_string(this->First.Line) + ")");
      }
      if (cuts > 0 && h.SameCut(this->First))
      {
        this->CutsPerSet = this->CutsPerSet == 0 ? cuts : this->CutsPerSet;
        this->CloseSet(); // the first cut's header again: the next frequency
      }
      this->ReadRows(h);
      ++cuts;
      ++this->CutInSet;
    }
    catch (const ParseError& e)
    {
      if (this->Out.Sets.empty())
      {
        throw;
      }
      this->Out.Warnings.push_back(std::string(e.what()) + "; the " +
        std::to_string(this->Out.Sets.size()) + " set(s) of cuts before it are read");
      return std::move(this->Out);
    }
  }
  if (cuts == 0)
  {
    this->S.Fail("no cut (a text line, then V_INI V_INC V_NUM C ICOMP ICUT NCOMP and rows)");
  }
  if (this->CutsPerSet > 0 && this->CutInSet != this->CutsPerSet)
  {
    this->Out.Warnings.push_back(ParseError::Format(this->File, h.Line,
      "the last set has " + std::to_string(this->CutInSet) + " of the " +
        std::to_string(this->CutsPerSet) + " cuts of the first set; it is left out"));
    return std::move(this->Out);
  }
  this->CloseSet();
  return std::move(this->Out);
}

bool IsNumber(std::string_view t)
{
  double x;
  return ParseDouble(t, x);
}
} // namespace

GraspFile ParseGraspCut(
  std::string_view text, const std::string& fileName, const std::vector<double>& frequenciesHz)
{
  return CutParser(text, fileName, frequenciesHz).Run();
}

bool LooksLikeGraspCut(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view line;
  std::vector<std::string_view> tok;
  std::int64_t n[4];
  double x;
  if (!s.Next(line) || line.size() > 400 || !s.Next(line))
  {
    return false;
  }
  Tokenize(line, tok);
  if (tok.size() != 7 || !IsNumber(tok[0]) || !IsNumber(tok[1]) || !ParseInt(tok[2], n[0]) ||
    !IsNumber(tok[3]) || !ParseInt(tok[4], n[1]) || !ParseInt(tok[5], n[2]) ||
    !ParseInt(tok[6], n[3]) || n[0] < 1 || n[1] < 1 || n[1] > 9 || n[2] < 1 || n[2] > 2 ||
    n[3] < 2 || n[3] > 3 || !s.Next(line))
  {
    return false;
  }
  Tokenize(line, tok);
  if (tok.size() != static_cast<std::size_t>(2 * n[3]))
  {
    return false;
  }
  return std::all_of(
    tok.begin(), tok.end(), [&x](std::string_view t) { return ParseDouble(t, x); });
}
} // namespace cm
