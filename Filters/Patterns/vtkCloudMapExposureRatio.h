// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapExposureRatio
 * @brief   RF exposure ratio of a near-field grid against ICNIRP 2020 or FCC reference
 *          levels at a stated transmit power, with the compliance boundary and distances.
 *
 * Input: any vtkDataSet with point arrays `E_real`/`E_imag` (3 components, V/m) and/or
 * `H_real`/`H_imag` (A/m), or the magnitudes `|E|`/`|H|`: the NEC reader's Near Fields
 * output, an openEMS frequency-domain dump. Field data `Frequency` (Hz) is required.
 *
 * The amplitudes are complex phasor amplitudes, peak values by default (NEC-2 and openEMS
 * both print peak amplitudes: NEC's source voltage and its printed fields are the peak of
 * the time-harmonic e^{jωt} phasor): E_rms² = ½ Σ|E_i|². They are for the input power
 * P_in of the solve (field data `InputPower[W]`, which the NEC reader writes from the POWER
 * BUDGET, or the InputPower property) and are scaled to TransmitPower P: E → E·√(P/P_in),
 * so every ratio scales by P/P_in.
 *
 * Output port 0: the input with point arrays `ExposureRatio` (the chosen Quantity),
 * `ExposureRatio[dB]` (10 log10), `ExposureRatio_E`, `ExposureRatio_H`, `ExposureRatio_S`
 * (each that the fields allow) and `S_eq[W_per_m^2]`, and field data `ComplianceDistance[m]`
 * (6 components: +x −x +y −y +z −z from the source) with `ComplianceDistanceStatus` (0 a
 * crossing, 1 below the limit on the whole ray inside the grid: distance 0, 2 still at or
 * above it at the grid's edge: the distance to the edge, a lower bound, 3 the ray misses
 * the grid: −1), `ReferenceLevels` (E V/m, H A/m, S W/m², 0 when the table gives none) and
 * `TransmitPower[W]`. The ratios are power ratios, see cmExposureLimits.h. Output port 1: the
 * compliance boundary, the 0 dB contour of `ExposureRatio[dB]`, as a surface (polydata) with the
 * same field data.
 *
 * The source is the field data `SourcePosition[m]` of the grid when it has it, else the
 * centre of the grid's bounds, unless UseSourceCenter gives SourceCenter. Distances are
 * found by sampling the ratio in dB along each axis ray (trilinear interpolation on the
 * grid, 2000 samples to the grid's edge) and taking the outermost 0 dB crossing (see the
 * status above). Under MPI the samples are reduced over the ranks. Field data stays finite:
 * NaN and inf do not survive ParaView's transfers between processes.
 *
 * A far-field table (docs/formats/far-field-table.md: Theta, Phi, Gain in dBi, field data
 * Frequency) is an antenna placed in the scene instead: at Center, turned by Azimuth and
 * Downtilt (cm::exposure::MountRotation), radiating TransmitPower. Port 0 is then a cube of
 * Resolution³ points (vtkImageData, half-width RegionHalfWidth, 0: twice the far-field
 * compliance distance of the peak gain) with the far-zone power density S = P·G/(4πr²) and
 * E_rms = √(η0·S), H_rms = E_rms/η0 rated as above, the distances measured from Center.
 * Extra field data: `Boresight` (the turned boresight, unit vector), `PeakGain[dBi]`,
 * `FarFieldComplianceDistance[m]` (√(P·G_peak/(4π·S_L))) and, with ApertureSize D > 0,
 * `FarFieldDistance[m]` (2D²/λ) with the point array `InFarField` (0 nearer than that:
 * the estimate is not valid there). Under MPI every rank reads the whole table and
 * computes its piece of the cube (split by extent).
 *
 * Errors (one message, the outputs empty): no Frequency, a frequency outside the
 * standard's table, TransmitPower ≤ 0, InputPower < 0 or no input power at all, no field
 * arrays.
 *
 * @sa cmExposureLimits.h, vtkCloudMapNECReader, vtkCloudMapOpenEMSDumpReader
 */
#ifndef vtkCloudMapExposureRatio_h
#define vtkCloudMapExposureRatio_h

#include "CloudMapFiltersPatternsModule.h"
#include "vtkDataSetAlgorithm.h"

class vtkPolyData;
class vtkTable;

