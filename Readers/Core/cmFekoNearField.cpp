// SPDX-License-Identifier: BSD-3-Clause
// FEKO .efe/.hfe near-field exports (cmFekoNearField.h describes the layout). The header
// lines are read as the .ffe parser reads them (cmFekoText.h).
#include "cmFekoNearField.h"

#include "cmFastRows.h"

#include "cmFekoText.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace cm
{
using feko::KeyValue;
using feko::QuotedNames;

namespace
{
constexpr double Degree = 3.14159265358979323846 / 180.0;

/// The three axes of a coordinate system: the names of their #No. of ... Samples lines
/// and coordinate columns, and the suffixes of their field columns (Re(Etheta)).
struct Axes
{
  const char* Name[3];
  const char* Component[3];
};

const Axes* AxesOf(const std::string& system)
{
  static const Axes cartesian = { { "X", "Y", "Z" }, { "x", "y", "z" } };
  static const Axes spherical = { { "RADIUS", "THETA", "PHI" }, { "r", "theta", "phi" } };
  static const Axes cylindrical = { { "RHO", "PHI", "Z" }, { "rho", "phi", "z" } };
  return system == "Cartesian" ? &cartesian
    : system == "Spherical"    ? &spherical
    : system == "Cylindrical"  ? &cylindrical
                               : nullptr;
}

/// "R" is read as "RADIUS" (a count line or a column).
std::string AxisKey(std::string k)
{
  return k == "R" ? std::string("RADIUS") : k;
}

struct BlockState
{
  bool Electric = true;
  double Frequency = -1;
  std::string Request, System;
  std::vector<std::pair<std::string, std::int64_t>> Counts; ///< by axis key
};

std::int64_t CountOf(const BlockState& st, const std::string& axis)
{
  for (const auto& c : st.Counts)
  {
    if (c.first == axis)
    {
      return c.second;
    }
  }
  return -1;
}

/// Column roles: coordinate a (0..2), Re of component a (3..5), Im (6..8).
std::vector<int> ColumnRoles(
  const LineScanner& s, const Axes& ax, bool electric, const std::vector<std::string>& names)
{
  std::vector<int> role(names.size(), -1);
  bool have[9] = { false };
  const std::string f = electric ? "E" : "H";
  for (std::size_t c = 0; c < names.size(); ++c)
  {
    std::string u = feko::Normalized(names[c]);
    u.erase(std::remove(u.begin(), u.end(), ' '), u.end());
    for (int a = 0; a < 3; ++a)
    {
      if (AxisKey(u) == ax.Name[a])
        role[c] = a;
      else if (u == "RE(" + f + Upper(ax.Component[a]) + ")")
        role[c] = 3 + a;
      else if (u == "IM(" + f + Upper(ax.Component[a]) + ")")
        role[c] = 6 + a;
    }
    if (role[c] >= 0 && have[role[c]])
    {
      s.Fail("column \"" + names[c] + "\" appears twice in the column line");
    }
    if (role[c] >= 0)
    {
      have[role[c]] = true;
    }
  }
  for (int r = 0; r < 9; ++r)
  {
    if (!have[r])
    {
      const std::string want = r < 3
        ? (r == 0 && ax.Name[0][1] == 'A' ? std::string("Radius") : std::string(ax.Name[r]))
        : std::string(r < 6 ? "Re(" : "Im(") + f + ax.Component[r % 3] + ")";
      s.Fail("the column line names no \"" + want + "\" column (" +
        (electric ? "an electric" : "a magnetic") + " near field needs its 3 coordinates and " +
        "the Re and Im of its 3 components)");
    }
  }
  return role;
}

/// The nesting of the rows: axes ordered fastest first, and their strides. Fails when
/// the rows are not the tensor-product grid of the counts.
void GridOrder(const LineScanner& s, const std::vector<double>& at, const std::int64_t n[3],
  int order[3], std::int64_t dims[3])
{
  const std::size_t rows = at.size() / 3;
  std::int64_t stride[3];
  for (int a = 0; a < 3; ++a)
  {
    stride[a] = n[a] == 1 ? static_cast<std::int64_t>(rows) : -1;
    for (std::size_t r = 1; r < rows && stride[a] < 0; ++r)
    {
      if (at[3 * r + a] != at[a])
      {
        stride[a] = static_cast<std::int64_t>(r);
      }
    }
    order[a] = a;
  }
  std::stable_sort(order, order + 3, [&](int p, int q) { return stride[p] < stride[q]; });
  std::int64_t expect = 1;
  for (int d = 0; d < 3; ++d)
  {
    const int a = order[d];
    dims[d] = n[a];
    if (n[a] > 1 && stride[a] != expect)
    {
      s.Fail("the rows do not form the grid of the header's counts (" + std::to_string(n[0]) +
        " x " + std::to_string(n[1]) + " x " + std::to_string(n[2]) + "): coordinate " +
        std::to_string(a + 1) +
        (stride[a] < 0 ? std::string(" never changes")
                       : " first changes at sample " + std::to_string(stride[a] + 1)));
    }
    expect *= n[a];
  }
  // Every row must carry its lattice coordinates.
  for (std::size_t r = 0; r < rows; ++r)
  {
    for (int a = 0; a < 3; ++a)
    {
      const std::size_t k = static_cast<std::size_t>(stride[a]);
      const std::size_t base = n[a] == 1 ? 0 : (r / k) % static_cast<std::size_t>(n[a]) * k;
      if (at[3 * r + a] != at[3 * base + a])
      {
        s.Fail("sample " + std::to_string(r + 1) + " is off the grid: its coordinate " +
          std::to_string(a + 1) + " is not that of sample " + std::to_string(base + 1));
      }
    }
  }
}
} // namespace

void FekoPointToCartesian(const std::string& system, const double in[3], double out[3])
{
  if (system == "Spherical")
  {
    const double t = in[1] * Degree, p = in[2] * Degree;
    out[0] = in[0] * std::sin(t) * std::cos(p);
    out[1] = in[0] * std::sin(t) * std::sin(p);
    out[2] = in[0] * std::cos(t);
  }
  else if (system == "Cylindrical")
  {
    const double p = in[1] * Degree;
    out[0] = in[0] * std::cos(p);
    out[1] = in[0] * std::sin(p);
    out[2] = in[2];
  }
  else
  {
    std::copy(in, in + 3, out);
  }
}

void FekoVectorToCartesian(
  const std::string& system, const double at[3], const double in[3], double out[3])
{
  if (system == "Spherical")
  {
    const double t = at[1] * Degree, p = at[2] * Degree;
    const double st = std::sin(t), ct = std::cos(t), sp = std::sin(p), cp = std::cos(p);
    out[0] = in[0] * st * cp + in[1] * ct * cp - in[2] * sp;
    out[1] = in[0] * st * sp + in[1] * ct * sp + in[2] * cp;
    out[2] = in[0] * ct - in[1] * st;
  }
  else if (system == "Cylindrical")
  {
    const double p = at[1] * Degree, sp = std::sin(p), cp = std::cos(p);
    out[0] = in[0] * cp - in[1] * sp;
    out[1] = in[0] * sp + in[1] * cp;
    out[2] = in[2];
  }
  else
  {
    std::copy(in, in + 3, out);
  }
}

namespace
{
/// The text and the threads, for the rows of long blocks (cmFastRows.h).
struct RowPass
{
  std::string_view Text;
  ParallelFor Parallel;
};

/// The n rows of a long block at the scanner, in blocks on the threads; false (the
/// scanner where it was) when the block is short or a row is refused: the serial
/// ReadRows then reads every row again and reports the first bad one. Blocks are read
/// in file order, so this gives the serial result and first error on any thread count.
bool FastRows(LineScanner& s, const RowPass* pass, const std::vector<int>& role, std::size_t n,
  std::vector<double> cols[3])
{
  std::vector<DeferredTable> table(1);
  if (!pass || !pass->Parallel || n < static_cast<std::size_t>(FastRowMinimum) ||
    role.size() > 32 || !SplitRows(pass->Text, s.Offset(), static_cast<std::int64_t>(n), table[0]))
  {
    return false;
  }
  const bool ok = ParseDeferredRows(
    pass->Text, table, pass->Parallel, [&](std::size_t, std::int64_t k, std::string_view line) {
      double x[32];
      std::int64_t unused = 0;
      if (!FastNumberRow(line, static_cast<int>(role.size()), false, unused, x))
      {
        return false;
      }
      for (std::size_t c = 0; c < role.size(); ++c)
      {
        if (role[c] >= 0)
        {
          cols[role[c] / 3]
              [3 * static_cast<std::size_t>(k) + static_cast<std::size_t>(role[c] % 3)] = x[c];
        }
      }
      return true;
    });
  if (ok)
  {
    s.Seek(table[0].BlockStarts.back(), s.LineNumber() + static_cast<std::int64_t>(n));
  }
  return ok;
}

/// The n rows of a block: coordinates, Re and Im of the 3 components (file order).
void ReadRows(LineScanner& s, const BlockState& st, const FekoNearFieldBlock& b,
  const std::vector<std::string>& names, const std::vector<int>& role, std::size_t n,
  std::vector<double> cols[3])
{
  std::vector<std::string_view> tok;
  std::string_view line;
  for (std::size_t k = 0; k < n; ++k)
  {
    if (!s.Next(line) || Trim(line).empty() || Trim(line)[0] == '#')
    {
      char hz[32];
      std::snprintf(hz, sizeof hz, "%g", st.Frequency);
      s.Fail("truncated block" + (st.Request.empty() ? std::string() : " '" + st.Request + "'") +
        " at " + hz + " Hz: " + std::to_string(k) + " of " + std::to_string(n) +
        " samples (the header's " + std::to_string(b.Counts[0]) + " x " +
        std::to_string(b.Counts[1]) + " x " + std::to_string(b.Counts[2]) + ")" +
        (s.AtEnd() && Trim(line).empty() ? " before the end of the file" : ""));
    }
    Tokenize(line, tok);
    if (tok.size() != names.size())
    {
      s.Fail("row has " + std::to_string(tok.size()) + " fields, the column line names " +
        std::to_string(names.size()));
    }
    for (std::size_t c = 0; c < tok.size(); ++c)
    {
      if (role[c] >= 0)
      {
        cols[role[c] / 3][3 * k + static_cast<std::size_t>(role[c] % 3)] =
          NeedFinite(s, tok[c], names[c].c_str());
      }
    }
  }
}

/// The block's points and field in Cartesian form into its grid.
void FillGrid(const BlockState& st, const std::vector<double> cols[3], NecNearField& g)
{
  const std::size_t n = cols[0].size() / 3;
  g.FromCard = true;
  g.Spherical = st.System == "Spherical";
  g.Points.resize(3 * n);
  std::vector<double>& gr = st.Electric ? g.ERe : g.HRe;
  std::vector<double>& gi = st.Electric ? g.EIm : g.HIm;
  gr.resize(3 * n);
  gi.resize(3 * n);
  (st.Electric ? g.HasE : g.HasH) = true;
  for (std::size_t k = 0; k < n; ++k)
  {
    const double* at = &cols[0][3 * k];
    FekoPointToCartesian(st.System, at, &g.Points[3 * k]);
    FekoVectorToCartesian(st.System, at, &cols[1][3 * k], &gr[3 * k]);
    FekoVectorToCartesian(st.System, at, &cols[2][3 * k], &gi[3 * k]);
  }
}

void ReadBlock(LineScanner& s, const BlockState& st, const std::vector<std::string>& names,
  std::int64_t limit, std::vector<FekoNearFieldBlock>& out, const RowPass* pass)
{
  if (st.Frequency < 0)
  {
    s.Fail("column line before #Frequency");
  }
  const Axes* ax = AxesOf(st.System);
  if (!ax)
  {
    s.Fail("column line before #Coordinate System");
  }
  FekoNearFieldBlock b;
  b.Frequency = st.Frequency;
  b.Request = st.Request;
  b.Coordinates = st.System;
  std::int64_t total = 1;
  for (int a = 0; a < 3; ++a)
  {
    b.Counts[a] = CountOf(st, ax->Name[a]);
    if (b.Counts[a] < 1)
    {
      s.Fail(std::string("column line before a #No. of ") +
        (a == 0 && st.System == "Spherical" ? "Radius" : ax->Name[a]) +
        " Samples line of at least 1 (" + st.System + " grid)");
    }
    total *= b.Counts[a]; // each count is at most `limit`: no overflow before the test
    if (total > limit)
    {
      s.Fail("the header's sample counts multiply to more samples than the file could hold");
    }
  }
  const std::vector<int> role = ColumnRoles(s, *ax, st.Electric, names);
  const auto n = static_cast<std::size_t>(total);
  std::vector<double> cols[3] = { std::vector<double>(3 * n), std::vector<double>(3 * n),
    std::vector<double>(3 * n) }; // coordinates, Re, Im
  if (!FastRows(s, pass, role, n, cols))
  {
    ReadRows(s, st, b, names, role, n, cols);
  }
  int order[3];
  GridOrder(s, cols[0], b.Counts, order, b.Grid.Dimensions);
  b.Grid.Line = s.LineNumber();
  FillGrid(st, cols, b.Grid);
  out.push_back(std::move(b));
}

/// A `#Key: value` line of the block header into the state.
void HeaderLine(const LineScanner& s, const std::string& key, std::string_view value,
  std::int64_t limit, BlockState& st)
{
  static const char* const prefix = "NO. OF ";
  if (key == "FREQUENCY")
  {
    st.Frequency = feko::HeaderFrequency(s, value);
  }
  else if (key == "REQUEST NAME")
  {
    st.Request = std::string(value);
  }
  else if (key == "COORDINATE SYSTEM")
  {
    const std::string u = Upper(value);
    st.System = u == "CARTESIAN" ? "Cartesian"
      : u == "SPHERICAL"         ? "Spherical"
      : u == "CYLINDRICAL"       ? "Cylindrical"
                                 : "";
    if (st.System.empty())
    {
      s.Fail("#Coordinate System is '" + std::string(value) +
        "': Cartesian, Spherical or Cylindrical are read");
    }
    st.Counts.clear();
  }
  else if (key.compare(0, 7, prefix) == 0 && key.size() > 15 &&
    key.compare(key.size() - 8, 8, " SAMPLES") == 0)
  {
    const std::string axis = AxisKey(key.substr(7, key.size() - 15));
    const std::int64_t c = NeedCount(s, Trim(value), ("#" + key).c_str(), limit);
    st.Counts.erase(std::remove_if(st.Counts.begin(), st.Counts.end(),
                      [&](const auto& p) { return p.first == axis; }),
      st.Counts.end());
    st.Counts.emplace_back(axis, c);
  }
}
} // namespace

bool LooksLikeFekoNearField(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return feko::HasPhrase(head, "##FILE TYPE: ELECTRIC NEAR FIELD") ||
    feko::HasPhrase(head, "##FILE TYPE: MAGNETIC NEAR FIELD");
}

std::vector<FekoNearFieldBlock> ParseFekoNearField(std::string_view rawText,
  const std::string& file, std::vector<std::string>* notices, const ParallelFor& parallel)
{
  std::string storage;
  std::string_view text = Untabbed(rawText, storage, parallel);
  if (StartsWith(text, "\xEF\xBB\xBF"))
  {
    text.remove_prefix(3); // a UTF-8 byte-order mark
  }
  if (!LooksLikeFekoNearField(text.substr(0, 4096)))
  {
    throw ParseError(file, 0,
      "not a FEKO near-field file: no '##File Type: Electric near field' or 'Magnetic near "
      "field' line in the first 4 KB");
  }
  LineScanner s(text, file);
  const RowPass pass{ text, parallel };
  const std::int64_t limit = static_cast<std::int64_t>(text.size() / 4) + 1;
  std::vector<FekoNearFieldBlock> out;
  BlockState st;
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
      if (KeyValue(t.substr(2), key, value) && key == "FILE TYPE")
      {
        const std::string u = feko::Normalized(value);
        if (u != "ELECTRIC NEAR FIELD" && u != "MAGNETIC NEAR FIELD")
        {
          s.Fail("##File Type is '" + std::string(value) + "', not a near field");
        }
        st.Electric = u[0] == 'E';
      }
      continue;
    }
    if (t[0] != '#')
    {
      s.Fail("data row outside a block: expected a # column line with quoted names before it");
    }
    if (t.find('"') == std::string_view::npos)
    {
      if (KeyValue(t.substr(1), key, value))
      {
        HeaderLine(s, key, value, limit, st);
      }
      continue;
    }
    if (!notices || out.empty())
    {
      ReadBlock(s, st, QuotedNames(t), limit, out, &pass);
      continue;
    }
    try
    {
      // A later block (another frequency or request) is optional: the partial-result rule.
      ReadBlock(s, st, QuotedNames(t), limit, out, &pass);
    }
    catch (const ParseError& e)
    {
      notices->push_back(std::string(e.what()) +
        "; this block and the rest of the file are not read (the " + std::to_string(out.size()) +
        " block(s) before it are)");
      return out;
    }
  }
  if (out.empty())
  {
    throw ParseError(file, s.LineNumber(),
      "no near-field block: no # column line with quoted names (\"X\" \"Y\" \"Z\" ...) was found");
  }
  return out;
}

