// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmParticles.h
 * @brief A stochastic particle system after Reeves (1983), evaluated in
 *        closed form at any time (pipeline free).
 *
 * Frame f (time StartTime + f/FrameRate) gives birth to
 * N_f = max(0, round(BirthRate.Mean + BirthRateSlope·f + rand()·BirthRate.Variance))
 * particles, numbered consecutively from 0 in frame order. Every stochastic
 * parameter is Mean + rand()·Variance with rand() uniform in [−1, 1] drawn
 * from the counter-based hash of (Seed, particle id, attribute), so a
 * particle's whole life is a pure function of its id: frame 100 computed
 * directly equals stepping to it, in any order and on any MPI rank.
 *
 * A particle is born at a jittered instant inside its frame, at a point of the
 * generation shape, moving at Speed along a direction uniform in the emission
 * cone (half-angle ConeAngle around Axis). It then obeys
 * dv/dt = g + k (w − v) (gravity g, drag k, wind w), solved in closed form:
 *   v(a) = u + (v0 − u) e^(−k a),  x(a) = x0 + u a + (v0 − u)(1 − e^(−k a))/k,
 * u = w + g/k the terminal velocity; k = 0 gives x0 + v0 a + ½ g a² (wind
 * then has no effect: it acts through drag). Size, colour and opacity change
 * linearly with age and are clamped; the particle dies when its age reaches
 * its lifetime.
 */
#ifndef cmParticles_h
#define cmParticles_h

