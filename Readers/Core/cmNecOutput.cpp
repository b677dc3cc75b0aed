// SPDX-License-Identifier: BSD-3-Clause
#include "cmNecOutput.h"

#include "cmNecPorts.h"
#include "cmTextScan.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <unordered_map>

namespace cloudmap
{
namespace
{
using V3 = std::array<double, 3>;

V3 operator+(const V3& a, const V3& b)
{
  return { a[0] + b[0], a[1] + b[1], a[2] + b[2] };
}
V3 operator-(const V3& a, const V3& b)
{
  return { a[0] - b[0], a[1] - b[1], a[2] - b[2] };
}
V3 operator*(double s, const V3& a)
{
  return { s * a[0], s * a[1], s * a[2] };
}
double Dot(const V3& a, const V3& b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
V3 Cross(const V3& a, const V3& b)
{
  return { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
}
double Norm(const V3& a)
{
  return std::sqrt(Dot(a, a));
}

/// Position of an upper-case ASCII needle in `hay`, ignoring case; npos if absent.
std::size_t FindNoCase(std::string_view hay, std::string_view needle)
{
  for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i)
  {
    std::size_t k = 0;
    for (; k < needle.size(); ++k)
    {
      char c = hay[i + k];
      c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
      if (c != needle[k])
      {
        break;
      }
    }
    if (k == needle.size())
    {
      return i;
    }
  }
  return std::string_view::npos;
}
bool Has(std::string_view hay, std::string_view needle)
{
  return FindNoCase(hay, needle) != std::string_view::npos;
}

constexpr double Pi = 3.14159265358979323846;

bool IsDigit(char c)
{
  return c >= '0' && c <= '9';
}

/// A decimal of at most 15 significant digits with a power of ten within ±22
/// ([sign] digits [. digits] [e|E [sign] digits], what NEC prints) converted
/// with one correctly rounded operation (Clinger's fast path: the same value
/// as ParseDouble and from_chars); p moves past it. False, p unchanged, for
/// anything else.
inline bool ShortDecimal(const char*& p, const char* end, double& value)
{
  static const double Pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
  const char* q = p;
  bool negative = false;
  if (q < end && (*q == '-' || *q == '+'))
  {
    negative = *q == '-';
    ++q;
  }
  std::uint64_t mantissa = 0;
  int digits = 0, scale = 0;
  bool any = false;
  for (bool frac = false;; ++q)
  {
    if (q < end && *q >= '0' && *q <= '9')
    {
      if ((mantissa != 0 || *q != '0') && ++digits > 15)
      {
        return false;
      }
      mantissa = mantissa * 10 + static_cast<unsigned>(*q - '0');
      scale -= frac ? 1 : 0;
      any = true;
    }
    else if (q < end && *q == '.' && !frac)
    {
      frac = true;
    }
    else
    {
      break;
    }
  }
  if (!any)
  {
    return false;
  }
  if (q < end && (*q == 'e' || *q == 'E'))
  {
    ++q;
    bool expNegative = false;
    if (q < end && (*q == '-' || *q == '+'))
    {
      expNegative = *q == '-';
      ++q;
    }
    int e = 0;
    const char* first = q;
    while (q < end && *q >= '0' && *q <= '9' && q - first < 4)
    {
      e = e * 10 + (*q - '0');
      ++q;
    }
    if (q == first || (q < end && *q >= '0' && *q <= '9'))
    {
      return false;
    }
    scale += expNegative ? -e : e;
  }
  if (scale < -22 || scale > 22)
  {
    return false;
  }
  const double v = static_cast<double>(mantissa); // exact: mantissa < 10^15 < 2^53
  value = scale < 0 ? v / Pow10[-scale] : v * Pow10[scale];
  value = negative ? -value : value;
  p = q;
  return true;
}

/// The fast path of a numeric table row: exactly `n` blank-separated tokens,
/// a plain integer then n - 1 finite numbers, each converted where it stands
/// with std::from_chars (correctly rounded, as ParseDouble). A token that
/// TokenizeFortranCells() would split (touching Fortran fields such as "1.0E-03-2.0E-03")
/// stops from_chars before its end and so is refused, as are a '+' sign, D
/// exponents and non-finite values: whatever this accepts, TokenizeFortranCells() and
/// NeedFinite() read the same way; anything else returns false and the caller
/// parses the line the general way (which reports any error).
bool FastRow(std::string_view line, int n, std::int64_t& number, double* values)
{
  const char* p = line.data();
  const char* const end = p + line.size();
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (p < end && blank(*p))
  {
    ++p;
  }
  const char* b = p;
  std::int64_t x = 0;
  while (p < end && *p >= '0' && *p <= '9' && p - b < 18)
  {
    x = x * 10 + (*p - '0');
    ++p;
  }
  if (p == b || (p < end && !blank(*p)))
  {
    return false;
  }
  number = x;
  for (int k = 1; k < n; ++k)
  {
    while (p < end && blank(*p))
    {
      ++p;
    }
    double& v = values[k - 1];
    const char* stop = p;
    if (!ShortDecimal(stop, end, v))
    {
      const auto r = std::from_chars(p, end, v);
      if (r.ec != std::errc() || r.ptr == p || !std::isfinite(v))
      {
        return false;
      }
      stop = r.ptr;
    }
    if (stop < end && !blank(*stop))
    {
      return false;
    }
    p = stop;
  }
  while (p < end && blank(*p))
  {
    ++p;
  }
  return p == end;
}

/// Section banners that end a table's header search: a table with no rows (say, wire
/// currents suppressed by a PT card) must not swallow the next section.
bool IsBanner(std::string_view line)
{
  for (const char* b : { "SURFACE PATCH", "CURRENTS AND LOCATION", "POWER BUDGET",
         "RADIATION PATTERNS", "STRUCTURE SPECIFICATION", "ANTENNA INPUT", "DATA CARD",
         "- FREQUENCY -", "-- FREQUENCY --", "SEGMENTATION DATA", "CHARGE DENSITIES" })
  {
    if (Has(line, b))
    {
      return true;
    }
  }
  return false;
}

/// Numeric rows start with a digit, a point or a signed number; banners never do.
bool StartsNumeric(std::string_view line)
{
  line = Trim(line);
  if (line.empty())
  {
    return false;
  }
  const char c = line[0];
  if (IsDigit(c) || c == '.')
  {
    return true;
  }
  return (c == '-' || c == '+') && line.size() > 1 && (IsDigit(line[1]) || line[1] == '.');
}

/// A patch line of the structure echo starts "12R", "3T", "7Q" or "1P" (NEC prints the
/// number and the kind with no space); `rest` is a first coordinate glued on, if any.
bool PatchHead(std::string_view t, std::int64_t& number, char& kind, std::string_view& rest)
{
  std::size_t k = 0;
  while (k < t.size() && IsDigit(t[k]))
  {
    ++k;
  }
  if (k == 0 || k >= t.size())
  {
    return false;
  }
  kind = static_cast<char>(t[k] >= 'a' ? t[k] - 'a' + 'A' : t[k]);
  if (kind != 'P' && kind != 'R' && kind != 'T' && kind != 'Q')
  {
    return false;
  }
  rest = t.substr(k + 1);
  if (!rest.empty() && !IsDigit(rest[0]) && rest[0] != '-' && rest[0] != '+' && rest[0] != '.')
  {
    return false;
  }
  return ParseInt(t.substr(0, k), number);
}

/// A patch as the structure echo describes it, before NEC splits any for wires.
struct EchoPatch
{
  int Corners = 0; ///< 0 when the shape is unknown (an arbitrary 'P' patch)
  std::array<V3, 4> P{};
  V3 Centre{};
  double Area = 0;
  bool Used = false;
};

/// Area and area centroid by a fan from corner 0, which is also how NEC centres a quad.
void Measure(EchoPatch& e)
{
  double area = 0;
  V3 c{ 0, 0, 0 };
  for (int k = 1; k + 1 < e.Corners; ++k)
  {
    const double a = 0.5 * Norm(Cross(e.P[k] - e.P[0], e.P[k + 1] - e.P[0]));
    area += a;
    c = c + (a / 3) * (e.P[0] + e.P[k] + e.P[k + 1]);
  }
  e.Area = area;
  if (area > 0)
  {
    e.Centre = (1 / area) * c;
  }
  else
  {
    e.Corners = 0; // degenerate: NEC would have refused it, draw a square instead
  }
}

/// Applies p -> R p + t to a patch.
void Transform(EchoPatch& e, const double R[3][3], const V3& t)
{
  auto map = [&](V3& p) {
    const V3 q = p;
    for (int i = 0; i < 3; ++i)
    {
      p[i] = R[i][0] * q[0] + R[i][1] * q[1] + R[i][2] * q[2] + t[i];
    }
  };
  for (int k = 0; k < e.Corners; ++k)
  {
    map(e.P[k]);
  }
  map(e.Centre);
}

/// What the tables say about one patch (metres), after NEC's splits.
struct DataPatch
{
  V3 Centre, Normal, T1, T2;
  double Area;
};

struct SegmentGeometry
{
  V3 Centre, Direction;
  double Length;
};

/// State of one structure (NEC's NX card starts a new one in the same file).
struct Structure
{
  std::vector<EchoPatch> Echo;
  std::vector<DataPatch> Data;
  std::vector<SegmentGeometry> Segments;
  std::int64_t TotalPatches = -1; ///< "TOTAL PATCHES USED", when printed
  bool Built = false;
  SurfaceMesh Geometry; ///< polygons only; every solution copies it
};

class Parser
{
public:
  Parser(std::string_view text, const std::string& fileName, const ParallelFor& parallel)
    : S(text, fileName)
    , Text(text)
    , Parallel(parallel)
    // A patch takes at least one data row of 64 bytes, which bounds every count.
    , MaxPatches(static_cast<std::int64_t>(text.size() / 64) + 16)
  {
  }

  NecOutput Run();

private:
  enum class Mode
  {
    None,
    Comments,
    Echo
  };

  void EchoLine(std::string_view line);
  void EchoPatchLine(std::int64_t number, char kind, std::string_view line);
  void EchoTransform(std::string_view line);
  void Grow(std::size_t extra);
  bool NextRow(int maxHeader, std::int64_t& headerLines, std::string_view& line);
  void ReadSegments();
  void ReadPatchData();
  void ReadFeeds();
  void ReadWireCurrents();
  void ReadPatchCurrents();
  void ReadPattern();
  void ReadPortTable(std::string_view banner); // cmNecPorts.h: input parameters, budget, loads
  NecSolution& Solution(bool fresh);
  void AddSources(SurfaceMesh& mesh) const;
  void Build();
  double Lambda() const;

  LineScanner S;
  std::string_view Text;
  ParallelFor Parallel;
  bool ParallelCurrents(std::int64_t first, std::int64_t m, double lambda, SurfaceMesh& mesh);
  std::int64_t MaxPatches;
  std::vector<std::string_view> Tok;
  Structure Geo;
  NecOutput Out;
  double FrequencyHz = 0, PrintedLambda = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> Feeds; ///< (tag, segment)
  bool SawPatches = false;
  bool Open = false; ///< the last solution still takes tables of its frequency
  std::vector<std::string_view> Row;
  NecNearFieldScanner Near; ///< NE/NH cards and tables (cmNecNearField.cpp)
  std::vector<NecPort> PendingPorts; ///< ANTENNA INPUT PARAMETERS of the solve being printed
  NecPowerBudget PendingPower;       ///< a POWER BUDGET printed before its solution existed
  std::vector<NecLoad> Loads;        ///< the STRUCTURE IMPEDANCE LOADING last printed
};

NecSolution& Parser::Solution(bool fresh)
{
  if (!this->Open || fresh || this->Out.Solutions.empty())
  {
    NecSolution sol;
    sol.Frequency = this->FrequencyHz;
    sol.Wavelength = this->Lambda();
    sol.Mesh.Frequency = this->FrequencyHz;
    this->AddSources(sol.Mesh);
    sol.Ports = std::move(this->PendingPorts);
    this->PendingPorts.clear();
    sol.Power = this->PendingPower;
    this->PendingPower = NecPowerBudget();
    sol.Loads = this->Loads;
    this->Out.Solutions.push_back(std::move(sol));
    this->Open = true;
  }
  return this->Out.Solutions.back();
}

void Parser::AddSources(SurfaceMesh& mesh) const
{
  // Fed segments become named sources at their segment centres.
  mesh.SourceNames.clear();
  mesh.SourcePositions.clear();
  for (const auto& f : this->Feeds)
  {
    V3 at{ 0, 0, 0 };
    if (f.second >= 1 && f.second <= static_cast<std::int64_t>(this->Geo.Segments.size()))
    {
      at = this->Geo.Segments[static_cast<std::size_t>(f.second - 1)].Centre;
    }
    mesh.SourceNames.push_back("tag" + std::to_string(f.first) + "_seg" + std::to_string(f.second));
    mesh.SourcePositions.insert(mesh.SourcePositions.end(), at.begin(), at.end());
  }
}

double Parser::Lambda() const
{
  // NEC-2 prints positions divided by λ = 299.8/f; the printed λ has 5 digits only, so
  // prefer the exact formula unless the program evidently used another speed of light.
  const double lambda = NecSpeedOfLight / this->FrequencyHz;
  if (this->PrintedLambda > 0 && std::abs(this->PrintedLambda - lambda) > 2e-4 * lambda)
  {
    return this->PrintedLambda;
  }
  return lambda;
}

void Parser::Grow(std::size_t extra)
{
  if (static_cast<std::int64_t>(this->Geo.Echo.size() + extra) > this->MaxPatches)
  {
    this->S.Fail("the structure echo describes more patches than the file could hold");
  }
}

void Parser::EchoPatchLine(std::int64_t number, char kind, std::string_view line)
{
  auto& echo = this->Geo.Echo;
  // Keep echo numbers aligned with NEC's: pad for copies this parser does not model.
  if (number < 1 || number > this->MaxPatches)
  {
    this->S.Fail("patch number " + std::to_string(number) + " in the structure echo is out of range");
  }
  echo.resize(static_cast<std::size_t>(number - 1));
  std::vector<std::string_view> nums;
  {
    std::int64_t n;
    char k;
    std::string_view rest;
    TokenizeFortranCells(line, nums);
    PatchHead(nums[0], n, k, rest);
    nums[0] = rest; // a coordinate glued to "12R", or empty
    if (nums[0].empty())
    {
      nums.erase(nums.begin());
    }
  }
  EchoPatch e;
  if (kind == 'P')
  {
    // Centre, elevation, azimuth and area only: the shape is NEC's square.
    this->Grow(1);
    echo.push_back(e);
    return;
  }
  if (nums.size() < 6)
  {
    this->S.Fail("patch " + std::to_string(number) + " in the structure echo needs corners 1 and 2");
  }
  for (int k = 0; k < 6; ++k)
  {
    e.P[k / 3][k % 3] = NeedFinite(this->S, nums[k], "a patch corner coordinate");
  }
  std::int64_t nx = 0, ny = 0;
  const std::size_t surface = FindNoCase(line, "SURFACE -");
  if (surface != std::string_view::npos)
  {
    // SM card: "SURFACE - NX BY NY PATCHES" (Fortran may glue "BY100").
    const std::string_view tail = line.substr(surface + 9);
    const std::size_t by = FindNoCase(tail, "BY");
    std::vector<std::string_view> a, b;
    Tokenize(tail.substr(0, by), a);
    Tokenize(by == std::string_view::npos ? std::string_view() : tail.substr(by + 2), b);
    if (a.size() != 1 || b.empty())
    {
      this->S.Fail("cannot read 'SURFACE - NX BY NY PATCHES' in the structure echo");
    }
    nx = NeedCount(this->S, a[0], "the SM patch count NX", this->MaxPatches);
    ny = NeedCount(this->S, b[0], "the SM patch count NY", this->MaxPatches);
    if (nx < 1 || ny < 1 || nx * ny > this->MaxPatches)
    {
      this->S.Fail("SM surface of " + std::to_string(nx) + " by " + std::to_string(ny) +
        " patches is empty or larger than the file could hold");
    }
  }
  std::string_view cont;
  if (!this->S.Next(cont))
  {
    this->S.Fail("truncated structure echo: patch " + std::to_string(number) +
      " has no continuation line with corners 3 and 4");
  }
  TokenizeFortranCells(cont, this->Tok);
  if (this->Tok.size() != 6)
  {
    this->S.Fail("patch " + std::to_string(number) +
      ": expected corners 3 and 4 (6 numbers) on the continuation line, found " +
      std::to_string(this->Tok.size()) + " fields");
  }
  for (int k = 0; k < 6; ++k)
  {
    e.P[2 + k / 3][k % 3] = NeedFinite(this->S, this->Tok[k], "a patch corner coordinate");
  }
  if (kind == 'T')
  {
    e.Corners = 3; // the fourth printed corner is whatever the SC card held
  }
  else
  {
    e.Corners = 4;
    if (kind == 'R')
    {
      e.P[3] = e.P[0] + e.P[2] - e.P[1]; // NEC completes a rectangle from corners 1-3
    }
  }
  if (nx == 0)
  {
    this->Grow(1);
    Measure(e);
    echo.push_back(e);
    return;
  }
  // NEC's patch(): side vectors s1 = (c2-c1)/NX, s2 = (c3-c2)/NY, patches in rows of s1.
  this->Grow(static_cast<std::size_t>(nx * ny));
  const V3 s1 = (1.0 / nx) * (e.P[1] - e.P[0]);
  const V3 s2 = (1.0 / ny) * (e.P[2] - e.P[1]);
  for (std::int64_t iy = 0; iy < ny; ++iy)
  {
    for (std::int64_t ix = 0; ix < nx; ++ix)
    {
      EchoPatch p;
      p.Corners = 4;
      p.P[0] = e.P[0] + static_cast<double>(ix) * s1 + static_cast<double>(iy) * s2;
      p.P[1] = p.P[0] + s1;
      p.P[2] = p.P[1] + s2;
      p.P[3] = p.P[0] + s2;
      Measure(p);
      echo.push_back(p);
    }
  }
}

void Parser::EchoTransform(std::string_view line)
{
  auto& echo = this->Geo.Echo;
  const std::size_t n = echo.size();
  if (Has(line, "REFLECTED ALONG THE AXES"))
  {
    // GX: NEC reflects along Z, then Y, then X, each time appending mirrored copies.
    std::vector<std::string_view> t;
    Tokenize(line.substr(FindNoCase(line, "AXES") + 4), t);
    bool axis[3] = { false, false, false };
    for (std::string_view w : t)
    {
      if (Has(w, "TAGS") || w == "-")
      {
        break;
      }
      for (char c : w)
      {
        const int a = (c == 'X' || c == 'x') ? 0 : (c == 'Y' || c == 'y') ? 1 : (c == 'Z' || c == 'z') ? 2 : -1;
        if (a >= 0)
        {
          axis[a] = true;
        }
      }
    }
    for (int a = 2; a >= 0; --a)
    {
      if (axis[a])
      {
        const std::size_t m = echo.size();
        this->Grow(m);
        for (std::size_t i = 0; i < m; ++i)
        {
          EchoPatch c = echo[i];
          for (int k = 0; k < c.Corners; ++k)
          {
            c.P[k][a] = -c.P[k][a];
          }
          c.Centre[a] = -c.Centre[a];
          echo.push_back(c);
        }
      }
    }
  }
  else if (Has(line, "ROTATED ABOUT Z-AXIS"))
  {
    // GR: NOP-1 copies of everything, each turned a further 360/NOP degrees.
    std::vector<std::string_view> t;
    Tokenize(line.substr(FindNoCase(line, "Z-AXIS") + 6), t);
    if (t.empty())
    {
      this->S.Fail("cannot read the number of GR rotations");
    }
    const std::int64_t nop = NeedCount(this->S, t[0], "the number of GR rotations", this->MaxPatches);
    if (nop > 1)
    {
      this->Grow(n * static_cast<std::size_t>(nop - 1));
    }
    for (std::int64_t k = 1; k < nop; ++k)
    {
      const double a = 2 * Pi * static_cast<double>(k) / static_cast<double>(nop);
      const double R[3][3] = { { std::cos(a), -std::sin(a), 0 }, { std::sin(a), std::cos(a), 0 },
        { 0, 0, 1 } };
      for (std::size_t i = 0; i < n; ++i)
      {
        EchoPatch c = echo[i];
        Transform(c, R, { 0, 0, 0 });
        echo.push_back(c);
      }
    }
  }
  else if (Has(line, "SCALED BY FACTOR"))
  {
    TokenizeFortranCells(line, this->Tok);
    double f = 0;
    if (this->Tok.empty() || !ParseDouble(this->Tok.back(), f) || !std::isfinite(f) || f == 0)
    {
      this->S.Fail("cannot read the GS scale factor");
    }
    for (EchoPatch& e : echo)
    {
      for (V3& p : e.P)
      {
        p = f * p;
      }
      e.Centre = f * e.Centre;
      e.Area *= f * f;
    }
  }
  else if (Has(line, "HAS BEEN MOVED"))
  {
    // GM: the card is echoed on the next line: ITGI NRPT ROX ROY ROZ XS YS ZS ITS.
    std::string_view card;
    if (!this->S.Next(card))
    {
      this->S.Fail("truncated structure echo: the GM card is missing");
    }
    TokenizeFortranCells(card, this->Tok);
    if (this->Tok.size() != 9)
    {
      this->S.Fail("expected the 9 fields of the GM card, found " + std::to_string(this->Tok.size()));
    }
    const std::int64_t nrpt = NeedCount(this->S, this->Tok[1], "the GM repeat count", this->MaxPatches);
    double v[6];
    for (int k = 0; k < 6; ++k)
    {
      v[k] = NeedFinite(this->S, this->Tok[2 + k], "a GM angle or shift");
    }
    // NEC's move(): rotate about X, then Y, then Z (degrees), then shift.
    const double d = Pi / 180;
    const double sps = std::sin(v[0] * d), cps = std::cos(v[0] * d);
    const double sth = std::sin(v[1] * d), cth = std::cos(v[1] * d);
    const double sph = std::sin(v[2] * d), cph = std::cos(v[2] * d);
    const double R[3][3] = { { cph * cth, cph * sth * sps - sph * cps, cph * sth * cps + sph * sps },
      { sph * cth, sph * sth * sps + cph * cps, sph * sth * cps - cph * sps },
      { -sth, cth * sps, cth * cps } };
    const V3 shift{ v[3], v[4], v[5] };
    if (nrpt == 0)
    {
      for (EchoPatch& e : echo)
      {
        Transform(e, R, shift);
      }
      return;
    }
    // Each repeat moves the previous copy again, as NEC does.
    this->Grow(n * static_cast<std::size_t>(nrpt));
    std::size_t from = 0, to = n;
    for (std::int64_t r = 0; r < nrpt; ++r)
    {
      for (std::size_t i = from; i < to; ++i)
      {
        EchoPatch c = echo[i];
        Transform(c, R, shift);
        echo.push_back(c);
      }
      from = to;
      to = echo.size();
    }
  }
}

void Parser::EchoLine(std::string_view line)
{
  TokenizeFortranCells(line, this->Tok);
  if (this->Tok.empty())
  {
    return;
  }
  std::int64_t number;
  char kind;
  std::string_view rest;
  if (PatchHead(this->Tok[0], number, kind, rest))
  {
    this->SawPatches = true;
    this->EchoPatchLine(number, kind, line);
  }
  else if (Has(line, "TOTAL PATCHES USED"))
  {
    // "TOTAL PATCHES USED: 55" (nec2c) or "TOTAL PATCHES USED=   12" (NEC-2D).
    std::vector<std::string_view> t;
    std::string_view tail = line.substr(FindNoCase(line, "USED") + 4);
    Tokenize(tail, t, true);
    std::size_t k = 0;
    while (k < t.size() && (t[k] == ":" || t[k] == "="))
    {
      ++k;
    }
    std::string_view v = k < t.size() ? t[k] : std::string_view();
    if (!v.empty() && (v[0] == ':' || v[0] == '='))
    {
      v.remove_prefix(1);
    }
    this->Geo.TotalPatches = NeedCount(this->S, v, "the total patch count", this->MaxPatches);
    this->SawPatches = this->SawPatches || this->Geo.TotalPatches > 0;
  }
  else if (!StartsNumeric(line))
  {
    this->EchoTransform(line);
  }
  else
  {
    // "13Z": a patch number glued to a shape letter NEC never prints.
    const std::string_view t = this->Tok[0];
    std::size_t k = 0;
    while (k < t.size() && IsDigit(t[k]))
    {
      ++k;
    }
    const char c = k < t.size() ? static_cast<char>(t[k] & ~0x20) : 0;
    if (k > 0 && c >= 'A' && c <= 'Z' && c != 'E' && c != 'D' &&
      (k + 1 == t.size() || IsDigit(t[k + 1]) || t[k + 1] == '-' || t[k + 1] == '.'))
    {
      this->S.Fail("structure echo: unknown patch shape '" + std::string(1, t[k]) + "' in '" +
        std::string(t.substr(0, 20)) + "' (expected R, T, Q or P)");
    }
  }
}

bool Parser::NextRow(int maxHeader, std::int64_t& headerLines, std::string_view& line)
{
  // Rows are lines whose first field is an integer. Before the first row up to
  // `maxHeader` header lines are skipped; after it, any other line ends the table and
  // is left for the caller to see again.
  for (;;)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t lineNo = this->S.LineNumber();
    if (!this->S.Next(line))
    {
      return false;
    }
    TokenizeFortranCells(line, this->Tok);
    std::int64_t n;
    if (!this->Tok.empty() && ParseInt(this->Tok[0], n))
    {
      return true;
    }
    if (headerLines < 0 || ++headerLines > maxHeader || IsBanner(line))
    {
      this->S.Seek(at, lineNo);
      return false;
    }
  }
}

void Parser::ReadSegments()
{
  this->Geo.Segments.clear();
  std::int64_t header = 0;
  std::string_view line;
  while (this->NextRow(12, header, line))
  {
    header = -1;
    // SEG X Y Z LENGTH ALPHA BETA RADIUS, then connection data and tag (which may touch).
    if (this->Tok.size() < 8)
    {
      this->S.Fail("segmentation data row has " + std::to_string(this->Tok.size()) +
        " fields, expected at least 8");
    }
    const std::int64_t seg = NeedInt(this->S, this->Tok[0], "a segment number");
    if (seg != static_cast<std::int64_t>(this->Geo.Segments.size()) + 1)
    {
      this->S.Fail("segment number " + std::to_string(seg) + " out of sequence (expected " +
        std::to_string(this->Geo.Segments.size() + 1) + ")");
    }
    if (seg > this->MaxPatches)
    {
      this->S.Fail("more segments than the file could hold");
    }
    double v[7];
    for (int k = 0; k < 7; ++k)
    {
      v[k] = NeedFinite(this->S, this->Tok[1 + k], "a segment value");
    }
    const double a = v[4] * Pi / 180, b = v[5] * Pi / 180; // elevation, azimuth
    this->Geo.Segments.push_back({ { v[0], v[1], v[2] },
      { std::cos(a) * std::cos(b), std::cos(a) * std::sin(b), std::sin(a) }, v[3] });
  }
}

void Parser::ReadPatchData()
{
  // A new table describes the structure that follows; any mesh built before is stale.
  this->Geo.Data.clear();
  this->Geo.Built = false;
  std::int64_t header = 0;
  std::string_view line;
  while (this->NextRow(12, header, line))
  {
    header = -1;
    const std::int64_t expect = static_cast<std::int64_t>(this->Geo.Data.size()) + 1;
    if (this->Tok.size() != 14)
    {
      this->S.Fail("SURFACE PATCH DATA row for patch " + std::to_string(expect) + " has " +
        std::to_string(this->Tok.size()) +
        " fields, expected 14 (number, centre, normal, area, two tangents)");
    }
    const std::int64_t n = NeedInt(this->S, this->Tok[0], "a patch number");
    if (n != expect)
    {
      this->S.Fail("patch number " + std::to_string(n) + " out of sequence in SURFACE PATCH DATA (expected " +
        std::to_string(expect) + ")");
    }
    if (n > this->MaxPatches)
    {
      this->S.Fail("more patches than the file could hold");
    }
    double v[13];
    for (int k = 0; k < 13; ++k)
    {
      v[k] = NeedFinite(this->S, this->Tok[1 + k], "a patch value");
    }
    if (!(v[6] > 0))
    {
      this->S.Fail("patch " + std::to_string(n) + " has a non-positive area");
    }
    this->Geo.Data.push_back({ { v[0], v[1], v[2] }, { v[3], v[4], v[5] }, { v[7], v[8], v[9] },
      { v[10], v[11], v[12] }, v[6] });
  }
  const std::int64_t got = static_cast<std::int64_t>(this->Geo.Data.size());
  if (this->Geo.TotalPatches >= 0 && got != this->Geo.TotalPatches)
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber() + (this->S.AtEnd() ? 0 : 1),
      "truncated SURFACE PATCH DATA table: " + std::to_string(got) + " of " +
        std::to_string(this->Geo.TotalPatches) + " patches");
  }
  this->SawPatches = this->SawPatches || got > 0;
}

