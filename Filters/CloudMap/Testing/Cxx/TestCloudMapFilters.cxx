// SPDX-License-Identifier: BSD-3-Clause
// The VTK wrappers against independent oracles:
//  - Element Interpolation reproduces a linear vertex field exactly at every
//    sub-element centroid (triangles, and quads in both modes on parallelograms);
//  - Area Weighted Point Data gives the hand-computed weighted means;
//  - Banded Color Map's bands agree with the formula computed here;
//  - Surface Cloud Map's cell count is Σ 3·4^(L-1) + Σ 4^L and a constant
//    field stays constant;
//  - a mesh with a pentagon is refused with an error, not a crash.
#include "cmCheck.h"
#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkCloudMapAreaWeightedPointData.h"
#include "vtkCloudMapBandedColorMap.h"
#include "vtkCloudMapCentroidMidpointRefinement.h"
#include "vtkCloudMapElementInterpolation.h"
#include "vtkCloudMapSurfaceCloudMap.h"
#include "vtkDoubleArray.h"
#include "vtkExecutive.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

namespace
{
double Linear(const double* x)
{
  return 1.5 + 2 * x[0] - 3 * x[1] + 0.5 * x[2];
}

// A sheared grid of parallelograms (non-planar as a whole) with the last
// column split into triangles. Cell array "|J|" = cell index + 1.
vtkSmartPointer<vtkPolyData> MakeMesh(int nx, int ny)
{
  auto pd = vtkSmartPointer<vtkPolyData>::New();
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble(); // exactness checks need double coordinates
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i)
      pts->InsertNextPoint(i * 0.5 + 0.2 * j, j * 0.4, 0.1 * i);
  vtkNew<vtkCellArray> polys;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
    {
      const vtkIdType a = j * (nx + 1) + i, b = a + 1, c = a + nx + 2, d = a + nx + 1;
      if (i == nx - 1)
      {
        const vtkIdType t1[3] = { a, b, c }, t2[3] = { a, c, d };
        polys->InsertNextCell(3, t1);
        polys->InsertNextCell(3, t2);
      }
      else
      {
        const vtkIdType q[4] = { a, b, c, d };
        polys->InsertNextCell(4, q);
      }
    }
  pd->SetPoints(pts);
  pd->SetPolys(polys);
  vtkNew<vtkDoubleArray> j;
  j->SetName("|J|");
  for (vtkIdType c = 0; c < pd->GetNumberOfCells(); ++c)
    j->InsertNextValue(c + 1.0);
  pd->GetCellData()->SetScalars(j);
  return pd;
}

// The linear field Linear() at the mesh's points, as the point array "f".
void AddLinearField(vtkPolyData* mesh)
{
  vtkNew<vtkDoubleArray> f;
  f->SetName("f");
  for (vtkIdType p = 0; p < mesh->GetNumberOfPoints(); ++p)
    f->InsertNextValue(Linear(mesh->GetPoint(p)));
  mesh->GetPointData()->AddArray(f);
}

