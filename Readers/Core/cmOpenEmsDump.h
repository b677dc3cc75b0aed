// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmOpenEmsDump.h
 * @brief openEMS's HDF5 field dumps (DumpBox) as a rectilinear grid of vectors (pipeline free).
 *
 * A dump box (python `csx.AddDump(name, dump_type=..., file_type=1)`, Octave
 * `AddDump(..., 'FileType', 1)`) writes, as checked on files of Debian 12's openEMS 0.0.35:
 *  - `/Mesh/x`, `/Mesh/y`, `/Mesh/z`: the mesh lines inside the box, in metres (float32);
 *  - time domain (dump types 0-5): `/FieldData/TD/<step>` (the step number, 8 digits), one
 *    dataset per recorded step with attribute `time` (s);
 *  - frequency domain (dump types 10-15): `/FieldData/FD/f<n>_real`, `f<n>_imag`, n from 0,
 *    attribute `frequency` (Hz) on `/FieldData/FD` (one value per frequency) and on each set;
 *  - every field dataset has the shape {3, nz, ny, nx} (C order: the component slowest,
 *    x fastest); the file does not say whether it is E, H, J or rot H (the reader's
 *    FieldName says it).
 *
 * The layout checks name the file, the dataset and the problem (ParseError, line 0): a
 * missing group or dataset, a cylindrical mesh (`/Mesh/rho`, not supported), mesh lines
 * that are not a finite increasing list, a field shape that disagrees with the mesh, a
 * missing or non-finite time or frequency, two steps at one time, NaN or infinite field
 * values. Sizes are bounded before anything is allocated (MaxDumpPoints points, MaxDumpSteps
 * steps).
 */
#ifndef cmOpenEmsDump_h
#define cmOpenEmsDump_h

#include "cmOpenEmsNf2ff.h" // Hdf5Source

#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
/// The most mesh points a dump may have (2^22: three components are 100 MB of doubles).
constexpr std::uint64_t MaxDumpPoints = 1ull << 22;
/// The most recorded steps (time or frequency) a dump may have.
constexpr std::uint64_t MaxDumpSteps = 100000;

/// The layout of a dump file: the mesh and, per step, the dataset(s) that hold it.
struct OpenEmsDump
{
  std::vector<double> X, Y, Z; ///< mesh lines, metres
  bool FrequencyDomain = false;
  struct Step
  {
    double Value = 0; ///< time (s) or frequency (Hz)
    std::string Real; ///< the dataset (TD: the field; FD: its real part)
    std::string Imag; ///< FD: the imaginary part; TD: empty
  };
  std::vector<Step> Steps; ///< by increasing Value
  std::uint64_t Points() const { return X.size() * Y.size() * Z.size(); }
};

/// True when the file has the dump layout's groups (/FieldData, /Mesh/x) and is no nf2ff result.
bool LooksLikeOpenEmsDump(Hdf5Source& h5);

/// Checks the layout (mesh, groups, every step's dataset shape, times or frequencies),
/// reading no field values; throws ParseError.
OpenEmsDump ReadOpenEmsDumpLayout(Hdf5Source& h5, const std::string& fileName);

/// Reads step `index` of a checked layout as point-major vectors (3 values per point,
/// points x fastest, then y, then z): the field (TD) or its real part (FD) in `re`, the
/// imaginary part (FD only; TD leaves it empty) in `im`. Throws ParseError.
void ReadOpenEmsDumpStep(Hdf5Source& h5, const std::string& fileName, const OpenEmsDump& dump,
  std::size_t index, std::vector<double>& re, std::vector<double>& im);

} // namespace cm
#endif
