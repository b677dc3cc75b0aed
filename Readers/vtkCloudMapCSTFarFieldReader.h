// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapCSTFarFieldReader
 * @brief   Reads CST Studio far fields as the common far-field table: the ASCII export
 *          (.txt) and the farfield source file (.ffs).
 *
 * ASCII export: the unit in brackets says what the values are (cmCstFarField.h):
 * `[dBi]` or blank is a directivity, gain or realized gain (by the column name: the
 * Gain column in dBi, components Gain_theta/Gain_phi, Gain_horiz/Gain_vert or
 * Gain_left/Gain_right, |E|² = that ratio); `[dB]` a pattern relative to its maximum;
 * `[V]` r·E, `[V/m]` E and `[A/m]` H (made E through η0), linear or in dB. Those have
 * no Gain column: the total and the components keep their printed names with the unit,
 * e.g. `Abs(V)_V`, `Abs(Horiz)_V`, `Abs(E)_dBV_per_m` (a unit's '/' is "_per_",
 * cmArrayNames.h). Field data GainKind ("Directivity",
 * "Gain", "Realized Gain", "E-Field", "H-Field" or "Relative") and FieldUnit (the unit
 * of the E columns: "V", "V/m", "relative" or "sqrt(Directivity)"...). Polarizations
 * θ/φ, Ludwig-3 and circular are converted to Eθ, Eφ; φ is kept as printed. The export
 * has no frequency, so the Frequency property (Hz) fills the field data.
 *
 * Farfield source file: every frequency is a time step (values in Hz) with r·E in volts,
 * Gain = directivity from the file's radiated power, and the file's powers, position and
 * axes in the field data. A bad optional block (position, axes) or a cut file gives one
 * warning naming file and line; the far-field blocks that parsed are output.
 *
 * @sa cmCstFarField.h, vtkCloudMapFEKOFarFieldReader, vtkCloudMapNECReader
 */
#ifndef vtkCloudMapCSTFarFieldReader_h
#define vtkCloudMapCSTFarFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapCSTFarFieldReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapCSTFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapCSTFarFieldReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The frequency of an ASCII export in Hz (CST writes it only in the file name);
  /// 0 = unknown. A .ffs file has its own frequencies and ignores it.
  vtkSetClampMacro(Frequency, double, 0.0, 1e15);
  vtkGetMacro(Frequency, double);
  ///@}

  /// Returns 1 when the file starts with CST's bracketed header and dashed rule, or is a
  /// farfield source file (its banner, or HFSS's banner-less layout).
  int CanReadFile(const char* fileName);

  /// The far-field table.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapCSTFarFieldReader();
  ~vtkCloudMapCSTFarFieldReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  double Frequency = 0;

private:
  vtkCloudMapCSTFarFieldReader(const vtkCloudMapCSTFarFieldReader&) = delete;
  void operator=(const vtkCloudMapCSTFarFieldReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