// Centroid Midpoint Refinement and Element Interpolation.
void CheckRefinementAndInterpolation(vtkPolyData* mesh, vtkIdType nQuads, vtkIdType nTris)
{
  // 1. Interpolation of a linear vertex field is exact.
  for (int mode = 0; mode < 2; ++mode)
    for (int level = 1; level <= 3; ++level)
    {
      vtkNew<vtkCloudMapCentroidMidpointRefinement> refine;
      refine->SetInputData(mesh);
      refine->SetNumberOfLevels(level);
      vtkNew<vtkCloudMapElementInterpolation> interp;
      interp->SetInputConnection(0, refine->GetOutputPort());
      interp->SetInputData(1, mesh);
      interp->SetQuadMode(mode);
      interp->Update();
      vtkPolyData* out = interp->GetOutput();
      const vtkIdType expect = nQuads * (1 << (2 * level)) + nTris * 3 * (1 << (2 * (level - 1)));
      CM_CHECK(out->GetNumberOfCells() == expect);
      vtkDataArray* v = out->GetCellData()->GetArray("f");
      CM_CHECK(v != nullptr);
      double worst = 0;
      for (vtkIdType c = 0; v && c < out->GetNumberOfCells(); ++c)
      {
        vtkIdType n;
        const vtkIdType* ids;
        out->GetCellPoints(c, n, ids);
        double centroid[3] = { 0, 0, 0 };
        for (vtkIdType k = 0; k < n; ++k)
          for (int d = 0; d < 3; ++d)
            centroid[d] += out->GetPoint(ids[k])[d] / n;
        worst = std::max(worst, std::abs(v->GetTuple1(c) - Linear(centroid)));
      }
      CM_CHECK(worst < 1e-12);
      // Refinement interpolates the point field to new points exactly, too.
      vtkDataArray* pf = refine->GetOutput()->GetPointData()->GetArray("f");
      double worstPt = 0;
      for (vtkIdType p = 0; pf && p < refine->GetOutput()->GetNumberOfPoints(); ++p)
        worstPt =
          std::max(worstPt, std::abs(pf->GetTuple1(p) - Linear(refine->GetOutput()->GetPoint(p))));
      CM_CHECK(pf && worstPt < 1e-12);
    }

  // 1b. Output precision follows the input's points: float in, float out.
  {
    vtkNew<vtkPolyData> single;
    single->ShallowCopy(mesh);
    vtkNew<vtkPoints> fp;
    fp->SetDataTypeToFloat();
    fp->DeepCopy(mesh->GetPoints());
    single->SetPoints(fp);
    vtkNew<vtkCloudMapCentroidMidpointRefinement> refine;
    refine->SetInputData(single);
    refine->Update();
    CM_CHECK(refine->GetOutput()->GetPoints()->GetDataType() == VTK_FLOAT);
    refine->SetInputData(mesh);
    refine->Update();
    CM_CHECK(refine->GetOutput()->GetPoints()->GetDataType() == VTK_DOUBLE);
  }

  // 5. A pentagon is refused cleanly.
  {
    vtkNew<vtkPolyData> bad;
    bad->ShallowCopy(mesh);
    vtkNew<vtkCellArray> polys;
    const vtkIdType pent[5] = { 0, 1, 2, 7, 6 };
    polys->InsertNextCell(5, pent);
    bad->SetPolys(polys);
    vtkNew<vtkCloudMapCentroidMidpointRefinement> refine;
    refine->SetInputData(bad);
    refine->GetExecutive()->SetDebug(false);
    std::printf("(an error about cell 0 having 5 points is expected next)\n");
    CM_CHECK(refine->GetExecutive()->Update() == 0);
    CM_CHECK(refine->GetOutput()->GetNumberOfCells() == 0);
  }

  // 6. A refinement above the size limit is refused before allocation.
  {
    vtkNew<vtkCloudMapCentroidMidpointRefinement> refine;
    refine->SetInputData(mesh);
    refine->SetNumberOfLevels(12);
    refine->SetMaximumNumberOfCells(1000000);
    std::printf("(an error about 'would produce' is expected next)\n");
    CM_CHECK(refine->GetExecutive()->Update() == 0);
  }
}

