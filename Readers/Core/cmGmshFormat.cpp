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

/// Nodes per element of Gmsh's element types 1..140 (0: none fixed or no such type), as
/// gmsh 4.8's own gmsh.model.mesh.getElementProperties(type) reports them.
int NodesOf(std::int64_t type)
{
  static const short n[] = { 0, 2, 3, 4, 4, 8, 6, 5, 3, 6, 9, 10, 27, 18, 14, 1, 8, 20, 15, 13, 9,
    10, 12, 15, 15, 21, 4, 5, 6, 20, 35, 56, 22, 28, 0, 0, 16, 25, 36, 12, 16, 20, 28, 36, 45, 55,
    66, 49, 64, 81, 100, 121, 18, 21, 24, 27, 30, 24, 28, 32, 36, 40, 7, 8, 9, 10, 11, 0, 0, 0, 0,
    84, 120, 165, 220, 286, 0, 0, 0, 34, 40, 46, 52, 58, 1, 1, 1, 1, 1, 1, 0, 0, 64, 125, 216, 343,
    512, 729, 1000, 32, 44, 56, 68, 80, 92, 104, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30, 55, 91,
    140, 204, 285, 385, 21, 29, 37, 45, 53, 61, 69, 1, 0, 0, 0, 0, 16, 0, 0, 0 };
  return type >= 1 && type <= 140 ? n[type] : 0;
}

/// Corner nodes of the surface element types read (3: a triangle of any order, 4: a quad
/// of any order); 0 for the others. Gmsh lists an element's corner nodes first.
int CornersOf(std::int64_t type)
{
  static const int triangles[] = { 2, 9, 20, 21, 22, 23, 24, 25, 42, 43, 44, 45, 46, 52, 53, 54, 55,
    56 };
  static const int quads[] = { 3, 10, 16, 36, 37, 38, 39, 40, 41, 47, 48, 49, 50, 51, 57, 58, 59,
    60, 61 };
  if (std::find(std::begin(triangles), std::end(triangles), type) != std::end(triangles))
  {
    return 3;
  }
  return std::find(std::begin(quads), std::end(quads), type) != std::end(quads) ? 4 : 0;
}

