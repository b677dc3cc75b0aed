// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFreeFormDeformation.h"

#include "cmAnimationArrays.h"
#include "cmExecution.h"
#include "cmFFD.h"
#include "cmRanks.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>

vtkStandardNewMacro(vtkCloudMapFreeFormDeformation);

namespace
{
// The drawn lattice (cm::anim::LatticeGeometry) as lines with a Displacement array.
void LatticeToPolyData(const cm::anim::FFDLattice& lattice, vtkPolyData* out)
{
  std::vector<double> xyz, d;
  std::vector<std::int64_t> segments;
  cm::anim::LatticeGeometry(lattice, xyz, d, segments);
  const vtkIdType ncp = static_cast<vtkIdType>(xyz.size() / 3);
  double* lpxyz;
  vtkNew<vtkPoints> lp = cm::anim::NewDoublePoints(ncp, lpxyz);
  std::copy(xyz.begin(), xyz.end(), lpxyz);
  vtkNew<vtkDoubleArray> disp;
  disp->SetName("Displacement");
  disp->SetNumberOfComponents(3);
  disp->SetNumberOfTuples(ncp);
  std::copy(d.begin(), d.end(), disp->GetPointer(0));
  vtkNew<vtkCellArray> lines;
  for (std::size_t s = 0; s < segments.size(); s += 2)
  {
    const vtkIdType seg[2] = { static_cast<vtkIdType>(segments[s]),
      static_cast<vtkIdType>(segments[s + 1]) };
    lines->InsertNextCell(2, seg);
  }
  out->SetPoints(lp);
  out->SetLines(lines);
  out->GetPointData()->AddArray(disp);
}
} // namespace

vtkCloudMapFreeFormDeformation::vtkCloudMapFreeFormDeformation()
{
  this->SetNumberOfInputPorts(2);
  this->SetNumberOfOutputPorts(2);
}

vtkCloudMapFreeFormDeformation::~vtkCloudMapFreeFormDeformation() = default;

void vtkCloudMapFreeFormDeformation::AddDisplacement(double dx, double dy, double dz)
{
  this->Displacements.insert(this->Displacements.end(), { dx, dy, dz });
  this->Modified();
}

void vtkCloudMapFreeFormDeformation::RemoveAllDisplacements()
{
  this->Displacements.clear();
  this->Modified();
}

void vtkCloudMapFreeFormDeformation::AddDisplacementKey(double value)
{
  this->DisplacementKeys.push_back(value);
  this->Modified();
}

void vtkCloudMapFreeFormDeformation::RemoveAllDisplacementKeys()
{
  this->DisplacementKeys.clear();
  this->Modified();
}

int vtkCloudMapFreeFormDeformation::FillInputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPointSet");
  if (port == 1)
  {
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  }
  return 1;
}

int vtkCloudMapFreeFormDeformation::FillOutputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkDataObject::DATA_TYPE_NAME(), "vtkPolyData");
    return 1;
  }
  return this->Superclass::FillOutputPortInformation(port, info);
}

int vtkCloudMapFreeFormDeformation::RequestDataObject(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  return cm::EnsureOutputTypes(inputVector, outputVector, nullptr, "vtkPolyData");
}

int vtkCloudMapFreeFormDeformation::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // With keyframed displacements on a static input, the animation spans the keys.
  double t0, t1;
  if (cm::anim::FFDKeyRange(this->LatticeSize, this->DisplacementKeys, t0, t1))
  {
    for (int port = 0; port < 2; ++port)
    {
      cm::AdvertiseTimeRange(outputVector->GetInformationObject(port), t0, t1);
    }
  }
  return 1;
}