void Parser::ReadFeeds()
{
  this->PendingPorts = ReadNecInputParameters(this->S, this->MaxPatches);
  this->Feeds.clear();
  for (const NecPort& p : this->PendingPorts)
  {
    this->Feeds.emplace_back(p.Tag, p.Segment);
  }
}

void Parser::ReadPortTable(std::string_view banner)
{
  if (Has(banner, "POWER BUDGET"))
  {
    const NecPowerBudget b = ReadNecPowerBudget(this->S);
    if (this->Open && !this->Out.Solutions.empty() && !this->Out.Solutions.back().Power.Present)
    {
      this->Out.Solutions.back().Power = b;
    }
    else
    {
      this->PendingPower = b;
    }
  }
  else
  {
    this->Loads = ReadNecLoading(this->S, this->MaxPatches);
  }
}

void Parser::ReadWireCurrents()
{
  if (this->FrequencyHz <= 0)
  {
    this->S.Fail("CURRENTS AND LOCATION before any FREQUENCY line");
  }
  const double lambda = this->Lambda();
  std::vector<NecWireSegment> wires;
  std::int64_t header = 0;
  std::string_view line;
  while (this->NextRow(12, header, line))
  {
    header = -1;
    // SEG TAG X Y Z LENGTH (wavelengths) RE IM MAG PHASE (amperes)
    if (this->Tok.size() != 10)
    {
      this->S.Fail("wire current row has " + std::to_string(this->Tok.size()) +
        " fields, expected 10 (segment, tag, centre, length, real, imaginary, magnitude, phase)");
    }
    NecWireSegment w;
    w.Segment = NeedInt(this->S, this->Tok[0], "a segment number");
    w.Tag = NeedInt(this->S, this->Tok[1], "a tag number");
    for (int d = 0; d < 3; ++d)
    {
      w.Centre[d] = lambda * NeedFinite(this->S, this->Tok[2 + d], "a segment coordinate");
    }
    w.Length = lambda * NeedFinite(this->S, this->Tok[5], "a segment length");
    w.CurrentReal = NeedFinite(this->S, this->Tok[6], "a wire current");
    w.CurrentImag = NeedFinite(this->S, this->Tok[7], "a wire current");
    NeedFinite(this->S, this->Tok[8], "a wire current magnitude");
    NeedFinite(this->S, this->Tok[9], "a wire current phase");
    const auto& segs = this->Geo.Segments;
    if (w.Segment >= 1 && w.Segment <= static_cast<std::int64_t>(segs.size()))
    {
      // The segmentation table has metres to 4 decimals and the direction.
      const SegmentGeometry& g = segs[static_cast<std::size_t>(w.Segment - 1)];
      for (int d = 0; d < 3; ++d)
      {
        w.Centre[d] = g.Centre[d];
        w.Direction[d] = g.Direction[d];
      }
      w.Length = g.Length;
    }
    if (static_cast<std::int64_t>(wires.size()) >= this->MaxPatches)
    {
      this->S.Fail("more wire segments than the file could hold");
    }
    wires.push_back(w);
  }
  // A second wire table at the same frequency is a new solve (a new EX, then XQ).
  const bool fresh = this->Open && !this->Out.Solutions.empty() &&
    (!this->Out.Solutions.back().Wires.empty() || this->Out.Solutions.back().HasPatchCurrents ||
      !this->Out.Solutions.back().Patterns.empty());
  this->Solution(fresh).Wires = std::move(wires);
}

