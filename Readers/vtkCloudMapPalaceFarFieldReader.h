// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapPalaceFarFieldReader
 * @brief   Reads AWS Palace's farfield-rE.csv: the far field at scattered directions.
 *
 * Port 0 ("Pattern"): the common far-field table (cmFarFieldToVTK.h) on a θ/φ grid of
 * ThetaStep × PhiStep, interpolated from the file's directions by moving least squares of
 * the Cartesian r·E (cmPalace.h states the method and its measured error), `Gain` the
 * directivity from the field integrated over the sphere (GainKind "Directivity", field
 * data IntegratedPower, Excitation; Mode and FrequencyImag for an eigenmode).
 * Port 1 ("Directions"): the file's own samples as a vtkPolyData of vertices at the unit
 * directions, with point arrays Theta, Phi (degrees, as printed), rE_re and rE_im (the
 * Cartesian r·E, V, 3 components), Etheta_re/_im, Ephi_re/_im, |E| and Gain (dBi, with the
 * power of port 0), for glyphs of r·E or a check of the interpolation.
 * A driven run's frequencies are time steps (Hz); an eigenmode run's modes are time steps
 * whose values are the mode numbers m. ExcitationIndex picks among the file's excitations
 * (0 = the lowest `exc`). The table is emitted on piece 0; the directions are split into
 * contiguous ranges of rows, one per piece.
 *
 * @sa cmPalace.h, vtkCloudMapHFSSFarFieldReader, vtkCloudMapPalacePortReader
 */
#ifndef vtkCloudMapPalaceFarFieldReader_h
#define vtkCloudMapPalaceFarFieldReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"

namespace cm
{
struct FarFieldGrid;
}

class CLOUDMAPREADERS_EXPORT vtkCloudMapPalaceFarFieldReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapPalaceFarFieldReader* New();
  vtkTypeMacro(vtkCloudMapPalaceFarFieldReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the first line is Palace's farfield-rE.csv header.
  int CanReadFile(const char* fileName);

  ///@{
  /// The θ and φ steps of the interpolated grid in degrees (the nearest steps that divide
  /// 180 and 360 are used). Default 2.
  vtkSetClampMacro(ThetaStep, double, 0.1, 90.0);
  vtkGetMacro(ThetaStep, double);
  vtkSetClampMacro(PhiStep, double, 0.1, 180.0);
  vtkGetMacro(PhiStep, double);
  ///@}

  ///@{
  /// Which excitation to show (0 = the lowest excitation number of the file).
  vtkSetClampMacro(ExcitationIndex, int, 0, 1000000);
  vtkGetMacro(ExcitationIndex, int);
  ///@}

protected:
  vtkCloudMapPalaceFarFieldReader();
  ~vtkCloudMapPalaceFarFieldReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  double ThetaStep = 2;
  double PhiStep = 2;
  int ExcitationIndex = 0;

private:
  vtkCloudMapPalaceFarFieldReader(const vtkCloudMapPalaceFarFieldReader&) = delete;
  void operator=(const vtkCloudMapPalaceFarFieldReader&) = delete;

  /// Warns once per block when the θ/φ grid is far from every sample (LargestGap[deg] > 45).
  void WarnSparse(const cm::FarFieldGrid& g, std::size_t block);
  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
