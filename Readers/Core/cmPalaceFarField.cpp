// SPDX-License-Identifier: BSD-3-Clause
// AWS Palace farfield-rE.csv: the rows as blocks of one frequency (or eigenmode) and
// excitation (see cmPalace.h). The grid interpolation is in cmPalaceGrid.cpp.
#include "cmPalace.h"

#include "cmPalaceCsv.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>

namespace cm
{
namespace
{
/// The columns a far-field file must name, in Palace's spelling (padding removed).
const char* const FieldNames[6] = { "r*Re{E_x} (V)", "r*Im{E_x} (V)", "r*Re{E_y} (V)",
  "r*Im{E_y} (V)", "r*Re{E_z} (V)", "r*Im{E_z} (V)" };

struct Columns
{
  int Frequency = -1, FrequencyImag = -1, Mode = -1, Excitation = -1, Theta = -1, Phi = -1;
  int Field[6] = { -1, -1, -1, -1, -1, -1 };
  int Count = 0;
};

Columns PlaceColumns(const LineScanner& s, const std::vector<std::string_view>& names)
{
  Columns c;
  c.Count = static_cast<int>(names.size());
  for (int k = 0; k < c.Count; ++k)
  {
    const std::string_view n = names[static_cast<std::size_t>(k)];
    int* slot = n == "f (GHz)" || n == "f_re (GHz)" ? &c.Frequency
      : n == "f_im (GHz)"                           ? &c.FrequencyImag
      : n == "m"                                    ? &c.Mode
      : n == "exc"                                  ? &c.Excitation
      : n == "theta (deg.)"                         ? &c.Theta
      : n == "phi (deg.)"                           ? &c.Phi
                                                    : nullptr;
    for (int f = 0; f < 6 && !slot; ++f)
    {
      slot = n == FieldNames[f] ? &c.Field[f] : nullptr;
    }
    if (slot && *slot < 0)
    {
      *slot = k;
    }
  }
  std::string missing;
  auto need = [&missing](int col, const char* name) {
    if (col < 0)
    {
      missing += missing.empty() ? std::string("'") + name + "'" : std::string(", '") + name + "'";
    }
  };
  need(c.Frequency, "f (GHz)");
  need(c.Theta, "theta (deg.)");
  need(c.Phi, "phi (deg.)");
  for (int f = 0; f < 6; ++f)
  {
    need(c.Field[f], FieldNames[f]);
  }
  if (!missing.empty())
  {
    s.Fail("the header names no column " + missing + " (Palace's farfield-rE.csv columns)");
  }
  return c;
}

class FarFieldParser
{
public:
  FarFieldParser(std::string_view text, const std::string& file)
    : S(text, file)
  {}
  PalaceFarField Run();

private:
  void Row(const std::vector<std::string_view>& f);
  void CloseBlock();

