// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFEKOReader
 * @brief   Reads FEKO's text output (.out): metallic triangles with their current densities.
 *
 * `DATA OF THE METALLIC TRIANGLES` gives the mesh (corners merged where they print
 * equal, each triangle counter-clockwise about FEKO's printed normal) and every
 * `VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES` table the currents, converted from
 * magnitude and phase to `J_real`, `J_imag` (A/m), with `|J|` and `ElementId`, the same
 * arrays as the other surface-current readers, so Surface Cloud Map applies directly.
 * Several frequencies are time steps (values in Hz); several tables at one frequency
 * (excitations, current requests) are chosen with RequestIndex, and the field data
 * `RequestName` names the one shown. A table FEKO printed without rows (NOTE 34055) or a
 * file without any gives the mesh alone, with one warning per file. Honours piece
 * requests with ghost cells like vtkCloudMapMoMReader.
 *
 * Port 1 ("Port Parameters", vtkTable) lists every `DATA OF THE VOLTAGE SOURCE` block of
 * the file, one row per source and frequency, with the impedance, the reflection
 * against ReferenceImpedance, return loss and VSWR (cmFekoPorts.h); empty when FEKO
 * printed no voltage source.
 *
 * nec2c and FEKO both write `.out`: CanReadFile accepts a file only when its first 4 KB
 * carry FEKO's banner and not NEC-2's.
 *
 * @sa cmFekoFormat.h, vtkCloudMapFEKOCurrentsReader, vtkCloudMapFEKOFarFieldReader
 */
#ifndef vtkCloudMapFEKOReader_h
#define vtkCloudMapFEKOReader_h

#include "CloudMapReadersModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <memory>
#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKOReader : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapFEKOReader* New();
  vtkTypeMacro(vtkCloudMapFEKOReader, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The FEKO .out file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  ///@{
  /// Which current table of the current frequency to show when several share it (0 = the
  /// first in the file). Out of range gives an empty output with a warning.
  vtkSetClampMacro(RequestIndex, int, 0, VTK_INT_MAX);
  vtkGetMacro(RequestIndex, int);
  ///@}

  ///@{
  /// Reference impedance Z0 (Ω) of the Port Parameters output (port 1), default 50.
  vtkSetClampMacro(ReferenceImpedance, double, 1e-6, 1e12);
  vtkGetMacro(ReferenceImpedance, double);
  ///@}

  /// Returns 1 when the first 4 KB carry FEKO's banner (and not NEC-2's).
  int CanReadFile(const char* fileName);

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// The error this rank met in the current request, for the vote.
  std::string LastError;
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapFEKOReader();
  ~vtkCloudMapFEKOReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int FillOutputPortInformation(int port, vtkInformation* info) override;

  std::string FileName;
  int RequestIndex = 0;
  double ReferenceImpedance = 50;

private:
  vtkCloudMapFEKOReader(const vtkCloudMapFEKOReader&) = delete;
  void operator=(const vtkCloudMapFEKOReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
