// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTouchstoneReader.h"

#include "cmColumnTableToVTK.h"
#include "cmTouchstone.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"

vtkStandardNewMacro(vtkCloudMapTouchstoneReader);

vtkCloudMapTouchstoneReader::vtkCloudMapTouchstoneReader()
{
  this->SetOutputTypes({ "vtkTable" });
}

vtkCloudMapTouchstoneReader::~vtkCloudMapTouchstoneReader() = default;

int vtkCloudMapTouchstoneReader::ReadMesh(int piece, int, int, int, vtkDataObject* output)
{
  cm::TouchstoneInfo info;
  const cm::ColumnTable t = cm::ReadTouchstoneFile(this->FileName, &info);
  for (const std::string& w : info.Warnings)
  {
    // A noise block that could not be read: skipped, the network data is output.
    vtkWarningMacro(<< w);
  }
  vtkTable* table = vtkTable::SafeDownCast(output);
  cm::ColumnTableToVTK(t, piece, table);
  vtkNew<vtkDoubleArray> z;
  z->SetName("PortReferenceImpedance");
  for (double r : info.PortReferenceImpedances)
  {
    z->InsertNextValue(r);
  }
  table->GetFieldData()->AddArray(z);
  return 1;
}

void vtkCloudMapTouchstoneReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
