// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapCSTFarFieldReader.h"

#include "cmCstFarField.h"
#include "cmFarFieldToVTK.h"
#include "cmFileStamp.h"

#include "vtkObjectFactory.h"
#include "vtkTable.h"

vtkStandardNewMacro(vtkCloudMapCSTFarFieldReader);

vtkCloudMapCSTFarFieldReader::vtkCloudMapCSTFarFieldReader()
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapCSTFarFieldReader::~vtkCloudMapCSTFarFieldReader() = default;

int vtkCloudMapCSTFarFieldReader::CanReadFile(const char* fileName)
{
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeCstFarField(head) ? 1 : 0;
}

int vtkCloudMapCSTFarFieldReader::ReadMesh(int piece, int, int, int, vtkDataObject* output)
{
  cloudmap::FarFieldGrid g = cloudmap::ReadCstFarFieldFile(this->FileName);
  g.Frequency = this->Frequency;
  cloudmap::FarFieldToTable(g, piece, vtkTable::SafeDownCast(output));
  return 1;
}

void vtkCloudMapCSTFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Frequency: " << this->Frequency << "\n";
}