/// Splits a patch polygon into 4 like NEC's subph() splits the patch: quads by edge
/// midpoints and the bilinear centre, triangles by edge midpoints.
std::array<EchoPatch, 4> Quarter(const EchoPatch& e)
{
  std::array<EchoPatch, 4> q;
  const auto& p = e.P;
  auto mid = [](const V3& a, const V3& b) { return 0.5 * (a + b); };
  if (e.Corners == 4)
  {
    const V3 c = 0.25 * (p[0] + p[1] + p[2] + p[3]);
    const V3 m01 = mid(p[0], p[1]), m12 = mid(p[1], p[2]), m23 = mid(p[2], p[3]), m30 = mid(p[3], p[0]);
    q[0].P = { p[0], m01, c, m30 };
    q[1].P = { m01, p[1], m12, c };
    q[2].P = { c, m12, p[2], m23 };
    q[3].P = { m30, c, m23, p[3] };
  }
  else
  {
    const V3 m01 = mid(p[0], p[1]), m12 = mid(p[1], p[2]), m20 = mid(p[2], p[0]);
    q[0].P = { p[0], m01, m20, {} };
    q[1].P = { m01, p[1], m12, {} };
    q[2].P = { m20, m12, p[2], {} };
    q[3].P = { m01, m12, m20, {} };
  }
  for (EchoPatch& s : q)
  {
    s.Corners = e.Corners;
    Measure(s);
  }
  return q;
}

