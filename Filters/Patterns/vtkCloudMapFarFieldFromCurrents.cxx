// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFarFieldFromCurrents.h"

#include "cmArrayAccess.h"
#include "cmConstants.h"
#include "cmExecution.h"
#include "cmRadiation.h"
#include "cmRanks.h"

#include "vtkCellData.h"
#include "vtkDataArray.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapFarFieldFromCurrents);

vtkCloudMapFarFieldFromCurrents::vtkCloudMapFarFieldFromCurrents()
{
  this->SetNumberOfInputPorts(2);
}

vtkCloudMapFarFieldFromCurrents::~vtkCloudMapFarFieldFromCurrents() = default;

int vtkCloudMapFarFieldFromCurrents::FillInputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPolyData");
  if (port == 1)
  {
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  }
  return 1;
}

namespace
{
namespace pat = cm::pattern;

/// The cells of a poly data, every kind in cell-id order, as plain arrays;
/// Skip marks the duplicate (ghost) cells.
struct PlainCells
{
  std::vector<double> Points;
  std::vector<std::int64_t> Offsets{ 0 }, Ids;
  std::vector<unsigned char> Skip;
};

PlainCells CellsOf(vtkPolyData* pd)
{
  PlainCells out;
  if (pd->GetPoints())
  {
    out.Points = cm::ValuesAsDouble(pd->GetPoints()->GetData());
  }
  vtkUnsignedCharArray* ghosts = pd->GetCellGhostArray();
  for (vtkIdType c = 0; c < pd->GetNumberOfCells(); ++c)
  {
    vtkIdType n;
    const vtkIdType* ids;
    pd->GetCellPoints(c, n, ids);
    out.Ids.insert(out.Ids.end(), ids, ids + n);
    out.Offsets.push_back(static_cast<std::int64_t>(out.Ids.size()));
    out.Skip.push_back(ghosts && (ghosts->GetValue(c) & vtkDataSetAttributes::DUPLICATECELL));
  }
  return out;
}

/// The frequency: `set` when positive, else the surface's Frequency field
/// data, else the wires' (0 when there is none).
double InputFrequency(double set, vtkPolyData* surface, vtkPolyData* wires)
{
  if (set > 0)
  {
    return set;
  }
  vtkDataArray* f = surface->GetFieldData()->GetArray("Frequency");
  f = !f && wires ? wires->GetFieldData()->GetArray("Frequency") : f;
  return f && f->GetNumberOfTuples() ? f->GetTuple1(0) : 0.0;
}

/// The table's columns (and Gain on a full sphere) as double columns of `out`.
void AddColumns(const cm::pattern::FarFieldTable& table, vtkTable* out)
{
  for (int c = 0; c < 10; ++c)
  {
    const std::vector<double>& values = c < 9 ? table.Columns[c] : table.Gain;
    if (c < 9 || !values.empty())
    {
      vtkNew<vtkDoubleArray> a;
      a->SetName(c < 9 ? cm::pattern::FarFieldColumnNames[c] : "Gain");
      a->SetNumberOfTuples(static_cast<vtkIdType>(values.size()));
      std::copy(values.begin(), values.end(), a->GetPointer(0));
      out->AddColumn(a);
    }
  }
}

/// The current elements of the surface (J·A) and the wires (I·L).
std::vector<pat::CurrentElement> ElementsOf(vtkPolyData* surface, vtkPolyData* wires)
{
  std::vector<pat::CurrentElement> elems;
  if (surface->GetNumberOfPolys() > 0)
  {
    const PlainCells c = CellsOf(surface);
    const std::vector<double> jr = cm::ValuesAsDouble(surface->GetCellData()->GetArray("J_real"));
    const std::vector<double> ji = cm::ValuesAsDouble(surface->GetCellData()->GetArray("J_imag"));
    pat::AddSurfaceElements(c.Points.data(), c.Offsets.data(), c.Ids.data(),
      static_cast<std::int64_t>(c.Skip.size()), jr.data(), ji.data(), c.Skip.data(), elems);
  }
  if (wires && wires->GetNumberOfLines() > 0)
  {
    const PlainCells c = CellsOf(wires);
    const std::vector<double> ir = cm::ScalarsOf(wires->GetCellData()->GetArray("I_real"), 0);
    const std::vector<double> ii = cm::ScalarsOf(wires->GetCellData()->GetArray("I_imag"), 0);
    pat::AddWireElements(c.Points.data(), c.Offsets.data(), c.Ids.data(),
      static_cast<std::int64_t>(c.Skip.size()), ir.data(), ii.data(), c.Skip.data(), elems);
  }
  return elems;
}
} // namespace

