// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmGrasp.h
 * @brief TICRA GRASP field files, cuts (`.cut`) and grids (`.grd`), as the common
 *        far-field grid (pipeline free).
 *
 * **Cuts** (as GRASP 10 / TICRA Tools 19 write them, python-graspfile's test files):
 * every cut is a text line (the cut's comment, "Field data in cuts" by default, or blank),
 * then `V_INI V_INC V_NUM C ICOMP ICUT NCOMP`, then V_NUM rows of NCOMP complex
 * components (Re Im pairs). ICUT 1 is a polar cut (φ = C, θ = V_INI + i·V_INC), ICUT 2 a
 * conical cut (θ = C, φ = V_INI + i·V_INC). A file holds the cuts of every frequency one
 * after another: a set of cuts repeats with the header of the first cut, and each set
 * is one frequency (the file stores none: the reader's Frequency property).
 *
 * **Grids** (TICRA-EM-FIELD-V0.1): header lines up to `++++` (FREQUENCIES [GHz] and the
 * values on the next line), then KTYPE (1), `NSET ICOMP NCOMP IGRID`, NSET lines of beam
 * centres `IX IY`, then per set `XS YS XE YE`, `NX NY KLIMIT`, and NY rows of points, x
 * fastest; with KLIMIT 1 each row starts with `IS IN` (its first point, 1-based, and how
 * many). The point (i, j) is at x = XS + (IX + i)·DX, y = YS + (IY + j)·DY, DX = (XE −
 * XS)/(NX − 1). IGRID 1 is a uv grid (u = sin θ cos φ, v = sin θ sin φ), IGRID 7 a θφ grid
 * (x = φ, y = θ in degrees); the elevation/azimuth grids (4, 5, 6) are refused.
 *
 * **Components** (ICOMP): 1 Eθ, Eφ; 2 E_rhc, E_lhc; 3 E_co, E_cx (Ludwig's third
 * definition, co along x at φ = 0); 4 E_maj, E_min; 5–8 the cross-polar ratios of 1–4;
 * 9 |E| and sqrt(E_rhc/E_lhc). The third component (NCOMP 3, near fields) is E_r. The
 * conversions, proved on GRASP's own files of one run written with ICOMP 1, 2 and 3
 * (to the 10 digits printed):
 *   E_co = Eθ cos φ − Eφ sin φ,  E_cx = Eθ sin φ + Eφ cos φ,
 *   E_rhc = (E_co + j E_cx)/√2,  E_lhc = (E_co − j E_cx)/√2.
 * A conical cut at the pole (θ = C = 0 or 180) gives Eθ, Eφ in the unit vectors of φ = 0
 * at every φ (its Ludwig-3 components are the same at every φ); they are turned to each
 * sample's φ. ICOMP 1–3 give Eθ, Eφ; 4 and 9 only |E| (the `Gain`); 5–8 no field.
 *
 * **Field unit**: GRASP normalises far fields so that |E|² is the gain over a source of
 * 4π W: `Gain` = 20·log10|E| dBi (GainKind "Gain"), FieldUnit "sqrt(W)".
 *
 * The far-field table (`Table`) is the samples taken to θ ∈ [0, 180], φ ∈ [0, 360)
 * (a negative θ is (−θ, φ + 180°) with both components negated, as for openEMS and HFSS);
 * when the samples do not form such a grid (a uv grid, cuts of different lengths), the
 * table is empty and `TableProblem` says why. `Samples` keeps every sample in the file's
 * order with the file's own coordinates and components.
 *
 * Partial results: a damaged later set or cut ends the reading with one warning (the
 * sets before it are read); a damaged first set throws ParseError naming file and line.
 */
#ifndef cmGrasp_h
#define cmGrasp_h

#include "cmFarField.h"

#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/// One set (a frequency, or a beam): its samples as the file gives them and its table.
struct GraspSet
{
  FarFieldGrid Samples; ///< file order; Theta/Phi as the file's angles; extra columns
  FarFieldGrid Table; ///< θ-fastest table, or empty (NumberOfTheta 0) with TableProblem
  std::string TableProblem;
};

struct GraspFile
{
  std::string Kind; ///< "cut" or "grid"
  int Icomp = 0, Ncomp = 0;
  int Geometry = 0; ///< ICUT (cuts) or IGRID (grids)
  std::vector<GraspSet> Sets;
  std::vector<double> FileFrequencies; ///< Hz, from a grid's header (cuts: none)
  std::vector<std::string> Warnings; ///< "file:line: problem"
};

/// The names GRASP's documentation gives the component k (0, 1, 2) of ICOMP.
std::string GraspComponentName(int icomp, int k);

/// Eθ, Eφ at azimuth φ (degrees) from the two components of ICOMP 1–3; false for others.
bool GraspToThetaPhi(int icomp, double phiDegrees, std::complex<double> f1, std::complex<double> f2,
  std::complex<double>& et, std::complex<double>& ep);

/// |E| from the components of ICOMP 1–4 and 9; NaN for the ratios (5–8).
double GraspMagnitude(int icomp, std::complex<double> f1, std::complex<double> f2);

/// Parses a `.cut` file. `frequenciesHz` (the reader's property) are given to the sets in
/// order (0 = unknown).
GraspFile ParseGraspCut(
  std::string_view text, const std::string& fileName, const std::vector<double>& frequenciesHz);

/// Parses a `.grd` file (frequencies from its header).
GraspFile ParseGraspGrid(std::string_view text, const std::string& fileName);

/// A text line, then `V_INI V_INC V_NUM C ICOMP ICUT NCOMP` (ICOMP 1..9, ICUT 1..2,
/// NCOMP 2..3), then a row of 2·NCOMP numbers.
bool LooksLikeGraspCut(std::string_view head);

/// A line `++++` (the end of the TICRA header), then KTYPE and `NSET ICOMP NCOMP IGRID`.
bool LooksLikeGraspGrid(std::string_view head);

namespace grasp
{
/// Fills Samples' derived columns and builds Table (shared by the two parsers): `poleTurn`
/// marks samples whose Eθ, Eφ are in the unit vectors of φ = 0.
void FinishSet(GraspSet& set, int icomp, const std::vector<bool>& poleTurn,
  const std::vector<std::complex<double>> (&f)[3], const std::string& file, std::int64_t line);
} // namespace grasp
} // namespace cm
#endif