// Area Weighted Point Data.
void CheckAreaWeightedPointData(vtkPolyData* mesh)
{
  // 2. Area weights by hand: vertex 1 of the grid (i=1, j=0) is used by cells 0 and 1,
  // both parallelograms of the same area, so its value is the plain mean 1.5.
  // Vertex 4 (i=4, j=0) is used only by the first triangle of row 0 (cell 3 → value 4).
  // Vertex 3 (i=3, j=0): quad 2 (area A, value 3) and both triangles of that
  // column (area A/2, values 4 and 5): (3A + 4A/2 + 5A/2)/(2A) = 3.75.
  // (Points are float, so areas carry float rounding.)
  {
    vtkNew<vtkCloudMapAreaWeightedPointData> avg;
    avg->SetInputData(mesh);
    avg->Update();
    vtkDataArray* a = avg->GetOutput()->GetPointData()->GetArray("|J|");
    CM_CHECK(a && std::abs(a->GetTuple1(1) - 1.5) < 1e-6);
    CM_CHECK(a && std::abs(a->GetTuple1(4) - 4.0) < 1e-6);
    CM_CHECK(a && std::abs(a->GetTuple1(3) - 3.75) < 1e-6);
  }

  // 2b. A zero-area element: a unit square (value 10) and a triangle on the
  // line y = 0 through its corner 1 (value 20, area 0). Vertex 1 keeps the
  // square's 10 (a zero weight adds nothing); vertices 4 and 5 touch only
  // the flat triangle and take its plain value, 20, not NaN. Large enough
  // (a row of 10000 more squares) that the scatter splits the vertices into
  // several parts, which must all fall back together.
  {
    vtkNew<vtkPoints> p;
    vtkNew<vtkCellArray> polys;
    vtkNew<vtkDoubleArray> v;
    v->SetName("|J|");
    const double sq[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
    for (const auto& x : sq)
      p->InsertNextPoint(x);
    p->InsertNextPoint(2, 0, 0);
    p->InsertNextPoint(3, 0, 0);
    const vtkIdType quad[4] = { 0, 1, 2, 3 }, flatTri[3] = { 1, 4, 5 };
    polys->InsertNextCell(4, quad);
    v->InsertNextValue(10);
    polys->InsertNextCell(3, flatTri);
    v->InsertNextValue(20);
    const int extra = 10000;
    for (int i = 0; i <= extra; ++i)
    {
      p->InsertNextPoint(10 + i, 0, 0);
      p->InsertNextPoint(10 + i, 2, 0); // 2 units tall: area 2
    }
    for (int i = 0; i < extra; ++i)
    {
      const vtkIdType b = 6 + 2 * i;
      const vtkIdType q[4] = { b, b + 2, b + 3, b + 1 };
      polys->InsertNextCell(4, q);
      v->InsertNextValue(i);
    }
    vtkNew<vtkPolyData> m;
    m->SetPoints(p);
    m->SetPolys(polys);
    m->GetCellData()->SetScalars(v);
    vtkNew<vtkCloudMapAreaWeightedPointData> avg;
    avg->SetInputData(m);
    avg->Update();
    vtkDataArray* a = avg->GetOutput()->GetPointData()->GetArray("|J|");
    CM_CHECK(a != nullptr);
    if (a)
    {
      CM_CHECK(a->GetTuple1(0) == 10 && a->GetTuple1(1) == 10 && a->GetTuple1(2) == 10);
      CM_CHECK(a->GetTuple1(4) == 20 && a->GetTuple1(5) == 20);
      // Strip vertex i (1 ≤ i < extra) is shared by squares i-1 and i of equal
      // area: the mean (2i - 1)/2; the strip's ends take their one square's value.
      double worst =
        std::abs(a->GetTuple1(6) - 0) + std::abs(a->GetTuple1(6 + 2 * extra) - (extra - 1));
      for (int i = 1; i < extra; ++i)
        worst = std::max(worst, std::abs(a->GetTuple1(6 + 2 * i) - (i - 0.5)));
      CM_CHECK(worst < 1e-12);
    }
    // The same strip without the flat triangle has the same strip values
    // (the on-the-way areas, no fallback).
    vtkNew<vtkPolyData> noFlat;
    noFlat->DeepCopy(m);
    noFlat->GetPoints()->SetPoint(5, 3, 1, 0); // the triangle now has area 1/2
    avg->SetInputData(noFlat);
    avg->Update();
    vtkDataArray* b = avg->GetOutput()->GetPointData()->GetArray("|J|");
    CM_CHECK(b && std::abs(b->GetTuple1(1) - (10 * 1 + 20 * 0.5) / 1.5) < 1e-12);
    double worst = 0;
    for (int i = 1; b && i < extra; ++i)
      worst = std::max(worst, std::abs(b->GetTuple1(6 + 2 * i) - (i - 0.5)));
    CM_CHECK(b && worst < 1e-12);
  }

  // 6b. A cell array with fewer tuples than cells is refused with an error
  // naming it (it used to be read past its end).
  {
    vtkNew<vtkPolyData> bad;
    bad->ShallowCopy(mesh);
    vtkNew<vtkDoubleArray> shortArray;
    shortArray->SetName("short");
    shortArray->SetNumberOfTuples(mesh->GetNumberOfCells() - 1);
    shortArray->Fill(1.0);
    bad->GetCellData()->AddArray(shortArray);
    vtkNew<vtkCloudMapAreaWeightedPointData> average;
    average->SetInputData(bad);
    average->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "short");
    std::printf("(an error about 'short' having too few tuples is expected next)\n");
    CM_CHECK(average->GetExecutive()->Update() == 0);
  }
}

