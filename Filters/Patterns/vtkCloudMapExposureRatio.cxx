// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapExposureRatio.h"

#include "cmExposureLimits.h"
#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmRanks.h"

#include "vtkCharArray.h"
#include "vtkContourFilter.h"
#include "vtkDataArray.h"
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
#include "vtkStringArray.h"
#include "vtkProbeFilter.h"
#include "vtkSmartPointer.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCloudMapExposureRatio);

namespace
{
namespace ex = cm::exposure;
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

/// |F|² per point from `<F>_real`/`<F>_imag` (3 components) or `|<F>|`; empty when absent.
std::vector<double> SquaredMagnitude(vtkPointData* pd, const std::string& f, vtkIdType n)
{
  vtkDataArray* re = pd->GetArray((f + "_real").c_str());
  vtkDataArray* im = pd->GetArray((f + "_imag").c_str());
  if (re && im && re->GetNumberOfComponents() == 3 && im->GetNumberOfComponents() == 3 &&
    re->GetNumberOfTuples() == n && im->GetNumberOfTuples() == n)
  {
    return ex::SquaredMagnitudes(cm::ValuesAsDouble(re).data(), cm::ValuesAsDouble(im).data(), n);
  }
  vtkDataArray* mag = pd->GetArray(("|" + f + "|").c_str());
  if (mag && mag->GetNumberOfComponents() == 1 && mag->GetNumberOfTuples() == n)
  {
    return ex::SquaredMagnitudes(cm::ValuesAsDouble(mag).data(), n);
  }
  return std::vector<double>();
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

vtkSmartPointer<vtkDoubleArray> NewArray(const char* name, const std::vector<double>& values)
{
  auto a = NewArray(name, static_cast<vtkIdType>(values.size()));
  std::copy(values.begin(), values.end(), a->GetPointer(0));
  return a;
}

/// The point arrays of the ratios (ExposureRatio_E/_H only when the grid has that field);
/// returns ExposureRatio[dB], the active scalars.
vtkSmartPointer<vtkDoubleArray> AddRatioArrays(const ex::ExposureArrays& r, vtkPointData* pd)
{
  auto db = NewArray("ExposureRatio[dB]", r.RatioDb);
  pd->AddArray(NewArray("ExposureRatio", r.Ratio));
  pd->AddArray(db);
  for (const auto& named :
    { std::make_pair("ExposureRatio_E", &r.E), std::make_pair("ExposureRatio_H", &r.H) })
  {
    if (!named.second->empty())
    {
      pd->AddArray(NewArray(named.first, *named.second));
    }
  }
  pd->AddArray(NewArray("ExposureRatio_S", r.S));
  pd->AddArray(NewArray("S_eq[W_per_m^2]", r.SEq));
  pd->SetActiveScalars("ExposureRatio[dB]");
  return db;
}

/// The ratio in dB (`db`, on a copy of the structure of `grid`) probed at `points`:
/// the values and the valid mask (−inf and 0 where a point misses the grid).
void ProbeRays(vtkDataSet* grid, vtkDataArray* db, const std::vector<double>& points,
  std::vector<double>& samples, std::vector<double>& valid)
{
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  pts->SetNumberOfPoints(static_cast<vtkIdType>(points.size() / 3));
  std::copy(
    points.begin(), points.end(), vtkDoubleArray::SafeDownCast(pts->GetData())->GetPointer(0));
  vtkNew<vtkPolyData> rays;
  rays->SetPoints(pts);
  vtkSmartPointer<vtkDataSet> source = vtkSmartPointer<vtkDataSet>::Take(grid->NewInstance());
  source->CopyStructure(grid);
  source->GetPointData()->AddArray(db);
  vtkNew<vtkProbeFilter> probe;
  probe->SetInputData(rays);
  probe->SetSourceData(source);
  probe->Update();
  vtkDataSet* probed = probe->GetOutput();
  vtkDataArray* values = probed->GetPointData()->GetArray("ExposureRatio[dB]");
  vtkDataArray* mask = probed->GetPointData()->GetArray(probe->GetValidPointMaskArrayName());
  for (vtkIdType k = 0; values && mask && k < pts->GetNumberOfPoints(); ++k)
  {
    if (mask->GetComponent(k, 0) != 0)
    {
      valid[k] = 1;
      samples[k] = values->GetComponent(k, 0);
    }
  }
}

/// The 0 dB contour of `db` over the structure of `grid` into `boundary`.
void ComplianceBoundary(vtkDataSet* grid, vtkDataArray* db, vtkPolyData* boundary)
{
  vtkSmartPointer<vtkDataSet> scalars = vtkSmartPointer<vtkDataSet>::Take(grid->NewInstance());
  scalars->CopyStructure(grid);
  scalars->GetPointData()->SetScalars(db);
  vtkNew<vtkContourFilter> contour;
  contour->SetInputData(scalars);
  contour->SetValue(0, 0.0);
  contour->SetComputeScalars(false);
  contour->SetComputeNormals(true);
  contour->Update();
  boundary->ShallowCopy(contour->GetOutput());
}

/// The field data of both outputs: distances and status per ray, the reference levels
/// (0 where the table gives none: NaN would not survive ParaView's transfers), the
/// transmit power and the compliance origin.
void AddComplianceFieldData(const double distance[6], const int status[6],
  const ex::ReferenceLevels& levels, double power, const double origin[3],
  std::initializer_list<vtkDataSet*> outputs)
{
  auto d = NewArray("ComplianceDistance[m]", 1, 6);
  auto st = vtkSmartPointer<vtkIntArray>::New();
  st->SetName("ComplianceDistanceStatus");
  st->SetNumberOfComponents(6);
  st->SetNumberOfTuples(1);
  for (int r = 0; r < 6; ++r)
  {
    d->SetComponentName(r, ex::RayNames[r]);
    st->SetComponentName(r, ex::RayNames[r]);
    d->SetComponent(0, r, distance[r]);
    st->SetComponent(0, r, status[r]);
  }
  auto refs = NewArray("ReferenceLevels", 1, 3);
  refs->SetComponentName(0, "E[V/m]");
  refs->SetComponentName(1, "H[A/m]");
  refs->SetComponentName(2, "S[W/m^2]");
  refs->SetTuple3(0, std::isnan(levels.E) ? 0.0 : levels.E, std::isnan(levels.H) ? 0.0 : levels.H,
    std::isnan(levels.S) ? 0.0 : levels.S);
  auto p = NewArray("TransmitPower[W]", 1);
  p->SetValue(0, power);
  auto c = NewArray("ComplianceOrigin[m]", 1, 3);
  c->SetTuple(0, origin);
  for (vtkDataSet* out : outputs)
  {
    for (vtkDataArray* a : { static_cast<vtkDataArray*>(d), static_cast<vtkDataArray*>(st),
           static_cast<vtkDataArray*>(refs), static_cast<vtkDataArray*>(p),
           static_cast<vtkDataArray*>(c) })
    {
      out->GetFieldData()->AddArray(a);
    }
  }
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
  const double frequency = FieldValue(input, "Frequency");
  const std::vector<double> e2 = SquaredMagnitude(input->GetPointData(), "E", n);
  const std::vector<double> h2 = SquaredMagnitude(input->GetPointData(), "H", n);
  ex::ReferenceLevels levels;
  double inputPower = 0;
  std::string message =
    ex::CheckExposureInput(standard, frequency, this->TransmitPower, this->InputPower,
      FieldValue(input, "InputPower[W]"), n, !e2.empty() || !h2.empty(), levels, inputPower);
  // A reader that knows why its data has no frequency (a GRASP .cut) says what to set.
  vtkStringArray* hint =
    vtkStringArray::SafeDownCast(input->GetFieldData()->GetAbstractArray("FrequencyMissing"));
  if (!message.empty() && !(frequency > 0) && hint && hint->GetNumberOfValues() > 0)
  {
    message += ": " + hint->GetValue(0);
  }
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
  const ex::ExposureArrays r = ex::ComputeExposure(
    e2, h2, n, scale, levels, static_cast<ex::Quantity>(this->Quantity), cm::SMPItems());
  vtkSmartPointer<vtkDoubleArray> db = AddRatioArrays(r, output->GetPointData());

  // The compliance distances: the ratio in dB along the six axis rays from the source.
  double bounds[6], source[3], origin[3], reach[6], distance[6];
  int status[6];
  const bool any = cm::GlobalBounds(output, bounds);
  for (int d = 0; d < 3; ++d)
  {
    source[d] = FieldValue(input, "SourcePosition[m]", d);
  }
  ex::ComplianceOrigin(
    this->UseSourceCenter, this->SourceCenter, source, any, bounds, origin, reach);
  std::vector<double> samples(6 * ex::RaySamples, -std::numeric_limits<double>::infinity());
  std::vector<double> valid(6 * ex::RaySamples, 0.0);
  if (n > 0)
  {
    ProbeRays(output, db, ex::RayPoints(origin, reach), samples, valid);
    ComplianceBoundary(output, db, boundary); // the 0 dB surface
  }
  else
  {
    boundary->Initialize();
  }
  cm::AllMax(samples.data(), static_cast<std::int64_t>(samples.size()));
  cm::AllMax(valid.data(), static_cast<std::int64_t>(valid.size()));
  ex::ComplianceDistances(reach, samples.data(), valid.data(), distance, status);
  AddComplianceFieldData(
    distance, status, levels, this->TransmitPower, origin, { output, boundary });
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