void Parser::Build()
{
  Structure& g = this->Geo;
  const std::int64_t m = static_cast<std::int64_t>(g.Data.size());
  this->Out.EchoPatches = static_cast<std::int64_t>(g.Echo.size());

  // Echo patches with a shape, sorted by x for a tolerance window search.
  std::vector<std::size_t> byX;
  for (std::size_t i = 0; i < g.Echo.size(); ++i)
  {
    if (g.Echo[i].Corners > 0)
    {
      byX.push_back(i);
    }
  }
  std::sort(byX.begin(), byX.end(),
    [&](std::size_t a, std::size_t b) { return g.Echo[a].Centre[0] < g.Echo[b].Centre[0]; });
  std::size_t hint = 0;
  // Both tables print metres to 5 decimals, so matches are far tighter than the gap
  // between two distinct patches' centres (about a patch side).
  auto find = [&](const V3& c, double area) -> std::ptrdiff_t {
    const double tolC = 5e-5 + 0.02 * std::sqrt(area), tolA = 2e-5 + 0.005 * area;
    auto fits = [&](const EchoPatch& e) {
      return !e.Used && e.Corners > 0 && std::abs(e.Area - area) <= tolA && Norm(e.Centre - c) <= tolC;
    };
    if (hint < g.Echo.size() && fits(g.Echo[hint]))
    {
      return static_cast<std::ptrdiff_t>(hint);
    }
    auto it = std::lower_bound(byX.begin(), byX.end(), c[0] - tolC,
      [&](std::size_t i, double x) { return g.Echo[i].Centre[0] < x; });
    for (; it != byX.end() && g.Echo[*it].Centre[0] <= c[0] + tolC; ++it)
    {
      if (fits(g.Echo[*it]))
      {
        return static_cast<std::ptrdiff_t>(*it);
      }
    }
    return -1;
  };

  std::vector<EchoPatch> poly(static_cast<std::size_t>(m));
  for (std::int64_t i = 0; i < m; ++i)
  {
    const DataPatch& d = g.Data[static_cast<std::size_t>(i)];
    std::ptrdiff_t e = find(d.Centre, d.Area);
    if (e >= 0)
    {
      g.Echo[static_cast<std::size_t>(e)].Used = true;
      poly[static_cast<std::size_t>(i)] = g.Echo[static_cast<std::size_t>(e)];
      hint = static_cast<std::size_t>(e) + 1;
      continue;
    }
    // A wire end at this patch's centre: NEC replaced it by 4 quarter patches in place.
    if (i + 3 < m)
    {
      bool quarters = true;
      V3 mean = d.Centre;
      for (std::int64_t k = 1; k < 4; ++k)
      {
        const DataPatch& q = g.Data[static_cast<std::size_t>(i + k)];
        quarters = quarters && std::abs(q.Area - d.Area) <= 2e-5 + 0.005 * d.Area;
        mean = mean + q.Centre;
      }
      e = quarters ? find(0.25 * mean, 4 * d.Area) : -1;
      if (e >= 0)
      {
        EchoPatch& parent = g.Echo[static_cast<std::size_t>(e)];
        parent.Used = true;
        hint = static_cast<std::size_t>(e) + 1;
        const std::array<EchoPatch, 4> q = Quarter(parent);
        // Give each quarter to the sub-patch whose centre it holds (best of 24 orders).
        std::array<int, 4> perm{ 0, 1, 2, 3 }, best = perm;
        double bestCost = HUGE_VAL;
        do
        {
          double cost = 0;
          for (int k = 0; k < 4; ++k)
          {
            const V3 r = q[perm[k]].Centre - g.Data[static_cast<std::size_t>(i + k)].Centre;
            cost += Dot(r, r);
          }
          if (cost < bestCost)
          {
            bestCost = cost;
            best = perm;
          }
        } while (std::next_permutation(perm.begin(), perm.end()));
        for (int k = 0; k < 4; ++k)
        {
          poly[static_cast<std::size_t>(i + k)] = q[best[k]];
        }
        ++this->Out.SplitPatches;
        i += 3;
        continue;
      }
    }
    // No corners: NEC's own model of the patch is a square along the tangents.
    EchoPatch sq;
    sq.Corners = 4;
    V3 t1 = d.T1, t2 = d.T2;
    if (Norm(t1) < 0.5 || Norm(t2) < 0.5)
    {
      const V3 n = d.Normal;
      t1 = std::abs(n[0]) < 0.9 ? Cross(n, V3{ 1, 0, 0 }) : Cross(n, V3{ 0, 1, 0 });
      t2 = Cross(n, t1);
    }
    t1 = (1 / Norm(t1)) * t1;
    t2 = (1 / Norm(t2)) * t2;
    const double h = 0.5 * std::sqrt(d.Area);
    sq.P = { d.Centre - h * t1 - h * t2, d.Centre + h * t1 - h * t2, d.Centre + h * t1 + h * t2,
      d.Centre - h * t1 + h * t2 };
    poly[static_cast<std::size_t>(i)] = sq;
    ++this->Out.SquarePatches;
  }

  // Merge corners closer than 1e-9 of the model size so neighbours share vertices; the
  // grid cell is larger than the tolerance, so a match is always in one of 27 cells.
  double lo[3] = { HUGE_VAL, HUGE_VAL, HUGE_VAL }, hi[3] = { -HUGE_VAL, -HUGE_VAL, -HUGE_VAL };
  for (const EchoPatch& p : poly)
  {
    for (int k = 0; k < p.Corners; ++k)
    {
      for (int a = 0; a < 3; ++a)
      {
        lo[a] = std::min(lo[a], p.P[k][a]);
        hi[a] = std::max(hi[a], p.P[k][a]);
      }
    }
  }
  const double size = m > 0 ? Norm(V3{ hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2] }) : 0;
  const double eps = std::max(1e-9 * size, 1e-12), cell = 2 * eps;
  struct KeyHash
  {
    std::size_t operator()(const std::array<std::int64_t, 3>& k) const
    {
      return static_cast<std::size_t>(k[0] * 73856093LL ^ k[1] * 19349663LL ^ k[2] * 83492791LL);
    }
  };
  std::unordered_multimap<std::array<std::int64_t, 3>, std::int64_t, KeyHash> grid;
  SurfaceMesh& mesh = g.Geometry;
  mesh = SurfaceMesh();
  mesh.Offsets.reserve(static_cast<std::size_t>(m) + 1);
  mesh.Connectivity.reserve(4 * static_cast<std::size_t>(m));
  auto vertex = [&](const V3& p) -> std::int64_t {
    std::array<std::int64_t, 3> key;
    for (int a = 0; a < 3; ++a)
    {
      key[a] = static_cast<std::int64_t>(std::floor((p[a] - lo[a]) / cell));
    }
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
        {
          auto range = grid.equal_range({ key[0] + dx, key[1] + dy, key[2] + dz });
          for (auto it = range.first; it != range.second; ++it)
          {
            const double* q = &mesh.Points[3 * static_cast<std::size_t>(it->second)];
            if (std::abs(q[0] - p[0]) <= eps && std::abs(q[1] - p[1]) <= eps &&
              std::abs(q[2] - p[2]) <= eps)
            {
              return it->second;
            }
          }
        }
    const std::int64_t id = mesh.NumberOfPoints();
    mesh.Points.insert(mesh.Points.end(), p.begin(), p.end());
    grid.emplace(key, id);
    return id;
  };
  for (std::int64_t i = 0; i < m; ++i)
  {
    const EchoPatch& p = poly[static_cast<std::size_t>(i)];
    // Counter-clockwise about NEC's printed normal: the echo order may be either way
    // (mirrored copies reverse it), the printed normal is the one NEC solved with.
    V3 newell{ 0, 0, 0 };
    for (int k = 0; k < p.Corners; ++k)
    {
      newell = newell + Cross(p.P[k], p.P[(k + 1) % p.Corners]);
    }
    const bool flip = Dot(newell, g.Data[static_cast<std::size_t>(i)].Normal) < 0;
    for (int k = 0; k < p.Corners; ++k)
    {
      mesh.Connectivity.push_back(vertex(p.P[flip ? (p.Corners - k) % p.Corners : k]));
    }
    mesh.Offsets.push_back(static_cast<std::int64_t>(mesh.Connectivity.size()));
  }
  g.Built = true;
}

