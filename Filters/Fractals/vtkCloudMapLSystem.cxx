// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapLSystem.h"

#include "cmExecution.h"
#include "cmLSystem.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkFloatArray.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"

#include <algorithm>
#include <string>

vtkStandardNewMacro(vtkCloudMapLSystem);

namespace
{
// Adds a copy of n values as the point array `name`.
template <typename ArrayT, typename T>
void AddCopy(vtkPointData* pd, const char* name, const T* values, vtkIdType n)
{
  vtkNew<ArrayT> a;
  a->SetName(name);
  a->SetNumberOfTuples(n);
  std::copy_n(values, n, a->GetPointer(0));
  pd->AddArray(a);
}
}

vtkCloudMapLSystem::vtkCloudMapLSystem()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapLSystem::~vtkCloudMapLSystem() = default;

int vtkCloudMapLSystem::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapLSystem::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  this->Derived.clear();
  cm::fractal::LSystemSettings ls;
  ls.Preset = this->Preset;
  ls.Axiom = this->Axiom;
  ls.Rules = this->Rules;
  ls.Ignore = this->Ignore;
  ls.Iterations = this->NumberOfIterations;
  ls.AngleDegrees = this->Angle;
  ls.DrawSymbols = this->DrawSymbols;
  ls.MoveSymbols = this->MoveSymbols;
  ls.Step = this->StepLength;
  ls.InitialWidth = this->InitialWidth;
  ls.WidthDecay = this->WidthDecay;
  ls.MaximumLength = this->MaximumLength;
  cm::fractal::LGrammar g;
  cm::fractal::TurtleParameters tp;
  int n = 0;
  const std::string err = cm::fractal::PrepareLSystem(ls, g, tp, n);
  if (!err.empty())
  {
    vtkErrorMacro("L-System: " << err);
    return 0;
  }
  std::string s;
  if (!cm::fractal::Derive(
        g, n, static_cast<std::uint32_t>(this->Seed), s, cm::ProgressAbort(this)))
  {
    return 1; // aborted
  }
  cm::fractal::TurtleGeometry geo;
  cm::fractal::Interpret(s, tp, geo);

  // This piece's polylines.
  int piece, pieces;
  cm::RequestedPiece(outInfo, piece, pieces);
  long long lb, le;
  cm::PieceRange(static_cast<long long>(geo.Offsets.size()) - 1, piece, pieces, lb, le);
  const cm::fractal::PolylineRange r = cm::fractal::SelectPolylines(geo, lb, le);
  const vtkIdType np = vtkIdType(r.NumberOfPoints());
  const std::size_t p0 = std::size_t(r.FirstPoint);
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(np);
  std::copy_n(
    geo.Points.data() + 3 * p0, 3 * np, static_cast<double*>(pts->GetData()->GetVoidPointer(0)));
  vtkNew<vtkIdTypeArray> offsets, conn;
  offsets->SetNumberOfTuples(vtkIdType(r.EndLine - r.FirstLine) + 1);
  conn->SetNumberOfTuples(np);
  cm::fractal::PolylineCells(geo, r, offsets->GetPointer(0), conn->GetPointer(0));
  vtkNew<vtkCellArray> lines;
  lines->SetData(offsets, conn);
  output->SetPoints(pts);
  output->SetLines(lines);
  vtkPointData* pd = output->GetPointData();
  AddCopy<vtkFloatArray>(pd, "Width", geo.Width.data() + p0, np);
  AddCopy<vtkIntArray>(pd, "Depth", geo.Depth.data() + p0, np);
  AddCopy<vtkIntArray>(pd, "ColorIndex", geo.Color.data() + p0, np);
  pd->SetActiveScalars("Depth");
  for (const auto& f : cm::fractal::LSystemFields(this->Preset, s.size()))
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(f.Name);
    a->InsertNextValue(f.Value);
    output->GetFieldData()->AddArray(a);
  }
  this->Derived.swap(s);
  return 1;
}

void vtkCloudMapLSystem::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Preset: " << this->Preset << "\n";
  os << indent << "Axiom: " << this->Axiom << "\n";
  os << indent << "Rules: " << this->Rules << "\n";
  os << indent << "NumberOfIterations: " << this->NumberOfIterations << "\n";
  os << indent << "Angle: " << this->Angle << "\n";
}
