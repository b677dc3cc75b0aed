// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmGmshReader.h
 * @brief Internal to the Gmsh MSH parser (cmGmsh*.cpp): the reader's state, its token and
 * binary helpers. Not part of the readers' API: include cmGmshFormat.h.
 *
 * One class reads the file; its members are defined by concern:
 *  - cmGmshFormat.cpp: the section loop (Run), $MeshFormat, skipped sections, the end-of-file
 *    checks and the joining of complex views;
 *  - cmGmshSections.cpp: $Nodes and $Elements of every version, ASCII and binary;
 *  - cmGmshData.cpp: $NodeData, $ElementData, $ElementNodeData, and a repeated mesh.
 */
#ifndef cmGmshReader_h
#define cmGmshReader_h

#include "cmGmshFormat.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace cm
{
namespace gmsh
{
inline const double NaN = std::numeric_limits<double>::quiet_NaN();

/// Nodes per element of Gmsh's element types 1..140 (0: none fixed or no such type), as
/// gmsh 4.8's own gmsh.model.mesh.getElementProperties(type) reports them.
inline int NodesOf(std::int64_t type)
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
inline int CornersOf(std::int64_t type)
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

inline bool IsBlank(char c)
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
} // namespace gmsh
} // namespace cm
#endif