// Banded Color Map: item bands and exact bands.
void CheckBandedColorMap(vtkPolyData* mesh)
{
  // 3. Bands agree with the formula.
  {
    vtkNew<vtkCloudMapBandedColorMap> band;
    band->SetInputData(mesh);
    band->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "|J|");
    band->SetNumberOfBands(24);
    band->Update();
    vtkDataSet* out = vtkDataSet::SafeDownCast(band->GetOutputDataObject(0));
    vtkDataArray* idx = out->GetCellData()->GetArray("BandIndex");
    const double lo = 1, hi = mesh->GetNumberOfCells();
    for (vtkIdType c = 0; idx && c < out->GetNumberOfCells(); ++c)
    {
      const double v = c + 1.0;
      const int k = std::min(23, static_cast<int>(std::floor((v - lo) / (hi - lo) * 24)));
      CM_CHECK(static_cast<int>(idx->GetTuple1(c)) == k);
    }
    CM_CHECK(idx && idx->GetDataType() == VTK_UNSIGNED_CHAR);
    vtkTable* t = vtkTable::SafeDownCast(band->GetOutputDataObject(1));
    CM_CHECK(t && t->GetNumberOfRows() == 24);
    CM_CHECK(t && std::abs(t->GetValueByName(23, "Upper").ToDouble() - hi) < 1e-12);
  }
}

