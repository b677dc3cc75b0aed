// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOCurrentsReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFileStamp.h"

#include "vtkCellArray.h"
#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "vtkIdTypeArray.h"
#include "cmReaderSync.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOCurrentsReader);

cmReaderProcessRequest(vtkCloudMapFEKOCurrentsReader)

struct vtkCloudMapFEKOCurrentsReader::Internals : cloudmap::ParsedFile<cloudmap::FekoSurfaceCurrents>
{
};

vtkCloudMapFEKOCurrentsReader::vtkCloudMapFEKOCurrentsReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
  this->SetNumberOfOutputPorts(2);
}

vtkCloudMapFEKOCurrentsReader::~vtkCloudMapFEKOCurrentsReader() = default;

namespace
{
void SamplesToPolyData(const cloudmap::FekoCurrentSamples& s, const char* prefix, double frequency,
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
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeFekoCurrents(head) ? 1 : 0;
}

int vtkCloudMapFEKOCurrentsReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  Internals& in = *this->Internal;
  try
  {
    in.Refresh(this->FileName, [](const std::string& name) { return cloudmap::ReadFekoCurrentsFile(name); });
  }
  catch (const std::exception& e)
  {
    cmReaderError(<< e.what());
    return 0;
  }
  for (int port = 0; port < 2; ++port)
  {
    vtkInformation* info = outputVector->GetInformationObject(port);
    info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
    cloudmap::SetFrequencyTimeSteps(info, in.Steps);
  }
  return 1;
}

int vtkCloudMapFEKOCurrentsReader::RequestData(
  vtkInformation* request, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkPolyData* out[2] = { vtkPolyData::GetData(outputVector, 0), vtkPolyData::GetData(outputVector, 1) };
  out[0]->Initialize();
  out[1]->Initialize();
  if (in.Stamp.Name != this->FileName || in.Steps.empty())
  {
    cmReaderError(<< "no parsed FEKO currents for '" << this->FileName << "'");
    return 0;
  }
  // Both ports show the time and piece of the port that asked.
  int from = request->Has(vtkExecutive::FROM_OUTPUT_PORT())
    ? request->Get(vtkExecutive::FROM_OUTPUT_PORT())
    : 0;
  from = from == 1 ? 1 : 0;
  vtkInformation* info = outputVector->GetInformationObject(from);
  const double f = in.Steps[cloudmap::RequestedStep(info, in.Steps)];
  const int piece = info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  const int pieces = info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  for (const auto& b : in.Blocks)
  {
    if (std::abs(b.Frequency - f) <= 1e-9 * std::abs(f))
    {
      SamplesToPolyData(b.Electric, b.Electric.Components == 1 ? "Q" : "J", f, piece, pieces, out[0]);
      SamplesToPolyData(b.Magnetic, "M", f, piece, pieces, out[1]);
      break;
    }
  }
  for (vtkPolyData* o : out)
  {
    if (in.Steps.size() > 1)
    {
      o->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), f);
    }
  }
  return 1;
}

void vtkCloudMapFEKOCurrentsReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
}
