// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapEscapeTimeFractal
 * @brief   Mandelbrot, Julia and multibrot sets as image data with iteration
 *          counts, smooth counts, distance estimates and orbit traps.
 *
 * z ← z^Power + c in double precision. Mode 0 (Mandelbrot): z₀ = 0, c = the
 * pixel; Mode 1 (Julia): z₀ = the pixel, c = JuliaConstant. Pixel (i, j) is
 * Center + ((i − (w−1)/2)·s, (j − (h−1)/2)·s) with s = Width/(w−1), so a
 * Julia image centred on 0 is exactly symmetric under z → −z.
 *
 * Point arrays: Iterations (int, the first n with |z_n| > EscapeRadius, or
 * MaximumNumberOfIterations inside), and optionally SmoothIterations
 * (ν = n + 1 − log(log|z_n| / log R)/log d, continuous across bands for a
 * large EscapeRadius), DistanceEstimate (|z| log|z| / |z'|, 0 inside) and
 * OrbitTrap (min |z_k − TrapPoint| along the orbit).
 *
 * Unlike ParaView's Mandelbrot source this offers Julia sets as first-class,
 * smooth counts, multibrot powers and the distance/trap arrays. Rows run in
 * parallel with vtkSMPTools; the image is split by extent for pieces;
 * images above MaximumNumberOfPixels are refused with the projected size.
 *
 * @sa cmEscapeTime.h
 */
#ifndef vtkCloudMapEscapeTimeFractal_h
#define vtkCloudMapEscapeTimeFractal_h

#include "CloudMapFiltersFractalsModule.h"
#include "vtkImageAlgorithm.h"

class CLOUDMAPFILTERSFRACTALS_EXPORT vtkCloudMapEscapeTimeFractal : public vtkImageAlgorithm
{
public:
  static vtkCloudMapEscapeTimeFractal* New();
  vtkTypeMacro(vtkCloudMapEscapeTimeFractal, vtkImageAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// 0 Mandelbrot (default), 1 Julia.
  vtkSetClampMacro(Mode, int, 0, 1);
  vtkGetMacro(Mode, int);
  ///@}

  ///@{
  /// The Julia constant c (default −0.8 + 0.156i).
  vtkSetVector2Macro(JuliaConstant, double);
  vtkGetVector2Macro(JuliaConstant, double);
  ///@}

  ///@{
  /// The power d (default 2; 3, 4, ... give multibrots; non-integers allowed).
  vtkSetClampMacro(Power, double, 1.01, 64.0);
  vtkGetMacro(Power, double);
  ///@}

  ///@{
  /// Iteration cap (default 256) and escape radius (default 256).
  vtkSetClampMacro(MaximumNumberOfIterations, int, 1, 1000000);
  vtkGetMacro(MaximumNumberOfIterations, int);
  vtkSetClampMacro(EscapeRadius, double, 2.0, 1e150);
  vtkGetMacro(EscapeRadius, double);
  ///@}

  ///@{
  /// Image size in pixels, centre of the view and its width in the plane.
  vtkSetVector2Macro(Dimensions, int);
  vtkGetVector2Macro(Dimensions, int);
  vtkSetVector2Macro(Center, double);
  vtkGetVector2Macro(Center, double);
  vtkSetClampMacro(Width, double, 1e-300, 1e300);
  vtkGetMacro(Width, double);
  ///@}

  ///@{
  /// Optional arrays (smooth and distance on, orbit trap off by default).
  vtkSetMacro(ComputeSmoothIterations, bool);
  vtkGetMacro(ComputeSmoothIterations, bool);
  vtkBooleanMacro(ComputeSmoothIterations, bool);
  vtkSetMacro(ComputeDistanceEstimate, bool);
  vtkGetMacro(ComputeDistanceEstimate, bool);
  vtkBooleanMacro(ComputeDistanceEstimate, bool);
  vtkSetMacro(ComputeOrbitTrap, bool);
  vtkGetMacro(ComputeOrbitTrap, bool);
  vtkBooleanMacro(ComputeOrbitTrap, bool);
  vtkSetVector2Macro(TrapPoint, double);
  vtkGetVector2Macro(TrapPoint, double);
  ///@}

  ///@{
  /// Refuse images with more pixels than this (default 4e8).
  vtkSetMacro(MaximumNumberOfPixels, double);
  vtkGetMacro(MaximumNumberOfPixels, double);
  ///@}

protected:
  vtkCloudMapEscapeTimeFractal();
  ~vtkCloudMapEscapeTimeFractal() override;

  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Mode = 0;
  double JuliaConstant[2] = { -0.8, 0.156 };
  double Power = 2;
  int MaximumNumberOfIterations = 256;
  double EscapeRadius = 256;
  int Dimensions[2] = { 512, 512 };
  double Center[2] = { -0.5, 0 };
  double Width = 3.0;
  bool ComputeSmoothIterations = true;
  bool ComputeDistanceEstimate = true;
  bool ComputeOrbitTrap = false;
  double TrapPoint[2] = { 0, 0 };
  double MaximumNumberOfPixels = 4e8;

private:
  vtkCloudMapEscapeTimeFractal(const vtkCloudMapEscapeTimeFractal&) = delete;
  void operator=(const vtkCloudMapEscapeTimeFractal&) = delete;
};

#endif
