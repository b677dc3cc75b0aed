// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmOpenEmsNf2ff.h
 * @brief openEMS's nf2ff far-field result (HDF5) as the common far-field grid (pipeline free).
 *
 * openEMS (python `nf2ff.CalcNF2FF(..., outfile=...)`, Octave `CalcNF2FF`, or the
 * `nf2ff` program) writes, as checked on files of Debian 12's openEMS 0.0.35:
 *  - `/Mesh/theta`, `/Mesh/phi` (radians, float32) and `/Mesh/r` (the radius, m);
 *    group attribute `/Mesh` MeshType = 2 (spherical);
 *  - group `/nf2ff` with attributes `Frequency` (Hz, one per frequency), `Prad` (W) and
 *    `Dmax` (linear), one value per frequency;
 *  - per frequency n: `/nf2ff/E_theta/FD/f<n>_real`, `f<n>_imag`, the same under
 *    `E_phi`, and `/nf2ff/P_rad/FD/f<n>` (radiated power density at r, W/m²), each with
 *    shape {φ, θ} (θ fastest in memory).
 *
 * The far-field grid gets θ, φ in degrees, r·E (volts, so that it is independent of r)
 * in Etheta/Ephi, and `Gain` = directivity 10·log10(4π r² P_rad / Prad) in dBi
 * (GainKind "Directivity", FieldUnit "V"); field data `Dmax` (dBi) and `Prad` from the
 * attributes. openEMS computes any angles it is given (its tutorials ask for
 * θ = −180…178° at φ = 0, 90): the samples are taken to θ in [0, 180], φ in [0, 360)
 * by MapToTableRanges (cmFarField.h); angles spread beyond a turn (degrees stored as
 * radians) and samples that cannot fill a grid are refused.
 *
 * The layout is read through Hdf5Source, so this unit knows no HDF5 and the checks can
 * be fuzzed: a missing group or dataset, a shape that disagrees with the mesh, a
 * frequency count that disagrees between attributes, angles out of range, NaN values,
 * or a non-positive Prad each throw ParseError naming the file, the dataset and the
 * problem (line 0: HDF5 has no lines).
 */
#ifndef cmOpenEmsNf2ff_h
#define cmOpenEmsNf2ff_h

#include "cmFarField.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
/// What the layout checks need from an HDF5 file.
class Hdf5Source
{
public:
  virtual ~Hdf5Source() = default;
  /// True when `path` names a dataset; its dimensions (C order) in `dims`.
  virtual bool Dataset(const std::string& path, std::vector<std::uint64_t>& dims) = 0;
  /// True when the object `path` (group or dataset) exists.
  virtual bool Exists(const std::string& path) = 0;
  /// The dataset's values as doubles (converted by the library); only called after
  /// Dataset() succeeded, with the element count it gave.
  virtual std::vector<double> Read(const std::string& path) = 0;
  /// A numeric attribute of an object, as doubles; false when it is missing.
  virtual bool Attribute(
    const std::string& path, const std::string& name, std::vector<double>& values) = 0;
  /// The names of the links in group `path` (in the file's order); false when `path` is
  /// no group. A source that cannot list groups keeps this default.
  virtual bool Children(const std::string& path, std::vector<std::string>& names)
  {
    (void)path;
    names.clear();
    return false;
  }
};

/// The frequencies (Hz) of an nf2ff file, after checking the `/nf2ff` attributes.
std::vector<double> OpenEmsNf2ffFrequencies(Hdf5Source& h5, const std::string& fileName);

/// Frequency `index` of an nf2ff file as the far-field grid; throws ParseError. The file's
/// own Dmax (in dBi) and Prad (W) at that frequency go to the optional outputs.
FarFieldGrid ReadOpenEmsNf2ff(Hdf5Source& h5, const std::string& fileName, std::size_t index,
  double* dmaxDbi = nullptr, double* radiatedPower = nullptr);

/// True when the file has the nf2ff layout's groups (for CanReadFile).
bool LooksLikeOpenEmsNf2ff(Hdf5Source& h5);

} // namespace cm
#endif
