// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapExposureRatio.h"

#include "cmExposureLimits.h"
#include "cmRanks.h"

#include "vtkCharArray.h"
#include "vtkContourFilter.h"
#include "vtkDataArray.h"
#include "vtkDataArrayRange.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkProbeFilter.h"
#include "vtkSmartPointer.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapExposureRatio);

namespace
{
namespace ex = cm::exposure;
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
/// Samples per axis ray for the compliance distances.
constexpr int RaySamples = 2000;
const char* const DirectionNames[6] = { "+x", "-x", "+y", "-y", "+z", "-z" };

/// |F|² per point from `<F>_real`/`<F>_imag` (3 components) or `|<F>|`; empty when absent.
std::vector<double> SquaredMagnitude(vtkPointData* pd, const std::string& f, vtkIdType n)
{
  std::vector<double> out;
  vtkDataArray* re = pd->GetArray((f + "_real").c_str());
  vtkDataArray* im = pd->GetArray((f + "_imag").c_str());
  if (re && im && re->GetNumberOfComponents() == 3 && im->GetNumberOfComponents() == 3 &&
    re->GetNumberOfTuples() == n && im->GetNumberOfTuples() == n)
  {
    out.assign(static_cast<std::size_t>(n), 0.0);
    const auto r = vtk::DataArrayTupleRange<3>(re);
    const auto i = vtk::DataArrayTupleRange<3>(im);
    for (vtkIdType k = 0; k < n; ++k)
    {
      double s = 0;
      for (int c = 0; c < 3; ++c)
      {
        const double a = r[k][c], b = i[k][c];
        s += a * a + b * b;
      }
      out[static_cast<std::size_t>(k)] = s;
    }
    return out;
  }
  vtkDataArray* mag = pd->GetArray(("|" + f + "|").c_str());
  if (mag && mag->GetNumberOfComponents() == 1 && mag->GetNumberOfTuples() == n)
  {
    out.resize(static_cast<std::size_t>(n));
    const auto m = vtk::DataArrayValueRange<1>(mag);
    for (vtkIdType k = 0; k < n; ++k)
    {
      out[static_cast<std::size_t>(k)] = m[k] * m[k];
    }
  }
  return out;
}

/// The first value of field-data array `name`, or NaN.
double FieldValue(vtkDataSet* d, const char* name, int component = 0)
{
  vtkDataArray* a = d->GetFieldData()->GetArray(name);
  if (!a || a->GetNumberOfTuples() < 1 || component >= a->GetNumberOfComponents())
  {
    return NaN;
  }
  return a->GetComponent(0, component);
}

vtkSmartPointer<vtkDoubleArray> NewArray(const char* name, vtkIdType n, int components = 1)
{
  auto a = vtkSmartPointer<vtkDoubleArray>::New();
  a->SetName(name);
  a->SetNumberOfComponents(components);
  a->SetNumberOfTuples(n);
  return a;
}
} // namespace

vtkCloudMapExposureRatio::vtkCloudMapExposureRatio()
{
  this->SetNumberOfOutputPorts(2);
}

vtkCloudMapExposureRatio::~vtkCloudMapExposureRatio() = default;

int vtkCloudMapExposureRatio::FillOutputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkDataObject::DATA_TYPE_NAME(), "vtkPolyData");
    return 1;
  }
  return this->Superclass::FillOutputPortInformation(port, info);
}

int vtkCloudMapExposureRatio::RequestDataObject(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // Port 0 has the input's type (vtkDataSetAlgorithm would give it to both ports).
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  if (!input)
  {
    return 0;
  }
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkDataSet* output = vtkDataSet::GetData(info);
  if (!output || !output->IsA(input->GetClassName()))
  {
    vtkDataSet* fresh = input->NewInstance();
    info->Set(vtkDataObject::DATA_OBJECT(), fresh);
    fresh->FastDelete();
  }
  info = outputVector->GetInformationObject(1);
  if (!vtkPolyData::GetData(info))
  {
    vtkNew<vtkPolyData> surface;
    info->Set(vtkDataObject::DATA_OBJECT(), surface);
  }
  return 1;
}

