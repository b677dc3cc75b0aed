// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapNECReader
 * @brief   Reads the surface-patch currents of a NEC-2 run from its print output (.out).
 *
 * Understands nec2c's output and the original Fortran NEC-2D print style. The output
 * is a vtkPolyData with one triangle or quad cell per NEC surface patch, in NEC's patch
 * order, counter-clockwise about NEC's outward normal, with coordinates in metres and
 * the cell arrays
 *  - `J_real` and `J_imag`: the complex surface current density vector (A/m),
 *  - `|J|`: sqrt(|Jx|² + |Jy|² + |Jz|²),
 *  - `ElementId`: the patch number minus one,
 * and field data `Frequency` (Hz) and `SourceNames`/`SourcePositions` for the
 * voltage-fed wire segments ("tag1_seg1" at the segment centre).
 *
 * Patch shapes come from the corners of the structure echo (SP and SM cards, including
 * GX/GR/GM/GS copies and the 4 pieces NEC cuts a patch into where a wire is attached);
 * a patch whose corners are not printed is drawn as the square NEC itself integrates
 * over. Only the first printed solution (first frequency) is read.
 *
 * `.out` is shared with many programs, so CanReadFile() sniffs the first 4 KB for
 * nec2c's banner or NEC-2D's banner and comment block. A file that fails to parse
 * produces an error naming the file, the line and the problem, and an empty output.
 *
 * @sa cmNecOutput.h for the details of the format, vtkCloudMapMoMReader.
 */
#ifndef vtkCloudMapNECReader_h
#define vtkCloudMapNECReader_h

#include "CloudMapReadersModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapNECReader : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapNECReader* New();
  vtkTypeMacro(vtkCloudMapNECReader, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The NEC-2 output file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  /// Returns 1 when the first 4 KB of the file look like nec2c or NEC-2D output.
  int CanReadFile(const char* fileName);

protected:
  vtkCloudMapNECReader();
  ~vtkCloudMapNECReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;

private:
  vtkCloudMapNECReader(const vtkCloudMapNECReader&) = delete;
  void operator=(const vtkCloudMapNECReader&) = delete;
};

#endif
