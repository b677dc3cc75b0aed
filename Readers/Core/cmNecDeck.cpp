// SPDX-License-Identifier: BSD-3-Clause
#include "cmNecDeck.h"

#include <array>
#include <utility>

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace cm
{
void NecPatchCentre(
  const double* const p[], int n, double centre[3], double normal[3], double& area)
{
  // Fan from corner 1: the triangles (1,k,k+1) give the area, the area centroid and the
  // (Newell-like) normal, the same construction NEC uses for its SP patches.
  double c[3] = { 0, 0, 0 }, nn[3] = { 0, 0, 0 };
  area = 0;
  for (int k = 1; k + 1 < n; ++k)
  {
    const double u[3] = { p[k][0] - p[0][0], p[k][1] - p[0][1], p[k][2] - p[0][2] };
    const double v[3] = { p[k + 1][0] - p[0][0], p[k + 1][1] - p[0][1], p[k + 1][2] - p[0][2] };
    const double x[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
      u[0] * v[1] - u[1] * v[0] };
    const double a = 0.5 * std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
    area += a;
    for (int d = 0; d < 3; ++d)
    {
      c[d] += a * (p[0][d] + p[k][d] + p[k + 1][d]) / 3;
      nn[d] += x[d];
    }
  }
  const double len = std::sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]);
  for (int d = 0; d < 3; ++d)
  {
    centre[d] = area > 0 ? c[d] / area : 0;
    normal[d] = len > 0 ? nn[d] / len : 0;
  }
}

namespace
{
std::string Num(double v)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v == 0 ? 0.0 : v); // never "-0"
  return buf;
}

/// One line of deck text: new lines and other control characters in a name or
/// comment would start a card of their own, so they become blanks.
std::string OneLine(const std::string& s)
{
  std::string r = s;
  for (char& c : r)
  {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
    {
      c = ' ';
    }
  }
  return r;
}

/// Every antenna: (patch, name), tag = index + 1.
using Antennas = std::vector<std::pair<std::int64_t, std::string>>;

/// Throws for offsets that do not describe `ne` elements of `conn`, or bad options.
void CheckDeckInput(std::int64_t ne, const std::vector<std::int64_t>& offsets,
  const std::vector<std::int64_t>& conn, const NecDeckOptions& o)
{
  if (ne < 1)
  {
    throw std::invalid_argument("the mesh has no triangles or quads to write as NEC patches");
  }
  if (offsets[0] != 0 || offsets.back() != static_cast<std::int64_t>(conn.size()))
  {
    throw std::invalid_argument("the element offsets do not match the connectivity (" +
      std::to_string(conn.size()) + " entries)");
  }
  for (std::int64_t e = 0; e < ne; ++e)
  {
    if (offsets[e + 1] < offsets[e])
    {
      throw std::invalid_argument("the element offsets decrease at element " + std::to_string(e));
    }
  }
  if (!(o.Frequency > 0) || !std::isfinite(o.Frequency))
  {
    throw std::invalid_argument("the frequency must be positive");
  }
  if (o.AttachPatch >= ne || o.AttachPatch < -1)
  {
    throw std::invalid_argument("AttachPatch " + std::to_string(o.AttachPatch) +
      " is not a patch of this mesh (0.." + std::to_string(ne - 1) + ", or -1 for no antenna)");
  }
  if (o.AttachPatch >= 0 && (!(o.WireLength > 0) || o.WireSegments < 1 || !(o.WireRadius > 0)))
  {
    throw std::invalid_argument("the antenna needs a positive length, segment count and radius");
  }
  if (o.FrequencySteps < 1 || o.FrequencySteps > 100000 ||
    (o.FrequencySteps > 1 && !(o.FrequencyStep > 0 && std::isfinite(o.FrequencyStep))))
  {
    throw std::invalid_argument("a frequency sweep needs 1 to 100000 steps and a positive step");
  }
}

