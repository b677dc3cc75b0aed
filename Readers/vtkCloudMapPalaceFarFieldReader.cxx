// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapPalaceFarFieldReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmPalace.h"
#include "cmTextScan.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkTable.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapPalaceFarFieldReader);

/// The parsed blocks, kept until the file changes (the grid is made per request, so the
/// steps and the excitation do not re-read the file).
struct vtkCloudMapPalaceFarFieldReader::Internals
{
  cm::PalaceFarField File;
  std::vector<std::int64_t> Excitations; ///< distinct, ascending
  /// The blocks (index) already warned of as sampled too sparsely for the θ/φ grid.
  std::set<std::size_t> GapWarned;
};

namespace
{
constexpr double Rad = 3.14159265358979323846 / 180;

vtkDoubleArray* NewArray(vtkPolyData* pd, const char* name, int components, vtkIdType n)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName(name);
  a->SetNumberOfComponents(components);
  a->SetNumberOfTuples(n);
  pd->GetPointData()->AddArray(a);
  return a;
}

/// Port 1: the file's samples at their unit directions.
void DirectionsToPolyData(const cm::PalaceFarFieldBlock& b, const cm::FarFieldGrid& g, int piece,
  int pieces, vtkPolyData* out)
{
  // Piece p of n gets rows [N p / n, N (p + 1) / n): the union over the ranks is the file.
  const auto all = static_cast<vtkIdType>(b.Theta.size());
  const vtkIdType first = all * piece / std::max(1, pieces);
  const vtkIdType n = all * (piece + 1) / std::max(1, pieces) - first;
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(n);
  vtkNew<vtkCellArray> verts;
  vtkDoubleArray* a[10];
  const char* names[10] = { "Theta", "Phi", "rE_re", "rE_im", "Etheta_re", "Etheta_im", "Ephi_re",
    "Ephi_im", "|E|", "Gain" };
  for (int c = 0; c < 10; ++c)
  {
    a[c] = NewArray(out, names[c], c == 2 || c == 3 ? 3 : 1, n);
  }
  const double* power = nullptr;
  for (const auto& v : g.Values)
  {
    power = v.first == "IntegratedPower" ? v.second.data() : power;
  }
  for (vtkIdType k = 0; k < n; ++k)
  {
    const auto i = static_cast<std::size_t>(first + k);
    const double t = b.Theta[i] * Rad, p = b.Phi[i] * Rad;
    const double r[3] = { std::sin(t) * std::cos(p), std::sin(t) * std::sin(p), std::cos(t) };
    const double th[3] = { std::cos(t) * std::cos(p), std::cos(t) * std::sin(p), -std::sin(t) };
    const double ph[3] = { -std::sin(p), std::cos(p), 0 };
    pts->SetPoint(k, r);
    verts->InsertNextCell(1, &k);
    const std::complex<double> e[3] = { b.Ex[i], b.Ey[i], b.Ez[i] };
    std::complex<double> et = 0, ep = 0;
    double e2 = 0;
    for (int c = 0; c < 3; ++c)
    {
      a[2]->SetComponent(k, c, e[c].real());
      a[3]->SetComponent(k, c, e[c].imag());
      et += e[c] * th[c];
      ep += e[c] * ph[c];
      e2 += std::norm(e[c]);
    }
    const double d =
      power ? 4 * 3.14159265358979323846 * e2 / (2 * cm::FreeSpaceWaveImpedance * *power) : 0;
    const double v[10] = { b.Theta[i], b.Phi[i], 0, 0, et.real(), et.imag(), ep.real(), ep.imag(),
      std::sqrt(e2),
      d > 0 ? std::max(10 * std::log10(d), cm::NoFieldDecibels) : cm::NoFieldDecibels };
    for (int c : { 0, 1, 4, 5, 6, 7, 8, 9 })
    {
      a[c]->SetValue(k, v[c]);
    }
  }
  out->SetPoints(pts);
  out->SetVerts(verts);
  out->GetPointData()->SetActiveVectors("rE_re");
}
} // namespace

vtkCloudMapPalaceFarFieldReader::vtkCloudMapPalaceFarFieldReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable", "vtkPolyData" }); // pattern, directions
}

