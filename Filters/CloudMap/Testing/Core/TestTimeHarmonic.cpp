// SPDX-License-Identifier: BSD-3-Clause
// Oracles for the time-harmonic field v(t) = Re{(a + jb) e^{jωt}}, ωt = 2πt:
// at ωt = 0 it is the real part a, at π/2 the negated imaginary part −b, at
// π it is −a; its norm is the norm of the instantaneous components; for one
// component the peak over the period is the phasor's magnitude hypot(a, b);
// for a ⟂ b it is the longer of |a| and |b|; for any vectors it is the
// maximum of |v| over a dense sampling of the period (to the sampling error).
#include "cmCheck.h"
#include "cmTimeHarmonic.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace
{
struct Field
{
  std::vector<double> Inst, Mag;
  double Peak = 0;
};

// The field of n tuples at t, the loop split into three blocks as threads do.
Field Evaluate(const std::vector<double>& a, const std::vector<double>& b, int nc, double t)
{
  const std::int64_t n = static_cast<std::int64_t>(a.size()) / nc;
  Field f;
  f.Inst.assign(a.size(), -7);
  f.Mag.assign(n, -7);
  const cm::ParallelFor threeBlocks = [](long long m,
                                        const std::function<void(long long, long long)>& body) {
    body(0, m / 3);
    body(m / 3, 2 * m / 3);
    body(2 * m / 3, m);
  };
  f.Peak = cm::map::EvaluateHarmonic(
    a.data(), b.data(), n, nc, t, f.Inst.data(), f.Mag.data(), threeBlocks);
  return f;
}

void CheckScalar()
{
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-3, 3);
  std::vector<double> a(257), b(257);
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    a[i] = u(rng);
    b[i] = u(rng);
  }
  a[0] = 0; // a pure imaginary and a pure real phasor
  b[1] = 0;
  const Field f0 = Evaluate(a, b, 1, 0.0);
  const Field f90 = Evaluate(a, b, 1, 0.25);
  const Field f180 = Evaluate(a, b, 1, 0.5);
  double largest = 0;
  int wrong = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    const double m = std::hypot(a[i], b[i]);
    largest = std::max(largest, m);
    wrong += f0.Inst[i] != a[i]; // cos 0 = 1 and sin 0 = 0 exactly
    wrong += std::fabs(f90.Inst[i] + b[i]) > 1e-15 * (1 + m);
    wrong += std::fabs(f180.Inst[i] + a[i]) > 1e-15 * (1 + m);
    wrong += f0.Mag[i] != std::fabs(a[i]);
    wrong += std::fabs(f90.Mag[i] - std::fabs(b[i])) > 1e-15 * (1 + m);
  }
  CM_EQUAL(wrong, 0);
  // The peak over the period of one component is the phasor's magnitude.
  CM_NEAR(f0.Peak, largest, 1e-14 * largest);
  CM_EQUAL(f0.Peak, f90.Peak); // the peak does not depend on t
  CM_NEAR(cm::map::HarmonicPeak(9, 16, 12), 5.0, 1e-15); // a = 3, b = 4: |3 + 4j| = 5
  CM_NEAR(cm::map::HarmonicPeak(0, 4, 0), 2.0, 1e-15); // a = 0, b = 2
}

