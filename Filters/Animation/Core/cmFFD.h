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

} // namespace cm::anim
#endif