void vtkCloudMapFreeFormDeformation::FillSettings(vtkPointSet* input, vtkPointSet* controls,
  double bounds[6], std::vector<double>& controlPoints, cm::anim::FFDSettings& settings)
{
  const double unitBox[6] = { 0, 1, 0, 1, 0, 1 };
  if (this->UseInputBounds && !cm::GlobalBounds(input, bounds))
  {
    std::copy_n(unitBox, 6, bounds);
  }
  settings.Bounds = this->UseInputBounds ? bounds : nullptr;
  std::copy(this->LatticeSize, this->LatticeSize + 3, settings.Size);
  std::copy(this->BoxOrigin, this->BoxOrigin + 3, settings.BoxOrigin);
  std::copy(this->BoxLength, this->BoxLength + 3, settings.BoxLength);
  controlPoints = cm::anim::PointsAsDouble(controls);
  settings.Controls = controlPoints.data();
  settings.NumberOfControls = controls ? controls->GetNumberOfPoints() : -1;
  settings.DisplacementKeys = this->DisplacementKeys;
  settings.KeyEasing = this->KeyEasing;
  settings.KeyInterpolation = this->KeyInterpolation;
  settings.Displacements = this->Displacements;
  settings.SelectedControlPoint = this->SelectedControlPoint;
  std::copy(
    this->ControlPointPosition, this->ControlPointPosition + 3, settings.ControlPointPosition);
}

int vtkCloudMapFreeFormDeformation::RequestData(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkPointSet* input = vtkPointSet::GetData(inputVector[0], 0);
  vtkPointSet* controls = vtkPointSet::GetData(inputVector[1], 0);
  vtkPointSet* output = vtkPointSet::GetData(outputVector, 0);
  vtkPolyData* latticeOut = vtkPolyData::GetData(outputVector, 1);
  // Every rank builds the whole lattice; it is shown on piece 0 only.
  cm::WholeOnFirstPiece latticeOnce(latticeOut, outputVector);
  // The input check may not return on some ranks only: the others would wait
  // in the bounds reduction below. With input bounds (the only collective)
  // it is agreed first under MPI (one tiny reduction); the checks after the
  // bounds depend on properties and on the global bounds only, so every rank
  // meets them alike. Without input bounds there is no collective to miss.
  const bool bad = !input || !output || !latticeOut;
  const std::string badInput = "Free Form Deformation needs a vtkPointSet input";
  if (bad)
  {
    vtkErrorMacro(<< badInput);
  }
  if (this->UseInputBounds ? cm::VoteAcrossRanks(this, bad, badInput).Failed : bad)
  {
    if (output)
    {
      output->Initialize();
    }
    if (latticeOut)
    {
      latticeOut->Initialize();
    }
    return 0;
  }
  ca::FFDSettings settings;
  double bounds[6];
  std::vector<double> controlPoints;
  this->FillSettings(input, controls, bounds, controlPoints, settings);
  // The time of whichever output asked (the lattice alone may be shown).
  settings.Time = cm::RequestedTime(cm::RequestingPort(request, outputVector), 0.0);
  ca::FFDLattice lattice;
  const std::string error = ca::BuildFFDLattice(settings, lattice);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  // Deform every point, in blocks, reporting progress and stopping when the
  // user aborts (the bounds reduction above is the only collective).
  const vtkIdType n = input->GetNumberOfPoints();
  double* y;
  vtkNew<vtkPoints> points = ca::NewDoublePoints(n, y);
  bool aborted = false;
  ca::DeformPoints(
    lattice, ca::PointsAsDouble(input).data(), n, y, cm::ProgressFor(this, 0.0, 0.95, aborted));
  latticeOut->Initialize();
  if (aborted)
  {
    output->Initialize();
    return 1; // aborted: empty outputs
  }
  output->ShallowCopy(input);
  output->SetPoints(points);
  LatticeToPolyData(lattice, latticeOut);
  cm::StampTime(output, settings.Time);
  cm::StampTime(latticeOut, settings.Time);
  return 1;
}

void vtkCloudMapFreeFormDeformation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "LatticeSize: " << this->LatticeSize[0] << " " << this->LatticeSize[1] << " "
     << this->LatticeSize[2] << "\n"
     << indent << "UseInputBounds: " << this->UseInputBounds << "\n"
     << indent << "Displacements: " << this->Displacements.size() / 3 << "\n"
     << indent << "DisplacementKeys: " << this->DisplacementKeys.size() << " values\n"
     << indent << "KeyInterpolation: " << this->KeyInterpolation << "\n"
     << indent << "SelectedControlPoint: " << this->SelectedControlPoint << "\n"
     << indent << "ControlPointPosition: " << this->ControlPointPosition[0] << " "
     << this->ControlPointPosition[1] << " " << this->ControlPointPosition[2] << "\n";
}
