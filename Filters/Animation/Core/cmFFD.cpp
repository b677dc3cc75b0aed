// SPDX-License-Identifier: BSD-3-Clause
#include "cmFFD.h"

#include "cmTweening.h"

#include <algorithm>
#include <cmath>

namespace cm::anim
{
std::string FFDLattice::Validate() const
{
  for (int a = 0; a < 3; ++a)
  {
    if (this->Size[a] < 2)
    {
      return "the lattice needs at least 2 control points per axis; axis " + std::to_string(a) +
        " has " + std::to_string(this->Size[a]);
    }
    if (this->Size[a] > MaximumSizePerAxis)
    {
      return "the lattice has " + std::to_string(this->Size[a]) + " control points on axis " +
        std::to_string(a) + ", more than the limit of " + std::to_string(MaximumSizePerAxis);
    }
    if (!(this->Length[a] > 0) || !std::isfinite(this->Length[a]) ||
      !std::isfinite(this->Origin[a]))
    {
      return "the lattice box must have finite, positive edge lengths";
    }
  }
  if (this->NumberOfControlPoints() > MaximumControlPoints)
  {
    return "the lattice has " + std::to_string(this->NumberOfControlPoints()) +
      " control points, more than the limit of " + std::to_string(MaximumControlPoints);
  }
  if (!this->Displacements.empty() &&
    static_cast<std::int64_t>(this->Displacements.size()) != 3 * this->NumberOfControlPoints())
  {
    return "expected " + std::to_string(3 * this->NumberOfControlPoints()) +
      " displacement values (3 per control point), got " +
      std::to_string(this->Displacements.size());
  }
  for (double d : this->Displacements)
  {
    if (!std::isfinite(d))
    {
      return "displacements must be finite";
    }
  }
  return {};
}

void FFDLattice::RestPosition(int i, int j, int k, double* p) const
{
  const int ijk[3] = { i, j, k };
  for (int a = 0; a < 3; ++a)
  {
    p[a] = this->Origin[a] + this->Length[a] * double(ijk[a]) / double(this->Size[a] - 1);
  }
}

bool FFDLattice::Deform(const double* x, double* y) const
{
  double s[3];
  for (int a = 0; a < 3; ++a)
  {
    s[a] = (x[a] - this->Origin[a]) / this->Length[a];
  }
  const double x0 = x[0], x1 = x[1], x2 = x[2];
  y[0] = x0;
  y[1] = x1;
  y[2] = x2;
  if (!(s[0] >= 0 && s[0] <= 1 && s[1] >= 0 && s[1] <= 1 && s[2] >= 0 && s[2] <= 1))
  {
    return false;
  }
  if (this->Displacements.empty())
  {
    return true;
  }
  double w[3][MaximumSizePerAxis];
  for (int a = 0; a < 3; ++a)
  {
    BernsteinAll(this->Size[a] - 1, s[a], w[a]);
  }
  double d[3] = { 0, 0, 0 };
  const double* D = this->Displacements.data();
  for (int k = 0; k < this->Size[2]; ++k)
  {
    for (int j = 0; j < this->Size[1]; ++j)
    {
      const double wjk = w[1][j] * w[2][k];
      for (int i = 0; i < this->Size[0]; ++i)
      {
        const double wijk = w[0][i] * wjk;
        const double* di = D + 3 * this->Index(i, j, k);
        d[0] += wijk * di[0];
        d[1] += wijk * di[1];
        d[2] += wijk * di[2];
      }
    }
  }
  y[0] = x0 + d[0];
  y[1] = x1 + d[1];
  y[2] = x2 + d[2];
  return true;
}

namespace
{
// The displacements of the settings (the lattice box is set and valid).
std::string Displacements(const FFDSettings& s, FFDLattice& lattice)
{
  const std::int64_t ncp = lattice.NumberOfControlPoints();
  if (s.NumberOfControls >= 0)
  {
    if (s.NumberOfControls != ncp)
    {
      return "the control-point input has " + std::to_string(s.NumberOfControls) +
        " points; the lattice needs " + std::to_string(ncp);
    }
    lattice.Displacements.resize(3 * ncp);
    for (int k = 0; k < lattice.Size[2]; ++k)
      for (int j = 0; j < lattice.Size[1]; ++j)
        for (int i = 0; i < lattice.Size[0]; ++i)
        {
          const std::int64_t c = lattice.Index(i, j, k);
          double rest[3];
          lattice.RestPosition(i, j, k, rest);
          for (int a = 0; a < 3; ++a)
          {
            lattice.Displacements[3 * c + a] = s.Controls[3 * c + a] - rest[a];
          }
        }
    return {};
  }
  if (!s.DisplacementKeys.empty())
  {
    KeyframeTrack track;
    std::vector<int> easing;
    const std::size_t rows = s.DisplacementKeys.size() / std::size_t(1 + 3 * ncp);
    if (s.KeyEasing != 0)
    {
      easing.assign(rows, s.KeyEasing);
    }
    const std::string error = track.Set(static_cast<int>(3 * ncp), s.DisplacementKeys,
      rows * std::size_t(1 + 3 * ncp) == s.DisplacementKeys.size() ? easing : std::vector<int>());
    if (!error.empty())
    {
      return "DisplacementKeys: " + error;
    }
    track.SetInterpolation(static_cast<TrackInterpolation>(s.KeyInterpolation));
    lattice.Displacements.resize(3 * ncp);
    track.Evaluate(s.Time, lattice.Displacements.data());
    return {};
  }
  lattice.Displacements = s.Displacements;
  if (s.SelectedControlPoint < 0)
  {
    return {};
  }
  // The GUI's handle: that control point sits where the handle is.
  const std::int64_t sel = s.SelectedControlPoint;
  if (sel >= ncp)
  {
    return "SelectedControlPoint " + std::to_string(sel) + " is out of range: the lattice has " +
      std::to_string(ncp) + " control points";
  }
  if (lattice.Displacements.empty())
  {
    lattice.Displacements.assign(std::size_t(3 * ncp), 0.0);
  }
  if (static_cast<std::int64_t>(lattice.Displacements.size()) != 3 * ncp)
  {
    return "Displacements has " + std::to_string(lattice.Displacements.size()) +
      " values; the lattice needs " + std::to_string(3 * ncp);
  }
  const int i = static_cast<int>(sel % lattice.Size[0]);
  const int j = static_cast<int>((sel / lattice.Size[0]) % lattice.Size[1]);
  const int k = static_cast<int>(sel / (std::int64_t(lattice.Size[0]) * lattice.Size[1]));
  double rest[3];
  lattice.RestPosition(i, j, k, rest);
  for (int a = 0; a < 3; ++a)
  {
    lattice.Displacements[3 * sel + a] = s.ControlPointPosition[a] - rest[a];
  }
  return {};
}
} // namespace

std::string BuildFFDLattice(const FFDSettings& s, FFDLattice& lattice)
{
  lattice = FFDLattice();
  std::copy(s.Size, s.Size + 3, lattice.Size);
  if (s.Bounds)
  {
    const double* b = s.Bounds;
    for (int a = 0; a < 3; ++a)
    {
      // A flat direction (a planar mesh) gets a unit extent centred on it.
      const double len = b[2 * a + 1] - b[2 * a];
      lattice.Length[a] = len > 0 ? len : 1.0;
      lattice.Origin[a] = len > 0 ? b[2 * a] : b[2 * a] - 0.5;
    }
  }
  else
  {
    std::copy(s.BoxOrigin, s.BoxOrigin + 3, lattice.Origin);
    std::copy(s.BoxLength, s.BoxLength + 3, lattice.Length);
  }
  std::string error = lattice.Validate();
  if (error.empty())
  {
    error = Displacements(s, lattice);
  }
  return error.empty() ? lattice.Validate() : error;
}

bool FFDKeyRange(const int size[3], const std::vector<double>& keys, double& t0, double& t1)
{
  const std::size_t stride = 1 + 3 * std::size_t(size[0]) * size[1] * size[2];
  if (!(keys.size() >= 2 * stride && keys.size() % stride == 0))
  {
    return false;
  }
  t0 = HUGE_VAL;
  t1 = -HUGE_VAL;
  for (std::size_t k = 0; k < keys.size(); k += stride)
  {
    t0 = std::min(t0, keys[k]);
    t1 = std::max(t1, keys[k]);
  }
  return true;
}

void DeformPoints(
  const FFDLattice& lattice, const double* x, std::int64_t n, double* y, const ParallelFor& pf)
{
  // Each point is independent.
  RunFor(pf, n, [&](long long b, long long e) {
    for (std::int64_t i = b; i < e; ++i)
    {
      lattice.Deform(x + 3 * i, y + 3 * i);
    }
  });
}

void LatticeGeometry(const FFDLattice& lattice, std::vector<double>& points,
  std::vector<double>& displacements, std::vector<std::int64_t>& segments)
{
  const std::int64_t ncp = lattice.NumberOfControlPoints();
  points.assign(3 * ncp, 0.0);
  displacements.assign(3 * ncp, 0.0);
  segments.clear();
  const int* S = lattice.Size;
  for (int k = 0; k < S[2]; ++k)
    for (int j = 0; j < S[1]; ++j)
      for (int i = 0; i < S[0]; ++i)
      {
        const std::int64_t c = lattice.Index(i, j, k);
        double p[3], d[3] = { 0, 0, 0 };
        lattice.RestPosition(i, j, k, p);
        if (!lattice.Displacements.empty())
        {
          std::copy(&lattice.Displacements[3 * c], &lattice.Displacements[3 * c] + 3, d);
        }
        for (int a = 0; a < 3; ++a)
        {
          points[3 * c + a] = p[a] + d[a];
          displacements[3 * c + a] = d[a];
        }
        const int ijk[3] = { i, j, k };
        for (int a = 0; a < 3; ++a)
        {
          if (ijk[a] + 1 < S[a])
          {
            const std::int64_t next = a == 0 ? lattice.Index(i + 1, j, k)
              : a == 1                       ? lattice.Index(i, j + 1, k)
                                             : lattice.Index(i, j, k + 1);
            segments.push_back(c);
            segments.push_back(next);
          }
        }
      }
}

} // namespace cm::anim
