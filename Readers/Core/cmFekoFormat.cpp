// SPDX-License-Identifier: BSD-3-Clause
#include "cmFekoFormat.h"

#include "cmTextScan.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>

namespace cloudmap
{
namespace
{
bool HasNoCase(std::string_view hay, std::string_view upperNeedle)
{
  return Upper(hay).find(upperNeedle) != std::string::npos;
}

/// "Key: value" of a `#` or `##` line (markers already removed); false without a colon.
bool KeyValue(std::string_view body, std::string& key, std::string_view& value)
{
  const std::size_t c = body.find(':');
  if (c == std::string_view::npos)
  {
    return false;
  }
  key = Upper(Trim(body.substr(0, c)));
  value = Trim(body.substr(c + 1));
  return true;
}

/// The quoted names of a column line, by quote pairs: `"Theta""Phi"` is two names.
std::vector<std::string> QuotedNames(std::string_view line)
{
  std::vector<std::string> names;
  std::size_t i = 0;
  while ((i = line.find('"', i)) != std::string_view::npos)
  {
    const std::size_t e = line.find('"', i + 1);
    if (e == std::string_view::npos)
    {
      break;
    }
    names.emplace_back(Trim(line.substr(i + 1, e - i - 1)));
    i = e + 1;
  }
  return names;
}

/// A numeric token of FEKO's text output: has a digit and a point or an exponent.
bool IsReal(std::string_view t, double& v)
{
  return t.find_first_of(".eE") != std::string_view::npos && ParseDouble(t, v);
}

std::string NormalizedKind(std::string_view v)
{
  const std::string u = Upper(Trim(v));
  if (u.find("REALIZED") != std::string::npos || u.find("REALISED") != std::string::npos)
  {
    return "Realized Gain";
  }
  if (u.find("DIRECTIVITY") != std::string::npos)
  {
    return "Directivity";
  }
  if (u.find("GAIN") != std::string::npos)
  {
    return "Gain";
  }
  return std::string(Trim(v));
}

struct FfeState
{
  double Frequency = -1;
  std::int64_t NTheta = -1, NPhi = -1;
  std::string Kind, Request;
};

void ReadFfeBlock(LineScanner& s, const FfeState& st, const std::vector<std::string>& names,
  std::int64_t limit, std::vector<FarFieldGrid>& out)
{
  if (st.Frequency < 0 || st.NTheta < 0 || st.NPhi < 0)
  {
    s.Fail(std::string("column line before ") +
      (st.Frequency < 0 ? "#Frequency" : st.NTheta < 0 ? "#No. of Theta Samples" : "#No. of Phi Samples"));
  }
  if (st.NTheta * st.NPhi > limit)
  {
    s.Fail("a block of " + std::to_string(st.NTheta) + " x " + std::to_string(st.NPhi) +
      " samples is larger than the file could hold");
  }
  FarFieldGrid g;
  g.SourceFormat = "FEKO";
  g.Frequency = st.Frequency;
  g.Name = st.Request;
  g.GainKind = st.Kind;
  // Column roles by name; anything else becomes an extra column under its own name.
  enum Role
  {
    Theta,
    Phi,
    ReT,
    ImT,
    ReP,
    ImP,
    GTheta,
    GPhi,
    GTotal,
    Other
  };
  std::vector<int> role;
  std::vector<std::size_t> extra;
  bool have[9] = { false };
  for (const std::string& n : names)
  {
    const std::string u = Upper(n);
    int r = Other;
    if (u == "THETA")
      r = Theta;
    else if (u == "PHI")
      r = Phi;
    else if (u == "RE(ETHETA)")
      r = ReT;
    else if (u == "IM(ETHETA)")
      r = ImT;
    else if (u == "RE(EPHI)")
      r = ReP;
    else if (u == "IM(EPHI)")
      r = ImP;
    else if (u.size() > 7 && u.compare(u.size() - 7, 7, "(THETA)") == 0)
      r = GTheta;
    else if (u.size() > 5 && u.compare(u.size() - 5, 5, "(PHI)") == 0)
      r = GPhi;
    else if (u.size() > 7 && u.compare(u.size() - 7, 7, "(TOTAL)") == 0)
      r = GTotal;
    if (r != Other && have[r])
    {
      s.Fail("column \"" + n + "\" appears twice in the column line");
    }
    if (r != Other)
    {
      have[r] = true;
    }
    if (r == GTotal && g.GainKind.empty())
    {
      g.GainKind = NormalizedKind(n);
    }
    role.push_back(r);
  }
  if (!have[Theta] || !have[Phi])
  {
    s.Fail("the column line names no \"Theta\" and \"Phi\" columns");
  }
  const std::size_t n = static_cast<std::size_t>(st.NTheta * st.NPhi);
  for (std::size_t c = 0; c < names.size(); ++c)
  {
    if (role[c] == GTheta)
      g.Extra.emplace_back("Gain_theta", std::vector<double>());
    else if (role[c] == GPhi)
      g.Extra.emplace_back("Gain_phi", std::vector<double>());
    else if (role[c] == Other)
      g.Extra.emplace_back(names[c], std::vector<double>());
  }
  for (auto& e : g.Extra)
  {
    e.second.reserve(n);
  }
  g.Theta.reserve(n);
  std::vector<std::string_view> tok;
  std::string_view line;
  for (std::size_t k = 0; k < n; ++k)
  {
    if (!s.Next(line) || Trim(line).empty() || Trim(line)[0] == '#')
    {
      const bool eof = s.AtEnd() && (Trim(line).empty() || Trim(line)[0] != '#');
      char hz[32];
      std::snprintf(hz, sizeof hz, "%g", st.Frequency);
      s.Fail("truncated block" + (st.Request.empty() ? std::string() : " '" + st.Request + "'") +
        " at " + hz + " Hz: " + std::to_string(k) + " of " +
        std::to_string(n) + " samples (#No. of Theta Samples x #No. of Phi Samples)" +
        (eof ? " before the end of the file" : ""));
    }
    Tokenize(line, tok);
    if (tok.size() != names.size())
    {
      s.Fail("row has " + std::to_string(tok.size()) + " fields, the column line names " +
        std::to_string(names.size()));
    }
    double v[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    std::size_t e = 0;
    for (std::size_t c = 0; c < tok.size(); ++c)
    {
      const double x = NeedFinite(s, tok[c], names[c].c_str());
      if (role[c] == Other || role[c] == GTheta || role[c] == GPhi)
      {
        g.Extra[e++].second.push_back(x);
      }
      if (role[c] != Other)
      {
        v[role[c]] = x;
      }
    }
    g.Theta.push_back(v[Theta]);
    g.Phi.push_back(v[Phi]);
    g.EthetaRe.push_back(v[ReT]);
    g.EthetaIm.push_back(v[ImT]);
    g.EphiRe.push_back(v[ReP]);
    g.EphiIm.push_back(v[ImP]);
    if (have[GTotal])
    {
      g.Gain.push_back(v[GTotal]);
    }
  }
  if (g.GainKind.empty())
  {
    g.GainKind = "Gain";
  }
  FinishFarFieldGrid(g, s.FileName(), s.LineNumber());
  if (g.NumberOfTheta != st.NTheta || g.NumberOfPhi != st.NPhi)
  {
    s.Fail("the samples form a grid of " + std::to_string(g.NumberOfTheta) + " theta x " +
      std::to_string(g.NumberOfPhi) + " phi, the header says " + std::to_string(st.NTheta) +
      " x " + std::to_string(st.NPhi) + " (theta must vary fastest)");
  }
  out.push_back(std::move(g));
}
} // namespace

bool LooksLikeFekoFarField(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return HasNoCase(head, "##FILE TYPE: FAR FIELD") ||
    (HasNoCase(head, "#NO. OF THETA SAMPLES") && HasNoCase(head, "#FREQUENCY"));
}

std::vector<FarFieldGrid> ParseFekoFarField(std::string_view rawText, const std::string& file)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, file);
  if (!LooksLikeFekoFarField(text.substr(0, 4096)))
  {
    throw ParseError(file, 0,
      "not a FEKO far-field file: no '##File Type: Far field' header or #Frequency and "
      "#No. of Theta Samples lines in the first 4 KB");
  }
  const std::int64_t limit = static_cast<std::int64_t>(text.size() / 4) + 1;
  std::vector<FarFieldGrid> out;
  FfeState st;
  std::string_view line;
  std::string key;
  std::string_view value;
  while (s.Next(line))
  {
    const std::string_view t = Trim(line);
    if (t.empty() || StartsWith(t, "**"))
    {
      continue;
    }
    if (StartsWith(t, "##"))
    {
      if (KeyValue(t.substr(2), key, value) && key == "FILE TYPE" &&
        Upper(value).find("FAR FIELD") == std::string::npos)
      {
        s.Fail("##File Type is '" + std::string(value) + "', not a far field");
      }
      continue;
    }
    if (t[0] == '#')
    {
      if (t.find('"') != std::string_view::npos)
      {
        ReadFfeBlock(s, st, QuotedNames(t), limit, out);
        continue;
      }
      if (!KeyValue(t.substr(1), key, value))
      {
        continue;
      }
      if (key == "FREQUENCY")
      {
        std::vector<std::string_view> v;
        Tokenize(value, v);
        st.Frequency = v.empty() ? -1 : NeedFinite(s, v[0], "the frequency (Hz)");
        if (!(st.Frequency >= 0))
        {
          s.Fail("missing or negative #Frequency");
        }
        // #Request Name, when present, stays in force for the blocks that follow.
      }
      else if (key == "REQUEST NAME")
      {
        st.Request = std::string(value);
      }
      else if (key == "NO. OF THETA SAMPLES")
      {
        st.NTheta = NeedCount(s, value, "#No. of Theta Samples", limit);
      }
      else if (key == "NO. OF PHI SAMPLES")
      {
        st.NPhi = NeedCount(s, value, "#No. of Phi Samples", limit);
      }
      else if (key == "RESULT TYPE" || key == "FAR FIELD TYPE")
      {
        st.Kind = NormalizedKind(value);
      }
      else if (key == "COORDINATE SYSTEM" && Upper(value) != "SPHERICAL")
      {
        s.Fail("#Coordinate System is '" + std::string(value) + "': only Spherical is read");
      }
      continue;
    }
    s.Fail("data row outside a block: expected a # column line with quoted names before it");
  }
  if (out.empty())
  {
    throw ParseError(file, s.LineNumber(),
      "no far-field block: no # column line with quoted names (\"Theta\" \"Phi\" ...) was found");
  }
  return out;
}

