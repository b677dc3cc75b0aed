// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTouchstoneWriter.h"

#include "cmColumnTableToVTK.h"
#include "cmTouchstone.h"

#include "vtkFieldData.h"
#include "vtkObjectFactory.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapTouchstoneWriter);

vtkCloudMapTouchstoneWriter::vtkCloudMapTouchstoneWriter()
{
  this->SetInputType("vtkTable", "Touchstone file");
}

vtkCloudMapTouchstoneWriter::~vtkCloudMapTouchstoneWriter() = default;

std::string vtkCloudMapTouchstoneWriter::MakeText(vtkDataObject* input)
{
  static const char* const formats[3] = { "RI", "MA", "DB" };
  static const char* const units[4] = { "Hz", "kHz", "MHz", "GHz" };
  cm::TouchstoneWriteOptions o;
  o.Format = formats[this->Format];
  o.Unit = units[this->FrequencyUnit];
  o.ReferenceImpedance = this->ReferenceImpedance;
  o.Version = this->Version;
  vtkTable* table = vtkTable::SafeDownCast(input);
  const cm::ColumnTable t = cm::VTKToColumnTable(table);
  if (auto* names = vtkStringArray::SafeDownCast(
        table ? table->GetFieldData()->GetAbstractArray("PortNames") : nullptr))
  {
    for (vtkIdType k = 0; k < names->GetNumberOfValues(); ++k)
    {
      o.PortNames.push_back(names->GetValue(k));
    }
  }
  // The extension names the port count; a mismatch would be read back wrongly.
  const int want = cm::TouchstonePortsFromName(this->FileName);
  const int have = cm::TouchstonePortsOf(t);
  if (want != 0 && have != 0 && want != have)
  {
    throw std::runtime_error("the table has " + std::to_string(have) +
      "-port data but the file name ends in .s" + std::to_string(want) + "p");
  }
  return cm::WriteTouchstone(t, o);
}

void vtkCloudMapTouchstoneWriter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Format: " << this->Format << "\n";
  os << indent << "FrequencyUnit: " << this->FrequencyUnit << "\n";
  os << indent << "Version: " << this->Version << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
