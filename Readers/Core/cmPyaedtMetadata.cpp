// SPDX-License-Identifier: BSD-3-Clause
// pyaedt's pyaedt_antenna_metadata.json beside HFSS .ffd files: see cmHfssFarField.h.
// The layout (pyaedt's FfdSolutionDataExporter, as in pyaedt-examples' array export):
//   { "element_pattern": { "<element>": { "file_name": "exportfield_0.ffd",
//       "location": ["0.037880", ...], "incident_power": { "5000000000.0": 1.0 },
//       "radiated_power": {...}, "accepted_power": {...} }, ... }, ... }
// A small JSON reader (no VTK here); nesting and size are bounded by the text.
#include "cmHfssFarField.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace cm
{
namespace
{
struct Json
{
  enum Kind
  {
    Null,
    Number,
    String,
    Array,
    Object
  } K = Null;
  double Num = 0;
  std::string Str;
  std::vector<std::pair<std::string, Json>> Members; ///< objects
  std::vector<Json> Items; ///< arrays
  const Json* Find(const std::string& key) const
  {
    for (const auto& m : this->Members)
    {
      if (m.first == key)
      {
        return &m.second;
      }
    }
    return nullptr;
  }
};

class JsonReader
{
public:
  JsonReader(std::string_view t, const std::string& file)
    : T(t)
    , File(file)
  {}
  Json Document()
  {
    Json v = this->Value(0);
    this->Space();
    if (this->P != this->T.size())
    {
      this->Fail("text after the JSON value");
    }
    return v;
  }

private:
  [[noreturn]] void Fail(const std::string& what) const
  {
    const auto line = 1 + std::count(this->T.begin(), this->T.begin() + this->P, '\n');
    throw ParseError(this->File, line, what);
  }
  void Space()
  {
    while (this->P < this->T.size() &&
      std::string_view(" \t\r\n").find(this->T[this->P]) != std::string_view::npos)
    {
      ++this->P;
    }
  }
  bool Eat(char c)
  {
    this->Space();
    if (this->P < this->T.size() && this->T[this->P] == c)
    {
      ++this->P;
      return true;
    }
    return false;
  }
  Json Value(int depth);
  std::string Text();
  double Number();
  std::string_view T;
  std::string File;
  std::size_t P = 0;
};

std::string JsonReader::Text()
{
  if (!this->Eat('"'))
  {
    this->Fail("expected a string");
  }
  std::string s;
  while (this->P < this->T.size() && this->T[this->P] != '"')
  {
    char c = this->T[this->P++];
    if (c == '\\' && this->P < this->T.size())
    {
      c = this->T[this->P++];
      c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'u' ? '?' : c;
      if (c == '?')
      {
        this->P = std::min(this->P + 4, this->T.size());
      }
    }
    s += c;
  }
  if (!this->Eat('"'))
  {
    this->Fail("a string is not closed");
  }
  return s;
}

double JsonReader::Number()
{
  const std::size_t b = this->P;
  while (this->P < this->T.size() &&
    std::string_view("+-0123456789.eE").find(this->T[this->P]) != std::string_view::npos)
  {
    ++this->P;
  }
  double x;
  if (!ParseDouble(this->T.substr(b, this->P - b), x))
  {
    this->Fail("expected a JSON value");
  }
  return x;
}

Json JsonReader::Value(int depth)
{
  if (depth > 64)
  {
    this->Fail("JSON nested deeper than 64 levels");
  }
  this->Space();
  Json v;
  if (this->P >= this->T.size())
  {
    this->Fail("the JSON text ends early");
  }
  const char c = this->T[this->P];
  if (c == '{' || c == '[')
  {
    ++this->P;
    const char close = c == '{' ? '}' : ']';
    v.K = c == '{' ? Json::Object : Json::Array;
    if (this->Eat(close))
    {
      return v;
    }
    do
    {
      if (v.K == Json::Object)
      {
        std::string key = this->Text();
        if (!this->Eat(':'))
        {
          this->Fail("expected ':' after \"" + key.substr(0, 40) + "\"");
        }
        v.Members.emplace_back(std::move(key), this->Value(depth + 1));
      }
      else
      {
        v.Items.push_back(this->Value(depth + 1));
      }
    } while (this->Eat(','));
    if (!this->Eat(close))
    {
      this->Fail(std::string("expected ',' or '") + close + "'");
    }
    return v;
  }
  if (c == '"')
  {
    v.K = Json::String;
    v.Str = this->Text();
    return v;
  }
  for (const char* word : { "true", "false", "null" })
  {
    if (this->T.substr(this->P, std::string_view(word).size()) == word)
    {
      this->P += std::string_view(word).size();
      return v;
    }
  }
  v.K = Json::Number;
  v.Num = this->Number();
  return v;
}

/// A number, or a string holding one (pyaedt writes locations as strings).
bool AsNumber(const Json& v, double& x)
{
  return v.K == Json::Number ? (x = v.Num, true)
                             : v.K == Json::String && ParseDouble(v.Str, x) && std::isfinite(x);
}

bool PowerTable(const Json& element, const char* key, std::vector<std::pair<double, double>>& out)
{
  const Json* t = element.Find(key);
  if (!t || t->K != Json::Object)
  {
    return false;
  }
  for (const auto& m : t->Members)
  {
    double f, p;
    if (!ParseDouble(m.first, f) || !AsNumber(m.second, p))
    {
      return false;
    }
    out.emplace_back(f, p);
  }
  return true;
}

std::string BaseName(const std::string& path)
{
  const std::size_t s = path.find_last_of("/\\");
  return s == std::string::npos ? path : path.substr(s + 1);
}

/// The power at frequency f (relative tolerance 1e-6); false when the table has none.
bool PowerAt(const std::vector<std::pair<double, double>>& t, double f, double& p)
{
  for (const auto& e : t)
  {
    if (std::abs(e.first - f) <= 1e-6 * std::abs(f))
    {
      p = e.second;
      return true;
    }
  }
  return false;
}
} // namespace

bool ParsePyaedtMetadata(std::string_view json, const std::string& jsonFile,
  const std::string& ffdName, HfssElementPowers& out, std::string& problem)
{
  out = HfssElementPowers();
  Json root;
  try
  {
    root = JsonReader(json, jsonFile).Document();
  }
  catch (const ParseError& e)
  {
    problem = e.what();
    return false;
  }
  const Json* elements = root.Find("element_pattern");
  if (!elements || elements->K != Json::Object)
  {
    problem = ParseError::Format(jsonFile, 0, "no \"element_pattern\" object");
    return false;
  }
  for (const auto& m : elements->Members)
  {
    const Json* name = m.second.Find("file_name");
    if (!name || name->K != Json::String || BaseName(name->Str) != BaseName(ffdName))
    {
      continue;
    }
    out.Element = m.first;
    if (const Json* loc = m.second.Find("location"))
    {
      for (const Json& c : loc->Items)
      {
        double x;
        if (AsNumber(c, x))
        {
          out.Position.push_back(x);
        }
      }
      if (out.Position.size() != 3)
      {
        out.Position.clear();
      }
    }
    if (!PowerTable(m.second, "accepted_power", out.Accepted))
    {
      problem = ParseError::Format(
        jsonFile, 0, "element \"" + m.first + "\" has no readable \"accepted_power\" table");
      return false;
    }
    PowerTable(m.second, "incident_power", out.Incident);
    PowerTable(m.second, "radiated_power", out.Radiated);
    return true;
  }
  problem =
    ParseError::Format(jsonFile, 0, "no element with \"file_name\": \"" + BaseName(ffdName) + "\"");
  return false;
}

void ApplyElementPowers(HfssFarField& ff, const HfssElementPowers& p, const std::string& jsonFile)
{
  bool warned = false;
  for (FarFieldGrid& g : ff.Grids)
  {
    double pacc = 0, pinc = 0, prad = 0;
    if (!PowerAt(p.Accepted, g.Frequency, pacc) || !(pacc > 0))
    {
      if (!warned)
      {
        warned = true;
        ff.Warnings.push_back(ParseError::Format(jsonFile, 0,
          "element \"" + p.Element + "\" has no positive accepted power at " +
            std::to_string(g.Frequency) + " Hz: Gain stays the directivity there"));
      }
      continue;
    }
    if (!g.Gain.empty())
    {
      g.Column("Directivity") = g.Gain;
    }
    g.Gain = HfssGainColumn(g, pacc);
    g.GainKind = "Gain";
    g.Name = p.Element;
    g.Values.emplace_back("AcceptedPower", std::vector<double>{ pacc });
    if (PowerAt(p.Incident, g.Frequency, pinc))
    {
      g.Values.emplace_back("IncidentPower", std::vector<double>{ pinc });
      if (pinc > 0)
      {
        g.Column("RealizedGain") = HfssGainColumn(g, pinc);
      }
    }
    if (PowerAt(p.Radiated, g.Frequency, prad))
    {
      g.Values.emplace_back("RadiatedPower", std::vector<double>{ prad });
    }
    if (!p.Position.empty())
    {
      g.Values.emplace_back("Position", p.Position);
    }
  }
}
} // namespace cm