void Parser::ReadPatchCurrents()
{
  if (this->FrequencyHz <= 0)
  {
    this->S.Fail("SURFACE PATCH CURRENTS before any FREQUENCY line");
  }
  if (this->Geo.Data.empty())
  {
    this->S.Fail("SURFACE PATCH CURRENTS without a SURFACE PATCH DATA table before it");
  }
  if (!this->Geo.Built)
  {
    this->Build();
  }
  const std::int64_t m = static_cast<std::int64_t>(this->Geo.Data.size());
  const double lambda = this->Lambda();
  const bool fresh = this->Open && !this->Out.Solutions.empty() &&
    (this->Out.Solutions.back().HasPatchCurrents || !this->Out.Solutions.back().Patterns.empty());
  NecSolution& sol = this->Solution(fresh);
  sol.Mesh = this->Geo.Geometry;
  sol.Mesh.Frequency = this->FrequencyHz;
  this->AddSources(sol.Mesh);
  sol.HasPatchCurrents = true;
  sol.Mesh.JReal.reserve(3 * static_cast<std::size_t>(m));
  sol.Mesh.JImag.reserve(3 * static_cast<std::size_t>(m));
  std::int64_t header = 0, found = 0;
  bool triedParallel = false;
  std::string_view line;
  std::vector<std::string_view> row;
  while (found < m)
  {
    if (header < 0 && !triedParallel)
    {
      // The rows have started: the rest of the table in parallel blocks, if
      // it is all plain nec2c rows.
      triedParallel = true;
      if (this->ParallelCurrents(found, m, lambda, sol.Mesh))
      {
        found = m;
        continue;
      }
    }
    if (header < 0)
    {
      // Once the rows have started, a nec2c row (one line per patch) that
      // passes every check is taken on the fast path.
      const std::size_t at = this->S.Offset();
      const std::int64_t lineNo = this->S.LineNumber();
      std::int64_t n = 0;
      double v[13];
      if (this->S.Next(line) && FastRow(line, 14, n, v) && n == found + 1)
      {
        const DataPatch& d = this->Geo.Data[static_cast<std::size_t>(found)];
        bool near = true;
        for (int a = 0; a < 3; ++a)
        {
          near = near && std::abs(lambda * v[a] - d.Centre[a]) <= 1e-3 * lambda + 1e-4;
        }
        if (near)
        {
          for (int a = 0; a < 3; ++a)
          {
            sol.Mesh.JReal.push_back(v[7 + 2 * a]);
            sol.Mesh.JImag.push_back(v[8 + 2 * a]);
          }
          ++found;
          continue;
        }
      }
      this->S.Seek(at, lineNo); // the general path below parses or reports it
    }
    if (!this->NextRow(12, header, line))
    {
      break;
    }
    header = -1;
    row = this->Tok;
    if (row.size() == 1)
    {
      // NEC-2D: FORMAT(1X,I4,/,1X,3F7.3,...) puts the number on a line of its own.
      this->Out.OriginalNec2D = true;
      std::string_view more;
      if (!this->S.Next(more))
      {
        this->S.Fail("truncated SURFACE PATCH CURRENTS table: patch " + std::string(row[0]) +
          " has no values");
      }
      TokenizeFortranCells(more, this->Tok);
      row.insert(row.end(), this->Tok.begin(), this->Tok.end());
    }
    const std::int64_t expect = found + 1;
    if (row.size() != 14)
    {
      this->S.Fail("SURFACE PATCH CURRENTS row for patch " + std::to_string(expect) + " has " +
        std::to_string(row.size()) +
        " fields, expected 14 (number, centre, 2 tangent magnitudes and phases, Re/Im of Jx Jy Jz)");
    }
    const std::int64_t n = NeedInt(this->S, row[0], "a patch number");
    if (n != expect)
    {
      this->S.Fail("patch number " + std::to_string(n) +
        " out of sequence in SURFACE PATCH CURRENTS (expected " + std::to_string(expect) + ")");
    }
    const DataPatch& d = this->Geo.Data[static_cast<std::size_t>(found)];
    for (int a = 0; a < 3; ++a)
    {
      // Centres are printed to 3 decimals of a wavelength; a larger gap means the two
      // tables do not describe the same patches (or λ is not what NEC used).
      const double c = lambda * NeedFinite(this->S, row[1 + a], "a patch centre coordinate");
      if (std::abs(c - d.Centre[a]) > 1e-3 * lambda + 1e-4)
      {
        this->S.Fail("patch " + std::to_string(n) + ": centre in SURFACE PATCH CURRENTS (" +
          std::string(row[1 + a]) + " wavelengths) does not match SURFACE PATCH DATA");
      }
    }
    for (int k = 4; k < 8; ++k)
    {
      NeedFinite(this->S, row[k], "a tangential current");
    }
    for (int a = 0; a < 3; ++a)
    {
      sol.Mesh.JReal.push_back(NeedFinite(this->S, row[8 + 2 * a], "a current density"));
      sol.Mesh.JImag.push_back(NeedFinite(this->S, row[9 + 2 * a], "a current density"));
    }
    ++found;
  }
  if (found < m)
  {
    const bool eof = this->S.AtEnd();
    throw ParseError(this->S.FileName(), this->S.LineNumber() + (eof ? 0 : 1),
      "truncated SURFACE PATCH CURRENTS table: " + std::to_string(found) + " of " +
        std::to_string(m) + " patches" + (eof ? " before the end of the file" : ""));
  }
}

