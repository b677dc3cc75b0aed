// SPDX-License-Identifier: BSD-3-Clause
// FEKO .os surface currents and .ol charges (cmFekoFormat.h describes the layout).
#include "cmFekoFormat.h"

#include "cmFekoText.h"
#include "cmTextSearch.h"
#include "cmTextScan.h"

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace cm
{
using feko::KeyValue;
using feko::QuotedNames;

bool LooksLikeFekoCurrents(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return feko::HasPhrase(head, "##FILE TYPE: CURRENTS") ||
    feko::HasPhrase(head, "##FILE TYPE: CHARGES") ||
    feko::HasPhrase(head, "CURRENT TRIANGLE SAMPLES") ||
    feko::HasPhrase(head, "CHARGE TRIANGLE SAMPLES");
}

namespace
{
/// Where a sample row's values are: by the quoted column names when the file gives them
/// (FEKO's .os of format 4 and later add the corner magnitudes "Abs(Jcorn1..3)" and may
/// add the corner vectors), else by position.
struct SampleColumns
{
  std::size_t Fields = 0; ///< expected fields per row (0: by position)
  int Position = 1; ///< X, then Y, Z
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

std::vector<FekoSurfaceCurrents> ParseFekoCurrents(
  std::string_view rawText, const std::string& file)
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
        else if (key.find("MAGNETIC CURRENT") != std::string::npos &&
          key.find("SAMPLES") != std::string::npos)
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
      s.Fail(std::string(charges ? "charge" : "current") + " sample row has " +
        std::to_string(tok.size()) + " fields, expected " + std::to_string(cols.Fields) +
        " (the columns the header line names)");
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
    // A column the header line placed outside this row (or did not name) is an error, never an
    // index.
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
      b.Magnetic.Positions.insert(
        b.Magnetic.Positions.end(), c.Positions.end() - 3, c.Positions.end());
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
    s.Fail("truncated file: " + std::to_string(pendingE + pendingM) +
      (charges ? " charge" : " current") + " samples missing");
  }
  if (out.empty())
  {
    throw ParseError(file, s.LineNumber(),
      charges ? "no charge samples in the file" : "no current samples in the file");
  }
  return out;
}

std::vector<FekoSurfaceCurrents> ReadFekoCurrentsFile(const std::string& path)
{
  return ParseFekoCurrents(ReadWholeFile(path), path);
}
} // namespace cm