/// The antennas of the options: AttachPatch's, then the extra ones.
Antennas CollectAntennas(std::int64_t ne, const NecDeckOptions& o)
{
  Antennas antennas;
  if (o.AttachPatch >= 0)
  {
    antennas.emplace_back(o.AttachPatch, o.AntennaName);
  }
  for (std::size_t k = 0; k < o.ExtraPatches.size(); ++k)
  {
    const std::int64_t p = o.ExtraPatches[k];
    if (o.AttachPatch < 0 || p < 0 || p >= ne)
    {
      throw std::invalid_argument("extra antenna patch " + std::to_string(p) +
        (o.AttachPatch < 0 ? " needs a first antenna (AttachPatch)"
                           : " is not a patch of this mesh (0.." + std::to_string(ne - 1) + ")"));
    }
    for (const auto& a : antennas)
    {
      if (a.first == p)
      {
        throw std::invalid_argument("patch " + std::to_string(p) + " carries two antennas");
      }
    }
    antennas.emplace_back(p,
      k < o.ExtraNames.size() ? o.ExtraNames[k] : "antenna" + std::to_string(antennas.size() + 1));
  }
  return antennas;
}

/// The CM comment lines and CE.
std::string CommentCards(std::int64_t ne, const Antennas& antennas, const NecDeckOptions& o)
{
  std::string deck;
  deck += "CM CloudMap surface mesh: " + std::to_string(ne) + " patches";
  if (o.AttachPatch >= 0)
  {
    deck += ", wire antenna '" + OneLine(o.AntennaName) + "' (tag 1) on patch " +
      std::to_string(o.AttachPatch + 1);
  }
  deck += "\n";
  for (std::size_t k = 1; k < antennas.size(); ++k)
  {
    deck += "CM antenna '" + OneLine(antennas[k].second) + "' (tag " + std::to_string(k + 1) +
      ") on patch " + std::to_string(antennas[k].first + 1) +
      (o.OneSolvePerPort ? "\n" : ", shorted at its base\n");
  }
  if (o.OneSolvePerPort)
  {
    for (std::size_t k = 0; k < antennas.size(); ++k)
    {
      // cmNecNetwork.h's port names: PORT <tag> <segment within the tag> <name>
      std::string name = OneLine(antennas[k].second);
      for (char& ch : name)
      {
        ch = ch == ' ' ? '_' : ch;
      }
      deck += "CM PORT " + std::to_string(k + 1) + " 1 " + name + "\n";
    }
  }
  for (const std::string& c : o.Comments)
  {
    deck += "CM " + OneLine(c) + "\n";
  }
  deck += "CE\n";
  return deck;
}

/// Appends element e's SP + SC cards to `deck`; sets the centre and normal of the
/// antennas standing on it in `attach`.
void AppendPatch(std::int64_t e, const std::vector<double>& points,
  const std::vector<std::int64_t>& offsets, const std::vector<std::int64_t>& conn,
  const Antennas& antennas, std::vector<std::array<double, 6>>& attach, std::string& deck)
{
  const std::int64_t np = static_cast<std::int64_t>(points.size() / 3);
  const std::int64_t b = offsets[e], n = offsets[e + 1] - b;
  if (n != 3 && n != 4)
  {
    throw std::invalid_argument("element " + std::to_string(e) + " has " + std::to_string(n) +
      " corners: NEC patches are triangles or quadrilaterals");
  }
  const double* p[4];
  for (std::int64_t k = 0; k < n; ++k)
  {
    const std::int64_t v = conn[static_cast<std::size_t>(b + k)];
    if (v < 0 || v >= np)
    {
      throw std::invalid_argument(
        "element " + std::to_string(e) + " uses vertex " + std::to_string(v) + ", out of range");
    }
    p[k] = &points[static_cast<std::size_t>(3 * v)];
  }
  double c[3], nn[3], area;
  NecPatchCentre(p, static_cast<int>(n), c, nn, area);
  if (!(area > 0))
  {
    throw std::invalid_argument("element " + std::to_string(e) + " is degenerate (zero area)");
  }
  for (std::size_t k = 0; k < antennas.size(); ++k)
  {
    if (e == antennas[k].first)
    {
      attach[k] = { c[0], c[1], c[2], nn[0], nn[1], nn[2] };
    }
  }
  deck += std::string("SP 0 ") + (n == 3 ? "2" : "3");
  for (int k = 0; k < 2; ++k)
  {
    deck += " " + Num(p[k][0]) + " " + Num(p[k][1]) + " " + Num(p[k][2]);
  }
  deck += "\nSC 0 0";
  for (int k = 2; k < n; ++k)
  {
    deck += " " + Num(p[k][0]) + " " + Num(p[k][1]) + " " + Num(p[k][2]);
  }
  deck += "\n";
}