bool IsBlank(char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

class Reader
{
public:
  Reader(std::string_view text, const std::string& file)
    : S(text, file)
    , Text(text)
    , Limit(static_cast<std::int64_t>(text.size() / 2) + 1)
  {}
  GmshMesh Run();

private:
  // ---- tokens: Gmsh reads its ASCII sections with fscanf, so values may be spread over
  // lines any way; a failure names the line of the token it is about.
  bool Fetch()
  {
    const std::size_t start = this->S.Offset();
    std::string_view line;
    if (!this->S.Next(line))
    {
      return false;
    }
    this->Cur = line;
    this->CurStart = start;
    return true;
  }
  /// The next token of the file, or empty at its end.
  std::string_view Raw()
  {
    for (;;)
    {
      std::size_t i = 0;
      while (i < this->Cur.size() && IsBlank(this->Cur[i]))
      {
        ++i;
      }
      if (i < this->Cur.size())
      {
        std::size_t j = i;
        while (j < this->Cur.size() && !IsBlank(this->Cur[j]))
        {
          ++j;
        }
        const std::string_view t = this->Cur.substr(i, j - i);
        this->Cur.remove_prefix(j);
        return t;
      }
      if (!this->Fetch())
      {
        return {};
      }
    }
  }
  /// True when the current line holds no more tokens.
  bool LineDone() const { return std::all_of(this->Cur.begin(), this->Cur.end(), IsBlank); }
  /// The next token inside a section: fails at the end of the file or at a `$` line.
  std::string_view Token(const char* what)
  {
    const std::string_view t = this->Raw();
    if (t.empty())
    {
      this->S.Fail(std::string("truncated file: end of file inside ") + what);
    }
    if (t[0] == '$')
    {
      this->DollarLine = true;
      this->S.Fail("section ends early: " + std::string(t) + " inside " + what);
    }
    return t;
  }
  std::int64_t Int(const char* section, const char* what)
  {
    return NeedInt(this->S, this->Token(section), what);
  }
  std::int64_t Count(const char* section, const char* what, std::int64_t limit)
  {
    return NeedCount(this->S, this->Token(section), what, limit);
  }
  double Finite(const char* section, const char* what)
  {
    return NeedFinite(this->S, this->Token(section), what);
  }
  /// The next whole non-blank line (a view's name), trimmed.
  std::string_view WholeLine(const char* what)
  {
    std::string_view line = this->LineDone() ? std::string_view() : Trim(this->Cur);
    this->Cur = {};
    while (line.empty())
    {
      if (!this->Fetch())
      {
        this->S.Fail(std::string("truncated file: end of file inside ") + what);
      }
      line = Trim(this->Cur);
      this->Cur = {};
    }
    if (line[0] == '$')
    {
      this->DollarLine = true;
      this->S.Fail("section ends early: " + std::string(line) + " inside " + what);
    }
    return line;
  }
  /// The section's end line `end` must come next.
  void End(const std::string& end)
  {
    const std::string_view t = this->Raw();
    if (t.empty())
    {
      this->S.Fail("truncated file: no " + end);
    }
    if (t[0] == '$' && t != end)
    {
      this->DollarLine = true;
      this->S.Fail("expected " + end + ", found " + std::string(t));
    }
    if (t != end)
    {
      this->S.Fail("expected " + end + ", found more rows than the count announced");
    }
    this->Cur = {};
  }
  /// Skips a section to its end line, `$End<name>` (or `$END<NAME>` in MSH 1).
  void Skip(std::string_view name)
  {
    const std::string end = "$End" + std::string(name.substr(1)), upper = Upper(end);
    this->Cur = {};
    while (this->Fetch())
    {
      const std::string_view t = Trim(this->Cur);
      if (t == end || (this->M.Version == 1 && Upper(t) == upper))
      {
        this->Cur = {};
        return;
      }
    }
    this->S.Fail("truncated file: no " + end);
  }
  // ---- binary sections: a byte cursor from the line after the current one, then back to lines.
  void BinBegin()
  {
    this->Cur = {};
    this->Pos = this->S.Offset();
  }
  void BinEnd()
  {
    this->S.Seek(this->Pos, this->S.LineNumber());
    this->Cur = {};
  }
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
    const std::uint64_t v =
      this->SizeT == 4 ? this->Get<std::uint32_t>(what) : this->Get<std::uint64_t>(what);
    if (v > static_cast<std::uint64_t>(limit))
    {
      this->S.Fail(std::string("binary ") + what + " of " + std::to_string(v) +
        " is above the limit of " + std::to_string(limit) + " (byte " + std::to_string(this->Pos) +
        ")");
    }
    return static_cast<std::int64_t>(v);
  }
  /// A 4-byte int count, refused when negative or above `limit`.
  std::int64_t GetIntCount(const char* what, std::int64_t limit)
  {
    const std::int64_t v = this->GetInt(what);
    if (v < 0 || v > limit)
    {
      this->S.Fail(std::string("binary ") + what + " of " + std::to_string(v) +
        " is out of range (byte " + std::to_string(this->Pos - 4) + ")");
    }
    return v;
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
  void Node(std::int64_t tag, double x, double y, double z)
  {
    if (!this->NodeIndex.emplace(tag, this->M.NodeTags.size()).second)
    {
      this->S.Fail("node tag " + std::to_string(tag) + " appears twice");
    }
    this->M.NodeTags.push_back(tag);
    this->M.Points.insert(this->M.Points.end(), { x, y, z });
  }
  /// The node count of an element of `type`, refusing types Gmsh does not have.
  int KnownType(std::int64_t tag, std::int64_t type)
  {
    if (type < 1 || type > 140)
    {
      // Gmsh numbers its element types 1..140 (MSH_MAX_NUM); anything else is
      // not a Gmsh element, and its node count cannot be known.
      this->S.Fail("element " + std::to_string(tag) + " has the unknown element type " +
        std::to_string(type) + " (Gmsh types are 1..140; 2 is a triangle, 3 a quad)");
    }
    return NodesOf(type);
  }
  /// An ASCII element's node tags into Nodes: `nodes` tokens, or the rest of the line for
  /// a type without a fixed node count (polygons). A line holding more tokens than the
  /// type has nodes is refused (a wrong type or node list, not a second element).
  void AsciiNodes(
    const char* section, std::int64_t tag, std::int64_t type, int nodes, std::int64_t line)
  {
    this->Nodes.clear();
    if (nodes == 0)
    {
      while (!this->LineDone())
      {
        this->Nodes.push_back(NeedInt(this->S, this->Raw(), "a node tag"));
      }
      return;
    }
    int onFirst = 0;
    for (int k = 0; k < nodes; ++k)
    {
      this->Nodes.push_back(this->Int(section, "a node tag"));
      onFirst += this->S.LineNumber() == line ? 1 : 0;
    }
    if (this->S.LineNumber() != line && !this->LineDone())
    {
      // The node list ran into the next line and stopped inside it: that line is the next
      // element's, and this one is short.
      throw ParseError(this->S.FileName(), line,
        "element " + std::to_string(tag) + " of type " + std::to_string(type) + " has " +
          std::to_string(onFirst) + " nodes, expected " + std::to_string(nodes));
    }
    if (this->S.LineNumber() == line && !this->LineDone())
    {
      std::vector<std::string_view> rest;
      Tokenize(this->Cur, rest);
      this->S.Fail("element " + std::to_string(tag) + " of type " + std::to_string(type) + " has " +
        std::to_string(nodes + static_cast<int>(rest.size())) + " nodes, expected " +
        std::to_string(nodes));
    }
  }
  /// An element whose node tags are in Nodes.
  void AddElement(std::int64_t tag, std::int64_t type)
  {
    const int corners = CornersOf(type);
    if (corners == 0)
    {
      ++this->M.SkippedTypes[static_cast<int>(type)];
      this->SkippedTags.emplace(tag, 0);
      return;
    }
    const int want = NodesOf(type);
    if (static_cast<int>(this->Nodes.size()) != want)
    {
      this->S.Fail("element " + std::to_string(tag) + " of type " + std::to_string(type) + " has " +
        std::to_string(this->Nodes.size()) + " nodes, expected " + std::to_string(want));
    }
    for (int k = 0; k < want; ++k)
    {
      const std::int64_t n = this->Nodes[static_cast<std::size_t>(k)];
      auto it = this->NodeIndex.find(n);
      if (it == this->NodeIndex.end())
      {
        this->S.Fail("element " + std::to_string(tag) + " uses node " + std::to_string(n) +
          ", which $Nodes does not define");
      }
      if (k < corners)
      {
        this->M.Connectivity.push_back(static_cast<std::int64_t>(it->second));
      }
    }
    if (!this->ElementIndex.emplace(tag, this->M.ElementTags.size()).second)
    {
      this->S.Fail("element tag " + std::to_string(tag) + " appears twice");
    }
    if (want != corners)
    {
      ++this->M.LinearizedTypes[static_cast<int>(type)];
    }
    this->M.ElementTags.push_back(tag);
    this->ElementNodes.push_back(want);
    this->M.Offsets.push_back(static_cast<std::int64_t>(this->M.Connectivity.size()));
  }
  void Nodes1(); // MSH 1, 2.x and 3 ASCII (flat lists)
  void Nodes40();
  void Nodes41();
  void Elements1();
  void Elements40or41();
  void NodesBinary23();
  void Nodes41Binary();
  void ElementsBinary2();
  void ElementsBinary3();
  void Elements41Binary();
  void Data(int kind);
  void DataOrWarn(int kind);
  // ---- Run's parts: the format line, one section, the end of the file.
  void MeshFormat();
  void BinaryFormat(std::int64_t dataSize);
  bool Section(std::string_view t);
  void ReadNodes();
  void ReadElements();
  void Repeated(bool nodes, std::string_view t);
  void SwapMesh(bool nodes, GmshMesh& m, std::unordered_map<std::int64_t, std::size_t>& index,
    std::unordered_map<std::int64_t, std::size_t>& skipped, std::vector<int>& elementNodes);
  std::string SameNodes(const GmshMesh& r) const;
  std::string SameElements(
    const GmshMesh& r, const std::unordered_map<std::int64_t, std::size_t>& skipped) const;
  bool SkipSection(std::string_view t);
  void CheckFinished(bool format) const;
  void WarnLinearized();
  static int SplitPart(const std::string& n, std::string& base);
  void JoinViews();
  bool JoinHalf(std::size_t i, int part, const std::string& base, std::vector<bool>& used);

  LineScanner S;
  std::string_view Text;
  std::int64_t Limit;
  std::string_view Cur; ///< the rest of the current line
  std::size_t CurStart = 0; ///< byte offset of the current line
  bool DollarLine = false; ///< the last failure met a `$` line
  bool Binary = false, Swap = false;
  int SizeT = 8;
  std::size_t Pos = 0;
  std::vector<std::int64_t> Nodes;
  GmshMesh M;
  std::unordered_map<std::int64_t, std::size_t> NodeIndex, ElementIndex, SkippedTags;
  std::vector<int> ElementNodes; ///< nodes of each kept element (as its type has them)
  std::vector<GmshView> RawViews;
  std::int64_t SkippedData = 0; ///< data rows for skipped element types
};

void Reader::Nodes1()
{
  const char* sec = this->M.Version == 1 ? "$NOD" : "$Nodes";
  const std::int64_t n = this->Count(sec, "the node count", this->Limit);
  this->M.Points.reserve(3 * static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
  {
    const std::int64_t tag = this->Int(sec, "a node tag");
    const double x = this->Finite(sec, "x"), y = this->Finite(sec, "y"), z = this->Finite(sec, "z");
    if (this->M.Version >= 3)
    {
      // MSH 3: the entity tag, then (when not 0) its dimension and that many parametric
      // coordinates.
      if (this->Int(sec, "the node's entity tag") != 0)
      {
        const std::int64_t dim = this->Int(sec, "the entity dimension");
        if (dim < 0 || dim > 3)
        {
          this->S.Fail("node " + std::to_string(tag) + ": entity dimension " + std::to_string(dim));
        }
        for (std::int64_t k = 0; k < dim; ++k)
        {
          this->Finite(sec, "a parametric coordinate");
        }
      }
    }
    this->Node(tag, x, y, z);
  }
  this->End(this->M.Version == 1 ? "$ENDNOD" : "$EndNodes");
}

void Reader::Nodes40()
{
  const std::int64_t blocks = this->Count("$Nodes", "the entity block count", this->Limit);
  const std::int64_t total = this->Count("$Nodes", "the node count", this->Limit);
  std::int64_t seen = 0;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    this->Int("$Nodes", "the entity tag");
    const std::int64_t dim = this->Int("$Nodes", "the entity dimension");
    const bool parametric = this->Int("$Nodes", "the parametric flag") != 0;
    const std::int64_t n = this->Count("$Nodes", "the nodes in the block", total - seen);
    if (dim < 0 || dim > 3)
    {
      this->S.Fail("node block of entity dimension " + std::to_string(dim));
    }
    for (std::int64_t i = 0; i < n; ++i)
    {
      const std::int64_t tag = this->Int("$Nodes", "a node tag");
      const double x = this->Finite("$Nodes", "x"), y = this->Finite("$Nodes", "y"),
                   z = this->Finite("$Nodes", "z");
      for (std::int64_t k = 0; parametric && k < dim; ++k)
      {
        this->Finite("$Nodes", "a parametric coordinate");
      }
      this->Node(tag, x, y, z);
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the node blocks hold " + std::to_string(seen) + " nodes, the header says " +
      std::to_string(total));
  }
  this->End("$EndNodes");
}

void Reader::Nodes41()
{
  const std::int64_t blocks = this->Count("$Nodes", "the entity block count", this->Limit);
  const std::int64_t total = this->Count("$Nodes", "the node count", this->Limit);
  this->Int("$Nodes", "the minimum node tag");
  this->Int("$Nodes", "the maximum node tag");
  std::int64_t seen = 0;
  std::vector<std::int64_t> tags;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    const std::int64_t dim = this->Int("$Nodes", "the entity dimension");
    this->Int("$Nodes", "the entity tag");
    const bool parametric = this->Int("$Nodes", "the parametric flag") != 0;
    const std::int64_t n = this->Count("$Nodes", "the nodes in the block", total - seen);
    if (dim < 0 || dim > 3)
    {
      this->S.Fail("node block of entity dimension " + std::to_string(dim));
    }
    tags.clear();
    for (std::int64_t i = 0; i < n; ++i)
    {
      tags.push_back(this->Int("$Nodes", "a node tag"));
    }
    for (std::int64_t i = 0; i < n; ++i)
    {
      const double x = this->Finite("$Nodes", "x"), y = this->Finite("$Nodes", "y"),
                   z = this->Finite("$Nodes", "z");
      for (std::int64_t k = 0; parametric && k < dim; ++k)
      {
        this->Finite("$Nodes", "a parametric coordinate");
      }
      this->Node(tags[static_cast<std::size_t>(i)], x, y, z);
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the node blocks hold " + std::to_string(seen) + " nodes, the header says " +
      std::to_string(total));
  }
  this->End("$EndNodes");
}

