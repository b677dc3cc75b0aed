// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTouchstoneReader.h"

#include "cmColumnTableToVTK.h"
#include "cmTouchstone.h"

#include "vtkObjectFactory.h"

vtkStandardNewMacro(vtkCloudMapTouchstoneReader);

vtkCloudMapTouchstoneReader::vtkCloudMapTouchstoneReader()
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapTouchstoneReader::~vtkCloudMapTouchstoneReader() = default;

int vtkCloudMapTouchstoneReader::ReadMesh(int piece, int, int, int, vtkDataObject* output)
{
  cm::ColumnTableToVTK(
    cm::ReadTouchstoneFile(this->FileName), piece, vtkTable::SafeDownCast(output));
  return 1;
}

void vtkCloudMapTouchstoneReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
