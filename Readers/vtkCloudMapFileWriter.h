// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFileWriter
 * @brief   What CloudMap's text writers share on top of vtkWriter: the file name, the
 *          input type, the error codes and an all-or-nothing write.
 *
 * A writer derives from this class, names its input type in its constructor
 * (SetInputType) and implements MakeText(), which turns the input into the file's text or
 * throws std::exception saying why it cannot. WriteData() then writes the text in one
 * go, so a refused input or an unwritable file reports "cannot write <file>: <why>",
 * writes nothing and makes Write() return 0 (vtkErrorCode::FileFormatError or
 * CannotOpenFileError).
 *
 * @sa vtkCloudMapNECDeckWriter, vtkCloudMapTouchstoneWriter
 */
#ifndef vtkCloudMapFileWriter_h
#define vtkCloudMapFileWriter_h

#include "CloudMapReadersModule.h"
#include "vtkWriter.h"

#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapFileWriter : public vtkWriter
{
public:
  vtkTypeMacro(vtkCloudMapFileWriter, vtkWriter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The file to write.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  /// Writes the input; 1 on success, 0 (with an error) otherwise.
  int Write() override;

protected:
  vtkCloudMapFileWriter();
  ~vtkCloudMapFileWriter() override;

  /// Sets the data type the input must have (e.g. "vtkPolyData") and what the file is
  /// called in messages (e.g. "NEC deck").
  void SetInputType(const char* dataType, const char* fileKind);
  int FillInputPortInformation(int port, vtkInformation* info) override;

  /// The file's text for an input of the type set; throws std::exception on an input
  /// the format cannot hold.
  virtual std::string MakeText(vtkDataObject* input) = 0;

  void WriteData() final;

  std::string FileName;

private:
  vtkCloudMapFileWriter(const vtkCloudMapFileWriter&) = delete;
  void operator=(const vtkCloudMapFileWriter&) = delete;

  std::string InputType = "vtkDataObject";
  std::string FileKind = "file";
};

#endif