void Reader::Elements1()
{
  // MSH 1:   tag type physical elementary nodes node...
  // MSH 2.x: tag type ntags tag... node...
  // MSH 3:   tag type entity ndata node... (then partition data)
  const double v = this->M.Version;
  const char* sec = v == 1 ? "$ELM" : "$Elements";
  const std::int64_t n = this->Count(sec, "the element count", this->Limit);
  for (std::int64_t i = 0; i < n; ++i)
  {
    const std::int64_t tag = this->Int(sec, "an element tag");
    const std::int64_t line = this->S.LineNumber();
    const std::int64_t type = this->Int(sec, "an element type");
    int nodes = this->KnownType(tag, type);
    if (v == 1)
    {
      this->Int(sec, "the physical tag");
      this->Int(sec, "the elementary tag");
      const std::int64_t k = this->Count(sec, "the number of nodes", 1000);
      if (nodes != 0 && k != nodes)
      {
        this->S.Fail("element " + std::to_string(tag) + " of type " + std::to_string(type) +
          " has " + std::to_string(k) + " nodes, expected " + std::to_string(nodes));
      }
      nodes = static_cast<int>(k);
      this->AsciiNodes(sec, tag, type, nodes, line);
    }
    else if (v < 3)
    {
      const std::int64_t ntags = this->Count(sec, "the number of element tags", 64);
      for (std::int64_t t = 0; t < ntags; ++t)
      {
        this->Int(sec, "an element tag");
      }
      if (nodes != 0 && this->S.LineNumber() == line && this->LineDone())
      {
        this->S.Fail("element " + std::to_string(tag) + " has no nodes after its " +
          std::to_string(ntags) + " tags");
      }
      this->AsciiNodes(sec, tag, type, nodes, line);
    }
    else
    {
      this->Int(sec, "the entity tag");
      const std::int64_t ndata = this->Count(sec, "the number of element data", 100000);
      this->Nodes.clear();
      std::int64_t k = 0;
      if (nodes == 0 && ndata > 0)
      {
        nodes = static_cast<int>(
          std::min<std::int64_t>(this->Count(sec, "the number of nodes", ndata - 1), ndata - 1));
        ++k;
      }
      if (ndata < k + nodes)
      {
        this->S.Fail("element " + std::to_string(tag) + " of type " + std::to_string(type) +
          " has " + std::to_string(ndata - k) + " nodes, expected " + std::to_string(nodes));
      }
      for (; k < ndata; ++k)
      {
        const std::int64_t x = this->Int(sec, "an element datum");
        if (static_cast<std::int64_t>(this->Nodes.size()) < nodes)
        {
          this->Nodes.push_back(x);
        }
      }
    }
    this->AddElement(tag, type);
  }
  this->End(v == 1 ? "$ENDELM" : "$EndElements");
}