void CheckVectors()
{
  // a ⟂ b (an elliptically polarised field): the peak is the longer axis.
  const std::vector<double> a = { 3, 0, 0, 0, 1, 0 }, b = { 0, 2, 0, 0, 0, -5 };
  const Field f = Evaluate(a, b, 3, 0.0);
  CM_NEAR(f.Peak, 5.0, 1e-14);
  CM_EQUAL(f.Mag[0], 3.0);
  CM_EQUAL(f.Mag[1], 1.0);
  const Field q = Evaluate(a, b, 3, 0.25);
  for (int k = 0; k < 6; ++k)
  {
    CM_NEAR(q.Inst[k], -b[k], 1e-15);
  }
  CM_NEAR(q.Mag[0], 2.0, 1e-15);
  CM_NEAR(q.Mag[1], 5.0, 1e-15);

  // Random 3-vectors: the peak against the largest |v| over 3600 phases.
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(-2, 2);
  std::vector<double> ra(3 * 40), rb(3 * 40);
  for (std::size_t i = 0; i < ra.size(); ++i)
  {
    ra[i] = u(rng);
    rb[i] = u(rng);
  }
  std::vector<double> sampled(40, 0.0);
  for (int step = 0; step < 3600; ++step)
  {
    const Field s = Evaluate(ra, rb, 3, step / 3600.0);
    for (int i = 0; i < 40; ++i)
    {
      // The magnitude is the norm of the instantaneous vector.
      const double norm = std::sqrt(s.Inst[3 * i] * s.Inst[3 * i] +
        s.Inst[3 * i + 1] * s.Inst[3 * i + 1] + s.Inst[3 * i + 2] * s.Inst[3 * i + 2]);
      CM_NEAR(s.Mag[i], norm, 1e-14 * (1 + norm));
      sampled[i] = std::max(sampled[i], norm);
    }
  }
  const Field f0 = Evaluate(ra, rb, 3, 0.0);
  double top = 0;
  for (int i = 0; i < 40; ++i)
  {
    double aa = 0, bb = 0, ab = 0;
    for (int k = 0; k < 3; ++k)
    {
      aa += ra[3 * i + k] * ra[3 * i + k];
      bb += rb[3 * i + k] * rb[3 * i + k];
      ab += ra[3 * i + k] * rb[3 * i + k];
    }
    const double peak = cm::map::HarmonicPeak(aa, bb, ab);
    top = std::max(top, peak);
    // Sampling misses the true maximum by at most about (π/3600)² / 2 relative.
    CM_CHECK(sampled[i] <= peak * (1 + 1e-12));
    CM_CHECK(sampled[i] >= peak * (1 - 1e-5));
  }
  CM_EQUAL(f0.Peak, top);
}

void CheckArraysAndNames()
{
  const cm::map::HarmonicArray none, vec3{ true, 3, 10 }, vec2{ true, 2, 10 }, short3{ true, 3, 9 };
  const std::string expected = "need matching real and imaginary arrays 'J_real' and 'J_imag' "
                               "on cells or points";
  CM_EQUAL(cm::map::CheckHarmonicArrays("J_real", "J_imag", vec3, vec3, false), std::string());
  CM_EQUAL(cm::map::CheckHarmonicArrays("J_real", "J_imag", vec3, vec2, false), expected);
  CM_EQUAL(cm::map::CheckHarmonicArrays("J_real", "J_imag", vec3, short3, false), expected);
  CM_EQUAL(cm::map::CheckHarmonicArrays("J_real", "J_imag", vec3, none, false), expected);
  CM_EQUAL(cm::map::CheckHarmonicArrays("J_real", "J_imag", none, none, true), std::string());
  CM_EQUAL(cm::map::CheckHarmonicArrays("J_real", "J_imag", vec3, vec2, true), expected);
  CM_EQUAL(cm::map::HarmonicOutputNames("J_real").Instantaneous, std::string("J_inst"));
  CM_EQUAL(cm::map::HarmonicOutputNames("J_real").Magnitude, std::string("|J_inst|"));
  CM_EQUAL(cm::map::HarmonicOutputNames("E_real_real").Instantaneous, std::string("E_real_inst"));
  CM_EQUAL(cm::map::HarmonicOutputNames("Ex").Instantaneous, std::string("Ex_inst"));
  CM_EQUAL(cm::map::HarmonicTimeSteps(4), (std::vector<double>{ 0, 0.25, 0.5, 0.75 }));
  // No tuples: no peak.
  CM_EQUAL(cm::map::EvaluateHarmonic(nullptr, nullptr, 0, 1, 0.3, nullptr, nullptr, {}), 0.0);
}
} // namespace

int TestTimeHarmonic(int, char*[])
{
  CheckScalar();
  CheckVectors();
  CheckArraysAndNames();
  return cmReport("TestTimeHarmonic");
}
