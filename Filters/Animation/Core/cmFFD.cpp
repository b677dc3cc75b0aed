// SPDX-License-Identifier: BSD-3-Clause
#include "cmFFD.h"

#include "cmTweening.h"

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

} // namespace cm::anim