// Banded Color Map's Exact Bands.
void CheckExactBands(vtkPolyData* mesh)
{
  vtkDataArray* f = mesh->GetPointData()->GetArray("f");
  // 7. Exact bands of the linear point field f: every polygon corner carries
  // f at its position (the field is linear, so clipping is exact), every
  // polygon's corners lie within its band, the polygons of each element
  // add up to its area, and one thread equals several bit for bit.
  {
    auto run = [&](const char* backend) {
      vtkSMPTools::SetBackend(backend);
      vtkNew<vtkCloudMapBandedColorMap> band;
      band->SetInputData(mesh);
      band->SetExactBands(true);
      band->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "f");
      band->Update();
      vtkSmartPointer<vtkPolyData> out = vtkPolyData::SafeDownCast(band->GetOutputDataObject(0));
      return out;
    };
    vtkSmartPointer<vtkPolyData> out = run("Sequential");
    vtkSmartPointer<vtkPolyData> many = run("STDThread");
    vtkDataArray* fv = out->GetPointData()->GetArray("f");
    vtkDataArray* bands = out->GetCellData()->GetArray("BandIndex");
    vtkDataArray* parent = out->GetCellData()->GetArray("ParentId");
    CM_CHECK(fv && bands && parent && out->GetNumberOfCells() > mesh->GetNumberOfCells());
    double lo = 1e300, hi = -1e300;
    for (vtkIdType p = 0; p < mesh->GetNumberOfPoints(); ++p)
    {
      lo = std::min(lo, f->GetTuple1(p));
      hi = std::max(hi, f->GetTuple1(p));
    }
    const double w = (hi - lo) / 24;
    double worstValue = 0, worstBand = 0;
    std::vector<double> area(mesh->GetNumberOfCells(), 0.0);
    for (vtkIdType c = 0; fv && bands && parent && c < out->GetNumberOfCells(); ++c)
    {
      vtkIdType n;
      const vtkIdType* ids;
      out->GetCellPoints(c, n, ids);
      const int k = static_cast<int>(bands->GetTuple1(c));
      double a[3] = { 0, 0, 0 };
      const double* x0 = out->GetPoint(ids[0]);
      const double o[3] = { x0[0], x0[1], x0[2] };
      for (vtkIdType i = 0; i < n; ++i)
      {
        double x[3];
        out->GetPoint(ids[i], x); // a copy: GetPoint(id) returns a shared buffer
        worstValue = std::max(worstValue, std::abs(fv->GetTuple1(ids[i]) - Linear(x)));
        const double v = fv->GetTuple1(ids[i]);
        worstBand = std::max(worstBand, std::max(lo + k * w - v, v - (lo + (k + 1) * w)));
        if (i >= 1 && i + 1 < n)
        {
          const double* y = out->GetPoint(ids[i + 1]);
          const double u[3] = { x[0] - o[0], x[1] - o[1], x[2] - o[2] };
          const double z[3] = { y[0] - o[0], y[1] - o[1], y[2] - o[2] };
          a[0] += u[1] * z[2] - u[2] * z[1];
          a[1] += u[2] * z[0] - u[0] * z[2];
          a[2] += u[0] * z[1] - u[1] * z[0];
        }
      }
      area[static_cast<vtkIdType>(parent->GetTuple1(c))] +=
        0.5 * std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }
    CM_CHECK(worstValue < 1e-12);
    CM_CHECK(worstBand < 1e-12);
    double worstArea = 0;
    for (vtkIdType c = 0; c < mesh->GetNumberOfCells(); ++c)
    {
      vtkIdType n;
      const vtkIdType* ids;
      mesh->GetCellPoints(c, n, ids);
      double p[4][3];
      for (vtkIdType i = 0; i < n; ++i)
        mesh->GetPoint(ids[i], p[i]);
      const double* q = n == 4 ? p[3] : p[0];
      const double* b = n == 4 ? p[1] : p[0];
      const double u[3] = { p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2] };
      const double v[3] = { n == 4 ? q[0] - b[0] : p[1][0] - p[0][0],
        n == 4 ? q[1] - b[1] : p[1][1] - p[0][1], n == 4 ? q[2] - b[2] : p[1][2] - p[0][2] };
      const double cr[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0] };
      worstArea = std::max(worstArea,
        std::abs(area[c] - 0.5 * std::sqrt(cr[0] * cr[0] + cr[1] * cr[1] + cr[2] * cr[2])));
    }
    if (!(worstArea < 1e-12))
      std::printf("worst area error %g\n", worstArea);
    CM_CHECK(worstArea < 1e-12);
    vtkDataArray* fm = many->GetPointData()->GetArray("f");
    bool same = fm && fv && many->GetNumberOfCells() == out->GetNumberOfCells() &&
      fm->GetNumberOfTuples() == fv->GetNumberOfTuples();
    for (vtkIdType p = 0; same && p < fv->GetNumberOfTuples(); ++p)
      same = fm->GetTuple1(p) == fv->GetTuple1(p) && many->GetPoint(p)[0] == out->GetPoint(p)[0];
    CM_CHECK(same);

    // A cell array cannot be clipped: a clear error.
    vtkNew<vtkCloudMapBandedColorMap> band;
    band->SetInputData(mesh);
    band->SetExactBands(true);
    band->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, "|J|");
    std::printf("(an error about a cell array and Area Weighted Point Data is expected next)\n");
    CM_CHECK(band->GetExecutive()->Update() == 0);
  }
}

