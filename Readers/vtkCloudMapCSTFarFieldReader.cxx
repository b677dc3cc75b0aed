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
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeCstFarField(head) ? 1 : 0;
}

int vtkCloudMapCSTFarFieldReader::ReadMesh(int piece, int, int, int, vtkDataObject* output)
{
  cm::FarFieldGrid g = cm::ReadCstFarFieldFile(this->FileName);
  g.Frequency = this->Frequency;
  cm::FarFieldToTable(g, piece, vtkTable::SafeDownCast(output));
  return 1;
}

void vtkCloudMapCSTFarFieldReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Frequency: " << this->Frequency << "\n";
}
