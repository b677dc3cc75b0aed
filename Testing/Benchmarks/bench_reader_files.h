// SPDX-License-Identifier: BSD-3-Clause
// The benchmark's large solver files, each in the layout the real program prints
// (banners, spacing, units copied from the files under Testing/Data that copy real
// runs), scaled by the element count: about 510-560 bytes per element, so 100-110 MB at
// the default 200,000 and a few hundred kB for bench.Smoke.
#ifndef bench_reader_files_h
#define bench_reader_files_h

#include <string>

namespace benchfiles
{
/// A FEKO 2022 .out (Testing/Data/feko/strip_altair.out, the layout of FEKO 2019-2022
/// runs): a plate of about 0.55 elements triangles (DATA OF THE METALLIC TRIANGLES), then 4
/// plane-wave frequencies, each with its current density table (13-field rows), its
/// charge table and the loss summary.
void WriteFekoOut(const std::string& path, long elements);
/// A FEKO .ffe of File Format 3 (Testing/Data/feko/dipole_format3.ffe: 3-digit
/// exponents, 18-character columns): 8 frequency blocks of 91 theta x nPhi directions.
void WriteFekoFfe(const std::string& path, long elements);
/// A FEKO 2022 .os of File Format 6 (Testing/Data/feko/strip_altair.os: 13 quoted
/// columns with the corner magnitudes): 4 frequency blocks of about 0.55 elements triangles.
void WriteFekoOs(const std::string& path, long elements);
/// A FEKO 2019 .efe of File Format 6 (Testing/Data/feko/nearfield/dipole_2019_cartesian.efe:
/// a Cartesian grid, 9 columns of 19 characters): 4 frequencies of 50 x 50 x nz points.
void WriteFekoEfe(const std::string& path, long elements);
/// An HFSS .ffd (Testing/Data/hfss/exportfield_0.ffd, copied from pyaedt-examples): the
/// `start stop count` lines of theta (-180..180 by 1 degree) and phi (-180..180), one frequency,
/// rows of Re/Im of rEtheta and rEphi in %.15e.
void WriteHfssFfd(const std::string& path, long elements);
/// An MSI/Planet pattern (Testing/Data/msi/sector_65_18.msi's layout, CRLF): small by
/// nature, whatever the element count.
void WriteMsi(const std::string& path, long elements);

/// The reader rows' cases: "<key>.ours" reads the key's file through its VTK reader,
/// "<key>parse.ours" through the parser alone (file read included, on the SMP threads),
/// for the keys fekoout, fekoffe, fekoos, fekoefe and hfssffd (and "msi.ours").
bool IsFileCase(const std::string& name);
/// The file a case reads, in the scratch directory.
std::string FileOf(const std::string& name, const std::string& dir, long elements);
/// Writes every file of these cases; RemoveFiles deletes them.
void WriteFiles(const std::string& dir, long elements);
void RemoveFiles(const std::string& dir, long elements);
/// Runs a case on its file once; returns what it counts (cells, rows or samples).
double RunFileCase(const std::string& name, const std::string& file);
}
#endif
