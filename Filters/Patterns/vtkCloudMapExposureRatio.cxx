// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapExposureRatio.h"

#include "cmExposureLimits.h"
#include "cmFarFieldExposure.h"
#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmRanks.h"

#include "vtkCharArray.h"
#include "vtkContourFilter.h"
#include "vtkDataArray.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkImageData.h"
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
#include "vtkUnsignedCharArray.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

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
double FieldValue(vtkDataObject* d, const char* name, int component = 0)
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

/// Where the compliance distances start (ex::ComplianceOrigin's inputs).
struct Origin
{
  bool UseCenter;
  const double* Center;
  const double* Source;
};

/// The shared second half of both inputs: the ratio arrays on `output`, the compliance
/// distances along the six axis rays from the origin (reduced over ranks), the boundary
/// and the field data of both outputs.
void RateAndBound(vtkDataSet* output, vtkPolyData* boundary, const ex::ExposureArrays& r,
  const Origin& from, const ex::ReferenceLevels& levels, double power, double frequency,
  bool contour = true)
{
  vtkSmartPointer<vtkDoubleArray> db = AddRatioArrays(r, output->GetPointData());
  double bounds[6], origin[3], reach[6], distance[6];
  int status[6];
  const bool any = cm::GlobalBounds(output, bounds);
  ex::ComplianceOrigin(from.UseCenter, from.Center, from.Source, any, bounds, origin, reach);
  std::vector<double> samples(6 * ex::RaySamples, -std::numeric_limits<double>::infinity());
  std::vector<double> valid(6 * ex::RaySamples, 0.0);
  if (output->GetNumberOfPoints() > 0)
  {
    ProbeRays(output, db, ex::RayPoints(origin, reach), samples, valid);
    if (contour)
    {
      ComplianceBoundary(output, db, boundary); // the 0 dB surface
    }
  }
  else if (contour)
  {
    boundary->Initialize();
  }
  cm::AllMax(samples.data(), static_cast<std::int64_t>(samples.size()));
  cm::AllMax(valid.data(), static_cast<std::int64_t>(valid.size()));
  ex::ComplianceDistances(reach, samples.data(), valid.data(), distance, status);
  AddComplianceFieldData(distance, status, levels, power, origin, { output, boundary });
  vtkNew<vtkDoubleArray> f;
  f->SetName("Frequency");
  f->InsertNextValue(frequency);
  boundary->GetFieldData()->AddArray(f);
}

/// The antenna on the site: where it is, how it is turned, what it radiates.
struct Site
{
  const ex::GainGrid& Grid;
  const double* Rotation;
  const double* Center;
  double Power;
  const ex::CubeGrid& Cube;
};

/// The ratios at the points of `extent` of the site's cube: the far-zone S as a plane
/// wave, RMS E² = η0·S and H² = S/η0.
ex::ExposureArrays RateCube(
  const Site& site, const int extent[6], const ex::ReferenceLevels& levels, ex::Quantity quantity)
{
  const std::vector<double> s =
    ex::FarFieldPowerDensity(site.Grid, site.Rotation, site.Center, site.Power, site.Cube, extent);
  std::vector<double> e2(s), h2(s);
  for (std::size_t k = 0; k < s.size(); ++k)
  {
    e2[k] *= ex::FreeSpaceImpedance;
    h2[k] /= ex::FreeSpaceImpedance;
  }
  return ex::ComputeExposure(
    e2, h2, static_cast<std::int64_t>(s.size()), 1.0, levels, quantity, cm::SMPItems());
}

/// The 0 dB surface of the whole cube, for the rank of piece 0 when the ranks split the
/// cube: contoured whole, it equals the serial surface (the pieces' own contours would
/// take one-sided gradients, other normals, at their seams).
void WholeCubeBoundary(
  const Site& site, const ex::ReferenceLevels& levels, ex::Quantity quantity, vtkPolyData* boundary)
{
  const int whole[6] = { 0, site.Cube.N - 1, 0, site.Cube.N - 1, 0, site.Cube.N - 1 };
  const ex::ExposureArrays r = RateCube(site, whole, levels, quantity);
  vtkNew<vtkImageData> cube;
  cube->SetExtent(const_cast<int*>(whole));
  cube->SetOrigin(site.Cube.Origin);
  cube->SetSpacing(site.Cube.Spacing, site.Cube.Spacing, site.Cube.Spacing);
  ComplianceBoundary(cube, NewArray("ExposureRatio[dB]", r.RatioDb), boundary);
}

