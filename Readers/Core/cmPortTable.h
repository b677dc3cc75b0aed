// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmPortTable.h
 * @brief Port quantities over frequency: reflection, VSWR and coupling to loaded
 * receivers, as a table of named columns (pipeline free).
 *
 * With a real reference impedance Z0 and an input impedance Z:
 *   Γ = (Z − Z0)/(Z + Z0),  return loss = −20 log10|Γ| dB,
 *   VSWR = (1 + |Γ|)/(1 − |Γ|),  mismatch loss = −10 log10(1 − |Γ|²) dB.
 *
 * Coupling. A NEC voltage source V with input current I behaves exactly like a generator
 * of EMF Vs = V + Z0 I behind Z0 (the structure only sees its terminals), whose available
 * power is |Vs|²/(8 Z0) (peak phasors). A receiving load Z_L on a segment with current
 * I_L takes P_L = ½|I_L|² Re Z_L. The transducer gain is G_T = P_L / P_avs, and when the
 * load is Z0 itself (a matched receiver, a2 = 0) the scattering parameter is
 *   S21 = b2/a1 = −2 Z0 I_L / (V + Z0 I),  |S21|² = G_T,
 * with NEC's sign convention: a port's current flows along its segment, as for an EX card
 * on that segment, so S21 is reciprocal to the swapped solve.
 */
#ifndef cmPortTable_h
#define cmPortTable_h

#include "cmNecOutput.h"

#include <complex>
#include <string>
#include <vector>

namespace cm
{
/// Named double columns of equal length, in order (the shape of a vtkTable).
struct ColumnTable
{
  std::vector<std::string> Names;
  std::vector<std::vector<double>> Columns;
  double ReferenceImpedance = 0; ///< Ω, of the reflection and S columns; 0 when unknown
  /// Index of a column, or -1.
  int Find(const std::string& name) const;
  /// Appends a column and returns it.
  std::vector<double>& Add(const std::string& name);
  std::size_t Rows() const { return this->Columns.empty() ? 0 : this->Columns[0].size(); }
};

struct Reflection
{
  std::complex<double> Gamma;
  double ReturnLossDb = 0; ///< +inf for a perfect match
  double Vswr = 1; ///< +inf when |Γ| >= 1
  double MismatchLossDb = 0;
};

/// Γ, return loss, VSWR and mismatch loss of impedance `z` against a real `z0` > 0.
Reflection ReflectionOf(std::complex<double> z, double z0);

/// Adds, in this order, R, X, |Z|, Gamma_re, Gamma_im, |Gamma|, ReturnLoss, VSWR and
/// MismatchLoss for the impedances `z` (the columns shared by every port table).
void AddReflectionColumns(const std::vector<std::complex<double>>& z, double z0, ColumnTable& t);

/// The electrical columns every port table has, one row per port.
struct PortColumns
{
  std::vector<double> Vre, Vim, Ire, Iim, G, B, InputPower;
  std::vector<std::complex<double>> Z;
  /// One row: the port's voltage, current, impedance, admittance and input power.
  void Append(std::complex<double> v, std::complex<double> i, std::complex<double> z,
    std::complex<double> y, double inputPower);
  /// Adds, in this order, V_re, V_im, I_re, I_im, the reflection columns against
  /// z0, G, B and InputPower to t (moving the columns out).
  void MoveInto(double z0, ColumnTable& t);
};

/// The port table of a NEC run: one row per ANTENNA INPUT PARAMETERS row (so one row
/// per frequency for a single source), in file order. Columns: Frequency (Hz), Excitation
/// (index of the solve), Tag, Segment, V_re, V_im, I_re, I_im, the reflection columns,
/// G, B (S), InputPower, RadiatedPower, StructureLoss, NetworkLoss (W), Efficiency (%),
/// then for every lumped load (LD types 0, 1, 4) named N as NecLoad::Name():
/// LoadPower_N (W), LoadCurrent_re_N, LoadCurrent_im_N (A, summed power and the first
/// segment's current for a range), S21_dB_N (10 log10 G_T), S21_re_N, S21_im_N (NaN
/// unless the load is one segment equal to Z0, on no fed segment, and the solve has one
/// source). A load on a fed segment is in series with its source: its power is that of
/// the source's current (part of the POWER BUDGET's structure loss). A quantity
/// the file does not give (no POWER BUDGET, currents suppressed by PT) is NaN.
ColumnTable NecPortTable(const NecOutput& nec, double z0);

} // namespace cm
#endif
