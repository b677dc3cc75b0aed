// SPDX-License-Identifier: BSD-3-Clause
#include "cmSkeleton.h"

#include "cmConstants.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cm::anim
{
namespace
{

void MatMul(const double* a, const double* b, double* c)
{
  double r[9];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
    {
      r[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
    }
  std::copy(r, r + 9, c);
}
void MatVec(const double* m, const double* v, double* out)
{
  const double r[3] = { m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
    m[3] * v[0] + m[4] * v[1] + m[5] * v[2], m[6] * v[0] + m[7] * v[1] + m[8] * v[2] };
  std::copy(r, r + 3, out);
}
void MatTVec(const double* m, const double* v, double* out)
{
  const double r[3] = { m[0] * v[0] + m[3] * v[1] + m[6] * v[2],
    m[1] * v[0] + m[4] * v[1] + m[7] * v[2], m[2] * v[0] + m[5] * v[1] + m[8] * v[2] };
  std::copy(r, r + 3, out);
}
} // namespace

void EulerToMatrix(const double* degrees, double* m)
{
  const double x = degrees[0] * Pi / 180, y = degrees[1] * Pi / 180, z = degrees[2] * Pi / 180;
  const double cx = std::cos(x), sx = std::sin(x), cy = std::cos(y), sy = std::sin(y);
  const double cz = std::cos(z), sz = std::sin(z);
  const double rx[9] = { 1, 0, 0, 0, cx, -sx, 0, sx, cx };
  const double ry[9] = { cy, 0, sy, 0, 1, 0, -sy, 0, cy };
  const double rz[9] = { cz, -sz, 0, sz, cz, 0, 0, 0, 1 };
  double t[9];
  MatMul(ry, rx, t);
  MatMul(rz, t, m);
}

std::string Skeleton::Set(const std::vector<int>& parents, const std::vector<double>& offsets,
  const std::vector<double>& rotationKeys, const std::vector<double>& rootKeys,
  TrackInterpolation interpolation)
{
  const int n = static_cast<int>(parents.size());
  if (n == 0)
  {
    return "a skeleton needs at least one joint";
  }
  if (n > 100000)
  {
    return "the skeleton has " + std::to_string(n) + " joints, more than the limit of 100000";
  }
  if (offsets.size() != 3 * parents.size())
  {
    return "expected " + std::to_string(3 * n) + " offset values (3 per joint), got " +
      std::to_string(offsets.size());
  }
  for (int j = 0; j < n; ++j)
  {
    if (parents[j] < -1 || parents[j] >= j)
    {
      return "joint " + std::to_string(j) + " has parent " + std::to_string(parents[j]) +
        "; a parent must be listed before its child (or be -1 for a root)";
    }
  }
  if (rotationKeys.size() % 5 != 0 || rootKeys.size() % 4 != 0)
  {
    return "rotation keys are rows of (joint, time, rx, ry, rz); root keys rows of (time, x, y, z)";
  }
  std::vector<std::vector<double>> rows(n);
  for (std::size_t k = 0; k < rotationKeys.size(); k += 5)
  {
    const double j = rotationKeys[k];
    if (!(j >= 0 && j < n) || j != std::floor(j))
    {
      return "rotation key " + std::to_string(k / 5) + " names joint " + std::to_string(j) +
        ", which does not exist";
    }
    rows[static_cast<int>(j)].insert(
      rows[static_cast<int>(j)].end(), rotationKeys.begin() + k + 1, rotationKeys.begin() + k + 5);
  }
  std::vector<KeyframeTrack> tracks(n);
  std::vector<bool> has(n, false);
  for (int j = 0; j < n; ++j)
  {
    if (!rows[j].empty())
    {
      const std::string e = tracks[j].Set(3, rows[j]);
      if (!e.empty())
      {
        return "joint " + std::to_string(j) + ": " + e;
      }
      tracks[j].SetInterpolation(interpolation);
      has[j] = true;
    }
  }
  KeyframeTrack root;
  if (!rootKeys.empty())
  {
    const std::string e = root.Set(3, rootKeys);
    if (!e.empty())
    {
      return "root keys: " + e;
    }
    root.SetInterpolation(interpolation);
  }
  this->Parents = parents;
  this->Offsets = offsets;
  this->Rotations = std::move(tracks);
  this->HasRotation = std::move(has);
  this->Root = root;
  this->HasRoot = !rootKeys.empty();
  return {};
}

void Skeleton::KeyRange(double& t0, double& t1) const
{
  t0 = HUGE_VAL;
  t1 = -HUGE_VAL;
  auto take = [&](const KeyframeTrack& tr) {
    if (tr.GetNumberOfKeys() > 0)
    {
      t0 = std::min(t0, tr.GetKeyTime(0));
      t1 = std::max(t1, tr.GetKeyTime(tr.GetNumberOfKeys() - 1));
    }
  };
  for (std::size_t j = 0; j < this->Rotations.size(); ++j)
  {
    if (this->HasRotation[j])
    {
      take(this->Rotations[j]);
    }
  }
  if (this->HasRoot)
  {
    take(this->Root);
  }
  if (t0 > t1)
  {
    t0 = t1 = 0;
  }
}

void Skeleton::Pose(double t, std::vector<double>& positions, std::vector<double>& rotations) const
{
  const int n = this->GetNumberOfJoints();
  positions.assign(3 * n, 0.0);
  rotations.assign(9 * n, 0.0);
  double rootT[3] = { 0, 0, 0 };
  if (this->HasRoot)
  {
    this->Root.Evaluate(t, rootT);
  }
  for (int j = 0; j < n; ++j)
  {
    double local[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
    if (this->HasRotation[j])
    {
      double e[3];
      this->Rotations[j].Evaluate(t, e);
      EulerToMatrix(e, local);
    }
    const double* o = &this->Offsets[3 * j];
    const int p = this->Parents[j];
    if (p < 0)
    {
      for (int a = 0; a < 3; ++a)
      {
        positions[3 * j + a] = rootT[a] + o[a];
      }
      std::copy(local, local + 9, &rotations[9 * j]);
    }
    else
    {
      double d[3];
      MatVec(&rotations[9 * p], o, d);
      for (int a = 0; a < 3; ++a)
      {
        positions[3 * j + a] = positions[3 * p + a] + d[a];
      }
      MatMul(&rotations[9 * p], local, &rotations[9 * j]);
    }
  }
}

void Skeleton::Walker(std::vector<int>& parents, std::vector<double>& offsets,
  std::vector<double>& rotationKeys, std::vector<double>& rootKeys)
{
  // 0 pelvis, 1 spine, 2 neck, 3 head, 4/7 hips, 5/8 knees, 6/9 ankles,
  // 10/11 toes, 12/13 shoulders... kept as a flat table for clarity.
  parents = { -1, 0, 1, 2, 0, 4, 5, 0, 7, 8, 6, 9, 2, 12, 2, 14 };
  offsets = {
    0, 0, 1.0, // 0 pelvis (root)
    0, 0, 0.3, // 1 spine
    0, 0, 0.3, // 2 neck
    0, 0, 0.18, // 3 head
    0, 0.1, 0, // 4 left hip
    0, 0, -0.45, // 5 left knee
    0, 0, -0.45, // 6 left ankle
    0, -0.1, 0, // 7 right hip
    0, 0, -0.45, // 8 right knee
    0, 0, -0.45, // 9 right ankle
    0.15, 0, -0.05, // 10 left toe
    0.15, 0, -0.05, // 11 right toe
    0, 0.2, 0, // 12 left shoulder
    0, 0, -0.55, // 13 left hand
    0, -0.2, 0, // 14 right shoulder
    0, 0, -0.55, // 15 right hand
  };
  // A 1-second stride sampled at quarter periods; rotations about y swing
  // the limbs fore and aft, knees bend only backwards.
  rotationKeys.clear();
  const double hip[5] = { 25, 0, -25, 0, 25 };
  const double knee[5] = { 5, 40, 5, 0, 5 };
  for (int cycle = 0; cycle < 2; ++cycle)
  {
    for (int q = 0; q < 5; ++q)
    {
      if (cycle == 1 && q == 0)
      {
        continue;
      }
      const double t = cycle + q * 0.25;
      const int qo = (q + 2) % 4; // the other leg, half a period later
      auto row = [&](int joint, double ry) {
        rotationKeys.insert(rotationKeys.end(), { double(joint), t, 0.0, ry, 0.0 });
      };
      row(4, -hip[q]);
      row(5, knee[q]);
      row(7, -hip[qo]);
      row(8, knee[qo]);
      row(12, hip[qo] * 0.8); // arms swing against the legs
      row(14, hip[q] * 0.8);
    }
  }
  rootKeys = { 0, 0, 0, 0, 1, 1.1, 0, 0.02, 2, 2.2, 0, 0 };
}

SkinBinding BindSkin(
  const Skeleton& skeleton, double bindTime, const double* points, std::int64_t n, bool smooth)
{
  std::vector<double> pos, rot;
  skeleton.Pose(bindTime, pos, rot);
  const int nj = skeleton.GetNumberOfJoints();
  SkinBinding b;
  b.Joint.resize(n);
  b.Other.assign(n, -1);
  b.Weight.assign(n, 1.0);
  b.Local.resize(3 * n);
  b.LocalOther.assign(3 * n, 0.0);
  for (std::int64_t i = 0; i < n; ++i)
  {
    const double* x = points + 3 * i;
    int carrier = 0, child = -1;
    double best = HUGE_VAL, bestS = 0;
    for (int j = 0; j < nj; ++j)
    {
      const int p = skeleton.GetParent(j);
      if (p < 0)
      {
        continue;
      }
      // Distance to the bone from joint p to joint j.
      double d[3], w[3], dd = 0, dw = 0;
      for (int a = 0; a < 3; ++a)
      {
        d[a] = pos[3 * j + a] - pos[3 * p + a];
        w[a] = x[a] - pos[3 * p + a];
        dd += d[a] * d[a];
        dw += d[a] * w[a];
      }
      const double s = dd > 0 ? std::min(1.0, std::max(0.0, dw / dd)) : 0.0;
      double dist = 0;
      for (int a = 0; a < 3; ++a)
      {
        const double e = w[a] - s * d[a];
        dist += e * e;
      }
      if (dist < best)
      {
        best = dist;
        carrier = p;
        child = j;
        bestS = s;
      }
    }
    b.Joint[i] = carrier;
    double rel[3];
    for (int a = 0; a < 3; ++a)
    {
      rel[a] = x[a] - pos[3 * carrier + a];
    }
    MatTVec(&rot[9 * carrier], rel, &b.Local[3 * i]);
    if (smooth && child >= 0)
    {
      // The last half of a bone blends towards the child's frame (up to ½).
      b.Other[i] = child;
      b.Weight[i] = 1.0 - 0.5 * std::min(1.0, std::max(0.0, (bestS - 0.5) / 0.5));
      for (int a = 0; a < 3; ++a)
      {
        rel[a] = x[a] - pos[3 * child + a];
      }
      MatTVec(&rot[9 * child], rel, &b.LocalOther[3 * i]);
    }
  }
  return b;
}

void ApplySkin(const Skeleton& skeleton, const SkinBinding& b, double t, double* points)
{
  std::vector<double> pos, rot;
  skeleton.Pose(t, pos, rot);
  const std::int64_t n = static_cast<std::int64_t>(b.Joint.size());
  for (std::int64_t i = 0; i < n; ++i)
  {
    double p[3], q[3] = { 0, 0, 0 };
    const int j = b.Joint[i];
    MatVec(&rot[9 * j], &b.Local[3 * i], p);
    const int o = b.Other[i];
    if (o >= 0)
    {
      MatVec(&rot[9 * o], &b.LocalOther[3 * i], q);
    }
    const double w = b.Weight[i];
    for (int a = 0; a < 3; ++a)
    {
      const double pj = pos[3 * j + a] + p[a];
      points[3 * i + a] = o >= 0 ? w * pj + (1 - w) * (pos[3 * o + a] + q[a]) : pj;
    }
  }
}

std::string BuildSkeleton(int preset, const std::vector<int>& parents,
  const std::vector<double>& offsets, const std::vector<double>& rotationKeys,
  const std::vector<double>& rootKeys, TrackInterpolation interpolation, Skeleton& skeleton)
{
  if (preset == 1)
  {
    std::vector<int> p;
    std::vector<double> o, rk, root;
    Skeleton::Walker(p, o, rk, root);
    return skeleton.Set(p, o, rk, root, interpolation);
  }
  return skeleton.Set(parents, offsets, rotationKeys, rootKeys, interpolation);
}

bool SkeletonTimeSteps(const Skeleton& skeleton, double frameRate, std::vector<double>& steps)
{
  steps.clear();
  double t0, t1;
  skeleton.KeyRange(t0, t1);
  const double span = (t1 - t0) * frameRate;
  if (!(frameRate > 0) || !(t1 > t0 && span < 1e6))
  {
    return false;
  }
  const int n = static_cast<int>(std::floor(span + 1e-9)) + 1;
  steps.resize(n);
  for (int f = 0; f < n; ++f)
  {
    steps[f] = t0 + f / frameRate;
  }
  return true;
}

void BoneGraph(const Skeleton& skeleton, std::vector<int>& depth, std::vector<std::int64_t>& bones)
{
  const int n = skeleton.GetNumberOfJoints();
  depth.assign(n, 0);
  bones.clear();
  for (int j = 0; j < n; ++j)
  {
    const int p = skeleton.GetParent(j);
    depth[j] = p < 0 ? 0 : depth[p] + 1;
    if (p >= 0)
    {
      bones.push_back(p);
      bones.push_back(j);
    }
  }
}

std::vector<int> PoseSkin(
  const Skeleton& skeleton, double bindTime, bool smooth, double t, double* points, std::int64_t m)
{
  SkinBinding binding = BindSkin(skeleton, bindTime, points, m, smooth);
  ApplySkin(skeleton, binding, t, points);
  return std::move(binding.Joint);
}

} // namespace cm::anim
