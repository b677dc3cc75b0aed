// SPDX-License-Identifier: BSD-3-Clause
#include "cmNecNearField.h"

#include "cmNecText.h"

#include "cmFarField.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm
{
namespace
{
bool IsDigit(char c)
{
  return c >= '0' && c <= '9';
}

bool StartsNumeric(std::string_view line)
{
  const std::string_view t = Trim(line);
  return !t.empty() &&
    (IsDigit(t[0]) ||
      ((t[0] == '-' || t[0] == '+' || t[0] == '.') && t.size() > 1 &&
        (IsDigit(t[1]) || t[1] == '.')));
}

/// nx·ny·nz of a card, saturating (a damaged echo may carry any int64 counts).
std::int64_t CardPoints(const NecNearFieldCard& c)
{
  std::int64_t p = 1;
  for (std::int64_t v : c.Counts)
  {
    if (v <= 0)
    {
      return 0;
    }
    if (p > std::numeric_limits<std::int64_t>::max() / v)
    {
      return std::numeric_limits<std::int64_t>::max();
    }
    p *= v;
  }
  return p;
}

/// Whether point k of `p` equals origin + i·a + j·b + l·c within tol for every point.
bool IsLattice(const std::vector<double>& p, const std::int64_t d[3], double tol)
{
  const std::int64_t n = d[0] * d[1] * d[2];
  double step[3][3] = { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
  const std::int64_t stride[3] = { 1, d[0], d[0] * d[1] };
  for (int a = 0; a < 3; ++a)
  {
    if (d[a] > 1)
    {
      for (int c = 0; c < 3; ++c)
      {
        step[a][c] =
          p[static_cast<std::size_t>(3 * stride[a] + c)] - p[static_cast<std::size_t>(c)];
      }
    }
  }
  for (std::int64_t k = 0; k < n; ++k)
  {
    const std::int64_t ijk[3] = { k % d[0], (k / d[0]) % d[1], k / (d[0] * d[1]) };
    for (int c = 0; c < 3; ++c)
    {
      const double want = p[static_cast<std::size_t>(c)] + ijk[0] * step[0][c] +
        ijk[1] * step[1][c] + ijk[2] * step[2][c];
      if (std::abs(p[static_cast<std::size_t>(3 * k + c)] - want) > tol)
      {
        return false;
      }
    }
  }
  return true;
}
} // namespace

bool IsNecNearFieldBanner(std::string_view line, bool& electric)
{
  if (HasNecPhrase(line, "NEAR ELECTRIC FIELDS"))
  {
    electric = true;
    return true;
  }
  if (HasNecPhrase(line, "NEAR MAGNETIC FIELDS"))
  {
    electric = false;
    return true;
  }
  return false;
}

bool NecNearFieldDimensions(
  const std::vector<double>& points, const NecNearFieldCard& card, double tol, std::int64_t dims[3])
{
  const std::int64_t n = static_cast<std::int64_t>(points.size() / 3);
  dims[0] = n;
  dims[1] = dims[2] = 1;
  if (n <= 0)
  {
    return false;
  }
  if (card.Valid && card.Counts[0] > 0 && card.Counts[1] > 0 && card.Counts[2] > 0 &&
    card.Counts[0] <= n && card.Counts[1] <= n && card.Counts[2] <= n && CardPoints(card) == n)
  {
    std::copy(card.Counts, card.Counts + 3, dims);
    return true;
  }
  // No usable card: x runs fastest while y and z stay, then y while z stays.
  auto same = [&](std::int64_t a, std::int64_t b, int c) {
    return std::abs(points[static_cast<std::size_t>(3 * a + c)] -
             points[static_cast<std::size_t>(3 * b + c)]) <= tol;
  };
  std::int64_t nx = 1;
  while (nx < n && same(nx, 0, 1) && same(nx, 0, 2))
  {
    ++nx;
  }
  std::int64_t nxy = nx;
  while (nxy < n && same(nxy, 0, 2))
  {
    nxy += nx;
  }
  nxy = std::min(nxy, n);
  if (nxy % nx != 0 || n % nxy != 0)
  {
    return false;
  }
  const std::int64_t d[3] = { nx, nxy / nx, n / nxy };
  if (d[0] * d[1] * d[2] != n || !IsLattice(points, d, tol))
  {
    return false;
  }
  std::copy(d, d + 3, dims);
  return true;
}

void NecNearFieldScanner::Card(std::string_view line)
{
  // "DATA CARD No:   3 NE   0     3     1     2  1.00000E-01 ..." (nec2c)
  Tokenize(line, this->Tok);
  for (std::size_t i = 0; i + 5 < this->Tok.size(); ++i)
  {
    const std::string name = Upper(this->Tok[i]);
    if (name != "NE" && name != "NH")
    {
      continue;
    }
    std::int64_t v[4];
    for (int k = 0; k < 4; ++k)
    {
      if (!ParseInt(this->Tok[i + 1 + static_cast<std::size_t>(k)], v[k]))
      {
        return;
      }
    }
    NecNearFieldCard& c = this->Cards[name == "NE" ? 0 : 1];
    c.Valid = (v[0] == 0 || v[0] == 1) && v[1] > 0 && v[2] > 0 && v[3] > 0;
    c.Coordinates = static_cast<int>(v[0]);
    std::copy(v + 1, v + 4, c.Counts);
    return;
  }
}

void NecNearFieldScanner::Table(
  LineScanner& s, bool electric, std::int64_t maxRows, std::vector<NecNearField>& grids)
{
  const char* what = electric ? "NEAR ELECTRIC FIELDS" : "NEAR MAGNETIC FIELDS";
  const std::int64_t banner = s.LineNumber();
  // Header: a blank line or two, then LOCATION / X Y Z / METERS (3 lines in both
  // programs); the first numeric line is the first row.
  std::string header;
  std::string_view line;
  for (int k = 0;; ++k)
  {
    const std::size_t at = s.Offset();
    const std::int64_t lineNo = s.LineNumber();
    if (!s.Next(line))
    {
      s.Fail(std::string("truncated ") + what + " table: no rows before the end of the file");
    }
    if (StartsNumeric(line))
    {
      s.Seek(at, lineNo);
      break;
    }
    if (k >= 8)
    {
      // Named by the banner: the 8 lines looked at may belong to whatever follows.
      throw ParseError(s.FileName(), banner,
        std::string(what) + " table without rows (no numeric row in the 8 lines after the banner)");
    }
    header += NecNormal(line);
    header += '\n';
  }
  if (header.find("LOCATION") == std::string::npos || header.find("MAGNITUDE") == std::string::npos)
  {
    s.Fail(std::string(what) +
      " table with an unknown column header (expected LOCATION, X Y Z, "
      "then MAGNITUDE and PHASE of three components)");
  }
  NecNearField g;
  g.Line = banner;
  std::vector<double> re, im;
  std::int64_t lastLine = s.LineNumber();
  bool atEnd = false;
  for (;;)
  {
    const std::size_t at = s.Offset();
    const std::int64_t lineNo = s.LineNumber();
    if (!s.Next(line))
    {
      atEnd = true;
      break;
    }
    if (!StartsNumeric(line))
    {
      s.Seek(at, lineNo);
      break;
    }
    TokenizeFortranCells(line, this->Tok);
    if (this->Tok.size() != 9)
    {
      s.Fail(std::string(what) + " row has " + std::to_string(this->Tok.size()) +
        " fields, expected 9 (x, y, z, then magnitude and phase of 3 components)");
    }
    if (static_cast<std::int64_t>(g.Points.size() / 3) >= maxRows)
    {
      s.Fail(std::string("more ") + what + " rows than the file could hold");
    }
    for (int c = 0; c < 3; ++c)
    {
      g.Points.push_back(NeedFinite(s, this->Tok[static_cast<std::size_t>(c)], "a coordinate (m)"));
    }
    for (int c = 0; c < 3; ++c)
    {
      const double mag =
        NeedFinite(s, this->Tok[static_cast<std::size_t>(3 + 2 * c)], "a field magnitude");
      const double phase =
        NeedFinite(s, this->Tok[static_cast<std::size_t>(4 + 2 * c)], "a phase (degrees)");
      if (mag < 0)
      {
        s.Fail(std::string(what) + " row has a negative magnitude");
      }
      double r, i;
      FromMagnitudePhase(mag, phase, r, i);
      re.push_back(r);
      im.push_back(i);
    }
    lastLine = s.LineNumber();
  }
  const std::int64_t n = static_cast<std::int64_t>(g.Count());
  if (n == 0)
  {
    s.Fail(std::string(what) + " table without rows");
  }
  const NecNearFieldCard& card = this->Cards[electric ? 0 : 1];
  const std::int64_t asked = CardPoints(card);
  if (card.Valid && atEnd && asked > n)
  {
    throw ParseError(s.FileName(), lastLine,
      std::string("truncated ") + what + " table: " + std::to_string(n) + " of " +
        std::to_string(asked) + " points before the end of the file");
  }
  // nec2c prints exactly the card's nx*ny*nz rows: any other count is a damaged table
  // (rows lost or added), which would otherwise become a wrong grid without a word.
  if (card.Valid && asked != n)
  {
    throw ParseError(s.FileName(), lastLine,
      std::string(what) + " table has " + std::to_string(n) + " rows, but the " +
        (electric ? "NE" : "NH") + " card echoed before it asks for " +
        std::to_string(card.Counts[0]) + " x " + std::to_string(card.Counts[1]) + " x " +
        std::to_string(card.Counts[2]) + " = " + std::to_string(asked) + " points");
  }
  // Coordinates are printed with 4 decimals: half a unit of the last place, plus the
  // relative rounding of the step when 4 decimals are not all the digits.
  double big = 0;
  for (double v : g.Points)
  {
    big = std::max(big, std::abs(v));
  }
  NecNearFieldDimensions(g.Points, card, 1.01e-4 + 1e-9 * big, g.Dimensions);
  g.FromCard = card.Valid && asked == n;
  g.Spherical = g.FromCard && card.Coordinates == 1;
  // An NH table after an NE table on the same points (or the reverse) completes it.
  for (NecNearField& old : grids)
  {
    if ((electric ? !old.HasE : !old.HasH) && old.Points == g.Points)
    {
      (electric ? old.ERe : old.HRe) = std::move(re);
      (electric ? old.EIm : old.HIm) = std::move(im);
      (electric ? old.HasE : old.HasH) = true;
      return;
    }
  }
  (electric ? g.ERe : g.HRe) = std::move(re);
  (electric ? g.EIm : g.HIm) = std::move(im);
  (electric ? g.HasE : g.HasH) = true;
  grids.push_back(std::move(g));
}

} // namespace cm
