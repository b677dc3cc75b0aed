// SPDX-License-Identifier: BSD-3-Clause
#include "cmGmshFormat.h"

#include "cmTextScan.h"

#include <cmath>
#include <limits>
#include <unordered_map>

namespace cloudmap
{
namespace
{
const double NaN = std::numeric_limits<double>::quiet_NaN();

class Reader
{
public:
  Reader(std::string_view text, const std::string& file)
    : S(text, file)
    , Limit(static_cast<std::int64_t>(text.size() / 2) + 1)
  {
  }
  GmshMesh Run();

private:
  /// Next non-blank line's tokens; fails with `what` at the end of the file.
  void Row(const char* what)
  {
    std::string_view line;
    do
    {
      if (!this->S.Next(line))
      {
        this->S.Fail(std::string("truncated file: end of file inside ") + what);
      }
      Tokenize(line, this->Tok);
    } while (this->Tok.empty());
    if (this->Tok[0][0] == '$')
    {
      this->S.Fail(std::string("section ends early: ") + std::string(this->Tok[0]) + " inside " + what);
    }
  }
  void End(const char* section)
  {
    std::string_view line;
    while (this->S.Next(line))
    {
      const std::string_view t = Trim(line);
      if (t.empty())
      {
        continue;
      }
      if (t == std::string("$End") + section)
      {
        return;
      }
      this->S.Fail(std::string("expected $End") + section + ", found more rows than the count announced");
    }
    this->S.Fail(std::string("truncated file: no $End") + section);
  }
  void Skip(std::string_view name)
  {
    const std::string end = "$End" + std::string(name.substr(1));
    std::string_view line;
    while (this->S.Next(line))
    {
      if (Trim(line) == end)
      {
        return;
      }
    }
    this->S.Fail("truncated file: no " + end);
  }
  void Node(std::int64_t tag, double x, double y, double z)
  {
    if (!this->NodeIndex.emplace(tag, this->M.NodeTags.size()).second)
    {
      this->S.Fail("node tag " + std::to_string(tag) + " appears twice");
    }
    this->M.NodeTags.push_back(tag);
    this->M.Points.insert(this->M.Points.end(), { x, y, z });
  }
  void Element(std::int64_t tag, int type, std::size_t first)
  {
    const std::size_t nodes = this->Tok.size() - first;
    const std::size_t want = type == 2 ? 3 : type == 3 ? 4 : 0;
    if (want == 0)
    {
      // Gmsh numbers its element types 1..140 (MSH_MAX_NUM); anything else is
      // not a Gmsh element, and its node count cannot be known.
      if (type < 1 || type > 140)
      {
        this->S.Fail("element " + std::to_string(tag) + " has the unknown element type " +
          std::to_string(type) + " (Gmsh types are 1..140; 2 is a triangle, 3 a quad)");
      }
      ++this->M.SkippedTypes[type];
      this->SkippedTags.emplace(tag, 0);
      return;
    }
    if (nodes != want)
    {
      this->S.Fail("element " + std::to_string(tag) + " of type " + std::to_string(type) +
        " has " + std::to_string(nodes) + " nodes, expected " + std::to_string(want));
    }
    for (std::size_t k = first; k < this->Tok.size(); ++k)
    {
      const std::int64_t n = NeedInt(this->S, this->Tok[k], "a node tag");
      auto it = this->NodeIndex.find(n);
      if (it == this->NodeIndex.end())
      {
        this->S.Fail("element " + std::to_string(tag) + " uses node " + std::to_string(n) +
          ", which $Nodes does not define");
      }
      this->M.Connectivity.push_back(static_cast<std::int64_t>(it->second));
    }
    if (!this->ElementIndex.emplace(tag, this->M.ElementTags.size()).second)
    {
      this->S.Fail("element tag " + std::to_string(tag) + " appears twice");
    }
    this->M.ElementTags.push_back(tag);
    this->M.Offsets.push_back(static_cast<std::int64_t>(this->M.Connectivity.size()));
  }
  void Nodes2();
  void Nodes4();
  void Elements2();
  void Elements4();
  void Data(bool onElements);

