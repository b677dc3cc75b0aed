// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapOpenEMSReader.h"

#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmHdf5File.h"
#include "cmOpenEmsNf2ff.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapOpenEMSReader);

namespace
{
/// One frequency of the file with openEMS's own totals.
struct Nf2ffBlock
{
  double Frequency = 0;
  cm::FarFieldGrid Grid;
  double DmaxDbi = 0, Prad = 0;
};

std::vector<Nf2ffBlock> ReadAll(const std::string& name)
{
  cm::Hdf5File h5(name);
  const std::size_t n = cm::OpenEmsNf2ffFrequencies(h5, name).size();
  std::vector<Nf2ffBlock> blocks(n);
  for (std::size_t k = 0; k < n; ++k)
  {
    blocks[k].Grid = cm::ReadOpenEmsNf2ff(h5, name, k, &blocks[k].DmaxDbi, &blocks[k].Prad);
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
struct vtkCloudMapOpenEMSReader::Internals
{
  std::vector<Nf2ffBlock> Blocks;
};

vtkCloudMapOpenEMSReader::vtkCloudMapOpenEMSReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapOpenEMSReader::~vtkCloudMapOpenEMSReader() = default;

int vtkCloudMapOpenEMSReader::CanReadFile(const char* fileName)
{
  return cm::Hdf5File::LooksLike(fileName, cm::LooksLikeOpenEmsNf2ff) ? 1 : 0;
}

std::vector<double> vtkCloudMapOpenEMSReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  in.Blocks = ReadAll(this->FileName);
  return cm::FrequencySteps(in.Blocks);
}

int vtkCloudMapOpenEMSReader::ReadMesh(int piece, int, int, int step, vtkDataObject* output)
{
  this->RequireParsed("nf2ff far field");
  vtkTable* out = vtkTable::SafeDownCast(output);
  const double f = this->Steps[static_cast<std::size_t>(step)];
  for (const Nf2ffBlock& b : this->Internal->Blocks)
  {
    if (std::abs(b.Frequency - f) <= 1e-9 * std::abs(f))
    {
      cm::FarFieldToTable(b.Grid, piece, out);
      AddValue(out, "Dmax", b.DmaxDbi);
      AddValue(out, "Prad", b.Prad);
      break;
    }
  }
  return 1;
}

void vtkCloudMapOpenEMSReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
