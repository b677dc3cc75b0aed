// SPDX-License-Identifier: BSD-3-Clause
#include "cmGmshFormat.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace cm
{
namespace
{
const double NaN = std::numeric_limits<double>::quiet_NaN();

class Reader
{
public:
  Reader(std::string_view text, const std::string& file)
    : S(text, file)
    , Text(text)
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
  // ---- binary sections: a byte cursor from the scanner's position, then back to lines.
  void BinBegin() { this->Pos = this->S.Offset(); }
  void BinEnd() { this->S.Seek(this->Pos, this->S.LineNumber()); }
  template <class T>
  T Get(const char* what)
  {
    if (this->Pos + sizeof(T) > this->Text.size())
    {
      this->S.Fail(std::string("truncated file: the binary data ends while reading ") + what +
        " (byte " + std::to_string(this->Pos) + ")");
    }
    unsigned char b[sizeof(T)];
    std::memcpy(b, this->Text.data() + this->Pos, sizeof(T));
    if (this->Swap)
    {
      std::reverse(b, b + sizeof(T));
    }
    T v;
    std::memcpy(&v, b, sizeof(T));
    this->Pos += sizeof(T);
    return v;
  }
  std::int64_t GetInt(const char* what) { return this->Get<std::int32_t>(what); }
  /// A size_t of the file's data size (4 or 8 bytes), refused above `limit`.
  std::int64_t GetCount(const char* what, std::int64_t limit)
  {
    const std::uint64_t v = this->SizeT == 4 ? this->Get<std::uint32_t>(what) : this->Get<std::uint64_t>(what);
    if (v > static_cast<std::uint64_t>(limit))
    {
      this->S.Fail(std::string("binary ") + what + " of " + std::to_string(v) + " is above the limit of " +
        std::to_string(limit) + " (byte " + std::to_string(this->Pos) + ")");
    }
    return static_cast<std::int64_t>(v);
  }
  double GetFinite(const char* what)
  {
    const double v = this->Get<double>(what);
    if (!std::isfinite(v))
    {
      this->S.Fail(std::string("binary ") + what + " is not a finite number (byte " +
        std::to_string(this->Pos - 8) + ")");
    }
    return v;
  }
  /// Nodes per element of the Gmsh types a binary file may hold (0: unknown).
  static int NodesOf(int type)
  {
    static const int n[] = { 0, 2, 3, 4, 4, 8, 6, 5, 3, 6, 9, 10, 27, 18, 14, 1, 8, 20, 15, 13, 9,
      10, 12, 15, 15, 21, 4, 5, 6, 20, 35, 56 };
    if (type >= 1 && type <= 31)
    {
      return n[type];
    }
    return type == 92 ? 64 : type == 93 ? 125 : 0;
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
  /// An ASCII element: its node tags are Tok[first..].
  void Element(std::int64_t tag, int type, std::size_t first)
  {
    this->Nodes.clear();
    if (type == 2 || type == 3)
    {
      for (std::size_t k = first; k < this->Tok.size(); ++k)
      {
        this->Nodes.push_back(NeedInt(this->S, this->Tok[k], "a node tag"));
      }
    }
    else
    {
      this->Nodes.resize(this->Tok.size() - first);
    }
    this->AddElement(tag, type);
  }
  /// An element whose node tags are in Nodes.
  void AddElement(std::int64_t tag, int type)
  {
    const std::size_t nodes = this->Nodes.size();
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
    for (const std::int64_t n : this->Nodes)
    {
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
  void Nodes2Binary();
  void Nodes4Binary();
  void Elements2Binary();
  void Elements4Binary();
  void Data(bool onElements);

  LineScanner S;
  std::string_view Text;
  std::int64_t Limit;
  bool Binary = false, Swap = false;
  int SizeT = 8;
  std::size_t Pos = 0;
  std::vector<std::int64_t> Nodes;
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

void Reader::Nodes2Binary()
{
  this->Row("$Nodes");
  const std::int64_t n = NeedCount(this->S, this->Tok[0], "the node count", this->Limit);
  this->M.Points.reserve(3 * static_cast<std::size_t>(n));
  this->BinBegin();
  for (std::int64_t i = 0; i < n; ++i)
  {
    const std::int64_t tag = this->GetInt("node tag");
    const double x = this->GetFinite("x"), y = this->GetFinite("y"), z = this->GetFinite("z");
    this->Node(tag, x, y, z);
  }
  this->BinEnd();
  this->End("Nodes");
}

void Reader::Elements2Binary()
{
  this->Row("$Elements");
  const std::int64_t n = NeedCount(this->S, this->Tok[0], "the element count", this->Limit);
  this->BinBegin();
  // Blocks of one type: type, number of elements that follow, number of tags; then per
  // element its tag, its tags and its nodes (all 4-byte ints).
  for (std::int64_t read = 0; read < n;)
  {
    const int type = static_cast<int>(this->GetInt("element type"));
    const std::int64_t follow = this->GetInt("element count of a block");
    const std::int64_t ntags = this->GetInt("number of element tags");
    const int nodes = NodesOf(type);
    if (nodes == 0)
    {
      this->S.Fail("binary $Elements: element type " + std::to_string(type) +
        " has no known node count (byte " + std::to_string(this->Pos - 12) + ")");
    }
    if (follow < 1 || follow > n - read || ntags < 0 || ntags > 64)
    {
      this->S.Fail("binary $Elements: a block of " + std::to_string(follow) + " elements with " +
        std::to_string(ntags) + " tags does not fit the count of " + std::to_string(n) + " (byte " +
        std::to_string(this->Pos - 12) + ")");
    }
    for (std::int64_t e = 0; e < follow; ++e)
    {
      const std::int64_t tag = this->GetInt("element tag");
      for (std::int64_t t = 0; t < ntags; ++t)
      {
        this->GetInt("element tag");
      }
      this->Nodes.resize(static_cast<std::size_t>(nodes));
      for (int k = 0; k < nodes; ++k)
      {
        this->Nodes[static_cast<std::size_t>(k)] = this->GetInt("node tag");
      }
      this->AddElement(tag, type);
    }
    read += follow;
  }
  this->BinEnd();
  this->End("Elements");
}

void Reader::Nodes4Binary()
{
  this->BinBegin();
  const std::int64_t blocks = this->GetCount("entity block count", this->Limit);
  const std::int64_t total = this->GetCount("node count", this->Limit);
  this->GetCount("minimum node tag", INT64_MAX);
  this->GetCount("maximum node tag", INT64_MAX);
  std::int64_t seen = 0;
  std::vector<std::int64_t> tags;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    const std::int64_t dim = this->GetInt("entity dimension");
    this->GetInt("entity tag");
    const bool parametric = this->GetInt("parametric flag") != 0;
    const std::int64_t n = this->GetCount("nodes in the block", total - seen);
    if (dim < 0 || dim > 3)
    {
      this->S.Fail("binary $Nodes: entity dimension " + std::to_string(dim) + " (byte " +
        std::to_string(this->Pos) + ")");
    }
    tags.resize(static_cast<std::size_t>(n));
    for (auto& t : tags)
    {
      t = this->GetCount("node tag", INT64_MAX);
    }
    for (std::int64_t i = 0; i < n; ++i)
    {
      const double x = this->GetFinite("x"), y = this->GetFinite("y"), z = this->GetFinite("z");
      for (std::int64_t k = 0; parametric && k < dim; ++k)
      {
        this->Get<double>("parametric coordinate");
      }
      this->Node(tags[static_cast<std::size_t>(i)], x, y, z);
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the binary node blocks hold " + std::to_string(seen) + " nodes, the header says " +
      std::to_string(total));
  }
  this->BinEnd();
  this->End("Nodes");
}

void Reader::Elements4Binary()
{
  this->BinBegin();
  const std::int64_t blocks = this->GetCount("entity block count", this->Limit);
  const std::int64_t total = this->GetCount("element count", this->Limit);
  this->GetCount("minimum element tag", INT64_MAX);
  this->GetCount("maximum element tag", INT64_MAX);
  std::int64_t seen = 0;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    this->GetInt("entity dimension");
    this->GetInt("entity tag");
    const int type = static_cast<int>(this->GetInt("element type"));
    const std::int64_t n = this->GetCount("elements in the block", total - seen);
    const int nodes = NodesOf(type);
    if (nodes == 0)
    {
      this->S.Fail("binary $Elements: element type " + std::to_string(type) +
        " has no known node count (byte " + std::to_string(this->Pos) + ")");
    }
    for (std::int64_t e = 0; e < n; ++e)
    {
      const std::int64_t tag = this->GetCount("element tag", INT64_MAX);
      this->Nodes.resize(static_cast<std::size_t>(nodes));
      for (int k = 0; k < nodes; ++k)
      {
        this->Nodes[static_cast<std::size_t>(k)] = this->GetCount("node tag", INT64_MAX);
      }
      this->AddElement(tag, type);
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the binary element blocks hold " + std::to_string(seen) + " elements, the header says " +
      std::to_string(total));
  }
  this->BinEnd();
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
        std::replace(v.Name.begin(), v.Name.end(), '\t', ' '); // a tab in a name shows as a blank
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
  v.Step = static_cast<int>(tags[0]);
  if (this->Binary)
  {
    this->BinBegin();
  }
  std::vector<double> values(static_cast<std::size_t>(v.Components));
  for (std::int64_t i = 0; i < count; ++i)
  {
    std::int64_t tag;
    if (this->Binary)
    {
      // A 4-byte int tag (MSH 2 and 4.1 alike, as Gmsh writes it), then the values as doubles.
      tag = this->GetInt("data tag");
      for (auto& x : values)
      {
        x = this->GetFinite("data value");
      }
    }
    else
    {
      this->Row(section);
      if (this->Tok.size() != 1 + static_cast<std::size_t>(v.Components))
      {
        this->S.Fail("data row has " + std::to_string(this->Tok.size()) + " fields, expected a tag and " +
          std::to_string(v.Components) + " values");
      }
      tag = NeedInt(this->S, this->Tok[0], onElements ? "an element tag" : "a node tag");
      for (int c = 0; c < v.Components; ++c)
      {
        values[static_cast<std::size_t>(c)] = NeedFinite(this->S, this->Tok[1 + c], "a value");
      }
    }
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
      v.Values[it->second * static_cast<std::size_t>(v.Components) + c] = values[static_cast<std::size_t>(c)];
    }
    ++v.Covered;
  }
  if (this->Binary)
  {
    this->BinEnd();
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
      const std::int64_t type = NeedInt(this->S, this->Tok[1], "the file type");
      const std::int64_t dataSize = NeedInt(this->S, this->Tok[2], "the data size");
      if (type != 0 && type != 1)
      {
        this->S.Fail("file type " + std::to_string(type) + " in $MeshFormat: expected 0 (ASCII) or 1 (binary)");
      }
      if (!(this->M.Version >= 2.0 && this->M.Version < 3.0) && !(this->M.Version >= 4.1 && this->M.Version < 5.0))
      {
        this->S.Fail("MSH version " + std::string(this->Tok[0]) + " is not read: use 2.x or 4.1");
      }
      this->Binary = type == 1;
      if (this->Binary)
      {
        if (dataSize != 4 && dataSize != 8)
        {
          this->S.Fail("binary data size " + std::to_string(dataSize) + ": expected 4 or 8 (sizeof(size_t))");
        }
        this->SizeT = static_cast<int>(dataSize);
        // The integer 1 written in the writer's byte order tells the endianness.
        this->BinBegin();
        const std::int32_t one = this->Get<std::int32_t>("endianness check");
        if (one != 1)
        {
          this->Swap = true;
          this->Pos -= 4;
          if (this->Get<std::int32_t>("endianness check") != 1)
          {
            this->S.Fail("binary $MeshFormat: the endianness check is " + std::to_string(one) + ", not 1");
          }
        }
        this->BinEnd();
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
      this->Binary ? (this->M.Version < 4 ? this->Nodes2Binary() : this->Nodes4Binary())
                   : (this->M.Version < 4 ? this->Nodes2() : this->Nodes4());
    }
    else if (t == "$Elements")
    {
      this->Binary ? (this->M.Version < 4 ? this->Elements2Binary() : this->Elements4Binary())
                   : (this->M.Version < 4 ? this->Elements2() : this->Elements4());
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
      duplicate = duplicate ||
        (kept.Time == a.Time &&
          (kept.Name == a.Name || kept.Name == base + "_real" || kept.Name == base + "_imag"));
    }
    if (duplicate)
    {
      continue; // the same view and time again: the first one is kept
    }
    bool joined = false;
    if (part != 0)
    {
      for (std::size_t j = i + 1; j < this->Raw.size(); ++j)
      {
        std::string other;
        const int p2 = split(this->Raw[j].Name, other);
        if (!used[j] && p2 == 3 - part && other == base && this->Raw[j].OnElements == a.OnElements &&
          this->Raw[j].Components == a.Components && this->Raw[j].Time == a.Time)
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
  for (const GmshView& v : this->M.Views)
  {
    this->M.Times.push_back(v.Time);
  }
  std::sort(this->M.Times.begin(), this->M.Times.end());
  this->M.Times.erase(std::unique(this->M.Times.begin(), this->M.Times.end()), this->M.Times.end());
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
} // namespace cm
