// SPDX-License-Identifier: BSD-3-Clause
#include "cmTweening.h"

#include "cmConstants.h"
#include "cmCounterRng.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace cm::anim
{
namespace
{

double BounceOut(double x)
{
  const double n1 = 7.5625, d1 = 2.75;
  if (x < 1.0 / d1)
  {
    return n1 * x * x;
  }
  if (x < 2.0 / d1)
  {
    x -= 1.5 / d1;
    return n1 * x * x + 0.75;
  }
  if (x < 2.5 / d1)
  {
    x -= 2.25 / d1;
    return n1 * x * x + 0.9375;
  }
  x -= 2.625 / d1;
  return n1 * x * x + 0.984375;
}

// The "In" member of each family; Out and InOut are derived from it so that
// their end values and point symmetry hold by construction.
double EaseIn(EaseFamily family, double x)
{
  switch (family)
  {
    case EaseFamily::Quad: return x * x;
    case EaseFamily::Cubic: return x * x * x;
    case EaseFamily::Quart: return x * x * x * x;
    case EaseFamily::Quint: return x * x * x * x * x;
    case EaseFamily::Sine: return 1.0 - std::cos(x * Pi / 2.0);
    case EaseFamily::Expo: return x <= 0.0 ? 0.0 : std::pow(2.0, 10.0 * x - 10.0);
    case EaseFamily::Circ: return 1.0 - std::sqrt(std::max(0.0, 1.0 - x * x));
    case EaseFamily::Back:
    {
      const double c1 = 1.70158, c3 = c1 + 1.0;
      return c3 * x * x * x - c1 * x * x;
    }
    case EaseFamily::Elastic:
    {
      if (x <= 0.0)
      {
        return 0.0;
      }
      if (x >= 1.0)
      {
        return 1.0;
      }
      const double c4 = 2.0 * Pi / 3.0;
      return -std::pow(2.0, 10.0 * x - 10.0) * std::sin((10.0 * x - 10.75) * c4);
    }
    case EaseFamily::Bounce: return 1.0 - BounceOut(1.0 - x);
    default: return x;
  }
}
} // namespace

bool Remap(double t, double t1, double t2, double v1, double v2, double& value)
{
  if (!std::isfinite(t) || !std::isfinite(t1) || !std::isfinite(t2) || !std::isfinite(v1) ||
    !std::isfinite(v2) || t1 == t2)
  {
    return false;
  }
  value = (t - t1) / (t2 - t1) * (v2 - v1) + v1;
  return true;
}

std::string TimeFraction(double t, const double timeRange[2], double& x)
{
  if (Remap(t, timeRange[0], timeRange[1], 0.0, 1.0, x))
  {
    return {};
  }
  std::ostringstream os;
  os << "TimeRange [" << timeRange[0] << ", " << timeRange[1]
     << "] is empty: the time cannot be remapped to [0, 1]";
  return os.str();
}

double Clamp01(double x)
{
  // NaN maps to 0 so an easing never propagates it.
  return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0;
}

double PowerEase(double x, double n, double m)
{
  x = Clamp01(x);
  m = std::min(std::max(m, 1e-12), 1.0 - 1e-12);
  if (x < m)
  {
    return std::pow(x / m, n) * m;
  }
  return 1.0 - std::pow((1.0 - x) / (1.0 - m), n) * (1.0 - m);
}

double Ease(EaseFamily family, EaseMode mode, double x)
{
  x = Clamp01(x);
  if (x == 0.0)
  {
    return 0.0;
  }
  if (x == 1.0)
  {
    return 1.0;
  }
  switch (mode)
  {
    case EaseMode::In: return EaseIn(family, x);
    case EaseMode::Out: return 1.0 - EaseIn(family, 1.0 - x);
    default:
      return x < 0.5 ? 0.5 * EaseIn(family, 2.0 * x) : 1.0 - 0.5 * EaseIn(family, 2.0 - 2.0 * x);
  }
}

double EaseByCode(int family, int mode, double x)
{
  if (family < 0 || family >= static_cast<int>(EaseFamily::NumberOfFamilies) || mode < 0 ||
    mode > 2)
  {
    return Clamp01(x);
  }
  return Ease(static_cast<EaseFamily>(family), static_cast<EaseMode>(mode), x);
}

double EaseAny(int family, int mode, double exponent, double midpoint, double x)
{
  if (family == PowerEasingCode)
  {
    return PowerEase(x, exponent, midpoint);
  }
  return EaseByCode(family, mode, x);
}

const char* EaseFamilyName(EaseFamily family)
{
  static const char* names[] = { "Linear", "Quad", "Cubic", "Quart", "Quint", "Sine", "Expo",
    "Circ", "Back", "Elastic", "Bounce" };
  const int i = static_cast<int>(family);
  return (i >= 0 && i < static_cast<int>(EaseFamily::NumberOfFamilies)) ? names[i] : "?";
}

double DeCasteljau(const double* control, int n, double t)
{
  if (n <= 0)
  {
    return 0.0;
  }
  double b[64];
  n = std::min(n, 64);
  std::copy(control, control + n, b);
  // Each pass lerps neighbours; after n-1 passes b[0] is the curve point.
  for (int r = 1; r < n; ++r)
  {
    for (int i = 0; i < n - r; ++i)
    {
      b[i] = Lerp(b[i], b[i + 1], t);
    }
  }
  return b[0];
}

double Bernstein(int n, int i, double t)
{
  if (i < 0 || i > n)
  {
    return 0.0;
  }
  double c = 1.0;
  for (int k = 1; k <= i; ++k)
  {
    c = c * double(n - i + k) / double(k);
  }
  return c * std::pow(t, i) * std::pow(1.0 - t, n - i);
}

void BernsteinAll(int n, double t, double* w)
{
  w[0] = 1.0;
  for (int j = 1; j <= n; ++j)
  {
    w[j] = t * w[j - 1];
    for (int i = j - 1; i >= 1; --i)
    {
      w[i] = (1.0 - t) * w[i] + t * w[i - 1];
    }
    w[0] *= (1.0 - t);
  }
}

bool CubicBezierEase::Valid() const
{
  return this->X1 >= 0.0 && this->X1 <= 1.0 && this->X2 >= 0.0 && this->X2 <= 1.0 &&
    std::isfinite(this->Y1) && std::isfinite(this->Y2);
}

double CubicBezierEase::X(double t) const
{
  const double c[4] = { 0.0, this->X1, this->X2, 1.0 };
  return DeCasteljau(c, 4, t);
}

double CubicBezierEase::Y(double t) const
{
  const double c[4] = { 0.0, this->Y1, this->Y2, 1.0 };
  return DeCasteljau(c, 4, t);
}

double CubicBezierEase::SolveT(double x) const
{
  x = Clamp01(x);
  // Newton from t = x converges in a few steps on well-shaped curves.
  double t = x;
  for (int it = 0; it < 8; ++it)
  {
    const double err = this->X(t) - x;
    if (std::abs(err) < 1e-14)
    {
      return t;
    }
    const double u = 1.0 - t;
    const double d =
      3.0 * u * u * this->X1 + 6.0 * u * t * (this->X2 - this->X1) + 3.0 * t * t * (1.0 - this->X2);
    if (std::abs(d) < 1e-9)
    {
      break;
    }
    t = Clamp01(t - err / d);
  }
  // x(t) is monotone for X1, X2 in [0, 1], so bisection always converges.
  double lo = 0.0, hi = 1.0;
  for (int it = 0; it < 200 && hi - lo > 1e-16; ++it)
  {
    const double mid = 0.5 * (lo + hi);
    (this->X(mid) < x ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

std::string WiggleSpec::Validate() const
{
  if (!(this->Frequency > 0.0) || !std::isfinite(this->Frequency))
  {
    return "wiggle frequency must be positive";
  }
  if (this->Octaves < 1 || this->Octaves > 16)
  {
    return "wiggle octaves must be in [1, 16]";
  }
  if (!std::isfinite(this->Amplitude) || !std::isfinite(this->AmplitudeMultiplier))
  {
    return "wiggle amplitude and multiplier must be finite";
  }
  return {};
}

double Wiggle(const WiggleSpec& spec, std::uint64_t channel, double time)
{
  double sum = 0.0, amp = spec.Amplitude, freq = spec.Frequency;
  for (int o = 0; o < spec.Octaves; ++o)
  {
    const double s = time * freq;
    const double k = std::floor(s);
    const auto key = static_cast<std::uint64_t>(static_cast<std::int64_t>(k));
    const double a = UniformPM1(spec.Seed, channel, key, static_cast<std::uint64_t>(o));
    const double b = UniformPM1(spec.Seed, channel, key + 1, static_cast<std::uint64_t>(o));
    sum += amp * Lerp(a, b, Ease(spec.Easing, EaseMode::InOut, s - k));
    amp *= spec.AmplitudeMultiplier;
    freq *= 2.0;
  }
  return sum;
}

std::string KeyframeTrack::Set(
  int ncomp, const std::vector<double>& keys, const std::vector<int>& easing)
{
  if (ncomp < 1)
  {
    return "a keyframe track needs at least one component";
  }
  const std::size_t stride = static_cast<std::size_t>(ncomp) + 1;
  if (keys.empty() || keys.size() % stride != 0)
  {
    return "keys must be rows of (time, " + std::to_string(ncomp) + " values); got " +
      std::to_string(keys.size()) + " numbers";
  }
  const std::size_t n = keys.size() / stride;
  if (!easing.empty() && easing.size() != n)
  {
    return "one easing per key expected";
  }
  for (double v : keys)
  {
    if (!std::isfinite(v))
    {
      return "keys must be finite";
    }
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
    [&](std::size_t a, std::size_t b) { return keys[a * stride] < keys[b * stride]; });
  std::vector<double> times(n), values(n * ncomp);
  std::vector<int> ease;
  for (std::size_t k = 0; k < n; ++k)
  {
    times[k] = keys[order[k] * stride];
    for (int c = 0; c < ncomp; ++c)
    {
      values[k * ncomp + c] = keys[order[k] * stride + 1 + c];
    }
    if (!easing.empty())
    {
      ease.push_back(easing[order[k]]);
    }
    if (k > 0 && times[k] == times[k - 1])
    {
      return "two keys share the time " + std::to_string(times[k]);
    }
  }
  this->NumberOfComponents = ncomp;
  this->Times = std::move(times);
  this->Values = std::move(values);
  this->Easing = std::move(ease);
  return {};
}

double KeyframeTrack::Tangent(int k, int c, bool outgoing) const
{
  const int n = this->GetNumberOfKeys();
  const int nc = this->NumberOfComponents;
  const double* v = this->Values.data();
  // Missing neighbours at the ends are reflected, which keeps lines exact.
  double dPrev, dNext, hPrev, hNext;
  if (k > 0)
  {
    dPrev = v[k * nc + c] - v[(k - 1) * nc + c];
    hPrev = this->Times[k] - this->Times[k - 1];
  }
  if (k < n - 1)
  {
    dNext = v[(k + 1) * nc + c] - v[k * nc + c];
    hNext = this->Times[k + 1] - this->Times[k];
  }
  if (k == 0)
  {
    dPrev = dNext;
    hPrev = hNext;
  }
  if (k == n - 1)
  {
    dNext = dPrev;
    hNext = hPrev;
  }
  double T = 0, C = 0, B = 0;
  if (this->Mode == TrackInterpolation::KochanekBartels)
  {
    T = this->Tension;
    C = this->Continuity;
    B = this->Bias;
  }
  double a, b, scale;
  if (outgoing)
  {
    a = (1 - T) * (1 + B) * (1 + C) / 2;
    b = (1 - T) * (1 - B) * (1 - C) / 2;
    scale = 2 * hNext / (hPrev + hNext);
  }
  else
  {
    a = (1 - T) * (1 + B) * (1 - C) / 2;
    b = (1 - T) * (1 - B) * (1 + C) / 2;
    scale = 2 * hPrev / (hPrev + hNext);
  }
  return (a * dPrev + b * dNext) * scale;
}

void KeyframeTrack::Evaluate(double t, double* out) const
{
  const int n = this->GetNumberOfKeys();
  const int nc = this->NumberOfComponents;
  const double* v = this->Values.data();
  if (n == 0)
  {
    std::fill(out, out + nc, 0.0);
    return;
  }
  if (n == 1 || !(t > this->Times.front()))
  {
    std::copy(v, v + nc, out);
    return;
  }
  if (t >= this->Times.back())
  {
    std::copy(v + (n - 1) * nc, v + n * nc, out);
    return;
  }
  const int k = static_cast<int>(std::upper_bound(this->Times.begin(), this->Times.end(), t) -
                  this->Times.begin()) -
    1;
  const double s = (t - this->Times[k]) / (this->Times[k + 1] - this->Times[k]);
  const double* p0 = v + k * nc;
  const double* p1 = v + (k + 1) * nc;
  switch (this->Mode)
  {
    case TrackInterpolation::Step: std::copy(p0, p0 + nc, out); return;
    case TrackInterpolation::Linear:
    {
      const double e = this->Easing.empty() ? s : EaseAny(this->Easing[k], 2, 2.0, 0.5, s);
      for (int c = 0; c < nc; ++c)
      {
        out[c] = Lerp(p0[c], p1[c], e);
      }
      return;
    }
    case TrackInterpolation::Polynomial:
    {
      // Neville's scheme: the interpolating polynomial through every key.
      std::vector<double> q(n);
      for (int c = 0; c < nc; ++c)
      {
        for (int i = 0; i < n; ++i)
        {
          q[i] = v[i * nc + c];
        }
        for (int m = 1; m < n; ++m)
        {
          for (int i = 0; i < n - m; ++i)
          {
            const double ti = this->Times[i], tj = this->Times[i + m];
            q[i] = ((t - tj) * q[i] + (ti - t) * q[i + 1]) / (ti - tj);
          }
        }
        out[c] = q[0];
      }
      return;
    }
    default:
    {
      // Cubic Hermite on the segment, tangents in units of the segment.
      const double s2 = s * s, s3 = s2 * s;
      const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s;
      const double h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
      for (int c = 0; c < nc; ++c)
      {
        out[c] = h00 * p0[c] + h10 * this->Tangent(k, c, true) + h01 * p1[c] +
          h11 * this->Tangent(k + 1, c, false);
      }
      return;
    }
  }
}

std::string TrackFromKeyRows(const std::vector<double>& keys, KeyframeTrack& track)
{
  if (keys.empty() || keys.size() % 5 != 0)
  {
    return "Keys must be rows of (time, x, y, z, easing); got " + std::to_string(keys.size()) +
      " numbers";
  }
  // Split the rows into the track's (time, x, y, z) and the easing codes.
  std::vector<double> rows;
  std::vector<int> easing;
  for (std::size_t k = 0; k < keys.size(); k += 5)
  {
    rows.insert(rows.end(), keys.begin() + k, keys.begin() + k + 4);
    const double e = keys[k + 4];
    if (!(e >= 0 && e <= 11) || e != std::floor(e))
    {
      std::ostringstream os;
      os << "key " << k / 5 << ": easing " << e
         << " is not a family code 0 (Linear) .. 10 (Bounce) or 11 (Power)";
      return os.str();
    }
    easing.push_back(static_cast<int>(e));
  }
  return track.Set(3, rows, easing);
}

void TranslatePoints(
  const double* in, std::int64_t n, const double v[3], double* out, const ParallelFor& pf)
{
  RunFor(pf, n, [&](long long b, long long e) {
    for (std::int64_t i = b; i < e; ++i)
    {
      for (int a = 0; a < 3; ++a)
      {
        out[3 * i + a] = in[3 * i + a] + v[a];
      }
    }
  });
}

} // namespace cm::anim
