// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapTouchstoneReader
 * @brief   Reads a Touchstone 1.x .s1p/.s2p file as a port-parameter table.
 *
 * One row per frequency: Frequency (Hz), Sij_re, Sij_im, Sij_dB for S11 (and S21, S12,
 * S22 of a 2-port; Y and Z files are converted to S), and port 1's R, X, |Z|, Gamma_re,
 * Gamma_im, |Gamma|, ReturnLoss, VSWR and MismatchLoss against the file's reference
 * impedance, which is in the field data as ReferenceImpedance: the same columns as the
 * NEC reader's Port Parameters output, so the two plot alike in a Line Chart View.
 * Rows go to piece 0. A bad file gives an error naming the file, line and problem, and
 * an empty table.
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
