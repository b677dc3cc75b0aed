// SPDX-License-Identifier: BSD-3-Clause
// FEKO .out text output: metallic triangles and current density tables
// (cmFekoFormat.h describes the layout).
#include "cmFekoFormat.h"

#include "cmFekoText.h"
#include "cmTextScan.h"
#include "cmTextSearch.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace cm
{
bool LooksLikeFekoOutput(std::string_view head)
{
  return cm::ContainsNoCase(head, "FEKO") &&
    !cm::ContainsNoCase(head, "NUMERICAL ELECTROMAGNETICS CODE") &&
    !cm::ContainsNoCase(head, "##FILE TYPE");
}

namespace
{
/// A numeric token of FEKO's text output: has a digit and a point or an exponent.
bool IsReal(std::string_view t, double& v)
{
  return t.find_first_of(".eE") != std::string_view::npos && ParseDouble(t, v);
}

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
  double extent = 0; // largest |coordinate| of the mesh, for the centre check
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
      if (FirstIsInt(line, tok))
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
      if (FirstIsInt(line, tok))
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
            return FirstIsInt(line, tok);
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
  using feko::FindPhrase;
  constexpr std::size_t npos = std::string_view::npos;
  while (s.Next(line))
  {
    // Keywords as phrases: any case, any run of spaces between words (cmFekoText.h).
    if (feko::IsDataRow(line))
    {
      continue; // a table row or a blank line: no keyword
    }
    std::size_t at = npos;
    if ((at = feko::FindFrequencyValue(line)) != npos)
    {
      Reals(line.substr(at), tok, v);
      if (v.empty() || !(v[0] > 0))
      {
        s.Fail("cannot read the frequency after 'FREQ ='");
      }
      frequency = v[0];
    }
    else if ((at = FindPhrase(line, "NUMBER OF METALLIC SEGMENTS:")) != npos)
    {
      Tokenize(line.substr(at), tok);
      std::int64_t n;
      if (!tok.empty() && ParseInt(tok[0], n))
      {
        segments = n;
      }
    }
    else if ((at = FindPhrase(line, "CURRENT REQUEST WITH NAME:")) != npos)
    {
      request = std::string(Trim(line.substr(at)));
    }
    else if ((at = FindPhrase(line, "NAME:", true)) != npos && !Trim(line.substr(at)).empty())
    {
      excitation = std::string(Trim(line.substr(at))); // the excitation block's name
    }
    else if (FindPhrase(line, "DATA OF THE METALLIC TRIANGLES") != npos)
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
        if (!s.Next(line) || !FirstIsInt(line, tok, &n))
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
        const double c[3] = { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
          a[0] * b[1] - a[1] * b[0] };
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
    else if (FindPhrase(line, "VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES") != npos)
    {
      auto readTable = [&]() {
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
          return;
        }
        mesh.JReal.reserve(3 * static_cast<std::size_t>(m));
        mesh.JImag.reserve(3 * static_cast<std::size_t>(m));
        // Two row layouts: number, centre, |J| and phase of Jx, Jy, Jz (10 fields), and
        // since FEKO 2017 the same followed by the current magnitude in the 3 corners (13).
        std::size_t fields = 0;
        for (std::int64_t i = 0; i < m; ++i)
        {
          std::int64_t n;
          if (!s.Next(line) || !FirstIsInt(line, tok, &n))
          {
            s.Fail("truncated current density table: " + std::to_string(i) + " of " +
              std::to_string(m) + " triangles");
          }
          if (n != i + 1)
          {
            s.Fail("triangle number " + std::to_string(n) +
              " out of sequence in the current density table (expected " + std::to_string(i + 1) +
              ")");
          }
          if (tok.size() != 10 && tok.size() != 13)
          {
            s.Fail("current density row has " + std::to_string(tok.size()) +
              " fields, expected 10 (number, centre, |J| and phase of Jx, Jy, Jz) or 13 (the same "
              "and the current magnitude in the 3 corner points)");
          }
          if (fields != 0 && tok.size() != fields)
          {
            s.Fail("current density row has " + std::to_string(tok.size()) +
              " fields, the rows above " + std::to_string(fields));
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
      };
      // The first table is the currents the reader exists for; a later one (a second
      // request, excitation or frequency) is optional when the caller takes notices:
      // its failure keeps the tables before it (the partial-result rule).
      if (!notices || out.empty())
      {
        readTable();
        continue;
      }
      const std::size_t before = out.size();
      try
      {
        readTable();
      }
      catch (const ParseError& e)
      {
        out.resize(before);
        notices->push_back(std::string(e.what()) +
          "; this current table and the ones after it are not read (the " + std::to_string(before) +
          " before it are)");
        break;
      }
    }
  }
  if (!haveTriangles)
  {
    throw ParseError(file, s.LineNumber(),
      segments > 0 ? "no DATA OF THE METALLIC TRIANGLES section: this FEKO model has " +
          std::to_string(segments) +
          " wire segments and no metallic triangles (wire currents are not read)"
                   : std::string("no DATA OF THE METALLIC TRIANGLES section"));
  }
  if (!sawTable)
  {
    SurfaceMesh mesh = geometry;
    mesh.Frequency = frequency;
    out.push_back(std::move(mesh));
    if (notices)
    {
      notices->push_back(file +
        ": no VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES table "
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

std::vector<SurfaceMesh> ReadFekoOutputFile(
  const std::string& path, std::vector<std::string>* notices)
{
  return ParseFekoOutput(ReadWholeFile(path), path, notices);
}
} // namespace cm
