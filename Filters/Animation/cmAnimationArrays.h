// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmAnimationArrays.h
 * @brief What the animation wrappers share to hand plain arrays to the
 *        cores and wrap their results (header only, private to the module).
 */
#ifndef cmAnimationArrays_h
#define cmAnimationArrays_h

#include "cmArrayAccess.h"

#include "vtkDataArray.h"
#include "vtkNew.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"

#include <algorithm>
#include <vector>

namespace cm::anim
{
/// The points of a point set as doubles, 3 each (empty without points).
inline std::vector<double> PointsAsDouble(vtkPointSet* ps)
{
  return ps && ps->GetPoints() ? cm::ValuesAsDouble(ps->GetPoints()->GetData())
                               : std::vector<double>();
}

/// New double points, n of them; `xyz` receives their 3·n coordinates.
inline vtkNew<vtkPoints> NewDoublePoints(std::int64_t n, double*& xyz)
{
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  xyz = static_cast<double*>(points->GetVoidPointer(0));
  return points;
}

/// Adds a new array `name` of nc components holding `values` to pd.
template <typename ArrayT, typename T>
void AddColumn(vtkPointData* pd, const char* name, int nc, const std::vector<T>& values)
{
  vtkNew<ArrayT> a;
  a->SetName(name);
  a->SetNumberOfComponents(nc);
  a->SetNumberOfTuples(static_cast<vtkIdType>(values.size() / nc));
  std::copy(values.begin(), values.end(), a->GetPointer(0));
  pd->AddArray(a);
}
} // namespace cm::anim
#endif
