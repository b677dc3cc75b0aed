// SPDX-License-Identifier: BSD-3-Clause
#include "cmNearFieldToVTK.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkStructuredGrid.h"

#include <cmath>

namespace cm
{
namespace
{
void AddVector(const std::vector<double>& re, const std::vector<double>& im, const char* base,
  const std::vector<std::size_t>& ids, vtkStructuredGrid* out)
{
  const std::string name(base);
  vtkNew<vtkDoubleArray> r, i, m;
  r->SetName((name + "_real").c_str());
  i->SetName((name + "_imag").c_str());
  m->SetName(("|" + name + "|").c_str());
  r->SetNumberOfComponents(3);
  i->SetNumberOfComponents(3);
  const auto n = static_cast<vtkIdType>(ids.size());
  r->SetNumberOfTuples(n);
  i->SetNumberOfTuples(n);
  m->SetNumberOfTuples(n);
  for (vtkIdType k = 0; k < n; ++k)
  {
    const std::size_t p = 3 * ids[static_cast<std::size_t>(k)];
    double s = 0;
    for (int c = 0; c < 3; ++c)
    {
      r->SetTypedComponent(k, c, re[p + c]);
      i->SetTypedComponent(k, c, im[p + c]);
      s += re[p + c] * re[p + c] + im[p + c] * im[p + c];
    }
    m->SetValue(k, std::sqrt(s));
  }
  out->GetPointData()->AddArray(r);
  out->GetPointData()->AddArray(i);
  out->GetPointData()->AddArray(m);
}
} // namespace

void NearFieldToStructuredGrid(
  const NecNearField& g, const int ext[6], double frequency, vtkStructuredGrid* out)
{
  out->Initialize();
  vtkNew<vtkDoubleArray> f;
  f->SetName("Frequency");
  f->InsertNextValue(frequency);
  out->GetFieldData()->AddArray(f);
  if (ext[1] < ext[0] || ext[3] < ext[2] || ext[5] < ext[4])
  {
    return; // an empty piece
  }
  std::vector<std::size_t> ids;
  ids.reserve(
    static_cast<std::size_t>(ext[1] - ext[0] + 1) * (ext[3] - ext[2] + 1) * (ext[5] - ext[4] + 1));
  const auto nx = static_cast<std::size_t>(g.Dimensions[0]);
  const auto ny = static_cast<std::size_t>(g.Dimensions[1]);
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  for (int k = ext[4]; k <= ext[5]; ++k)
  {
    for (int j = ext[2]; j <= ext[3]; ++j)
    {
      for (int i = ext[0]; i <= ext[1]; ++i)
      {
        const std::size_t id = static_cast<std::size_t>(i) +
          nx * (static_cast<std::size_t>(j) + ny * static_cast<std::size_t>(k));
        ids.push_back(id);
        pts->InsertNextPoint(&g.Points[3 * id]);
      }
    }
  }
  out->SetExtent(const_cast<int*>(ext));
  out->SetPoints(pts);
  if (g.HasE)
  {
    AddVector(g.ERe, g.EIm, "E", ids, out);
  }
  if (g.HasH)
  {
    AddVector(g.HRe, g.HIm, "H", ids, out);
  }
  out->GetPointData()->SetActiveScalars(g.HasE ? "|E|" : "|H|");
}
} // namespace cm