/// This rank's piece of an n³ cube: its extent (the whole one without a request), whether
/// that is less than the whole, and the piece number.
struct CubePiece
{
  int Extent[6];
  bool Split;
  int Piece;
};

CubePiece PieceOf(vtkInformation* outInfo, int n)
{
  CubePiece c{ { 0, n - 1, 0, n - 1, 0, n - 1 }, false, 0 };
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), c.Extent);
  }
  for (int a = 0; a < 3; ++a)
  {
    c.Split = c.Split || c.Extent[2 * a] != 0 || c.Extent[2 * a + 1] != n - 1;
  }
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()))
  {
    c.Piece = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  }
  return c;
}

/// One field-data value (or tuple) added to both outputs.
void AddFieldValue(const char* name, const double* values, int components,
  std::initializer_list<vtkDataSet*> outputs)
{
  auto a = NewArray(name, 1, components);
  a->SetTuple(0, values);
  for (vtkDataSet* out : outputs)
  {
    out->GetFieldData()->AddArray(a);
  }
}

/// The Theta, Phi and Gain (dBi) columns of a far-field table; "" or what is missing.
std::string ReadGainGrid(vtkTable* table, ex::GainGrid& grid)
{
  vtkDataArray* th = vtkDataArray::SafeDownCast(table->GetColumnByName("Theta"));
  vtkDataArray* ph = vtkDataArray::SafeDownCast(table->GetColumnByName("Phi"));
  vtkDataArray* g = vtkDataArray::SafeDownCast(table->GetColumnByName("Gain"));
  if (!th || !ph || !g)
  {
    return "the far-field table has no Theta, Phi and Gain (dBi) columns "
           "(docs/formats/far-field-table.md)";
  }
  return ex::BuildGainGrid(
    cm::ValuesAsDouble(th), cm::ValuesAsDouble(ph), cm::ValuesAsDouble(g), grid);
}
/// The InFarField point array (0 nearer Center than 2D²/λ) and FarFieldDistance[m] field data.
void FlagNearZone(vtkImageData* output, const ex::CubeGrid& cube, const int extent[6],
  const double center[3], double aperture, double frequency, vtkPolyData* boundary)
{
  // 2D²/λ: nearer than that the far-field estimate does not hold.
  const double d = aperture;
  const double farField = 2 * d * d * frequency / 299792458.0;
  vtkNew<vtkUnsignedCharArray> flag;
  flag->SetName("InFarField");
  flag->SetNumberOfTuples(output->GetNumberOfPoints());
  vtkIdType at = 0;
  for (int k = extent[4]; k <= extent[5]; ++k)
  {
    for (int j = extent[2]; j <= extent[3]; ++j)
    {
      for (int i = extent[0]; i <= extent[1]; ++i, ++at)
      {
        const double p[3] = { cube.Origin[0] + i * cube.Spacing - center[0],
          cube.Origin[1] + j * cube.Spacing - center[1],
          cube.Origin[2] + k * cube.Spacing - center[2] };
        flag->SetValue(at, p[0] * p[0] + p[1] * p[1] + p[2] * p[2] >= farField * farField);
      }
    }
  }
  output->GetPointData()->AddArray(flag);
  AddFieldValue("FarFieldDistance[m]", &farField, 1, { output, boundary });
}

} // namespace

vtkCloudMapExposureRatio::vtkCloudMapExposureRatio()
{
  this->SetNumberOfOutputPorts(2);
}

vtkCloudMapExposureRatio::~vtkCloudMapExposureRatio() = default;

int vtkCloudMapExposureRatio::FillInputPortInformation(int port, vtkInformation* info)
{
  // A near-field grid, or a far-field table placed in the scene.
  info->Remove(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE());
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  info->Append(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkTable");
  return port == 0 ? 1 : 0;
}

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
  // Port 0 has the input's type (vtkDataSetAlgorithm would give it to both ports), or is
  // the cube around a far-field table's antenna.
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkTable* table = vtkTable::GetData(inputVector[0]);
  if (!input && !table)
  {
    return 0;
  }
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkDataSet* output = vtkDataSet::GetData(info);
  const char* type = input ? input->GetClassName() : "vtkImageData";
  if (!output || !output->IsA(type))
  {
    vtkDataSet* fresh = input ? input->NewInstance() : vtkImageData::New();
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

int vtkCloudMapExposureRatio::RequestInformation(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // A table's cube: Resolution points per axis, split by extent over the ranks (its
  // origin and spacing follow from the gain, known in RequestData).
  if (vtkTable::GetData(inputVector[0]))
  {
    vtkInformation* outInfo = outputVector->GetInformationObject(0);
    const int extent[6] = { 0, this->Resolution - 1, 0, this->Resolution - 1, 0,
      this->Resolution - 1 };
    outInfo->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), extent, 6);
    outInfo->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
  }
  return 1;
}

