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
  const vtkIdType* pid = nullptr;
  const double* rs = nullptr;
  if (auto* ids = vtkIdTypeArray::SafeDownCast(parentId))
  {
    pid = ids->GetPointer(0);
  }
  else
  {
    auto r1 = vtk::DataArrayValueRange<1>(parentId);
    pidStore.assign(r1.begin(), r1.end());
    pid = pidStore.data();
  }
  if (auto* d = vtkDoubleArray::SafeDownCast(parentRS))
  {
    rs = d->GetPointer(0);
  }
  else
  {
    auto r2 = vtk::DataArrayValueRange<2>(parentRS);
    rsStore.assign(r2.begin(), r2.end());
    rs = rsStore.data();
  }
  for (vtkIdType c = 0; c < n; ++c)
  {
    if (pid[c] < 0 || pid[c] >= view.NumberOfCells())
    {
      vtkErrorMacro(<< "sub-element " << c << " names parent " << pid[c] << " but the Parents "
                    << "input has " << view.NumberOfCells() << " cells");
      return 0;
    }
  }

  const auto mode = this->QuadMode == SCANLINE ? cm::map::QuadInterpolation::Scanline
                                               : cm::map::QuadInterpolation::Isoparametric;
  // Corner weights of sub-element c, computed where they are used (no n×4 table).
  auto weightsOf = [&](vtkIdType c, int nc, double* w) {
    if (mode == cm::map::QuadInterpolation::Isoparametric)
    {
      // The stored parametric centre is exactly the inverse (bilinear or
      // area-coordinate) map of the sub-element centroid, so its weights
      // are the answer without a geometric inversion.
      cm::map::ParentWeights(nc, rs[2 * c], rs[2 * c + 1], w);
      return;
    }
    cm::Vec3 p[4];
    view.Corners(pid[c], p);
    const cm::Vec3 q = cm::map::ParentPoint(p, nc, rs[2 * c], rs[2 * c + 1]);
    cm::map::ElementWeights(p, nc, q, mode, w);
  };

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
    double* o = out->GetPointer(0);
    // In blocks, reporting progress and stopping when the user aborts.
    const bool done = cm::ForWithProgress(this, n, double(a) / nArrays,
      double(a + 1) / nArrays, [&](std::int64_t b, std::int64_t e) {
        double w[4];
        for (std::int64_t c = b; c < e; ++c)
        {
          weightsOf(c, view.Size(pid[c]), w);
          cm::CornerSum(view, pid[c], w, vin.data(), ncomp, o + c * ncomp);
        }
      });
    if (!done || this->GetAbortExecute())
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
