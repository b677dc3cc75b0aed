// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapParticleSystem
 * @brief   Reeves' stochastic particle system as a time-aware source.
 *
 * Particles are born every frame (FrameRate per time unit, from StartTime to
 * EmissionEndTime) from a generation shape: a point, sphere, disc or box, or
 * the points or cells of the optional input (port 0, any vtkPointSet; cells
 * are fan-triangulated polygons of a vtkPolyData). Their initial direction is
 * uniform in a cone of half-angle ConeAngle around Axis. Every parameter is
 * mean + rand()·variance, rand() uniform in [−1, 1]: BirthRate (per frame,
 * with BirthRateSlope per frame), Speed, Lifetime, Size, Opacity and Color.
 * They fall under Gravity with linear Drag towards the Wind velocity (closed
 * form), change Size, Opacity and Color linearly with age, and die at the
 * end of their lifetime. A Preset (Fire, Fountain, Snow, Smoke) replaces
 * every physical parameter; Seed and the times stay the user's.
 *
 * The source reports TIME_STEPS (one per frame from StartTime to EndTime)
 * and TIME_RANGE, and computes any UPDATE_TIME_STEP directly from a
 * counter-based hash of (Seed, particle id, attribute), so frames can be
 * requested in any order with identical results. Piece p of P holds the
 * particles with id % P == p. Output: vertices with point arrays Id, Age,
 * Lifetime, Size, Opacity, Color (RGB in [0, 1]), RGBA (8-bit, with
 * opacity) and Velocity, ready for the Point Gaussian representation.
 *
 * @sa cmParticles.h
 */
#ifndef vtkCloudMapParticleSystem_h
#define vtkCloudMapParticleSystem_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkPolyDataAlgorithm.h"