int vtkCloudMapExposureRatio::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkDataSet* output = vtkDataSet::GetData(outputVector, 0);
  vtkPolyData* boundary = vtkPolyData::GetData(outputVector, 1);
  output->ShallowCopy(input);
  const vtkIdType n = input->GetNumberOfPoints();
  const auto standard = static_cast<ex::Standard>(this->Standard);

  // Validate; every rank votes before anything collective.
  std::ostringstream error;
  const double frequency = FieldValue(input, "Frequency");
  ex::ReferenceLevels levels;
  double inputPower = this->InputPower;
  std::vector<double> e2, h2;
  if (!(frequency > 0) || !std::isfinite(frequency))
  {
    error << "the grid has no field data Frequency (Hz): exposure limits depend on frequency";
  }
  else if (!(levels = ex::LevelsAt(standard, frequency)).Valid)
  {
    error << "the grid's frequency " << frequency * 1e-6 << " MHz is outside the "
          << ex::StandardName(standard) << " table (" << ex::MinimumFrequency(standard) * 1e-6
          << " to " << ex::MaximumFrequency(standard) * 1e-6 << " MHz)";
  }
  else if (!(this->TransmitPower > 0) || !std::isfinite(this->TransmitPower))
  {
    error << "Transmit Power must be positive (W), not " << this->TransmitPower;
  }
  else if (this->InputPower < 0 || !std::isfinite(this->InputPower))
  {
    error << "Input Power must be positive (W), or 0 to take the grid's InputPower[W], not "
          << this->InputPower;
  }
  else if (n > 0 && inputPower == 0 && !((inputPower = FieldValue(input, "InputPower[W]")) > 0))
  {
    error << "the grid has no positive field data InputPower[W] (the solve's input power); "
             "set Input Power (W)";
  }
  else if (n > 0)
  {
    vtkPointData* pd = input->GetPointData();
    e2 = SquaredMagnitude(pd, "E", n);
    h2 = SquaredMagnitude(pd, "H", n);
    if (e2.empty() && h2.empty())
    {
      error << "the grid has no field arrays: E_real/E_imag or |E| (V/m), H_real/H_imag or "
               "|H| (A/m)";
    }
  }
  const std::string message = error.str();
  if (!message.empty())
  {
    vtkErrorMacro(<< message);
  }
  if (cm::VoteAcrossRanks(this, !message.empty(), message).Failed)
  {
    output->Initialize();
    boundary->Initialize();
    return 0;
  }

  // RMS² per point at the transmit power: ½|F_peak|² · P/P_in.
  const double scale = (this->PeakAmplitudes ? 0.5 : 1.0) * this->TransmitPower / inputPower;
  const auto quantity = static_cast<ex::Quantity>(this->Quantity);
  auto ratio = NewArray("ExposureRatio", n);
  auto db = NewArray("ExposureRatio[dB]", n);
  auto rE = NewArray("ExposureRatio_E", e2.empty() ? 0 : n);
  auto rH = NewArray("ExposureRatio_H", h2.empty() ? 0 : n);
  auto rS = NewArray("ExposureRatio_S", n);
  auto seq = NewArray("S_eq[W/m^2]", n);
  for (vtkIdType k = 0; k < n; ++k)
  {
    const auto i = static_cast<std::size_t>(k);
    const double eRms = e2.empty() ? NaN : std::sqrt(e2[i] * scale);
    const double hRms = h2.empty() ? NaN : std::sqrt(h2[i] * scale);
    const ex::Ratios r = ex::RatiosAt(levels, eRms, hRms);
    double value = r.Of(quantity);
    if (std::isnan(value))
    {
      value = r.Max; // the quantity needs a field the grid lacks
    }
    ratio->SetValue(k, value);
    db->SetValue(k, 10 * std::log10(std::max(value, 1e-30)));
    if (!e2.empty())
    {
      rE->SetValue(k, r.E);
    }
    if (!h2.empty())
    {
      rH->SetValue(k, r.H);
    }
    rS->SetValue(k, r.S);
    const double se = e2.empty() ? 0 : eRms * eRms / ex::FreeSpaceImpedance;
    const double sh = h2.empty() ? 0 : ex::FreeSpaceImpedance * hRms * hRms;
    seq->SetValue(k, std::max(se, sh));
  }
  vtkPointData* opd = output->GetPointData();
  opd->AddArray(ratio);
  opd->AddArray(db);
  if (!e2.empty())
  {
    opd->AddArray(rE);
  }
  if (!h2.empty())
  {
    opd->AddArray(rH);
  }
  opd->AddArray(rS);
  opd->AddArray(seq);
  opd->SetActiveScalars("ExposureRatio[dB]");

  // The compliance distances: the ratio in dB along the six axis rays from the source.
  double bounds[6];
  const bool any = cm::GlobalBounds(output, bounds);
  double c[3] = { this->SourceCenter[0], this->SourceCenter[1], this->SourceCenter[2] };
  if (!this->UseSourceCenter)
  {
    for (int d = 0; d < 3; ++d)
    {
      c[d] = FieldValue(input, "SourcePosition[m]", d);
      if (std::isnan(c[d]))
      {
        c[d] = any ? 0.5 * (bounds[2 * d] + bounds[2 * d + 1]) : 0.0;
      }
    }
  }
  double reach[6];
  for (int r = 0; r < 6; ++r)
  {
    const int axis = r / 2;
    reach[r] =
      !any ? 0 : (r % 2 == 0 ? bounds[2 * axis + 1] - c[axis] : c[axis] - bounds[2 * axis]);
  }
  std::vector<double> samples(6 * RaySamples, -std::numeric_limits<double>::infinity());
  std::vector<double> valid(6 * RaySamples, 0.0);
  if (n > 0)
  {
    vtkNew<vtkPoints> pts;
    pts->SetDataTypeToDouble();
    pts->SetNumberOfPoints(6 * RaySamples);
    for (int r = 0; r < 6; ++r)
    {
      const int axis = r / 2;
      const double sign = r % 2 == 0 ? 1.0 : -1.0;
      for (int s = 0; s < RaySamples; ++s)
      {
        double p[3] = { c[0], c[1], c[2] };
        p[axis] += sign * std::max(reach[r], 0.0) * s / (RaySamples - 1);
        pts->SetPoint(r * RaySamples + s, p);
      }
    }
    vtkNew<vtkPolyData> rays;
    rays->SetPoints(pts);
    vtkSmartPointer<vtkDataSet> source = vtkSmartPointer<vtkDataSet>::Take(output->NewInstance());
    source->CopyStructure(output);
    source->GetPointData()->AddArray(db);
    vtkNew<vtkProbeFilter> probe;
    probe->SetInputData(rays);
    probe->SetSourceData(source);
    probe->Update();
    vtkDataSet* probed = probe->GetOutput();
    vtkDataArray* values = probed->GetPointData()->GetArray("ExposureRatio[dB]");
    vtkDataArray* mask = probed->GetPointData()->GetArray(probe->GetValidPointMaskArrayName());
    if (values && mask)
    {
      for (int k = 0; k < 6 * RaySamples; ++k)
      {
        if (mask->GetComponent(k, 0) != 0)
        {
          valid[k] = 1;
          samples[k] = values->GetComponent(k, 0);
        }
      }
    }
  }
  cm::AllMax(samples.data(), static_cast<std::int64_t>(samples.size()));
  cm::AllMax(valid.data(), static_cast<std::int64_t>(valid.size()));
  // Field data stays finite (NaN and inf do not survive ParaView's transfers between
  // processes): a boundary beyond the grid gives the distance to the grid's edge with
  // status 2, a ray that misses the grid -1 with status 3.
  auto distance = NewArray("ComplianceDistance[m]", 1, 6);
  auto status = vtkSmartPointer<vtkIntArray>::New();
  status->SetName("ComplianceDistanceStatus");
  status->SetNumberOfComponents(6);
  status->SetNumberOfTuples(1);
  for (int r = 0; r < 6; ++r)
  {
    distance->SetComponentName(r, DirectionNames[r]);
    status->SetComponentName(r, DirectionNames[r]);
    double value = NaN;
    if (reach[r] > 0)
    {
      std::vector<double> t(RaySamples);
      std::vector<unsigned char> ok(RaySamples);
      for (int s = 0; s < RaySamples; ++s)
      {
        t[s] = reach[r] * s / (RaySamples - 1);
        ok[s] = valid[r * RaySamples + s] != 0 ? 1 : 0;
      }
      value =
        ex::ComplianceDistance(t.data(), samples.data() + r * RaySamples, ok.data(), RaySamples);
    }
    int code = 0;
    if (std::isnan(value))
    {
      code = 3;
      value = -1;
    }
    else if (std::isinf(value))
    {
      code = 2;
      value = reach[r];
    }
    else if (value == 0)
    {
      code = 1;
    }
    distance->SetComponent(0, r, value);
    status->SetComponent(0, r, code);
  }
  auto refs = NewArray("ReferenceLevels", 1, 3);
  refs->SetComponentName(0, "E[V/m]");
  refs->SetComponentName(1, "H[A/m]");
  refs->SetComponentName(2, "S[W/m^2]");
  // 0 where the table gives no level (NaN would not survive the transfers either).
  refs->SetTuple3(0, std::isnan(levels.E) ? 0.0 : levels.E, std::isnan(levels.H) ? 0.0 : levels.H,
    std::isnan(levels.S) ? 0.0 : levels.S);
  auto power = NewArray("TransmitPower[W]", 1);
  power->SetValue(0, this->TransmitPower);
  auto center = NewArray("ComplianceOrigin[m]", 1, 3);
  center->SetTuple(0, c);
  // The compliance boundary: the 0 dB surface.
  if (n > 0)
  {
    vtkSmartPointer<vtkDataSet> scalars = vtkSmartPointer<vtkDataSet>::Take(output->NewInstance());
    scalars->CopyStructure(output);
    scalars->GetPointData()->SetScalars(db);
    vtkNew<vtkContourFilter> contour;
    contour->SetInputData(scalars);
    contour->SetValue(0, 0.0);
    contour->SetComputeScalars(false);
    contour->SetComputeNormals(true);
    contour->Update();
    boundary->ShallowCopy(contour->GetOutput());
  }
  else
  {
    boundary->Initialize();
  }
  for (vtkDataSet* d : { output, static_cast<vtkDataSet*>(boundary) })
  {
    vtkFieldData* fd = d->GetFieldData();
    fd->AddArray(distance);
    fd->AddArray(status);
    fd->AddArray(refs);
    fd->AddArray(power);
    fd->AddArray(center);
  }

  vtkNew<vtkDoubleArray> f;
  f->SetName("Frequency");
  f->InsertNextValue(frequency);
  boundary->GetFieldData()->AddArray(f);
  return 1;
}

void vtkCloudMapExposureRatio::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Standard: " << this->Standard << "\n";
  os << indent << "Quantity: " << this->Quantity << "\n";
  os << indent << "TransmitPower: " << this->TransmitPower << "\n";
  os << indent << "InputPower: " << this->InputPower << "\n";
  os << indent << "PeakAmplitudes: " << this->PeakAmplitudes << "\n";
  os << indent << "UseSourceCenter: " << this->UseSourceCenter << "\n";
  os << indent << "SourceCenter: " << this->SourceCenter[0] << " " << this->SourceCenter[1] << " "
     << this->SourceCenter[2] << "\n";
}
