// SPDX-License-Identifier: BSD-3-Clause
// The Gmsh parser's data sections ($NodeData, $ElementData, $ElementNodeData) and a mesh
// repeated before each view (cmGmshReader.h lists the parts).
#include "cmGmshReader.h"

namespace cm
{
namespace gmsh
{
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
} // namespace gmsh
} // namespace cm