void Reader::Elements40or41()
{
  const bool v41 = this->M.Version >= 4.1;
  const std::int64_t blocks = this->Count("$Elements", "the entity block count", this->Limit);
  const std::int64_t total = this->Count("$Elements", "the element count", this->Limit);
  if (v41)
  {
    this->Int("$Elements", "the minimum element tag");
    this->Int("$Elements", "the maximum element tag");
  }
  std::int64_t seen = 0;
  for (std::int64_t b = 0; b < blocks; ++b)
  {
    // 4.1: entityDim entityTag type count; 4.0: entityTag entityDim type count.
    this->Int("$Elements", "the entity dimension or tag");
    this->Int("$Elements", "the entity tag or dimension");
    const std::int64_t type = this->Int("$Elements", "an element type");
    const std::int64_t n = this->Count("$Elements", "the elements in the block", total - seen);
    for (std::int64_t i = 0; i < n; ++i)
    {
      const std::int64_t tag = this->Int("$Elements", "an element tag");
      const int nodes = this->KnownType(tag, type);
      this->AsciiNodes("$Elements", tag, type, nodes, this->S.LineNumber());
      this->AddElement(tag, type);
    }
    seen += n;
  }
  if (seen != total)
  {
    this->S.Fail("the element blocks hold " + std::to_string(seen) + " elements, the header says " +
      std::to_string(total));
  }
  this->End("$EndElements");
}