#include "cmParallelFor.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cm::anim
{
/// A stochastic parameter: Mean + rand()·Variance, rand() uniform in [−1, 1].
struct StochasticValue
{
  double Mean = 0.0;
  double Variance = 0.0;
};

enum class EmitterShape
{
  Point = 0,
  Sphere, ///< uniform in the ball of Radius around Center
  Disc, ///< uniform in the disc of Radius around Center, normal to Axis
  Box, ///< uniform in the box of BoxLength centred at Center
  Points, ///< at one of EmitterPoints, chosen uniformly
  Triangles ///< uniform in one of EmitterTriangles, chosen uniformly (not by area)
};

enum class ParticlePreset
{
  Custom = 0,
  Fire,
  Fountain,
  Snow,
  Smoke
};

struct ParticleSystemSpec
{
  std::uint64_t Seed = 1;
  double FrameRate = 24.0; ///< frames (birth events) per time unit
  double StartTime = 0.0; ///< time of frame 0
  double EmissionEndTime = 10.0; ///< no births after this time
  StochasticValue BirthRate{ 20, 5 }; ///< particles per frame
  double BirthRateSlope = 0.0; ///< change of the mean birth rate per frame
  StochasticValue Speed{ 1, 0.2 };
  StochasticValue Lifetime{ 2, 0.5 };
  StochasticValue Size{ 0.05, 0.01 };
  StochasticValue Opacity{ 1, 0 };
  StochasticValue Color[3] = { { 1, 0 }, { 1, 0 }, { 1, 0 } };
  double SizeRate = 0.0; ///< d(size)/d(age)
  double OpacityRate = 0.0; ///< d(opacity)/d(age)
  double ColorRate[3] = { 0, 0, 0 };
  EmitterShape Shape = EmitterShape::Point;
  double Center[3] = { 0, 0, 0 };
  double Radius = 0.5;
  double BoxLength[3] = { 1, 1, 1 };
  double Axis[3] = { 0, 0, 1 };
  double ConeAngle = 20.0; ///< half angle in degrees, [0, 180]
  double Gravity[3] = { 0, 0, -9.81 };
  double Wind[3] = { 0, 0, 0 };
  double Drag = 0.0; ///< 1/time, ≥ 0
  const double* EmitterPoints = nullptr; ///< 3 per point (Shape Points)
  std::int64_t NumberOfEmitterPoints = 0;
  const double* EmitterTriangles = nullptr; ///< 9 per triangle (Shape Triangles)
  std::int64_t NumberOfEmitterTriangles = 0;

  /// Empty when valid, else the first problem (variances and ranges).
  std::string Validate() const;
};

/// The preset's parameters (Seed, times and frame rate keep their defaults).
ParticleSystemSpec MakePreset(ParticlePreset preset);

struct ParticleState
{
  std::int64_t Id = 0;
  double BirthTime = 0, Age = 0, Lifetime = 0;
  double Position[3] = { 0, 0, 0 };
  double Velocity[3] = { 0, 0, 0 };
  double Size = 0, Opacity = 0;
  double Color[3] = { 0, 0, 0 };
};

class ParticleSystem
{
public:
  /// Validates the spec and numbers the particles of every emission frame.
  /// MaximumFrames bounds the emission frames (the prefix table's size).
  std::string Initialize(const ParticleSystemSpec& spec, std::int64_t maximumFrames = 50000000);
  const ParticleSystemSpec& GetSpec() const { return this->Spec; }
  std::int64_t GetNumberOfEmissionFrames() const
  {
    return static_cast<std::int64_t>(this->FirstId.size()) - 1;
  }
  std::int64_t GetTotalNumberOfParticles() const { return this->FirstId.back(); }
  /// Longest possible lifetime (Mean + Variance).
  double GetMaximumLifetime() const
  {
    return this->Spec.Lifetime.Mean + this->Spec.Lifetime.Variance;
  }
  /// Ids [first, last) of every particle that may be alive at t (an upper
  /// bound of the live count, known before any particle is computed).
  void CandidateRange(double t, std::int64_t& first, std::int64_t& last) const;
  /// The particle's birth frame.
  std::int64_t FrameOf(std::int64_t id) const;
  /// Initial state of particle `id` (at its birth, age 0).
  void Birth(std::int64_t id, ParticleState& s) const;
  /// State at time t from the birth state `b`; false when not alive at t.
  bool At(const ParticleState& b, double t, ParticleState& s) const;
  /// State of particle `id` at t computed directly; false when not alive.
  bool Evaluate(std::int64_t id, double t, ParticleState& s) const;
  /// Every live particle at t with id % numberOfPieces == piece, by id (serial).
  std::vector<ParticleState> EvaluateAll(double t, int piece = 0, int numberOfPieces = 1) const;
  /// Advance a live state from its time s.BirthTime + s.Age to t by the exact
  /// flow map of the motion (used by stepping; size and colours follow age).
  void Advance(ParticleState& s, const ParticleState& birth, double t) const;

private:
  ParticleSystemSpec Spec;
  std::vector<std::int64_t> FirstId; // per emission frame, plus the total
  std::vector<double> EmitterCopy; // owned copy of emitter points/triangles
};

/**
 * Frame-by-frame stepping, the reference for "direct equals stepped": keeps
 * the live set, advances every particle by the exact flow map over each step,
 * adds the newborn and removes the dead.
 */
class ParticleStepper
{
public:
  explicit ParticleStepper(const ParticleSystem& system);
  /// Moves forward to t (t must not decrease).
  void AdvanceTo(double t);
  /// The live particles, by id.
  std::vector<ParticleState> Live() const;

private:
  const ParticleSystem& System;
  double Time;
  std::int64_t NextId = 0;
  std::vector<ParticleState> Births, States;
};

/// The frame times StartTime + f / FrameRate up to EndTime into `steps`;
/// empty when valid, else the problem (rate, order, more than maximumSteps).
std::string ParticleTimeSteps(
  double startTime, double endTime, double frameRate, int maximumSteps, std::vector<double>& steps);

/**
 * The emitter triangles of a mesh (9 doubles each): each polygonal cell
 * (cell c has ids conn[offsets[c]] .. conn[offsets[c + 1] − 1] into points,
 * 3 doubles each; polygonal[c] nonzero for a triangle, quad or polygon)
 * fan-triangulated from its first corner; other cells give none.
 */
std::vector<double> FanTriangles(const double* points, const std::int64_t* offsets,
  const std::int64_t* conn, const unsigned char* polygonal, std::int64_t nCells);

/**
 * The live particles of one piece at t, by id: the candidates are the ids
 * ≡ piece (mod numberOfPieces) of the live window, evaluated through pf in
 * blocks of 2^20 with progress(fraction done) before each (returning true aborts:
 * `aborted` is set and `live` is incomplete). Empty when done, else the
 * problem (more than maximumParticles candidates in the piece).
 */
std::string EvaluatePiece(const ParticleSystem& system, double t, int piece, int numberOfPieces,
  std::int64_t maximumParticles, const ParallelFor& pf, const std::function<bool(double)>& progress,
  std::vector<ParticleState>& live, bool& aborted);

/// Particle states as the output's columns (floats, colours as bytes).
struct ParticleColumns
{
  std::vector<double> Position; ///< 3 per particle
  std::vector<std::int64_t> Id;
  std::vector<float> Age, Lifetime, Size, Opacity;
  std::vector<float> Color, Velocity; ///< 3 per particle
  std::vector<unsigned char> RGBA; ///< 4 per particle: round(255 · colour, opacity)
};
ParticleColumns ToColumns(const std::vector<ParticleState>& states, const ParallelFor& pf);

} // namespace cm::anim
#endif
