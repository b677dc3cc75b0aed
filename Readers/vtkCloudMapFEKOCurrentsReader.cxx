// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOCurrentsReader.h"

#include "cmExecution.h" // cm::SMPFor
#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFileStamp.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOCurrentsReader);

/// The parsed blocks, kept until the file changes.
struct vtkCloudMapFEKOCurrentsReader::Internals
{
  std::vector<cm::FekoSurfaceCurrents> Blocks;
};

vtkCloudMapFEKOCurrentsReader::vtkCloudMapFEKOCurrentsReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkPolyData", "vtkPolyData" }); // electric, magnetic
}

vtkCloudMapFEKOCurrentsReader::~vtkCloudMapFEKOCurrentsReader() = default;

namespace
{
void SamplesToPolyData(const cm::FekoCurrentSamples& s, const char* prefix, double frequency,
  int piece, int pieces, vtkPolyData* out)
{
  const vtkIdType n = static_cast<vtkIdType>(s.Numbers.size());
  pieces = pieces < 1 ? 1 : pieces;
  const vtkIdType b = n * piece / pieces, e = n * (piece + 1) / pieces;
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(e - b);
  vtkNew<vtkCellArray> verts;
  vtkNew<vtkDoubleArray> re, im, mag;
  vtkNew<vtkIdTypeArray> num;
  const std::string p(prefix);
  re->SetName((p + "_real").c_str());
  im->SetName((p + "_imag").c_str());
  mag->SetName(("|" + p + "|").c_str());
  num->SetName("TriangleNumber");
  const int nc = s.Components;
  re->SetNumberOfComponents(nc);
  im->SetNumberOfComponents(nc);
  re->SetNumberOfTuples(e - b);
  im->SetNumberOfTuples(e - b);
  mag->SetNumberOfTuples(e - b);
  num->SetNumberOfTuples(e - b);
  for (vtkIdType i = b; i < e; ++i)
  {
    const std::size_t k = static_cast<std::size_t>(i);
    pts->SetPoint(i - b, &s.Positions[3 * k]);
    const vtkIdType id = i - b;
    verts->InsertNextCell(1, &id);
    double m2 = 0;
    for (int d = 0; d < nc; ++d)
    {
      const std::size_t j = static_cast<std::size_t>(nc) * k + static_cast<std::size_t>(d);
      re->SetTypedComponent(i - b, d, s.JReal[j]);
      im->SetTypedComponent(i - b, d, s.JImag[j]);
      m2 += s.JReal[j] * s.JReal[j] + s.JImag[j] * s.JImag[j];
    }
    mag->SetValue(i - b, std::sqrt(m2));
    num->SetValue(i - b, s.Numbers[k]);
  }
  out->SetPoints(pts);
  out->SetVerts(verts);
  out->GetPointData()->AddArray(re);
  out->GetPointData()->AddArray(im);
  out->GetPointData()->AddArray(mag);
  out->GetPointData()->AddArray(num);
  if (s.Area.size() == s.Numbers.size() && !s.Area.empty())
  {
    vtkNew<vtkDoubleArray> area;
    area->SetName("SurfaceArea");
    area->SetNumberOfTuples(e - b);
    for (vtkIdType i = b; i < e; ++i)
    {
      area->SetValue(i - b, s.Area[static_cast<std::size_t>(i)]);
    }
    out->GetPointData()->AddArray(area);
  }
  out->GetPointData()->SetActiveScalars(mag->GetName());
  vtkNew<vtkDoubleArray> f;
  f->SetName("Frequency");
  f->InsertNextValue(frequency);
  out->GetFieldData()->AddArray(f);
}
} // namespace

int vtkCloudMapFEKOCurrentsReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeFekoCurrents(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapFEKOCurrentsReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // The electric currents (or charges) are what the reader is for; a magnetic section
  // that fails is an optional block: one warning, its port 1 left empty.
  std::vector<std::string> notices;
  in.Blocks = cm::ReadFekoCurrentsFile(this->FileName, &notices, cm::SMPFor());
  for (const std::string& n : notices)
  {
    this->WarnOptionalBlock(n, "the Magnetic Currents output (port 1) is left empty there");
  }
  return cm::FrequencySteps(in.Blocks);
}

int vtkCloudMapFEKOCurrentsReader::ReadMesh(int piece, int npieces, int, int step, vtkDataObject*)
{
  // Both ports show the time and piece of the port that asked.
  this->RequireParsed("FEKO currents");
  const double f = this->Steps[static_cast<std::size_t>(step)];
  for (const auto& b : this->Internal->Blocks)
  {
    if (std::abs(b.Frequency - f) <= 1e-9 * std::abs(f))
    {
      SamplesToPolyData(b.Electric, b.Electric.Components == 1 ? "Q" : "J", f, piece, npieces,
        vtkPolyData::SafeDownCast(this->PortOutput(0)));
      SamplesToPolyData(
        b.Magnetic, "M", f, piece, npieces, vtkPolyData::SafeDownCast(this->PortOutput(1)));
      break;
    }
  }
  return 1;
}

void vtkCloudMapFEKOCurrentsReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
