// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapNECReader
 * @brief   Reads a NEC-2 run's print output (.out): patches, wires and radiation patterns.
 *
 * Understands nec2c's output and the original Fortran NEC-2D print style. Six outputs:
 *  - port 0, vtkPolyData: one triangle or quad cell per NEC surface patch, in NEC's patch
 *    order, counter-clockwise about NEC's outward normal, coordinates in metres, with the
 *    cell arrays `J_real`, `J_imag` (complex surface current density, A/m), `|J|` and
 *    `ElementId`; field data `Frequency` (Hz) and `SourceNames`/`SourcePositions` for the
 *    voltage-fed wire segments ("tag1_seg11" at the segment centre). Empty for a
 *    wire-only model.
 *    The same sources are also given as `SourceName` (vtkStringArray) and
 *    `SourcePosition[m]` (N x 3 doubles, the fed segment's centre as printed in
 *    SEGMENTATION DATA) on ports 0, 1 and 2; the toolbar's Antenna Pattern centres the
 *    pattern on them.
 *  - port 1, vtkPolyData: the wire segments as lines (metres, from SEGMENTATION DATA) with
 *    `I_real`, `I_imag` (A), `|I|`, `I_phase` (degrees) and `Tag`.
 *  - port 2, vtkTable: a RADIATION PATTERNS table as the common far-field grid (see
 *    cmFarFieldToVTK.h): Theta, Phi, Etheta_re/_im, Ephi_re/_im, |Etheta|, |Ephi|, |E|,
 *    Gain (total, dBi), Gain_vert/Gain_horiz or Gain_major/Gain_minor, AxialRatio, Tilt,
 *    Sense; `GainKind` is "Gain" (POWER GAINS) or "Directivity" (DIRECTIVE GAINS).
 *  - port 3, vtkTable "Port Parameters": the whole sweep, one row per voltage source and
 *    solve (one row per frequency for one source), from ANTENNA INPUT PARAMETERS, POWER
 *    BUDGET and the currents of loaded segments, with the reflection against
 *    ReferenceImpedance and the coupling to every lumped load (see cmPortTable.h).
 *  - port 4, vtkStructuredGrid: a near-field grid from NE/NH cards (cmNearFieldToVTK.h):
 *    points in metres, `E_real`/`E_imag`/`|E|` (V/m) and `H_real`/`H_imag`/`|H|` (A/m);
 *    NearFieldIndex picks the grid when the run printed several. Split by extent. Field
 *    data `Frequency` (Hz) and `InputPower[W]`, the input power of the solve that printed
 *    the grid (its POWER BUDGET, else the sum of its sources' powers).
 *  - port 5, vtkTable "Network": the N-port network of a deck with one solve per port
 *    (cmNecNetwork.h), one row per frequency: S/Z/Y entries, WorstPair (string),
 *    WorstPair_i/_j and WorstIsolation[dB]; field data PortNames. S is against
 *    ReferenceImpedance. Empty (with a warning when the file has several fed segments)
 *    when the file is no such deck.
 *
 * A file with several frequencies (an FR sweep) reports them as time steps whose values
 * are the frequencies in Hz, on every port. PatternIndex picks which RADIATION PATTERNS
 * table of the frequency goes to port 2 when several RP cards were given.
 *
 * `.out` is shared with FEKO and many other programs, so CanReadFile() sniffs the first
 * 4 KB for nec2c's banner or NEC-2D's banner and comment block. A file that fails to
 * parse produces an error naming the file, the line and the problem, and empty outputs.
 *
 * @sa cmNecOutput.h for the details of the format, vtkCloudMapMoMReader.
 */
#ifndef vtkCloudMapNECReader_h
#define vtkCloudMapNECReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkPolyData.h" // for GetOutput

class vtkStructuredGrid;

class CLOUDMAPREADERS_EXPORT vtkCloudMapNECReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapNECReader* New();
  vtkTypeMacro(vtkCloudMapNECReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Which RADIATION PATTERNS table of the current frequency goes to port 2 (0 = the
  /// first). Out of range gives an empty table with a warning.
  vtkSetClampMacro(PatternIndex, int, 0, 1000000);
  vtkGetMacro(PatternIndex, int);
  ///@}

  ///@{
  /// Which near-field grid of the current frequency (NE/NH tables; an NE and an NH on
  /// the same points are one grid) goes to port 4 (0 = the first).
  vtkSetClampMacro(NearFieldIndex, int, 0, 1000000);
  vtkGetMacro(NearFieldIndex, int);
  /// Real reference impedance Z0 (Ω) of the Port Parameters output (default 50): Γ,
  /// return loss, VSWR, and the generator and matched-load impedance of S21.
  vtkSetClampMacro(ReferenceImpedance, double, 1e-6, 1e12);
  vtkGetMacro(ReferenceImpedance, double);
  ///@}

  /// Returns 1 when the first 4 KB of the file look like nec2c or NEC-2D output.
  int CanReadFile(const char* fileName);

  /// Under MPI, REQUEST_DATA first agrees over the ranks on which optional blocks failed
  /// (the partial-result rule): a rank whose copy of the file lost a block the others
  /// read fails with that block's message, so the vote reports it and no rank outputs
  /// what another left empty. Then the base's request.
  vtkTypeBool ProcessRequest(
    vtkInformation* request, vtkInformationVector** inputs, vtkInformationVector* outputs) override;

  /// The output of port 0.
  vtkPolyData* GetOutput() { return vtkPolyData::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapNECReader();
  ~vtkCloudMapNECReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;
  void DescribeOutputPort(int port, vtkInformation* info) override;
  bool OutputHoldsAllSteps(int port) const override;

  int PatternIndex = 0;
  int NearFieldIndex = 0;
  /// This rank's message when its partial result differs from another rank's (MPI).
  std::string RankDivergence;
  double ReferenceImpedance = 50;

private:
  vtkCloudMapNECReader(const vtkCloudMapNECReader&) = delete;
  void operator=(const vtkCloudMapNECReader&) = delete;

  /// Port 4 at frequency f: the requested extent when port 4 asked, else the piece's.
  void NearFieldData(double f, int piece, int pieces, vtkStructuredGrid* out);

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
