// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapFractionalBrownianCurve
 * @brief   A 1-D fractional Brownian motion curve by random midpoint displacement.
 *
 * 2^n + 1 samples x = Length·i/2^n, y = h(x) as one polyline; h(0) =
 * StartHeight, h(Length) = EndHeight, and the midpoint of every interval at
 * level k is displaced by a Gaussian of variance (Saupe's MidPointFM1D)
 *   Δ_k² = Sigma² · (1 − 2^(2H−2)) / 2^(2kH),
 * so Var[h(x+d) − h(x)] ∝ d^(2H) and the curve's dimension is D = 2 − H.
 * Point arrays: Elevation and GlobalIds. Pieces get contiguous index ranges
 * (sharing their end points); the counter-based random numbers make every
 * piece equal to the same part of the serial curve.
 *
 * @sa cmFractalTerrain.h, vtkCloudMapFractalTerrain
 */
#ifndef vtkCloudMapFractionalBrownianCurve_h
#define vtkCloudMapFractionalBrownianCurve_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkPolyDataAlgorithm.h"

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapFractionalBrownianCurve
  : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapFractionalBrownianCurve* New();
  vtkTypeMacro(vtkCloudMapFractionalBrownianCurve, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Subdivision levels n (2^n + 1 samples; default 9, at most 24).
  vtkSetClampMacro(NumberOfLevels, int, 0, 24);
  vtkGetMacro(NumberOfLevels, int);
  ///@}

  ///@{
  /// Hurst exponent H in (0, 1] (default 0.5).
  vtkSetClampMacro(HurstExponent, double, 0.01, 1.0);
  vtkGetMacro(HurstExponent, double);
  ///@}

  ///@{
  /// Overall standard deviation σ (default 0.3).
  vtkSetClampMacro(Sigma, double, 0.0, 1e30);
  vtkGetMacro(Sigma, double);
  ///@}

  ///@{
  /// Seed of the counter-based random numbers.
  vtkSetMacro(Seed, int);
  vtkGetMacro(Seed, int);
  ///@}

  ///@{
  /// Heights of the two end points and the x length (defaults 0, 0, 1).
  vtkSetMacro(StartHeight, double);
  vtkGetMacro(StartHeight, double);
  vtkSetMacro(EndHeight, double);
  vtkGetMacro(EndHeight, double);
  vtkSetClampMacro(Length, double, 1e-30, 1e30);
  vtkGetMacro(Length, double);
  ///@}

protected:
  vtkCloudMapFractionalBrownianCurve();
  ~vtkCloudMapFractionalBrownianCurve() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int NumberOfLevels = 9;
  double HurstExponent = 0.5;
  double Sigma = 0.3;
  int Seed = 0;
  double StartHeight = 0;
  double EndHeight = 0;
  double Length = 1;

private:
  vtkCloudMapFractionalBrownianCurve(const vtkCloudMapFractionalBrownianCurve&) = delete;
  void operator=(const vtkCloudMapFractionalBrownianCurve&) = delete;
};

#endif
