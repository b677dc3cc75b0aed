// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapOpenEMSDumpReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmHdf5File.h"
#include "cmOpenEmsDump.h"
#include "cmReaderSync.h"

#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkRectilinearGrid.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapOpenEMSDumpReader);

cmReaderProcessRequest(vtkCloudMapOpenEMSDumpReader)

/// The checked layout, kept until the file changes.
struct vtkCloudMapOpenEMSDumpReader::Internals
{
  cloudmap::FileStamp Stamp;
  cloudmap::OpenEmsDump Dump;
  std::vector<double> Steps;
};

vtkCloudMapOpenEMSDumpReader::vtkCloudMapOpenEMSDumpReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapOpenEMSDumpReader::~vtkCloudMapOpenEMSDumpReader() = default;

int vtkCloudMapOpenEMSDumpReader::CanReadFile(const char* fileName)
{
  if (!fileName || !cloudmap::Hdf5File::IsHdf5(fileName))
  {
    return 0;
  }
  try
  {
    cloudmap::Hdf5File h5(fileName);
    return cloudmap::LooksLikeOpenEmsDump(h5) ? 1 : 0;
  }
  catch (const std::exception&)
  {
    return 0;
  }
}

int vtkCloudMapOpenEMSDumpReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  Internals& in = *this->Internal;
  vtkInformation* info = outputVector->GetInformationObject(0);
  try
  {
    const cloudmap::FileStamp stamp = cloudmap::FileStamp::Of(this->FileName);
    if (stamp != in.Stamp)
    {
      in = Internals();
      cloudmap::Hdf5File h5(this->FileName);
      in.Dump = cloudmap::ReadOpenEmsDumpLayout(h5, this->FileName);
      for (const auto& s : in.Dump.Steps)
      {
        in.Steps.push_back(s.Value);
      }
      in.Stamp = stamp;
    }
  }
  catch (const std::exception& e)
  {
    in = Internals();
    if (vtkRectilinearGrid* out = vtkRectilinearGrid::GetData(outputVector, 0))
    {
      out->Initialize();
    }
    info->Remove(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    info->Remove(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
    cmReaderError(<< e.what());
    return 0;
  }
  const int ext[6] = { 0, static_cast<int>(in.Dump.X.size()) - 1, 0, static_cast<int>(in.Dump.Y.size()) - 1, 0,
    static_cast<int>(in.Dump.Z.size()) - 1 };
  info->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  info->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
  cloudmap::SetFrequencyTimeSteps(info, in.Steps);
  return 1;
}

namespace
{
vtkNew<vtkDoubleArray> Coordinates(const std::vector<double>& lines, int lo, int hi)
{
  vtkNew<vtkDoubleArray> a;
  for (int k = lo; k <= hi; ++k)
  {
    a->InsertNextValue(lines[static_cast<std::size_t>(k)]);
  }
  return a;
}
} // namespace

int vtkCloudMapOpenEMSDumpReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkRectilinearGrid* out = vtkRectilinearGrid::GetData(info);
  out->Initialize();
  if (in.Stamp.Name != this->FileName || in.Steps.empty())
  {
    cmReaderError(<< "no checked openEMS field dump for '" << this->FileName << "'");
    return 0;
  }
  const std::size_t step = cloudmap::RequestedStep(info, in.Steps);
  const cloudmap::OpenEmsDump& d = in.Dump;
  std::vector<double> re, im;
  try
  {
    cloudmap::Hdf5File h5(this->FileName);
    cloudmap::ReadOpenEmsDumpStep(h5, this->FileName, d, step, re, im);
  }
  catch (const std::exception& e)
  {
    cmReaderError(<< e.what());
    return 0;
  }
  int ext[6] = { 0, static_cast<int>(d.X.size()) - 1, 0, static_cast<int>(d.Y.size()) - 1, 0,
    static_cast<int>(d.Z.size()) - 1 };
  if (info->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    int up[6];
    info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), up);
    for (int a = 0; a < 3; ++a)
    {
      ext[2 * a] = std::max(ext[2 * a], up[2 * a]);
      ext[2 * a + 1] = std::min(ext[2 * a + 1], up[2 * a + 1]);
    }
  }
  vtkNew<vtkDoubleArray> value;
  value->SetName(d.FrequencyDomain ? "Frequency" : "Time");
  value->InsertNextValue(in.Steps[step]);
  out->GetFieldData()->AddArray(value);
  if (in.Steps.size() > 1)
  {
    out->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), in.Steps[step]);
  }
  if (ext[1] < ext[0] || ext[3] < ext[2] || ext[5] < ext[4])
  {
    return 1; // an empty piece
  }
  out->SetExtent(ext);
  out->SetXCoordinates(Coordinates(d.X, ext[0], ext[1]));
  out->SetYCoordinates(Coordinates(d.Y, ext[2], ext[3]));
  out->SetZCoordinates(Coordinates(d.Z, ext[4], ext[5]));

  const std::string name = this->FieldName.empty() ? std::string("E") : this->FieldName;
  vtkNew<vtkDoubleArray> r, i, m;
  r->SetName((d.FrequencyDomain ? name + "_real" : name).c_str());
  i->SetName((name + "_imag").c_str());
  m->SetName(("|" + name + "|").c_str());
  r->SetNumberOfComponents(3);
  i->SetNumberOfComponents(3);
  const vtkIdType n = static_cast<vtkIdType>(ext[1] - ext[0] + 1) * (ext[3] - ext[2] + 1) * (ext[5] - ext[4] + 1);
  r->SetNumberOfTuples(n);
  if (d.FrequencyDomain)
  {
    i->SetNumberOfTuples(n);
  }
  m->SetNumberOfTuples(n);
  const std::size_t nx = d.X.size(), ny = d.Y.size();
  vtkIdType t = 0;
  for (int z = ext[4]; z <= ext[5]; ++z)
  {
    for (int y = ext[2]; y <= ext[3]; ++y)
    {
      for (int x = ext[0]; x <= ext[1]; ++x, ++t)
      {
        const std::size_t p = 3 *
          (static_cast<std::size_t>(x) + nx * (static_cast<std::size_t>(y) + ny * static_cast<std::size_t>(z)));
        double s = 0;
        for (int c = 0; c < 3; ++c)
        {
          r->SetTypedComponent(t, c, re[p + c]);
          s += re[p + c] * re[p + c];
          if (d.FrequencyDomain)
          {
            i->SetTypedComponent(t, c, im[p + c]);
            s += im[p + c] * im[p + c];
          }
        }
        m->SetValue(t, std::sqrt(s));
      }
    }
  }
  out->GetPointData()->AddArray(r);
  if (d.FrequencyDomain)
  {
    out->GetPointData()->AddArray(i);
  }
  out->GetPointData()->AddArray(m);
  out->GetPointData()->SetActiveScalars(m->GetName());
  return 1;
}

void vtkCloudMapOpenEMSDumpReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "FieldName: " << this->FieldName << "\n";
}
