// SPDX-License-Identifier: BSD-3-Clause
// Forward kinematics against hand-derived poses: the rest pose is the sum of
// offsets, a 90° turn about z maps x to y, rotations compose down a chain,
// bone lengths are kept at every time, keyed angles are met at key times,
// skinning reproduces the mesh at the bind time and moves rigidly bound
// points rigidly; malformed skeletons are refused.
#include "cmCheck.h"
#include "cmSkeleton.h"

#include <cmath>

using namespace cm::anim;

namespace
{
double Dist(const std::vector<double>& p, int a, int b)
{
  double s = 0;
  for (int k = 0; k < 3; ++k)
  {
    s += (p[3 * a + k] - p[3 * b + k]) * (p[3 * a + k] - p[3 * b + k]);
  }
  return std::sqrt(s);
}
}

int TestSkeleton(int, char*[])
{
  Skeleton sk;
  std::vector<double> pos, rot;
  // A chain of 3 joints along x, unit bones, no keys: the rest pose.
  CM_CHECK(sk.Set({ -1, 0, 1 }, { 1, 2, 3, 1, 0, 0, 1, 0, 0 }, {}, {}, TrackInterpolation::Linear)
             .empty());
  sk.Pose(0.7, pos, rot);
  CM_CHECK(pos[0] == 1 && pos[3] == 2 && pos[6] == 3 && pos[7] == 2 && pos[8] == 3);
  // Joint 0 turned 90° about z: the whole chain points along y.
  CM_CHECK(sk.Set({ -1, 0, 1 }, { 0, 0, 0, 1, 0, 0, 1, 0, 0 }, { 0, 0, 0, 0, 90 }, {},
               TrackInterpolation::Linear)
             .empty());
  sk.Pose(0, pos, rot);
  CM_NEAR(pos[3], 0, 1e-15);
  CM_NEAR(pos[4], 1, 1e-15);
  CM_NEAR(pos[7], 2, 1e-15);
  // Both joints 0 and 1 turned 90° about z: the last bone points along −x.
  CM_CHECK(sk.Set({ -1, 0, 1 }, { 0, 0, 0, 1, 0, 0, 1, 0, 0 }, { 0, 0, 0, 0, 90, 1, 0, 0, 0, 90 },
               {}, TrackInterpolation::Linear)
             .empty());
  sk.Pose(0, pos, rot);
  CM_NEAR(pos[6], -1, 1e-15);
  CM_NEAR(pos[7], 1, 1e-15);
  // Euler order x then y then z: (90, 90, 0) maps z to ... Ry(90)·Rx(90)·z = Ry·(−y) = −y.
  {
    double m[9];
    const double e[3] = { 90, 90, 0 };
    EulerToMatrix(e, m);
    CM_NEAR(m[2], 0, 1e-15);
    CM_NEAR(m[5], -1, 1e-15);
    CM_NEAR(m[8], 0, 1e-15);
    // Orthonormal.
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
      {
        double d = 0;
        for (int k = 0; k < 3; ++k)
        {
          d += m[3 * i + k] * m[3 * j + k];
        }
        CM_NEAR(d, i == j ? 1 : 0, 1e-15);
      }
  }
  // Keys with time: linear halfway between 0° and 90° is 45°.
  CM_CHECK(sk.Set({ -1, 0 }, { 0, 0, 0, 1, 0, 0 }, { 0, 0, 0, 0, 0, 0, 2, 0, 0, 90 }, {},
               TrackInterpolation::Linear)
             .empty());
  sk.Pose(1, pos, rot);
  CM_NEAR(pos[3], std::sqrt(0.5), 1e-15);
  CM_NEAR(pos[4], std::sqrt(0.5), 1e-15);
  double t0, t1;
  sk.KeyRange(t0, t1);
  CM_CHECK(t0 == 0 && t1 == 2);

  // The walker: bone lengths are kept at all times; the feet alternate.
  std::vector<int> parents;
  std::vector<double> offsets, rk, root;
  Skeleton::Walker(parents, offsets, rk, root);
  CM_CHECK(sk.Set(parents, offsets, rk, root, TrackInterpolation::CatmullRom).empty());
  double worst = 0, leftAhead = 0, rightAhead = 0;
  for (int f = 0; f <= 96; ++f)
  {
    sk.Pose(f / 48.0, pos, rot);
    for (int j = 1; j < sk.GetNumberOfJoints(); ++j)
    {
      const double* o = &offsets[3 * j];
      worst = std::max(worst,
        std::abs(Dist(pos, j, parents[j]) - std::sqrt(o[0] * o[0] + o[1] * o[1] + o[2] * o[2])));
    }
    const double ahead = pos[3 * 6] - pos[3 * 9]; // left ankle x − right ankle x
    leftAhead = std::max(leftAhead, ahead);
    rightAhead = std::max(rightAhead, -ahead);
  }
  std::printf("walker: worst bone length error %.3g; ankles lead by up to %.3f / %.3f\n", worst,
    leftAhead, rightAhead);
  CM_CHECK(worst < 1e-14);
  CM_CHECK(leftAhead > 0.2 && rightAhead > 0.2);

  // Skinning: points near the bones, bound at t = 0.
  std::vector<double> mesh;
  cmRandom rng;
  sk.Pose(0, pos, rot);
  for (int i = 0; i < 400; ++i)
  {
    const int j = 1 + i % (sk.GetNumberOfJoints() - 1);
    const double s = rng.Uniform();
    for (int a = 0; a < 3; ++a)
    {
      mesh.push_back(pos[3 * parents[j] + a] + s * (pos[3 * j + a] - pos[3 * parents[j] + a]) +
        rng.Uniform(-0.03, 0.03));
    }
  }
  for (bool smooth : { false, true })
  {
    const SkinBinding b = BindSkin(sk, 0.0, mesh.data(), 400, smooth);
    std::vector<double> out(mesh.size());
    ApplySkin(sk, b, 0.0, out.data());
    double err = 0;
    for (std::size_t k = 0; k < mesh.size(); ++k)
    {
      err = std::max(err, std::abs(out[k] - mesh[k]));
    }
    CM_CHECK(err < 1e-14); // the bind pose reproduces the mesh
    if (!smooth)
    {
      // Rigid skinning keeps distances between points on the same carrier.
      ApplySkin(sk, b, 0.8, out.data());
      double worstRigid = 0;
      for (int i = 0; i < 400; ++i)
        for (int k = i + 1; k < 400; ++k)
        {
          if (b.Joint[i] != b.Joint[k])
          {
            continue;
          }
          double d0 = 0, d1 = 0;
          for (int a = 0; a < 3; ++a)
          {
            d0 += std::pow(mesh[3 * i + a] - mesh[3 * k + a], 2);
            d1 += std::pow(out[3 * i + a] - out[3 * k + a], 2);
          }
          worstRigid = std::max(worstRigid, std::abs(std::sqrt(d0) - std::sqrt(d1)));
        }
      CM_CHECK(worstRigid < 1e-13);
    }
  }

  // Refusals.
  CM_CHECK(!sk.Set({ -1, 1 }, { 0, 0, 0, 1, 0, 0 }, {}, {}, TrackInterpolation::Linear).empty());
  CM_CHECK(!sk.Set({ -1, 0 }, { 0, 0, 0 }, {}, {}, TrackInterpolation::Linear).empty());
  CM_CHECK(!sk.Set({ -1 }, { 0, 0, 0 }, { 3, 0, 0, 0, 0 }, {}, TrackInterpolation::Linear).empty());
  CM_CHECK(!sk.Set({}, {}, {}, {}, TrackInterpolation::Linear).empty());
  return cmReport("TestSkeleton");
}
