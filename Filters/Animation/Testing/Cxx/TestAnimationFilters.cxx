// SPDX-License-Identifier: BSD-3-Clause
// The animation wrappers in VTK pipelines: Free Form Deformation (identity,
// one control point by its Bernstein weight, a translated control-point
// input, keyframes in time, refusals), Mesh Morph (t = 0 and 1 exact, point
// data, time + easing, refusals), Wiggle (order independence, rigid and
// per-point modes), Keyframe Interpolator (lerp and through keys) and the
// Particle System (time steps, pieces partition the serial set, any order).
#include "cmCheck.h"
#include "vtkCloudMapFreeFormDeformation.h"
#include "vtkCloudMapImageMorph.h"
#include "vtkCloudMapKeyframeInterpolator.h"
#include "vtkCloudMapMeshMorph.h"
#include "vtkCloudMapParticleSystem.h"
#include "vtkCloudMapWiggle.h"

#include "vtkCellArray.h"
#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "vtkImageData.h"
#include "vtkInformation.h"
#include "vtkNew.h"
#include "vtkObject.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <vector>

namespace
{
vtkSmartPointer<vtkPolyData> Cloud(int n, unsigned seed, double scale = 1.0)
{
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  vtkNew<vtkCellArray> verts;
  vtkNew<vtkDoubleArray> temp;
  temp->SetName("Temperature");
  unsigned s = seed;
  auto rnd = [&s]() {
    s = s * 1664525u + 1013904223u;
    return (s >> 8) / double(1u << 24);
  };
  for (int i = 0; i < n; ++i)
  {
    const vtkIdType id =
      pts->InsertNextPoint(scale * rnd(), scale * 2 * rnd(), scale * 0.5 * rnd());
    verts->InsertNextCell(1, &id);
    temp->InsertNextValue(100 * rnd());
  }
  // The box corners make the bounds exactly [0, s]x[0, 2s]x[0, s/2].
  const double corners[2][3] = { { 0, 0, 0 }, { scale, 2 * scale, 0.5 * scale } };
  for (const auto& c : corners)
  {
    const vtkIdType id = pts->InsertNextPoint(c);
    verts->InsertNextCell(1, &id);
    temp->InsertNextValue(0);
  }
  auto pd = vtkSmartPointer<vtkPolyData>::New();
  pd->SetPoints(pts);
  pd->SetVerts(verts);
  pd->GetPointData()->AddArray(temp);
  return pd;
}

double Bern(int n, int i, double t)
{
  double c = 1;
  for (int k = 1; k <= i; ++k)
  {
    c = c * (n - i + k) / k;
  }
  return c * std::pow(t, i) * std::pow(1 - t, n - i);
}

int Run(vtkAlgorithm* a, double time)
{
  return a->UpdateTimeStep(time, 0, 1);
}

void TestFFD()
{
  auto in = Cloud(300, 1);
  vtkNew<vtkCloudMapFreeFormDeformation> ffd;
  ffd->SetInputData(in);
  ffd->SetLatticeSize(3, 4, 2);
  ffd->Update();
  auto* out = vtkPolyData::SafeDownCast(ffd->GetOutput());
  double maxErr = 0;
  for (vtkIdType i = 0; i < in->GetNumberOfPoints(); ++i)
  {
    for (int a = 0; a < 3; ++a)
    {
      maxErr = std::max(maxErr, std::abs(out->GetPoint(i)[a] - in->GetPoint(i)[a]));
    }
  }
  CM_CHECK(maxErr <= 1e-12);
  CM_CHECK(vtkPolyData::SafeDownCast(ffd->GetOutput(1))->GetNumberOfPoints() == 24);
  CM_CHECK(out->GetPointData()->GetArray("Temperature") != nullptr);

  // Control point (1, 2, 1) moved by d: points move by B2_1(s) B3_2(t) B1_1(u) d.
  const double d[3] = { 0.2, -0.1, 0.3 };
  for (int c = 0; c < 24; ++c)
  {
    const bool moved = c == 1 + 3 * (2 + 4 * 1);
    ffd->AddDisplacement(moved ? d[0] : 0, moved ? d[1] : 0, moved ? d[2] : 0);
  }
  ffd->Update();
  out = vtkPolyData::SafeDownCast(ffd->GetOutput());
  maxErr = 0;
  for (vtkIdType i = 0; i < in->GetNumberOfPoints(); ++i)
  {
    const double* p = in->GetPoint(i);
    const double w = Bern(2, 1, p[0]) * Bern(3, 2, p[1] / 2) * Bern(1, 1, p[2] / 0.5);
    double q[3];
    out->GetPoint(i, q);
    for (int a = 0; a < 3; ++a)
    {
      maxErr = std::max(maxErr, std::abs(q[a] - p[a] - w * d[a]));
    }
  }
  std::printf("FFD single control point: max error %.3g\n", maxErr);
  CM_CHECK(maxErr < 1e-14);

  // Keyframes: zero at t = 0, every control point +1 in x at t = 2 (Linear):
  // at t = 0.5 everything moves by 0.25.
  ffd->RemoveAllDisplacements();
  for (double t : { 0.0, 2.0 })
  {
    ffd->AddDisplacementKey(t);
    for (int c = 0; c < 24; ++c)
    {
      ffd->AddDisplacementKey(t > 0 ? 1.0 : 0.0);
      ffd->AddDisplacementKey(0);
      ffd->AddDisplacementKey(0);
    }
  }
  ffd->SetKeyInterpolation(1);
  ffd->UpdateInformation();
  double* range = ffd->GetOutputInformation(0)->Get(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
  CM_CHECK(range && range[0] == 0 && range[1] == 2);
  ffd->UpdateTimeStep(0.5);
  out = vtkPolyData::SafeDownCast(ffd->GetOutput());
  maxErr = 0;
  for (vtkIdType i = 0; i < in->GetNumberOfPoints(); ++i)
  {
    maxErr = std::max(maxErr, std::abs(out->GetPoint(i)[0] - in->GetPoint(i)[0] - 0.25));
  }
  CM_CHECK(maxErr < 1e-14);
  ffd->RemoveAllDisplacementKeys();

  // A second input of translated control points translates the mesh.
  vtkNew<vtkPolyData> controls;
  vtkNew<vtkPoints> cp;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 3; ++i)
      {
        cp->InsertNextPoint(i / 2.0 + 5, j * 2 / 3.0, k * 0.5 - 1);
      }
  controls->SetPoints(cp);
  ffd->SetInputData(1, controls);
  ffd->Update();
  out = vtkPolyData::SafeDownCast(ffd->GetOutput());
  maxErr = 0;
  for (vtkIdType i = 0; i < in->GetNumberOfPoints(); ++i)
  {
    maxErr = std::max(maxErr, std::abs(out->GetPoint(i)[0] - in->GetPoint(i)[0] - 5));
    maxErr = std::max(maxErr, std::abs(out->GetPoint(i)[2] - in->GetPoint(i)[2] + 1));
  }
  CM_CHECK(maxErr < 1e-6); // control points were given in float
  // Wrong number of control points, and a degenerate lattice: errors.
  cp->InsertNextPoint(0, 0, 0);
  cp->Modified();
  CM_CHECK(ffd->GetExecutive()->Update() == 0);
  ffd->SetInputData(1, nullptr);
  ffd->SetLatticeSize(1, 3, 3);
  ffd->RemoveAllDisplacements();
  CM_CHECK(ffd->GetExecutive()->Update() == 0);
}

void TestMorph()
{
  auto a = Cloud(200, 2), b = Cloud(200, 3, 3.0);
  vtkNew<vtkCloudMapMeshMorph> morph;
  morph->SetInputData(0, a);
  morph->SetInputData(1, b);
  for (double t : { 0.0, 1.0, 0.3 })
  {
    morph->SetParameter(t);
    morph->Update();
    auto* out = vtkPolyData::SafeDownCast(morph->GetOutput());
    auto* temp = out->GetPointData()->GetArray("Temperature");
    auto* ta = a->GetPointData()->GetArray("Temperature");
    auto* tb = b->GetPointData()->GetArray("Temperature");
    bool ok = true;
    for (vtkIdType i = 0; i < a->GetNumberOfPoints(); ++i)
    {
      for (int c = 0; c < 3; ++c)
      {
        const double want = (1 - t) * a->GetPoint(i)[c] + t * b->GetPoint(i)[c];
        ok = ok &&
          (t == 0.3 ? std::abs(out->GetPoint(i)[c] - want) < 1e-14 : out->GetPoint(i)[c] == want);
      }
      ok = ok &&
        std::abs(temp->GetTuple1(i) - ((1 - t) * ta->GetTuple1(i) + t * tb->GetTuple1(i))) < 1e-12;
    }
    CM_CHECK(ok);
  }
  // In time: TimeRange [2, 4], Linear easing: time 3 gives 0.5; Sine in-out too.
  morph->SetUseTime(true);
  morph->SetTimeRange(2, 4);
  morph->SetEasing(0);
  Run(morph, 3.0);
  CM_CHECK(std::abs(morph->GetUsedParameter() - 0.5) < 1e-15);
  Run(morph, 2.5);
  CM_CHECK(std::abs(morph->GetUsedParameter() - 0.25) < 1e-15);
  morph->SetEasing(5);
  Run(morph, 2.5);
  CM_CHECK(std::abs(morph->GetUsedParameter() - (1 - std::cos(M_PI * 0.25)) / 2) < 1e-15);
  Run(morph, 9.0);
  CM_CHECK(morph->GetUsedParameter() == 1.0);
  morph->SetTimeRange(2, 2);
  CM_CHECK(morph->GetExecutive()->Update() == 0); // remap with t1 == t2
  morph->SetUseTime(false);
  // Different counts: an error By Index, a result with Nearest Normalized Point.
  auto c = Cloud(150, 4, 2.0);
  morph->SetInputData(1, c);
  CM_CHECK(morph->GetExecutive()->Update() == 0);
  morph->SetCorrespondence(1);
  morph->SetParameter(1.0);
  morph->Update();
  CM_CHECK(
    vtkPointSet::SafeDownCast(morph->GetOutput())->GetNumberOfPoints() == a->GetNumberOfPoints());
  // The corners map onto the corners of the scaled target.
  const double* last = vtkPointSet::SafeDownCast(morph->GetOutput())->GetPoint(201);
  CM_CHECK(last[0] == 2 && last[1] == 4 && last[2] == 1);
}

void TestWiggle()
{
  auto in = Cloud(100, 5);
  vtkNew<vtkCloudMapWiggle> w;
  w->SetInputData(in);
  w->SetAmplitude(0.5);
  w->SetOctaves(2);
  std::vector<double> first;
  for (double t : { 0.3, 1.7, 0.3 })
  {
    Run(w, t);
    auto* out = vtkPointSet::SafeDownCast(w->GetOutput());
    const double* p0 = out->GetPoint(0);
    double d0[3] = { p0[0] - in->GetPoint(0)[0], p0[1] - in->GetPoint(0)[1],
      p0[2] - in->GetPoint(0)[2] };
    bool rigid = true;
    for (vtkIdType i = 1; i < in->GetNumberOfPoints(); ++i)
    {
      for (int a = 0; a < 3; ++a)
      {
        rigid = rigid && std::abs(out->GetPoint(i)[a] - in->GetPoint(i)[a] - d0[a]) < 1e-12;
      }
    }
    CM_CHECK(rigid);
    CM_CHECK(std::abs(d0[0]) <= 0.75 && std::abs(d0[1]) <= 0.75 && std::abs(d0[2]) <= 0.75);
    if (first.empty())
    {
      first.assign(d0, d0 + 3);
    }
    else if (t == 0.3)
    {
      CM_CHECK(first[0] == d0[0] && first[1] == d0[1] && first[2] == d0[2]);
    }
    else
    {
      CM_CHECK(first[0] != d0[0]); // a different time wiggles differently
    }
  }
  w->SetMode(1);
  Run(w, 0.6);
  auto* out = vtkPointSet::SafeDownCast(w->GetOutput());
  CM_CHECK(out->GetPoint(3)[0] - in->GetPoint(3)[0] != out->GetPoint(4)[0] - in->GetPoint(4)[0]);
  // Copies of a point that differ in the last bits (vtkSphereSource's seams
  // in pieces) wiggle alike; distinct points still wiggle differently.
  {
    vtkNew<vtkPolyData> seam;
    vtkNew<vtkPoints> sp;
    sp->SetDataTypeToDouble();
    sp->InsertNextPoint(0.0, 0.3, 0.47);
    sp->InsertNextPoint(1.2e-17, 0.3 * (1 + 2e-16), 0.47);
    sp->InsertNextPoint(-0.0, 0.3 * (1 - 1e-13), 0.47 * (1 + 1e-13));
    sp->InsertNextPoint(0.0, 0.3, 0.48);
    seam->SetPoints(sp);
    vtkNew<vtkCloudMapWiggle> ws;
    ws->SetInputData(seam);
    ws->SetMode(1);
    ws->SetAmplitude(0.1);
    ws->SetOctaves(3);
    Run(ws, 1.7);
    vtkDataArray* d =
      vtkPointSet::SafeDownCast(ws->GetOutput())->GetPointData()->GetArray("WiggleDisplacement");
    CM_CHECK(d != nullptr);
    if (d)
    {
      for (int a = 0; a < 3; ++a)
      {
        CM_CHECK(d->GetComponent(1, a) == d->GetComponent(0, a));
        CM_CHECK(d->GetComponent(2, a) == d->GetComponent(0, a));
      }
      CM_CHECK(d->GetComponent(3, 0) != d->GetComponent(0, 0));
    }
  }
  w->SetFrequency(0);
  CM_CHECK(w->GetExecutive()->Update() == 0);
}

void TestKeyframe()
{
  auto in = Cloud(10, 6);
  vtkNew<vtkCloudMapKeyframeInterpolator> k;
  k->SetInputData(in);
  k->AddKey(0, 0, 0, 0, 0);
  k->AddKey(2, 4, 2, 0, 0);
  k->AddKey(3, 4, 2, 6, 0);
  k->SetInterpolation(1);
  Run(k, 1.0);
  CM_CHECK(k->GetValue()[0] == 2 && k->GetValue()[1] == 1 && k->GetValue()[2] == 0);
  auto* fd = k->GetOutput()->GetFieldData()->GetArray("KeyframeValue");
  CM_CHECK(fd && fd->GetComponent(0, 0) == 2);
  CM_CHECK(std::abs(vtkPointSet::SafeDownCast(k->GetOutput())->GetPoint(0)[0] - in->GetPoint(0)[0] -
             2) < 1e-15);
  k->SetInterpolation(3);
  Run(k, 2.0);
  CM_CHECK(k->GetValue()[0] == 4 && k->GetValue()[2] == 0);
  Run(k, 3.0);
  CM_CHECK(k->GetValue()[2] == 6);
  k->AddKey(4, 0, 0, 0, 99); // no such easing
  CM_CHECK(k->GetExecutive()->Update() == 0);
}

void TestParticles()
{
  vtkNew<vtkCloudMapParticleSystem> ps;
  ps->SetPreset(2);
  ps->SetEndTime(3);
  ps->UpdateInformation();
  vtkInformation* info = ps->GetOutputInformation(0);
  CM_CHECK(info->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) == 73);
  ps->UpdateTimeStep(2.0, 0, 1);
  vtkNew<vtkPolyData> serial;
  serial->DeepCopy(ps->GetOutput());
  CM_CHECK(serial->GetNumberOfPoints() > 1000);
  std::set<vtkIdType> all, parts;
  auto* ids = vtkIdTypeArray::SafeDownCast(serial->GetPointData()->GetArray("Id"));
  for (vtkIdType i = 0; i < ids->GetNumberOfTuples(); ++i)
  {
    all.insert(ids->GetValue(i));
  }
  for (int p = 0; p < 3; ++p)
  {
    ps->UpdateTimeStep(2.0, p, 3);
    auto* pid = vtkIdTypeArray::SafeDownCast(ps->GetOutput()->GetPointData()->GetArray("Id"));
    for (vtkIdType i = 0; i < pid->GetNumberOfTuples(); ++i)
    {
      CM_CHECK(pid->GetValue(i) % 3 == p);
      parts.insert(pid->GetValue(i));
    }
  }
  CM_EQUAL(all, parts);
  // Shuffled times: the same particles.
  ps->UpdateTimeStep(0.5, 0, 1);
  ps->UpdateTimeStep(2.0, 0, 1);
  CM_CHECK(ps->GetOutput()->GetNumberOfPoints() == serial->GetNumberOfPoints());
  bool same = true;
  for (vtkIdType i = 0; i < serial->GetNumberOfPoints(); ++i)
  {
    for (int a = 0; a < 3; ++a)
    {
      same = same && ps->GetOutput()->GetPoint(i)[a] == serial->GetPoint(i)[a];
    }
  }
  CM_CHECK(same);
  // Limits: refuse with the projected count.
  ps->SetMaximumNumberOfParticles(10);
  CM_CHECK(ps->GetExecutive()->Update() == 0 || ps->GetOutput()->GetNumberOfPoints() == 0);
}

