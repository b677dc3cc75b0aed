// SPDX-License-Identifier: BSD-3-Clause
// The interpolation primitives against analytic oracles: lerp and remap end
// points, easing end values / symmetry / monotonicity and Penner's closed
// forms, de Casteljau = Bernstein form, cubic-bézier inversion round trip
// against an independent polynomial bisection, wiggle bounds and continuity,
// keyframe tracks through their keys and exact on polynomials / lines.
#include "cmCheck.h"
#include "cmTweening.h"

#include <cmath>
#include <vector>

using namespace cm::anim;

namespace
{
const double Pi = 3.14159265358979323846;

// Independent cubic-bézier x(t), y(t) in power form and a plain bisection.
double PolyBez(double p1, double p2, double t)
{
  const double u = 1 - t;
  return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t;
}
double BisectT(double x1, double x2, double x)
{
  double lo = 0, hi = 1;
  for (int i = 0; i < 200; ++i)
  {
    const double m = 0.5 * (lo + hi);
    (PolyBez(x1, x2, m) < x ? lo : hi) = m;
  }
  return 0.5 * (lo + hi);
}

double Derivative(const KeyframeTrack& tr, double t, double h)
{
  double a, b;
  tr.Evaluate(t + h, &b);
  tr.Evaluate(t - h, &a);
  return (b - a) / (2 * h);
}
}

