// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapPalacePortReader
 * @brief   Reads AWS Palace's port-S.csv as the N-port network table.
 *
 * One output, "Network": the table the NEC, FEKO and Touchstone readers' Network outputs
 * give (cm::NetworkToVTK; docs/user/network.md): per frequency S<ij>_re/_im/_dB from the
 * file's |S[i][j]| (dB) and arg(S[i][j]) (deg.), Z<ij> and Y<ij> where the file gives
 * every entry (NaN otherwise), the worst-isolated pair; field data PortNames ("Port<k>",
 * k Palace's port index) and ReferenceImpedance. Palace states a lumped port's reference
 * resistance only through the incident voltage and current it writes to port-V.csv and
 * port-I.csv in the same folder (R = V_inc/I_inc): when they give one R for every port of
 * the file, that is the reference impedance (field data ReferenceImpedanceSource
 * "port-V.csv/port-I.csv"); otherwise the ReferenceImpedance property is used (a wave
 * port's is its mode's, which no file states), with one warning when the ports' R differ.
 *
 * @sa cmPalace.h, vtkCloudMapTouchstoneReader, vtkCloudMapPalaceFarFieldReader
 */
#ifndef vtkCloudMapPalacePortReader_h
#define vtkCloudMapPalacePortReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"

class CLOUDMAPREADERS_EXPORT vtkCloudMapPalacePortReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapPalacePortReader* New();
  vtkTypeMacro(vtkCloudMapPalacePortReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the first line is Palace's port-S.csv header.
  int CanReadFile(const char* fileName);

  ///@{
  /// The reference impedance (Ω) for Z and Y when port-V.csv and port-I.csv beside the
  /// file do not give one for every port. Default 50.
  vtkSetClampMacro(ReferenceImpedance, double, 1e-6, 1e12);
  vtkGetMacro(ReferenceImpedance, double);
  ///@}

protected:
  vtkCloudMapPalacePortReader();
  ~vtkCloudMapPalacePortReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;
  bool OutputHoldsAllSteps(int) const override { return true; }

  double ReferenceImpedance = 50;

private:
  vtkCloudMapPalacePortReader(const vtkCloudMapPalacePortReader&) = delete;
  void operator=(const vtkCloudMapPalacePortReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