int vtkCloudMapFarFieldFromCurrents::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* surface = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* wires = inputVector[1]->GetNumberOfInformationObjects()
    ? vtkPolyData::GetData(inputVector[1])
    : nullptr;
  vtkTable* out = vtkTable::GetData(outputVector);
  const bool parallel = cm::SeveralRanks();
  const double freq = cm::AllMax(InputFrequency(this->Frequency, surface, wires));
  if (!(freq > 0))
  {
    vtkErrorMacro(<< "no frequency: the input has no Frequency field data; set Frequency");
    return 0;
  }
  const double k = 2 * cm::Pi * freq / pat::SpeedOfLight;
  // A rank that fails here must still reach the radiation-vector sum below
  // (the others wait in it): the failure is summed with the vectors and every
  // rank then fails together. Empty pieces need no arrays and add nothing.
  vtkDataArray* jr = surface->GetCellData()->GetArray("J_real");
  vtkDataArray* ji = surface->GetCellData()->GetArray("J_imag");
  const std::string error = pat::CheckCurrentsInput(surface->GetNumberOfPolys() > 0,
    jr && ji && jr->GetNumberOfComponents() == 3 && ji->GetNumberOfComponents() == 3,
    wires && wires->GetNumberOfLines() > 0,
    wires && wires->GetCellData()->GetArray("I_real") && wires->GetCellData()->GetArray("I_imag"));
  const bool failed = !error.empty();
  if (failed)
  {
    vtkErrorMacro(<< error);
    if (!parallel)
    {
      return 0;
    }
  }
  const std::vector<pat::CurrentElement> elems =
    failed ? std::vector<pat::CurrentElement>() : ElementsOf(surface, wires);
  const std::vector<double> th = pat::AngleAxis(this->ThetaRange, this->ThetaStep);
  const std::vector<double> ph = pat::AngleAxis(this->PhiRange, this->PhiStep);
  const std::size_t ns = th.size() * ph.size();
  const std::string gridError = pat::CheckFarFieldGrid(th.size(), ph.size());
  if (!gridError.empty())
  {
    vtkErrorMacro(<< gridError);
    return 0;
  }
  // Radiation vectors, summed over ranks; the last two entries are the abort
  // and failure flags, summed with them so every rank agrees on them. Blocks
  // of directions move the progress bar and honour Abort.
  std::vector<double> nvec(6 * ns + 2);
  nvec[6 * ns + 1] = failed ? 1.0 : 0.0;
  bool aborted = false;
  const cm::ParallelFor pf = [&](long long n, const std::function<void(long long, long long)>& b) {
    aborted = !cm::ForWithProgress(this, n, 0.0, 0.95, b, 256);
  };
  if (!failed)
  {
    pat::RadiationVectors(elems, k, th, ph, pf, nvec.data());
  }
  nvec[6 * ns] = aborted ? 1.0 : 0.0;
  if (parallel)
  {
    cm::AllSum(nvec.data(), static_cast<std::int64_t>(nvec.size()));
    if (nvec[6 * ns + 1] > 0)
    {
      cm::ShareFailure(this, failed, error);
      out->Initialize();
      return 0; // failed on some rank: an error and no table anywhere
    }
  }
  if (nvec[6 * ns] > 0 || (parallel && cm::LocalRank() != 0))
  {
    return 1; // aborted (an empty table everywhere), or not rank 0 (the table lives there)
  }
  AddColumns(pat::FarFieldOnGrid(nvec.data(), k, th, ph, this->PhiStep), out);
  cm::AddFarFieldTags(out->GetFieldData(), freq, th.size(), ph.size(), "Directivity");
  return 1;
}

void vtkCloudMapFarFieldFromCurrents::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ThetaRange: " << this->ThetaRange[0] << " " << this->ThetaRange[1] << "\n"
     << indent << "ThetaStep: " << this->ThetaStep << "\n"
     << indent << "PhiRange: " << this->PhiRange[0] << " " << this->PhiRange[1] << "\n"
     << indent << "PhiStep: " << this->PhiStep << "\n"
     << indent << "Frequency: " << this->Frequency << "\n";
}
