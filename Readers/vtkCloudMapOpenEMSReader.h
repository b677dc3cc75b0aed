// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapOpenEMSReader
 * @brief   Reads openEMS's nf2ff far-field result (HDF5) as the common far-field table.
 *
 * The file `CalcNF2FF(..., outfile="nf2ff.h5")` writes (see cmOpenEmsNf2ff.h for the
 * layout), on any θ/φ openEMS was given (negative θ, φ past 360°, single cuts) taken to
 * θ in [0°, 180°], φ in [0°, 360°): one row per (θ, φ), θ fastest, with Theta, Phi (degrees),
 * Etheta_re/_im, Ephi_re/_im (r·E, volts), |Etheta|, |Ephi|, |E|, Gain = directivity in dBi
 * (GainKind "Directivity") and P_rad (W/m² at the file's radius). Field data
 * `Frequency`, and `Dmax` (dBi) and `Prad` (W) as openEMS computed them. Several
 * frequencies are time steps whose values are the frequencies in Hz. So Antenna
 * Pattern Surface, Pattern Metrics, Cuts and Polarization work on it unchanged.
 *
 * HDF5 is read with the library VTK uses (VTK::hdf5). A file that is not HDF5 or lacks
 * the layout gives one error naming the file, the dataset and the problem, and an empty
 * table; the table is on piece 0.
 *
 * @sa cmOpenEmsNf2ff.h, cmHdf5File.h, vtkCloudMapFEKOFarFieldReader
 */
#ifndef vtkCloudMapOpenEMSReader_h
#define vtkCloudMapOpenEMSReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkTable.h" // for GetOutput

class CLOUDMAPREADERS_EXPORT vtkCloudMapOpenEMSReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapOpenEMSReader* New();
  vtkTypeMacro(vtkCloudMapOpenEMSReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Returns 1 when the file is HDF5 with the groups /nf2ff and /Mesh.
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkTable* GetOutput() { return vtkTable::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapOpenEMSReader();
  ~vtkCloudMapOpenEMSReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;

private:
  vtkCloudMapOpenEMSReader(const vtkCloudMapOpenEMSReader&) = delete;
  void operator=(const vtkCloudMapOpenEMSReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
