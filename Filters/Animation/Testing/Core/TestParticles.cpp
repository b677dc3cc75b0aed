// SPDX-License-Identifier: BSD-3-Clause
// The particle system against closed forms and statistics: direct evaluation
// equals frame-by-frame stepping; ballistic particles follow
// x0 + v0 t + ½ g t²; drag agrees with an independent RK4 integration;
// lifetimes and speeds have mean ± variance/√3 spreads; nobody outlives its
// lifetime; the steady-state count is rate × frame rate × mean lifetime;
// pieces partition the particles; bad parameters are refused.
#include "cmCheck.h"
#include "cmParticles.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <vector>

using namespace cm::anim;

namespace
{
double Dot(const double* a, const double* b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

bool SameSets(const std::vector<ParticleState>& a, const std::vector<ParticleState>& b, double tol)
{
  if (a.size() != b.size())
  {
    std::printf("  sizes differ: %zu vs %zu\n", a.size(), b.size());
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    if (a[i].Id != b[i].Id || std::abs(a[i].Age - b[i].Age) > 0)
    {
      return false;
    }
    for (int c = 0; c < 3; ++c)
    {
      if (std::abs(a[i].Position[c] - b[i].Position[c]) > tol * (1 + std::abs(a[i].Position[c])) ||
        std::abs(a[i].Velocity[c] - b[i].Velocity[c]) > tol * (1 + std::abs(a[i].Velocity[c])) ||
        std::abs(a[i].Color[c] - b[i].Color[c]) > tol)
      {
        std::printf("  particle %lld differs\n", static_cast<long long>(a[i].Id));
        return false;
      }
    }
    if (std::abs(a[i].Size - b[i].Size) > tol || std::abs(a[i].Opacity - b[i].Opacity) > tol)
    {
      return false;
    }
  }
  return true;
}
}

int TestParticles(int, char*[])
{
  // ---- refusals
  {
    ParticleSystem sys;
    ParticleSystemSpec s;
    s.Lifetime = { 1, 1 };
    CM_CHECK(!sys.Initialize(s).empty()); // a particle could have lifetime 0
    s = ParticleSystemSpec();
    s.Speed = { 1, -0.1 };
    CM_CHECK(!sys.Initialize(s).empty()); // negative variance
    s = ParticleSystemSpec();
    s.Opacity = { 0.9, 0.2 };
    CM_CHECK(!sys.Initialize(s).empty()); // opacity above 1
    s = ParticleSystemSpec();
    s.ConeAngle = 200;
    CM_CHECK(!sys.Initialize(s).empty());
    s = ParticleSystemSpec();
    s.Shape = EmitterShape::Points;
    CM_CHECK(!sys.Initialize(s).empty()); // no emitter points
    s = ParticleSystemSpec();
    s.EmissionEndTime = 1e9;
    const std::string e = sys.Initialize(s, 1000000);
    CM_CHECK(e.find("frames") != std::string::npos); // states the projected size
    for (auto p : { ParticlePreset::Fire, ParticlePreset::Fountain, ParticlePreset::Snow,
           ParticlePreset::Smoke })
    {
      CM_CHECK(MakePreset(p).Validate().empty());
    }
  }

  // ---- direct == stepped, for every preset; determinism
  for (auto preset :
    { ParticlePreset::Fire, ParticlePreset::Fountain, ParticlePreset::Snow, ParticlePreset::Smoke })
  {
    ParticleSystemSpec spec = MakePreset(preset);
    spec.Seed = 1234;
    spec.EmissionEndTime = 3.0;
    ParticleSystem sys;
    CM_CHECK(sys.Initialize(spec).empty());
    ParticleStepper stepper(sys);
    for (int f = 0; f <= 100; ++f)
    {
      const double t = f / 24.0;
      stepper.AdvanceTo(t);
      if (f % 25 == 0 || f == 100)
      {
        CM_CHECK(SameSets(sys.EvaluateAll(t), stepper.Live(), 1e-9));
      }
    }
    CM_CHECK(!sys.EvaluateAll(100 / 24.0).empty());
    // Pure function of time: any order, same result.
    const auto a = sys.EvaluateAll(2.5);
    sys.EvaluateAll(0.3);
    CM_CHECK(SameSets(a, sys.EvaluateAll(2.5), 0.0));
    ParticleSystem again;
    again.Initialize(spec);
    CM_CHECK(SameSets(a, again.EvaluateAll(2.5), 0.0));
    spec.Seed = 1235;
    again.Initialize(spec);
    const auto c = again.EvaluateAll(2.5);
    CM_CHECK(c.size() != a.size() || c.empty() || c[0].Position[0] != a[0].Position[0]);
    // Long after emission ends everybody is dead.
    CM_CHECK(sys.EvaluateAll(3.0 + sys.GetMaximumLifetime() + 0.1).empty());
    CM_CHECK(sys.EvaluateAll(-0.5).empty());
    // Pieces partition the set.
    std::map<long long, int> seen;
    for (int p = 0; p < 3; ++p)
    {
      for (const auto& s : sys.EvaluateAll(1.7, p, 3))
      {
        CM_CHECK(s.Id % 3 == p);
        ++seen[s.Id];
      }
    }
    const auto all = sys.EvaluateAll(1.7);
    CM_CHECK(seen.size() == all.size());
    for (const auto& s : all)
    {
      CM_CHECK(seen[s.Id] == 1);
    }
  }

  // ---- ballistic: x0 + v0 a + ½ g a² from a point, directions in the cone
  {
    ParticleSystemSpec s;
    s.Shape = EmitterShape::Point;
    s.Center[0] = 1;
    s.Center[1] = -2;
    s.Center[2] = 0.5;
    s.Axis[0] = 1;
    s.Axis[2] = 1;
    s.ConeAngle = 25;
    s.Speed = { 5, 1 };
    s.Gravity[0] = 0.3;
    s.Gravity[2] = -9.81;
    s.Wind[1] = 4; // no effect without drag
    ParticleSystem sys;
    CM_CHECK(sys.Initialize(s).empty());
    const double cosCone = std::cos(25 * 3.14159265358979323846 / 180);
    const double axis[3] = { 1 / std::sqrt(2.0), 0, 1 / std::sqrt(2.0) };
    int n = 0;
    for (const auto& p : sys.EvaluateAll(1.3))
    {
      double v0[3], speed = 0;
      for (int c = 0; c < 3; ++c)
      {
        v0[c] = p.Velocity[c] - s.Gravity[c] * p.Age;
        speed += v0[c] * v0[c];
      }
      speed = std::sqrt(speed);
      CM_CHECK(speed >= 4 - 1e-12 && speed <= 6 + 1e-12);
      CM_CHECK(Dot(v0, axis) / speed >= cosCone - 1e-12);
      for (int c = 0; c < 3; ++c)
      {
        CM_NEAR(
          p.Position[c], s.Center[c] + v0[c] * p.Age + 0.5 * s.Gravity[c] * p.Age * p.Age, 1e-12);
      }
      ++n;
    }
    CM_CHECK(n > 500);
  }

  // ---- drag and wind against an independent RK4 integration of dv/dt = g + k(w − v)
  {
    ParticleSystemSpec s = MakePreset(ParticlePreset::Smoke);
    ParticleSystem sys;
    CM_CHECK(sys.Initialize(s).empty());
    for (std::int64_t id : { 0, 17, 301 })
    {
      ParticleState b, p;
      sys.Birth(id, b);
      const double t = b.BirthTime + 0.9 * b.Lifetime;
      CM_CHECK(sys.At(b, t, p));
      double x[3], v[3];
      for (int c = 0; c < 3; ++c)
      {
        x[c] = b.Position[c];
        v[c] = b.Velocity[c];
      }
      const int steps = 4000;
      const double h = p.Age / steps, k = s.Drag;
      for (int i = 0; i < steps; ++i)
      {
        for (int c = 0; c < 3; ++c)
        {
          auto acc = [&](double vv) { return s.Gravity[c] + k * (s.Wind[c] - vv); };
          const double k1v = acc(v[c]), k1x = v[c];
          const double k2v = acc(v[c] + 0.5 * h * k1v), k2x = v[c] + 0.5 * h * k1v;
          const double k3v = acc(v[c] + 0.5 * h * k2v), k3x = v[c] + 0.5 * h * k2v;
          const double k4v = acc(v[c] + h * k3v), k4x = v[c] + h * k3v;
          x[c] += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
          v[c] += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
        }
      }
      for (int c = 0; c < 3; ++c)
      {
        CM_NEAR(p.Position[c], x[c], 1e-10);
        CM_NEAR(p.Velocity[c], v[c], 1e-10);
      }
    }
  }

  // ---- statistics: mean ± variance/√3, bounds; nobody outlives its lifetime
  {
    ParticleSystemSpec s;
    s.Lifetime = { 3, 1.5 };
    s.Speed = { 2, 0.8 };
    s.BirthRate = { 50, 10 };
    s.EmissionEndTime = 20;
    ParticleSystem sys;
    CM_CHECK(sys.Initialize(s).empty());
    const std::int64_t N = sys.GetTotalNumberOfParticles();
    CM_CHECK(N > 20000);
    double sl = 0, sl2 = 0, ss = 0, ss2 = 0, lmin = 1e9, lmax = -1e9;
    for (std::int64_t id = 0; id < N; ++id)
    {
      ParticleState b;
      sys.Birth(id, b);
      const double sp = std::sqrt(Dot(b.Velocity, b.Velocity));
      sl += b.Lifetime;
      sl2 += b.Lifetime * b.Lifetime;
      ss += sp;
      ss2 += sp * sp;
      lmin = std::min(lmin, b.Lifetime);
      lmax = std::max(lmax, b.Lifetime);
    }
    const double ml = sl / N, sdl = std::sqrt(sl2 / N - ml * ml);
    const double ms = ss / N, sds = std::sqrt(ss2 / N - ms * ms);
    std::printf("lifetime mean %.4f sd %.4f (expect 3, %.4f); speed mean %.4f sd %.4f (expect 2, "
                "%.4f); N=%lld\n",
      ml, sdl, 1.5 / std::sqrt(3.0), ms, sds, 0.8 / std::sqrt(3.0), static_cast<long long>(N));
    CM_NEAR(ml, 3.0, 4 * 1.5 / std::sqrt(3.0 * N));
    CM_NEAR(sdl, 1.5 / std::sqrt(3.0), 0.02 * 1.5 / std::sqrt(3.0));
    CM_NEAR(ms, 2.0, 4 * 0.8 / std::sqrt(3.0 * N));
    CM_NEAR(sds, 0.8 / std::sqrt(3.0), 0.02 * 0.8 / std::sqrt(3.0));
    CM_CHECK(lmin >= 1.5 && lmax <= 4.5);
    // Mean births per frame is the mean rate (symmetric rounding about an integer).
    CM_NEAR(double(N) / sys.GetNumberOfEmissionFrames(), 50.0, 4 * 10 / std::sqrt(3.0 * 481));
    // Steady state: live = rate × frame rate × mean lifetime = 50 × 24 × 3 = 3600.
    double live = 0;
    int samples = 0;
    for (double t = 8; t <= 18; t += 0.5, ++samples)
    {
      const auto ps = sys.EvaluateAll(t);
      live += double(ps.size());
      for (const auto& p : ps)
      {
        CM_CHECK(p.Age >= 0 && p.Age < p.Lifetime);
      }
    }
    live /= samples;
    std::printf("steady-state live particles %.1f (expect 3600)\n", live);
    CM_NEAR(live, 3600.0, 0.03 * 3600);
    // A rising birth rate: frame f has mean 10 + 2f.
    s.BirthRate = { 10, 0 };
    s.BirthRateSlope = 2;
    s.EmissionEndTime = 1;
    CM_CHECK(sys.Initialize(s).empty());
    CM_CHECK(sys.GetTotalNumberOfParticles() == 25 * 10 + 2 * (24 * 25 / 2));
  }

  // ---- generation shapes
  {
    const double tri[9] = { 0, 0, 0, 2, 0, 0, 0, 1, 0 };
    const double pts[6] = { 5, 5, 5, -1, -1, -1 };
    for (auto shape : { EmitterShape::Sphere, EmitterShape::Disc, EmitterShape::Box,
           EmitterShape::Points, EmitterShape::Triangles })
    {
      ParticleSystemSpec s;
      s.Shape = shape;
      s.Center[0] = 1;
      s.Radius = 0.7;
      s.Axis[0] = 0;
      s.Axis[1] = 1;
      s.Axis[2] = 0;
      s.BoxLength[2] = 3;
      s.EmitterTriangles = tri;
      s.NumberOfEmitterTriangles = 1;
      s.EmitterPoints = pts;
      s.NumberOfEmitterPoints = 2;
      ParticleSystem sys;
      CM_CHECK(sys.Initialize(s).empty());
      int ok = 0, n = 0;
      for (std::int64_t id = 0; id < 2000; ++id)
      {
        ParticleState b;
        sys.Birth(id, b);
        const double* x = b.Position;
        const double d[3] = { x[0] - 1, x[1], x[2] };
        bool in = false;
        switch (shape)
        {
          case EmitterShape::Sphere: in = Dot(d, d) <= 0.49 + 1e-12; break;
          case EmitterShape::Disc:
            in = Dot(d, d) <= 0.49 + 1e-12 && std::abs(d[1]) < 1e-12; // normal is the axis (y)
            break;
          case EmitterShape::Box:
            in = std::abs(d[0]) <= 0.5 && std::abs(d[1]) <= 0.5 && std::abs(d[2]) <= 1.5;
            break;
          case EmitterShape::Points:
            in = (x[0] == 5 && x[1] == 5 && x[2] == 5) || (x[0] == -1 && x[1] == -1 && x[2] == -1);
            break;
          default:
            in = x[0] >= -1e-12 && x[1] >= -1e-12 && x[0] / 2 + x[1] <= 1 + 1e-12 && x[2] == 0;
            break;
        }
        ok += in;
        ++n;
      }
      CM_CHECK(ok == n);
    }
  }
  // ---- the filter's pieces (EvaluatePiece): the union over pieces is the
  // serial set; blocks of a parallel loop change nothing; the bound is checked.
  {
    ParticleSystemSpec spec = MakePreset(ParticlePreset::Fountain);
    spec.Seed = 99;
    ParticleSystem sys;
    CM_CHECK(sys.Initialize(spec).empty());
    cm::ParallelFor blocks = [](
                               long long n, const std::function<void(long long, long long)>& body) {
      for (long long b = 0; b < n; b += 7)
      {
        body(b, std::min(n, b + 7));
      }
    };
    std::vector<ParticleState> piece;
    bool aborted = true;
    // Late times, when the first live id is no multiple of the piece count.
    for (const double t : { 1.7, 2.6, 2.65, 2.7 })
    {
      std::vector<ParticleState> all;
      for (int p = 0; p < 3; ++p)
      {
        CM_EQUAL(
          EvaluatePiece(sys, t, p, 3, 1000000, blocks, nullptr, piece, aborted), std::string());
        CM_CHECK(!aborted);
        CM_CHECK(SameSets(piece, sys.EvaluateAll(t, p, 3), 0.0));
        all.insert(all.end(), piece.begin(), piece.end());
      }
      std::sort(all.begin(), all.end(),
        [](const ParticleState& a, const ParticleState& b) { return a.Id < b.Id; });
      CM_CHECK(!all.empty() && SameSets(all, sys.EvaluateAll(t), 0.0));
    }
    const std::string tooMany = EvaluatePiece(sys, 1.7, 0, 1, 5, nullptr, nullptr, piece, aborted);
    CM_CHECK(tooMany.find("more than MaximumNumberOfParticles = 5") != std::string::npos);
    // An abort at the first progress report stops before any particle.
    CM_EQUAL(EvaluatePiece(
               sys, 1.7, 0, 1, 1000000, nullptr, [](double) { return true; }, piece, aborted),
      std::string());
    CM_CHECK(aborted);
    // The columns: floats of the states, colours as rounded bytes.
    CM_EQUAL(
      EvaluatePiece(sys, 1.7, 0, 1, 1000000, nullptr, nullptr, piece, aborted), std::string());
    const ParticleColumns c = ToColumns(piece, blocks);
    CM_EQUAL(c.Id.size(), piece.size());
    for (std::size_t i = 0; i < piece.size(); i += 17)
    {
      CM_EQUAL(c.Id[i], piece[i].Id);
      CM_EQUAL(c.Position[3 * i + 2], piece[i].Position[2]);
      CM_EQUAL(c.Age[i], static_cast<float>(piece[i].Age));
      CM_EQUAL(int(c.RGBA[4 * i + 3]), int(std::floor(255 * piece[i].Opacity + 0.5)));
    }
  }
  // ---- frames and emitter triangles
  {
    std::vector<double> steps;
    CM_EQUAL(ParticleTimeSteps(1.0, 2.0, 4.0, 100, steps), std::string());
    CM_EQUAL(steps, (std::vector<double>{ 1.0, 1.25, 1.5, 1.75, 2.0 }));
    CM_EQUAL(ParticleTimeSteps(0.0, 1.0, 0.0, 100, steps),
      std::string("FrameRate must be positive and EndTime not before StartTime"));
    CM_EQUAL(ParticleTimeSteps(0.0, 10.0, 24.0, 100, steps),
      std::string("the time range holds 241 frames, more than MaximumNumberOfTimeSteps = 100"));
    // A quad (fanned into two triangles) and a line (no triangle).
    const double pts[] = { 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0 };
    const std::int64_t offsets[] = { 0, 4, 6 }, conn[] = { 0, 1, 2, 3, 0, 2 };
    const unsigned char polygonal[] = { 1, 0 };
    const std::vector<double> tri = FanTriangles(pts, offsets, conn, polygonal, 2);
    CM_EQUAL(tri, (std::vector<double>{ 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0 }));
  }
  return cmReport("TestParticles");
}
