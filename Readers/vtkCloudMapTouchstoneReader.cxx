// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTouchstoneReader.h"

#include "cmColumnTableToVTK.h"
#include "cmExecution.h" // cm::SMPFor
#include "cmTouchstone.h"

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkStringArray.h"

#include <string>

vtkStandardNewMacro(vtkCloudMapTouchstoneReader);

/// The parsed file, kept until it changes.
struct vtkCloudMapTouchstoneReader::Internals
{
  cm::ColumnTable Table;
  cm::TouchstoneInfo Info;
};

/// The output port of the noise parameters.
static constexpr int NoisePort = 1;

vtkCloudMapTouchstoneReader::vtkCloudMapTouchstoneReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkTable", "vtkTable" }); // network, noise
}

vtkCloudMapTouchstoneReader::~vtkCloudMapTouchstoneReader() = default;

std::vector<double> vtkCloudMapTouchstoneReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  cm::TouchstoneInfo info;
  cm::ColumnTable t = cm::ReadTouchstoneFile(this->FileName, &info, cm::SMPFor());
  if (!info.NoiseProblem.empty())
  {
    this->WarnOptionalBlock(info.NoiseProblem, "the Noise output (port 1) is left empty");
  }
  for (const std::string& w : info.Warnings)
  {
    vtkWarningMacro(<< w); // once per parse of the file, not per update
  }
  in.Table = std::move(t);
  in.Info = std::move(info);
  return {}; // one step: the table holds the whole sweep
}

int vtkCloudMapTouchstoneReader::ReadMesh(int piece, int, int, int, vtkDataObject*)
{
  this->RequireParsed("Touchstone file", false);
  const Internals& in = *this->Internal;
  vtkTable* table = vtkTable::SafeDownCast(this->PortOutput(0));
  cm::ColumnTableToVTK(in.Table, piece, table);
  vtkNew<vtkDoubleArray> z;
  z->SetName("PortReferenceImpedance");
  for (double r : in.Info.PortReferenceImpedances)
  {
    z->InsertNextValue(r);
  }
  table->GetFieldData()->AddArray(z);
  // PortNames always, as the NEC reader's Network output: the file's names, else numbers.
  vtkNew<vtkStringArray> names;
  names->SetName("PortNames");
  for (int k = 0; k < in.Info.Ports; ++k)
  {
    names->InsertNextValue(static_cast<std::size_t>(k) < in.Info.PortNames.size()
        ? in.Info.PortNames[static_cast<std::size_t>(k)]
        : std::to_string(k + 1));
  }
  table->GetFieldData()->AddArray(names);
  // A mixed-mode file: the rows' entries ("D2,3", "C2,3", "S4") and their references.
  if (!in.Info.MixedModeOrder.empty())
  {
    vtkNew<vtkStringArray> order;
    order->SetName("MixedModeOrder");
    vtkNew<vtkDoubleArray> modeZ;
    modeZ->SetName("ModeReferenceImpedance");
    for (std::size_t k = 0; k < in.Info.MixedModeOrder.size(); ++k)
    {
      order->InsertNextValue(in.Info.MixedModeOrder[k]);
      modeZ->InsertNextValue(in.Info.ModeReferenceImpedances[k]);
    }
    table->GetFieldData()->AddArray(order);
    table->GetFieldData()->AddArray(modeZ);
  }
  cm::ColumnTableToVTK(in.Info.Noise, piece, vtkTable::SafeDownCast(this->PortOutput(NoisePort)));
  return 1;
}

void vtkCloudMapTouchstoneReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Ports: " << this->Internal->Info.Ports << "\n";
}