  LineScanner S;
  std::int64_t Limit;
  std::vector<std::string_view> Tok;
  GmshMesh M;
  std::unordered_map<std::int64_t, std::size_t> NodeIndex, ElementIndex, SkippedTags;
  std::vector<GmshView> Raw;
  std::int64_t SkippedData = 0; ///< data rows for skipped element types
};

void Reader::Nodes2()
{
  this->Row("$Nodes");
  const std::int64_t n = NeedCount(this->S, this->Tok[0], "the node count", this->Limit);
  this->M.Points.reserve(3 * static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
  {
    this->Row("$Nodes");
    if (this->Tok.size() != 4)
    {
      this->S.Fail("node row has " + std::to_string(this->Tok.size()) + " fields, expected 4 (tag x y z)");
    }
    this->Node(NeedInt(this->S, this->Tok[0], "a node tag"), NeedFinite(this->S, this->Tok[1], "x"),
      NeedFinite(this->S, this->Tok[2], "y"), NeedFinite(this->S, this->Tok[3], "z"));
  }
  this->End("Nodes");
}

void Reader::Nodes4()
{
  this->Row("$Nodes");
  if (this->Tok.size() != 4)
  {
    this->S.Fail("expected numEntityBlocks numNodes minNodeTag maxNodeTag");
  }
  const std::int64_t blocks = NeedCount(this->S, this->Tok[0], "the entity block count", this->Limit);
  const std::int64_t total = NeedCount(this->S, this->Tok[1], "the node count", this->Limit);
  std::int64_t seen = 0;
  std::vector<std::int64_t> tags;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    this->Row("$Nodes");
    if (this->Tok.size() != 4)
    {
      this->S.Fail("expected a node block header: entityDim entityTag parametric numNodesInBlock");
    }
    const bool parametric = NeedInt(this->S, this->Tok[2], "the parametric flag") != 0;
    const std::int64_t n = NeedCount(this->S, this->Tok[3], "the nodes in the block", total - seen);
    tags.clear();
    for (std::int64_t i = 0; i < n; ++i)
    {
      this->Row("$Nodes");
      if (this->Tok.size() != 1)
      {
        this->S.Fail("expected one node tag per line in a 4.1 node block, found " +
          std::to_string(this->Tok.size()) + " fields");
      }
      tags.push_back(NeedInt(this->S, this->Tok[0], "a node tag"));
    }
    for (std::int64_t i = 0; i < n; ++i)
    {
      this->Row("$Nodes");
      if (this->Tok.size() < 3 || (!parametric && this->Tok.size() != 3))
      {
        this->S.Fail("node coordinates row has " + std::to_string(this->Tok.size()) + " fields, expected x y z");
      }
      this->Node(tags[static_cast<std::size_t>(i)], NeedFinite(this->S, this->Tok[0], "x"),
        NeedFinite(this->S, this->Tok[1], "y"), NeedFinite(this->S, this->Tok[2], "z"));
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the node blocks hold " + std::to_string(seen) + " nodes, the header says " +
      std::to_string(total));
  }
  this->End("Nodes");
}

void Reader::Elements2()
{
  this->Row("$Elements");
  const std::int64_t n = NeedCount(this->S, this->Tok[0], "the element count", this->Limit);
  for (std::int64_t i = 0; i < n; ++i)
  {
    this->Row("$Elements");
    if (this->Tok.size() < 3)
    {
      this->S.Fail("element row needs tag, type and the number of tags");
    }
    const std::int64_t tag = NeedInt(this->S, this->Tok[0], "an element tag");
    const std::int64_t type = NeedInt(this->S, this->Tok[1], "an element type");
    const std::int64_t ntags = NeedCount(this->S, this->Tok[2], "the number of element tags", 64);
    if (this->Tok.size() < 3 + static_cast<std::size_t>(ntags) + 1)
    {
      this->S.Fail("element " + std::to_string(tag) + " has no nodes after its " +
        std::to_string(ntags) + " tags");
    }
    this->Element(tag, static_cast<int>(type), 3 + static_cast<std::size_t>(ntags));
  }
  this->End("Elements");
}

void Reader::Elements4()
{
  this->Row("$Elements");
  if (this->Tok.size() != 4)
  {
    this->S.Fail("expected numEntityBlocks numElements minElementTag maxElementTag");
  }
  const std::int64_t blocks = NeedCount(this->S, this->Tok[0], "the entity block count", this->Limit);
  const std::int64_t total = NeedCount(this->S, this->Tok[1], "the element count", this->Limit);
  std::int64_t seen = 0;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    this->Row("$Elements");
    if (this->Tok.size() != 4)
    {
      this->S.Fail("expected an element block header: entityDim entityTag elementType numElementsInBlock");
    }
    const int type = static_cast<int>(NeedInt(this->S, this->Tok[2], "an element type"));
    const std::int64_t n = NeedCount(this->S, this->Tok[3], "the elements in the block", total - seen);
    for (std::int64_t i = 0; i < n; ++i)
    {
      this->Row("$Elements");
      if (this->Tok.size() < 2)
      {
        this->S.Fail("element row needs a tag and its nodes");
      }
      this->Element(NeedInt(this->S, this->Tok[0], "an element tag"), type, 1);
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the element blocks hold " + std::to_string(seen) + " elements, the header says " +
      std::to_string(total));
  }
  this->End("Elements");
}

void Reader::Data(bool onElements)
{
  const char* section = onElements ? "ElementData" : "NodeData";
  if (this->M.NodeTags.empty())
  {
    this->S.Fail(std::string("$") + section + " before $Nodes");
  }
  GmshView v;
  v.OnElements = onElements;
  std::string_view line;
  std::int64_t tags[3];
  for (int group = 0; group < 3; ++group)
  {
    this->Row(section);
    const std::int64_t k = NeedCount(this->S, this->Tok[0], "a tag count", 64);
    for (std::int64_t i = 0; i < k; ++i)
    {
      if (!this->S.Next(line))
      {
        this->S.Fail(std::string("truncated ") + section + " header");
      }
      const std::string_view t = Trim(line);
      if (group == 0 && i == 0)
      {
        v.Name = std::string(t.size() >= 2 && t.front() == '"' && t.back() == '"' ? t.substr(1, t.size() - 2) : t);
      }
      else if (group == 1 && i == 0)
      {
        v.Time = NeedFinite(this->S, t, "the time (real tag)");
      }
      else if (group == 2 && i < 3)
      {
        tags[i] = NeedInt(this->S, t, "an integer tag");
      }
    }
    if (group == 2 && k < 3)
    {
      this->S.Fail("the integer tags need the time step, the number of components and the count");
    }
  }
  v.Components = static_cast<int>(tags[1]);
  if (v.Components != 1 && v.Components != 3 && v.Components != 9)
  {
    this->S.Fail("a view has " + std::to_string(tags[1]) + " components, expected 1, 3 or 9");
  }
  const std::int64_t count = tags[2];
  if (count < 0 || count > this->Limit)
  {
    this->S.Fail("the view's count of " + std::to_string(count) + " is larger than the file could hold");
  }
  const std::size_t size = onElements ? this->M.ElementTags.size() : this->M.NodeTags.size();
  v.Values.assign(size * static_cast<std::size_t>(v.Components), NaN);
  const auto& index = onElements ? this->ElementIndex : this->NodeIndex;
  for (std::int64_t i = 0; i < count; ++i)
  {
    this->Row(section);
    if (this->Tok.size() != 1 + static_cast<std::size_t>(v.Components))
    {
      this->S.Fail("data row has " + std::to_string(this->Tok.size()) + " fields, expected a tag and " +
        std::to_string(v.Components) + " values");
    }
    const std::int64_t tag = NeedInt(this->S, this->Tok[0], onElements ? "an element tag" : "a node tag");
    auto it = index.find(tag);
    if (it == index.end())
    {
      if (onElements && this->SkippedTags.count(tag))
      {
        ++this->SkippedData; // data of a skipped element type
        continue;
      }
      this->S.Fail(std::string("data for ") + (onElements ? "element " : "node ") +
        std::to_string(tag) + ", which " + (onElements ? "$Elements" : "$Nodes") + " does not define");
    }
    for (int c = 0; c < v.Components; ++c)
    {
      v.Values[it->second * static_cast<std::size_t>(v.Components) + c] =
        NeedFinite(this->S, this->Tok[1 + c], "a value");
    }
    ++v.Covered;
  }
  this->End(section);
  this->Raw.push_back(std::move(v));
}

GmshMesh Reader::Run()
{
  std::string_view line;
  bool format = false;
  while (this->S.Next(line))
  {
    const std::string_view t = Trim(line);
    if (t.empty())
    {
      continue;
    }
    if (t == "$MeshFormat")
    {
      this->Row("$MeshFormat");
      if (this->Tok.size() < 3)
      {
        this->S.Fail("expected 'version file-type data-size' in $MeshFormat");
      }
      this->M.Version = NeedFinite(this->S, this->Tok[0], "the MSH version");
      if (NeedInt(this->S, this->Tok[1], "the file type") != 0)
      {
        this->S.Fail("binary MSH files are not read: save as ASCII (file type 0)");
      }
      if (!(this->M.Version >= 2.0 && this->M.Version < 3.0) && !(this->M.Version >= 4.1 && this->M.Version < 5.0))
      {
        this->S.Fail("MSH version " + std::string(this->Tok[0]) + " is not read: use 2.2 or 4.1");
      }
      this->End("MeshFormat");
      format = true;
    }
    else if (!format)
    {
      this->S.Fail("not a Gmsh MSH file: expected $MeshFormat first");
    }
    else if (t == "$Nodes")
    {
      this->M.Version < 4 ? this->Nodes2() : this->Nodes4();
    }
    else if (t == "$Elements")
    {
      this->M.Version < 4 ? this->Elements2() : this->Elements4();
    }
    else if (t == "$ElementData" || t == "$NodeData")
    {
      this->Data(t == "$ElementData");
    }
    else if (t[0] == '$')
    {
      this->Skip(t); // $PhysicalNames, $Entities, $ElementNodeData, ...
    }
    else
    {
      this->S.Fail("unexpected text outside a section: expected a $Section line");
    }
  }
  if (!format)
  {
    throw ParseError(this->S.FileName(), 0, "empty file: expected a Gmsh MSH file");
  }
  if (this->M.NodeTags.empty())
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber(), "no $Nodes section");
  }
  if (this->ElementIndex.empty() && this->M.SkippedTypes.empty())
  {
    throw ParseError(this->S.FileName(), this->S.LineNumber(), "no $Elements section");
  }
  // Join "<name> (real)" and "<name> (imag)" into one complex view; keep first names only.
  auto split = [](const std::string& n, std::string& base) {
    const std::string u = Upper(n);
    for (const char* suffix : { "(REAL)", "(IMAG)" })
    {
      const std::size_t k = u.rfind(suffix);
      if (k != std::string::npos && k + 6 == u.size())
      {
        base = std::string(Trim(n.substr(0, k)));
        return suffix[1] == 'R' ? 1 : 2;
      }
    }
    base = n;
    return 0;
  };
  std::vector<bool> used(this->Raw.size(), false);
  for (std::size_t i = 0; i < this->Raw.size(); ++i)
  {
    if (used[i])
    {
      continue;
    }
    used[i] = true;
    GmshView& a = this->Raw[i];
    std::string base;
    const int part = split(a.Name, base);
    bool duplicate = false;
    for (const GmshView& kept : this->M.Views)
    {
      duplicate = duplicate || kept.Name == a.Name || kept.Name == base + "_real" || kept.Name == base + "_imag";
    }
    if (duplicate)
    {
      continue; // another time step of a view already kept
    }
    bool joined = false;
    if (part != 0)
    {
      for (std::size_t j = i + 1; j < this->Raw.size(); ++j)
      {
        std::string other;
        const int p2 = split(this->Raw[j].Name, other);
        if (!used[j] && p2 == 3 - part && other == base && this->Raw[j].OnElements == a.OnElements &&
          this->Raw[j].Components == a.Components)
        {
          used[j] = true;
          GmshView& b = this->Raw[j];
          GmshView& re = part == 1 ? a : b;
          GmshView& im = part == 1 ? b : a;
          re.Name = base + "_real";
          im.Name = base + "_imag";
          GmshView mag = re;
          mag.Name = "|" + base + "|";
          mag.Components = 1;
          const std::size_t n = re.Values.size() / static_cast<std::size_t>(re.Components);
          mag.Values.assign(n, NaN);
          for (std::size_t e = 0; e < n; ++e)
          {
            double s = 0;
            for (int c = 0; c < re.Components; ++c)
            {
              const double x = re.Values[e * re.Components + c], y = im.Values[e * re.Components + c];
              s += x * x + y * y;
            }
            mag.Values[e] = std::sqrt(s); // NaN where either part is absent
          }
          this->M.Views.push_back(std::move(re));
          this->M.Views.push_back(std::move(im));
          this->M.Views.push_back(std::move(mag));
          joined = true;
          break;
        }
      }
    }
    if (!joined)
    {
      this->M.Views.push_back(std::move(a)); // a plain view, or a lone half under its own name
    }
  }
  return std::move(this->M);
}
} // namespace

bool LooksLikeGmsh(std::string_view head)
{
  return Trim(head.substr(0, head.find('\n'))) == "$MeshFormat" ||
    StartsWith(head, "\xEF\xBB\xBF$MeshFormat");
}

GmshMesh ParseGmsh(std::string_view text, const std::string& fileName)
{
  return Reader(text, fileName).Run();
}

GmshMesh ReadGmshFile(const std::string& path)
{
  return ParseGmsh(ReadWholeFile(path), path);
}
} // namespace cloudmap