int vtkCloudMapExposureRatio::RequestUpdateExtent(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  if (vtkTable::GetData(inputVector[0]))
  {
    // Every rank rates its piece of the cube from the whole table.
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(), 0);
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(), 1);
    inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), 0);
    return 1;
  }
  return this->Superclass::RequestUpdateExtent(request, inputVector, outputVector);
}

int vtkCloudMapExposureRatio::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  if (vtkTable* table = vtkTable::GetData(inputVector[0]))
  {
    return this->RequestFarField(table, outputVector);
  }
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
  double source[3];
  for (int d = 0; d < 3; ++d)
  {
    source[d] = FieldValue(input, "SourcePosition[m]", d);
  }
  RateAndBound(output, boundary, r, Origin{ this->UseSourceCenter, this->SourceCenter, source },
    levels, this->TransmitPower, frequency);
  return 1;
}

int vtkCloudMapExposureRatio::RequestFarField(vtkTable* table, vtkInformationVector* outputVector)
{
  vtkImageData* output = vtkImageData::GetData(outputVector, 0);
  vtkPolyData* boundary = vtkPolyData::GetData(outputVector, 1);
  const auto standard = static_cast<ex::Standard>(this->Standard);
  const double frequency = FieldValue(table, "Frequency");
  ex::GainGrid grid;
  ex::ReferenceLevels levels;
  double power = 0;
  // The columns first: a table that is no far-field grid is told so before its frequency.
  std::string message = ReadGainGrid(table, grid);
  message = !message.empty()
    ? message
    : ex::CheckExposureInput(standard, frequency, this->TransmitPower, 0, this->TransmitPower,
        table->GetNumberOfRows(), true, levels, power);
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
  // The cube: RegionHalfWidth, or twice the far-field compliance distance of the peak.
  const double sLimit = ex::PowerDensityLimit(levels.S, levels.E);
  const double reach = ex::FarFieldComplianceDistance(power, grid.Peak, sLimit);
  const double half = this->RegionHalfWidth > 0 ? this->RegionHalfWidth : 2 * reach;
  const ex::CubeGrid cube = ex::MakeCube(this->Center, half, this->Resolution);
  const CubePiece mine = PieceOf(outputVector->GetInformationObject(0), cube.N);
  const int* extent = mine.Extent;
  output->SetExtent(const_cast<int*>(extent));
  output->SetOrigin(cube.Origin);
  output->SetSpacing(cube.Spacing, cube.Spacing, cube.Spacing);
  double rotation[9];
  ex::MountRotation(this->Azimuth, this->Downtilt, rotation);
  const Site site{ grid, rotation, this->Center, power, cube };
  const auto quantity = static_cast<ex::Quantity>(this->Quantity);
  const ex::ExposureArrays r = RateCube(site, extent, levels, quantity);
  const bool split = mine.Split;
  if (split && mine.Piece == 0)
  {
    WholeCubeBoundary(site, levels, quantity, boundary);
  }
  else if (split)
  {
    boundary->Initialize();
  }
  RateAndBound(output, boundary, r, Origin{ true, this->Center, this->Center }, levels, power,
    frequency, !split);
  if (this->ApertureSize > 0) // after the contour, which replaces the boundary's field data
  {
    FlagNearZone(output, cube, extent, this->Center, this->ApertureSize, frequency, boundary);
  }
  const double boresight[3] = { rotation[0], rotation[3], rotation[6] };
  const double peakDb = 10 * std::log10(grid.Peak);
  AddFieldValue("Boresight", boresight, 3, { output, boundary });
  AddFieldValue("PeakGain[dBi]", &peakDb, 1, { output, boundary });
  AddFieldValue("FarFieldComplianceDistance[m]", &reach, 1, { output, boundary });
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
  os << indent << "Center: " << this->Center[0] << " " << this->Center[1] << " " << this->Center[2]
     << "\n";
  os << indent << "Azimuth: " << this->Azimuth << "\n";
  os << indent << "Downtilt: " << this->Downtilt << "\n";
  os << indent << "RegionHalfWidth: " << this->RegionHalfWidth << "\n";
  os << indent << "Resolution: " << this->Resolution << "\n";
  os << indent << "ApertureSize: " << this->ApertureSize << "\n";
}
