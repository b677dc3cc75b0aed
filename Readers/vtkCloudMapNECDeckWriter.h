// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapNECDeckWriter
 * @brief   Writes a triangle/quad vtkPolyData as a NEC-2 deck of SP/SC surface patches.
 *
 * Every triangle becomes an SP card with NS=2 and every quad one with NS=3, each followed
 * by its SC continuation card, with the corners in the cell's order (counter-clockwise
 * seen from outside gives NEC's outward normal). A named wire antenna (GW tag 1) stands
 * on the patch AttachPatch, from its centre along its outward normal, fed at its base;
 * then GE, FR (Frequency), EX, RP (a ThetaSamples × PhiSamples full-sphere pattern) and
 * EN. Run `nec2c -i mesh.nec -o mesh.out` and open mesh.out with the NEC-2 reader to get
 * the surface currents back on the same patches (the one under the wire cut in 4).
 * More antennas (AddExtraAntenna: patch and name) become tags 2, 3, ...; FrequencySteps
 * and FrequencyStep make FR a sweep; OneSolvePerPort writes an N-port deck (one EX, FR,
 * XQ per antenna, PORT comments) for the NEC reader's Network output (cmNecDeck.h).
 *
 * Write() returns 1 on success; on a cell that is not a triangle or quad, a degenerate
 * cell, an AttachPatch out of range or an unwritable file it reports an error, writes
 * nothing and returns 0. Coordinates are taken as metres.
 *
 * @sa cmNecDeck.h, vtkCloudMapNECReader, vtkCloudMapFileWriter
 */
#ifndef vtkCloudMapNECDeckWriter_h
#define vtkCloudMapNECDeckWriter_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapFileWriter.h"

#include <string> // for std::string
#include <vector> // for std::vector

class CLOUDMAPREADERS_EXPORT vtkCloudMapNECDeckWriter : public vtkCloudMapFileWriter
{
public:
  static vtkCloudMapNECDeckWriter* New();
  vtkTypeMacro(vtkCloudMapNECDeckWriter, vtkCloudMapFileWriter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Frequency of the FR card, Hz (default 120 MHz).
  vtkSetClampMacro(Frequency, double, 1.0, 1e15);
  vtkGetMacro(Frequency, double);
  ///@}

  ///@{
  /// Cell id of the patch that carries the antenna (default 0); -1 writes no antenna
  /// and no excitation.
  vtkSetClampMacro(AttachPatch, int, -1, VTK_INT_MAX);
  vtkGetMacro(AttachPatch, int);
  ///@}

  ///@{
  /// Name of the antenna, written on a CM card (NEC has no names of its own).
  vtkSetStdStringFromCharMacro(AntennaName);
  vtkGetCharFromStdStringMacro(AntennaName);
  ///@}

  ///@{
  /// Wire length (m), number of segments and radius (m) of the antenna.
  vtkSetClampMacro(WireLength, double, 1e-9, 1e9);
  vtkGetMacro(WireLength, double);
  vtkSetClampMacro(WireSegments, int, 1, 10000);
  vtkGetMacro(WireSegments, int);
  vtkSetClampMacro(WireRadius, double, 1e-12, 1e6);
  vtkGetMacro(WireRadius, double);
  ///@}

  ///@{
  /// FR sweep: FrequencySteps frequencies (default 1) from Frequency, FrequencyStep Hz apart.
  vtkSetClampMacro(FrequencySteps, int, 1, 100000);
  vtkGetMacro(FrequencySteps, int);
  vtkSetClampMacro(FrequencyStep, double, 0.0, 1e15);
  vtkGetMacro(FrequencyStep, double);
  ///@}

  ///@{
  /// More antennas: the same wire on cell `patch`, named `name` (tags 2, 3, ...).
  void AddExtraAntenna(int patch, const char* name);
  /// The same, named "antenna<tag>" (a repeatable ParaView property).
  void AddExtraAntennaPatch(int patch) { this->AddExtraAntenna(patch, nullptr); }
  void RemoveAllExtraAntennas();
  ///@}

  ///@{
  /// Write an N-port deck: per antenna an EX on its base, the FR sweep and XQ (no RP).
  vtkSetMacro(OneSolvePerPort, bool);
  vtkGetMacro(OneSolvePerPort, bool);
  vtkBooleanMacro(OneSolvePerPort, bool);
  ///@}

  ///@{
  /// Samples of the RP card: θ over [0, 180] and φ over [0, 360] degrees.
  vtkSetClampMacro(ThetaSamples, int, 1, 3601);
  vtkGetMacro(ThetaSamples, int);
  vtkSetClampMacro(PhiSamples, int, 1, 3601);
  vtkGetMacro(PhiSamples, int);
  ///@}

protected:
  vtkCloudMapNECDeckWriter();
  ~vtkCloudMapNECDeckWriter() override;

  /// The deck of the input polygons (cmNecDeck.h).
  std::string MakeText(vtkDataObject* input) override;

  double Frequency = 120e6;
  int AttachPatch = 0;
  std::string AntennaName = "antenna";
  double WireLength = 0.5;
  int WireSegments = 9;
  double WireRadius = 0.002;
  int ThetaSamples = 19;
  int PhiSamples = 37;
  int FrequencySteps = 1;
  double FrequencyStep = 0;
  std::vector<int> ExtraPatches;
  std::vector<std::string> ExtraNames;
  bool OneSolvePerPort = false;

private:
  vtkCloudMapNECDeckWriter(const vtkCloudMapNECDeckWriter&) = delete;
  void operator=(const vtkCloudMapNECDeckWriter&) = delete;
};

#endif
