// SPDX-License-Identifier: BSD-3-Clause
// The structure echo: SP/SM patches as NEC printed them and the GX/GR/GM/GS cards
// that copy, turn, move or scale them, in NEC's order.
#include "cmNecOutputParser.h"

#include "cmTextScan.h"

#include <cmath>
#include <string>
#include <vector>

namespace cm
{
namespace nec
{
namespace
{
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

/// Applies p -> R p + t to a patch.
void Transform(EchoPatch& e, const double R[3][3], const Vec3& t)
{
  auto map = [&](Vec3& p) {
    const Vec3 q = p;
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

/// The rotation of NEC's move(): about X, then Y, then Z by v[0], v[1], v[2] degrees.
struct Rotation
{
  double R[3][3];
};
Rotation MoveRotation(const double v[6])
{
  const double d = cm::RadiansPerDegree;
  const double sps = std::sin(v[0] * d), cps = std::cos(v[0] * d);
  const double sth = std::sin(v[1] * d), cth = std::cos(v[1] * d);
  const double sph = std::sin(v[2] * d), cph = std::cos(v[2] * d);
  return { { { cph * cth, cph * sth * sps - sph * cps, cph * sth * cps + sph * sps },
    { sph * cth, sph * sth * sps + cph * cps, sph * sth * cps - cph * sps },
    { -sth, cth * sps, cth * cps } } };
}
} // namespace

/// Area and area centroid by a fan from corner 0, which is also how NEC centres a quad.
void Measure(EchoPatch& e)
{
  double area = 0;
  Vec3 c{ 0, 0, 0 };
  for (int k = 1; k + 1 < e.Corners; ++k)
  {
    const double a = 0.5 * Norm(Cross(Sub(e.P[k], e.P[0]), Sub(e.P[k + 1], e.P[0])));
    area += a;
    c = Add(c, Scale(a / 3, Add(Add(e.P[0], e.P[k]), e.P[k + 1])));
  }
  e.Area = area;
  if (area > 0)
  {
    e.Centre = Scale(1 / area, c);
  }
  else
  {
    e.Corners = 0; // degenerate: NEC would have refused it, draw a square instead
  }
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
    this->S.Fail(
      "patch number " + std::to_string(number) + " in the structure echo is out of range");
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
    this->S.Fail(
      "patch " + std::to_string(number) + " in the structure echo needs corners 1 and 2");
  }
  for (int k = 0; k < 6; ++k)
  {
    e.P[k / 3][k % 3] = NeedFinite(this->S, nums[k], "a patch corner coordinate");
  }
  std::int64_t nx = 0, ny = 0;
  std::size_t surfaceLength = 0;
  const std::size_t surface = FindNecPhrase(line, "SURFACE -", &surfaceLength);
  if (surface != std::string_view::npos)
  {
    // SM card: "SURFACE - NX BY NY PATCHES" (Fortran may glue "BY100").
    const std::string_view tail = line.substr(surface + surfaceLength);
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
      e.P[3] = Sub(Add(e.P[0], e.P[2]), e.P[1]); // NEC completes a rectangle from corners 1-3
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
  const std::size_t base = echo.size();
  echo.resize(base + static_cast<std::size_t>(nx * ny)); // Grow bounded it
  const Vec3 s1 = Scale(1.0 / nx, Sub(e.P[1], e.P[0]));
  const Vec3 s2 = Scale(1.0 / ny, Sub(e.P[2], e.P[1]));
  // Rows of patches on the threads (each patch is its own: the same values in any order).
  RunFor(this->Parallel, ny, [&](long long lo, long long hi) {
    for (std::int64_t iy = lo; iy < hi; ++iy)
    {
      for (std::int64_t ix = 0; ix < nx; ++ix)
      {
        EchoPatch& p = echo[base + static_cast<std::size_t>(iy * nx + ix)];
        p.Corners = 4;
        p.P[0] =
          Add(Add(e.P[0], Scale(static_cast<double>(ix), s1)), Scale(static_cast<double>(iy), s2));
        p.P[1] = Add(p.P[0], s1);
        p.P[2] = Add(p.P[1], s2);
        p.P[3] = Add(p.P[0], s2);
        Measure(p);
      }
    }
  });
}

void Parser::EchoTransform(std::string_view line)
{
  const std::size_t n = this->Geo.Echo.size();
  if (ContainsNoCase(line, "REFLECTED ALONG THE AXES"))
  {
    this->EchoReflect(line);
  }
  else if (ContainsNoCase(line, "ROTATED ABOUT Z-AXIS"))
  {
    this->EchoRotate(line, n);
  }
  else if (ContainsNoCase(line, "SCALED BY FACTOR"))
  {
    this->EchoScale(line);
  }
  else if (ContainsNoCase(line, "HAS BEEN MOVED"))
  {
    this->EchoMove(n);
  }
}

void Parser::EchoReflect(std::string_view line)
{
  // GX: NEC reflects along Z, then Y, then X, each time appending mirrored copies.
  auto& echo = this->Geo.Echo;
  std::vector<std::string_view> t;
  Tokenize(line.substr(FindNoCase(line, "AXES") + 4), t);
  bool axis[3] = { false, false, false };
  for (std::string_view w : t)
  {
    if (ContainsNoCase(w, "TAGS") || w == "-")
    {
      break;
    }
    for (char c : w)
    {
      const int a = (c == 'X' || c == 'x') ? 0
        : (c == 'Y' || c == 'y')           ? 1
        : (c == 'Z' || c == 'z')           ? 2
                                           : -1;
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

void Parser::EchoRotate(std::string_view line, std::size_t n)
{
  // GR: NOP-1 copies of everything, each turned a further 360/NOP degrees.
  auto& echo = this->Geo.Echo;
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
    const double a = 2 * cm::Pi * static_cast<double>(k) / static_cast<double>(nop);
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

void Parser::EchoScale(std::string_view line)
{
  TokenizeFortranCells(line, this->Tok);
  double f = 0;
  if (this->Tok.empty() || !ParseDouble(this->Tok.back(), f) || !std::isfinite(f) || f == 0)
  {
    this->S.Fail("cannot read the GS scale factor");
  }
  for (EchoPatch& e : this->Geo.Echo)
  {
    for (Vec3& p : e.P)
    {
      p = Scale(f, p);
    }
    e.Centre = Scale(f, e.Centre);
    e.Area *= f * f;
  }
}

void Parser::EchoMove(std::size_t n)
{
  // GM: the card is echoed on the next line: ITGI NRPT ROX ROY ROZ XS YS ZS ITS.
  auto& echo = this->Geo.Echo;
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
  const std::int64_t nrpt =
    NeedCount(this->S, this->Tok[1], "the GM repeat count", this->MaxPatches);
  double v[6];
  for (int k = 0; k < 6; ++k)
  {
    v[k] = NeedFinite(this->S, this->Tok[2 + k], "a GM angle or shift");
  }
  // NEC's move(): rotate about X, then Y, then Z (degrees), then shift.
  const Rotation rot = MoveRotation(v);
  const auto& R = rot.R;
  const Vec3 shift{ v[3], v[4], v[5] };
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
  else if (ContainsNoCase(line, "TOTAL PATCHES USED"))
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
} // namespace nec
} // namespace cm
