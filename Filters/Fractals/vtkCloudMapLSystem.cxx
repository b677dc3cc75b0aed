// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapLSystem.h"

#include "cmExecution.h"
#include "cmLSystem.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkFloatArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapLSystem);

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

  // The grammar and turtle settings: the preset's or the Custom fields.
  const auto& presets = cm::fractal::LPresets();
  const bool custom = this->Preset <= 0 || this->Preset >= int(presets.size());
  const cm::fractal::LPreset& pre = presets[custom ? 0 : std::size_t(this->Preset)];
  cm::fractal::TurtleParameters tp;
  tp.Step = this->StepLength;
  tp.InitialWidth = this->InitialWidth;
  tp.WidthDecay = this->WidthDecay;
  tp.MoveSymbols = this->MoveSymbols;
  int n = this->NumberOfIterations;
  cm::fractal::LGrammar g;
  std::string err;
  if (custom)
  {
    err = cm::fractal::ParseGrammar(this->Axiom, this->Rules, this->Ignore, g);
    tp.AngleDegrees = this->Angle;
    tp.DrawSymbols = this->DrawSymbols;
    n = n < 0 ? 4 : n;
  }
  else
  {
    err = cm::fractal::ParseGrammar(pre.Axiom, pre.Rules, pre.Ignore, g);
    tp.AngleDegrees = pre.AngleDegrees;
    tp.DrawSymbols = pre.DrawSymbols;
    std::copy_n(pre.Heading, 3, tp.Heading);
    n = n < 0 ? pre.Iterations : n;
  }
  if (!err.empty())
  {
    vtkErrorMacro("L-System: " << err << ".");
    return 0;
  }
  // Refuse explosive derivations before any memory is spent.
  const double projected = cm::fractal::ProjectedLength(g, n);
  if (projected > this->MaximumLength)
  {
    vtkErrorMacro("L-System: " << n << " derivation steps would produce " << projected
                               << " symbols (about " << projected * 3 / 1e9
                               << " GB with the turtle geometry); the limit is "
                               << this->MaximumLength << " (MaximumLength).");
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
  const long long nl = static_cast<long long>(geo.Offsets.size()) - 1;
  long long lb, le;
  cm::PieceRange(nl, piece, pieces, lb, le);
  const long long p0 = le > lb ? geo.Offsets[std::size_t(lb)] : 0;
  const long long p1 = le > lb ? geo.Offsets[std::size_t(le)] : 0;
  const vtkIdType np = vtkIdType(p1 - p0);

  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(np);
  vtkNew<vtkFloatArray> width;
  width->SetName("Width");
  width->SetNumberOfTuples(np);
  vtkNew<vtkIntArray> depth;
  depth->SetName("Depth");
  depth->SetNumberOfTuples(np);
  vtkNew<vtkIntArray> color;
  color->SetName("ColorIndex");
  color->SetNumberOfTuples(np);
  for (vtkIdType k = 0; k < np; ++k)
  {
    const std::size_t q = std::size_t(p0 + k);
    pts->SetPoint(k, &geo.Points[3 * q]);
    width->SetValue(k, geo.Width[q]);
    depth->SetValue(k, geo.Depth[q]);
    color->SetValue(k, geo.Color[q]);
  }
  vtkNew<vtkCellArray> lines;
  lines->AllocateExact(le - lb, np);
  for (long long l = lb; l < le; ++l)
  {
    const long long a = geo.Offsets[std::size_t(l)], b = geo.Offsets[std::size_t(l + 1)];
    lines->InsertNextCell(vtkIdType(b - a));
    for (long long q = a; q < b; ++q)
    {
      lines->InsertCellPoint(vtkIdType(q - p0));
    }
  }
  output->SetPoints(pts);
  output->SetLines(lines);
  output->GetPointData()->AddArray(width);
  output->GetPointData()->AddArray(depth);
  output->GetPointData()->AddArray(color);
  output->GetPointData()->SetActiveScalars("Depth");

  vtkNew<vtkDoubleArray> count;
  count->SetName("SymbolCount");
  count->InsertNextValue(double(s.size()));
  output->GetFieldData()->AddArray(count);
  if (!custom && pre.SimilarityN > 0)
  {
    auto addField = [&](const char* name, double v) {
      vtkNew<vtkDoubleArray> a;
      a->SetName(name);
      a->InsertNextValue(v);
      output->GetFieldData()->AddArray(a);
    };
    addField("SimilarityN", pre.SimilarityN);
    addField("SimilarityS", pre.SimilarityS);
    addField(
      "SimilarityDimension", std::log(double(pre.SimilarityN)) / std::log(1.0 / pre.SimilarityS));
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
