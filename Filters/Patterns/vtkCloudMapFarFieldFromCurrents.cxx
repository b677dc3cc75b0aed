// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFarFieldFromCurrents.h"

#include "cmArrayAccess.h"
#include "cmConstants.h"
#include "cmRadiation.h"
#include "cmRanks.h"
#include "cmRefinement.h"

#include "vtkCellData.h"
#include "vtkDataArray.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <algorithm>
#include <cmath>
#include <complex>
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

// Samples lo, lo+step, ..., hi (hi included when it falls on the grid).
std::vector<double> Axis(const double range[2], double step)
{
  std::vector<double> v;
  const long n = static_cast<long>(std::floor((range[1] - range[0]) / step + 1e-9));
  for (long i = 0; i <= n; ++i)
  {
    v.push_back(range[0] + i * step);
  }
  return v;
}

bool IsGhost(vtkUnsignedCharArray* g, vtkIdType c)
{
  return g && (g->GetValue(c) & vtkDataSetAttributes::DUPLICATECELL);
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

  double freq = this->Frequency;
  if (!(freq > 0))
  {
    vtkDataArray* f = surface->GetFieldData()->GetArray("Frequency");
    if (!f && wires)
    {
      f = wires->GetFieldData()->GetArray("Frequency");
    }
    freq = f && f->GetNumberOfTuples() ? f->GetTuple1(0) : 0.0;
  }
  const bool parallel = cm::SeveralRanks();
  freq = cm::AllMax(freq);
  if (!(freq > 0))
  {
    vtkErrorMacro(<< "no frequency: the input has no Frequency field data; set Frequency");
    return 0;
  }
  const double k = 2 * cm::Pi * freq / cm::pattern::SpeedOfLight;

  // Current elements: J·A at surface centroids, I·L along wire segments.
  std::vector<cm::pattern::CurrentElement> elems;
  vtkDataArray* jr = surface->GetCellData()->GetArray("J_real");
  vtkDataArray* ji = surface->GetCellData()->GetArray("J_imag");
  // A rank that fails here must still reach the radiation-vector sum below
  // (the others wait in it): the failure is summed with the vectors and every
  // rank then fails together. Empty pieces (no polygons, no lines) need no
  // arrays and contribute nothing.
  std::string error;
  if (surface->GetNumberOfPolys() > 0 &&
    (!jr || !ji || jr->GetNumberOfComponents() != 3 || ji->GetNumberOfComponents() != 3))
  {
    error = "the surface needs 3-component cell arrays J_real and J_imag";
  }
  else if (wires && wires->GetNumberOfLines() > 0 &&
    (!wires->GetCellData()->GetArray("I_real") || !wires->GetCellData()->GetArray("I_imag")))
  {
    error = "the wires need cell arrays I_real and I_imag";
  }
  const bool failed = !error.empty();
  if (failed)
  {
    vtkErrorMacro(<< error);
    if (!parallel)
    {
      return 0;
    }
  }
  if (!failed && surface->GetNumberOfPolys() > 0)
  {
    vtkUnsignedCharArray* ghosts = surface->GetCellGhostArray();
    for (vtkIdType c = 0; c < surface->GetNumberOfCells(); ++c)
    {
      vtkIdType n;
      const vtkIdType* ids;
      surface->GetCellPoints(c, n, ids);
      if (IsGhost(ghosts, c) || (n != 3 && n != 4))
      {
        continue;
      }
      cm::Vec3 p[4];
      cm::pattern::CurrentElement e;
      e.Position[0] = e.Position[1] = e.Position[2] = 0;
      for (vtkIdType i = 0; i < n; ++i)
      {
        surface->GetPoint(ids[i], p[i].data());
        for (int d = 0; d < 3; ++d)
        {
          e.Position[d] += p[i][d] / n;
        }
      }
      const double area = cm::ElementArea(p, static_cast<int>(n));
      for (int d = 0; d < 3; ++d)
      {
        e.Moment[d] = std::complex<double>(jr->GetComponent(c, d), ji->GetComponent(c, d)) * area;
      }
      elems.push_back(e);
    }
  }
  if (!failed && wires && wires->GetNumberOfLines() > 0)
  {
    vtkDataArray* ir = wires->GetCellData()->GetArray("I_real");
    vtkDataArray* ii = wires->GetCellData()->GetArray("I_imag");
    vtkUnsignedCharArray* ghosts = wires->GetCellGhostArray();
    for (vtkIdType c = 0; c < wires->GetNumberOfCells(); ++c)
    {
      vtkIdType n;
      const vtkIdType* ids;
      wires->GetCellPoints(c, n, ids);
      if (IsGhost(ghosts, c) || n != 2)
      {
        continue;
      }
      double a[3], b[3];
      wires->GetPoint(ids[0], a);
      wires->GetPoint(ids[1], b);
      const std::complex<double> current(ir->GetTuple1(c), ii->GetTuple1(c));
      cm::pattern::CurrentElement e;
      for (int d = 0; d < 3; ++d)
      {
        e.Position[d] = 0.5 * (a[d] + b[d]);
        e.Moment[d] = current * (b[d] - a[d]); // I · L · ŝ
      }
      elems.push_back(e);
    }
  }

  const std::vector<double> th = Axis(this->ThetaRange, this->ThetaStep);
  const std::vector<double> ph = Axis(this->PhiRange, this->PhiStep);
  const std::size_t nt = th.size(), np = ph.size(), ns = nt * np;
  if (ns == 0 || ns > 10000000)
  {
    vtkErrorMacro(<< "the theta/phi grid has " << ns << " samples; it must have 1 to 10^7");
    return 0;
  }
  // Radiation vectors, θ fastest; summed over ranks for distributed inputs. The
  // last two entries are the abort and failure flags, summed with them so
  // every rank agrees on them.
  std::vector<double> nvec(6 * ns + 2);
  nvec[6 * ns + 1] = failed ? 1.0 : 0.0;
  auto body = [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType s = b; s < e; ++s)
    {
      double dir[3];
      const double t = th[s % nt] * cm::Pi / 180, p = ph[s / nt] * cm::Pi / 180;
      dir[0] = std::sin(t) * std::cos(p);
      dir[1] = std::sin(t) * std::sin(p);
      dir[2] = std::cos(t);
      std::complex<double> n[3];
      cm::pattern::RadiationVector(elems, k, dir, n);
      for (int d = 0; d < 3; ++d)
      {
        nvec[6 * s + 2 * d] = n[d].real();
        nvec[6 * s + 2 * d + 1] = n[d].imag();
      }
    }
  };
  // Blocks of directions, so the progress bar moves and Abort is honoured
  // (ns x elements can take minutes).
  const vtkIdType total = static_cast<vtkIdType>(ns);
  const vtkIdType block = std::max<vtkIdType>(256, total / 50);
  for (vtkIdType b = 0; b < total && !failed; b += block)
  {
    vtkSMPTools::For(b, std::min(total, b + block), body);
    this->UpdateProgress(0.95 * double(std::min(total, b + block)) / double(total));
    if (this->GetAbortExecute())
    {
      nvec[6 * ns] = 1;
      break;
    }
  }
  if (parallel)
  {
    cm::AllSum(nvec.data(), static_cast<std::int64_t>(nvec.size()));
    if (nvec[6 * ns + 1] > 0)
    {
      cm::ShareFailure(this, failed, error);
      out->Initialize();
      return 0; // failed on some rank: an error and no table anywhere
    }
    if (nvec[6 * ns] > 0)
    {
      return 1; // aborted on some rank: no table anywhere
    }
    if (cm::LocalRank() != 0)
    {
      return 1; // the table lives on rank 0
    }
  }
  else if (nvec[6 * ns] > 0)
  {
    return 1; // aborted: an empty table
  }

  const char* names[] = { "Theta", "Phi", "Etheta_re", "Etheta_im", "Ephi_re", "Ephi_im",
    "|Etheta|", "|Ephi|", "|E|" };
  std::vector<vtkDoubleArray*> col;
  for (const char* name : names)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(name);
    a->SetNumberOfTuples(ns);
    out->AddColumn(a);
    col.push_back(a);
  }
  std::vector<double> e2(ns);
  for (std::size_t s = 0; s < ns; ++s)
  {
    const std::complex<double> n[3] = { { nvec[6 * s], nvec[6 * s + 1] },
      { nvec[6 * s + 2], nvec[6 * s + 3] }, { nvec[6 * s + 4], nvec[6 * s + 5] } };
    std::complex<double> et, ep;
    cm::pattern::FarFieldFromRadiationVector(
      n, k, th[s % nt] * cm::Pi / 180, ph[s / nt] * cm::Pi / 180, et, ep);
    e2[s] = std::norm(et) + std::norm(ep);
    const double row[9] = { th[s % nt], ph[s / nt], et.real(), et.imag(), ep.real(), ep.imag(),
      std::abs(et), std::abs(ep), std::sqrt(e2[s]) };
    for (int c = 0; c < 9; ++c)
    {
      col[c]->SetValue(s, row[c]);
    }
  }
  // Directivity needs the whole sphere.
  const bool fullTheta = std::abs(th.front()) < 1e-9 && std::abs(th.back() - 180) < 1e-9;
  const bool closing = np > 1 && std::abs(ph.back() - ph.front() - 360) < 1e-9;
  const bool fullPhi =
    closing || (np > 1 && std::abs(ph.back() - ph.front() + this->PhiStep - 360) < 1e-9);
  if (fullTheta && fullPhi)
  {
    const std::vector<double> d = cm::pattern::DirectivityOnGrid(e2, th, ph, closing);
    vtkNew<vtkDoubleArray> gain;
    gain->SetName("Gain");
    gain->SetNumberOfTuples(ns);
    for (std::size_t s = 0; s < ns; ++s)
    {
      gain->SetValue(s, d[s] > 0 ? 10 * std::log10(d[s]) : -999.99);
    }
    out->AddColumn(gain);
  }
  cm::AddFarFieldTags(out->GetFieldData(), freq, nt, np, "Directivity");
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
