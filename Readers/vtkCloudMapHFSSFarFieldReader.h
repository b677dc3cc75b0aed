// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapHFSSFarFieldReader
 * @brief   Reads Ansys HFSS far-field data files (.ffd) as the common far-field table.
 *
 * Every frequency block is a time step (values in Hz) with r·E in volts (FieldUnit "V"),
 * θ and φ taken to [0, 180] × [0, 360) as the openEMS reader takes them (HFSS writes θ
 * from −180). The file carries no power: `Gain` is the directivity from the field
 * integrated over the sphere (GainKind "Directivity", field data IntegratedPower).
 * When pyaedt's `pyaedt_antenna_metadata.json` sits in the same folder and names this
 * file, its accepted power makes `Gain` the gain (GainKind "Gain") with the columns
 * `Directivity` and `RealizedGain` (from the incident power), and the metadata's powers
 * and the element's position go to the field data. A damaged later block, or metadata
 * that cannot be used, gives one warning (file:line: problem); the rest is output.
 *
 * @sa cmHfssFarField.h, vtkCloudMapOpenEMSReader, vtkCloudMapCSTFarFieldReader
 */
#ifndef vtkCloudMapHFSSFarFieldReader_h
#define vtkCloudMapHFSSFarFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapHFSSFarFieldReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapHFSSFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapHFSSFarFieldReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the first lines have the .ffd shape (two `start stop count` lines,
  /// then `Frequencies N`, `Frequency f` or a row of four numbers).
  int CanReadFile(const char* fileName);

  /// The far-field table.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapHFSSFarFieldReader();
  ~vtkCloudMapHFSSFarFieldReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapHFSSFarFieldReader(const vtkCloudMapHFSSFarFieldReader&) = delete;
  void operator=(const vtkCloudMapHFSSFarFieldReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