void Reader::NodesBinary23()
{
  const std::int64_t n = this->Count("$Nodes", "the node count", this->Limit);
  this->BinBegin();
  this->M.Points.reserve(3 * static_cast<std::size_t>(std::min<std::int64_t>(n, this->Limit / 16)));
  for (std::int64_t i = 0; i < n; ++i)
  {
    const std::int64_t tag = this->GetInt("node tag");
    const double x = this->GetFinite("x"), y = this->GetFinite("y"), z = this->GetFinite("z");
    if (this->M.Version >= 3 && this->GetInt("entity tag") != 0)
    {
      const std::int64_t dim = this->GetIntCount("entity dimension", 3);
      for (std::int64_t k = 0; k < dim; ++k)
      {
        this->Get<double>("parametric coordinate");
      }
    }
    this->Node(tag, x, y, z);
  }
  this->BinEnd();
  this->End("$EndNodes");
}

void Reader::ElementsBinary2()
{
  const std::int64_t n = this->Count("$Elements", "the element count", this->Limit);
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
  this->End("$EndElements");
}

void Reader::ElementsBinary3()
{
  const std::int64_t n = this->Count("$Elements", "the element count", this->Limit);
  this->BinBegin();
  // Per element: tag, type, entity, number of data, then the data (nodes first).
  for (std::int64_t e = 0; e < n; ++e)
  {
    const std::int64_t tag = this->GetInt("element tag");
    const std::int64_t type = this->GetInt("element type");
    this->GetInt("entity tag");
    const std::int64_t ndata = this->GetIntCount("number of element data", 100000);
    int nodes = NodesOf(type);
    if (nodes == 0 || ndata < nodes)
    {
      this->S.Fail("binary $Elements: element " + std::to_string(tag) + " of type " +
        std::to_string(type) + " with " + std::to_string(ndata) +
        " data has no known node count (byte " + std::to_string(this->Pos) + ")");
    }
    this->Nodes.clear();
    for (std::int64_t k = 0; k < ndata; ++k)
    {
      const std::int64_t x = this->GetInt("element datum");
      if (k < nodes)
      {
        this->Nodes.push_back(x);
      }
    }
    this->AddElement(tag, type);
  }
  this->BinEnd();
  this->End("$EndElements");
}

void Reader::Nodes41Binary()
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
    this->S.Fail("the binary node blocks hold " + std::to_string(seen) +
      " nodes, the header says " + std::to_string(total));
  }
  this->BinEnd();
  this->End("$EndNodes");
}

void Reader::Elements41Binary()
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
    this->S.Fail("the binary element blocks hold " + std::to_string(seen) +
      " elements, the header says " + std::to_string(total));
  }
  this->BinEnd();
  this->End("$EndElements");
}

