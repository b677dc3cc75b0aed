// SPDX-License-Identifier: BSD-3-Clause
// The benchmark's reader rows for CST (.ffs, .txt), Gmsh 4.1 (ASCII, binary) and
// Touchstone (.s4p sweep, many ports): each writes a large file in the real layout
// (about 500 bytes per element of the size argument: 100 MB at 200,000) and times our
// parser alone ("<format>parse") and our VTK reader ("<format>"). Case names start
// with "rb.".
#ifndef bench_readers_b_h
#define bench_readers_b_h

#include <string>

namespace benchb
{
/// True for a case of these rows.
bool IsCase(const std::string& name);
/// Writes every file of these rows for `elements` into `dir` (the "prepare.rb" case).
void WriteFiles(long elements, const std::string& dir);
/// The input file of case `name`.
std::string FileOf(const std::string& name, long elements, const std::string& dir);
/// Runs case `name` once on `file`; returns what it counted (values read).
double Run(const std::string& name, const std::string& file);
/// Removes the files of WriteFiles.
void RemoveFiles(long elements, const std::string& dir);
}
#endif
