// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapTouchstoneReader
 * @brief   Reads a Touchstone 1.1 or 2.0 .sNp file (any N) as a port-parameter table.
 *
 * Output port 0 (Network), one row per frequency: Frequency (Hz), then <name>_re, _im,
 * _dB for every S parameter (Y and Z files are converted to S; names as cmNecNetwork.h's
 * NetworkParameterName: S11 S21 S12 S22 for 2 ports, row-major from 3, S_1_10 style from
 * 10), and port 1's R, X, |Z|, Gamma_re, Gamma_im, |Gamma|, ReturnLoss, VSWR and
 * MismatchLoss against the ReferenceImpedance in the field data (with
 * PortReferenceImpedance, one value per port, and PortNames, one string per port: the
 * names the file gives in `! Port[k] = name` or CST's port comments, else "1", "2", ...,
 * as the NEC reader's Network output always names its ports): the same columns as the
 * NEC reader's Port Parameters and Network outputs, so they plot alike in a Line Chart
 * View.
 *
 * Output port 1 (Noise): a 2-port's noise parameters, one row per noise frequency:
 * Frequency (Hz), NFmin[dB], GammaOpt_mag, GammaOpt_ang[deg], GammaOpt_re, GammaOpt_im and
 * Rn[Ohm] (cmTouchstone.h); empty for a file without them.
 *
 * Rows go to piece 0. The file is parsed once per change (name, size, time). A bad file
 * gives an error naming the file, line and problem, and empty outputs; a malformed noise
 * block is an optional block (WarnOptionalBlock): one warning, the Noise output empty and
 * the network data output.
 *
 * @sa cmTouchstone.h, vtkCloudMapTouchstoneWriter, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapTouchstoneReader_h
#define vtkCloudMapTouchstoneReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

#include <memory> // for std::unique_ptr

class CLOUDMAPREADERS_EXPORT vtkCloudMapTouchstoneReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapTouchstoneReader* New();
  vtkTypeMacro(vtkCloudMapTouchstoneReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// The output of port 0 (the network parameters).
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }
  /// The output of port 1 (the noise parameters).
  vtkTable* GetNoiseOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(1)); }

protected:
  vtkCloudMapTouchstoneReader();
  ~vtkCloudMapTouchstoneReader() override;

  /// Parses the file into the cache; a malformed noise block is one warning here.
  std::vector<double> ParseFile() override;
  /// Fills both tables from the cache.
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapTouchstoneReader(const vtkCloudMapTouchstoneReader&) = delete;
  void operator=(const vtkCloudMapTouchstoneReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
