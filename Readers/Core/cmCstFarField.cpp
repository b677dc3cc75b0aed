// SPDX-License-Identifier: BSD-3-Clause
#include "cmCstFarField.h"

#include "cmArrayNames.h"

#include "cmConstants.h"
#include "cmFastLines.h"
#include "cmTextSearch.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace cm
{
namespace
{
struct Column
{
  std::string Name; ///< upper case, blanks removed: "ABS(THETA)"
  std::string Printed; ///< as printed, blanks removed: "Abs(Theta)"
  std::string Unit; ///< as printed, trimmed: "dBi", "deg.", ""
};

/// Splits the header at every ']': "Abs(Phi  )[dBi   ]" is one column.
std::vector<Column> HeaderColumns(std::string_view line)
{
  std::vector<Column> cols;
  std::size_t b = 0;
  for (std::size_t e; (e = line.find(']', b)) != std::string_view::npos; b = e + 1)
  {
    const std::string_view seg = line.substr(b, e - b);
    const std::size_t open = seg.find('[');
    if (open == std::string_view::npos)
    {
      return {};
    }
    Column c;
    for (char ch : seg.substr(0, open))
    {
      if (ch != ' ' && ch != '\t')
      {
        c.Printed += ch;
      }
    }
    c.Name = Upper(c.Printed);
    for (char ch : Trim(seg.substr(open + 1)))
    {
      if (ch != ' ' && ch != '\t')
      {
        c.Unit += ch;
      }
    }
    cols.push_back(c);
  }
  if (!Trim(line.substr(b)).empty())
  {
    return {};
  }
  return cols;
}

bool IsRule(std::string_view line)
{
  line = Trim(line);
  return line.size() >= 10 && line.find_first_not_of('-') == std::string_view::npos;
}

bool Decibel(const std::string& unit)
{
  return Upper(unit).rfind("DB", 0) == 0;
}

/// What a bracketed unit says a value is. CST writes "dBi" (directivity, gain or realized
/// gain relative to isotropic, by the column name), "dB" (relative to the pattern's
/// maximum), "V" (r·E, the far field without its 1/r), "V/m" (E), "A/m" (H), each also
/// in dB ("dBV", "dBV/m", "dBA/m", "dBuV/m"), and blank for linear directivity/gain.
enum class Quantity
{
  Power, ///< dBi, or blank: directivity/gain; field magnitude = √(power ratio)
  Relative, ///< dB: relative to the maximum; field magnitude = 10^(x/20)
  Volts, ///< V: r·E
  EField, ///< V/m
  HField, ///< A/m
  Unknown
};

struct UnitMeaning
{
  Quantity What = Quantity::Unknown;
  bool Db = false;
  double Scale = 1; ///< SI factor of a micro or milli prefix
};

UnitMeaning MeaningOf(const std::string& unit)
{
  UnitMeaning m;
  std::string u = Upper(unit);
  m.Db = u.rfind("DB", 0) == 0;
  u = m.Db ? u.substr(2) : u;
  if (u.empty() || u == "LIN" || u == "LINEAR")
  {
    m.What = m.Db ? Quantity::Relative : Quantity::Power;
    return m;
  }
  if (u == "I")
  {
    m.What = m.Db ? Quantity::Power : Quantity::Unknown;
    return m;
  }
  if (u[0] == 'U' || u[0] == 'M')
  {
    m.Scale = u[0] == 'U' ? 1e-6 : 1e-3;
    u = u.substr(1);
  }
  m.What = u == "V" ? Quantity::Volts
    : u == "V/M"    ? Quantity::EField
    : u == "A/M"    ? Quantity::HField
                    : Quantity::Unknown;
  return m;
}

/// Field magnitude from a printed component value in its unit.
double Magnitude(double v, const UnitMeaning& m)
{
  if (m.Db)
  {
    return m.Scale * std::pow(10.0, v / 20.0);
  }
  if (m.What == Quantity::Power)
  {
    return std::sqrt(v > 0 ? v : 0.0); // power-like linear units
  }
  return m.Scale * v; // V, V/m, A/m: already a field
}

/// The coordinate system named by the first two column names: "spherical" for
/// Theta/Phi, "Ludwig-2 ..." for CST's Elev./Azim. and Alpha/Epsi., "" otherwise.
std::string AngleSystem(const std::vector<Column>& cols)
{
  if (cols.size() < 3)
  {
    return "";
  }
  const std::string& a = cols[0].Name;
  const std::string& b = cols[1].Name;
  if (a == "THETA" && b == "PHI")
  {
    return "spherical";
  }
  auto is = [](const std::string& n, const char* prefix) { return n.rfind(prefix, 0) == 0; };
  if ((is(a, "ELEV") && is(b, "AZIM")) || (is(a, "AZIM") && is(b, "ELEV")))
  {
    return "Ludwig-2 azimuth over elevation (Elev./Azim.)";
  }
  if ((is(a, "ALPHA") && is(b, "EPSI")) || (is(a, "EPSI") && is(b, "ALPHA")))
  {
    return "Ludwig-2 elevation over azimuth (Alpha/Epsi.)";
  }
  return "";
}
} // namespace

bool LooksLikeCstFarField(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view first, second;
  if (!s.Next(first) || !s.Next(second))
  {
    return false;
  }
  return !AngleSystem(HeaderColumns(first)).empty() && IsRule(second);
}

namespace
{
/// The CST far-field parser: its state, and one member per part of the file. Run() reads
/// the header (column roles, then units), names the outputs, then reads the rows.
class CstFarFieldParser
{
public:
  CstFarFieldParser(
    std::string_view text, const std::string& file, const ParallelFor& parallel, bool fast)
    : S(text, file)
    , Text(text)
    , File(file)
    , Parallel(parallel)
    , Fast(fast)
  {}

  FarFieldGrid Run();

private:
  void ReadHeader();
  /// Which columns hold the total, the two components (abs, phase) and the axial ratio.
  void AssignColumns();
  /// The units in brackets: one quantity for the components and the total.
  void CheckUnits();
  /// Gain only where the file says directivity, gain or realized gain.
  void SetGainKind();
  void NameOutputs();
  /// One row's values into V; false at a blank line.
  bool ReadValues(std::string_view line);
  void StoreRow();
  /// The arrays of the output sized for n rows; row i's values stored in them.
  void SizeRows(std::size_t n);
  void StoreRowAt(const double* v, std::size_t i);
  /// The fast path (cmFastLines.h): every row at once, in blocks through Parallel; throws
  /// FastRowsRefused where the serial path must read the rows.
  void ReadRowsFast();
  FarFieldGrid Finish();

  LineScanner S;
  std::string_view Text;
  const std::string& File;
  std::vector<Column> Cols;
  FarFieldGrid G;
  int Total = -1, Axial = -1, Abs1 = -1, Ph1 = -1, Abs2 = -1, Ph2 = -1;
  std::string Pol;
  int Ludwig2 = 0; ///< 0: θ/φ angles; 1: Elev./Azim.; 2: Alpha/Epsi.
  std::string System; ///< the Ludwig-2 system's description, for messages
  UnitMeaning M1, M2;
  Quantity Q = Quantity::Unknown;
  bool GainTotal = false, FieldTotal = false;
  std::vector<std::string_view> Tok;
  std::vector<double> V;
  std::int64_t Limit = 0; ///< rows the file could hold
  ParallelFor Parallel;
  bool Fast;
  int PolCode = 0; ///< 0: θ/φ or Ludwig-2 as printed; 1: Ludwig-3; 2: circular
  bool TotalDb = false; ///< the gain total is in dB
};

FarFieldGrid CstFarFieldParser::Run()
{
  this->ReadHeader();
  this->AssignColumns();
  this->CheckUnits();
  this->SetGainKind();
  this->NameOutputs();
  this->Limit = static_cast<std::int64_t>(this->Text.size() / 8) + 1;
  this->V.resize(this->Cols.size());
  this->PolCode = this->Pol == "ludwig3"                               ? 1
    : (this->Pol == "spherical" || this->Pol.rfind("ludwig2", 0) == 0) ? 0
                                                                       : 2;
  this->TotalDb =
    this->Total >= 0 && Decibel(this->Cols[static_cast<std::size_t>(this->Total)].Unit);
  if (this->Fast)
  {
    this->ReadRowsFast();
    return this->Finish();
  }
  std::string_view line;
  while (this->S.Next(line))
  {
    if (this->ReadValues(line))
    {
      this->StoreRow();
    }
  }
  return this->Finish();
}

/// The column names (with units) and the dashed rule under them.
void CstFarFieldParser::ReadHeader()
{
  LineScanner& s = this->S;
  std::string_view line;
  if (!s.Next(line))
  {
    throw ParseError(this->File, 0, "empty file: expected a CST far-field export");
  }
  this->Cols = HeaderColumns(line);
  const std::string system = AngleSystem(this->Cols);
  if (system.empty())
  {
    s.Fail("not a CST far-field export: the first line must name the columns with units in "
           "brackets, starting with Theta [deg.] and Phi [deg.]");
  }
  if (system != "spherical")
  {
    // CST's Ludwig-2 systems (Ludwig2Direction, confirmed on CST's own exports): the
    // latitude (Elev., Alpha) is the first column and varies fastest.
    this->System = system;
    this->Ludwig2 = system.find("Alpha") != std::string::npos ? 2 : 1;
    const std::string& first = this->Cols[0].Name;
    if (first.rfind("AZIM", 0) == 0 || first.rfind("EPSI", 0) == 0)
    {
      s.Fail("CST export in the " + system + " coordinate system with " + this->Cols[0].Printed +
        " first: CST writes Elev. or Alpha first (the column that varies fastest)");
    }
  }
  if (!s.Next(line) || !IsRule(line))
  {
    s.Fail("expected the dashed rule under the column names");
  }
  this->G.SourceFormat = "CST";
}

void CstFarFieldParser::AssignColumns()
{
  const std::vector<Column>& cols = this->Cols;
  const std::string& file = this->File;
  std::string& pol = this->Pol;
  auto component = [](const std::string& n, const char* what) { return n == std::string(what); };
  for (std::size_t c = 2; c < cols.size(); ++c)
  {
    const std::string& n = cols[c].Name;
    const int ci = static_cast<int>(c);
    if (n.rfind("AX.RATIO", 0) == 0 || n.rfind("AXIALRATIO", 0) == 0)
    {
      this->Axial = ci;
      continue;
    }
    const bool isAbs = n.rfind("ABS(", 0) == 0, isPhase = n.rfind("PHASE(", 0) == 0;
    if ((!isAbs && !isPhase) || n.back() != ')')
    {
      continue; // an unknown column is skipped
    }
    const std::string inner = n.substr(isAbs ? 4 : 6, n.size() - (isAbs ? 5 : 7));
    // CST cuts component names to five characters ("Horiz", "Verti", "Left ", "Right"),
    // so they are matched by their first letters.
    auto starts = [&inner](const char* p) { return inner.rfind(p, 0) == 0; };
    std::string p, which;
    if (component(inner, "THETA") || component(inner, "PHI"))
      p = "spherical", which = inner == "THETA" ? "1" : "2";
    else if (starts("HOR") || starts("VER"))
      p = "ludwig3", which = inner[0] == 'H' ? "1" : "2";
    else if (starts("AZIM") || starts("ELEV"))
      p = "ludwig2ae", which = inner[0] == 'A' ? "1" : "2";
    else if (starts("ALPHA") || starts("EPSI"))
      p = "ludwig2ea", which = inner[0] == 'A' ? "1" : "2";
    else if (starts("LEFT") || starts("RIGHT") || inner == "LHCP" || inner == "RHCP")
      p = "circular", which = inner[0] == 'L' ? "1" : "2";
    else if (starts("CROSS") || starts("COPOL") || starts("CO-POL") || starts("CO"))
    {
      throw ParseError(file, 1,
        "co- and cross-polar components (" + cols[c].Printed +
          ") are relative to a reference "
          "polarization the export does not record: export Theta/Phi, Ludwig-3 (Horiz/Verti) or "
          "circular (Left/Right) components instead");
    }
    else if (isAbs)
    {
      this->Total = ci; // Dir., Gain, Realized Gain; or the field itself: Abs(V), Abs(E), Abs(H)
      continue;
    }
    else
    {
      continue;
    }
    if (!pol.empty() && pol != p)
    {
      throw ParseError(file, 1, "the columns mix " + pol + " and " + p + " components");
    }
    pol = p;
    (which == "1" ? (isAbs ? this->Abs1 : this->Ph1) : (isAbs ? this->Abs2 : this->Ph2)) = ci;
  }
  if (this->Abs1 < 0 || this->Ph1 < 0 || this->Abs2 < 0 || this->Ph2 < 0)
  {
    throw ParseError(file, 1,
      "the header needs Abs() and Phase() columns of two field components (Theta/Phi, "
      "Horiz/Vert, Left/Right, or Azimu/Eleva and Alpha/Epsil with CST's Ludwig-2 angles)");
  }
  // Components must belong to the angles' system (circular ones to either).
  const std::string own = this->Ludwig2 == 1 ? "ludwig2ae" : this->Ludwig2 == 2 ? "ludwig2ea" : "";
  if (pol != "circular" && (this->Ludwig2 ? pol != own : pol.rfind("ludwig2", 0) == 0))
  {
    throw ParseError(file, 1,
      "CST export in the " + (this->Ludwig2 ? this->System : std::string("spherical")) +
        " coordinate system with " + cols[static_cast<std::size_t>(this->Abs1)].Printed +
        " components: CST writes " +
        (this->Ludwig2 == 1      ? "Azimu/Eleva"
            : this->Ludwig2 == 2 ? "Alpha/Epsil"
                                 : "Theta/Phi, Horiz/Verti") +
        " (or Left/Right) components with these angles");
  }
}

// The unit in brackets says what the values are; the column name only tells
// directivity, gain and realized gain apart. Both components must share one unit.
void CstFarFieldParser::CheckUnits()
{
  const std::vector<Column>& cols = this->Cols;
  const std::string& file = this->File;
  const int abs1 = this->Abs1, abs2 = this->Abs2, total = this->Total;
  this->M1 = MeaningOf(cols[abs1].Unit);
  this->M2 = MeaningOf(cols[abs2].Unit);
  for (int c : { abs1, abs2, total })
  {
    if (c >= 0 && MeaningOf(cols[c].Unit).What == Quantity::Unknown)
    {
      throw ParseError(file, 1,
        "column " + std::to_string(c + 1) + " (" + cols[c].Printed + ") has the unit [" +
          cols[c].Unit +
          "]; the CST units read are dBi, dB, V, V/m, A/m (linear or in dB) and blank (linear "
          "directivity or gain)");
    }
  }
  if (this->M1.What != this->M2.What)
  {
    throw ParseError(file, 1,
      "the components " + cols[abs1].Printed + " [" + cols[abs1].Unit + "] and " +
        cols[abs2].Printed + " [" + cols[abs2].Unit + "] have units of different quantities");
  }
  this->Q = this->M1.What;
  if (total >= 0 && MeaningOf(cols[total].Unit).What != this->Q)
  {
    throw ParseError(file, 1,
      "the total " + cols[total].Printed + " [" + cols[total].Unit + "] and the components [" +
        cols[abs1].Unit + "] have units of different quantities");
  }
}

void CstFarFieldParser::SetGainKind()
{
  const std::vector<Column>& cols = this->Cols;
  const int abs1 = this->Abs1, total = this->Total;
  const Quantity q = this->Q;
  FarFieldGrid& g = this->G;
  if (q == Quantity::Power)
  {
    const std::string tn = total >= 0 ? cols[total].Name : std::string();
    g.GainKind = tn.find("REAL") != std::string::npos || tn.find("GRLZ") != std::string::npos
      ? "Realized Gain"
      : tn.find("GAIN") != std::string::npos ? "Gain"
      : tn.find("DIR") != std::string::npos  ? "Directivity"
                                             : "";
    this->GainTotal = !g.GainKind.empty();
    if (!this->GainTotal)
    {
      throw ParseError(this->File, 1,
        std::string("the components are in [") + cols[abs1].Unit +
          "] (a directivity or gain) but " +
          (total >= 0 ? "the total column " + cols[total].Printed + " names neither"
                      : "there is no total column") +
          ": expected Abs(Dir.), Abs(Gain) or Abs(Realized Gain)");
    }
    g.FieldUnit = "sqrt(" + g.GainKind + ")";
  }
  else
  {
    g.GainKind = q == Quantity::Relative ? "Relative"
      : q == Quantity::HField            ? "H-Field"
                                         : "E-Field";
    // H exports become E through the far-field relation E = eta0 H x r (Etheta = eta0 Hphi,
    // Ephi = -eta0 Htheta), so that the E columns always hold E.
    g.FieldUnit = q == Quantity::Relative ? "relative" : q == Quantity::Volts ? "V" : "V/m";
  }
}

void CstFarFieldParser::NameOutputs()
{
  const std::vector<Column>& cols = this->Cols;
  const std::string& pol = this->Pol;
  const int total = this->Total;
  FarFieldGrid& g = this->G;
  const char* suffix1 = pol == "spherical" ? "theta"
    : pol == "ludwig3"                     ? "horiz"
    : pol == "ludwig2ae"                   ? "azimuth"
    : pol == "ludwig2ea"                   ? "alpha"
                                           : "left";
  const char* suffix2 = pol == "spherical" ? "phi"
    : pol == "ludwig3"                     ? "vert"
    : pol == "ludwig2ae"                   ? "elevation"
    : pol == "ludwig2ea"                   ? "epsilon"
                                           : "right";
  // A component's own values: Gain_<c> for a gain; otherwise its name and unit as printed.
  auto named = [&](int c, const char* suffix) {
    return this->GainTotal ? std::string("Gain_") + suffix
                           : SlashFreeName(cols[c].Printed + "_" + cols[c].Unit);
  };
  g.Extra.emplace_back(named(this->Abs1, suffix1), std::vector<double>());
  g.Extra.emplace_back(named(this->Abs2, suffix2), std::vector<double>());
  if (this->Axial >= 0)
  {
    g.Extra.emplace_back("AxialRatio", std::vector<double>());
  }
  // A total that is no gain (|E| in V or V/m, |H|, a relative pattern) is kept under its
  // printed name and unit, e.g. "Abs(V)_V" or "Abs(E)_dBV_per_m" (a unit's '/' is "_per_",
  // cmArrayNames.h).
  this->FieldTotal = total >= 0 && !this->GainTotal;
  if (this->FieldTotal)
  {
    g.Extra.emplace_back(
      SlashFreeName(cols[total].Printed + "_" + cols[total].Unit), std::vector<double>());
  }
}

bool CstFarFieldParser::ReadValues(std::string_view line)
{
  LineScanner& s = this->S;
  const std::vector<Column>& cols = this->Cols;
  std::vector<std::string_view>& tok = this->Tok;
  std::vector<double>& v = this->V;
  if (Trim(line).empty())
  {
    return false;
  }
  Tokenize(line, tok);
  if (tok.size() != cols.size())
  {
    s.Fail("row has " + std::to_string(tok.size()) + " fields, the header names " +
      std::to_string(cols.size()) + " columns");
  }
  if (this->G.NumberOfSamples() >= this->Limit)
  {
    s.Fail("more rows than the file could hold");
  }
  for (std::size_t c = 0; c < cols.size(); ++c)
  {
    // CST prints -inf dB for a null of a linear-scale export converted to dB; keep it.
    v[c] = NeedDouble(s, tok[c], "a number");
    if (std::isnan(v[c]))
    {
      s.Fail("column " + std::to_string(c + 1) + " is not a number: '" +
        std::string(tok[c].substr(0, 20)) + "'");
    }
    if (std::isinf(v[c]) && !Decibel(cols[c].Unit))
    {
      s.Fail("column " + std::to_string(c + 1) + " is infinite ('" +
        std::string(tok[c].substr(0, 20)) + "'); only dB columns may print -inf");
    }
  }
  if (!std::isfinite(v[0]) || !std::isfinite(v[1]))
  {
    s.Fail("theta and phi must be finite");
  }
  return true;
}

void CstFarFieldParser::StoreRow()
{
  const std::size_t n = this->G.Theta.size();
  this->SizeRows(n + 1);
  this->StoreRowAt(this->V.data(), n);
}

void CstFarFieldParser::SizeRows(std::size_t n)
{
  // The fast path sizes once: one block, advised for huge pages when big
  // (ResizeLargeVector); the serial path grows row by row (resize, geometric).
  auto size = [n](std::vector<double>& v) {
    if (v.empty())
    {
      ResizeLargeVector(v, n);
    }
    else
    {
      v.resize(n);
    }
  };
  FarFieldGrid& g = this->G;
  for (auto* v : { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm })
  {
    size(*v);
  }
  if (!this->FieldTotal && this->Total >= 0)
  {
    size(g.Gain);
  }
  for (auto& e : g.Extra)
  {
    size(e.second);
  }
}

/// The row's two components as Etheta, Ephi (from Ludwig-3 or circular, and H to E),
/// and its total and extra columns, as row i.
void CstFarFieldParser::StoreRowAt(const double* v, std::size_t i)
{
  const int total = this->Total;
  FarFieldGrid& g = this->G;
  const double eta0 = FreeSpaceWaveImpedance;
  const double d2r = cm::RadiansPerDegree;
  const double th = v[0], ph = v[1];
  const std::complex<double> a = std::polar(Magnitude(v[this->Abs1], this->M1), v[this->Ph1] * d2r);
  const std::complex<double> b = std::polar(Magnitude(v[this->Abs2], this->M2), v[this->Ph2] * d2r);
  std::complex<double> et, ep;
  if (this->PolCode == 0)
  {
    et = a, ep = b; // Ludwig-2: the first and second components, taken to θ/φ at the end
  }
  else if (this->PolCode == 1)
  {
    const double c = std::cos(ph * d2r), sn = std::sin(ph * d2r);
    et = a * c + b * sn;
    ep = -a * sn + b * c;
  }
  else
  {
    // CST: E_R = (Eθ + jEφ)/√2, E_L = (Eθ − jEφ)/√2 (IEEE with e^{jωt}: the RHCP unit
    // vector is (θ̂ − jφ̂)/√2). Checked on CST's own exports of one antenna (MEMACS
    // FF_spherical_circ_pos180.txt against FF_spherical_lin_pos180.txt).
    const std::complex<double> j(0, 1);
    et = (b + a) / std::sqrt(2.0); // (E_R + E_L)/√2
    ep = -j * (b - a) / std::sqrt(2.0); // −j(E_R − E_L)/√2
  }
  if (this->Q == Quantity::HField)
  {
    const std::complex<double> ht = et, hp = ep;
    et = eta0 * hp;
    ep = -eta0 * ht;
  }
  g.Theta[i] = th;
  g.Phi[i] = ph;
  g.EthetaRe[i] = et.real();
  g.EthetaIm[i] = et.imag();
  g.EphiRe[i] = ep.real();
  g.EphiIm[i] = ep.imag();
  if (this->FieldTotal)
  {
    g.Extra.back().second[i] = v[total];
  }
  else if (total >= 0)
  {
    const double db = this->TotalDb ? v[total] : 10 * std::log10(v[total] > 0 ? v[total] : 0.0);
    // A null prints as -inf dB (or 0 linear): store NEC's no-field value instead.
    g.Gain[i] = db < NoFieldDecibels ? NoFieldDecibels : db;
  }
  g.Extra[0].second[i] = v[this->Abs1];
  g.Extra[1].second[i] = v[this->Abs2];
  if (this->Axial >= 0)
  {
    g.Extra[2].second[i] = v[this->Axial];
  }
}

void CstFarFieldParser::ReadRowsFast()
{
  // The rows run to the end of the file, one per line: counted, then parsed in blocks.
  const std::size_t begin = this->S.Offset();
  const std::int64_t rows = CountLines(this->Text, begin, this->Parallel);
  std::vector<std::size_t> starts;
  if (rows == 0 || rows >= this->Limit ||
    !FindLineBlocks(this->Text, begin, rows, FastLineBlock, starts))
  {
    throw FastRowsRefused();
  }
  const int ncols = static_cast<int>(this->Cols.size());
  if (ncols > 64)
  {
    throw FastRowsRefused();
  }
  // Which columns may print an infinity (dB columns, not the angles), as ReadValues.
  std::vector<char> infOk(this->Cols.size(), 0);
  for (std::size_t c = 2; c < this->Cols.size(); ++c)
  {
    infOk[c] = Decibel(this->Cols[c].Unit) ? 1 : 0;
  }
  this->SizeRows(static_cast<std::size_t>(rows));
  const std::int64_t blocks = static_cast<std::int64_t>(starts.size()) - 1;
  std::vector<char> ok(static_cast<std::size_t>(blocks), 0);
  RunFor(this->Parallel, blocks, [&](std::int64_t lo, std::int64_t hi) {
    double v[64];
    for (std::int64_t b = lo; b < hi; ++b)
    {
      ok[static_cast<std::size_t>(b)] = ForEachRow(
        this->Text, starts, FastLineBlock, rows, b, [&](std::int64_t r, std::string_view line) {
          if (!FastNumbers(line.data(), line.data() + line.size(), ncols, v))
          {
            return false;
          }
          for (int c = 0; c < ncols; ++c)
          {
            if (std::isnan(v[c]) || (std::isinf(v[c]) && !infOk[static_cast<std::size_t>(c)]))
            {
              return false;
            }
          }
          this->StoreRowAt(v, static_cast<std::size_t>(r));
          return true;
        });
    }
  });
  if (std::find(ok.begin(), ok.end(), 0) != ok.end())
  {
    throw FastRowsRefused();
  }
  this->S.Seek(this->Text.size(), this->S.LineNumber() + rows);
}

FarFieldGrid CstFarFieldParser::Finish()
{
  FarFieldGrid& g = this->G;
  const std::string& file = this->File;
  LineScanner& s = this->S;
  if (g.Theta.empty())
  {
    throw ParseError(file, s.LineNumber(), "no rows under the header");
  }
  if (this->Ludwig2)
  {
    FinishFarFieldGrid(g, file, s.LineNumber());
    const int total = this->Total;
    const std::string totalName = this->FieldTotal
      ? this->Cols[static_cast<std::size_t>(total)].Printed + "_" +
        this->Cols[static_cast<std::size_t>(total)].Unit
      : std::string();
    return Ludwig2ToSpherical(g, this->Ludwig2 == 2, totalName,
      this->FieldTotal && Decibel(this->Cols[static_cast<std::size_t>(total)].Unit), file,
      s.LineNumber());
  }
  if (HasThetaBeyondTable(g))
  {
    // CST's "360" ranges (theta 0..360 or -180..180 over half a turn of phi) go to the
    // table's; a spherical component's own value at a filled pole is not known (NaN).
    std::vector<std::string> basis;
    if (this->Pol == "spherical")
    {
      basis = { g.Extra[0].first, g.Extra[1].first };
    }
    MapToTableRanges(g, file, s.LineNumber(), basis);
    return std::move(g);
  }
  FinishFarFieldGrid(g, file, s.LineNumber());
  return std::move(g);
}
} // namespace

FarFieldGrid ParseCstFarField(
  std::string_view text, const std::string& file, const ParallelFor& parallel)
{
  // The fast path first; any row it refuses, or any error, and the serial parse words
  // what is wrong, so the values and the first error are the same on any thread count.
  try
  {
    return CstFarFieldParser(text, file, parallel, true).Run();
  }
  catch (const FastRowsRefused&)
  {}
  catch (const ParseError&)
  {}
  return CstFarFieldParser(text, file, parallel, false).Run();
}

FarFieldGrid ReadCstFarFieldFile(const std::string& path, const ParallelFor& parallel)
{
  return ParseCstFarField(ReadWholeFile(path, 1ull << 34, parallel), path, parallel);
}
} // namespace cm