/// kind 0: $NodeData, 1: $ElementData, 2: $ElementNodeData.
void Reader::Data(int kind)
{
  static const char* const names[] = { "NodeData", "ElementData", "ElementNodeData" };
  const char* section = names[kind];
  const bool onElements = kind != 0;
  if (this->M.NodeTags.empty() ||
    (onElements && this->ElementNodes.empty() && this->SkippedTags.empty()))
  {
    this->S.Fail(std::string("$") + section + " before " + (onElements ? "$Elements" : "$Nodes"));
  }
  GmshView v;
  v.OnElements = onElements;
  v.PerElementNode = kind == 2;
  std::int64_t tags[3] = { 0, 0, 0 };
  std::int64_t componentsLine = 0;
  for (int group = 0; group < 3; ++group)
  {
    const std::int64_t k = this->Count(section, "a tag count", 64);
    for (std::int64_t i = 0; i < k; ++i)
    {
      if (group == 0)
      {
        const std::string_view t = this->WholeLine(section);
        if (i == 0)
        {
          v.Name = std::string(
            t.size() >= 2 && t.front() == '"' && t.back() == '"' ? t.substr(1, t.size() - 2) : t);
          std::replace(v.Name.begin(), v.Name.end(), '\t', ' '); // a tab in a name shows as a blank
        }
      }
      else if (group == 1)
      {
        const double x = this->Finite(section, "the time (real tag)");
        v.Time = i == 0 ? x : v.Time;
      }
      else
      {
        const std::int64_t x = this->Int(section, "an integer tag");
        componentsLine = i == 1 ? this->S.LineNumber() : componentsLine;
        if (i < 3)
        {
          tags[i] = x;
        }
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
    throw ParseError(this->S.FileName(), componentsLine,
      "a view has " + std::to_string(tags[1]) + " components, expected 1, 3 or 9");
  }
  const std::int64_t count = tags[2];
  if (count < 0 || count > this->Limit)
  {
    this->S.Fail(
      "the view's count of " + std::to_string(count) + " is larger than the file could hold");
  }
  const std::size_t size = onElements ? this->M.ElementTags.size() : this->M.NodeTags.size();
  const std::size_t nc = static_cast<std::size_t>(v.Components);
  v.Values.assign(size * nc, NaN);
  const auto& index = onElements ? this->ElementIndex : this->NodeIndex;
  v.Step = static_cast<int>(tags[0]);
  if (this->Binary)
  {
    this->BinBegin();
  }
  std::vector<double> values;
  for (std::int64_t i = 0; i < count; ++i)
  {
    std::int64_t tag, per = 1;
    // A 4-byte int tag (and, per element node, a 4-byte int node count), then the values as
    // doubles in binary; the same as tokens in ASCII.
    tag = this->Binary ? this->GetInt("data tag")
                       : this->Int(section, onElements ? "an element tag" : "a node tag");
    if (kind == 2)
    {
      per = this->Binary ? this->GetIntCount("number of nodes per element", 1000)
                         : this->Count(section, "the number of nodes per element", 1000);
    }
    values.resize(static_cast<std::size_t>(per) * nc);
    for (auto& x : values)
    {
      x = this->Binary ? this->GetFinite("data value") : this->Finite(section, "a value");
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
        std::to_string(tag) + ", which " + (onElements ? "$Elements" : "$Nodes") +
        " does not define");
    }
    double* out = &v.Values[it->second * nc];
    if (kind == 2)
    {
      // The element's value is the mean of its corner values: the mean over the element of
      // the linear field through them (the element is read as its corner element).
      const std::size_t e = it->second;
      const std::int64_t corners = this->M.Offsets[e + 1] - this->M.Offsets[e];
      if (per != this->ElementNodes[e])
      {
        this->S.Fail("element " + std::to_string(tag) + " has " +
          std::to_string(this->ElementNodes[e]) + " nodes, its $ElementNodeData row gives " +
          std::to_string(per));
      }
      for (std::size_t c = 0; c < nc; ++c)
      {
        double s = 0;
        for (std::int64_t k = 0; k < corners; ++k)
        {
          s += values[static_cast<std::size_t>(k) * nc + c];
        }
        out[c] = s / static_cast<double>(corners);
      }
    }
    else
    {
      std::copy(values.begin(), values.end(), out);
    }
    ++v.Covered;
  }
  if (this->Binary)
  {
    this->BinEnd();
  }
  this->End(std::string("$End") + section);
  this->RawViews.push_back(std::move(v));
}

/// A data section that fails is one warning: the view is dropped, the rest of the file read.
void Reader::DataOrWarn(int kind)
{
  static const char* const names[] = { "NodeData", "ElementData", "ElementNodeData" };
  const std::string end = std::string("$End") + names[kind];
  const std::size_t start = this->S.Offset();
  const std::int64_t startLine = this->S.LineNumber();
  this->DollarLine = false;
  try
  {
    this->Data(kind);
    return;
  }
  catch (const ParseError& e)
  {
    this->M.Warnings.push_back(std::string(e.what()) + "; the view is not read");
  }
  if (this->DollarLine)
  {
    // The failure met a section line: its own end (read on), or another section (read it).
    std::string_view line = this->Text.substr(this->CurStart, this->S.Offset() - this->CurStart);
    line = Trim(line.substr(0, line.find('\n')));
    if (!line.empty() && line[0] == '$' && line != end)
    {
      this->S.Seek(this->CurStart, this->S.LineNumber() - 1);
    }
    this->Cur = {};
    return;
  }
  // Resume after the section's end line (searched from the section's start: binary rows
  // cannot be walked once they failed); without one, the file ends here.
  std::size_t k = start;
  std::int64_t line = startLine;
  for (;;)
  {
    const std::size_t nl = this->Text.find('\n', k);
    const std::size_t stop = nl == std::string_view::npos ? this->Text.size() : nl;
    ++line;
    if (Trim(this->Text.substr(k, stop - k)) == end)
    {
      this->S.Seek(nl == std::string_view::npos ? this->Text.size() : nl + 1, line);
      break;
    }
    if (nl == std::string_view::npos)
    {
      this->S.Seek(this->Text.size(), line);
      break;
    }
    k = nl + 1;
  }
  this->Cur = {};
}

/// The file section by section: $MeshFormat first (MSH 1 has none), then each section's
/// member; then the checks, the higher-order warning, the joined views and their times.
GmshMesh Reader::Run()
{
  bool format = false;
  for (;;)
  {
    const std::string_view t = this->Raw();
    if (t.empty())
    {
      break;
    }
    if (t[0] != '$')
    {
      this->S.Fail(format ? "unexpected text outside a section: expected a $Section line"
                          : "not a Gmsh MSH file: expected $MeshFormat first");
    }
    this->Cur = {}; // the rest of a section line is not read
    if (!format && (t == "$NOD" || t == "$NOE"))
    {
      this->M.Version = 1; // MSH 1 has no $MeshFormat
      format = true;
    }
    if (t == "$MeshFormat")
    {
      this->MeshFormat();
      format = true;
      continue;
    }
    if (!format)
    {
      this->S.Fail("not a Gmsh MSH file: expected $MeshFormat first");
    }
    if (!this->Section(t))
    {
      break;
    }
  }
  this->CheckFinished(format);
  this->WarnLinearized();
  this->JoinViews();
  for (const GmshView& v : this->M.Views)
  {
    this->M.Times.push_back(v.Time);
  }
  std::sort(this->M.Times.begin(), this->M.Times.end());
  this->M.Times.erase(std::unique(this->M.Times.begin(), this->M.Times.end()), this->M.Times.end());
  return std::move(this->M);
}

/// $MeshFormat: the version, ASCII or binary, and for binary the size_t size and byte order.
void Reader::MeshFormat()
{
  const std::string_view version = this->Token("$MeshFormat");
  this->M.Version = NeedFinite(this->S, version, "the MSH version");
  const std::int64_t type = this->Int("$MeshFormat", "the file type");
  const std::int64_t dataSize = this->Int("$MeshFormat", "the data size");
  if (type != 0 && type != 1)
  {
    this->S.Fail(
      "file type " + std::to_string(type) + " in $MeshFormat: expected 0 (ASCII) or 1 (binary)");
  }
  const double v = this->M.Version;
  if (!(v >= 2.0 && v < 5.0))
  {
    this->S.Fail("MSH version " + std::string(version) +
      " is not read: Gmsh writes 1 (without $MeshFormat), 2.x, 3, 4.0 and 4.1");
  }
  this->Binary = type == 1;
  if (this->Binary && v >= 4.0 && v < 4.1)
  {
    this->S.Fail("MSH 4.0 binary is not read (Gmsh 4.1 and later write 4.0 in ASCII only and read "
                 "it no more): save it again as 4.1 with gmsh -format msh41");
  }
  if (this->Binary)
  {
    this->BinaryFormat(dataSize);
  }
  this->End("$EndMeshFormat");
}

void Reader::BinaryFormat(std::int64_t dataSize)
{
  if (dataSize != 4 && dataSize != 8)
  {
    this->S.Fail(
      "binary data size " + std::to_string(dataSize) + ": expected 4 or 8 (sizeof(size_t))");
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
      this->S.Fail(
        "binary $MeshFormat: the endianness check is " + std::to_string(one) + ", not 1");
    }
  }
  this->BinEnd();
}