vtkSmartPointer<vtkImageData> Ramp(int nx, int ny, double shift)
{
  auto im = vtkSmartPointer<vtkImageData>::New();
  im->SetDimensions(nx, ny, 1);
  im->SetSpacing(0.5, 0.5, 1);
  vtkNew<vtkDoubleArray> v;
  v->SetName("Value");
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
    {
      v->InsertNextValue(2 * (0.5 * i - shift) + 0.5 * j); // f(x, y) = 2 (x − shift) + y
    }
  im->GetPointData()->SetScalars(v);
  return im;
}

void TestImageMorph()
{
  const int nx = 40, ny = 30;
  auto a = Ramp(nx, ny, 0.0), b = Ramp(nx, ny, 1.5); // b is a moved right by 1.5
  vtkNew<vtkCloudMapImageMorph> morph;
  morph->SetInputData(0, a);
  morph->SetInputData(1, a);
  morph->AddFeatureLine(3, 3, 12, 5, 3, 3, 12, 5); // identical pairs: identity warp
  morph->AddFeatureLine(5, 10, 6, 2, 5, 10, 6, 2);
  morph->SetParameter(0.7);
  morph->Update();
  auto* out = morph->GetOutput()->GetPointData()->GetArray("Value");
  double err = 0;
  for (vtkIdType k = 0; k < nx * ny; ++k)
  {
    err =
      std::max(err, std::abs(out->GetTuple1(k) - a->GetPointData()->GetScalars()->GetTuple1(k)));
  }
  std::printf("Image Morph identity lines: max error %.3g\n", err);
  CM_CHECK(err < 1e-9);
  // One line moved by +1.5 in x between a and b (b = a shifted): halfway, the
  // result is a shifted by 0.75 wherever no sample is clamped at the border.
  morph->RemoveAllFeatureLines();
  morph->AddFeatureLine(5, 5, 10, 8, 6.5, 5, 11.5, 8);
  morph->SetInputData(1, b);
  morph->SetParameter(0.5);
  morph->Update();
  out = morph->GetOutput()->GetPointData()->GetArray("Value");
  err = 0;
  for (int j = 0; j < ny; ++j)
    for (int i = 4; i < nx - 4; ++i)
    {
      err = std::max(err, std::abs(out->GetTuple1(j * nx + i) - (2 * (0.5 * i - 0.75) + 0.5 * j)));
    }
  std::printf("Image Morph translated line: max error %.3g\n", err);
  CM_CHECK(err < 1e-9);
  morph->SetParameter(0.0);
  morph->Update();
  out = morph->GetOutput()->GetPointData()->GetArray("Value");
  CM_CHECK(std::abs(out->GetTuple1(77) - a->GetPointData()->GetScalars()->GetTuple1(77)) < 1e-12);
  // Different sizes: refused.
  morph->SetInputData(1, Ramp(nx + 1, ny, 0.0));
  CM_CHECK(morph->GetExecutive()->Update() == 0);
}

