// SPDX-License-Identifier: BSD-3-Clause
#include "cmParticles.h"

#include "cmConstants.h"
#include "cmCounterRng.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cm::anim
{
namespace
{
// Hash streams: births per frame, and per-particle attributes.
constexpr std::uint64_t BirthStream = 1;
constexpr std::uint64_t ParticleStream = 2;
enum Attribute : std::uint64_t
{
  AJitter = 0,
  ALifetime,
  ASpeed,
  ASize,
  AOpacity,
  AColor0,
  AColor1,
  AColor2,
  APos0,
  APos1,
  APos2,
  ADir0,
  ADir1
};

bool Finite3(const double* v)
{
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

std::string CheckValue(const char* name, const StochasticValue& v, double lo, double hi)
{
  if (!std::isfinite(v.Mean) || !std::isfinite(v.Variance) || v.Variance < 0)
  {
    return std::string(name) + ": the variance must be finite and non-negative";
  }
  if (v.Mean - v.Variance < lo || v.Mean + v.Variance > hi)
  {
    return std::string(name) + ": mean ± variance = [" + std::to_string(v.Mean - v.Variance) +
      ", " + std::to_string(v.Mean + v.Variance) + "] leaves the allowed range [" +
      std::to_string(lo) + ", " + (std::isinf(hi) ? std::string("inf") : std::to_string(hi)) + "]";
  }
  return {};
}

// Orthonormal e1, e2 perpendicular to the unit vector a.
void Basis(const double* a, double* e1, double* e2)
{
  const double h[3] = { std::abs(a[0]) < 0.9 ? 1.0 : 0.0, std::abs(a[0]) < 0.9 ? 0.0 : 1.0, 0.0 };
  double c[3] = { h[1] * a[2] - h[2] * a[1], h[2] * a[0] - h[0] * a[2], h[0] * a[1] - h[1] * a[0] };
  const double n = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
  for (int i = 0; i < 3; ++i)
  {
    e1[i] = c[i] / n;
  }
  e2[0] = a[1] * e1[2] - a[2] * e1[1];
  e2[1] = a[2] * e1[0] - a[0] * e1[2];
  e2[2] = a[0] * e1[1] - a[1] * e1[0];
}

// The exact flow map of dv/dt = g + k (w − v) over a time span a.
void Flow(const double* g, const double* w, double k, double a, double* x, double* v)
{
  for (int i = 0; i < 3; ++i)
  {
    if (k == 0.0)
    {
      x[i] += v[i] * a + 0.5 * g[i] * a * a;
      v[i] += g[i] * a;
    }
    else
    {
      const double u = w[i] + g[i] / k;
      const double oneMinusE = -std::expm1(-k * a); // accurate for small k·a
      x[i] += u * a + (v[i] - u) * oneMinusE / k;
      v[i] = u + (v[i] - u) * (1.0 - oneMinusE);
    }
  }
}
} // namespace

std::string ParticleSystemSpec::Validate() const
{
  const double inf = HUGE_VAL;
  if (!(this->FrameRate > 0) || !std::isfinite(this->FrameRate))
  {
    return "FrameRate must be positive";
  }
  if (!std::isfinite(this->StartTime) || !std::isfinite(this->EmissionEndTime) ||
    this->EmissionEndTime < this->StartTime)
  {
    return "EmissionEndTime must not precede StartTime";
  }
  if (!std::isfinite(this->BirthRateSlope))
  {
    return "BirthRateSlope must be finite";
  }
  std::string e;
  if (!(e = CheckValue("BirthRate", this->BirthRate, 0, inf)).empty() ||
    !(e = CheckValue("Speed", this->Speed, 0, inf)).empty() ||
    !(e = CheckValue("Size", this->Size, 0, inf)).empty() ||
    !(e = CheckValue("Opacity", this->Opacity, 0, 1)).empty() ||
    !(e = CheckValue("Red", this->Color[0], 0, 1)).empty() ||
    !(e = CheckValue("Green", this->Color[1], 0, 1)).empty() ||
    !(e = CheckValue("Blue", this->Color[2], 0, 1)).empty() ||
    !(e = CheckValue("Lifetime", this->Lifetime, 0, inf)).empty())
  {
    return e;
  }
  if (this->Lifetime.Mean - this->Lifetime.Variance <= 0)
  {
    return "Lifetime: mean − variance must be positive (every particle must live)";
  }
  if (!(this->ConeAngle >= 0 && this->ConeAngle <= 180))
  {
    return "ConeAngle must be in [0, 180] degrees";
  }
  if (!(this->Drag >= 0) || !std::isfinite(this->Drag))
  {
    return "Drag must be finite and non-negative";
  }
  if (!(this->Radius >= 0) || !std::isfinite(this->Radius))
  {
    return "Radius must be finite and non-negative";
  }
  if (!Finite3(this->Center) || !Finite3(this->BoxLength) || !Finite3(this->Gravity) ||
    !Finite3(this->Wind) || !Finite3(this->Axis) || !Finite3(this->ColorRate) ||
    !std::isfinite(this->SizeRate) || !std::isfinite(this->OpacityRate))
  {
    return "every vector and rate must be finite";
  }
  if (this->Axis[0] == 0 && this->Axis[1] == 0 && this->Axis[2] == 0)
  {
    return "the emission Axis must not be zero";
  }
  if (this->Shape == EmitterShape::Points &&
    (!this->EmitterPoints || this->NumberOfEmitterPoints <= 0))
  {
    return "the Points generation shape needs an input with points";
  }
  if (this->Shape == EmitterShape::Triangles &&
    (!this->EmitterTriangles || this->NumberOfEmitterTriangles <= 0))
  {
    return "the Cells generation shape needs an input with polygons";
  }
  return {};
}

ParticleSystemSpec MakePreset(ParticlePreset preset)
{
  ParticleSystemSpec s;
  switch (preset)
  {
    case ParticlePreset::Fire: // buoyant, yellow turning red, fading
      s.Shape = EmitterShape::Disc;
      s.Radius = 0.3;
      s.ConeAngle = 15;
      s.BirthRate = { 60, 10 };
      s.Speed = { 1.0, 0.3 };
      s.Lifetime = { 1.2, 0.4 };
      s.Size = { 0.15, 0.05 };
      s.SizeRate = -0.08;
      s.Color[0] = { 1.0, 0.0 };
      s.Color[1] = { 0.8, 0.1 };
      s.Color[2] = { 0.25, 0.1 };
      s.ColorRate[1] = -0.55;
      s.ColorRate[2] = -0.3;
      s.Opacity = { 0.85, 0.1 };
      s.OpacityRate = -0.6;
      s.Gravity[2] = 1.5;
      s.Drag = 0.5;
      break;
    case ParticlePreset::Fountain: // a jet falling back under gravity
      s.Shape = EmitterShape::Point;
      s.ConeAngle = 8;
      s.BirthRate = { 40, 5 };
      s.Speed = { 6.0, 0.5 };
      s.Lifetime = { 2.2, 0.3 };
      s.Size = { 0.06, 0.015 };
      s.Color[0] = { 0.45, 0.05 };
      s.Color[1] = { 0.65, 0.05 };
      s.Color[2] = { 1.0, 0.0 };
      s.Opacity = { 0.8, 0.1 };
      s.Gravity[2] = -9.81;
      break;
    case ParticlePreset::Snow: // slow flakes drifting in the wind
      s.Shape = EmitterShape::Box;
      s.Center[2] = 5;
      s.BoxLength[0] = s.BoxLength[1] = 10;
      s.BoxLength[2] = 0.1;
      s.Axis[2] = -1;
      s.ConeAngle = 30;
      s.BirthRate = { 30, 5 };
      s.Speed = { 0.5, 0.2 };
      s.Lifetime = { 8, 1 };
      s.Size = { 0.05, 0.02 };
      s.Opacity = { 0.9, 0.1 };
      s.Gravity[2] = -0.3;
      s.Wind[0] = 0.5;
      s.Drag = 1.0;
      break;
    case ParticlePreset::Smoke: // rising, growing, greying and fading
      s.Shape = EmitterShape::Disc;
      s.Radius = 0.2;
      s.ConeAngle = 20;
      s.BirthRate = { 15, 3 };
      s.Speed = { 0.6, 0.2 };
      s.Lifetime = { 5, 1 };
      s.Size = { 0.2, 0.05 };
      s.SizeRate = 0.3;
      s.Color[0] = s.Color[1] = s.Color[2] = { 0.45, 0.05 };
      s.ColorRate[0] = s.ColorRate[1] = s.ColorRate[2] = 0.05;
      s.Opacity = { 0.5, 0.1 };
      s.OpacityRate = -0.1;
      s.Gravity[2] = 0.3;
      s.Wind[0] = 0.4;
      s.Drag = 0.3;
      break;
    default: break;
  }
  return s;
}

std::string ParticleSystem::Initialize(const ParticleSystemSpec& spec, std::int64_t maximumFrames)
{
  std::string e = spec.Validate();
  if (!e.empty())
  {
    return e;
  }
  const double span = (spec.EmissionEndTime - spec.StartTime) * spec.FrameRate;
  if (span + 1 > double(maximumFrames))
  {
    return "emission spans " + std::to_string(span + 1) + " frames, more than the limit of " +
      std::to_string(maximumFrames);
  }
  this->Spec = spec;
  // Own the emitter geometry so the system outlives the caller's arrays.
  if (spec.Shape == EmitterShape::Points)
  {
    this->EmitterCopy.assign(
      spec.EmitterPoints, spec.EmitterPoints + 3 * spec.NumberOfEmitterPoints);
    this->Spec.EmitterPoints = this->EmitterCopy.data();
  }
  else if (spec.Shape == EmitterShape::Triangles)
  {
    this->EmitterCopy.assign(
      spec.EmitterTriangles, spec.EmitterTriangles + 9 * spec.NumberOfEmitterTriangles);
    this->Spec.EmitterTriangles = this->EmitterCopy.data();
  }
  const auto frames = static_cast<std::int64_t>(std::floor(span + 1e-9)) + 1;
  this->FirstId.assign(frames + 1, 0);
  for (std::int64_t f = 0; f < frames; ++f)
  {
    const double rate = spec.BirthRate.Mean + spec.BirthRateSlope * double(f) +
      UniformPM1(spec.Seed, BirthStream, static_cast<std::uint64_t>(f), 0) *
        spec.BirthRate.Variance;
    const auto n = static_cast<std::int64_t>(std::llround(std::max(0.0, rate)));
    this->FirstId[f + 1] = this->FirstId[f] + n;
  }
  return {};
}

void ParticleSystem::CandidateRange(double t, std::int64_t& first, std::int64_t& last) const
{
  first = last = 0;
  const std::int64_t frames = this->GetNumberOfEmissionFrames();
  if (!(t >= this->Spec.StartTime) || frames <= 0)
  {
    return;
  }
  const double rel = (t - this->Spec.StartTime) * this->Spec.FrameRate;
  // One frame of margin on both sides; At() decides exactly.
  const double hi = std::min(double(frames - 1), std::floor(rel) + 1);
  const double lo =
    std::max(0.0, std::floor(rel - this->GetMaximumLifetime() * this->Spec.FrameRate) - 1);
  if (hi < lo)
  {
    return;
  }
  first = this->FirstId[static_cast<std::size_t>(lo)];
  last = this->FirstId[static_cast<std::size_t>(hi) + 1];
}

std::int64_t ParticleSystem::FrameOf(std::int64_t id) const
{
  return static_cast<std::int64_t>(
           std::upper_bound(this->FirstId.begin(), this->FirstId.end(), id) -
           this->FirstId.begin()) -
    1;
}

void ParticleSystem::Birth(std::int64_t id, ParticleState& s) const
{
  const ParticleSystemSpec& p = this->Spec;
  const auto key = static_cast<std::uint64_t>(id);
  auto u = [&](
             std::uint64_t attribute) { return Uniform01(p.Seed, ParticleStream, key, attribute); };
  auto draw = [&](const StochasticValue& v, std::uint64_t attribute) {
    return v.Mean + UniformPM1(p.Seed, ParticleStream, key, attribute) * v.Variance;
  };
  s = ParticleState();
  s.Id = id;
  s.BirthTime = p.StartTime + (double(this->FrameOf(id)) + u(AJitter)) / p.FrameRate;
  s.Lifetime = draw(p.Lifetime, ALifetime);
  s.Size = draw(p.Size, ASize);
  s.Opacity = draw(p.Opacity, AOpacity);
  for (int c = 0; c < 3; ++c)
  {
    s.Color[c] = draw(p.Color[c], AColor0 + c);
  }

  const double an =
    std::sqrt(p.Axis[0] * p.Axis[0] + p.Axis[1] * p.Axis[1] + p.Axis[2] * p.Axis[2]);
  const double a[3] = { p.Axis[0] / an, p.Axis[1] / an, p.Axis[2] / an };
  double e1[3], e2[3];
  Basis(a, e1, e2);

  double* x = s.Position;
  const double u0 = u(APos0), u1 = u(APos1), u2 = u(APos2);
  switch (p.Shape)
  {
    case EmitterShape::Sphere:
    {
      const double z = 2 * u0 - 1, r = p.Radius * std::cbrt(u2), rho = std::sqrt(1 - z * z);
      x[0] = p.Center[0] + r * rho * std::cos(2 * Pi * u1);
      x[1] = p.Center[1] + r * rho * std::sin(2 * Pi * u1);
      x[2] = p.Center[2] + r * z;
      break;
    }
    case EmitterShape::Disc:
    {
      const double r = p.Radius * std::sqrt(u0), c = std::cos(2 * Pi * u1),
                   sn = std::sin(2 * Pi * u1);
      for (int i = 0; i < 3; ++i)
      {
        x[i] = p.Center[i] + r * (c * e1[i] + sn * e2[i]);
      }
      break;
    }
    case EmitterShape::Box:
    {
      const double uu[3] = { u0, u1, u2 };
      for (int i = 0; i < 3; ++i)
      {
        x[i] = p.Center[i] + (uu[i] - 0.5) * p.BoxLength[i];
      }
      break;
    }
    case EmitterShape::Points:
    {
      const auto k = std::min<std::int64_t>(p.NumberOfEmitterPoints - 1,
        static_cast<std::int64_t>(u0 * double(p.NumberOfEmitterPoints)));
      std::copy(p.EmitterPoints + 3 * k, p.EmitterPoints + 3 * k + 3, x);
      break;
    }
    case EmitterShape::Triangles:
    {
      const auto k = std::min<std::int64_t>(p.NumberOfEmitterTriangles - 1,
        static_cast<std::int64_t>(u0 * double(p.NumberOfEmitterTriangles)));
      const double* t = p.EmitterTriangles + 9 * k;
      // Uniform in the triangle: sqrt warps the first coordinate.
      const double r = std::sqrt(u1), b0 = 1 - r, b1 = r * (1 - u2), b2 = r * u2;
      for (int i = 0; i < 3; ++i)
      {
        x[i] = b0 * t[i] + b1 * t[3 + i] + b2 * t[6 + i];
      }
      break;
    }
    default: std::copy(p.Center, p.Center + 3, x); break;
  }

  // Direction uniform on the spherical cap of half-angle ConeAngle.
  const double cosA = std::cos(p.ConeAngle * Pi / 180.0);
  const double cosT = 1 - u(ADir0) * (1 - cosA), sinT = std::sqrt(std::max(0.0, 1 - cosT * cosT));
  const double phi = 2 * Pi * u(ADir1);
  const double speed = draw(p.Speed, ASpeed);
  for (int i = 0; i < 3; ++i)
  {
    s.Velocity[i] = speed * (cosT * a[i] + sinT * (std::cos(phi) * e1[i] + std::sin(phi) * e2[i]));
  }
}

namespace
{
void AgeAttributes(const ParticleSystemSpec& p, const ParticleState& b, ParticleState& s)
{
  const double a = s.Age;
  s.Size = std::max(0.0, b.Size + p.SizeRate * a);
  s.Opacity = std::min(1.0, std::max(0.0, b.Opacity + p.OpacityRate * a));
  for (int c = 0; c < 3; ++c)
  {
    s.Color[c] = std::min(1.0, std::max(0.0, b.Color[c] + p.ColorRate[c] * a));
  }
}
}

bool ParticleSystem::At(const ParticleState& b, double t, ParticleState& s) const
{
  const double age = t - b.BirthTime;
  if (!(age >= 0) || !(age < b.Lifetime))
  {
    return false;
  }
  s = b;
  s.Age = age;
  Flow(this->Spec.Gravity, this->Spec.Wind, this->Spec.Drag, age, s.Position, s.Velocity);
  AgeAttributes(this->Spec, b, s);
  return true;
}

bool ParticleSystem::Evaluate(std::int64_t id, double t, ParticleState& s) const
{
  ParticleState b;
  this->Birth(id, b);
  return this->At(b, t, s);
}

void ParticleSystem::Advance(ParticleState& s, const ParticleState& birth, double t) const
{
  const double now = s.BirthTime + s.Age;
  Flow(this->Spec.Gravity, this->Spec.Wind, this->Spec.Drag, t - now, s.Position, s.Velocity);
  s.Age = t - s.BirthTime;
  AgeAttributes(this->Spec, birth, s);
}

std::vector<ParticleState> ParticleSystem::EvaluateAll(
  double t, int piece, int numberOfPieces) const
{
  std::int64_t first, last;
  this->CandidateRange(t, first, last);
  std::vector<ParticleState> out;
  ParticleState s;
  for (std::int64_t id = first; id < last; ++id)
  {
    if (id % numberOfPieces == piece && this->Evaluate(id, t, s))
    {
      out.push_back(s);
    }
  }
  return out;
}

ParticleStepper::ParticleStepper(const ParticleSystem& system)
  : System(system)
  , Time(-HUGE_VAL)
{}

void ParticleStepper::AdvanceTo(double t)
{
  const ParticleSystem& sys = this->System;
  // Move the live set by one step of the exact flow map; drop the dead.
  std::size_t keep = 0;
  for (std::size_t i = 0; i < this->States.size(); ++i)
  {
    sys.Advance(this->States[i], this->Births[i], t);
    if (this->States[i].Age < this->States[i].Lifetime)
    {
      this->States[keep] = this->States[i];
      this->Births[keep] = this->Births[i];
      ++keep;
    }
  }
  this->States.resize(keep);
  this->Births.resize(keep);
  // Newborn: every particle of the frames started by t whose birth instant has passed.
  std::int64_t first, last;
  sys.CandidateRange(t, first, last);
  ParticleState b, s;
  for (std::int64_t id = std::max(first, this->NextId); id < last; ++id)
  {
    sys.Birth(id, b);
    if (b.BirthTime > t)
    {
      continue; // born later in its frame: picked up at a later step
    }
    if (b.BirthTime > this->Time && sys.At(b, t, s))
    {
      this->States.push_back(s);
      this->Births.push_back(b);
    }
  }
  // Ids below the first unborn one are settled (born, or already dead).
  std::int64_t settled = std::max(first, this->NextId);
  while (settled < last)
  {
    sys.Birth(settled, b);
    if (b.BirthTime > t)
    {
      break;
    }
    ++settled;
  }
  this->NextId = settled;
  this->Time = t;
}

std::vector<ParticleState> ParticleStepper::Live() const
{
  std::vector<ParticleState> out = this->States;
  std::sort(out.begin(), out.end(),
    [](const ParticleState& a, const ParticleState& b) { return a.Id < b.Id; });
  return out;
}

std::string ParticleTimeSteps(
  double startTime, double endTime, double frameRate, int maximumSteps, std::vector<double>& steps)
{
  steps.clear();
  if (!(frameRate > 0) || !(endTime >= startTime))
  {
    return "FrameRate must be positive and EndTime not before StartTime";
  }
  const double span = (endTime - startTime) * frameRate;
  if (!(span + 1 <= maximumSteps))
  {
    std::ostringstream os;
    os << "the time range holds " << std::floor(span) + 1
       << " frames, more than MaximumNumberOfTimeSteps = " << maximumSteps;
    return os.str();
  }
  const int n = static_cast<int>(std::floor(span + 1e-9)) + 1;
  steps.resize(n);
  for (int f = 0; f < n; ++f)
  {
    steps[f] = startTime + f / frameRate;
  }
  return {};
}

std::vector<double> FanTriangles(const double* points, const std::int64_t* offsets,
  const std::int64_t* conn, const unsigned char* polygonal, std::int64_t nCells)
{
  std::vector<double> out;
  for (std::int64_t c = 0; c < nCells; ++c)
  {
    const std::int64_t* ids = conn + offsets[c];
    const std::int64_t n = offsets[c + 1] - offsets[c];
    for (std::int64_t k = 1; polygonal[c] && k + 1 < n; ++k)
    {
      for (const std::int64_t id : { ids[0], ids[k], ids[k + 1] })
      {
        out.insert(out.end(), points + 3 * id, points + 3 * id + 3);
      }
    }
  }
  return out;
}

std::string EvaluatePiece(const ParticleSystem& system, double t, int piece, int pieces,
  std::int64_t maximumParticles, const ParallelFor& pf, const std::function<bool(double)>& progress,
  std::vector<ParticleState>& live, bool& aborted)
{
  aborted = false;
  live.clear();
  // Candidates of this piece: ids ≡ piece (mod pieces) in the live window.
  std::int64_t first, last;
  system.CandidateRange(t, first, last);
  const std::int64_t firstOfPiece = first + ((piece - first % pieces) % pieces + pieces) % pieces;
  const std::int64_t candidates =
    last > firstOfPiece ? (last - firstOfPiece + pieces - 1) / pieces : 0;
  if (candidates > maximumParticles)
  {
    std::ostringstream os;
    os << "time " << t << " may hold " << candidates
       << " particles in this piece, more than MaximumNumberOfParticles = " << maximumParticles;
    return os.str();
  }
  live.resize(static_cast<std::size_t>(candidates));
  const std::int64_t block = 1 << 20;
  for (std::int64_t b = 0; b < candidates; b += block)
  {
    if (progress && progress(double(b) / double(candidates)))
    {
      aborted = true;
      return {};
    }
    const std::int64_t e = std::min(candidates, b + block);
    // Dead or unborn candidates get Id −1.
    RunFor(pf, e - b, [&](long long kb, long long ke) {
      for (std::int64_t k = b + kb; k < b + ke; ++k)
      {
        if (!system.Evaluate(firstOfPiece + k * pieces, t, live[k]))
        {
          live[k].Id = -1;
        }
      }
    });
  }
  if (progress)
  {
    progress(1.0);
  }
  // Keep the live ones, in id order.
  live.erase(
    std::remove_if(live.begin(), live.end(), [](const ParticleState& s) { return s.Id < 0; }),
    live.end());
  return {};
}

ParticleColumns ToColumns(const std::vector<ParticleState>& states, const ParallelFor& pf)
{
  const std::size_t n = states.size();
  ParticleColumns c;
  c.Position.resize(3 * n);
  c.Id.resize(n);
  for (auto* v : { &c.Age, &c.Lifetime, &c.Size, &c.Opacity })
  {
    v->resize(n);
  }
  c.Color.resize(3 * n);
  c.Velocity.resize(3 * n);
  c.RGBA.resize(4 * n);
  RunFor(pf, static_cast<long long>(n), [&](long long b, long long e) {
    for (long long i = b; i < e; ++i)
    {
      const ParticleState& s = states[i];
      c.Id[i] = s.Id;
      c.Age[i] = static_cast<float>(s.Age);
      c.Lifetime[i] = static_cast<float>(s.Lifetime);
      c.Size[i] = static_cast<float>(s.Size);
      c.Opacity[i] = static_cast<float>(s.Opacity);
      for (int a = 0; a < 3; ++a)
      {
        c.Position[3 * i + a] = s.Position[a];
        c.Color[3 * i + a] = static_cast<float>(s.Color[a]);
        c.Velocity[3 * i + a] = static_cast<float>(s.Velocity[a]);
        c.RGBA[4 * i + a] = static_cast<unsigned char>(std::lround(255 * s.Color[a]));
      }
      c.RGBA[4 * i + 3] = static_cast<unsigned char>(std::lround(255 * s.Opacity));
    }
  });
  return c;
}

} // namespace cm::anim
