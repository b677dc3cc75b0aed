// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapGmshReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmGmshFormat.h"
#include "cmSurfaceMeshToVTK.h"

#include "vtkCellData.h"
#include "vtkDataArraySelection.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkSmartPointer.h"

#include <algorithm>
#include <sstream>

vtkStandardNewMacro(vtkCloudMapGmshReader);

struct vtkCloudMapGmshReader::Internals
{
  cm::GmshMesh Mesh;
  cm::SurfaceMesh Surface; ///< the polygons, for pieces and ghosts
  vtkNew<vtkDataArraySelection> CellSelection, PointSelection;
};

vtkCloudMapGmshReader::vtkCloudMapGmshReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkPolyData" });
}

vtkCloudMapGmshReader::~vtkCloudMapGmshReader() = default;

int vtkCloudMapGmshReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeGmsh(head) ? 1 : 0;
}

vtkDataArraySelection* vtkCloudMapGmshReader::GetCellDataArraySelection()
{
  return this->Internal->CellSelection;
}
int vtkCloudMapGmshReader::GetNumberOfCellArrays()
{
  return this->Internal->CellSelection->GetNumberOfArrays();
}
const char* vtkCloudMapGmshReader::GetCellArrayName(int index)
{
  return this->Internal->CellSelection->GetArrayName(index);
}
int vtkCloudMapGmshReader::GetCellArrayStatus(const char* name)
{
  return this->Internal->CellSelection->ArrayIsEnabled(name);
}
void vtkCloudMapGmshReader::SetCellArrayStatus(const char* name, int status)
{
  status ? this->Internal->CellSelection->EnableArray(name)
         : this->Internal->CellSelection->DisableArray(name);
}
vtkDataArraySelection* vtkCloudMapGmshReader::GetPointDataArraySelection()
{
  return this->Internal->PointSelection;
}
int vtkCloudMapGmshReader::GetNumberOfPointArrays()
{
  return this->Internal->PointSelection->GetNumberOfArrays();
}
const char* vtkCloudMapGmshReader::GetPointArrayName(int index)
{
  return this->Internal->PointSelection->GetArrayName(index);
}
int vtkCloudMapGmshReader::GetPointArrayStatus(const char* name)
{
  return this->Internal->PointSelection->ArrayIsEnabled(name);
}
void vtkCloudMapGmshReader::SetPointArrayStatus(const char* name, int status)
{
  status ? this->Internal->PointSelection->EnableArray(name)
         : this->Internal->PointSelection->DisableArray(name);
}

vtkMTimeType vtkCloudMapGmshReader::GetMTime()
{
  // Toggling an array re-executes the reader.
  vtkMTimeType t = this->Superclass::GetMTime();
  t = std::max(t, this->Internal->CellSelection->GetMTime());
  return std::max(t, this->Internal->PointSelection->GetMTime());
}

std::vector<double> vtkCloudMapGmshReader::ParseFile()
{
  Internals& in = *this->Internal;
  in.Mesh = cm::GmshMesh();
  in.Surface = cm::SurfaceMesh();
  in.Mesh = cm::ReadGmshFile(this->FileName);
  in.Surface.Points = in.Mesh.Points;
  in.Surface.Offsets = in.Mesh.Offsets;
  in.Surface.Connectivity = in.Mesh.Connectivity;
  // Keep the user's choices for names that remain; new names start enabled.
  for (const auto& v : in.Mesh.Views)
  {
    vtkDataArraySelection* sel = v.OnElements ? in.CellSelection : in.PointSelection;
    if (!sel->ArrayExists(v.Name.c_str()))
    {
      sel->AddArray(v.Name.c_str());
    }
  }
  for (const std::string& w : in.Mesh.Warnings)
  {
    // Higher-order elements read as corner elements, a data section not read, an unknown
    // section skipped: one warning each, the mesh is output.
    vtkWarningMacro(<< w);
  }
  if (!in.Mesh.SkippedTypes.empty())
  {
    // Once per file: lines, points and volume elements have no surface current.
    std::ostringstream msg;
    msg << this->FileName << ": skipped";
    const char* sep = " ";
    for (const auto& t : in.Mesh.SkippedTypes)
    {
      msg << sep << t.second << " element(s) of type " << t.first;
      sep = ", ";
    }
    msg << " (only triangles and quads, of any order, are read)";
    vtkWarningMacro(<< msg.str());
  }
  return in.Mesh.Times; // the views' times, when several
}

int vtkCloudMapGmshReader::ReadMesh(
  int piece, int npieces, int nghosts, int step, vtkDataObject* output)
{
  this->RequireParsed("mesh", false);
  const Internals& in = *this->Internal;
  vtkPolyData* out = vtkPolyData::SafeDownCast(output);
  std::vector<std::int64_t> pointIds;
  cm::SurfaceMeshToPolyData(in.Surface, piece, npieces, nghosts, out, &pointIds);
  out->GetFieldData()->RemoveArray("Frequency"); // an MSH file has none
  vtkDataArray* elementIds = out->GetCellData()->GetArray("ElementId");
  const vtkIdType nc = out->GetNumberOfCells();
  vtkNew<vtkIdTypeArray> tags;
  tags->SetName("GmshElementTag");
  tags->SetNumberOfTuples(nc);
  for (vtkIdType c = 0; c < nc; ++c)
  {
    tags->SetValue(c, in.Mesh.ElementTags[static_cast<std::size_t>(elementIds->GetTuple1(c))]);
  }
  out->GetCellData()->AddArray(tags);
  // With several times, each view name shows its last step at or before the requested
  // time (its first step before that): a view written once stays on every step.
  const std::vector<double>& times = in.Mesh.Times;
  const double t = times.empty() ? 0.0 : times[static_cast<std::size_t>(step)];
  std::vector<const cm::GmshView*> shown;
  for (const auto& v : in.Mesh.Views)
  {
    const cm::GmshView** same = nullptr;
    for (auto& k : shown)
    {
      if (k->Name == v.Name && k->OnElements == v.OnElements)
      {
        same = &k;
      }
    }
    if (!same)
    {
      shown.push_back(&v);
    }
    else if (((*same)->Time > t && v.Time < (*same)->Time) ||
      (v.Time <= t && v.Time > (*same)->Time))
    {
      *same = &v;
    }
  }
  for (const cm::GmshView* vp : shown)
  {
    const cm::GmshView& v = *vp;
    vtkDataArraySelection* sel = v.OnElements ? in.CellSelection.Get() : in.PointSelection.Get();
    if (!sel->ArrayIsEnabled(v.Name.c_str()))
    {
      continue;
    }
    const vtkIdType n = v.OnElements ? nc : static_cast<vtkIdType>(pointIds.size());
    vtkNew<vtkDoubleArray> a;
    a->SetName(v.Name.c_str());
    a->SetNumberOfComponents(v.Components);
    a->SetNumberOfTuples(n);
    for (vtkIdType i = 0; i < n; ++i)
    {
      const std::size_t src = v.OnElements
        ? static_cast<std::size_t>(elementIds->GetTuple1(i))
        : static_cast<std::size_t>(pointIds[static_cast<std::size_t>(i)]);
      for (int c = 0; c < v.Components; ++c)
      {
        a->SetTypedComponent(i, c, v.Values[src * static_cast<std::size_t>(v.Components) + c]);
      }
    }
    (v.OnElements ? static_cast<vtkDataSetAttributes*>(out->GetCellData())
                  : static_cast<vtkDataSetAttributes*>(out->GetPointData()))
      ->AddArray(a);
  }
  return 1;
}

void vtkCloudMapGmshReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
