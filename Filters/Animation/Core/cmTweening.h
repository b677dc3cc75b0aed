// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTweening.h
 * @brief Tweening: the animation chapter's interpolation primitives over
 *        time (lerp, remap, easing, Bézier, wiggle, keyframe tracks), shared
 *        by every animation filter (pipeline free).
 *
 * - Lerp and Remap: value = (t − t1)/(t2 − t1)·(v2 − v1) + v1. Remap with
 *   t1 == t2 is reported (returns false), never a NaN.
 * - PowerEase: ease-in-out with exponent n about a movable midpoint m:
 *   (x/m)^n·m below m, mirrored above: 1 − ((1 − x)/(1 − m))^n·(1 − m).
 * - Penner's easing families (Quad … Bounce) in In, Out and InOut forms.
 * - Bézier curves by cascaded lerps (de Casteljau), the Bernstein basis, and
 *   CSS / After Effects cubic-bézier easing curves inverted for x → t.
 * - Wiggle: After Effects style smooth noise, random keys at equal steps
 *   lerped through an easing, summed over octaves.
 * - KeyframeTrack: keys (time, value[s]) with step, linear (optionally eased
 *   per key), Lagrange polynomial, Catmull-Rom and Kochanek-Bartels.
 */
#ifndef cmTweening_h
#define cmTweening_h

