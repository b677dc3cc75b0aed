// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmSkeleton.h
 * @brief Forward kinematics of a joint tree with keyframed rotations (pipeline free).
 *
 * Joint j has a parent p(j) < j (−1 for a root), an offset o_j from its
 * parent in the parent's frame, and a keyframed local rotation given as
 * Euler angles (degrees, applied about x, then y, then z: R = Rz Ry Rx).
 * Posing at time t:
 *   W_j = W_p(j) · R_j(t),   x_j = x_p(j) + W_p(j) · o_j,
 * with a root at x = RootTranslation(t) + o_root. Bone lengths |o_j| are
 * therefore kept at every time. Linear blend skinning binds mesh points to
 * joints at a bind time and moves them with the joints' rigid motions.
 */
#ifndef cmSkeleton_h
#define cmSkeleton_h

#include "cmTweening.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm::anim
{
class Skeleton
{
public:
  /// parents: one per joint (p < j, or −1); offsets: 3 per joint;
  /// rotationKeys: rows (joint, time, rx, ry, rz) in degrees; rootKeys: rows
  /// (time, x, y, z) of the roots' translation (may be empty).
  /// Returns an error message, empty on success.
  std::string Set(const std::vector<int>& parents, const std::vector<double>& offsets,
    const std::vector<double>& rotationKeys, const std::vector<double>& rootKeys,
    TrackInterpolation interpolation);
  int GetNumberOfJoints() const { return static_cast<int>(this->Parents.size()); }
  int GetParent(int j) const { return this->Parents[j]; }
  /// Earliest and latest key time (0, 0 without keys).
  void KeyRange(double& t0, double& t1) const;
  /// World positions (3 per joint) and rotations (9 per joint, row-major) at t.
  void Pose(double t, std::vector<double>& positions, std::vector<double>& rotations) const;

  /// The "walker": a 16-joint biped with a two-second gait cycle walking along +x.
  static void Walker(std::vector<int>& parents, std::vector<double>& offsets,
    std::vector<double>& rotationKeys, std::vector<double>& rootKeys);

private:
  std::vector<int> Parents;
  std::vector<double> Offsets;
  std::vector<KeyframeTrack> Rotations; // per joint; empty track = identity
  std::vector<bool> HasRotation;
  KeyframeTrack Root;
  bool HasRoot = false;
};

/// Euler angles in degrees (x, then y, then z) to a row-major rotation matrix.
void EulerToMatrix(const double* degrees, double* m);

/**
 * Rigid (nearest-joint) or two-joint linear blend skinning: each point is
 * bound at the bind pose to the bone (joint and its parent) nearest to it and
 * follows the child joint's rigid motion. Weights blend the bone's two ends
 * by the projection parameter along the bone when Smooth is true.
 */
struct SkinBinding
{
  std::vector<int> Joint; ///< per point: the joint whose frame carries it
  std::vector<int> Other; ///< per point: the second joint (or −1)
  std::vector<double> Weight; ///< per point: weight of Joint (1 − weight for Other)
  std::vector<double> Local; ///< per point: 3 coordinates in Joint's bind frame
  std::vector<double> LocalOther; ///< per point: 3 coordinates in Other's bind frame
};
SkinBinding BindSkin(
  const Skeleton& skeleton, double bindTime, const double* points, std::int64_t n, bool smooth);
void ApplySkin(const Skeleton& skeleton, const SkinBinding& binding, double t, double* points);

/// The skeleton of the Skeleton filter: preset 1 is the walker, any other
/// the given joints and keys (Skeleton::Set). Returns the error, empty on success.
std::string BuildSkeleton(int preset, const std::vector<int>& parents,
  const std::vector<double>& offsets, const std::vector<double>& rotationKeys,
  const std::vector<double>& rootKeys, TrackInterpolation interpolation, Skeleton& skeleton);

/// The animation's frames t0 + f / frameRate over the key range; false
/// (no steps) when the keys span no time or more than 10^6 frames.
bool SkeletonTimeSteps(const Skeleton& skeleton, double frameRate, std::vector<double>& steps);

/// The bone graph: each joint's depth (0 for a root) and the bones as
/// (parent, joint) pairs, in joint order.
void BoneGraph(const Skeleton& skeleton, std::vector<int>& depth, std::vector<std::int64_t>& bones);

/// Binds m mesh points (3 doubles each, moved in place) at bindTime and
/// poses them at t; returns the joint carrying each point.
std::vector<int> PoseSkin(
  const Skeleton& skeleton, double bindTime, bool smooth, double t, double* points, std::int64_t m);

} // namespace cm::anim
#endif
