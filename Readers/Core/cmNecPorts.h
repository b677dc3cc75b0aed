// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecPorts.h
 * @brief The port tables of NEC-2 print output: ANTENNA INPUT PARAMETERS, POWER BUDGET
 * and STRUCTURE IMPEDANCE LOADING (pipeline free).
 *
 * cmNecOutput.cpp finds the banners and calls these readers with the scanner on the line
 * after the banner; each reads its table and leaves the scanner on the last line it used.
 *
 *  - `ANTENNA INPUT PARAMETERS`: one row per voltage source, TAG SEG (absolute segment),
 *    then Re/Im of the voltage (V), current (A), impedance (Ω) and admittance (S), and the
 *    input power (W). nec2c prints `%12.4E` cells, NEC-2D `%12.5E` cells that touch when
 *    negative (`3.22200E+01-6.83030E+01`).
 *  - `POWER BUDGET`: `INPUT POWER =`, `RADIATED POWER=`, `STRUCTURE LOSS=`, `NETWORK LOSS =`,
 *    `EFFICIENCY =` (percent).
 *  - `STRUCTURE IMPEDANCE LOADING`: fixed columns (ITAG I6, FROM I5, THRU I5, then
 *    resistance, inductance, capacitance, Re/Im impedance and conductivity in 12-wide
 *    cells, then the circuit type); a zero prints blank, so a row is cut by columns, not
 *    tokens. A blank ITAG means FROM/THRU are absolute segment numbers, a blank FROM the
 *    whole tag (or the whole structure). `THIS STRUCTURE IS NOT LOADED` means no rows.
 *
 * NEC's phasors are peak values: P = ½ Re(V I*).
 */
#ifndef cmNecPorts_h
#define cmNecPorts_h

#include "cmTextScan.h"

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
/// One row of ANTENNA INPUT PARAMETERS.
struct NecPort
{
  std::int64_t Tag = 0;
  std::int64_t Segment = 0; ///< absolute segment number
  std::complex<double> Voltage, Current, Impedance, Admittance;
  double Power = 0; ///< W, as printed
  std::int64_t Line = 0; ///< line of the row in the file
};

/// The POWER BUDGET block (W; efficiency in percent).
struct NecPowerBudget
{
  bool Present = false;
  double Input = 0, Radiated = 0, StructureLoss = 0, NetworkLoss = 0, Efficiency = 0;
};

/// One row of STRUCTURE IMPEDANCE LOADING, as printed.
struct NecLoad
{
  enum class Kind
  {
    Series, ///< R + jωL + 1/(jωC); a blank element is absent
    Parallel, ///< 1 / (1/R + 1/(jωL) + jωC); a blank element is absent
    Fixed, ///< R + jX (LD type 4)
    Other ///< per-length loads and wire conductivity: losses, not a lumped port
  };
  Kind Type = Kind::Other;
  std::string TypeName; ///< the CIRCUIT TYPE text, e.g. "FIXED IMPEDANCE"
  std::int64_t Tag = 0; ///< 0: From/Thru are absolute segment numbers
  std::int64_t From = 0; ///< 0: every segment of the tag (or of the structure)
  std::int64_t Thru = 0; ///< 0: same as From
  double Resistance = 0, Inductance = 0, Capacitance = 0, Real = 0, Imaginary = 0, Conductivity = 0;
  /// The impedance of one loaded segment at `frequencyHz`; NaN for Kind::Other.
  std::complex<double> Impedance(double frequencyHz) const;
  /// "tag3_seg1", "tag3_seg1-7", "tag3" or "seg12" (absolute).
  std::string Name() const;
};

/// Reads the rows after an ANTENNA INPUT PARAMETERS banner (at most `maxRows`).
std::vector<NecPort> ReadNecInputParameters(LineScanner& s, std::int64_t maxRows);

/// Reads the block after a POWER BUDGET banner; throws when INPUT POWER is missing.
NecPowerBudget ReadNecPowerBudget(LineScanner& s);

/// Reads the rows after a STRUCTURE IMPEDANCE LOADING banner (at most `maxRows`).
std::vector<NecLoad> ReadNecLoading(LineScanner& s, std::int64_t maxRows);

} // namespace cm
#endif
