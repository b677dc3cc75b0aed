// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapOpenEMSDumpReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmHdf5File.h"
#include "cmOpenEmsDump.h"

#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkRectilinearGrid.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapOpenEMSDumpReader);

/// The checked layout, kept until the file changes.
struct vtkCloudMapOpenEMSDumpReader::Internals
{
  cm::OpenEmsDump Dump;
};

vtkCloudMapOpenEMSDumpReader::vtkCloudMapOpenEMSDumpReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkRectilinearGrid" });
}

vtkCloudMapOpenEMSDumpReader::~vtkCloudMapOpenEMSDumpReader() = default;

int vtkCloudMapOpenEMSDumpReader::CanReadFile(const char* fileName)
{
  return cm::Hdf5File::LooksLike(fileName, cm::LooksLikeOpenEmsDump) ? 1 : 0;
}

std::vector<double> vtkCloudMapOpenEMSDumpReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  cm::Hdf5File h5(this->FileName);
  in.Dump = cm::ReadOpenEmsDumpLayout(h5, this->FileName);
  std::vector<double> steps;
  for (const auto& s : in.Dump.Steps)
  {
    steps.push_back(s.Value);
  }
  return steps;
}

void vtkCloudMapOpenEMSDumpReader::DescribeOutputPort(int, vtkInformation* info)
{
  const cm::OpenEmsDump& d = this->Internal->Dump;
  const int ext[6] = { 0, static_cast<int>(d.X.size()) - 1, 0, static_cast<int>(d.Y.size()) - 1, 0,
    static_cast<int>(d.Z.size()) - 1 };
  info->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  info->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
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

int vtkCloudMapOpenEMSDumpReader::ReadMesh(int, int, int, int step, vtkDataObject* output)
{
  this->RequireParsed("openEMS field dump");
  vtkInformation* info = this->GetOutputInformation(0);
  vtkRectilinearGrid* out = vtkRectilinearGrid::SafeDownCast(output);
  const cm::OpenEmsDump& d = this->Internal->Dump;
  std::vector<double> re, im;
  {
    cm::Hdf5File h5(this->FileName);
    cm::ReadOpenEmsDumpStep(h5, this->FileName, d, static_cast<std::size_t>(step), re, im);
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
  value->InsertNextValue(this->Steps[static_cast<std::size_t>(step)]);
  out->GetFieldData()->AddArray(value);
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
  const vtkIdType n =
    static_cast<vtkIdType>(ext[1] - ext[0] + 1) * (ext[3] - ext[2] + 1) * (ext[5] - ext[4] + 1);
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
          (static_cast<std::size_t>(x) +
            nx * (static_cast<std::size_t>(y) + ny * static_cast<std::size_t>(z)));
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
  os << indent << "FieldName: " << this->FieldName << "\n";
}
