// SPDX-License-Identifier: BSD-3-Clause
// The Gmsh MSH parser's section loop, $MeshFormat, skipped sections, the end-of-file checks
// and the joined complex views; the sections' readers are in cmGmshSections.cpp and
// cmGmshData.cpp (cmGmshReader.h lists them).
#include "cmGmshReader.h"

namespace cm
{
namespace gmsh
{
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
} // namespace gmsh

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
  return gmsh::Reader(text, fileName).Run();
}

GmshMesh ReadGmshFile(const std::string& path)
{
  return ParseGmsh(ReadWholeFile(path), path);
}
} // namespace cm
