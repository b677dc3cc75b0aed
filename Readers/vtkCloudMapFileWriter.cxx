// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFileWriter.h"

#include "vtkAlgorithm.h"
#include "vtkDataObject.h"
#include "vtkErrorCode.h"
#include "vtkInformation.h"

#include <cstdio>
#include <exception>
#include <memory>

vtkCloudMapFileWriter::vtkCloudMapFileWriter()
{
  this->SetNumberOfInputPorts(1);
  this->SetNumberOfOutputPorts(0);
}

vtkCloudMapFileWriter::~vtkCloudMapFileWriter() = default;

void vtkCloudMapFileWriter::SetInputType(const char* dataType, const char* fileKind)
{
  this->InputType = dataType;
  this->FileKind = fileKind;
}

int vtkCloudMapFileWriter::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), this->InputType.c_str());
  return 1;
}

int vtkCloudMapFileWriter::Write()
{
  if (this->GetNumberOfInputConnections(0) < 1)
  {
    vtkErrorMacro(<< "no input to write");
    return 0;
  }
  // vtkWriter::Write: always write, even when nothing changed upstream; the error code
  // says whether it worked.
  this->SetErrorCode(vtkErrorCode::NoError);
  return this->Superclass::Write();
}

void vtkCloudMapFileWriter::WriteData()
{
  vtkDataObject* input = this->GetInput();
  if (!input || !input->IsA(this->InputType.c_str()))
  {
    vtkErrorMacro(<< "the input is not a " << this->InputType);
    this->SetErrorCode(vtkErrorCode::UnrecognizedFileTypeError);
    return;
  }
  if (this->FileName.empty())
  {
    vtkErrorMacro(<< "no file name to write the " << this->FileKind << " to");
    this->SetErrorCode(vtkErrorCode::NoFileNameError);
    return;
  }
  std::string text;
  try
  {
    text = this->MakeText(input);
  }
  catch (const std::exception& e)
  {
    vtkErrorMacro(<< "cannot write " << this->FileName << ": " << e.what());
    this->SetErrorCode(vtkErrorCode::FileFormatError);
    return;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(this->FileName.c_str(), "wb"), &std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size())
  {
    vtkErrorMacro(<< "cannot write " << this->FileName);
    this->SetErrorCode(vtkErrorCode::CannotOpenFileError);
  }
}

void vtkCloudMapFileWriter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
}