bool Parser::ParallelCurrents(std::int64_t first, std::int64_t m, double lambda, SurfaceMesh& mesh)
{
  // Rows first..m-1 (0-based) of a SURFACE PATCH CURRENTS table whose first
  // rows were nec2c rows: when every one of the next m - first lines is a
  // plain nec2c row that passes the checks, they are parsed in blocks on the
  // threads, each into its own place. Otherwise nothing is kept and the
  // serial loop goes on from the same line (and reports what it finds).
  constexpr std::int64_t BlockRows = 512;
  const std::int64_t count = m - first;
  if (!this->Parallel || count < 4 * BlockRows)
  {
    return false;
  }
  const std::size_t at = this->S.Offset();
  const std::int64_t lineNo = this->S.LineNumber();
  std::vector<std::size_t> starts(static_cast<std::size_t>(count) + 1);
  std::size_t pos = at;
  for (std::int64_t k = 0; k < count; ++k)
  {
    if (pos >= this->Text.size())
    {
      return false;
    }
    starts[k] = pos;
    const std::size_t nl = this->Text.find('\n', pos);
    pos = nl == std::string_view::npos ? this->Text.size() : nl + 1;
  }
  starts[count] = pos;
  mesh.JReal.resize(3 * static_cast<std::size_t>(m));
  mesh.JImag.resize(3 * static_cast<std::size_t>(m));
  const std::int64_t blocks = (count + BlockRows - 1) / BlockRows;
  std::vector<char> ok(static_cast<std::size_t>(blocks), 0);
  this->Parallel(blocks, [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t b = lo; b < hi; ++b)
    {
      bool good = true;
      for (std::int64_t k = b * BlockRows; good && k < std::min(count, (b + 1) * BlockRows); ++k)
      {
        std::size_t end = starts[k + 1];
        if (end > starts[k] && this->Text[end - 1] == '\n')
        {
          --end;
        }
        const std::int64_t row = first + k; // 0-based patch index
        std::int64_t n = 0;
        double v[13];
        good = FastRow(this->Text.substr(starts[k], end - starts[k]), 14, n, v) && n == row + 1;
        const DataPatch& d = this->Geo.Data[static_cast<std::size_t>(row)];
        for (int a = 0; good && a < 3; ++a)
        {
          good = std::abs(lambda * v[a] - d.Centre[a]) <= 1e-3 * lambda + 1e-4;
        }
        for (int a = 0; good && a < 3; ++a)
        {
          mesh.JReal[3 * row + a] = v[7 + 2 * a];
          mesh.JImag[3 * row + a] = v[8 + 2 * a];
        }
      }
      ok[static_cast<std::size_t>(b)] = good ? 1 : 0;
    }
  });
  if (std::find(ok.begin(), ok.end(), 0) != ok.end())
  {
    mesh.JReal.resize(3 * static_cast<std::size_t>(first));
    mesh.JImag.resize(3 * static_cast<std::size_t>(first));
    this->S.Seek(at, lineNo);
    return false;
  }
  this->S.Seek(pos, lineNo + count);
  return true;
}

