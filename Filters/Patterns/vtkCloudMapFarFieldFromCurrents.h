// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFarFieldFromCurrents
 * @brief   The far field radiated by the currents on a surface mesh and on wires.
 *
 * Port 0: a surface of triangles and quads with the complex current density
 * cell arrays `J_real` and `J_imag` (A/m, 3 components), as the CloudMap
 * readers produce; each element contributes J·area at its centroid. Port 1
 * (optional): wire segments as lines with `I_real` and `I_imag` (A), each
 * contributing I·length along the segment at its midpoint. The frequency is
 * the `Frequency` field data of port 0 unless Frequency > 0.
 *
 * The radiation integral (cmRadiation.h) is evaluated on the θ/φ grid given
 * by ThetaRange/ThetaStep and PhiRange/PhiStep (degrees). The output is the
 * common far-field grid table: Theta, Phi, Etheta_re/_im, Ephi_re/_im
 * (r·E in volts), |Etheta|, |Ephi|, |E|, and — when the grid covers the whole
 * sphere — Gain, the directivity in dBi from integrating |E|² over the grid.
 *
 * Under MPI each rank sums the contributions of the elements it owns (ghost
 * elements skipped) and the radiation vectors are summed over all ranks, so
 * the result equals the serial one; the table is output on rank 0.
 */
#ifndef vtkCloudMapFarFieldFromCurrents_h
#define vtkCloudMapFarFieldFromCurrents_h

#include "CloudMapFiltersPatternsModule.h"
#include "vtkTableAlgorithm.h"

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapFarFieldFromCurrents : public vtkTableAlgorithm
{
public:
  static vtkCloudMapFarFieldFromCurrents* New();
  vtkTypeMacro(vtkCloudMapFarFieldFromCurrents, vtkTableAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// θ range and step in degrees (default 0…180 by 5).
  vtkSetVector2Macro(ThetaRange, double);
  vtkGetVector2Macro(ThetaRange, double);
  vtkSetClampMacro(ThetaStep, double, 0.01, 180.0);
  vtkGetMacro(ThetaStep, double);
  ///@}

  ///@{
  /// φ range and step in degrees (default 0…360 by 5).
  vtkSetVector2Macro(PhiRange, double);
  vtkGetVector2Macro(PhiRange, double);
  vtkSetClampMacro(PhiStep, double, 0.01, 360.0);
  vtkGetMacro(PhiStep, double);
  ///@}

  ///@{
  /// Frequency in Hz; 0 (default) takes the input's Frequency field data.
  vtkSetClampMacro(Frequency, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(Frequency, double);
  ///@}

  /// Connects the wire segments (lines with I_real, I_imag) to port 1.
  void SetWiresConnection(vtkAlgorithmOutput* output) { this->SetInputConnection(1, output); }

protected:
  vtkCloudMapFarFieldFromCurrents();
  ~vtkCloudMapFarFieldFromCurrents() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  double ThetaRange[2] = { 0.0, 180.0 };
  double ThetaStep = 5.0;
  double PhiRange[2] = { 0.0, 360.0 };
  double PhiStep = 5.0;
  double Frequency = 0.0;

private:
  vtkCloudMapFarFieldFromCurrents(const vtkCloudMapFarFieldFromCurrents&) = delete;
  void operator=(const vtkCloudMapFarFieldFromCurrents&) = delete;
};

#endif
