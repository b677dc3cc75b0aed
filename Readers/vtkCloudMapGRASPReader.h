// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapGRASPReader
 * @brief   Reads TICRA GRASP field files, cuts (.cut) and grids (.grd), as the common
 *          far-field table.
 *
 * Output 0 ("Far Field") is the far-field table of the step's set: the samples taken to
 * θ ∈ [0, 180], φ ∈ [0, 360) (a negative θ as the openEMS and HFSS readers take it), with
 * Eθ, Eφ from the file's components (ICOMP 1 θ/φ, 2 circular, 3 Ludwig-3) and Gain =
 * 20·log10|E| dBi (GRASP's normalisation: |E|² is the gain over a source of 4π W).
 * It is empty, with one warning, where the samples are not a θ/φ grid (uv grids, the
 * elevation/azimuth and planar grids) or the components give no θ/φ field (ICOMP 4–9).
 * Output 1 ("Samples") is every sample of the set in the file's order, with the file's
 * coordinates (cuts: Cut, V, C; grids: X, Y) and its components by their GRASP names.
 *
 * A .cut file stores no frequency: its sets (the cuts repeated per frequency) are time
 * steps 0, 1, 2... and `Frequency` (GHz, one value per set) gives each its frequency in
 * the field data (0, unknown, where not given). A .grd file's sets take the frequencies of
 * its header; they are the time steps (Hz) when they differ, else the set numbers.
 *
 * @sa cmGrasp.h, vtkCloudMapHFSSFarFieldReader
 */
#ifndef vtkCloudMapGRASPReader_h
#define vtkCloudMapGRASPReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

#include <vector>

class CLOUDMAPREADERS_EXPORT vtkCloudMapGRASPReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapGRASPReader* New();
  vtkTypeMacro(vtkCloudMapGRASPReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 for a GRASP cut file (a text line, then `V_INI V_INC V_NUM C ICOMP ICUT
  /// NCOMP` and a row of components) or grid file (a `++++` line, then KTYPE and `NSET
  /// ICOMP NCOMP IGRID`).
  int CanReadFile(const char* fileName);

  ///@{
  /// The frequencies of the sets in GHz, in the file's order (a .cut stores none; a .grd's
  /// header wins where it has them). Missing values are 0 (unknown).
  void SetFrequency(int i, double ghz);
  void SetNumberOfFrequencies(int n);
  int GetNumberOfFrequencies() const { return static_cast<int>(this->Frequency.size()); }
  ///@}

  /// The far-field table.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapGRASPReader();
  ~vtkCloudMapGRASPReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

  std::vector<double> Frequency; ///< GHz

private:
  vtkCloudMapGRASPReader(const vtkCloudMapGRASPReader&) = delete;
  void operator=(const vtkCloudMapGRASPReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