void Parser::ReadPattern()
{
  if (this->FrequencyHz <= 0)
  {
    this->S.Fail("RADIATION PATTERNS before any FREQUENCY line");
  }
  // The column header (3 or 4 lines) names the gain kind and the partial gains.
  std::string header;
  std::string_view line;
  for (int k = 0;; ++k)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t lineNo = this->S.LineNumber();
    if (!this->S.Next(line))
    {
      this->S.Fail("truncated RADIATION PATTERNS table: no rows before the end of the file");
    }
    if (StartsNumeric(line))
    {
      this->S.Seek(at, lineNo);
      break;
    }
    if (k >= 10 || IsBanner(line))
    {
      // Not the far-field layout (say, a ground-wave table): leave it for the main loop.
      this->S.Seek(at, lineNo);
      ++this->Out.SkippedPatterns;
      return;
    }
    header += Upper(line);
    header += '\n';
  }
  FarFieldGrid g;
  g.SourceFormat = "NEC-2";
  g.Frequency = this->FrequencyHz;
  std::string first, second;
  if (header.find("DIRECTIVE GAIN") != std::string::npos)
  {
    g.GainKind = "Directivity";
  }
  else if (header.find("POWER GAIN") != std::string::npos)
  {
    g.GainKind = "Gain";
  }
  if (header.find("MAJOR") != std::string::npos && header.find("MINOR") != std::string::npos)
  {
    first = "Gain_major";
    second = "Gain_minor";
  }
  else if (header.find("VERT") != std::string::npos && header.find("HOR") != std::string::npos)
  {
    first = "Gain_vert";
    second = "Gain_horiz";
  }
  if (g.GainKind.empty() || first.empty() || header.find("E(THETA)") == std::string::npos)
  {
    this->S.Fail("RADIATION PATTERNS table with an unknown column header (expected POWER or "
                 "DIRECTIVE GAINS, VERTC HORIZ or MAJOR MINOR, E(THETA) and E(PHI))");
  }
  // Create every column before taking references: Column() may grow the list.
  g.Extra = { { first, {} }, { second, {} }, { "AxialRatio", {} }, { "Tilt", {} } };
  std::vector<double>& g1 = g.Extra[0].second;
  std::vector<double>& g2 = g.Extra[1].second;
  std::vector<double>& axial = g.Extra[2].second;
  std::vector<double>& tilt = g.Extra[3].second;
  const std::int64_t maxRows = this->MaxPatches;
  std::int64_t lastLine = this->S.LineNumber();
  {
    // Count the rows first (a cheap scan of line starts) so every column is allocated
    // once: big sweeps print hundreds of thousands of rows.
    const std::size_t at = this->S.Offset();
    const std::int64_t lineNo = this->S.LineNumber();
    std::size_t rows = 0;
    while (this->S.Next(line) && StartsNumeric(line))
    {
      ++rows;
    }
    this->S.Seek(at, lineNo);
    rows = std::min(rows, static_cast<std::size_t>(maxRows));
    for (auto* v : { &g.Theta, &g.Phi, &g.Gain, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm,
           &g1, &g2, &axial, &tilt })
    {
      v->reserve(rows);
    }
    g.Sense.reserve(rows);
  }
  for (;;)
  {
    const std::size_t at = this->S.Offset();
    const std::int64_t lineNo = this->S.LineNumber();
    if (!this->S.Next(line))
    {
      break;
    }
    if (!StartsNumeric(line))
    {
      this->S.Seek(at, lineNo);
      break;
    }
    TokenizeFortranCells(line, this->Row);
    const auto& t = this->Row;
    double dummy;
    // THETA PHI G1 G2 TOTAL AXIAL TILT SENSE |Eθ| phase |Eφ| phase: SENSE is blank for a
    // zero field, so 11 fields then; the word is never a number.
    const bool sense = t.size() == 12 && !ParseDouble(t[7], dummy);
    if (!(sense || (t.size() == 11 && ParseDouble(t[7], dummy))))
    {
      this->S.Fail("RADIATION PATTERNS row has " + std::to_string(t.size()) +
        " fields, expected 12 (theta, phi, 3 gains, axial ratio, tilt, sense, |Etheta|, "
        "phase, |Ephi|, phase) or 11 with a blank SENSE");
    }
    if (static_cast<std::int64_t>(g.Theta.size()) >= maxRows)
    {
      this->S.Fail("more RADIATION PATTERNS rows than the file could hold");
    }
    const std::size_t e = sense ? 8 : 7;
    g.Theta.push_back(NeedFinite(this->S, t[0], "theta (degrees)"));
    g.Phi.push_back(NeedFinite(this->S, t[1], "phi (degrees)"));
    g1.push_back(NeedFinite(this->S, t[2], "a partial gain (dB)"));
    g2.push_back(NeedFinite(this->S, t[3], "a partial gain (dB)"));
    g.Gain.push_back(NeedFinite(this->S, t[4], "the total gain (dB)"));
    axial.push_back(NeedFinite(this->S, t[5], "the axial ratio"));
    tilt.push_back(NeedFinite(this->S, t[6], "the tilt angle"));
    g.Sense.emplace_back(sense ? Upper(t[7]) : std::string());
    double re, im;
    FromMagnitudePhase(NeedFinite(this->S, t[e], "|Etheta|"),
      NeedFinite(this->S, t[e + 1], "the phase of Etheta"), re, im);
    g.EthetaRe.push_back(re);
    g.EthetaIm.push_back(im);
    FromMagnitudePhase(NeedFinite(this->S, t[e + 2], "|Ephi|"),
      NeedFinite(this->S, t[e + 3], "the phase of Ephi"), re, im);
    g.EphiRe.push_back(re);
    g.EphiIm.push_back(im);
    lastLine = this->S.LineNumber();
  }
  if (g.Theta.empty())
  {
    this->S.Fail("RADIATION PATTERNS table without rows");
  }
  FinishFarFieldGrid(g, this->S.FileName(), lastLine);
  this->Solution(false).Patterns.push_back(std::move(g));
}

