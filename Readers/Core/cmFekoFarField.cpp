// SPDX-License-Identifier: BSD-3-Clause
// FEKO .ffe far-field exports (cmFekoFormat.h describes the layout).
#include "cmFekoFormat.h"

#include "cmFastRows.h"
#include "cmFekoText.h"
#include "cmTextSearch.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace cm
{
using feko::KeyValue;
using feko::QuotedNames;

namespace
{
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

/// Column roles by name; anything else becomes an extra column under its own name.
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

/// Long blocks left for one parallel pass at the end of the file (cmFastRows.h): their
/// rows are only counted where they stand.
struct FfeDeferral
{
  std::string_view Text;
  ParallelFor Parallel;
  std::vector<DeferredTable> Tables;
  struct Job
  {
    std::size_t Grid; ///< index in the output
    std::vector<int> Role;
    std::int64_t NTheta, NPhi;
  };
  std::vector<Job> Jobs;

  /// Defers the n rows of grid g (not yet in `out`) when the block is long; false: read
  /// them now.
  bool Take(LineScanner& s, FarFieldGrid& g, const std::vector<int>& role, const FfeState& st,
    std::vector<FarFieldGrid>& out)
  {
    const std::int64_t n = st.NTheta * st.NPhi;
    DeferredTable t;
    if (n < FastRowMinimum || role.size() > 32 || !SplitRows(this->Text, s.Offset(), n, t))
    {
      return false;
    }
    t.Line = s.LineNumber() + 1;
    const std::size_t size = static_cast<std::size_t>(n);
    for (std::vector<double>* v :
      { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm })
    {
      v->resize(size);
    }
    for (auto& e : g.Extra)
    {
      e.second.resize(size);
    }
    if (std::find(role.begin(), role.end(), GTotal) != role.end())
    {
      g.Gain.resize(size);
    }
    s.Seek(t.BlockStarts.back(), s.LineNumber() + n);
    this->Jobs.push_back({ out.size(), role, st.NTheta, st.NPhi });
    this->Tables.push_back(std::move(t));
    out.push_back(std::move(g));
    return true;
  }

  void Flush(const std::string& file, std::vector<FarFieldGrid>& out);
};

/// Every deferred block's rows in one parallel pass, then each grid finished and checked
/// as ReadFfeBlock does; a refused row throws DeferredRowsRefused, a failed check
/// ParseError (either way the caller parses again serially).
void FfeDeferral::Flush(const std::string& file, std::vector<FarFieldGrid>& out)
{
  const bool ok = ParseDeferredRows(this->Text, this->Tables, this->Parallel,
    [&](std::size_t j, std::int64_t i, std::string_view line) {
      const Job& job = this->Jobs[j];
      const std::size_t k = static_cast<std::size_t>(i);
      double x[32];
      double v[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
      std::int64_t unused = 0;
      if (!FastNumberRow(line, static_cast<int>(job.Role.size()), false, unused, x))
      {
        return false;
      }
      FarFieldGrid& g = out[job.Grid];
      std::size_t e = 0;
      for (std::size_t c = 0; c < job.Role.size(); ++c)
      {
        const int r = job.Role[c];
        if (r == Other || r == GTheta || r == GPhi)
        {
          g.Extra[e++].second[k] = x[c];
        }
        if (r != Other)
        {
          v[r] = x[c];
        }
      }
      g.Theta[k] = v[Theta];
      g.Phi[k] = v[Phi];
      g.EthetaRe[k] = v[ReT];
      g.EthetaIm[k] = v[ImT];
      g.EphiRe[k] = v[ReP];
      g.EphiIm[k] = v[ImP];
      if (!g.Gain.empty())
      {
        g.Gain[k] = v[GTotal];
      }
      return true;
    });
  if (!ok)
  {
    throw DeferredRowsRefused();
  }
  for (std::size_t j = 0; j < this->Jobs.size(); ++j)
  {
    FarFieldGrid& g = out[this->Jobs[j].Grid];
    const std::int64_t end = this->Tables[j].Line + this->Tables[j].Rows - 1;
    FinishFarFieldGrid(g, file, end);
    if (g.NumberOfTheta != this->Jobs[j].NTheta || g.NumberOfPhi != this->Jobs[j].NPhi)
    {
      throw ParseError(file, end, "the samples do not form the grid the header gives");
    }
  }
}

void ReadFfeBlock(LineScanner& s, const FfeState& st, const std::vector<std::string>& names,
  std::int64_t limit, std::vector<FarFieldGrid>& out, FfeDeferral* defer)
{
  if (st.Frequency < 0 || st.NTheta < 0 || st.NPhi < 0)
  {
    s.Fail(std::string("column line before ") +
      (st.Frequency < 0   ? "#Frequency"
          : st.NTheta < 0 ? "#No. of Theta Samples"
                          : "#No. of Phi Samples"));
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
  std::vector<int> role;
  std::vector<std::size_t> extra;
  bool have[9] = { false };
  for (const std::string& n : names)
  {
    std::string u = feko::Normalized(n);
    u.erase(std::remove(u.begin(), u.end(), ' '), u.end()); // "Re( Etheta )" too
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
  if (g.GainKind.empty())
  {
    g.GainKind = "Gain";
  }
  if (defer && defer->Take(s, g, role, st, out))
  {
    return;
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
        " at " + hz + " Hz: " + std::to_string(k) + " of " + std::to_string(n) +
        " samples (#No. of Theta Samples x #No. of Phi Samples)" +
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
      std::to_string(g.NumberOfPhi) + " phi, the header says " + std::to_string(st.NTheta) + " x " +
      std::to_string(st.NPhi) + " (theta must vary fastest)");
  }
  out.push_back(std::move(g));
}
} // namespace

bool LooksLikeFekoFarField(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return feko::HasPhrase(head, "##FILE TYPE: FAR FIELD") ||
    (feko::HasPhrase(head, "#NO. OF THETA SAMPLES") && feko::HasPhrase(head, "#FREQUENCY"));
}

namespace
{
/// The parse, with long blocks left to `defer` when given (its caller flushes them).
std::vector<FarFieldGrid> ParseFfe(std::string_view text, const std::string& file,
  std::vector<std::string>* notices, FfeDeferral* defer)
{
  LineScanner s(text, file);
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
        !feko::HasPhrase(value, "FAR FIELD"))
      {
        s.Fail("##File Type is '" + std::string(value) + "', not a far field");
      }
      continue;
    }
    if (t[0] == '#')
    {
      if (t.find('"') != std::string_view::npos)
      {
        if (!notices || out.empty() || st.Request == out.front().Name)
        {
          ReadFfeBlock(s, st, QuotedNames(t), limit, out, defer);
          continue;
        }
        // A second request: an optional block (the partial-result rule).
        try
        {
          ReadFfeBlock(s, st, QuotedNames(t), limit, out, defer);
        }
        catch (const ParseError& e)
        {
          notices->push_back(std::string(e.what()) + "; request '" + st.Request +
            "' and the rest of the file are not read (the blocks before it are)");
          return out;
        }
        continue;
      }
      if (!KeyValue(t.substr(1), key, value))
      {
        continue;
      }
      if (key == "FREQUENCY")
      {
        st.Frequency = feko::HeaderFrequency(s, value);
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
} // namespace

std::vector<FarFieldGrid> ParseFekoFarField(std::string_view rawText, const std::string& file,
  std::vector<std::string>* notices, const ParallelFor& parallel)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage, parallel);
  if (!LooksLikeFekoFarField(text.substr(0, 4096)))
  {
    throw ParseError(file, 0,
      "not a FEKO far-field file: no '##File Type: Far field' header or #Frequency and "
      "#No. of Theta Samples lines in the first 4 KB");
  }
  if (parallel)
  {
    // Long blocks on the threads; a row the fast path refuses, or any error (which a
    // refused row above it might precede), makes the whole parse run again serially,
    // which reads or reports it: the same first error and notices on any thread count.
    const std::size_t before = notices ? notices->size() : 0;
    try
    {
      FfeDeferral defer{ text, parallel, {}, {} };
      std::vector<FarFieldGrid> out = ParseFfe(text, file, notices, &defer);
      defer.Flush(file, out);
      return out;
    }
    catch (const DeferredRowsRefused&)
    {}
    catch (const ParseError&)
    {}
    if (notices)
    {
      notices->resize(before);
    }
  }
  return ParseFfe(text, file, notices, nullptr);
}

std::vector<FarFieldGrid> ReadFekoFarFieldFile(
  const std::string& path, std::vector<std::string>* notices, const ParallelFor& parallel)
{
  return ParseFekoFarField(ReadWholeFile(path, 1ull << 34, parallel), path, notices, parallel);
}
} // namespace cm
