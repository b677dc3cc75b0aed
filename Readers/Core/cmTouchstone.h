// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTouchstone.h
 * @brief Touchstone 1.1 and 2.0 network parameter files, .sNp for any N (pipeline free).
 *
 * Syntax (the Touchstone File Format Specification, versions 1.1 and 2.0):
 *  - `!` starts a comment, anywhere on a line, to the end of the line.
 *  - The option line `# <unit> <parameter> <format> R <n>` comes before the data (a file
 *    without one is refused); every field is optional and case-insensitive, in any
 *    order, defaults `GHz S MA R 50`: unit Hz, kHz, MHz or GHz; parameter S, Y or Z (G
 *    and H are refused); format RI (real, imaginary), MA (magnitude, angle in degrees)
 *    or DB (20 log10 magnitude, angle). Only the first option line counts.
 *  - Data: per frequency a record, the frequency then one pair per parameter: 1 port
 *    N11; 2 ports N11 N21 N12 N22 (1.1, and 2.0's `[Two-Port Data Order] 21_12`) or N11
 *    N12 N21 N22 (12_21); from 3 ports the matrix row by row, each row starting a new
 *    line, at most 4 pairs a line in 1.1 (any count is read). A line with an odd count of
 *    numbers (the frequency and whole pairs) starts a record, one with an even count
 *    continues it; a record with too few or too many numbers is refused naming its
 *    frequency's line. Frequencies increase strictly.
 *  - Y and Z: version 1.x normalises them to R; 2.0 does not (they are in ohms and
 *    siemens, normalised here by each port's reference). Both are converted to S.
 *  - Noise parameters (2 ports, rows of 5 numbers: frequency, NFmin in dB, |Gamma_opt|,
 *    its angle in degrees, Rn): in 1.1 they start at a frequency not above the last
 *    network one and Rn is normalised to R; in 2.0 they are the [Noise Data] block and Rn
 *    is in ohms. They become TouchstoneInfo::Noise. A malformed noise block (a row not of
 *    5 finite numbers, a noise frequency not increasing, a negative |Gamma_opt| or Rn,
 *    [Noise Data] in a file not of 2 ports or without [Number of Noise Frequencies], or
 *    that count not matching) is one problem (file, line, what), NoiseProblem, leaves
 *    Noise empty, and the network data is still read.
 *  - Port names in comments: `! Port[k] = name` (HFSS, ANSYS Designer, scikit-rf,
 *    CloudMap's writer; what scikit-rf reads into Network.port_names) and CST's
 *    `! Touchstone port k = CST MWS port m ("label") mode j` (the label, else the CST port
 *    number m, with ":j" for a mode j). They become TouchstoneInfo::PortNames.
 *  - Version 2.0: `[Version] 2.0` first, the option line, then `[Number of Ports]`,
 *    `[Two-Port Data Order]` (required for 2 ports), `[Number of Frequencies]`,
 *    `[Number of Noise Frequencies]`, `[Reference]` (one impedance per port, possibly
 *    over several lines; it replaces R), `[Matrix Format]` Full, Lower or Upper (the
 *    symmetric half is filled), `[Begin Information]`…`[End Information]` (skipped),
 *    `[Network Data]`, `[Noise Data]` and `[End]` (may be missing). A missing required
 *    keyword, a count that disagrees with the data or an unknown keyword is refused. The rows of
 * a 2.0 matrix may run on (ANSYS packs 4 pairs a line across rows): only the count of numbers per
 * frequency matters.
 *  - 2.0's `[Mixed-Mode Order]` (after [Number of Ports]): one entry per matrix row, in the
 *    order of the data, `S<p>` (single-ended port p), `D<p>,<n>` and `C<p>,<n>` (the
 *    differential and common modes of the pair of ports p and n), e.g. the specification's
 *    `D2,3 D6,5 C2,3 C6,5 S4 S1`. Every port once, as S or in one pair that has both its D
 *    and C entry; an entry that is none of these, given twice, a port in two entries, a
 *    count other than [Number of Ports] or a pair without its other mode is refused. The
 *    rows' references are a single-ended port's own, 2 R (D) and R / 2 (C) for a pair of
 *    ports of the same reference R (else refused); Y and Z are normalised by them. The
 *    parameters are named by the file's order: S, then the two entries' modes (d, c, s),
 *    then their numbers, each pair and each single-ended port numbered 1, 2, ... in the
 *    order the file first names it (`D1,2 D3,4 C1,2 C3,4`: Sdd11 Sdd12 Sdc11 ... Scc22;
 *    `D2,3 D6,5 C2,3 C6,5 S4 S1`: Sdd12 for D2,3 from D6,5, Sds13 for D2,3 from S4); from
 *    10, S_dd_1_12. Port 1's R, X, |Z| are row 1's impedance on its mode's reference, the
 *    reflection columns that impedance's against R, and the rows' references are the
 *    PortImpedance<k> columns (as for the per-port references below).
 *  - HFSS writes `! Port Impedance re1 im1 ... reN imN` after each frequency's record
 *    (before 2020 R2 glued to the word: `! Port Impedance50 0 50 0`): the S parameters
 *    are then referenced to these per-port, per-frequency (possibly complex) impedances,
 *    whatever R the option line gives. When they all equal R nothing changes. Otherwise
 *    (and likewise for a 2.0 `[Reference]` whose ports differ) the S columns are kept as
 *    the file gives them, the columns PortImpedance<k>_re/_im carry the impedances,
 *    port 1's R, X, |Z| are Zp1 (1 + S11)/(1 − S11), and the reflection columns (Gamma,
 *    ReturnLoss, VSWR, MismatchLoss) are that impedance's against R (=
 *    ReferenceImpedance): no silent mix of references. A line with the wrong count of
 *    numbers, or lines for only some frequencies, is refused.
 *
 * The table (cmPortTable.h's ColumnTable) has Frequency (Hz), then <name>_re, _im, _dB
 * for every S parameter (converted to S), named as cmNecNetwork.h's
 * NetworkParameterName: S11 S21 S12 S22 for 2 ports (the 1.1 reader's columns), row-major
 * S11 S12 ... below 10 ports, S_1_1 S_1_2 ... from 10; then port 1's reflection columns
 * (R, X, |Z|, Gamma_re, Gamma_im, |Gamma|, ReturnLoss, VSWR, MismatchLoss) against
 * ReferenceImpedance (R, or the common [Reference]), so a Touchstone file and the NEC Port
 * Parameters plot alike. TouchstoneInfo gives each port's reference and the warnings.
 *
 * Errors throw ParseError naming the file, the line and the problem: no option line, a
 * record cut short or too long, a non-number, NaN or infinity, a frequency not
 * increasing, a bad option line or keyword, a non-positive R, a magnitude below zero, or
 * no data at all. Sizes: the file is at most 4 GB, [Number of Ports] at most 999, and
 * nothing is allocated from a count before the data that fills it is read.
 */
#ifndef cmTouchstone_h
#define cmTouchstone_h

#include "cmParallelFor.h"
#include "cmPortTable.h"

#include <string>
#include <string_view>
#include <vector>

namespace cm
{
/// Ports from a file name's extension (.s1p → 1, .s2p → 2, .s12p → 12, case-insensitive);
/// 0 when the extension says nothing (then the first data line's count of numbers decides).
int TouchstonePortsFromName(const std::string& fileName);

/// What a file says besides its table.
struct TouchstoneInfo
{
  int Version = 1; ///< 1 (1.x) or 2 (2.0)
  int Ports = 0;
  std::vector<double> PortReferenceImpedances; ///< Ω, per port: [Reference], else R
  /// One per port when the file names at least one port in comments (a port it does not
  /// name gets its number, "1", "2", ...); empty when it names none.
  std::vector<std::string> PortNames;
  /// The noise parameters of a 2-port, one row per noise frequency: Frequency (Hz),
  /// NFmin[dB], GammaOpt_mag, GammaOpt_ang[deg], GammaOpt_re, GammaOpt_im (against port
  /// 1's reference, as the file gives them) and Rn[Ohm] (1.1's normalised Rn times R).
  /// No columns when the file has no noise block or a malformed one.
  ColumnTable Noise;
  /// "file:line: problem" of a malformed noise block (then Noise is empty); empty if none.
  std::string NoiseProblem;
  std::vector<std::string> Warnings; ///< "file:line: problem" (a port name that is ignored)
  /// [Mixed-Mode Order]'s entries as the file gives them (upper case), one per matrix
  /// row ("D2,3", "C2,3", "S4"); empty for single-ended data.
  std::vector<std::string> MixedModeOrder;
  /// Ω, per matrix row of a mixed-mode file: 2 R (D), R / 2 (C), R (S); else empty.
  std::vector<double> ModeReferenceImpedances;
};

/// Parses a file's text. `ports`: the extension's (TouchstonePortsFromName), 0 when
/// unknown: then 2.0's [Number of Ports] or, in 1.1, the first data line (3 numbers: 1
/// port, 9: 2) decides; [Number of Ports] wins over the extension.
/// `parallel` (none: one thread) reads the network data in blocks of lines (the same
/// values and first error on any number of threads).
ColumnTable ParseTouchstone(std::string_view text, const std::string& fileName, int ports = 0,
  TouchstoneInfo* info = nullptr, const ParallelFor& parallel = {});

/// Reads and parses a file (ports from the extension).
ColumnTable ReadTouchstoneFile(
  const std::string& path, TouchstoneInfo* info = nullptr, const ParallelFor& parallel = {});

struct TouchstoneWriteOptions
{
  std::string Unit = "MHz"; ///< Hz, kHz, MHz or GHz
  std::string Format = "RI"; ///< RI, MA or DB
  double ReferenceImpedance = 50; ///< used when the table carries none
  std::string Comment; ///< written as `!` lines after the banner
  int Version = 1; ///< 1: Touchstone 1.1 syntax; 2: version 2.0 keywords
  std::vector<std::string> PortNames; ///< written as `! Port[k] = name` (scikit-rf reads them)
};

/// Ports a table would be written with: the largest N for which it has every S<ij>_re and
/// _im (cmNecNetwork.h's names: S21 below 10 ports, S_12_3 from 10), so 2 when it has
/// S11, S21, S12 and S22; 1 when it has S11_re/_im or Gamma_re/_im; 0 when neither.
int TouchstonePortsOf(const ColumnTable& t);

/// The Touchstone text (`.sNp`) of a table's Frequency and S (or Gamma) columns. Data
/// layout of version 1.1, kept in 2.0: a 1-port record is one pair; a 2-port record is
/// one line N11 N21 N12 N22 (column order, the 2-port exception); from 3 ports each
/// matrix row starts a new line, row-major, at most 4 pairs a line (a row of more than 4
/// wraps onto continuation lines). Version 2 adds `[Version] 2.0` before the option
/// line, then `[Number of Ports]`, `[Two-Port Data Order] 21_12` (2 ports),
/// `[Number of Frequencies]`, `[Network Data]` and `[End]`. Throws
/// std::runtime_error on a table without them, on mixed-mode columns (Sdd11...: the
/// table does not carry the [Mixed-Mode Order] to write), a non-finite value, or frequencies that
/// do not increase (say, a NEC table of several excitations).
std::string WriteTouchstone(const ColumnTable& t, const TouchstoneWriteOptions& o);

} // namespace cm
#endif