vtkCloudMapPalaceFarFieldReader::~vtkCloudMapPalaceFarFieldReader() = default;

int vtkCloudMapPalaceFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikePalaceFarField(head) ? 1 : 0;
}

std::vector<double> vtkCloudMapPalaceFarFieldReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  const cm::FileText text = cm::ReadWholeFile(this->FileName);
  in.File = cm::ParsePalaceFarField(text, this->FileName);
  for (const std::string& w : in.File.Warnings)
  {
    this->WarnOptionalBlock(w, "the blocks from there on are left out");
  }
  std::vector<double> steps;
  for (const cm::PalaceFarFieldBlock& b : in.File.Blocks)
  {
    steps.push_back(in.File.Eigenmode ? static_cast<double>(b.Mode) : b.Frequency);
    in.Excitations.push_back(b.Excitation);
  }
  std::sort(in.Excitations.begin(), in.Excitations.end());
  in.Excitations.erase(
    std::unique(in.Excitations.begin(), in.Excitations.end()), in.Excitations.end());
  return cm::DistinctFrequencies(steps);
}

int vtkCloudMapPalaceFarFieldReader::ReadMesh(int piece, int pieces, int, int step, vtkDataObject*)
{
  this->RequireParsed("Palace far field", false);
  const Internals& in = *this->Internal;
  if (in.File.Blocks.empty())
  {
    throw std::runtime_error("no parsed Palace far field for '" + this->FileName + "'");
  }
  if (static_cast<std::size_t>(this->ExcitationIndex) >= in.Excitations.size())
  {
    throw std::runtime_error(this->FileName + ": Excitation Index " +
      std::to_string(this->ExcitationIndex) + " but the file has " +
      std::to_string(in.Excitations.size()) + " excitation(s)");
  }
  const std::int64_t exc = in.Excitations[static_cast<std::size_t>(this->ExcitationIndex)];
  const double key = this->Steps.empty()
    ? (in.File.Eigenmode ? static_cast<double>(in.File.Blocks[0].Mode)
                         : in.File.Blocks[0].Frequency)
    : this->Steps[static_cast<std::size_t>(step)];
  vtkTable* table = vtkTable::SafeDownCast(this->PortOutput(0));
  vtkPolyData* points = vtkPolyData::SafeDownCast(this->PortOutput(1));
  for (const cm::PalaceFarFieldBlock& b : in.File.Blocks)
  {
    const double k = in.File.Eigenmode ? static_cast<double>(b.Mode) : b.Frequency;
    if (b.Excitation == exc && std::abs(k - key) <= 1e-9 * std::abs(key))
    {
      const cm::FarFieldGrid g = cm::PalaceFarFieldGrid(b, this->ThetaStep, this->PhiStep);
      this->WarnSparse(g, static_cast<std::size_t>(&b - in.File.Blocks.data()));
      cm::FarFieldToTable(g, piece, table);
      DirectionsToPolyData(b, g, piece, pieces, points);
      return 1;
    }
  }
  cm::EmptyFarFieldTable(in.File.Eigenmode ? 0 : key, table); // no block of this excitation
  return 1;
}

void vtkCloudMapPalaceFarFieldReader::WarnSparse(const cm::FarFieldGrid& g, std::size_t block)
{
  // A file that covers the sphere leaves about half its sampling step (22.6 degrees at
  // Palace's default NSample 100); a single cut leaves most of the sphere extrapolated.
  constexpr double largestGap = 45;
  for (const auto& v : g.Values)
  {
    if (v.first == "LargestGap[deg]" && !v.second.empty() && v.second[0] > largestGap &&
      this->Internal->GapWarned.insert(block).second)
    {
      vtkWarningMacro(<< this->FileName << ": the directions of block " << block + 1
                      << " leave a grid direction " << v.second[0]
                      << " degrees from the nearest sample (more than " << largestGap
                      << "): the Pattern output is extrapolated there (field data "
                         "LargestGap[deg]); the Directions output has the samples as they are");
    }
  }
}

void vtkCloudMapPalaceFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ThetaStep: " << this->ThetaStep << "\n";
  os << indent << "PhiStep: " << this->PhiStep << "\n";
  os << indent << "ExcitationIndex: " << this->ExcitationIndex << "\n";
}