/// One section after $MeshFormat, by name and version; false when the file ends in it.
bool Reader::Section(std::string_view t)
{
  const double v = this->M.Version;
  if (t == "$Nodes" || (v == 1 && t == "$NOD"))
  {
    this->M.NodeTags.empty() ? this->ReadNodes() : this->Repeated(true, t);
  }
  else if (t == "$Elements" || (v == 1 && t == "$ELM"))
  {
    this->M.ElementTags.empty() && this->SkippedTags.empty() ? this->ReadElements()
                                                             : this->Repeated(false, t);
  }
  else if (t == "$NodeData")
  {
    this->DataOrWarn(0);
  }
  else if (t == "$ElementData")
  {
    this->DataOrWarn(1);
  }
  else if (t == "$ElementNodeData")
  {
    this->DataOrWarn(2);
  }
  else
  {
    return this->SkipSection(t);
  }
  return true;
}

void Reader::ReadNodes()
{
  const double v = this->M.Version;
  if (this->Binary)
  {
    v < 4 ? this->NodesBinary23() : this->Nodes41Binary();
  }
  else
  {
    v < 4 ? this->Nodes1() : v < 4.1 ? this->Nodes40() : this->Nodes41();
  }
}

void Reader::ReadElements()
{
  const double v = this->M.Version;
  if (this->Binary)
  {
    v < 3 ? this->ElementsBinary2() : v < 4 ? this->ElementsBinary3() : this->Elements41Binary();
  }
  else
  {
    v < 4 ? this->Elements1() : this->Elements40or41();
  }
}

/// A second $Nodes or $Elements section: gmsh.view.write (and File > Export of a view) write
/// the mesh before every view, so a view appended to a file repeats it. Gmsh reads such a
/// file as one mesh; so does this reader when the repeat is identical (the same tags, the
/// same coordinates, the same nodes per element). It is read into a scratch copy, compared
/// and dropped; a different mesh is refused, naming the section's line.
void Reader::Repeated(bool nodes, std::string_view t)
{
  const std::int64_t line = this->S.LineNumber();
  GmshMesh first;
  std::unordered_map<std::int64_t, std::size_t> index, skipped;
  std::vector<int> elementNodes;
  this->SwapMesh(nodes, first, index, skipped, elementNodes);
  try
  {
    nodes ? this->ReadNodes() : this->ReadElements();
  }
  catch (...)
  {
    this->SwapMesh(nodes, first, index, skipped, elementNodes);
    throw;
  }
  this->SwapMesh(nodes, first, index, skipped, elementNodes); // `first` is now the repeat
  const std::string problem = nodes ? this->SameNodes(first) : this->SameElements(first, skipped);
  if (!problem.empty())
  {
    throw ParseError(this->S.FileName(), line,
      "a second " + std::string(t) + " section differs from the first: " + problem +
        " (Gmsh's view files repeat the same mesh; a different one is not merged)");
  }
}

/// Exchanges the mesh part a repeated section fills with the scratch containers.
void Reader::SwapMesh(bool nodes, GmshMesh& m, std::unordered_map<std::int64_t, std::size_t>& index,
  std::unordered_map<std::int64_t, std::size_t>& skipped, std::vector<int>& elementNodes)
{
  if (nodes)
  {
    std::swap(this->M.NodeTags, m.NodeTags);
    std::swap(this->M.Points, m.Points);
    std::swap(this->NodeIndex, index);
    return;
  }
  std::swap(this->M.Offsets, m.Offsets);
  std::swap(this->M.Connectivity, m.Connectivity);
  std::swap(this->M.ElementTags, m.ElementTags);
  std::swap(this->M.SkippedTypes, m.SkippedTypes);
  std::swap(this->M.LinearizedTypes, m.LinearizedTypes);
  std::swap(this->ElementIndex, index);
  std::swap(this->SkippedTags, skipped);
  std::swap(this->ElementNodes, elementNodes);
}

/// Empty when the repeated nodes `r` are the first section's, else what differs.
std::string Reader::SameNodes(const GmshMesh& r) const
{
  if (r.NodeTags.size() != this->M.NodeTags.size())
  {
    return std::to_string(r.NodeTags.size()) + " nodes instead of " +
      std::to_string(this->M.NodeTags.size());
  }
  for (std::size_t i = 0; i < r.NodeTags.size(); ++i)
  {
    const auto it = this->NodeIndex.find(r.NodeTags[i]);
    if (it == this->NodeIndex.end() ||
      !std::equal(r.Points.begin() + 3 * i, r.Points.begin() + 3 * i + 3,
        this->M.Points.begin() + 3 * it->second))
    {
      return "node " + std::to_string(r.NodeTags[i]) +
        (it == this->NodeIndex.end() ? " is new" : " has other coordinates");
    }
  }
  return {};
}

