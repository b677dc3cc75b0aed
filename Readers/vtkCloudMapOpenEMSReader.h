// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapOpenEMSReader
 * @brief   Reads openEMS's nf2ff far-field result (HDF5) as the common far-field table.
 *
 * The file `CalcNF2FF(..., outfile="nf2ff.h5")` writes (see cmOpenEmsNf2ff.h for the
 * layout): one row per (θ, φ), θ fastest, with Theta, Phi (degrees), Etheta_re/_im,
 * Ephi_re/_im (r·E, volts), |Etheta|, |Ephi|, |E|, Gain = directivity in dBi
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
#include "vtkTableAlgorithm.h"

#include <memory>
#include <string>

class CLOUDMAPREADERS_EXPORT vtkCloudMapOpenEMSReader : public vtkTableAlgorithm
{
public:
  static vtkCloudMapOpenEMSReader* New();
  vtkTypeMacro(vtkCloudMapOpenEMSReader, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The nf2ff .h5 file to read.
  vtkSetStdStringFromCharMacro(FileName);
  vtkGetCharFromStdStringMacro(FileName);
  ///@}

  /// Returns 1 when the file is HDF5 with the groups /nf2ff and /Mesh.
  int CanReadFile(const char* fileName);

protected:
  /// RequestInformation / RequestData, then a vote over MPI ranks so that a
  /// failure on one rank fails every rank (cmReaderSync.h).
  vtkTypeBool ProcessRequest(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  std::string LastError; ///< the error this rank met in the current request, for the vote
  std::string InfoError; ///< REQUEST_INFORMATION's error under MPI, spread by the REQUEST_DATA vote
  vtkCloudMapOpenEMSReader();
  ~vtkCloudMapOpenEMSReader() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  std::string FileName;

private:
  vtkCloudMapOpenEMSReader(const vtkCloudMapOpenEMSReader&) = delete;
  void operator=(const vtkCloudMapOpenEMSReader&) = delete;

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
