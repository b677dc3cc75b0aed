// SPDX-License-Identifier: BSD-3-Clause
// AWS Palace port-S.csv as the N-port network, and the lumped ports' reference
// resistances from port-V.csv and port-I.csv (cmPalace.h).
#include "cmPalace.h"

#include "cmFekoWires.h" // FillNetworkPoint
#include "cmPalaceCsv.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cm
{
namespace
{
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
constexpr double Pi = 3.14159265358979323846;

/// "<prefix>[i][j]<suffix>" (or "[i]" alone when `one` is allowed): the indices; false
/// when the name is not that column.
bool Indices(std::string_view name, std::string_view prefix, std::string_view suffix,
  std::int64_t& i, std::int64_t& j, bool one)
{
  if (!StartsWith(name, prefix) || name.size() < prefix.size() + suffix.size() ||
    name.substr(name.size() - suffix.size()) != suffix)
  {
    return false;
  }
  std::string_view mid = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  std::int64_t v[2] = { 0, 0 };
  int n = 0;
  while (!mid.empty() && n < 2)
  {
    const std::size_t close = mid.find(']');
    if (mid[0] != '[' || close == std::string_view::npos ||
      !ParseInt(mid.substr(1, close - 1), v[n]) || v[n] < 1 || v[n] > 100000)
    {
      return false;
    }
    ++n;
    mid = mid.substr(close + 1);
  }
  if (!mid.empty() || n == 0 || (n == 1 && !one))
  {
    return false;
  }
  i = v[0];
  j = n == 2 ? v[1] : v[0];
  return true;
}

struct SColumn
{
  std::int64_t I = 0, J = 0;
  int Db = -1, Deg = -1;
};

/// A value of port-S.csv: a number, `-inf` (|S| = 0, as Palace prints it) or NULL (not
/// written; NaN).
double SValue(const LineScanner& s, std::string_view t, const char* what)
{
  if (t == "NULL")
  {
    return NaN;
  }
  const double v = NeedDouble(s, t, what);
  if (v != v || (std::isinf(v) && !(v < 0 && std::string_view(what) == "|S| (dB)")))
  {
    s.Fail(std::string("expected ") + what + ", found '" + std::string(t.substr(0, 20)) + "'");
  }
  return v;
}
} // namespace

bool LooksLikePalacePortS(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view line;
  std::vector<std::string_view> f;
  std::int64_t i, j;
  return palace::NextFields(s, line, f) && f.size() >= 3 && f[0] == "f (GHz)" &&
    Indices(f[1], "|S", "| (dB)", i, j, false);
}

Network ParsePalacePortS(std::string_view text, const std::string& fileName, double z0)
{
  LineScanner s(text, fileName);
  std::string_view line;
  std::vector<std::string_view> f;
  if (!palace::NextFields(s, line, f) || f.empty() || f[0] != "f (GHz)")
  {
    s.Fail("expected Palace's port-S.csv header 'f (GHz), |S[i][j]| (dB), ...'");
  }
  std::map<std::pair<std::int64_t, std::int64_t>, SColumn> cols;
  for (std::size_t k = 1; k < f.size(); ++k)
  {
    std::int64_t i = 0, j = 0;
    const bool db = Indices(f[k], "|S", "| (dB)", i, j, false);
    if (!db && !Indices(f[k], "arg(S", ") (deg.)", i, j, false))
    {
      s.Fail("column " + std::to_string(k + 1) + " '" + std::string(f[k].substr(0, 40)) +
        "' is not |S[i][j]| (dB) or arg(S[i][j]) (deg.)");
    }
    SColumn& c = cols[{ i, j }];
    c.I = i;
    c.J = j;
    int& slot = db ? c.Db : c.Deg;
    if (slot >= 0)
    {
      s.Fail("S[" + std::to_string(i) + "][" + std::to_string(j) + "] is named twice");
    }
    slot = static_cast<int>(k);
  }
  std::map<std::int64_t, std::size_t> position; // Palace's port index → 0-based
  for (const auto& c : cols)
  {
    if (c.second.Db < 0 || c.second.Deg < 0)
    {
      s.Fail("S[" + std::to_string(c.second.I) + "][" + std::to_string(c.second.J) + "] has no " +
        (c.second.Db < 0 ? "|S| (dB)" : "arg(S) (deg.)") + " column");
    }
    position[c.second.I] = 0;
    position[c.second.J] = 0;
  }
  if (cols.empty())
  {
    s.Fail("the header names no S-parameter");
  }
  Network net;
  net.ReferenceImpedance = z0;
  for (auto& p : position)
  {
    p.second = net.Ports.size();
    net.Ports.push_back({ 0, p.first, "Port" + std::to_string(static_cast<long long>(p.first)) });
  }
  while (palace::NextFields(s, line, f))
  {
    if (f.size() != cols.size() * 2 + 1)
    {
      s.Fail("row has " + std::to_string(f.size()) + " fields, the header " +
        std::to_string(cols.size() * 2 + 1));
    }
    NetworkPoint pt;
    pt.Frequency = NeedFinite(s, f[0], "a frequency (GHz)") * 1e9;
    if (!net.Points.empty() && !(pt.Frequency > net.Points.back().Frequency))
    {
      s.Fail("the frequencies do not increase");
    }
    std::map<std::pair<std::int64_t, std::int64_t>, std::complex<double>> e;
    for (const auto& c : cols)
    {
      const double db = SValue(s, f[static_cast<std::size_t>(c.second.Db)], "|S| (dB)");
      const double deg = SValue(s, f[static_cast<std::size_t>(c.second.Deg)], "arg(S) (deg.)");
      if (db == db && deg == deg)
      {
        e[{ static_cast<std::int64_t>(position[c.second.I] + 1),
          static_cast<std::int64_t>(position[c.second.J] + 1) }] =
          std::polar(std::pow(10.0, db / 20), deg * Pi / 180);
      }
    }
    FillNetworkPoint(pt, e, net.Ports.size(), z0);
    net.Points.push_back(std::move(pt));
  }
  if (net.Points.empty())
  {
    s.Fail("no rows after the header");
  }
  return net;
}

namespace
{
/// (port, value) of every `<prefix>[k]...` column of the first row.
std::map<std::int64_t, double> Incident(
  std::string_view text, const std::string& file, std::string_view prefix, std::string_view unit)
{
  LineScanner s(text, file);
  std::string_view line;
  std::vector<std::string_view> head, row;
  if (!palace::NextFields(s, line, head) || !palace::NextFields(s, line, row))
  {
    s.Fail("expected a header and a row");
  }
  if (row.size() != head.size())
  {
    s.Fail("row has " + std::to_string(row.size()) + " fields, the header " +
      std::to_string(head.size()));
  }
  std::map<std::int64_t, double> out;
  for (std::size_t k = 0; k < head.size(); ++k)
  {
    std::int64_t i = 0, j = 0;
    if (Indices(head[k], prefix, unit, i, j, true))
    {
      out[i] = NeedFinite(s, row[k], "an incident value");
    }
  }
  return out;
}
} // namespace

std::vector<std::pair<std::int64_t, double>> PalaceIncidentImpedances(std::string_view portV,
  const std::string& fileV, std::string_view portI, const std::string& fileI)
{
  const std::map<std::int64_t, double> v = Incident(portV, fileV, "V_inc", " (V)");
  const std::map<std::int64_t, double> i = Incident(portI, fileI, "I_inc", " (A)");
  std::vector<std::pair<std::int64_t, double>> out;
  for (const auto& p : v)
  {
    const auto it = i.find(p.first);
    if (it != i.end() && it->second != 0 && p.second / it->second > 0)
    {
      out.emplace_back(p.first, p.second / it->second);
    }
  }
  return out;
}
} // namespace cm
