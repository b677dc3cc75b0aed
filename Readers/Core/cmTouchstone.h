// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTouchstone.h
 * @brief Touchstone 1.x network parameter files, .s1p and .s2p (pipeline free).
 *
 * Syntax (the Touchstone File Format Specification, version 1.1):
 *  - `!` starts a comment, anywhere on a line, to the end of the line.
 *  - The option line `# <unit> <parameter> <format> R <n>` comes before the data; every
 *    field is optional and case-insensitive, in any order, defaults `GHz S MA R 50`:
 *    unit Hz, kHz, MHz or GHz; parameter S, Y or Z (Y and Z normalised to R, as version
 *    1 writes them; G and H are refused); format RI (real, imaginary), MA (magnitude,
 *    angle in degrees) or DB (20 log10 magnitude, angle). Only the first option line
 *    counts; later ones are ignored, as the specification says.
 *  - Data: the frequency, then one pair per parameter, for 2 ports in the order N11 N21
 *    N12 N22 (not row order). Records may wrap over lines; the reader counts numbers.
 *  - Frequencies increase strictly. In a 2-port file a frequency lower than the last
 *    starts the noise parameters, which are skipped (and must come in rows of 5).
 *  - HFSS writes `! Port Impedance re1 im1 [re2 im2]` after each frequency's record
 *    (before 2020 R2 glued to the word: `! Port Impedance50 0 50 0`): the S parameters
 *    are then referenced to these per-port, per-frequency (possibly complex) impedances,
 *    whatever R the option line gives. When they all equal R nothing changes. Otherwise
 *    the S columns are kept as the file gives them, the columns PortImpedance1_re/_im
 *    (and 2) carry the impedances, port 1's R, X, |Z| are Zp1 (1 + S11)/(1 − S11), and
 *    the reflection columns (Gamma, ReturnLoss, VSWR, MismatchLoss) are that impedance's
 *    against R (= ReferenceImpedance): no silent mix of references. A line with the
 *    wrong count of numbers, or lines for only some frequencies, is refused.
 *
 * The table (cmPortTable.h's ColumnTable) has Frequency (Hz), Sij_re, Sij_im, Sij_dB for
 * every parameter (converted to S against R), and the reflection columns of port 1
 * (R, X, |Z|, Gamma_re, Gamma_im, |Gamma|, ReturnLoss, VSWR, MismatchLoss) with
 * ReferenceImpedance = R, so a Touchstone file and the NEC Port Parameters plot alike.
 *
 * Errors throw ParseError naming the file, the line and the problem: a record cut short,
 * a non-number, NaN or infinity, a frequency not increasing, a bad option line, a
 * non-positive R, a magnitude below zero, or no data at all.
 */
#ifndef cmTouchstone_h
#define cmTouchstone_h

#include "cmPortTable.h"

#include <string>
#include <string_view>

namespace cm
{
/// Ports from a file name's extension (.s1p → 1, .s2p → 2, .s12p → 12, case-insensitive);
/// 0 when the extension says nothing (then the first data line's count of numbers decides).
int TouchstonePortsFromName(const std::string& fileName);

/// Parses a 1- or 2-port file's text; `ports` 0 guesses from the first data line; more
/// than 2 ports throws ParseError (the N-port files are written, not read).
ColumnTable ParseTouchstone(std::string_view text, const std::string& fileName, int ports = 0);

/// Reads and parses a file (ports from the extension).
ColumnTable ReadTouchstoneFile(const std::string& path);

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
/// std::runtime_error on a table without them, a non-finite value, or frequencies that
/// do not increase (say, a NEC table of several excitations).
std::string WriteTouchstone(const ColumnTable& t, const TouchstoneWriteOptions& o);

} // namespace cm
#endif
