// SPDX-License-Identifier: BSD-3-Clause
// The far- and near-field tables of FEKO's text output (cmFekoOutFields.h describes the
// layouts). One scanner class: Run is the section loop (frequency, request names, the two
// kinds of banner); ReadFarField/ReadNearField read one table each; the lattice of the
// near-field points and the conversion to Cartesian components are free functions.
#include "cmFekoOutFields.h"

#include "cmFekoText.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace cm
{
namespace
{
constexpr std::size_t npos = std::string_view::npos;
constexpr double Deg = 3.14159265358979323846 / 180.0;
using C = std::complex<double>;
using feko::FindPhrase;
using feko::HasPhrase;

/// The lattice of points printed with coordinates `c` (3 per point): the coordinate
/// that changes first is i, the one that changes at the end of the first i run is j,
/// the other k. False (a line of N points) when the points are no such lattice.
bool Lattice(const std::vector<double>& c, std::int64_t dims[3])
{
  const std::size_t n = c.size() / 3;
  dims[0] = static_cast<std::int64_t>(n);
  dims[1] = dims[2] = 1;
  if (n < 2)
  {
    return true;
  }
  const auto same = [&](std::size_t a, std::size_t b, int d) {
    return std::abs(c[3 * a + d] - c[3 * b + d]) <= 1e-9 * (1 + std::abs(c[3 * b + d]));
  };
  int fi = -1;
  for (int d = 0; d < 3 && fi < 0; ++d)
  {
    fi = same(0, 1, d) ? -1 : d;
  }
  if (fi < 0)
  {
    return false; // two points at one place
  }
  std::size_t ni = 1;
  while (ni < n && same(ni, 0, (fi + 1) % 3) && same(ni, 0, (fi + 2) % 3))
  {
    ++ni;
  }
  int fj = -1;
  for (int d = 0; d < 3 && ni < n; ++d)
  {
    fj = (d != fi && !same(ni, 0, d)) ? d : fj;
  }
  if (n % ni != 0 || (ni < n && fj < 0))
  {
    return false;
  }
  const int fk = 3 - fi - (fj < 0 ? (fi == 0 ? 1 : 0) : fj);
  std::size_t nj = 1;
  while (fj >= 0 && nj * ni < n && same(nj * ni, 0, fk))
  {
    ++nj;
  }
  if (n % (ni * nj) != 0)
  {
    return false;
  }
  for (std::size_t p = 0; p < n; ++p)
  {
    const std::size_t a = p % ni, b = (p / ni) % nj, k = p / (ni * nj);
    if (!same(p, a, fi) || (fj >= 0 && !same(p, b * ni, fj)) || !same(p, k * ni * nj, fk))
    {
      return false;
    }
  }
  dims[0] = static_cast<std::int64_t>(ni);
  dims[1] = static_cast<std::int64_t>(nj);
  dims[2] = static_cast<std::int64_t>(n / (ni * nj));
  return true;
}

enum class Frame
{
  Cartesian,
  Spherical,
  Cylindrical
};

/// The point and the components in Cartesian form.
void ToCartesian(Frame f, const double (&q)[3], const C (&e)[3], double (&p)[3], C (&out)[3])
{
  if (f == Frame::Cartesian)
  {
    std::copy(q, q + 3, p);
    std::copy(e, e + 3, out);
    return;
  }
  if (f == Frame::Cylindrical) // ρ, φ, z; Eρ, Eφ, Ez
  {
    const double cp = std::cos(q[1] * Deg), sp = std::sin(q[1] * Deg);
    p[0] = q[0] * cp;
    p[1] = q[0] * sp;
    p[2] = q[2];
    out[0] = e[0] * cp - e[1] * sp;
    out[1] = e[0] * sp + e[1] * cp;
    out[2] = e[2];
    return;
  }
  const double st = std::sin(q[1] * Deg), ct = std::cos(q[1] * Deg); // r, θ, φ
  const double sp = std::sin(q[2] * Deg), cp = std::cos(q[2] * Deg);
  p[0] = q[0] * st * cp;
  p[1] = q[0] * st * sp;
  p[2] = q[0] * ct;
  out[0] = e[0] * st * cp + e[1] * ct * cp - e[2] * sp;
  out[1] = e[0] * st * sp + e[1] * ct * sp + e[2] * cp;
  out[2] = e[0] * ct - e[1] * st;
}

class FekoFieldScanner
{
public:
  FekoFieldScanner(
    std::string_view text, const std::string& file, std::vector<std::string>* notices)
    : Notices(notices)
    , S(text, file)
    , Limit(static_cast<std::int64_t>(text.size() / 40) + 1)
  {}

  /// Reads every table of one kind (far or near).
  void Run(bool far);

  std::vector<FarFieldGrid> Far;
  std::vector<FekoNearField> Near;

private:
  bool ReadHeaderLine();
  void ReadFarField();
  bool FarHeader(FarFieldGrid& g);
  void FarRow(FarFieldGrid& g);
  void ActivePower(FarFieldGrid& g);
  void ReadNearField(bool electric);
  Frame NearHeader();
  void AddNearField(FekoNearField&& nf, bool electric);
  bool NextRow();

  std::vector<std::string>* Notices;
  LineScanner S;
  const std::int64_t Limit;
  double Frequency = 0;
  std::string FarName, NearName;
  std::string_view Line;
  std::vector<std::string_view> Tok;
};

void FekoFieldScanner::Run(bool far)
{
  while (this->S.Next(this->Line))
  {
    if (feko::IsDataRow(this->Line) || this->ReadHeaderLine())
    {
      continue;
    }
    const bool isFar = HasPhrase(this->Line, "IN THE FAR FIELD");
    const bool e = HasPhrase(this->Line, "FIELD STRENGTH IN V/M");
    const bool h = HasPhrase(this->Line, "FIELD STRENGTH IN A/M");
    if (!HasPhrase(this->Line, "VALUES OF THE") || (far ? !isFar : (isFar || (!e && !h))))
    {
      continue;
    }
    const std::size_t before = far ? this->Far.size() : this->Near.size();
    try
    {
      far ? this->ReadFarField() : this->ReadNearField(e);
    }
    catch (const ParseError& err)
    {
      if (!this->Notices || before == 0)
      {
        throw;
      }
      this->Notices->push_back(std::string(err.what()) + " (this " + (far ? "far" : "near") +
        "-field table and the rest of the file are not read)");
      return;
    }
  }
}

/// FREQ =, the request names, EXCITATION BY; false for other lines.
bool FekoFieldScanner::ReadHeaderLine()
{
  std::size_t at = npos;
  if ((at = feko::FindFrequencyValue(this->Line)) != npos)
  {
    Tokenize(this->Line.substr(at), this->Tok);
    double f = 0;
    if (this->Tok.empty() || !ParseDouble(this->Tok[0], f) || !(f > 0))
    {
      this->S.Fail("cannot read the frequency after 'FREQ ='");
    }
    this->Frequency = f;
  }
  else if ((at = FindPhrase(this->Line, "FAR FIELD REQUEST WITH NAME:")) != npos)
  {
    this->FarName = std::string(Trim(this->Line.substr(at)));
  }
  else if ((at = FindPhrase(this->Line, "NEAR FIELD REQUEST WITH NAME:")) != npos)
  {
    this->NearName = std::string(Trim(this->Line.substr(at)));
  }
  else if (HasPhrase(this->Line, "EXCITATION BY"))
  {
    this->FarName.clear();
    this->NearName.clear();
  }
  else
  {
    return false;
  }
  return true;
}

/// The next line when it is a table row (a number first); else back before it.
bool FekoFieldScanner::NextRow()
{
  const std::size_t at = this->S.Offset();
  const std::int64_t ln = this->S.LineNumber();
  double x = 0;
  if (this->S.Next(this->Line))
  {
    Tokenize(this->Line, this->Tok);
    if (!this->Tok.empty() && ParseDouble(this->Tok[0], x))
    {
      return true;
    }
  }
  this->S.Seek(at, ln);
  return false;
}

// ---- far field ---------------------------------------------------------------

/// The header lines up to THETA PHI; sets the kind from "... in dB". False when no
/// THETA PHI line follows within 8 lines.
bool FekoFieldScanner::FarHeader(FarFieldGrid& g)
{
  for (int k = 0; k < 8 && this->S.Next(this->Line); ++k)
  {
    if (HasPhrase(this->Line, "DIRECTIVITY IN DB"))
    {
      g.GainKind = "Directivity";
    }
    else if (HasPhrase(this->Line, "GAIN IN DB"))
    {
      g.GainKind = "Gain";
    }
    if (HasPhrase(this->Line, "THETA", true) && HasPhrase(this->Line, "PHI"))
    {
      return true;
    }
  }
  return false;
}

void FekoFieldScanner::ReadFarField()
{
  FarFieldGrid g;
  g.Frequency = this->Frequency;
  g.SourceFormat = "FEKO";
  g.Name = this->FarName;
  g.FieldUnit = "V";
  const std::int64_t banner = this->S.LineNumber();
  if (!this->FarHeader(g))
  {
    this->S.Fail("a far-field table without its THETA PHI header line");
  }
  while (this->NextRow())
  {
    if (g.NumberOfSamples() >= this->Limit)
    {
      this->S.Fail("more far-field rows than the file could hold");
    }
    this->FarRow(g);
  }
  if (g.Theta.empty())
  {
    this->S.Fail("a far-field table without rows");
  }
  this->ActivePower(g);
  if (g.GainKind.empty())
  {
    g.Gain.clear();
  }
  // φ outer, θ inner is the grid as it stands; FEKO's other orders are sorted.
  try
  {
    FarFieldGrid copy = g;
    FinishFarFieldGrid(copy, this->S.FileName(), banner);
    g = std::move(copy);
  }
  catch (const ParseError&)
  {
    MapToTableRanges(g, this->S.FileName(), banner, { "Gain_theta", "Gain_phi" });
  }
  this->Far.push_back(std::move(g));
}

/// θ φ |Eθ| arg |Eφ| arg, then (with a kind) vert. horiz. total, axial ratio, angle, sense.
void FekoFieldScanner::FarRow(FarFieldGrid& g)
{
  const std::size_t need = g.GainKind.empty() ? 6 : 9;
  if (this->Tok.size() < need)
  {
    this->S.Fail("a far-field row has " + std::to_string(this->Tok.size()) + " fields (expected " +
      std::to_string(need) + " or more)");
  }
  double v[11] = {};
  const std::size_t numbers = std::min<std::size_t>(this->Tok.size(), g.GainKind.empty() ? 6 : 11);
  for (std::size_t k = 0; k < numbers; ++k)
  {
    v[k] = NeedFinite(this->S, this->Tok[k], "a number");
  }
  if (v[2] < 0 || v[4] < 0)
  {
    this->S.Fail("a negative field magnitude");
  }
  double re, im;
  g.Theta.push_back(v[0]);
  g.Phi.push_back(v[1]);
  FromMagnitudePhase(v[2], v[3], re, im);
  g.EthetaRe.push_back(re);
  g.EthetaIm.push_back(im);
  FromMagnitudePhase(v[4], v[5], re, im);
  g.EphiRe.push_back(re);
  g.EphiIm.push_back(im);
  if (g.GainKind.empty())
  {
    return;
  }
  // FEKO prints -999.9999 for a zero field; the contract's value is NoFieldDecibels.
  g.Gain.push_back(v[8] <= -999 ? NoFieldDecibels : v[8]);
  g.Column("Gain_theta").push_back(v[6]);
  g.Column("Gain_phi").push_back(v[7]);
  // Every row adds to every column, so the columns keep one length: FEKO leaves
  // the sense blank where the field is zero (11 fields), and a row cut short
  // has no axial ratio or tilt either (NaN, an empty sense).
  const double nan = std::nan("");
  g.Column("AxialRatio").push_back(this->Tok.size() >= 10 ? v[9] : nan);
  g.Column("Tilt").push_back(this->Tok.size() >= 11 ? v[10] : nan);
  g.Sense.emplace_back(this->Tok.size() >= 12 ? this->Tok[11] : std::string());
}

/// "based on an active power of P W" within the 8 lines after the table (then back).
void FekoFieldScanner::ActivePower(FarFieldGrid& g)
{
  const std::size_t at = this->S.Offset();
  const std::int64_t ln = this->S.LineNumber();
  for (int k = 0; k < 8 && this->S.Next(this->Line); ++k)
  {
    const std::size_t p = FindPhrase(this->Line, "ACTIVE POWER OF");
    double w = 0;
    if (p != npos)
    {
      Tokenize(this->Line.substr(p), this->Tok);
      if (!this->Tok.empty() && ParseDouble(this->Tok[0], w) && w > 0)
      {
        g.Values.push_back({ "ActivePower[W]", { w } });
      }
      break;
    }
    if (HasPhrase(this->Line, "VALUES OF THE"))
    {
      break;
    }
  }
  this->S.Seek(at, ln);
}

// ---- near field --------------------------------------------------------------

/// The header lines up to the coordinate names (within 8 lines).
Frame FekoFieldScanner::NearHeader()
{
  for (int k = 0; k < 8 && this->S.Next(this->Line); ++k)
  {
    if (!HasPhrase(this->Line, "MAGN."))
    {
      continue;
    }
    if (HasPhrase(this->Line, "X/M"))
    {
      return Frame::Cartesian;
    }
    if (HasPhrase(this->Line, "RHO"))
    {
      return Frame::Cylindrical;
    }
    if (HasPhrase(this->Line, "R/M") || HasPhrase(this->Line, "THETA"))
    {
      return Frame::Spherical;
    }
    this->S.Fail("a near-field table whose coordinates are not X/m Y/m Z/m, R/m THETA PHI "
                 "or RHO/m PHI Z/m");
  }
  this->S.Fail("a near-field table without its coordinate header line");
}

void FekoFieldScanner::ReadNearField(bool electric)
{
  FekoNearField nf;
  nf.Frequency = this->Frequency;
  nf.Name = this->NearName;
  nf.Grid.Line = this->S.LineNumber();
  const Frame frame = this->NearHeader();
  std::vector<double> native;
  std::vector<double>& re = electric ? nf.Grid.ERe : nf.Grid.HRe;
  std::vector<double>& im = electric ? nf.Grid.EIm : nf.Grid.HIm;
  while (this->NextRow())
  {
    if (this->Tok.size() != 10)
    {
      this->S.Fail("a near-field row has " + std::to_string(this->Tok.size()) +
        " fields (expected 10: medium, 3 coordinates, magnitude and phase of 3 components)");
    }
    if (static_cast<std::int64_t>(native.size() / 3) >= this->Limit)
    {
      this->S.Fail("more near-field rows than the file could hold");
    }
    double q[3], p[3];
    C e[3], out[3];
    for (int d = 0; d < 3; ++d)
    {
      q[d] = NeedFinite(this->S, this->Tok[static_cast<std::size_t>(1 + d)], "a coordinate");
      const double m =
        NeedFinite(this->S, this->Tok[static_cast<std::size_t>(4 + 2 * d)], "a magnitude");
      if (m < 0)
      {
        this->S.Fail("a negative field magnitude");
      }
      e[d] = std::polar(
        m, NeedFinite(this->S, this->Tok[static_cast<std::size_t>(5 + 2 * d)], "a phase") * Deg);
      native.push_back(q[d]);
    }
    ToCartesian(frame, q, e, p, out);
    for (int d = 0; d < 3; ++d)
    {
      nf.Grid.Points.push_back(p[d]);
      re.push_back(out[d].real());
      im.push_back(out[d].imag());
    }
  }
  if (native.empty())
  {
    this->S.Fail("a near-field table without rows");
  }
  nf.Grid.Spherical = frame == Frame::Spherical;
  Lattice(native, nf.Grid.Dimensions);
  this->AddNearField(std::move(nf), electric);
}

/// Joins an H table to the E table on the same points at the same frequency (or the
/// other way round), else adds a grid.
void FekoFieldScanner::AddNearField(FekoNearField&& nf, bool electric)
{
  (electric ? nf.Grid.HasE : nf.Grid.HasH) = true;
  if (!this->Near.empty())
  {
    NecNearField& last = this->Near.back().Grid;
    bool same = this->Near.back().Frequency == nf.Frequency &&
      last.Points.size() == nf.Grid.Points.size() && (electric ? !last.HasE : !last.HasH);
    for (std::size_t k = 0; same && k < last.Points.size(); ++k)
    {
      same = std::abs(last.Points[k] - nf.Grid.Points[k]) <= 1e-9 * (1 + std::abs(last.Points[k]));
    }
    if (same)
    {
      (electric ? last.ERe : last.HRe) = std::move(electric ? nf.Grid.ERe : nf.Grid.HRe);
      (electric ? last.EIm : last.HIm) = std::move(electric ? nf.Grid.EIm : nf.Grid.HIm);
      (electric ? last.HasE : last.HasH) = true;
      return;
    }
  }
  this->Near.push_back(std::move(nf));
}
} // namespace

std::vector<FarFieldGrid> ParseFekoOutFarFields(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices)
{
  FekoFieldScanner s(text, fileName, notices);
  s.Run(true);
  return std::move(s.Far);
}

std::vector<FekoNearField> ParseFekoOutNearFields(
  std::string_view text, const std::string& fileName, std::vector<std::string>* notices)
{
  FekoFieldScanner s(text, fileName, notices);
  s.Run(false);
  return std::move(s.Near);
}
} // namespace cm
