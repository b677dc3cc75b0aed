// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapTouchstoneWriter.h"

#include "cmColumnTableToVTK.h"
#include "cmTouchstone.h"

#include "vtkDemandDrivenPipeline.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkTable.h"

#include <cstdio>
#include <memory>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapTouchstoneWriter);

vtkCloudMapTouchstoneWriter::vtkCloudMapTouchstoneWriter()
{
  this->SetNumberOfInputPorts(1);
  this->SetNumberOfOutputPorts(0);
}

vtkCloudMapTouchstoneWriter::~vtkCloudMapTouchstoneWriter() = default;

int vtkCloudMapTouchstoneWriter::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkTable");
  return 1;
}

int vtkCloudMapTouchstoneWriter::Write()
{
  if (this->GetNumberOfInputConnections(0) < 1)
  {
    vtkErrorMacro(<< "no input to write");
    return 0;
  }
  // Like vtkWriter: always write, even when nothing changed upstream.
  this->Failed = false;
  this->Modified();
  this->UpdateWholeExtent();
  return this->Failed ? 0 : 1;
}

vtkTypeBool vtkCloudMapTouchstoneWriter::ProcessRequest(
  vtkInformation* request, vtkInformationVector** inInfo, vtkInformationVector* outInfo)
{
  if (request->Has(vtkDemandDrivenPipeline::REQUEST_DATA()))
  {
    vtkTable* input = vtkTable::GetData(inInfo[0], 0);
    if (!input)
    {
      vtkErrorMacro(<< "the input is not a vtkTable");
    }
    const int ok = input ? this->WriteData(input) : 0;
    this->Failed = !ok;
    return ok;
  }
  return this->Superclass::ProcessRequest(request, inInfo, outInfo);
}

int vtkCloudMapTouchstoneWriter::WriteData(vtkTable* input)
{
  if (this->FileName.empty())
  {
    vtkErrorMacro(<< "no file name to write the Touchstone file to");
    return 0;
  }
  static const char* const formats[3] = { "RI", "MA", "DB" };
  static const char* const units[4] = { "Hz", "kHz", "MHz", "GHz" };
  cloudmap::TouchstoneWriteOptions o;
  o.Format = formats[this->Format];
  o.Unit = units[this->FrequencyUnit];
  o.ReferenceImpedance = this->ReferenceImpedance;
  std::string text;
  try
  {
    const cloudmap::ColumnTable t = cloudmap::VTKToColumnTable(input);
    // The extension names the port count; a mismatch would be read back wrongly.
    const int want = cloudmap::TouchstonePortsFromName(this->FileName);
    const int have = cloudmap::TouchstonePortsOf(t);
    if (want != 0 && have != 0 && want != have)
    {
      throw std::runtime_error("the table has " + std::to_string(have) +
        "-port data but the file name ends in .s" + std::to_string(want) + "p");
    }
    text = cloudmap::WriteTouchstone(t, o);
  }
  catch (const std::exception& e)
  {
    vtkErrorMacro(<< "cannot write " << this->FileName << ": " << e.what());
    return 0;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(this->FileName.c_str(), "wb"), &std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size())
  {
    vtkErrorMacro(<< "cannot write " << this->FileName);
    return 0;
  }
  return 1;
}

void vtkCloudMapTouchstoneWriter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "Format: " << this->Format << "\n";
  os << indent << "FrequencyUnit: " << this->FrequencyUnit << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
