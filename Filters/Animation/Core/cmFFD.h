// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmFFD.h
 * @brief Sederberg–Parry free-form deformation with a trivariate Bernstein
 *        lattice (pipeline free).
 *
 * The lattice has Size[0]×Size[1]×Size[2] control points (degrees l = Size−1
 * etc.) spread evenly over a box. A point x of the box with local coordinates
 * (s, t, u) ∈ [0, 1]³ maps to
 *   x' = x + Σ B_i^l(s) B_j^m(t) B_k^n(u) D_ijk,
 * which equals Sederberg and Parry's Σ B B B (P_ijk + D_ijk) because the
 * Bernstein basis has linear precision, but is exactly the identity when
 * every displacement D is zero. Points outside the box are left unchanged.
 * The chapter's 1-D quadratic curve is Size (3, 2, 2) with displacements
 * along one axis, and its 2-D biquadratic patch is Size (3, 3, 2).
 */
#ifndef cmFFD_h
#define cmFFD_h

#include "cmParallelFor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cm::anim
{
struct FFDLattice
{
  int Size[3] = { 3, 3, 3 }; ///< control points per axis, each ≥ 2
  double Origin[3] = { 0, 0, 0 }; ///< the box's minimum corner
  double Length[3] = { 1, 1, 1 }; ///< the box's edge lengths, > 0
  /// 3 per control point, index i + Size[0]·(j + Size[1]·k); empty means zero.
  std::vector<double> Displacements;

  static constexpr int MaximumSizePerAxis = 64;
  static constexpr std::int64_t MaximumControlPoints = 100000;

  std::int64_t NumberOfControlPoints() const
  {
    return std::int64_t(this->Size[0]) * this->Size[1] * this->Size[2];
  }
  std::int64_t Index(int i, int j, int k) const
  {
    return i + std::int64_t(this->Size[0]) * (j + std::int64_t(this->Size[1]) * k);
  }
  /// Empty when valid; else the problem, with the projected size when too large.
  std::string Validate() const;
  /// Undeformed position of control point (i, j, k).
  void RestPosition(int i, int j, int k, double* p) const;
  /// Deformed position of x into y (y may alias x). Returns false (y = x)
  /// outside the box.
  bool Deform(const double* x, double* y) const;
};

/**
 * Where the lattice's displacements come from, in the filter's order of
 * precedence: a control-point input (its points are the deformed control
 * points), else keyframed displacements evaluated at Time, else the fixed
 * Displacements, with the GUI handle (SelectedControlPoint moved to
 * ControlPointPosition) on top.
 */
struct FFDSettings
{
  int Size[3] = { 3, 3, 3 };
  /// The box: from Bounds (the input's, x0 x1 y0 y1 z0 z1) when set, else
  /// BoxOrigin and BoxLength. A flat axis of Bounds gets a unit extent.
  const double* Bounds = nullptr;
  double BoxOrigin[3] = { 0, 0, 0 };
  double BoxLength[3] = { 1, 1, 1 };
  /// The control-point input: 3 doubles per point, NumberOfControls points
  /// (−1: no such input).
  const double* Controls = nullptr;
  std::int64_t NumberOfControls = -1;
  /// Rows (time, 3 per control point); KeyEasing (family code, 0 = none) per row.
  std::vector<double> DisplacementKeys;
  int KeyEasing = 0;
  int KeyInterpolation = 0;
  std::vector<double> Displacements;
  std::int64_t SelectedControlPoint = -1;
  double ControlPointPosition[3] = { 0, 0, 0 };
  double Time = 0;
};

/// The lattice of the settings into `lattice`; empty when valid, else the problem.
std::string BuildFFDLattice(const FFDSettings& settings, FFDLattice& lattice);

/// [t0, t1] of keyframed displacements for a lattice of `size` (false when
/// the keys are not at least two whole rows).
bool FFDKeyRange(const int size[3], const std::vector<double>& keys, double& t0, double& t1);

/// Deforms n points x (3 doubles each) into y, the loop through pf.
void DeformPoints(
  const FFDLattice& lattice, const double* x, std::int64_t n, double* y, const ParallelFor& pf);

/// The lattice to draw: deformed control points (3 per point), their
/// displacements (3 per point) and the segments joining neighbours along
/// each axis (2 point ids each), in control-point order.
void LatticeGeometry(const FFDLattice& lattice, std::vector<double>& points,
  std::vector<double>& displacements, std::vector<std::int64_t>& segments);

} // namespace cm::anim
#endif