NecOutput Parser::Run()
{
  Mode mode = Mode::None;
  std::string_view line;
  while (this->S.Next(line))
  {
    const bool numeric = StartsNumeric(line);
    if (mode == Mode::Comments)
    {
      // User comments may say anything, even "FREQUENCY: 5 MHz"; only the next banner counts.
      if (!Has(line, "STRUCTURE SPECIFICATION"))
      {
        continue;
      }
    }
    if (numeric)
    {
      if (mode == Mode::Echo)
      {
        this->EchoLine(line);
      }
      continue; // rows outside the tables read here (patterns, junctions, ...)
    }
    if (Has(line, "COMMENTS") && (Has(line, "- - -") || Has(line, "---")))
    {
      mode = Mode::Comments;
    }
    else if (Has(line, "STRUCTURE SPECIFICATION"))
    {
      this->Geo = Structure();
      this->Feeds.clear();
      this->PendingPorts.clear();
      this->Loads.clear();
      this->Open = false;
      mode = Mode::Echo;
    }
    else if (Has(line, "SEGMENTATION DATA"))
    {
      mode = Mode::None;
      this->ReadSegments();
    }
    else if (Has(line, "SURFACE PATCH DATA"))
    {
      mode = Mode::None;
      this->ReadPatchData();
    }
    else if (Has(line, "SURFACE PATCH CURRENTS"))
    {
      mode = Mode::None;
      this->ReadPatchCurrents();
    }
    else if (Has(line, "RADIATION PATTERNS"))
    {
      mode = Mode::None;
      this->ReadPattern();
    }
    else if (Has(line, "CURRENTS AND LOCATION"))
    {
      mode = Mode::None;
      this->ReadWireCurrents();
    }
    else if (bool electric; IsNecNearFieldBanner(line, electric))
    {
      mode = Mode::None;
      if (this->FrequencyHz <= 0)
      {
        this->S.Fail("near-field table before any FREQUENCY line");
      }
      this->Near.Table(this->S, electric, this->MaxPatches, this->Solution(false).NearFields);
    }
    else if (Has(line, "DATA CARD"))
    {
      this->Near.Card(line);
      if (mode == Mode::Echo)
      {
        this->EchoLine(line);
      }
    }
    else if (Has(line, "ANTENNA INPUT PARAMETERS"))
    {
      mode = Mode::None;
      this->ReadFeeds();
    }
    else if (Has(line, "POWER BUDGET") || Has(line, "STRUCTURE IMPEDANCE LOADING"))
    {
      mode = Mode::None;
      this->ReadPortTable(line);
    }
    else if (StartsWith(Trim(line), "FREQUENCY") || StartsWith(Trim(line), "WAVELENGTH"))
    {
      // "FREQUENCY : 3.0000E+02 MHz" (nec2c) or "FREQUENCY= 2.9980E+02 MHZ" (NEC-2D);
      // "WAVELENGTH: 9.9933E-01 Mtr" or "WAVELENGTH= 1.0000E+00 METERS".
      std::string_view t = Trim(line);
      const bool freq = t[0] == 'F';
      t = Trim(t.substr(freq ? 9 : 10));
      if (t.empty() || (t[0] != ':' && t[0] != '='))
      {
        if (mode == Mode::Echo)
        {
          this->EchoLine(line);
        }
        continue;
      }
      const bool fortran = t[0] == '=';
      TokenizeFortranCells(t.substr(1), this->Tok);
      if (this->Tok.empty())
      {
        this->S.Fail(std::string("no value after ") + (freq ? "FREQUENCY" : "WAVELENGTH"));
      }
      const double v = NeedFinite(this->S, this->Tok[0], freq ? "the frequency" : "the wavelength");
      if (!(v > 0))
      {
        this->S.Fail(std::string(freq ? "the frequency" : "the wavelength") + " must be positive");
      }
      mode = Mode::None;
      if (freq)
      {
        if (this->Tok.size() < 2 || Upper(this->Tok[1]) != "MHZ")
        {
          this->S.Fail("expected the frequency in MHz");
        }
        this->FrequencyHz = v * 1e6;
        this->PrintedLambda = 0;
        this->Feeds.clear();
        this->PendingPorts.clear();
        this->Open = false;
        this->Out.OriginalNec2D = this->Out.OriginalNec2D || fortran;
      }
      else
      {
        this->PrintedLambda = v;
      }
    }
    else if (mode == Mode::Echo)
    {
      this->EchoLine(line);
    }
  }
  // A model with patches prints their currents in every solve; a solution without them
  // means the file was cut short.
  bool missing = this->Out.Solutions.empty();
  for (const NecSolution& s : this->Out.Solutions)
  {
    missing = missing || (this->SawPatches && !s.HasPatchCurrents);
  }
  if (missing)
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber(),
      this->SawPatches
        ? "no SURFACE PATCH CURRENTS section: the run printed no solution for its patches "
          "(did the deck end before an XQ or RP card, or did NEC stop on an error?)"
        : "no solution: neither CURRENTS AND LOCATION, SURFACE PATCH CURRENTS nor RADIATION "
          "PATTERNS was printed (did the deck end before an XQ or RP card?)");
  }
  return std::move(this->Out);
}
} // namespace

bool LooksLikeNecOutput(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return Has(head, "NUMERICAL ELECTROMAGNETICS CODE") || Has(head, "- - - - COMMENTS - - - -") ||
    (Has(head, "STRUCTURE SPECIFICATION") && Has(head, "COORDINATES MUST BE INPUT IN"));
}

NecOutput ParseNecOutput(
  std::string_view rawText, const std::string& fileName, const ParallelFor& parallel)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
  {
    throw ParseError(fileName, 0, "empty file: expected NEC-2 output (nec2c or NEC-2D)");
  }
  if (!LooksLikeNecOutput(text.substr(0, 4096)))
  {
    throw ParseError(fileName, 0,
      "not a NEC-2 output file: no nec2c or NEC-2D banner, comment block or structure "
      "specification in the first 4 KB");
  }
  return Parser(text, fileName, parallel).Run();
}

NecOutput ReadNecOutputFile(const std::string& path, const ParallelFor& parallel)
{
  return ParseNecOutput(ReadWholeFile(path, 1ull << 34, parallel), path, parallel);
}

SurfaceMesh ReadNecSurfaceMesh(const std::string& path)
{
  NecOutput out = ReadNecOutputFile(path);
  return std::move(out.Solutions.front().Mesh);
}

} // namespace cloudmap