/// One GW card per antenna, from its patch centre along the normal, then GE.
std::string WireCards(const std::vector<std::array<double, 6>>& attach, const NecDeckOptions& o)
{
  std::string deck;
  for (std::size_t k = 0; k < attach.size(); ++k)
  {
    const auto& a = attach[k];
    deck += "GW " + std::to_string(k + 1) + " " + std::to_string(o.WireSegments);
    for (int d = 0; d < 3; ++d)
    {
      deck += " " + Num(a[static_cast<std::size_t>(d)]);
    }
    for (int d = 0; d < 3; ++d)
    {
      deck += " " +
        Num(a[static_cast<std::size_t>(d)] + o.WireLength * a[static_cast<std::size_t>(d + 3)]);
    }
    deck += " " + Num(o.WireRadius) + "\n";
  }
  deck += "GE 0\n";
  return deck;
}

/// FR, EX, RP (or one EX + FR + XQ per port) and EN.
std::string ControlCards(std::size_t antennas, const NecDeckOptions& o)
{
  std::string deck;
  const std::string fr = "FR 0 " + std::to_string(o.FrequencySteps) + " 0 0 " +
    Num(o.Frequency * 1e-6) + " " + Num(o.FrequencySteps > 1 ? o.FrequencyStep * 1e-6 : 0.0) + "\n";
  if (o.OneSolvePerPort && antennas > 0)
  {
    for (std::size_t k = 0; k < antennas; ++k)
    {
      deck += "EX 0 " + std::to_string(k + 1) + " 1 0 1 0\n" + fr + "XQ\n";
    }
    deck += "EN\n";
    return deck;
  }
  deck += fr;
  if (o.AttachPatch >= 0)
  {
    deck += "EX 0 1 1 0 1 0\n";
  }
  const int nth = o.ThetaSamples < 1 ? 1 : o.ThetaSamples;
  const int nph = o.PhiSamples < 1 ? 1 : o.PhiSamples;
  deck += "RP 0 " + std::to_string(nth) + " " + std::to_string(nph) + " 1000 0 0 " +
    Num(nth > 1 ? 180.0 / (nth - 1) : 0) + " " + Num(nph > 1 ? 360.0 / (nph - 1) : 0) + "\n";
  deck += "EN\n";
  return deck;
}
} // namespace

std::string MakeNecDeck(const std::vector<double>& points, const std::vector<std::int64_t>& offsets,
  const std::vector<std::int64_t>& conn, const NecDeckOptions& o)
{
  const std::int64_t ne = static_cast<std::int64_t>(offsets.size()) - 1;
  CheckDeckInput(ne, offsets, conn, o);
  const Antennas antennas = CollectAntennas(ne, o);
  std::string deck = CommentCards(ne, antennas, o);
  std::vector<std::array<double, 6>> attach(antennas.size()); // centre, normal
  for (std::int64_t e = 0; e < ne; ++e)
  {
    AppendPatch(e, points, offsets, conn, antennas, attach, deck);
  }
  deck += WireCards(attach, o);
  deck += ControlCards(antennas.size(), o);
  return deck;
}
} // namespace cm