  LineScanner S;
  Columns Col;
  PalaceFarField Out;
  PalaceFarFieldBlock Cur;
  bool Open = false;
};

PalaceFarField FarFieldParser::Run()
{
  std::string_view line;
  std::vector<std::string_view> f;
  if (!palace::NextFields(this->S, line, f))
  {
    this->S.Fail("empty file: expected Palace's farfield-rE.csv header");
  }
  this->Col = PlaceColumns(this->S, f);
  this->Out.Eigenmode = this->Col.Mode >= 0;
  while (palace::NextFields(this->S, line, f))
  {
    try
    {
      this->Row(f);
    }
    catch (const ParseError& e)
    {
      if (this->Out.Blocks.empty())
      {
        throw;
      }
      this->Out.Warnings.push_back(std::string(e.what()) + "; the " +
        std::to_string(this->Out.Blocks.size()) + " block(s) before it are read");
      return std::move(this->Out);
    }
  }
  if (this->Open)
  {
    try
    {
      this->CloseBlock();
    }
    catch (const ParseError& e)
    {
      if (this->Out.Blocks.empty())
      {
        throw;
      }
      this->Out.Warnings.push_back(std::string(e.what()) + "; the " +
        std::to_string(this->Out.Blocks.size()) + " block(s) before it are read");
    }
  }
  if (this->Out.Blocks.empty())
  {
    this->S.Fail("no far-field rows after the header");
  }
  return std::move(this->Out);
}

/// A block is complete when the next one starts: a later block must have the first's rows.
void FarFieldParser::CloseBlock()
{
  this->Open = false;
  if (!this->Out.Blocks.empty() && this->Cur.Theta.size() != this->Out.Blocks[0].Theta.size())
  {
    throw ParseError(this->S.FileName(), this->Cur.Line,
      "the block starting here has " + std::to_string(this->Cur.Theta.size()) +
        " directions, the first block " + std::to_string(this->Out.Blocks[0].Theta.size()) +
        " (a file cut short?)");
  }
  this->Out.Blocks.push_back(std::move(this->Cur));
  this->Cur = PalaceFarFieldBlock();
}

void FarFieldParser::Row(const std::vector<std::string_view>& f)
{
  const LineScanner& s = this->S;
  if (static_cast<int>(f.size()) != this->Col.Count)
  {
    s.Fail("row has " + std::to_string(f.size()) + " fields, the header " +
      std::to_string(this->Col.Count));
  }
  auto at = [&f](int c) { return f[static_cast<std::size_t>(c)]; };
  const double fr = NeedFinite(s, at(this->Col.Frequency), "a frequency (GHz)") * 1e9;
  const double fi = this->Col.FrequencyImag >= 0
    ? NeedFinite(s, at(this->Col.FrequencyImag), "an imaginary frequency (GHz)") * 1e9
    : 0.0;
  const double mode = this->Col.Mode >= 0 ? NeedFinite(s, at(this->Col.Mode), "a mode number") : 0;
  const double exc =
    this->Col.Excitation >= 0 ? NeedFinite(s, at(this->Col.Excitation), "an excitation") : 0;
  if (mode != std::floor(mode) || exc != std::floor(exc) || std::abs(mode) > 1e9 ||
    std::abs(exc) > 1e9)
  {
    s.Fail("the mode or excitation number is not an integer");
  }
  const auto m = static_cast<std::int64_t>(mode), e = static_cast<std::int64_t>(exc);
  if (this->Open &&
    (fr != this->Cur.Frequency || fi != this->Cur.FrequencyImag || m != this->Cur.Mode ||
      e != this->Cur.Excitation))
  {
    this->CloseBlock();
  }
  double v[8];
  v[0] = NeedFinite(s, at(this->Col.Theta), "theta (deg.)");
  v[1] = NeedFinite(s, at(this->Col.Phi), "phi (deg.)");
  for (int c = 0; c < 6; ++c)
  {
    v[2 + c] = NeedFinite(s, at(this->Col.Field[c]), FieldNames[c]);
  }
  if (!this->Open)
  {
    this->Open = true;
    this->Cur.Frequency = fr;
    this->Cur.FrequencyImag = fi;
    this->Cur.Mode = m;
    this->Cur.Excitation = e;
    this->Cur.Line = s.LineNumber();
  }
  this->Cur.Theta.push_back(v[0]);
  this->Cur.Phi.push_back(v[1]);
  this->Cur.Ex.emplace_back(v[2], v[3]);
  this->Cur.Ey.emplace_back(v[4], v[5]);
  this->Cur.Ez.emplace_back(v[6], v[7]);
}
} // namespace

PalaceFarField ParsePalaceFarField(std::string_view text, const std::string& fileName)
{
  return FarFieldParser(text, fileName).Run();
}

bool LooksLikePalaceFarField(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view line;
  std::vector<std::string_view> f;
  if (!palace::NextFields(s, line, f))
  {
    return false;
  }
  bool theta = false, phi = false, ex = false;
  for (std::string_view n : f)
  {
    theta = theta || n == "theta (deg.)";
    phi = phi || n == "phi (deg.)";
    ex = ex || n == "r*Re{E_x} (V)";
  }
  return theta && phi && ex;
}
} // namespace cm