/// Empty when the repeated elements `r` are the first section's, else what differs.
std::string Reader::SameElements(
  const GmshMesh& r, const std::unordered_map<std::int64_t, std::size_t>& skipped) const
{
  if (r.ElementTags.size() != this->M.ElementTags.size() || skipped != this->SkippedTags ||
    r.SkippedTypes != this->M.SkippedTypes)
  {
    return std::to_string(r.ElementTags.size() + skipped.size()) + " elements instead of " +
      std::to_string(this->M.ElementTags.size() + this->SkippedTags.size());
  }
  for (std::size_t i = 0; i < r.ElementTags.size(); ++i)
  {
    const auto it = this->ElementIndex.find(r.ElementTags[i]);
    const auto a = r.Connectivity.begin() + r.Offsets[i];
    const auto n = r.Offsets[i + 1] - r.Offsets[i];
    if (it == this->ElementIndex.end() ||
      this->M.Offsets[it->second + 1] - this->M.Offsets[it->second] != n ||
      !std::equal(a, a + n, this->M.Connectivity.begin() + this->M.Offsets[it->second]))
    {
      return "element " + std::to_string(r.ElementTags[i]) +
        (it == this->ElementIndex.end() ? " is new" : " has other nodes");
    }
  }
  return {};
}

// Sections of the mesh that carry nothing for a surface current map are skipped
// quietly; any other is skipped with a warning. False when it has no end.
bool Reader::SkipSection(std::string_view t)
{
  static const char* const quiet[] = { "$PhysicalNames", "$Entities", "$PartitionedEntities",
    "$Periodic", "$GhostElements", "$Parametrizations", "$InterpolationScheme", "$Comments" };
  const bool known = std::find(std::begin(quiet), std::end(quiet), t) != std::end(quiet);
  const std::int64_t line = this->S.LineNumber();
  try
  {
    this->Skip(t);
  }
  catch (const ParseError&)
  {
    // An optional section without its end: one warning, the part read so far is kept.
    this->M.Warnings.push_back(ParseError::Format(this->S.FileName(), line,
      "the section " + std::string(t) + " has no $End" + std::string(t.substr(1)) +
        ": skipped to the end of the file"));
    return false;
  }
  if (!known)
  {
    this->M.Warnings.push_back(ParseError::Format(this->S.FileName(), line,
      "skipped the section " + std::string(t) + ", which this reader does not know"));
  }
  return true;
}

void Reader::CheckFinished(bool format) const
{
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
}

void Reader::WarnLinearized()
{
  if (!this->M.LinearizedTypes.empty())
  {
    std::int64_t total = 0;
    std::string types;
    for (const auto& t : this->M.LinearizedTypes)
    {
      total += t.second;
      types += (types.empty() ? "" : ", ") + std::to_string(t.second) + " of type " +
        std::to_string(t.first) + " (" + std::to_string(NodesOf(t.first)) + "-node " +
        (CornersOf(t.first) == 3 ? "triangle" : "quad") + ")";
    }
    this->M.Warnings.push_back(ParseError::Format(this->S.FileName(), 0,
      "read " + std::to_string(total) +
        " higher-order element(s) as their linear corner triangles and quads: " + types +
        "; mid-side and interior nodes are dropped and curved edges become straight"));
  }
}

/// "<name> (real)" or "(imag)": 1 or 2, the name before it in `base`; else 0 and the name.
int Reader::SplitPart(const std::string& n, std::string& base)
{
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
}

// Join "<name> (real)" and "<name> (imag)" into one complex view; keep first names only.
void Reader::JoinViews()
{
  std::vector<bool> used(this->RawViews.size(), false);
  for (std::size_t i = 0; i < this->RawViews.size(); ++i)
  {
    if (used[i])
    {
      continue;
    }
    used[i] = true;
    GmshView& a = this->RawViews[i];
    std::string base;
    const int part = SplitPart(a.Name, base);
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
    if (part == 0 || !this->JoinHalf(i, part, base, used))
    {
      this->M.Views.push_back(std::move(a)); // a plain view, or a lone half under its own name
    }
  }
}

/// The other half of RawViews[i] (same base, place, components and time), if any: the
/// real part, the imaginary part and the magnitude go to the views.
bool Reader::JoinHalf(std::size_t i, int part, const std::string& base, std::vector<bool>& used)
{
  GmshView& a = this->RawViews[i];
  for (std::size_t j = i + 1; j < this->RawViews.size(); ++j)
  {
    std::string other;
    const int p2 = SplitPart(this->RawViews[j].Name, other);
    if (!used[j] && p2 == 3 - part && other == base &&
      this->RawViews[j].OnElements == a.OnElements &&
      this->RawViews[j].Components == a.Components && this->RawViews[j].Time == a.Time)
    {
      used[j] = true;
      GmshView& b = this->RawViews[j];
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
      return true;
    }
  }
  return false;
}
} // namespace

bool LooksLikeGmsh(std::string_view head)
{
  if (StartsWith(head, "\xEF\xBB\xBF"))
  {
    head.remove_prefix(3);
  }
  const std::string_view first = Trim(head.substr(0, head.find('\n')));
  return first == "$MeshFormat" || first == "$NOD" || first == "$NOE"; // MSH 2-4, MSH 1
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