std::vector<FarFieldGrid> ReadFekoFarFieldFile(const std::string& path)
{
  return ParseFekoFarField(ReadWholeFile(path), path);
}

// ---------------------------------------------------------------------------------------
bool LooksLikeFekoCurrents(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return HasNoCase(head, "##FILE TYPE: CURRENTS") || HasNoCase(head, "##FILE TYPE: CHARGES") ||
    HasNoCase(head, "CURRENT TRIANGLE SAMPLES") || HasNoCase(head, "CHARGE TRIANGLE SAMPLES");
}

namespace
{
/// Where a sample row's values are: by the quoted column names when the file gives them
/// (FEKO's .os of format 4 and later add the corner magnitudes "Abs(Jcorn1..3)" and may
/// add the corner vectors), else by position.
struct SampleColumns
{
  std::size_t Fields = 0;              ///< expected fields per row (0: by position)
  int Position = 1;                    ///< X, then Y, Z
  int Value[6] = { 4, 5, 6, 7, 8, 9 }; ///< Re/Im of x, y, z (or Re/Im(Q) and the area)
};

/// The columns of a quoted header line, for currents ("J" or "M") or charges ("Q").
bool ColumnsByName(const std::vector<std::string>& names, char kind, SampleColumns& c)
{
  auto find = [&names](const std::string& want) {
    for (std::size_t i = 0; i < names.size(); ++i)
    {
      std::string u;
      for (char ch : Upper(names[i]))
      {
        u += ch == ' ' ? "" : std::string(1, ch);
      }
      if (u == want)
      {
        return static_cast<int>(i);
      }
    }
    return -1;
  };
  const int x = find("X");
  if (x < 0 || find("Y") != x + 1 || find("Z") != x + 2)
  {
    return false;
  }
  c.Position = x;
  const char k = static_cast<char>(std::toupper(static_cast<unsigned char>(kind)));
  if (k == 'Q')
  {
    c.Value[0] = find("RE(Q)");
    c.Value[1] = find("IM(Q)");
    c.Value[2] = find("SURFACEAREA");
    if (c.Value[0] < 0 || c.Value[1] < 0)
    {
      return false;
    }
  }
  else
  {
    const char* part[2] = { "RE(", "IM(" };
    for (int d = 0; d < 3; ++d)
    {
      for (int r = 0; r < 2; ++r)
      {
        c.Value[2 * d + r] = find(std::string(part[r]) + k + "xyz"[d] + ")");
        if (c.Value[2 * d + r] < 0)
        {
          c.Value[2 * d + r] = find(std::string(part[r]) + k + static_cast<char>("XYZ"[d]) + ")");
        }
        if (c.Value[2 * d + r] < 0)
        {
          return false;
        }
      }
    }
  }
  c.Fields = names.size();
  return true;
}
} // namespace