std::vector<FekoNearFieldBlock> ReadFekoNearFieldFile(
  const std::string& path, std::vector<std::string>* notices, const ParallelFor& parallel)
{
  return ParseFekoNearField(ReadWholeFile(path, 1ull << 34, parallel), path, notices, parallel);
}

std::string FekoNearFieldCompanion(const std::string& path)
{
  const std::size_t dot = path.rfind('.');
  if (dot == std::string::npos || path.size() - dot != 4)
  {
    return std::string();
  }
  std::string ext = Upper(path.substr(dot + 1));
  if (ext != "EFE" && ext != "HFE")
  {
    return std::string();
  }
  std::string other = path;
  char& c = other[dot + 1];
  c = c == 'e' ? 'h' : c == 'E' ? 'H' : c == 'h' ? 'e' : 'E';
  return other;
}

void MergeFekoNearFields(std::vector<FekoNearFieldBlock>& blocks,
  const std::vector<FekoNearFieldBlock>& other, const std::string& otherFile, double tol)
{
  auto fail = [&](std::int64_t line, const std::string& what) {
    throw ParseError(otherFile, line, what + ": the companion file's field is not added");
  };
  if (other.size() != blocks.size())
  {
    fail(
      0, "has " + std::to_string(other.size()) + " block(s), not " + std::to_string(blocks.size()));
  }
  for (std::size_t b = 0; b < blocks.size(); ++b)
  {
    const NecNearField& a = blocks[b].Grid;
    const NecNearField& o = other[b].Grid;
    const double f = blocks[b].Frequency;
    if (std::abs(other[b].Frequency - f) > 1e-9 * std::abs(f) || a.HasE == o.HasE ||
      a.Points.size() != o.Points.size())
    {
      fail(o.Line,
        "block " + std::to_string(b + 1) + " is not the other field at the same " +
          "frequency and number of points");
    }
    double size = 0;
    for (double v : a.Points)
    {
      size = std::max(size, std::abs(v));
    }
    for (int d = 0; d < 3; ++d)
    {
      if (a.Dimensions[d] != o.Dimensions[d])
      {
        fail(o.Line, "block " + std::to_string(b + 1) + " has another grid layout");
      }
    }
    for (std::size_t k = 0; k < a.Points.size(); ++k)
    {
      if (std::abs(a.Points[k] - o.Points[k]) > tol * std::max(size, 1e-300))
      {
        fail(o.Line,
          "block " + std::to_string(b + 1) + ": sample " + std::to_string(k / 3 + 1) +
            " lies elsewhere than in the other file");
      }
    }
  }
  for (std::size_t b = 0; b < blocks.size(); ++b)
  {
    NecNearField& a = blocks[b].Grid;
    const NecNearField& o = other[b].Grid;
    if (o.HasE)
    {
      a.HasE = true;
      a.ERe = o.ERe;
      a.EIm = o.EIm;
    }
    else
    {
      a.HasH = true;
      a.HRe = o.HRe;
      a.HIm = o.HIm;
    }
  }
}
} // namespace cm