#include "cmParallelFor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm::anim
{
/// (1 − t)·a + t·b: exact at both ends (t = 0 gives a, t = 1 gives b).
inline double Lerp(double a, double b, double t)
{
  return (1.0 - t) * a + t * b;
}

/// value = (t − t1)/(t2 − t1)·(v2 − v1) + v1. Returns false (and leaves
/// `value` untouched) when t1 == t2 or an argument is not finite.
bool Remap(double t, double t1, double t2, double v1, double v2, double& value);

/// x = t remapped from timeRange to [0, 1]; empty when done, else the
/// message that the range is empty (the morph filters' TimeRange check).
std::string TimeFraction(double t, const double timeRange[2], double& x);

/// x clamped to [0, 1].
double Clamp01(double x);

/// Power ease-in-out about midpoint m in (0, 1): (x/m)^n·m for x < m, mirrored
/// above. n ≥ 1 eases (slow at the ends), 0 < n < 1 gives the inverse shape.
/// f(0) = 0, f(m) = m, f(1) = 1; monotone for n > 0; with m = ½, f(1−x) = 1−f(x).
double PowerEase(double x, double n, double m = 0.5);

/// Penner's easing families.
enum class EaseFamily
{
  Linear = 0,
  Quad,
  Cubic,
  Quart,
  Quint,
  Sine,
  Expo,
  Circ,
  Back,
  Elastic,
  Bounce,
  NumberOfFamilies
};
enum class EaseMode
{
  In = 0,
  Out,
  InOut
};
/// Penner easing of x ∈ [0, 1] (clamped). f(0) = 0 and f(1) = 1 exactly;
/// Linear … Circ are monotone; Back and Elastic overshoot by design.
double Ease(EaseFamily family, EaseMode mode, double x);
/// Ease by integer codes (family 0..10, mode 0..2); invalid codes give Linear.
double EaseByCode(int family, int mode, double x);
/// The easing menu shared by the filters: families 0..10 are Penner's (with
/// mode 0 In, 1 Out, 2 InOut), 11 is PowerEase(x, exponent, midpoint).
constexpr int PowerEasingCode = 11;
double EaseAny(int family, int mode, double exponent, double midpoint, double x);
/// Human-readable name, e.g. "Quad".
const char* EaseFamilyName(EaseFamily family);

/// Point on the Bézier curve with n control values at t, by de Casteljau's
/// cascaded lerps (n ≤ 64).
double DeCasteljau(const double* control, int n, double t);
/// Bernstein basis polynomial B_{i,n}(t) = C(n, i) t^i (1 − t)^(n − i).
double Bernstein(int n, int i, double t);
/// All Bernstein weights B_{0..n,n}(t) into w[0..n] (de Casteljau-stable).
void BernsteinAll(int n, double t, double* w);

/**
 * A CSS / After Effects timing curve: the cubic Bézier from (0,0) to (1,1)
 * with control points (X1, Y1), (X2, Y2), X1 and X2 in [0, 1] so x(t) is
 * monotone. Evaluate(x) finds t with x(t) = x (Newton, bisection fallback;
 * round-trip error below 1e-12) and returns y(t).
 */
struct CubicBezierEase
{
  double X1 = 0.25, Y1 = 0.1, X2 = 0.25, Y2 = 1.0; // CSS "ease"
  bool Valid() const;
  double X(double t) const;
  double Y(double t) const;
  double SolveT(double x) const;
  double Evaluate(double x) const { return this->Y(this->SolveT(x)); }
};

/**
 * After Effects' wiggle(freq, amp, octaves, amp_mult, t) for one channel:
 * keys uniform in [−1, 1] at times k/freq (drawn from the counter-based hash
 * of (seed, channel, k)), lerped between through an easing; octave o has
 * frequency freq·2^o and amplitude amp·multiplier^o. Deterministic in
 * (seed, channel, time) and continuous in time.
 */
struct WiggleSpec
{
  double Frequency = 1.0; ///< wiggles (keys) per time unit, > 0
  double Amplitude = 1.0;
  int Octaves = 1; ///< 1..16
  double AmplitudeMultiplier = 0.5;
  std::uint64_t Seed = 0;
  EaseFamily Easing = EaseFamily::Sine;
  std::string Validate() const; ///< empty when valid
};
double Wiggle(const WiggleSpec& spec, std::uint64_t channel, double time);

/// Key interpolation between keys of a track.
enum class TrackInterpolation
{
  Step = 0, ///< hold the previous key
  Linear, ///< lerp, through the left key's easing if it has one
  Polynomial, ///< the Lagrange polynomial through all keys (Neville)
  CatmullRom, ///< cubic Hermite with centripetal-free uniform Catmull-Rom tangents
  KochanekBartels ///< TCB spline (tension, continuity, bias); 0,0,0 is Catmull-Rom
};

/**
 * A keyframe track of vectors with NumberOfComponents values per key. Keys
 * are sorted by time on Set; times must be distinct. Outside the key range
 * the end values are held.
 */
class KeyframeTrack
{
public:
  /// keys: NumberOfKeys × (1 + ncomp) values, each row (time, v0, …).
  /// easing: optional per key (family code; applies to the segment that
  /// starts at the key, Linear interpolation only), may be empty.
  /// Returns an error message, empty on success.
  std::string Set(int ncomp, const std::vector<double>& keys, const std::vector<int>& easing = {});
  void SetInterpolation(TrackInterpolation mode) { this->Mode = mode; }
  void SetTCB(double tension, double continuity, double bias)
  {
    this->Tension = tension;
    this->Continuity = continuity;
    this->Bias = bias;
  }
  int GetNumberOfKeys() const { return static_cast<int>(this->Times.size()); }
  int GetNumberOfComponents() const { return this->NumberOfComponents; }
  double GetKeyTime(int k) const { return this->Times[k]; }
  /// Value at time t into out[NumberOfComponents].
  void Evaluate(double t, double* out) const;

private:
  double Tangent(int k, int c, bool outgoing) const;
  int NumberOfComponents = 1;
  std::vector<double> Times;
  std::vector<double> Values; // NumberOfKeys × NumberOfComponents
  std::vector<int> Easing;
  TrackInterpolation Mode = TrackInterpolation::Linear;
  double Tension = 0, Continuity = 0, Bias = 0;
};

/**
 * The Keyframe Interpolator's track: rows of (time, x, y, z, easing code)
 * into a 3-component track with per-key easing. Empty when valid, else the
 * problem (row shape, an easing that is not a family code, the keys).
 */
std::string TrackFromKeyRows(const std::vector<double>& keys, KeyframeTrack& track);

/// out = in + v for n points (3 doubles each), the loop through pf.
void TranslatePoints(
  const double* in, std::int64_t n, const double v[3], double* out, const ParallelFor& pf);

} // namespace cm::anim
#endif