std::vector<FekoSurfaceCurrents> ParseFekoCurrents(std::string_view rawText, const std::string& file)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, file);
  if (!LooksLikeFekoCurrents(text.substr(0, 4096)))
  {
    throw ParseError(file, 0,
      "not a FEKO currents file: no '##File Type: Currents' (or Charges) header in the first 4 KB");
  }
  const std::int64_t limit = static_cast<std::int64_t>(text.size() / 20) + 1;
  std::vector<FekoSurfaceCurrents> out;
  double frequency = -1;
  bool charges = false; // an .ol file: one complex charge and an area per triangle
  std::int64_t pendingE = 0, pendingM = 0;
  std::string_view line;
  std::string key;
  std::string_view value;
  std::vector<std::string_view> tok;
  SampleColumns cols;
  // Triangle numbers seen in the electric and magnetic samples of the current block.
  std::set<std::int64_t> seen[2];
  auto block = [&]() -> FekoSurfaceCurrents& {
    if (out.empty() || out.back().Frequency != frequency)
    {
      out.emplace_back();
      out.back().Frequency = frequency;
      out.back().Electric.Components = out.back().Magnetic.Components = charges ? 1 : 3;
      seen[0].clear();
      seen[1].clear();
    }
    return out.back();
  };
  while (s.Next(line))
  {
    const std::string_view t = Trim(line);
    if (t.empty() || StartsWith(t, "**"))
    {
      continue;
    }
    if (t[0] == '#')
    {
      const std::size_t body = t.find_first_not_of('#');
      if (t.find('"') != std::string_view::npos)
      {
        // The quoted column names of the next rows.
        cols = SampleColumns();
        const char kind = charges ? 'Q' : pendingE > 0 ? 'J' : 'M';
        if (!ColumnsByName(QuotedNames(t), kind, cols))
        {
          cols = SampleColumns(); // unknown names: by position, as before
        }
        continue;
      }
      if (body != std::string_view::npos && KeyValue(t.substr(body), key, value))
      {
        if (key == "FILE TYPE")
        {
          const std::string u = Upper(value);
          charges = u.find("CHARGE") != std::string::npos;
          if (!charges && u.find("CURRENT") == std::string::npos)
          {
            s.Fail("##File Type is '" + std::string(value) + "', not currents or charges");
          }
        }
        if (key == "FREQUENCY")
        {
          Tokenize(value, tok);
          frequency = tok.empty() ? -1 : NeedFinite(s, tok[0], "the frequency (Hz)");
          if (pendingE + pendingM > 0)
          {
            s.Fail("truncated block: " + std::to_string(pendingE + pendingM) +
              " current samples missing before the next #Frequency");
          }
        }
        else if ((key.find("ELECTRIC CURRENT") != std::string::npos ||
                   key.find("ELECTRIC CHARGE") != std::string::npos) &&
          key.find("SAMPLES") != std::string::npos)
        {
          if (pendingE > 0 && !out.empty() && !out.back().Electric.Numbers.empty())
          {
            s.Fail("truncated electric section: " + std::to_string(pendingE) + " samples missing");
          }
          pendingE = NeedCount(s, value, "the number of electric current samples", limit);
          cols = SampleColumns();
        }
        else if (key.find("MAGNETIC CURRENT") != std::string::npos && key.find("SAMPLES") != std::string::npos)
        {
          pendingM = NeedCount(s, value, "the number of magnetic current samples", limit);
          cols = SampleColumns();
        }
      }
      continue;
    }
    if (frequency < 0)
    {
      s.Fail("current samples before #Frequency");
    }
    Tokenize(t, tok);
    if (tok.empty())
    {
      continue;
    }
    std::int64_t number;
    if (!ParseInt(tok[0], number))
    {
      continue; // the column header line ("No.  x/m  y/m ...")
    }
    if (pendingE + pendingM == 0)
    {
      s.Fail("more current samples than the #No. of ... Current Triangle Samples lines announce");
    }
    FekoSurfaceCurrents& b = block();
    // By name: as many fields as names. By position: number, centroid, Re/Im of Jx Jy Jz
    // (a row of both kinds carries 6 more values), or number, centroid, Re/Im(Q), area.
    const bool both = cols.Fields == 0 && !charges && tok.size() == 16;
    if (cols.Fields != 0 && tok.size() != cols.Fields)
    {
      s.Fail(std::string(charges ? "charge" : "current") + " sample row has " + std::to_string(tok.size()) +
        " fields, expected " + std::to_string(cols.Fields) + " (the columns the header line names)");
    }
    if (cols.Fields == 0 && charges && tok.size() != 7)
    {
      s.Fail("charge sample row has " + std::to_string(tok.size()) +
        " fields, expected 7 (number, x, y, z, Re/Im of Q, surface area)");
    }
    if (cols.Fields == 0 && !charges && tok.size() != 10 && !both)
    {
      s.Fail("current sample row has " + std::to_string(tok.size()) +
        " fields, expected 10 (number, x, y, z, Re/Im of Jx, Jy, Jz)");
    }
    // A column the header line placed outside this row (or did not name) is an error, never an index.
    auto field = [&](int i) -> const std::string_view& {
      if (i < 0 || static_cast<std::size_t>(i) >= tok.size())
      {
        s.Fail("the column header line does not name every column this row needs");
      }
      return tok[static_cast<std::size_t>(i)];
    };
    FekoCurrentSamples& c = (pendingE > 0) ? b.Electric : b.Magnetic;
    c.Numbers.push_back(NeedInt(s, tok[0], "a triangle number"));
    if (!seen[&c == &b.Electric ? 0 : 1].insert(c.Numbers.back()).second)
    {
      s.Fail("triangle " + std::to_string(c.Numbers.back()) + " appears twice in the " +
        (&c == &b.Electric ? "electric" : "magnetic") + " current samples of this block");
    }
    for (int k = 0; k < 3; ++k)
    {
      c.Positions.push_back(NeedFinite(s, field(cols.Position + k), "a centroid coordinate"));
    }
    if (charges)
    {
      const int area = cols.Fields == 0 ? 6 : cols.Value[2];
      c.JReal.push_back(NeedFinite(s, field(cols.Value[0]), "a charge"));
      c.JImag.push_back(NeedFinite(s, field(cols.Value[1]), "a charge"));
      c.Area.push_back(area >= 0 ? NeedFinite(s, field(area), "a surface area") : 0.0);
    }
    else
    {
      for (int k = 0; k < 3; ++k)
      {
        c.JReal.push_back(NeedFinite(s, field(cols.Value[2 * k]), "a current component"));
        c.JImag.push_back(NeedFinite(s, field(cols.Value[2 * k + 1]), "a current component"));
      }
    }
    for (std::size_t k = 1; k < tok.size(); ++k)
    {
      NeedFinite(s, tok[k], "a value"); // the columns not kept must still be numbers
    }
    if (both)
    {
      b.Magnetic.Numbers.push_back(c.Numbers.back());
      b.Magnetic.Positions.insert(b.Magnetic.Positions.end(), c.Positions.end() - 3, c.Positions.end());
      for (int k = 0; k < 3; ++k)
      {
        b.Magnetic.JReal.push_back(NeedFinite(s, tok[10 + 2 * k], "a current component"));
        b.Magnetic.JImag.push_back(NeedFinite(s, tok[11 + 2 * k], "a current component"));
      }
      --pendingM;
    }
    --(pendingE > 0 ? pendingE : pendingM);
  }
  if (pendingE + pendingM > 0)
  {
    s.Fail("truncated file: " + std::to_string(pendingE + pendingM) + (charges ? " charge" : " current") +
      " samples missing");
  }
  if (out.empty())
  {
    throw ParseError(file, s.LineNumber(), charges ? "no charge samples in the file" : "no current samples in the file");
  }
  return out;
}

