// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapSkeleton.h"

#include "cmExecution.h"
#include "cmSkeleton.h"

#include "vtkCellArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapSkeleton);

vtkCloudMapSkeleton::vtkCloudMapSkeleton()
{
  this->SetNumberOfInputPorts(1);
  this->SetNumberOfOutputPorts(2);
}

vtkCloudMapSkeleton::~vtkCloudMapSkeleton() = default;

void vtkCloudMapSkeleton::AddParent(int parent)
{
  this->Parents.push_back(parent);
  this->Modified();
}
void vtkCloudMapSkeleton::RemoveAllParents()
{
  this->Parents.clear();
  this->Modified();
}
void vtkCloudMapSkeleton::AddOffset(double x, double y, double z)
{
  this->Offsets.insert(this->Offsets.end(), { x, y, z });
  this->Modified();
}
void vtkCloudMapSkeleton::RemoveAllOffsets()
{
  this->Offsets.clear();
  this->Modified();
}
void vtkCloudMapSkeleton::AddRotationKey(double joint, double time, double rx, double ry, double rz)
{
  this->RotationKeys.insert(this->RotationKeys.end(), { joint, time, rx, ry, rz });
  this->Modified();
}
void vtkCloudMapSkeleton::RemoveAllRotationKeys()
{
  this->RotationKeys.clear();
  this->Modified();
}
void vtkCloudMapSkeleton::AddRootKey(double time, double x, double y, double z)
{
  this->RootKeys.insert(this->RootKeys.end(), { time, x, y, z });
  this->Modified();
}
void vtkCloudMapSkeleton::RemoveAllRootKeys()
{
  this->RootKeys.clear();
  this->Modified();
}

int vtkCloudMapSkeleton::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPolyData");
  info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  return 1;
}

namespace
{
std::string Build(int preset, const std::vector<int>& parents, const std::vector<double>& offsets,
  const std::vector<double>& rotationKeys, const std::vector<double>& rootKeys, int interpolation,
  cm::anim::Skeleton& sk)
{
  namespace ca = cm::anim;
  const auto mode = static_cast<ca::TrackInterpolation>(interpolation);
  if (preset == 1)
  {
    std::vector<int> p;
    std::vector<double> o, rk, root;
    ca::Skeleton::Walker(p, o, rk, root);
    return sk.Set(p, o, rk, root, mode);
  }
  return sk.Set(parents, offsets, rotationKeys, rootKeys, mode);
}
}

int vtkCloudMapSkeleton::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  cm::anim::Skeleton sk;
  if (!Build(this->Preset, this->Parents, this->Offsets, this->RotationKeys, this->RootKeys,
        this->Interpolation, sk)
         .empty() ||
    !(this->FrameRate > 0))
  {
    return 1; // RequestData reports the problem
  }
  double t0, t1;
  sk.KeyRange(t0, t1);
  const double span = (t1 - t0) * this->FrameRate;
  if (t1 > t0 && span < 1e6)
  {
    const int n = static_cast<int>(std::floor(span + 1e-9)) + 1;
    std::vector<double> steps(n);
    for (int f = 0; f < n; ++f)
    {
      steps[f] = t0 + f / this->FrameRate;
    }
    const double range[2] = { t0, t1 };
    for (int port = 0; port < 2; ++port)
    {
      vtkInformation* info = outputVector->GetInformationObject(port);
      info->Set(vtkStreamingDemandDrivenPipeline::TIME_STEPS(), steps.data(), n);
      info->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
    }
  }
  return 1;
}

int vtkCloudMapSkeleton::RequestData(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* bones = vtkPolyData::GetData(outInfo);
  // Every rank poses the whole skeleton; the bones are shown on piece 0 only.
  cm::WholeOnFirstPiece bonesOnce(bones, outputVector);
  vtkPolyData* skinOut = vtkPolyData::GetData(outputVector, 1);
  vtkPolyData* skin = vtkPolyData::GetData(inputVector[0], 0);

  ca::Skeleton sk;
  const std::string error = Build(this->Preset, this->Parents, this->Offsets, this->RotationKeys,
    this->RootKeys, this->Interpolation, sk);
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  // The time of whichever output asked (the skin alone may be shown).
  const double t = cm::RequestedTime(cm::RequestingPort(request, outputVector), 0.0);
  std::vector<double> pos, rot;
  sk.Pose(t, pos, rot);
  const int n = sk.GetNumberOfJoints();

  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  vtkNew<vtkIntArray> jointId, parentId, depth;
  jointId->SetName("JointId");
  parentId->SetName("ParentId");
  depth->SetName("Depth");
  vtkNew<vtkCellArray> lines, verts;
  for (int j = 0; j < n; ++j)
  {
    points->SetPoint(j, &pos[3 * j]);
    const int p = sk.GetParent(j);
    jointId->InsertNextValue(j);
    parentId->InsertNextValue(p);
    depth->InsertNextValue(p < 0 ? 0 : depth->GetValue(p) + 1);
    const vtkIdType v = j;
    verts->InsertNextCell(1, &v);
    if (p >= 0)
    {
      const vtkIdType seg[2] = { p, j };
      lines->InsertNextCell(2, seg);
    }
  }
  bones->Initialize();
  bones->SetPoints(points);
  bones->SetVerts(verts);
  bones->SetLines(lines);
  bones->GetPointData()->AddArray(jointId);
  bones->GetPointData()->AddArray(parentId);
  bones->GetPointData()->AddArray(depth);

  skinOut->Initialize();
  if (skin && skin->GetNumberOfPoints() > 0)
  {
    const vtkIdType m = skin->GetNumberOfPoints();
    std::vector<double> xyz(3 * m);
    for (vtkIdType i = 0; i < m; ++i)
    {
      skin->GetPoint(i, &xyz[3 * i]);
    }
    const ca::SkinBinding binding =
      ca::BindSkin(sk, this->BindTime, xyz.data(), m, this->SmoothSkinning);
    ca::ApplySkin(sk, binding, t, xyz.data());
    vtkNew<vtkPoints> moved;
    moved->SetDataTypeToDouble();
    moved->SetNumberOfPoints(m);
    for (vtkIdType i = 0; i < m; ++i)
    {
      moved->SetPoint(i, &xyz[3 * i]);
    }
    skinOut->ShallowCopy(skin);
    skinOut->SetPoints(moved);
    vtkNew<vtkIntArray> carrier;
    carrier->SetName("BoneJoint");
    carrier->SetNumberOfTuples(m);
    for (vtkIdType i = 0; i < m; ++i)
    {
      carrier->SetValue(i, binding.Joint[i]);
    }
    skinOut->GetPointData()->AddArray(carrier);
  }
  cm::StampTime(bones, t);
  cm::StampTime(skinOut, t);
  return 1;
}

void vtkCloudMapSkeleton::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Preset: " << this->Preset << "\n"
     << indent << "Joints: " << this->Parents.size() << "\n"
     << indent << "RotationKeys: " << this->RotationKeys.size() / 5 << "\n"
     << indent << "Interpolation: " << this->Interpolation << "\n"
     << indent << "BindTime: " << this->BindTime << "\n";
}
