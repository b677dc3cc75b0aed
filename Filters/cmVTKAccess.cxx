// SPDX-License-Identifier: BSD-3-Clause
#include "cmVTKAccess.h"

#include "vtkArrayDispatch.h"
#include "vtkCellArray.h"
#include "vtkDataArray.h"
#include "vtkDataArrayRange.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkFloatArray.h"
#include "vtkMultiProcessController.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace cloudmap
{
bool MakeSurfaceView(vtkPolyData* input, SurfaceView& view, std::string& error)
{
  if (input->GetNumberOfVerts() + input->GetNumberOfLines() + input->GetNumberOfStrips() > 0)
  {
    error = "the input has vertices, lines or strips; this filter takes a surface of triangles "
            "and quads only (extract the surface cells first)";
    return false;
  }
  view = SurfaceView();
  vtkCellArray* polys = input->GetPolys();
  view.NCells = polys ? polys->GetNumberOfCells() : 0;
  if (view.NCells > 0)
  {
    if (polys->IsStorage64Bit())
    {
      view.Off64 = polys->GetOffsetsArray64()->GetPointer(0);
      view.Conn64 = polys->GetConnectivityArray64()->GetPointer(0);
    }
    else
    {
      view.Off32 = polys->GetOffsetsArray32()->GetPointer(0);
      view.Conn32 = polys->GetConnectivityArray32()->GetPointer(0);
    }
  }
  for (vtkIdType c = 0; c < view.NCells; ++c)
  {
    const int n = view.Size(c);
    if (n != 3 && n != 4)
    {
      error = "cell " + std::to_string(c) + " has " + std::to_string(n) +
        " points; only triangles and quads are supported";
      return false;
    }
  }
  vtkPoints* pts = input->GetPoints();
  view.NumberOfPoints = pts ? pts->GetNumberOfPoints() : 0;
  if (view.NumberOfPoints == 0)
  {
    return true;
  }
  if (auto* d = vtkDoubleArray::SafeDownCast(pts->GetData()))
  {
    view.Points = d->GetPointer(0);
  }
  else if (auto* f = vtkFloatArray::SafeDownCast(pts->GetData()))
  {
    view.PointsF = f->GetPointer(0);
  }
  else
  {
    view.PointStore = ValuesAsDouble(pts->GetData());
    view.Points = view.PointStore.data();
  }
  return true;
}

namespace
{
struct CopyWorker
{
  template <typename ArrayT>
  void operator()(ArrayT* a, std::vector<double>& out)
  {
    auto r = vtk::DataArrayValueRange(a);
    out.resize(r.size());
    vtkSMPTools::For(0, static_cast<vtkIdType>(r.size()), [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType i = b; i < e; ++i)
      {
        out[i] = static_cast<double>(r[i]);
      }
    });
  }
};
} // namespace

std::vector<double> ValuesAsDouble(vtkDataArray* array)
{
  std::vector<double> out;
  CopyWorker w;
  if (!vtkArrayDispatch::Dispatch::Execute(array, w, out))
  {
    w(array, out);
  }
  return out;
}

std::vector<double> ScalarsOf(vtkDataArray* array, int comp)
{
  const int nc = array->GetNumberOfComponents();
  std::vector<double> v = ValuesAsDouble(array);
  if (nc == 1)
  {
    return v;
  }
  const vtkIdType n = array->GetNumberOfTuples();
  std::vector<double> s(n);
  vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType i = b; i < e; ++i)
    {
      if (comp >= 0 && comp < nc)
      {
        s[i] = v[i * nc + comp];
        continue;
      }
      double m = 0;
      for (int c = 0; c < nc; ++c)
      {
        m += v[i * nc + c] * v[i * nc + c];
      }
      s[i] = std::sqrt(m);
    }
  });
  return s;
}

bool GlobalRange(const std::vector<double>& values, vtkUnsignedCharArray* ghosts, double range[2])
{
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  const std::size_t n = values.size();
  for (std::size_t i = 0; i < n; ++i)
  {
    if (ghosts && (ghosts->GetValue(i) & vtkDataSetAttributes::DUPLICATECELL))
    {
      continue;
    }
    const double v = values[i];
    if (std::isfinite(v))
    {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  vtkMultiProcessController* ctrl = vtkMultiProcessController::GetGlobalController();
  if (ctrl && ctrl->GetNumberOfProcesses() > 1)
  {
    double local[2] = { lo, -hi }, global[2];
    ctrl->AllReduce(local, global, 2, vtkCommunicator::MIN_OP);
    lo = global[0];
    hi = -global[1];
  }
  range[0] = lo;
  range[1] = hi;
  return lo <= hi;
}

void FillBandTable(vtkTable* table, const BandSpec& spec, Palette palette)
{
  vtkNew<vtkIntArray> idx;
  idx->SetName("BandIndex");
  vtkNew<vtkDoubleArray> lower, upper;
  lower->SetName("Lower");
  upper->SetName("Upper");
  vtkNew<vtkUnsignedCharArray> red, green, blue;
  red->SetName("Red");
  green->SetName("Green");
  blue->SetName("Blue");
  vtkNew<vtkStringArray> label;
  label->SetName("Label");
  char buf[96];
  for (int k = 0; k < spec.N; ++k)
  {
    std::uint8_t c[3];
    BandColor(palette, k, spec.N, c);
    idx->InsertNextValue(k);
    lower->InsertNextValue(spec.Lower(k));
    upper->InsertNextValue(spec.Upper(k));
    red->InsertNextValue(c[0]);
    green->InsertNextValue(c[1]);
    blue->InsertNextValue(c[2]);
    std::snprintf(buf, sizeof buf, "%.4g - %.4g", spec.Lower(k), spec.Upper(k));
    label->InsertNextValue(buf);
  }
  table->Initialize();
  table->AddColumn(idx);
  table->AddColumn(lower);
  table->AddColumn(upper);
  table->AddColumn(red);
  table->AddColumn(green);
  table->AddColumn(blue);
  table->AddColumn(label);
}

std::vector<double> CellAreas(const SurfaceView& view)
{
  std::vector<double> areas(view.NumberOfCells());
  vtkSMPTools::For(0, view.NumberOfCells(), [&](vtkIdType b, vtkIdType e) {
    Vec3 p[4];
    for (vtkIdType c = b; c < e; ++c)
    {
      view.Corners(c, p);
      areas[c] = ElementArea(p, view.Size(c));
    }
  });
  return areas;
}
} // namespace cloudmap
