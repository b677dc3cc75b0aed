// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapOpenEMSReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmHdf5File.h"
#include "cmOpenEmsNf2ff.h"
#include "cmReaderSync.h"

#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapOpenEMSReader);

cmReaderProcessRequest(vtkCloudMapOpenEMSReader)

namespace
{
/// One frequency of the file with openEMS's own totals.
struct Nf2ffBlock
{
  double Frequency = 0;
  cloudmap::FarFieldGrid Grid;
  double DmaxDbi = 0, Prad = 0;
};

std::vector<Nf2ffBlock> ReadAll(const std::string& name)
{
  cloudmap::Hdf5File h5(name);
  const std::size_t n = cloudmap::OpenEmsNf2ffFrequencies(h5, name).size();
  std::vector<Nf2ffBlock> blocks(n);
  for (std::size_t k = 0; k < n; ++k)
  {
    blocks[k].Grid = cloudmap::ReadOpenEmsNf2ff(h5, name, k, &blocks[k].DmaxDbi, &blocks[k].Prad);
    blocks[k].Frequency = blocks[k].Grid.Frequency;
  }
  return blocks;
}

void AddValue(vtkTable* t, const char* name, double v)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName(name);
  a->InsertNextValue(v);
  t->GetFieldData()->AddArray(a);
}
} // namespace

/// The parsed frequencies, kept until the file changes.
struct vtkCloudMapOpenEMSReader::Internals : cloudmap::ParsedFile<Nf2ffBlock>
{
};

vtkCloudMapOpenEMSReader::vtkCloudMapOpenEMSReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapOpenEMSReader::~vtkCloudMapOpenEMSReader() = default;

int vtkCloudMapOpenEMSReader::CanReadFile(const char* fileName)
{
  if (!fileName || !cloudmap::Hdf5File::IsHdf5(fileName))
  {
    return 0;
  }
  try
  {
    cloudmap::Hdf5File h5(fileName);
    return cloudmap::LooksLikeOpenEmsNf2ff(h5) ? 1 : 0;
  }
  catch (const std::exception&)
  {
    return 0;
  }
}

int vtkCloudMapOpenEMSReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  Internals& in = *this->Internal;
  try
  {
    in.Refresh(this->FileName, ReadAll);
  }
  catch (const std::exception& e)
  {
    // The pipeline will not run RequestData after this: empty the table here, so the
    // previous file's far field does not stay on the output.
    if (vtkTable* out = vtkTable::GetData(outputVector, 0))
    {
      out->Initialize();
    }
    outputVector->GetInformationObject(0)->Remove(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    outputVector->GetInformationObject(0)->Remove(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
    cmReaderError(<< e.what());
    return 0;
  }
  vtkInformation* info = outputVector->GetInformationObject(0);
  info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  cloudmap::SetFrequencyTimeSteps(info, in.Steps);
  return 1;
}

int vtkCloudMapOpenEMSReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkInformation* info = outputVector->GetInformationObject(0);
  vtkTable* out = vtkTable::GetData(info);
  out->Initialize();
  if (in.Stamp.Name != this->FileName || in.Steps.empty())
  {
    cmReaderError(<< "no parsed nf2ff far field for '" << this->FileName << "'");
    return 0;
  }
  const double f = in.Steps[cloudmap::RequestedStep(info, in.Steps)];
  const int piece = info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  for (const Nf2ffBlock& b : in.Blocks)
  {
    if (std::abs(b.Frequency - f) <= 1e-9 * std::abs(f))
    {
      cloudmap::FarFieldToTable(b.Grid, piece, out);
      AddValue(out, "Dmax", b.DmaxDbi);
      AddValue(out, "Prad", b.Prad);
      break;
    }
  }
  if (in.Steps.size() > 1)
  {
    out->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), f);
  }
  return 1;
}

void vtkCloudMapOpenEMSReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
}