namespace cm
{
namespace anim
{
struct ParticleSystemSpec; // the core's input (Core/)
}
}

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapParticleSystem : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapParticleSystem* New();
  vtkTypeMacro(vtkCloudMapParticleSystem, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// 0 Custom (the properties below), 1 Fire, 2 Fountain, 3 Snow, 4 Smoke.
  vtkSetClampMacro(Preset, int, 0, 4);
  vtkGetMacro(Preset, int);

  /// Seed of the counter-based random numbers.
  vtkSetMacro(Seed, int);
  vtkGetMacro(Seed, int);

  ///@{
  /// Frames (birth events and reported time steps) per time unit; the
  /// animation's time range [StartTime, EndTime]; births stop after EmissionEndTime.
  vtkSetMacro(FrameRate, double);
  vtkGetMacro(FrameRate, double);
  vtkSetMacro(StartTime, double);
  vtkGetMacro(StartTime, double);
  vtkSetMacro(EndTime, double);
  vtkGetMacro(EndTime, double);
  vtkSetMacro(EmissionEndTime, double);
  vtkGetMacro(EmissionEndTime, double);
  ///@}

  ///@{
  /// Generation shape: 0 Point, 1 Sphere, 2 Disc, 3 Box, 4 Input Points, 5 Input Cells;
  /// Center, Radius (sphere, disc) and BoxLength (box).
  vtkSetClampMacro(GenerationShape, int, 0, 5);
  vtkGetMacro(GenerationShape, int);
  vtkSetVector3Macro(Center, double);
  vtkGetVector3Macro(Center, double);
  vtkSetMacro(Radius, double);
  vtkGetMacro(Radius, double);
  vtkSetVector3Macro(BoxLength, double);
  vtkGetVector3Macro(BoxLength, double);
  ///@}

  ///@{
  /// Emission cone: axis and half-angle in degrees.
  vtkSetVector3Macro(Axis, double);
  vtkGetVector3Macro(Axis, double);
  vtkSetMacro(ConeAngle, double);
  vtkGetMacro(ConeAngle, double);
  ///@}

  ///@{
  /// (mean, variance) pairs: value = mean + rand()·variance, rand() in [−1, 1].
  vtkSetVector2Macro(BirthRate, double);
  vtkGetVector2Macro(BirthRate, double);
  vtkSetVector2Macro(Speed, double);
  vtkGetVector2Macro(Speed, double);
  vtkSetVector2Macro(Lifetime, double);
  vtkGetVector2Macro(Lifetime, double);
  vtkSetVector2Macro(Size, double);
  vtkGetVector2Macro(Size, double);
  vtkSetVector2Macro(Opacity, double);
  vtkGetVector2Macro(Opacity, double);
  vtkSetVector3Macro(ColorMean, double);
  vtkGetVector3Macro(ColorMean, double);
  vtkSetVector3Macro(ColorVariance, double);
  vtkGetVector3Macro(ColorVariance, double);
  ///@}

  ///@{
  /// Change of the mean birth rate per frame, and of size, opacity and colour per unit age.
  vtkSetMacro(BirthRateSlope, double);
  vtkGetMacro(BirthRateSlope, double);
  vtkSetMacro(SizeRate, double);
  vtkGetMacro(SizeRate, double);
  vtkSetMacro(OpacityRate, double);
  vtkGetMacro(OpacityRate, double);
  vtkSetVector3Macro(ColorRate, double);
  vtkGetVector3Macro(ColorRate, double);
  ///@}

  ///@{
  /// Forces: gravity (acceleration), wind velocity and linear drag (1/time).
  vtkSetVector3Macro(Gravity, double);
  vtkGetVector3Macro(Gravity, double);
  vtkSetVector3Macro(Wind, double);
  vtkGetVector3Macro(Wind, double);
  vtkSetMacro(Drag, double);
  vtkGetMacro(Drag, double);
  ///@}

  ///@{
  /// Limits: a request that may hold more particles (per piece) or report
  /// more time steps than these is refused with the projected size.
  vtkSetMacro(MaximumNumberOfParticles, vtkIdType);
  vtkGetMacro(MaximumNumberOfParticles, vtkIdType);
  vtkSetMacro(MaximumNumberOfTimeSteps, int);
  vtkGetMacro(MaximumNumberOfTimeSteps, int);
  ///@}

  /**
   * ParaView's connection of the optional input. The XML declares that input
   * at port_index 1, so that paraview.simple (which gives the port-0 input the
   * active source) leaves it empty in pvpython; ParaView passes that index,
   * and the input is this algorithm's port 0. A null output disconnects it.
   */
  void SetOptionalInputConnection(int, vtkAlgorithmOutput* output)
  {
    this->SetInputConnection(0, output);
  }

protected:
  vtkCloudMapParticleSystem();
  ~vtkCloudMapParticleSystem() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Preset = 0;
  int Seed = 1;
  double FrameRate = 24.0;
  double StartTime = 0.0;
  double EndTime = 5.0;
  double EmissionEndTime = 5.0;
  int GenerationShape = 0;
  double Center[3] = { 0, 0, 0 };
  double Radius = 0.5;
  double BoxLength[3] = { 1, 1, 1 };
  double Axis[3] = { 0, 0, 1 };
  double ConeAngle = 10.0;
  double BirthRate[2] = { 40, 5 };
  double Speed[2] = { 6, 0.5 };
  double Lifetime[2] = { 2, 0.3 };
  double Size[2] = { 0.06, 0.015 };
  double Opacity[2] = { 0.8, 0.1 };
  double ColorMean[3] = { 0.45, 0.65, 1.0 };
  double ColorVariance[3] = { 0.05, 0.05, 0.0 };
  double BirthRateSlope = 0.0;
  double SizeRate = 0.0;
  double OpacityRate = 0.0;
  double ColorRate[3] = { 0, 0, 0 };
  double Gravity[3] = { 0, 0, -9.81 };
  double Wind[3] = { 0, 0, 0 };
  double Drag = 0.0;
  vtkIdType MaximumNumberOfParticles = 20000000;
  int MaximumNumberOfTimeSteps = 100000;

private:
  void FillSpec(cm::anim::ParticleSystemSpec& spec); // the properties as the core's spec
  vtkCloudMapParticleSystem(const vtkCloudMapParticleSystem&) = delete;
  void operator=(const vtkCloudMapParticleSystem&) = delete;
};

#endif
