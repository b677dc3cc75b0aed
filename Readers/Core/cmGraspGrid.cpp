// SPDX-License-Identifier: BSD-3-Clause
// TICRA GRASP field data in grids (.grd, TICRA-EM-FIELD-V0.1): see cmGrasp.h.
#include "cmGrasp.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm
{
namespace
{
using C = std::complex<double>;
constexpr double Pi = 3.14159265358979323846;
constexpr std::int64_t MinRowBytes = 8;
const double NaN = std::numeric_limits<double>::quiet_NaN();

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

/// Hz per unit of a `FREQUENCIES [unit]:` line; 0 when the unit is not known.
double UnitScale(std::string_view line)
{
  const std::string u = Upper(line);
  const std::size_t a = u.find('['), b = u.find(']');
  const std::string unit = a != std::string::npos && b > a ? u.substr(a + 1, b - a - 1) : "GHZ";
  return unit == "GHZ" ? 1e9 : unit == "MHZ" ? 1e6 : unit == "KHZ" ? 1e3 : unit == "HZ" ? 1 : 0;
}

/// One set's grid: extents, counts, steps and beam centre.
struct GridSpec
{
  double Extent[4] = { 0, 0, 0, 0 }; ///< XS YS XE YE
  std::int64_t Nx = 0, Ny = 0;
  bool Limited = false; ///< KLIMIT 1
  double Dx = 0, Dy = 0, Ix = 0, Iy = 0;
};

class GridParser
{
public:
  GridParser(std::string_view text, const std::string& file)
    : Text(text)
    , File(file)
    , S(text, file)
  {}
  GraspFile Run();

private:
  void Header();
  void Control();
  void ReadSet(std::size_t k);
  void ReadPoints(std::size_t k, const GridSpec& p, FarFieldGrid& g, std::vector<C> (&f)[3]);
  std::int64_t Int(std::size_t i, const char* what, std::int64_t lo, std::int64_t hi);
  void Need(std::size_t n, const char* what);

  std::string_view Text;
  std::string File;
  LineScanner S;
  std::vector<std::string_view> Tok;
  GraspFile Out;
  std::int64_t Nset = 0;
  std::vector<std::pair<double, double>> Centres;
};

void GridParser::Need(std::size_t n, const char* what)
{
  if (!NextTokens(this->S, this->Tok))
  {
    this->S.Fail(std::string("the file ends before the line ") + what);
  }
  if (this->Tok.size() != n)
  {
    this->S.Fail("the line " + std::string(what) + " has " + std::to_string(this->Tok.size()) +
      " fields, expected " + std::to_string(n));
  }
}

std::int64_t GridParser::Int(std::size_t i, const char* what, std::int64_t lo, std::int64_t hi)
{
  const std::int64_t v = NeedInt(this->S, this->Tok[i], what);
  if (v < lo || v > hi)
  {
    this->S.Fail(std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) +
      ".." + std::to_string(hi));
  }
  return v;
}

/// The text header up to `++++`, with its frequencies.
void GridParser::Header()
{
  LineScanner& s = this->S;
  std::string_view line;
  double scale = 0;
  while (true)
  {
    if (!s.Next(line))
    {
      s.Fail("no '++++' line ending the TICRA header (is this a GRASP grid file?)");
    }
    const std::string_view t = Trim(line);
    if (t == "++++")
    {
      return;
    }
    if (StartsWith(Upper(t), "FREQUENCIES"))
    {
      scale = UnitScale(t);
      continue;
    }
    Tokenize(line, this->Tok);
    double f;
    const bool numbers = !this->Tok.empty() &&
      std::all_of(
        this->Tok.begin(), this->Tok.end(), [&f](std::string_view x) { return ParseDouble(x, f); });
    if (scale > 0 && numbers)
    {
      for (std::string_view x : this->Tok)
      {
        this->Out.FileFrequencies.push_back(NeedFinite(s, x, "a frequency") * scale);
      }
    }
    else
    {
      scale = 0;
    }
  }
}

void GridParser::Control()
{
  this->Need(1, "KTYPE");
  this->Int(0, "KTYPE (only 1, the grid of TICRA-EM-FIELD files, is read)", 1, 1);
  this->Need(4, "NSET ICOMP NCOMP IGRID");
  this->Nset = this->Int(0, "NSET", 1, std::int64_t(1) << 20);
  this->Out.Icomp = static_cast<int>(this->Int(1, "ICOMP", 1, 9));
  this->Out.Ncomp = static_cast<int>(this->Int(2, "NCOMP", 2, 3));
  this->Out.Geometry = static_cast<int>(this->Int(3, "IGRID", 1, 10));
  const auto room = static_cast<std::int64_t>(this->Text.size() / 4);
  if (this->Nset > room)
  {
    this->S.Fail("NSET " + std::to_string(this->Nset) + " is more than the file could hold");
  }
  for (std::int64_t k = 0; k < this->Nset; ++k)
  {
    this->Need(2, "IX IY (a beam centre)");
    const double ix = static_cast<double>(NeedInt(this->S, this->Tok[0], "IX"));
    const double iy = static_cast<double>(NeedInt(this->S, this->Tok[1], "IY"));
    this->Centres.emplace_back(ix, iy);
  }
}

/// θ, φ (degrees) of the grid point (x, y), NaN for a grid type that is not θφ or uv.
void Direction(int igrid, double x, double y, double& theta, double& phi)
{
  theta = phi = NaN;
  if (igrid == 7)
  {
    phi = x;
    theta = y;
  }
  else if (igrid == 1)
  {
    const double r = std::sqrt(x * x + y * y);
    if (r <= 1 + 1e-12)
    {
      theta = std::asin(std::min(r, 1.0)) * 180 / Pi;
      phi = r > 0 ? std::atan2(y, x) * 180 / Pi : 0;
    }
  }
}

/// The points of set k: NY rows of NX (or, with KLIMIT 1, IN from IS) points, x fastest.
void GridParser::ReadPoints(
  std::size_t k, const GridSpec& p, FarFieldGrid& g, std::vector<C> (&f)[3])
{
  LineScanner& s = this->S;
  for (const char* name : { "X", "Y" })
  {
    g.Column(name); // both first: a later Column() may move the earlier one
  }
  std::vector<double>& xs = g.Column("X");
  std::vector<double>& ys = g.Column("Y");
  const std::size_t width = static_cast<std::size_t>(2 * this->Out.Ncomp);
  for (std::int64_t j = 0; j < p.Ny; ++j)
  {
    std::int64_t first = 0, count = p.Nx;
    if (p.Limited)
    {
      this->Need(2, "IS IN (the row's first point and count, KLIMIT 1)");
      first = this->Int(0, "IS", 1, p.Nx) - 1;
      count = this->Int(1, "IN", 0, p.Nx - first);
    }
    for (std::int64_t i = first; i < first + count; ++i)
    {
      if (!NextTokens(s, this->Tok))
      {
        s.Fail("set " + std::to_string(k + 1) + " ends in row " + std::to_string(j + 1) + " of " +
          std::to_string(p.Ny) + " (NX " + std::to_string(p.Nx) + ", NY " + std::to_string(p.Ny) +
          ")");
      }
      if (this->Tok.size() != width)
      {
        s.Fail("row has " + std::to_string(this->Tok.size()) + " fields, expected " +
          std::to_string(width) + " (NCOMP " + std::to_string(this->Out.Ncomp) +
          " complex components)");
      }
      for (std::size_t c = 0; c < width; c += 2)
      {
        f[c / 2].emplace_back(NeedFinite(s, this->Tok[c], "a component (Re)"),
          NeedFinite(s, this->Tok[c + 1], "a component (Im)"));
      }
      const double x = p.Extent[0] + (p.Ix + static_cast<double>(i)) * p.Dx;
      const double y = p.Extent[1] + (p.Iy + static_cast<double>(j)) * p.Dy;
      double theta, phi;
      Direction(this->Out.Geometry, x, y, theta, phi);
      g.Theta.push_back(theta);
      g.Phi.push_back(phi);
      xs.push_back(x);
      ys.push_back(y);
    }
  }
}

void GridParser::ReadSet(std::size_t k)
{
  LineScanner& s = this->S;
  GraspSet set;
  FarFieldGrid& g = set.Samples;
  GridSpec p;
  this->Need(4, "XS YS XE YE");
  for (std::size_t c = 0; c < 4; ++c)
  {
    p.Extent[c] = NeedFinite(s, this->Tok[c], "a grid extent (XS YS XE YE)");
  }
  this->Need(3, "NX NY KLIMIT");
  p.Nx = this->Int(0, "NX", 1, std::int64_t(1) << 30);
  p.Ny = this->Int(1, "NY", 1, std::int64_t(1) << 30);
  p.Limited = this->Int(2, "KLIMIT", 0, 1) == 1;
  p.Dx = p.Nx > 1 ? (p.Extent[2] - p.Extent[0]) / static_cast<double>(p.Nx - 1) : 0;
  p.Dy = p.Ny > 1 ? (p.Extent[3] - p.Extent[1]) / static_cast<double>(p.Ny - 1) : 0;
  p.Ix = this->Centres[k].first;
  p.Iy = this->Centres[k].second;
  // Reserve only what the bytes left could hold: a huge NX NY allocates nothing.
  const auto room = static_cast<std::int64_t>((this->Text.size() - s.Offset()) / MinRowBytes) + 1;
  g.Theta.reserve(static_cast<std::size_t>(std::min(p.Nx * std::min(p.Ny, room), room)));
  std::vector<C> f[3];
  this->ReadPoints(k, p, g, f);
  const auto& fr = this->Out.FileFrequencies;
  g.Frequency = fr.size() == static_cast<std::size_t>(this->Nset) ? fr[k]
    : fr.size() == 1                                              ? fr[0]
                                                                  : 0;
  g.Name = "set " + std::to_string(k + 1);
  grasp::FinishSet(
    set, this->Out.Icomp, std::vector<bool>(g.Theta.size(), false), f, this->File, s.LineNumber());
  const int igrid = this->Out.Geometry;
  if (igrid != 7)
  {
    set.Table = FarFieldGrid();
    set.TableProblem = igrid == 1 ? "a uv grid (IGRID 1) is not a theta/phi grid: no far-field "
                                    "table; the samples are read with their theta and phi"
                                  : "IGRID " + std::to_string(igrid) +
        " is not a theta/phi (7) or uv (1) grid (elevation/azimuth 4-6, 9, 10; planar 2-3): no "
        "far-field table; the samples are read with their X and Y";
  }
  this->Out.Sets.push_back(std::move(set));
}

GraspFile GridParser::Run()
{
  this->Out.Kind = "grid";
  this->Header();
  this->Control();
  const auto& fr = this->Out.FileFrequencies;
  if (fr.size() > 1 && fr.size() != static_cast<std::size_t>(this->Nset))
  {
    this->Out.Warnings.push_back(ParseError::Format(this->File, 1,
      std::to_string(fr.size()) + " frequencies for NSET " + std::to_string(this->Nset) +
        " sets: the sets' frequencies are not known (0)"));
  }
  for (std::size_t k = 0; k < static_cast<std::size_t>(this->Nset); ++k)
  {
    try
    {
      this->ReadSet(k);
    }
    catch (const ParseError& e)
    {
      if (this->Out.Sets.empty())
      {
        throw;
      }
      this->Out.Warnings.push_back(std::string(e.what()) + "; the " +
        std::to_string(this->Out.Sets.size()) + " set(s) before it are read");
      break;
    }
  }
  return std::move(this->Out);
}
} // namespace

GraspFile ParseGraspGrid(std::string_view text, const std::string& fileName)
{
  return GridParser(text, fileName).Run();
}

bool LooksLikeGraspGrid(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view line;
  std::vector<std::string_view> tok;
  for (int k = 0; k < 60 && s.Next(line); ++k)
  {
    if (Trim(line) != "++++")
    {
      continue;
    }
    std::int64_t n[4];
    if (!NextTokens(s, tok) || tok.size() != 1 || !ParseInt(tok[0], n[0]) || n[0] != 1 ||
      !NextTokens(s, tok) || tok.size() != 4)
    {
      return false;
    }
    for (std::size_t i = 0; i < 4; ++i)
    {
      if (!ParseInt(tok[i], n[i]))
      {
        return false;
      }
    }
    return n[0] >= 1 && n[1] >= 1 && n[1] <= 9 && n[2] >= 2 && n[2] <= 3 && n[3] >= 1;
  }
  return false;
}
} // namespace cm