int TestTweening(int, char*[])
{
  cmRandom rng;
  // ---- lerp and remap
  for (int i = 0; i < 1000; ++i)
  {
    const double a = rng.Uniform(-1e6, 1e6), b = rng.Uniform(-1e6, 1e6);
    CM_CHECK(Lerp(a, b, 0.0) == a);
    CM_CHECK(Lerp(a, b, 1.0) == b);
    CM_NEAR(Lerp(a, b, 0.5), 0.5 * (a + b), 1e-9);
  }
  {
    double v = 42.0;
    CM_CHECK(!Remap(0.5, 2.0, 2.0, 0.0, 1.0, v)); // t1 == t2 is an error ...
    CM_CHECK(v == 42.0); // ... and leaves the value alone
    CM_CHECK(!Remap(NAN, 0.0, 1.0, 0.0, 1.0, v));
    CM_CHECK(Remap(2.0, 2.0, 4.0, 10.0, 20.0, v) && v == 10.0);
    CM_CHECK(Remap(4.0, 2.0, 4.0, 10.0, 20.0, v) && v == 20.0);
    CM_CHECK(Remap(3.0, 2.0, 4.0, 10.0, 20.0, v) && v == 15.0);
    CM_CHECK(Remap(5.0, 2.0, 4.0, 10.0, 20.0, v) && v == 25.0); // extrapolates
    // Remap then its inverse is the identity.
    for (int i = 0; i < 200; ++i)
    {
      const double t = rng.Uniform(-5, 5);
      double w, back;
      CM_CHECK(Remap(t, -1.0, 3.0, 7.0, -2.0, w) && Remap(w, 7.0, -2.0, -1.0, 3.0, back));
      CM_NEAR(back, t, 1e-12);
    }
  }

  // ---- power easing about a movable midpoint
  for (double n : { 0.5, 1.0, 2.0, 3.0, 5.5 })
  {
    for (double m : { 0.1, 0.3, 0.5, 0.8 })
    {
      CM_CHECK(PowerEase(0.0, n, m) == 0.0);
      CM_CHECK(PowerEase(1.0, n, m) == 1.0);
      CM_NEAR(PowerEase(m, n, m), m, 1e-15);
      double prev = -1;
      for (int i = 0; i <= 1000; ++i)
      {
        const double x = i / 1000.0;
        const double f = PowerEase(x, n, m);
        CM_CHECK(f >= prev); // monotone
        prev = f;
        // Mirror: the upper half is the lower half of the mirrored curve.
        CM_NEAR(f, 1.0 - PowerEase(1.0 - x, n, 1.0 - m), 1e-14);
        // The definition, independently: (x/m)^n m below m.
        if (x < m)
        {
          CM_NEAR(f, std::pow(x / m, n) * m, 1e-15);
        }
      }
    }
  }
  CM_NEAR(PowerEase(0.25, 2.0, 0.5), 0.125, 1e-15);
  // The shared easing menu: 11 is the power ease, 0..10 Penner's.
  CM_NEAR(EaseAny(PowerEasingCode, 0, 2.0, 0.5, 0.25), 0.125, 1e-15);
  CM_NEAR(EaseAny(1, 0, 9.0, 0.1, 0.3), 0.09, 1e-15);
  CM_NEAR(EaseByCode(99, 0, 0.3), 0.3, 1e-15); // unknown codes are linear
  CM_NEAR(PowerEase(0.75, 2.0, 0.5), 0.875, 1e-15);

  // ---- Penner families
  for (int f = 0; f < static_cast<int>(EaseFamily::NumberOfFamilies); ++f)
  {
    const auto fam = static_cast<EaseFamily>(f);
    const bool monotone = fam <= EaseFamily::Circ;
    for (int md = 0; md < 3; ++md)
    {
      const auto mode = static_cast<EaseMode>(md);
      CM_CHECK(Ease(fam, mode, 0.0) == 0.0);
      CM_CHECK(Ease(fam, mode, 1.0) == 1.0);
      CM_CHECK(Ease(fam, mode, -3.0) == 0.0 && Ease(fam, mode, 7.0) == 1.0); // clamped
      double prev = -1;
      for (int i = 0; i <= 2000; ++i)
      {
        const double x = i / 2000.0;
        const double y = Ease(fam, mode, x);
        CM_CHECK(std::isfinite(y));
        if (monotone)
        {
          CM_CHECK(y >= prev - 1e-15);
        }
        prev = y;
        if (mode == EaseMode::InOut)
        {
          CM_NEAR(Ease(fam, mode, 1 - x), 1 - y, 1e-12); // point symmetry about (½, ½)
        }
        if (mode == EaseMode::Out)
        {
          CM_NEAR(y, 1 - Ease(fam, EaseMode::In, 1 - x), 1e-12);
        }
      }
    }
  }
  for (int i = 0; i <= 100; ++i)
  {
    const double x = i / 100.0;
    // Penner's closed forms, written out independently.
    CM_NEAR(Ease(EaseFamily::Quad, EaseMode::In, x), x * x, 1e-15);
    CM_NEAR(Ease(EaseFamily::Quad, EaseMode::Out, x), 1 - (1 - x) * (1 - x), 1e-15);
    CM_NEAR(Ease(EaseFamily::Cubic, EaseMode::InOut, x),
      x < 0.5 ? 4 * x * x * x : 1 - std::pow(-2 * x + 2, 3) / 2, 1e-14);
    CM_NEAR(Ease(EaseFamily::Sine, EaseMode::InOut, x), -(std::cos(Pi * x) - 1) / 2, 1e-15);
    CM_NEAR(Ease(EaseFamily::Sine, EaseMode::Out, x), std::sin(x * Pi / 2), 1e-15);
    CM_NEAR(Ease(EaseFamily::Circ, EaseMode::Out, x), std::sqrt(1 - std::pow(x - 1, 2)), 1e-15);
    if (x > 0 && x < 1)
    {
      CM_NEAR(Ease(EaseFamily::Expo, EaseMode::Out, x), 1 - std::pow(2, -10 * x), 1e-15);
    }
    CM_NEAR(Ease(EaseFamily::Linear, EaseMode::InOut, x), x, 1e-15);
  }
  {
    double minBack = 1, maxElastic = 0;
    for (int i = 0; i <= 1000; ++i)
    {
      minBack = std::min(minBack, Ease(EaseFamily::Back, EaseMode::In, i / 1000.0));
      maxElastic = std::max(maxElastic, Ease(EaseFamily::Elastic, EaseMode::Out, i / 1000.0));
    }
    CM_NEAR(minBack, -0.1, 0.002); // Back overshoots about 10 % (Penner's s = 1.70158)
    CM_CHECK(maxElastic > 1.3); // Elastic rings past 1
    CM_NEAR(Ease(EaseFamily::Bounce, EaseMode::Out, 1 / 2.75), 1.0, 1e-15); // first contact
  }

  // ---- de Casteljau = Bernstein form; partition of unity
  for (int n = 1; n <= 12; ++n)
  {
    std::vector<double> c(n + 1);
    for (double& v : c)
    {
      v = rng.Uniform(-3, 3);
    }
    CM_CHECK(DeCasteljau(c.data(), n + 1, 0.0) == c.front());
    CM_NEAR(DeCasteljau(c.data(), n + 1, 1.0), c.back(), 1e-15);
    std::vector<double> w(n + 1);
    for (int i = 0; i <= 50; ++i)
    {
      const double t = i / 50.0;
      double bern = 0, sum = 0;
      BernsteinAll(n, t, w.data());
      for (int k = 0; k <= n; ++k)
      {
        const double bk = Bernstein(n, k, t);
        CM_NEAR(w[k], bk, 1e-14);
        bern += bk * c[k];
        sum += w[k];
      }
      CM_NEAR(sum, 1.0, 1e-14);
      CM_NEAR(DeCasteljau(c.data(), n + 1, t), bern, 1e-12);
    }
  }
  // Linear precision: control values i/n give the identity.
  {
    std::vector<double> c(8);
    for (int i = 0; i < 8; ++i)
    {
      c[i] = i / 7.0;
    }
    for (int i = 0; i <= 20; ++i)
    {
      CM_NEAR(DeCasteljau(c.data(), 8, i / 20.0), i / 20.0, 1e-15);
    }
  }

  // ---- cubic-bézier easing (CSS / After Effects)
  const CubicBezierEase curves[] = { { 0.25, 0.1, 0.25, 1.0 }, { 0.42, 0.0, 1.0, 1.0 },
    { 0.0, 0.0, 0.58, 1.0 }, { 0.42, 0.0, 0.58, 1.0 }, { 0.68, -0.55, 0.265, 1.55 },
    { 0.0, 1.0, 1.0, 0.0 }, { 1.0, 0.0, 0.0, 1.0 } };
  for (const auto& cb : curves)
  {
    CM_CHECK(cb.Valid());
    // The last two have dx/dt = 0 inside (0, 1): y(x) is ill-conditioned
    // there, so only the round trip is checked for them.
    const bool wellConditioned = &cb - curves < 5;
    double maxRoundTrip = 0;
    for (int i = 0; i <= 1000; ++i)
    {
      const double x = i / 1000.0;
      const double t = cb.SolveT(x);
      maxRoundTrip = std::max(maxRoundTrip, std::abs(cb.X(t) - x));
      const double tRef = BisectT(cb.X1, cb.X2, x);
      if (wellConditioned)
      {
        CM_NEAR(cb.Evaluate(x), PolyBez(cb.Y1, cb.Y2, tRef), 1e-9);
      }
    }
    CM_CHECK(maxRoundTrip < 1e-9);
    CM_CHECK(cb.Evaluate(0.0) == 0.0);
    CM_NEAR(cb.Evaluate(1.0), 1.0, 1e-12);
  }
  {
    const CubicBezierEase diag{ 0.3, 0.3, 0.7, 0.7 }; // control points on y = x: the identity
    for (int i = 0; i <= 100; ++i)
    {
      CM_NEAR(diag.Evaluate(i / 100.0), i / 100.0, 1e-12);
    }
    const CubicBezierEase inout{ 0.42, 0.0, 0.58, 1.0 }; // symmetric control points
    for (int i = 0; i <= 100; ++i)
    {
      CM_NEAR(inout.Evaluate(1 - i / 100.0), 1 - inout.Evaluate(i / 100.0), 1e-10);
    }
    const CubicBezierEase bad{ 1.2, 0, 0.5, 1 };
    CM_CHECK(!bad.Valid());
  }

  // ---- wiggle
  {
    WiggleSpec w;
    w.Frequency = 3;
    w.Amplitude = 2;
    w.Octaves = 3;
    w.AmplitudeMultiplier = 0.5;
    w.Seed = 7;
    CM_CHECK(w.Validate().empty());
    const double bound = 2 * (1 + 0.5 + 0.25);
    double maxJump = 0;
    for (int i = 0; i < 20000; ++i)
    {
      const double t = -3 + i * 1e-3;
      const double a = Wiggle(w, 5, t);
      CM_CHECK(std::abs(a) <= bound);
      CM_CHECK(a == Wiggle(w, 5, t)); // deterministic
      maxJump = std::max(maxJump, std::abs(Wiggle(w, 5, t + 1e-7) - a));
    }
    CM_CHECK(maxJump < 1e-4); // continuous in time, also across key boundaries
    CM_CHECK(Wiggle(w, 5, 0.4) != Wiggle(w, 6, 0.4));
    WiggleSpec w2 = w;
    w2.Seed = 8;
    CM_CHECK(Wiggle(w, 5, 0.4) != Wiggle(w2, 5, 0.4));
    // One octave at key times: the keys, uniform in [-1, 1]·amp; mean 0, variance amp²/3.
    w.Octaves = 1;
    double s = 0, s2 = 0;
    const int N = 20000;
    for (int c = 0; c < N; ++c)
    {
      const double v = Wiggle(w, c, 2.0 / 3.0) / w.Amplitude;
      s += v;
      s2 += v * v;
    }
    const double mean = s / N, var = s2 / N - mean * mean;
    CM_NEAR(mean, 0.0, 4 * std::sqrt(1.0 / 3.0 / N));
    CM_NEAR(var, 1.0 / 3.0, 0.02);
    w.Frequency = 0;
    CM_CHECK(!w.Validate().empty());
  }

  // ---- keyframe tracks
  {
    KeyframeTrack tr;
    CM_CHECK(!tr.Set(1, { 0, 1, 1 }).empty()); // not rows of 2
    CM_CHECK(!tr.Set(1, { 0, 1, 0, 2 }).empty()); // duplicate time
    CM_CHECK(!tr.Set(0, { 0, 1 }).empty());
    CM_CHECK(!tr.Set(1, { 0, NAN }).empty());
    // Two keys, linear: the lerp; unsorted input is sorted.
    CM_CHECK(tr.Set(1, { 2.0, 30.0, 0.0, 10.0 }).empty());
    double v;
    tr.Evaluate(0.5, &v);
    CM_NEAR(v, 15.0, 1e-12);
    tr.Evaluate(-1.0, &v);
    CM_CHECK(v == 10.0); // held before the first key
    tr.Evaluate(9.0, &v);
    CM_CHECK(v == 30.0); // and after the last
    tr.SetInterpolation(TrackInterpolation::Step);
    tr.Evaluate(1.9, &v);
    CM_CHECK(v == 10.0);
    // Per-key easing on the linear track.
    CM_CHECK(tr.Set(1, { 0.0, 0.0, 1.0, 4.0 }, { 1, 0 }).empty());
    tr.SetInterpolation(TrackInterpolation::Linear);
    tr.Evaluate(0.25, &v);
    CM_NEAR(v, 4.0 * 2 * 0.25 * 0.25, 1e-14); // Quad InOut at ¼ = 2·¼²

    // Every mode passes through its keys (non-uniform times, 3 components).
    std::vector<double> keys;
    const double times[] = { 0.0, 0.7, 1.1, 2.5, 3.0, 4.2 };
    for (double t : times)
    {
      keys.insert(keys.end(), { t, rng.Uniform(-1, 1), rng.Uniform(-1, 1), rng.Uniform(-1, 1) });
    }
    for (auto mode :
      { TrackInterpolation::Step, TrackInterpolation::Linear, TrackInterpolation::Polynomial,
        TrackInterpolation::CatmullRom, TrackInterpolation::KochanekBartels })
    {
      CM_CHECK(tr.Set(3, keys).empty());
      tr.SetInterpolation(mode);
      tr.SetTCB(0.3, -0.2, 0.4);
      for (int k = 0; k < 6; ++k)
      {
        double p[3];
        tr.Evaluate(times[k], p);
        for (int c = 0; c < 3; ++c)
        {
          CM_NEAR(p[c], keys[4 * k + 1 + c], 1e-12);
        }
      }
    }
    // The Lagrange polynomial reproduces a cubic exactly.
    std::vector<double> cubic;
    auto f = [](double t) { return 2 - t + 0.5 * t * t - 0.25 * t * t * t; };
    for (double t : times)
    {
      cubic.insert(cubic.end(), { t, f(t) });
    }
    CM_CHECK(tr.Set(1, cubic).empty());
    tr.SetInterpolation(TrackInterpolation::Polynomial);
    for (int i = 0; i <= 100; ++i)
    {
      const double t = 4.2 * i / 100;
      tr.Evaluate(t, &v);
      CM_NEAR(v, f(t), 1e-11);
    }
    // Catmull-Rom reproduces a line exactly, even with uneven key spacing,
    // and is C1 at the keys with the central-difference tangent.
    std::vector<double> line;
    for (double t : times)
    {
      line.insert(line.end(), { t, 3 - 2 * t });
    }
    CM_CHECK(tr.Set(1, line).empty());
    tr.SetInterpolation(TrackInterpolation::CatmullRom);
    for (int i = 0; i <= 100; ++i)
    {
      const double t = 4.2 * i / 100;
      tr.Evaluate(t, &v);
      CM_NEAR(v, 3 - 2 * t, 1e-12);
    }
    CM_CHECK(tr.Set(1, { 0, 0, 1, 1, 2, 0, 3, 3 }).empty()); // uniform spacing
    tr.SetInterpolation(TrackInterpolation::CatmullRom);
    CM_NEAR(Derivative(tr, 1.0, 1e-6), (0.0 - 0.0) / 2, 1e-5);
    CM_NEAR(Derivative(tr, 2.0, 1e-6), (3.0 - 1.0) / 2, 1e-5);
    // Kochanek-Bartels with tension 1 stops at every key (zero tangents).
    tr.SetInterpolation(TrackInterpolation::KochanekBartels);
    tr.SetTCB(1, 0, 0);
    CM_NEAR(Derivative(tr, 1.0, 1e-6), 0.0, 1e-5);
    CM_NEAR(Derivative(tr, 2.0, 1e-6), 0.0, 1e-5);
    // KB with 0, 0, 0 is Catmull-Rom.
    tr.SetTCB(0, 0, 0);
    double a, b;
    KeyframeTrack cr;
    cr.Set(1, { 0, 0, 1, 1, 2, 0, 3, 3 });
    cr.SetInterpolation(TrackInterpolation::CatmullRom);
    for (int i = 0; i <= 30; ++i)
    {
      tr.Evaluate(i * 0.1, &a);
      cr.Evaluate(i * 0.1, &b);
      CM_NEAR(a, b, 1e-15);
    }
  }
  return cmReport("TestTweening");
}
