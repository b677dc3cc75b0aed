// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFEKOReader
 * @brief   Reads FEKO's text output (.out): metallic triangles with their current densities.
 *
 * `DATA OF THE METALLIC TRIANGLES` gives the mesh (corners merged where they print
 * equal, each triangle counter-clockwise about FEKO's printed normal) and every
 * `VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES` table the currents, converted from
 * magnitude and phase to `J_real`, `J_imag` (A/m), with `|J|` and `ElementId`, the same
 * arrays as the other surface-current readers, so Surface Cloud Map applies directly.
 * Several frequencies are time steps (values in Hz); several tables at one frequency
 * (excitations, current requests) are chosen with RequestIndex, and the field data
 * `RequestName` names the one shown. Edge voltage sources are placed from their port
 * edges (cmFekoPorts.h, ParseFekoSourcePositions) and given as field data `SourceName`
 * and `SourcePosition[m]` (N x 3), which the toolbar's Antenna Pattern centres on. A table FEKO
 * printed without rows (NOTE 34055) or a file without any gives the mesh alone, with one warning
 * per file. Honours piece requests with ghost cells like vtkCloudMapMoMReader.
 *
 * Port 1 ("Port Parameters", vtkTable) lists every `DATA OF THE VOLTAGE SOURCE` block of
 * the file, one row per source and frequency, with the impedance, the reflection
 * against ReferenceImpedance, return loss and VSWR (cmFekoPorts.h); empty when FEKO
 * printed no voltage source. The voltage-source blocks are optional: a damaged one gives
 * one warning (file, line, problem) and an empty port 1, and the mesh and currents are
 * still read (vtkCloudMapReaderBase::WarnOptionalBlock).
 *
 * Port 2 ("Wires", vtkPolyData) holds the wire segments of DATA OF THE SEGMENTS as
 * lines (metres) with the current of the RequestIndex-th `VALUES OF THE CURRENT IN THE
 * SEGMENTS` table of the frequency: `I_real`, `I_imag` (A, along start → end), `|I|`,
 * `I_phase` (degrees), `Tag` (the label when it is a number, else the rank of the label)
 * and `Label`, the NEC reader's Wires arrays (cmFekoWires.h); piece 0 carries them all.
 * A wire-only model gives an empty port 0 and its wires here. Voltage sources at
 * segments are placed at the segment that carries their current and join the edge
 * sources in `SourceName`/`SourcePosition[m]` (ports 0 and 2).
 *
 * Port 3 ("Network", vtkTable) is the N-port network of the SCATTERING PARAMETERS blocks,
 * one row per frequency, the columns of the NEC reader's Network output (S as printed,
 * against the file's reference impedance, with Z and Y where S is complete), with
 * `WorstPair` and field data `PortNames`; empty without such a block.
 *
 * Port 4 ("Radiation Pattern", vtkTable) is a far-field table FEKO printed (`VALUES OF
 * THE SCATTERED ELECTRIC FIELD STRENGTH IN THE FAR FIELD in V`, cmFekoOutFields.h) as the
 * common far-field table (cmFarFieldToVTK.h): r·E in V, GainKind Directivity or Gain
 * as the header says, Gain_theta/Gain_phi, AxialRatio, Tilt, Sense, field data
 * ActivePower[W], RequestName and the sources; PatternIndex picks the request.
 *
 * Port 5 ("Near Field", vtkStructuredGrid) is a near-field grid FEKO printed (`VALUES OF
 * THE ELECTRIC/MAGNETIC FIELD STRENGTH`), Cartesian, spherical or cylindrical requests
 * converted to points in metres and Cartesian components: `E_real`/`E_imag`/`|E|` and
 * `H_real`/`H_imag`/`|H|` as the NEC reader's near fields (cmNearFieldToVTK.h), field
 * data `InputPower[W]` (the voltage sources' power at that frequency) for Exposure
 * Ratio; NearFieldIndex picks the request. Split by extent.
 *
 * nec2c and FEKO both write `.out`: CanReadFile accepts a file only when its first 4 KB
 * carry FEKO's banner and not NEC-2's.
 *
 * @sa cmFekoFormat.h, vtkCloudMapFEKOCurrentsReader, vtkCloudMapFEKOFarFieldReader
 */
#ifndef vtkCloudMapFEKOReader_h
#define vtkCloudMapFEKOReader_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapReaderBase.h"
#include "vtkPolyData.h" // for GetOutput

#include <string_view> // ParseOptionalBlocks

class CLOUDMAPREADERS_EXPORT vtkCloudMapFEKOReader : public vtkCloudMapReaderBase
{
public:
  static vtkCloudMapFEKOReader* New();
  vtkTypeMacro(vtkCloudMapFEKOReader, vtkCloudMapReaderBase);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Which current table of the current frequency to show when several share it (0 = the
  /// first in the file). Out of range gives an empty output with a warning.
  vtkSetClampMacro(RequestIndex, int, 0, VTK_INT_MAX);
  vtkGetMacro(RequestIndex, int);
  ///@}

  ///@{
  /// Reference impedance Z0 (Ω) of the Port Parameters output (port 1), default 50.
  vtkSetClampMacro(ReferenceImpedance, double, 1e-6, 1e12);
  vtkGetMacro(ReferenceImpedance, double);
  ///@}

  ///@{
  /// Which far-field table of the current frequency goes to port 4 when several far-field
  /// requests share it (0 = the first in the file).
  vtkSetClampMacro(PatternIndex, int, 0, VTK_INT_MAX);
  vtkGetMacro(PatternIndex, int);
  ///@}

  ///@{
  /// Which near-field grid of the current frequency goes to port 5 (0 = the first).
  vtkSetClampMacro(NearFieldIndex, int, 0, VTK_INT_MAX);
  vtkGetMacro(NearFieldIndex, int);
  ///@}

  /// Returns 1 when the first 4 KB carry FEKO's banner (and not NEC-2's).
  int CanReadFile(const char* fileName);

  /// The output of port 0.
  vtkPolyData* GetOutput() { return vtkPolyData::SafeDownCast(this->GetOutputDataObject(0)); }

protected:
  vtkCloudMapFEKOReader();
  ~vtkCloudMapFEKOReader() override;

  std::vector<double> ParseFile() override;
  int ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject* output) override;
  bool OutputHoldsAllSteps(int port) const override;
  void DescribeOutputPort(int port, vtkInformation* info) override;

  int RequestIndex = 0;
  double ReferenceImpedance = 50;
  int PatternIndex = 0;
  int NearFieldIndex = 0;

private:
  vtkCloudMapFEKOReader(const vtkCloudMapFEKOReader&) = delete;
  void operator=(const vtkCloudMapFEKOReader&) = delete;

  /// What the parsers of the text made of it (they run side by side on the threads).
  struct Parses;
  /// Takes the parses in the order of a serial run: their output, error and notices.
  void TakeParses(Parses& parses, std::string_view text);
  /// The optional blocks of the parsed text (ports 1, 3, 4, 5): each failure is one
  /// warning that leaves its port empty; the parsers' notices go to `notices`.
  void ParseOptionalBlocks(Parses& parses, std::vector<std::string>& notices);
  /// Port 2 (the wire segments with the current table of frequency f) on this piece.
  void ReadWires(int piece, double f);
  /// Port 4: the PatternIndex-th far-field table at f (rows on piece 0).
  void ReadPattern(int piece, double f);
  /// Port 5: the NearFieldIndex-th near-field grid at f, split by extent.
  void ReadNearField(int piece, int pieces, double f);

  struct Internals;
  std::unique_ptr<Internals> Internal;
};

#endif
