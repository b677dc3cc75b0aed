// SPDX-License-Identifier: BSD-3-Clause
#include "cmFarFieldToVTK.h"

#include "cmArrayAccess.h" // cm::AddFarFieldTags, cm::AddFieldString

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <algorithm>
#include <cmath>

namespace cm
{
namespace
{
void AddColumn(vtkTable* t, const char* name, const std::vector<double>& v, vtkIdType n)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName(name);
  a->SetNumberOfTuples(n);
  for (vtkIdType i = 0; i < n; ++i)
  {
    a->SetValue(i, v[static_cast<std::size_t>(i)]);
  }
  t->AddColumn(a);
}

} // namespace

void EmptyFarFieldTable(double frequency, vtkTable* output)
{
  output->Initialize();
  vtkNew<vtkDoubleArray> f;
  f->SetName("Frequency");
  f->InsertNextValue(frequency);
  output->GetFieldData()->AddArray(f);
}

void FarFieldToTable(const FarFieldGrid& g, int piece, vtkTable* output)
{
  output->Initialize();
  const vtkIdType n = piece == 0 ? static_cast<vtkIdType>(g.NumberOfSamples()) : 0;
  AddColumn(output, "Theta", g.Theta, n);
  AddColumn(output, "Phi", g.Phi, n);
  AddColumn(output, "Etheta_re", g.EthetaRe, n);
  AddColumn(output, "Etheta_im", g.EthetaIm, n);
  AddColumn(output, "Ephi_re", g.EphiRe, n);
  AddColumn(output, "Ephi_im", g.EphiIm, n);
  std::vector<double> mt(static_cast<std::size_t>(n)), mp(mt.size()), me(mt.size());
  for (std::size_t i = 0; i < mt.size(); ++i)
  {
    mt[i] = std::hypot(g.EthetaRe[i], g.EthetaIm[i]);
    mp[i] = std::hypot(g.EphiRe[i], g.EphiIm[i]);
    me[i] = std::hypot(mt[i], mp[i]);
  }
  AddColumn(output, "|Etheta|", mt, n);
  AddColumn(output, "|Ephi|", mp, n);
  AddColumn(output, "|E|", me, n);
  if (!g.Gain.empty())
  {
    AddColumn(output, "Gain", g.Gain, n);
  }
  for (const auto& c : g.Extra)
  {
    AddColumn(output, c.first.c_str(), c.second, n);
  }
  if (!g.Sense.empty())
  {
    vtkNew<vtkStringArray> s;
    s->SetName("Sense");
    s->SetNumberOfValues(n);
    for (vtkIdType i = 0; i < n; ++i)
    {
      s->SetValue(i, g.Sense[static_cast<std::size_t>(i)]);
    }
    output->AddColumn(s);
  }
  vtkFieldData* fd = output->GetFieldData();
  cm::AddFarFieldTags(fd, g.Frequency, g.NumberOfTheta, g.NumberOfPhi, g.GainKind);
  cm::AddFieldString(fd, "SourceFormat", g.SourceFormat);
  if (!g.Name.empty())
  {
    cm::AddFieldString(fd, "RequestName", g.Name);
  }
  if (!g.FieldUnit.empty())
  {
    cm::AddFieldString(fd, "FieldUnit", g.FieldUnit);
  }
  for (const auto& v : g.Values)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(v.first.c_str());
    a->SetNumberOfComponents(static_cast<int>(v.second.size()));
    a->InsertNextTuple(v.second.data());
    fd->AddArray(a);
  }
}

std::vector<double> DistinctFrequencies(std::vector<double> f)
{
  std::sort(f.begin(), f.end());
  f.erase(std::unique(f.begin(), f.end()), f.end());
  return f;
}

void SetFrequencyTimeSteps(vtkInformation* outInfo, const std::vector<double>& steps)
{
  outInfo->Remove(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
  outInfo->Remove(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
  if (steps.size() < 2)
  {
    return;
  }
  outInfo->Set(
    vtkStreamingDemandDrivenPipeline::TIME_STEPS(), steps.data(), static_cast<int>(steps.size()));
  const double range[2] = { steps.front(), steps.back() };
  outInfo->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
}

std::size_t RequestedStep(vtkInformation* outInfo, const std::vector<double>& steps)
{
  if (steps.size() < 2 || !outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()))
  {
    return 0;
  }
  const double t = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP());
  // Exact frequencies usually; otherwise the step whose interval holds t (ParaView's
  // "snap to time steps" convention), clamped to the ends.
  auto it = std::upper_bound(steps.begin(), steps.end(), t + 1e-9 * std::abs(t));
  if (it == steps.begin())
  {
    return 0;
  }
  return static_cast<std::size_t>(it - steps.begin()) - 1;
}
const FarFieldGrid* GridAtFrequency(const std::vector<FarFieldGrid>& grids, double f)
{
  for (const FarFieldGrid& g : grids)
  {
    if (std::abs(g.Frequency - f) <= 1e-9 * std::abs(f))
    {
      return &g;
    }
  }
  return nullptr;
}

} // namespace cm
