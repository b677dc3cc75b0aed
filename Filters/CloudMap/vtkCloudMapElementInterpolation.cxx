// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapElementInterpolation.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmElementInterpolation.h"
#include "cmSurfaceView.h"

#include "vtkCellData.h"
#include "vtkDataArrayRange.h"
#include "vtkDoubleArray.h"
#include "vtkIdTypeArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"

#include <vector>

vtkStandardNewMacro(vtkCloudMapElementInterpolation);

namespace
{
/// The values of an N-component array: in place when it is an ArrayT, else copied into `store`.
template <typename ArrayT, int N>
const typename ArrayT::ValueType* InPlaceOrCopy(
  vtkDataArray* array, std::vector<typename ArrayT::ValueType>& store)
{
  if (auto* typed = ArrayT::SafeDownCast(array))
  {
    return typed->GetPointer(0);
  }
  auto range = vtk::DataArrayValueRange<N>(array);
  store.assign(range.begin(), range.end());
  return store.data();
}
} // namespace

vtkCloudMapElementInterpolation::vtkCloudMapElementInterpolation()
{
  this->SetNumberOfInputPorts(2);
}

vtkCloudMapElementInterpolation::~vtkCloudMapElementInterpolation() = default;

int vtkCloudMapElementInterpolation::FillInputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPolyData");
  (void)port;
  return 1;
}

int vtkCloudMapElementInterpolation::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* parents = vtkPolyData::GetData(inputVector[1]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  if (!parents)
  {
    vtkErrorMacro(<< "the Parents input (port 1) is not connected");
    return 0;
  }
  output->ShallowCopy(input);

  vtkDataArray* parentId = input->GetCellData()->GetArray("ParentId");
  vtkDataArray* parentRS = input->GetCellData()->GetArray("ParentCoordinates");
  if (!parentId || !parentRS || parentRS->GetNumberOfComponents() != 2)
  {
    vtkErrorMacro(<< "the input has no ParentId and 2-component ParentCoordinates cell arrays; "
                     "connect the output of Centroid Midpoint Refinement to port 0");
    return 0;
  }
  cm::SurfaceView view;
  std::string error;
  if (!cm::MakeSurfaceView(parents, view, error))
  {
    vtkErrorMacro(<< "Parents: " << error);
    return 0;
  }
  const vtkIdType n = input->GetNumberOfCells();
  // Read ParentId and ParentCoordinates in place when they have the types the
  // refinement writes; copy them only otherwise (fresh temporaries cost page
  // faults, which dominate on large outputs).
  std::vector<vtkIdType> pidStore;
  std::vector<double> rsStore;
  const vtkIdType* pid = InPlaceOrCopy<vtkIdTypeArray, 1>(parentId, pidStore);
  const double* rs = InPlaceOrCopy<vtkDoubleArray, 2>(parentRS, rsStore);
  error = cm::map::CheckParentIds(pid, n, view.NumberOfCells());
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }

  const auto mode = this->QuadMode == SCANLINE ? cm::map::QuadInterpolation::Scanline
                                               : cm::map::QuadInterpolation::Isoparametric;
  vtkPointData* ppd = parents->GetPointData();
  const int nArrays = ppd->GetNumberOfArrays();
  for (int a = 0; a < nArrays; ++a)
  {
    vtkDataArray* in = ppd->GetArray(a);
    if (!in || !in->GetName())
    {
      continue;
    }
    const int ncomp = in->GetNumberOfComponents();
    const std::vector<double> vin = cm::ValuesAsDouble(in);
    vtkNew<vtkDoubleArray> out;
    out->SetName(in->GetName());
    out->SetNumberOfComponents(ncomp);
    cm::ResizeLarge(out.GetPointer(), n);
    // In blocks, reporting progress and stopping when the user aborts.
    bool stopped = false;
    cm::map::InterpolateAtParents(view, pid, rs, n, mode, vin.data(), ncomp, out->GetPointer(0),
      cm::ProgressFor(this, double(a) / nArrays, double(a + 1) / nArrays, stopped));
    if (stopped || this->GetAbortExecute())
    {
      output->Initialize();
      return 1; // aborted: an empty output, not a half-interpolated one
    }
    output->GetCellData()->AddArray(out); // replaces the element-constant copy
  }
  if (ppd->GetScalars() && ppd->GetScalars()->GetName())
  {
    output->GetCellData()->SetActiveScalars(ppd->GetScalars()->GetName());
  }
  return 1;
}

void vtkCloudMapElementInterpolation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "QuadMode: " << this->QuadMode << "\n";
}
