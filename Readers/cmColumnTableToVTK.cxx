// SPDX-License-Identifier: BSD-3-Clause
#include "cmColumnTableToVTK.h"

#include "vtkDataArray.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <unordered_set>

namespace cm
{
void ColumnTableToVTK(const ColumnTable& t, int piece, vtkTable* out)
{
  if (t.ReferenceImpedance > 0)
  {
    vtkNew<vtkDoubleArray> z0;
    z0->SetName("ReferenceImpedance");
    z0->InsertNextValue(t.ReferenceImpedance);
    out->GetFieldData()->AddArray(z0);
  }
  // vtkFieldData::AddArray looks a named array up among those already added (a string
  // compare each) and grows its list one by one: a 64-port Touchstone file's 8,000+
  // columns took seconds. Unique names into an empty table: the columns are added
  // unnamed (no lookup) into a list sized once, and named afterwards.
  vtkDataSetAttributes* rows = out->GetRowData();
  const bool unnamed = rows->GetNumberOfArrays() == 0 && t.Names.size() > 64 &&
    std::unordered_set<std::string>(t.Names.begin(), t.Names.end()).size() == t.Names.size();
  if (unnamed)
  {
    rows->AllocateArrays(static_cast<int>(t.Names.size()));
  }
  for (std::size_t c = 0; c < t.Names.size(); ++c)
  {
    const std::string& name = t.Names[c];
    const std::vector<double>& v = t.Columns[c];
    const vtkIdType n = piece == 0 ? static_cast<vtkIdType>(v.size()) : 0;
    if (name == "Excitation" || name == "Tag" || name == "Segment" || name == "Source")
    {
      vtkNew<vtkIntArray> a;
      a->SetName(unnamed ? nullptr : name.c_str());
      a->SetNumberOfValues(n);
      for (vtkIdType i = 0; i < n; ++i)
      {
        a->SetValue(i, static_cast<int>(v[static_cast<std::size_t>(i)]));
      }
      out->AddColumn(a);
    }
    else
    {
      vtkNew<vtkDoubleArray> a;
      a->SetName(unnamed ? nullptr : name.c_str());
      a->SetNumberOfValues(n);
      for (vtkIdType i = 0; i < n; ++i)
      {
        a->SetValue(i, v[static_cast<std::size_t>(i)]);
      }
      out->AddColumn(a);
    }
  }
  if (unnamed)
  {
    for (std::size_t c = 0; c < t.Names.size(); ++c)
    {
      rows->GetAbstractArray(static_cast<int>(c))->SetName(t.Names[c].c_str());
    }
  }
}

ColumnTable VTKToColumnTable(vtkTable* in)
{
  ColumnTable t;
  vtkDataArray* z0 = in->GetFieldData()->GetArray("ReferenceImpedance");
  if (z0 && z0->GetNumberOfTuples() > 0)
  {
    t.ReferenceImpedance = z0->GetComponent(0, 0);
  }
  for (vtkIdType c = 0; c < in->GetNumberOfColumns(); ++c)
  {
    vtkDataArray* a = vtkDataArray::SafeDownCast(in->GetColumn(c));
    if (!a || !a->GetName() || a->GetNumberOfComponents() != 1)
    {
      continue;
    }
    std::vector<double>& v = t.Add(a->GetName());
    v.resize(static_cast<std::size_t>(a->GetNumberOfTuples()));
    for (vtkIdType i = 0; i < a->GetNumberOfTuples(); ++i)
    {
      v[static_cast<std::size_t>(i)] = a->GetComponent(i, 0);
    }
  }
  return t;
}

void NetworkToVTK(const Network& net, int piece, vtkTable* out)
{
  ColumnTableToVTK(NetworkTable(net), piece, out);
  vtkNew<vtkStringArray> pair;
  pair->SetName("WorstPair");
  if (piece == 0)
  {
    for (const auto& p : net.Points)
    {
      pair->InsertNextValue(p.WorstI < 0 ? std::string()
                                         : net.Ports[static_cast<std::size_t>(p.WorstI)].Name +
            " / " + net.Ports[static_cast<std::size_t>(p.WorstJ)].Name);
    }
  }
  out->AddColumn(pair);
  vtkNew<vtkStringArray> names;
  names->SetName("PortNames");
  for (const auto& p : net.Ports)
  {
    names->InsertNextValue(p.Name);
  }
  out->GetFieldData()->AddArray(names);
}

} // namespace cm