class CLOUDMAPFILTERSPATTERNS_EXPORT vtkCloudMapExposureRatio : public vtkDataSetAlgorithm
{
public:
  static vtkCloudMapExposureRatio* New();
  vtkTypeMacro(vtkCloudMapExposureRatio, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// The reference levels (cm::exposure::Standard): 0 ICNIRP 2020 general public
  /// (default), 1 ICNIRP 2020 occupational, 2 FCC general population, 3 FCC occupational.
  vtkSetClampMacro(Standard, int, 0, 3);
  vtkGetMacro(Standard, int);
  ///@}

  ///@{
  /// The ratio shown as ExposureRatio (cm::exposure::Quantity): 0 the largest of E, H and
  /// S_eq (default), 1 E, 2 H, 3 S_eq.
  vtkSetClampMacro(Quantity, int, 0, 3);
  vtkGetMacro(Quantity, int);
  ///@}

  ///@{
  /// The transmit power P (W, > 0; default 1) the fields are scaled to.
  vtkSetMacro(TransmitPower, double);
  vtkGetMacro(TransmitPower, double);
  ///@}

  ///@{
  /// The input power of the solve (W): 0 (default) takes the grid's `InputPower[W]` field
  /// data; a positive value overrides it.
  vtkSetMacro(InputPower, double);
  vtkGetMacro(InputPower, double);
  ///@}

  ///@{
  /// Whether the amplitudes are peak values (default on; NEC-2, openEMS) or RMS.
  vtkSetMacro(PeakAmplitudes, bool);
  vtkGetMacro(PeakAmplitudes, bool);
  vtkBooleanMacro(PeakAmplitudes, bool);
  ///@}

  ///@{
  /// Use SourceCenter (m) as the origin of the compliance distances instead of the grid's
  /// `SourcePosition[m]` or the centre of its bounds (default off).
  vtkSetMacro(UseSourceCenter, bool);
  vtkGetMacro(UseSourceCenter, bool);
  vtkBooleanMacro(UseSourceCenter, bool);
  vtkSetVector3Macro(SourceCenter, double);
  vtkGetVector3Macro(SourceCenter, double);
  ///@}

  ///@{
  /// Far-field table input: where the antenna sits (m, default 0 0 0).
  vtkSetVector3Macro(Center, double);
  vtkGetVector3Macro(Center, double);
  ///@}

  ///@{
  /// Far-field table input: the azimuth (degrees, about +z from +x toward +y) and the
  /// mechanical downtilt (degrees, positive below the horizon) of the boresight.
  vtkSetMacro(Azimuth, double);
  vtkGetMacro(Azimuth, double);
  vtkSetClampMacro(Downtilt, double, -90.0, 90.0);
  vtkGetMacro(Downtilt, double);
  ///@}

  ///@{
  /// Far-field table input: the half-width of the cube around Center (m; 0, the default,
  /// takes twice the far-field compliance distance of the peak gain) and its points per
  /// axis (default 61).
  vtkSetClampMacro(RegionHalfWidth, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(RegionHalfWidth, double);
  vtkSetClampMacro(Resolution, int, 2, 401);
  vtkGetMacro(Resolution, int);
  ///@}

  ///@{
  /// Far-field table input: the antenna's largest dimension D (m; 0, the default: not
  /// given). With D > 0 the points nearer than 2D²/λ are flagged (InFarField = 0).
  vtkSetClampMacro(ApertureSize, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(ApertureSize, double);
  ///@}

protected:
  vtkCloudMapExposureRatio();
  ~vtkCloudMapExposureRatio() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int FillOutputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Standard = 0;
  int Quantity = 0;
  double TransmitPower = 1.0;
  double InputPower = 0.0;
  bool PeakAmplitudes = true;
  bool UseSourceCenter = false;
  double SourceCenter[3] = { 0, 0, 0 };
  double Center[3] = { 0, 0, 0 };
  double Azimuth = 0.0;
  double Downtilt = 0.0;
  double RegionHalfWidth = 0.0;
  int Resolution = 61;
  double ApertureSize = 0.0;

private:
  vtkCloudMapExposureRatio(const vtkCloudMapExposureRatio&) = delete;
  void operator=(const vtkCloudMapExposureRatio&) = delete;
  /// RequestData for a far-field table input.
  int RequestFarField(vtkTable* table, vtkInformationVector* outputVector);
};

#endif