std::vector<FekoSurfaceCurrents> ReadFekoCurrentsFile(const std::string& path)
{
  return ParseFekoCurrents(ReadWholeFile(path), path);
}

// ---------------------------------------------------------------------------------------
bool LooksLikeFekoOutput(std::string_view head)
{
  const std::string u = Upper(head);
  return u.find("FEKO") != std::string::npos &&
    u.find("NUMERICAL ELECTROMAGNETICS CODE") == std::string::npos && u.find("##FILE TYPE") == std::string::npos;
}

namespace
{
/// Reals of a line (tokens with a point or exponent), in order.
void Reals(std::string_view line, std::vector<std::string_view>& tok, std::vector<double>& v)
{
  Tokenize(line, tok);
  v.clear();
  double x;
  for (std::string_view t : tok)
  {
    if (IsReal(t, x))
    {
      v.push_back(x);
    }
  }
}

bool FirstIsInt(std::string_view line, std::vector<std::string_view>& tok, std::int64_t& n)
{
  Tokenize(line, tok);
  return !tok.empty() && ParseInt(tok[0], n);
}
} // namespace

std::vector<SurfaceMesh> ParseFekoOutput(
  std::string_view rawText, const std::string& file, std::vector<std::string>* notices)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage);
  LineScanner s(text, file);
  if (!LooksLikeFekoOutput(text.substr(0, 4096)))
  {
    throw ParseError(file, 0, "not a FEKO output file: no FEKO banner in the first 4 KB");
  }
  const std::int64_t limit = static_cast<std::int64_t>(text.size() / 40) + 1;
  SurfaceMesh geometry;
  std::vector<double> centroids; // x y z per triangle, from its corners
  double extent = 0;             // largest |coordinate| of the mesh, for the centre check
  std::map<std::array<double, 3>, std::int64_t> ids;
  std::vector<SurfaceMesh> out;
  double frequency = 0;
  bool haveTriangles = false, sawTable = false;
  std::int64_t segments = -1, emptyTables = 0, emptyTableLine = 0;
  std::string request, excitation;
  std::string_view line;
  std::vector<std::string_view> tok;
  std::vector<double> v;
  auto vertex = [&](const double* p) {
    const std::array<double, 3> key{ p[0], p[1], p[2] };
    auto it = ids.find(key);
    if (it != ids.end())
    {
      return it->second;
    }
    const std::int64_t id = geometry.NumberOfPoints();
    geometry.Points.insert(geometry.Points.end(), p, p + 3);
    ids.emplace(key, id);
    return id;
  };
  // Skips up to 12 header lines to the first row that starts with an integer.
  auto firstRow = [&](const char* table) {
    for (int k = 0; k < 12; ++k)
    {
      const std::size_t at = s.Offset();
      const std::int64_t ln = s.LineNumber();
      if (!s.Next(line))
      {
        break;
      }
      std::int64_t n;
      if (FirstIsInt(line, tok, n))
      {
        s.Seek(at, ln);
        return;
      }
    }
    s.Fail(std::string("no rows under ") + table);
  };
  // The rows of a current table start right under its header lines (after blank lines
  // before the header). A blank line or another section after the header means the
  // table is empty: FEKO prints the header alone when the output of currents to the
  // .out file is switched off (NOTE 34055). Returns false for an empty table, fails
  // when the file ends first.
  auto tableRows = [&](const char* table) {
    bool header = false;
    for (int k = 0; k < 40; ++k)
    {
      const std::size_t at = s.Offset();
      const std::int64_t ln = s.LineNumber();
      if (!s.Next(line))
      {
        s.Fail(std::string("no rows under ") + table + " before the end of the file (truncated)");
      }
      std::int64_t n;
      if (FirstIsInt(line, tok, n))
      {
        s.Seek(at, ln);
        return true;
      }
      if (Trim(line).empty())
      {
        if (header)
        {
          // Blank lines after the header: rows may still follow them, a new section not.
          for (int b = 0; b < 8; ++b)
          {
            const std::size_t at2 = s.Offset();
            const std::int64_t ln2 = s.LineNumber();
            if (!s.Next(line))
            {
              return false; // header, blank lines, end: an empty table at the end of the run
            }
            if (Trim(line).empty())
            {
              continue;
            }
            s.Seek(at2, ln2);
            return FirstIsInt(line, tok, n);
          }
          return false;
        }
        continue;
      }
      header = true;
      if (k >= 12)
      {
        break;
      }
    }
    s.Fail(std::string("no rows under ") + table + " within 12 header lines");
  };
  while (s.Next(line))
  {
    const std::string u = Upper(line);
    if (u.find("FREQ") != std::string::npos && u.find('=') != std::string::npos &&
      (u.find("FREQ =") != std::string::npos || u.find("FREQ=") != std::string::npos))
    {
      Reals(line.substr(line.find('=') + 1), tok, v);
      if (v.empty() || !(v[0] > 0))
      {
        s.Fail("cannot read the frequency after 'FREQ ='");
      }
      frequency = v[0];
    }
    else if (u.find("NUMBER OF METALLIC SEGMENTS:") != std::string::npos)
    {
      Tokenize(line.substr(u.find(':') + 1), tok);
      std::int64_t n;
      if (!tok.empty() && ParseInt(tok[0], n))
      {
        segments = n;
      }
    }
    else if (u.find("CURRENT REQUEST WITH NAME:") != std::string::npos)
    {
      request = std::string(Trim(line.substr(u.find("NAME:") + 5)));
    }
    else if (StartsWith(Trim(u), "NAME:") && !Trim(Trim(line).substr(5)).empty())
    {
      excitation = std::string(Trim(Trim(line).substr(5))); // the excitation block's name
    }
    else if (u.find("DATA OF THE METALLIC TRIANGLES") != std::string::npos)
    {
      geometry = SurfaceMesh();
      ids.clear();
      centroids.clear();
      extent = 0;
      firstRow("DATA OF THE METALLIC TRIANGLES");
      std::int64_t expect = 1;
      for (;;)
      {
        const std::size_t at = s.Offset();
        const std::int64_t ln = s.LineNumber();
        std::int64_t n;
        if (!s.Next(line) || !FirstIsInt(line, tok, n))
        {
          s.Seek(at, ln);
          break;
        }
        if (n != expect)
        {
          s.Fail("triangle number " + std::to_string(n) + " out of sequence (expected " +
            std::to_string(expect) + ")");
        }
        if (expect > limit)
        {
          s.Fail("more triangles than the file could hold");
        }
        double p[3][3], normal[3];
        for (int k = 0; k < 4; ++k)
        {
          if (k > 0 && !s.Next(line))
          {
            s.Fail("truncated DATA OF THE METALLIC TRIANGLES: triangle " + std::to_string(n) +
              " needs 4 lines (3 corners, then normal and area)");
          }
          Reals(line, tok, v);
          if (v.size() < (k == 3 ? 4u : 3u))
          {
            for (std::string_view t : tok)
            {
              double x;
              if (ParseDouble(t, x) && !std::isfinite(x))
              {
                s.Fail("triangle " + std::to_string(n) + ": '" + std::string(t.substr(0, 20)) +
                  "' on line " + std::to_string(k + 1) + " of 4 is not a finite number");
              }
            }
            s.Fail("triangle " + std::to_string(n) + ": line " + std::to_string(k + 1) +
              " of 4 has " + std::to_string(v.size()) + " real numbers, expected " +
              (k == 3 ? "4 (normal and area)" : "3 (a corner)"));
          }
          // A corner line holds the label or medium name, then x y z: the corner is the
          // last three reals (a label that happens to read as a number comes first).
          const std::size_t first = k == 3 ? v.size() - 4 : v.size() - 3;
          for (int d = 0; d < 3; ++d)
          {
            const double x = v[first + d];
            if (!std::isfinite(x))
            {
              s.Fail("triangle " + std::to_string(n) + ": a value is not finite");
            }
            (k < 3 ? p[k][d] : normal[d]) = x;
          }
        }
        // Counter-clockwise about FEKO's printed normal.
        const double a[3] = { p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2] };
        const double b[3] = { p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2] };
        const double c[3] = { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
        const bool flip = c[0] * normal[0] + c[1] * normal[1] + c[2] * normal[2] < 0;
        geometry.Connectivity.push_back(vertex(p[0]));
        geometry.Connectivity.push_back(vertex(p[flip ? 2 : 1]));
        geometry.Connectivity.push_back(vertex(p[flip ? 1 : 2]));
        geometry.Offsets.push_back(static_cast<std::int64_t>(geometry.Connectivity.size()));
        for (int d = 0; d < 3; ++d)
        {
          centroids.push_back((p[0][d] + p[1][d] + p[2][d]) / 3);
          for (int k = 0; k < 3; ++k)
          {
            extent = std::max(extent, std::abs(p[k][d]));
          }
        }
        ++expect;
      }
      haveTriangles = geometry.NumberOfElements() > 0;
    }
    else if (u.find("VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES") != std::string::npos)
    {
      if (!haveTriangles)
      {
        s.Fail("current density table before DATA OF THE METALLIC TRIANGLES");
      }
      sawTable = true;
      const std::int64_t tableLine = s.LineNumber();
      const std::int64_t m = geometry.NumberOfElements();
      SurfaceMesh mesh = geometry;
      mesh.Frequency = frequency;
      mesh.Name = request.empty() ? excitation
        : excitation.empty()      ? request
                                  : request + " (" + excitation + ")";
      if (!tableRows("VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES"))
      {
        ++emptyTables;
        emptyTableLine = emptyTableLine ? emptyTableLine : tableLine;
        out.push_back(std::move(mesh)); // the mesh alone: this request printed no currents
        continue;
      }
      mesh.JReal.reserve(3 * static_cast<std::size_t>(m));
      mesh.JImag.reserve(3 * static_cast<std::size_t>(m));
      // Two row layouts: number, centre, |J| and phase of Jx, Jy, Jz (10 fields), and
      // since FEKO 2017 the same followed by the current magnitude in the 3 corners (13).
      std::size_t fields = 0;
      for (std::int64_t i = 0; i < m; ++i)
      {
        std::int64_t n;
        if (!s.Next(line) || !FirstIsInt(line, tok, n))
        {
          s.Fail("truncated current density table: " + std::to_string(i) + " of " +
            std::to_string(m) + " triangles");
        }
        if (n != i + 1)
        {
          s.Fail("triangle number " + std::to_string(n) +
            " out of sequence in the current density table (expected " + std::to_string(i + 1) + ")");
        }
        if (tok.size() != 10 && tok.size() != 13)
        {
          s.Fail("current density row has " + std::to_string(tok.size()) +
            " fields, expected 10 (number, centre, |J| and phase of Jx, Jy, Jz) or 13 (the same "
            "and the current magnitude in the 3 corner points)");
        }
        if (fields != 0 && tok.size() != fields)
        {
          s.Fail("current density row has " + std::to_string(tok.size()) + " fields, the rows above " +
            std::to_string(fields));
        }
        fields = tok.size();
        for (int k = 0; k < 3; ++k)
        {
          const double mag = NeedFinite(s, tok[4 + 2 * k], "a current magnitude");
          if (mag < 0)
          {
            s.Fail("negative current magnitude '" + std::string(tok[4 + 2 * k]) + "'");
          }
          double re, im;
          FromMagnitudePhase(mag, NeedFinite(s, tok[5 + 2 * k], "a current phase"), re, im);
          mesh.JReal.push_back(re);
          mesh.JImag.push_back(im);
        }
        for (std::size_t k = 10; k < tok.size(); ++k)
        {
          if (NeedFinite(s, tok[k], "a corner current magnitude") < 0)
          {
            s.Fail("negative corner current magnitude '" + std::string(tok[k]) + "'");
          }
        }
        // The printed centre must be the centroid of the same triangle of the mesh: a
        // table of another mesh (or rows in another order) is refused, not misplaced.
        for (int d = 0; d < 3; ++d)
        {
          const double x = NeedFinite(s, tok[1 + d], "a triangle centre coordinate");
          const double want = centroids[3 * static_cast<std::size_t>(i) + d];
          if (std::abs(x - want) > 1e-3 * extent + 1e-12)
          {
            char msg[160];
            std::snprintf(msg, sizeof msg,
              "the centre of triangle %lld (%c = %g) is not its centroid in DATA OF THE METALLIC "
              "TRIANGLES (%g)",
              static_cast<long long>(n), "xyz"[d], x, want);
            s.Fail(msg);
          }
        }
      }
      out.push_back(std::move(mesh));
    }
  }
  if (!haveTriangles)
  {
    throw ParseError(file, s.LineNumber(),
      segments > 0 ? "no DATA OF THE METALLIC TRIANGLES section: this FEKO model has " +
          std::to_string(segments) + " wire segments and no metallic triangles (wire currents are not read)"
                   : std::string("no DATA OF THE METALLIC TRIANGLES section"));
  }
  if (!sawTable)
  {
    SurfaceMesh mesh = geometry;
    mesh.Frequency = frequency;
    out.push_back(std::move(mesh));
    if (notices)
    {
      notices->push_back(file + ": no VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES table "
                                "(no currents were requested); the mesh is read without currents");
    }
  }
  else if (emptyTables > 0 && notices)
  {
    notices->push_back(ParseError::Format(file, emptyTableLine,
      std::to_string(emptyTables) + " of " + std::to_string(out.size()) +
        " current density tables have no rows (FEKO NOTE 34055: output of currents to the .out "
        "file deactivated); those requests give the mesh without currents"));
  }
  return out;
}

std::vector<SurfaceMesh> ReadFekoOutputFile(const std::string& path, std::vector<std::string>* notices)
{
  return ParseFekoOutput(ReadWholeFile(path), path, notices);
}
} // namespace cloudmap