// Surface Cloud Map.
void CheckSurfaceCloudMap(vtkPolyData* mesh, vtkIdType nQuads, vtkIdType nTris)
{
  // 4. The one-step filter: counts, and a constant field stays constant and is
  // drawn in one band (0.0817 A/m, the FEKO plate's |J|, is not a binary
  // fraction: the mean and the interpolation give it back within a few ulps,
  // which once spread it over all 24 bands).
  for (const double value : { 2.5, 0.0817 })
  {
    vtkNew<vtkDoubleArray> c;
    c->SetName("|J|");
    c->SetNumberOfTuples(mesh->GetNumberOfCells());
    c->Fill(value);
    vtkNew<vtkPolyData> flat;
    flat->ShallowCopy(mesh);
    flat->GetCellData()->Initialize();
    flat->GetCellData()->SetScalars(c);
    vtkNew<vtkCloudMapSurfaceCloudMap> cm;
    cm->SetInputData(flat);
    cm->SetNumberOfLevels(2);
    cm->Update();
    vtkPolyData* out = cm->GetOutput();
    CM_CHECK(out->GetNumberOfCells() == nQuads * 16 + nTris * 12);
    vtkDataArray* v = out->GetCellData()->GetArray("|J|");
    double r[2] = { 0, 0 };
    if (v)
      v->GetRange(r);
    // The lean output stores the value as float: exactly the float of the constant.
    const double asStored = static_cast<float>(value);
    CM_CHECK(v && r[0] == asStored && r[1] == asStored);
    CM_CHECK(out->GetCellData()->GetArray("BandColor") != nullptr);
    vtkDataArray* bands = out->GetCellData()->GetArray("BandIndex");
    double br[2] = { -1, -1 };
    if (bands)
      bands->GetRange(br);
    CM_CHECK(bands && br[0] == 0 && br[1] == 0);
  }

  // 4b. Threads change nothing: the chain on one thread and on the
  // STDThread backend gives bit-identical values and bands.
  {
    auto run = [&](const char* backend) {
      vtkSMPTools::SetBackend(backend);
      vtkNew<vtkCloudMapSurfaceCloudMap> cm;
      cm->SetInputData(mesh);
      cm->SetNumberOfLevels(3);
      cm->Update();
      vtkSmartPointer<vtkPolyData> out = cm->GetOutput();
      return out;
    };
    vtkSmartPointer<vtkPolyData> one = run("Sequential");
    vtkSmartPointer<vtkPolyData> many = run("STDThread");
    vtkDataArray* a = one->GetCellData()->GetArray("|J|");
    vtkDataArray* b = many->GetCellData()->GetArray("|J|");
    vtkDataArray* ba = one->GetCellData()->GetArray("BandIndex");
    vtkDataArray* bb = many->GetCellData()->GetArray("BandIndex");
    bool same = a && b && a->GetNumberOfTuples() == b->GetNumberOfTuples();
    for (vtkIdType c = 0; same && c < a->GetNumberOfTuples(); ++c)
      same = a->GetTuple1(c) == b->GetTuple1(c) && ba->GetTuple1(c) == bb->GetTuple1(c);
    CM_CHECK(same);
  }
}

} // namespace

int TestCloudMapFilters(int, char*[])
{
  vtkSmartPointer<vtkPolyData> mesh = MakeMesh(4, 3);
  const vtkIdType nQuads = 3 * 3, nTris = 2 * 3;
  CM_CHECK(mesh->GetNumberOfCells() == nQuads + nTris);
  AddLinearField(mesh);
  CheckRefinementAndInterpolation(mesh, nQuads, nTris);
  CheckAreaWeightedPointData(mesh);
  CheckBandedColorMap(mesh);
  CheckExactBands(mesh);
  CheckSurfaceCloudMap(mesh, nQuads, nTris);
  return cmReport("TestCloudMapFilters");
}
