// SPDX-License-Identifier: BSD-3-Clause
// The Gmsh parser's $Nodes and $Elements sections: MSH 1, 2.x and 3 flat lists, 4.0 and
// 4.1 entity blocks, and binary 2.x, 3 and 4.1 (cmGmshReader.h lists the parts).
#include "cmGmshReader.h"

namespace cm
{
namespace gmsh
{
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
} // namespace gmsh
} // namespace cm