// The same images on the same world grid, but with an extent that does not
// start at 0 (as Wavelet's): the morph is in world coordinates, so the result
// must not change; and every piece must equal its part of the whole result.
void TestImageMorphPieces()
{
  const int nx = 40, ny = 30, i0 = -8, j0 = -6;
  auto shifted = [&](double shift) {
    auto im = Ramp(nx, ny, shift);
    im->SetExtent(i0, i0 + nx - 1, j0, j0 + ny - 1, 0, 0);
    im->SetOrigin(-0.5 * i0, -0.5 * j0, 0); // world(I) = 0.5 (I - i0): Ramp's grid
    return im;
  };
  auto a = Ramp(nx, ny, 0.0), b = Ramp(nx, ny, 1.5);
  auto as = shifted(0.0), bs = shifted(1.5);
  vtkNew<vtkCloudMapImageMorph> ref, morph;
  for (vtkCloudMapImageMorph* m : { ref.Get(), morph.Get() })
  {
    m->AddFeatureLine(5, 5, 10, 8, 6.5, 5, 11.5, 8);
    m->AddFeatureLine(3, 12, 14, 11, 3, 11, 13, 12);
    m->SetParameter(0.35);
  }
  ref->SetInputData(0, a);
  ref->SetInputData(1, b);
  ref->Update();
  morph->SetInputData(0, as);
  morph->SetInputData(1, bs);
  morph->Update();
  vtkDataArray* whole = ref->GetOutput()->GetPointData()->GetArray("Value");
  vtkDataArray* moved = morph->GetOutput()->GetPointData()->GetArray("Value");
  double err = 0;
  for (vtkIdType k = 0; k < nx * ny; ++k)
  {
    err = std::max(err, std::abs(whole->GetTuple1(k) - moved->GetTuple1(k)));
  }
  std::printf("Image Morph, extent from (%d, %d): max difference %.3g\n", i0, j0, err);
  CM_CHECK(err < 1e-9);
  // Pieces (sub-extents) against the whole shifted result.
  std::vector<double> all(static_cast<std::size_t>(nx) * ny);
  for (vtkIdType k = 0; k < nx * ny; ++k)
  {
    all[std::size_t(k)] = moved->GetTuple1(k);
  }
  int covered = 0; // pieces share their boundary points
  std::vector<char> seen(all.size(), 0);
  err = 0;
  for (int piece = 0; piece < 3; ++piece)
  {
    morph->UpdatePiece(piece, 3, 0);
    vtkImageData* out = morph->GetOutput();
    int e[6];
    out->GetExtent(e);
    vtkDataArray* v = out->GetPointData()->GetArray("Value");
    CM_CHECK(v && v->GetNumberOfTuples() == vtkIdType(e[1] - e[0] + 1) * (e[3] - e[2] + 1));
    if (!v)
    {
      continue;
    }
    vtkIdType k = 0;
    for (int J = e[2]; J <= e[3]; ++J)
      for (int I = e[0]; I <= e[1]; ++I, ++k)
      {
        const std::size_t g = std::size_t((J - j0) * nx + (I - i0));
        seen[g] = 1;
        const double w = all[g];
        err = std::max(err, std::abs(v->GetTuple1(k) - w));
      }
    covered += static_cast<int>(k);
  }
  std::printf("Image Morph pieces: %d points, max difference to the whole %.3g\n", covered, err);
  CM_EQUAL(err, 0);
  CM_CHECK(covered >= nx * ny && std::count(seen.begin(), seen.end(), 1) == nx * ny);
}
} // namespace

int TestAnimationFilters(int, char*[])
{
  TestImageMorph();
  TestImageMorphPieces();
  TestFFD();
  TestMorph();
  TestWiggle();
  TestKeyframe();
  TestParticles();
  return cmReport("TestAnimationFilters");
}
