// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFEKOFarFieldReader
 * @brief   Reads a FEKO far-field export (.ffe) as the common far-field table.
 *
 * Formats 3 to 8: quoted column names, spaced or run together; `E+009` or `E+9`
 * exponents; single cuts; several blocks (frequencies or requests) in one file, with or
 * without `#Request Name`. The output is a vtkTable with one row per (θ, φ), θ fastest:
 * Theta, Phi (degrees), Etheta_re/_im, Ephi_re/_im (V, as FEKO writes r·E), |Etheta|,
 * |Ephi|, |E|, Gain (the Total column, dBi), Gain_theta, Gain_phi; field data Frequency
 * (Hz), NumberOfTheta, NumberOfPhi, GainKind ("Gain", "Directivity" or "Realized Gain"),
 * SourceFormat "FEKO" and RequestName when the file has one. Several frequencies are
 * time steps whose values are the frequencies in Hz; RequestIndex picks among several
 * blocks at the same frequency (several far-field requests).
 *
 * @sa cmFekoFormat.h, cmFarFieldToVTK.h, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapFEKOFarFieldReader_h
#define vtkCloudMapFEKOFarFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKOFarFieldReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapFEKOFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapFEKOFarFieldReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Which block of the current frequency to show when several requests share it.
  vtkSetClampMacro(RequestIndex, int, 0, 1000000);
  vtkGetMacro(RequestIndex, int);
  ///@}

  /// Returns 1 when the first 4 KB look like a FEKO far-field file.
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapFEKOFarFieldReader();
  ~vtkCloudMapFEKOFarFieldReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  int RequestIndex = 0;

private:
  vtkCloudMapFEKOFarFieldReader(const vtkCloudMapFEKOFarFieldReader&) = delete;
  void operator=(const vtkCloudMapFEKOFarFieldReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
