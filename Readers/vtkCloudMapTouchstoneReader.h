// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapTouchstoneReader
 * @brief   Reads a Touchstone 1.1 or 2.0 .sNp file (any N) as a port-parameter table.
 *
 * One row per frequency: Frequency (Hz), then <name>_re, _im, _dB for every S parameter
 * (Y and Z files are converted to S; names as cmNecNetwork.h's NetworkParameterName: S11
 * S21 S12 S22 for 2 ports, row-major from 3, S_1_10 style from 10), and port 1's R, X,
 * |Z|, Gamma_re, Gamma_im, |Gamma|, ReturnLoss, VSWR and MismatchLoss against the
 * ReferenceImpedance in the field data (with PortReferenceImpedance, one value per
 * port): the same columns as the NEC reader's Port Parameters and Network outputs, so
 * they plot alike in a Line Chart View. Rows go to piece 0. A bad file gives an error
 * naming the file, line and problem, and an empty table; a malformed noise block is one
 * warning and the network data is output.
 *
 * @sa cmTouchstone.h, vtkCloudMapTouchstoneWriter, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapTouchstoneReader_h
#define vtkCloudMapTouchstoneReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapTouchstoneReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapTouchstoneReader* New();
  vtkTypeMacro(vtkCloudMapTouchstoneReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// The output of port 0.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapTouchstoneReader();
  ~vtkCloudMapTouchstoneReader() override;

  /// Parses the file on every execution (a network file is small).
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapTouchstoneReader(const vtkCloudMapTouchstoneReader&) = delete;
  void operator=(const vtkCloudMapTouchstoneReader&) = delete;
};

#endif
