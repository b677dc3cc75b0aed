// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class vtkCloudMapPlanetPafxReader
 * @brief Reads Planet 2 antenna files (.pafx: a zip of antenna.paf and .pap patterns):
 * each pattern of the archive is one time step, reconstructed in 3-D as the MSI/Planet
 * reader does.
 *
 * Port 0: the far-field table (cmFarFieldToVTK.h) of the current step's pattern on a θ/φ
 * grid of ThetaStep × PhiStep, Gain in dBi, reconstructed from its two cuts by Method
 * (cm::MsiToFarField: 0 summing, 1 cross-weighted of Gil et al. 2001), boresight +x.
 * Port 1: that pattern's cuts (cm::MsiCutsToTable) with its metadata in the field data.
 * Port 2: one row per pattern read (every step at once): Step, Frequency (Hz), Tilt,
 * Gain[dBi], H_WIDTH, V_WIDTH, FRONT_TO_BACK, and the string columns Name, Entry,
 * Polarization, PolarizationType.
 *
 * Time steps are the patterns in antenna.paf's order, at times 0, 1, 2, ... (a .pafx
 * may hold several tilts at one frequency, so the frequency cannot be the time). A
 * pattern that cannot be read is one warning (archive[entry]:line: problem) and is not a
 * step; the archive is refused when no pattern can be read. The archive is read with a
 * bounded zip reader (cmZipArchive.h) and VTK's zlib (cmZipInflate.h).
 */
#ifndef vtkCloudMapPlanetPafxReader_h
#define vtkCloudMapPlanetPafxReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapPlanetPafxReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapPlanetPafxReader* New();
  vtkTypeMacro(vtkCloudMapPlanetPafxReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The 2-D → 3-D reconstruction: 0 summing (default), 1 cross-weighted.
  vtkSetClampMacro(Method, int, 0, 1);
  vtkGetMacro(Method, int);
  ///@}
  ///@{
  /// The grid's steps in degrees (they must divide 180 and 360).
  vtkSetClampMacro(ThetaStep, double, 0.1, 45.0);
  vtkGetMacro(ThetaStep, double);
  vtkSetClampMacro(PhiStep, double, 0.1, 90.0);
  vtkGetMacro(PhiStep, double);
  ///@}

  /// 1 for a zip archive that names an entry antenna.paf.
  int CanReadFile(const char* fileName);

  /// The far-field table.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapPlanetPafxReader();
  ~vtkCloudMapPlanetPafxReader() override;

  std::vector<double> ParseFile() override;
  bool OutputHoldsAllSteps(int port) const override { return port == 2; }
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  int Method = 0;
  double ThetaStep = 1;
  double PhiStep = 1;

private:
  vtkCloudMapPlanetPafxReader(const vtkCloudMapPlanetPafxReader&) = delete;
  void operator=(const vtkCloudMapPlanetPafxReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
