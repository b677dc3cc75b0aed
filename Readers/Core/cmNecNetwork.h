// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecNetwork.h
 * @brief The N-port network (Y, Z and S matrices over frequency) of a NEC-2 run whose
 * solves each drive one port (pipeline free).
 *
 * The deck: the antennas, then per port k an `EX 0 tag seg 0 1 0` on port k's segment,
 * an `FR` sweep and an `XQ` (or RP), the same sweep every time (cmNecDeck.h writes it).
 * nec2c prints one ANTENNA INPUT PARAMETERS row and one CURRENTS AND LOCATION table per
 * solve and frequency. A port is a fed segment: every segment some solve drives, plus
 * every segment a `PORT <tag> <seg> [name]` comment line names (CM PORT ... in the deck;
 * seg counted within the tag, as on an EX card). A source row with zero voltage is an
 * undriven port too.
 *
 * Per frequency, the solve that drives port j with voltage V_j gives the column j of
 *   M_ij = I_i   (current on port i's segment, A)
 *   U_ij = δ_ij V_j − Z_L,i I_i   (voltage across port i, V)
 * where Z_L,i is the sum of the lumped loads (LD types 0, 1 and 4, `STRUCTURE IMPEDANCE
 * LOADING` of that solve) on port i's segment, 0 when it is shorted (no load). A lumped
 * load on a port is its termination, not part of the network: it is in series with the
 * port, so the port's terminals see V_i = −Z_L,i I_i (NEC's EX voltage and the load's
 * drop act on the same segment gap). Since I = Y V for every solve, Y U = M and
 *   Y = M U⁻¹,   Z = Y⁻¹,   S = (I − Z0 Y)(I + Z0 Y)⁻¹
 * for a real reference impedance Z0 on every port (power waves, as Touchstone). With
 * every undriven port shorted U is diagonal and Y_ij = I_i / V_j. Distributed loads
 * (LD 2, 3 and wire conductivity, LD 5) stay part of the antennas. When U is singular
 * (a load that exactly cancels a port's voltage) the matrices cannot be recovered and
 * this is an error. A singular Y (Z does not exist) gives NaN in Z only.
 *
 * Errors throw ParseError naming the file and a line: a solve with no source or with
 * more than one driven source, a port driven twice at one frequency, a port that is not
 * driven at a frequency another port is driven at (solves at different frequencies, a
 * port missing), a port with no current printed (PT suppressed CURRENTS AND LOCATION),
 * a PORT comment naming a segment that does not exist, or no solve at all.
 */
#ifndef cmNecNetwork_h
#define cmNecNetwork_h

#include "cmNecOutput.h"
#include "cmPortTable.h"

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
struct NetworkPort
{
  std::int64_t Tag = 0;
  std::int64_t Segment = 0; ///< absolute segment number
  std::string Name; ///< the PORT comment's name, else "tag<t>_seg<s>" (absolute)
};

/// The matrices at one frequency, row-major N × N.
struct NetworkPoint
{
  double Frequency = 0; ///< Hz
  std::vector<std::complex<double>> Y, Z, S;
  int WorstI = -1, WorstJ = -1; ///< 0-based, WorstI < WorstJ; -1 for one port
  double WorstIsolationDb = 0; ///< −20 log10 max(|S_ij|, |S_ji|) of that pair; NaN for one port
};

struct Network
{
  std::vector<NetworkPort> Ports;
  double ReferenceImpedance = 50;
  std::vector<NetworkPoint> Points; ///< frequencies increasing
  bool Terminated = false; ///< some port carried a lumped load (U was not diagonal)
};

/// The network of a parsed NEC output (see the file comment); `fileName` names errors.
Network NecNetwork(const NecOutput& nec, const std::string& fileName, double z0);

/// Parameter name of entry (i, j), 0-based, of an n-port: "S21" while n < 10, else
/// "S_12_3" (p is the letter, e.g. 'S').
std::string NetworkParameterName(char p, int i, int j, int n);

/// One row per frequency: Frequency (Hz); per entry, row-major, S<ij>_re, S<ij>_im,
/// S<ij>_dB; then Z<ij>_re, Z<ij>_im (Ω); Y<ij>_re, Y<ij>_im (S); then WorstPair_i, WorstPair_j
/// (1-based port numbers, 0 for a one-port) and WorstIsolation[dB].
ColumnTable NetworkTable(const Network& n);

/// Inverts a row-major n × n complex matrix in place (Gauss-Jordan, partial pivoting);
/// false when it is singular to working precision.
bool InvertComplexMatrix(std::vector<std::complex<double>>& a, int n);

} // namespace cm
#endif
