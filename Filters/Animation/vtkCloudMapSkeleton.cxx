// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapSkeleton.h"

#include "cmExecution.h"
#include "cmAnimationArrays.h"
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

#include <numeric>
#include <vector>

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

int vtkCloudMapSkeleton::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  cm::anim::Skeleton sk;
  std::vector<double> steps;
  if (!cm::anim::BuildSkeleton(this->Preset, this->Parents, this->Offsets, this->RotationKeys,
        this->RootKeys, static_cast<cm::anim::TrackInterpolation>(this->Interpolation), sk)
         .empty() ||
    !cm::anim::SkeletonTimeSteps(sk, this->FrameRate, steps))
  {
    return 1; // RequestData reports a problem
  }
  const double range[2] = { steps.front(), steps.back() };
  for (int port = 0; port < 2; ++port)
  {
    vtkInformation* info = outputVector->GetInformationObject(port);
    info->Set(
      vtkStreamingDemandDrivenPipeline::TIME_STEPS(), steps.data(), static_cast<int>(steps.size()));
    info->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
  }
  return 1;
}

int vtkCloudMapSkeleton::RequestData(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkPolyData* bones = vtkPolyData::GetData(outputVector, 0);
  // Every rank poses the whole skeleton; the bones are shown on piece 0 only.
  cm::WholeOnFirstPiece bonesOnce(bones, outputVector);
  vtkPolyData* skinOut = vtkPolyData::GetData(outputVector, 1);
  vtkPolyData* skin = vtkPolyData::GetData(inputVector[0], 0);
  ca::Skeleton sk;
  const std::string error =
    ca::BuildSkeleton(this->Preset, this->Parents, this->Offsets, this->RotationKeys,
      this->RootKeys, static_cast<ca::TrackInterpolation>(this->Interpolation), sk);
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
  std::vector<int> depth, joints(n);
  std::vector<std::int64_t> segments;
  ca::BoneGraph(sk, depth, segments);
  std::vector<int> parents(n);
  std::iota(joints.begin(), joints.end(), 0);
  for (int j = 0; j < n; ++j)
  {
    parents[j] = sk.GetParent(j);
  }
  double* xyz;
  vtkNew<vtkPoints> points = ca::NewDoublePoints(n, xyz);
  std::copy(pos.begin(), pos.end(), xyz);
  vtkNew<vtkCellArray> lines, verts;
  for (vtkIdType j = 0; j < n; ++j)
  {
    verts->InsertNextCell(1, &j);
  }
  for (std::size_t s = 0; s < segments.size(); s += 2)
  {
    const vtkIdType seg[2] = { segments[s], segments[s + 1] };
    lines->InsertNextCell(2, seg);
  }
  bones->Initialize();
  bones->SetPoints(points);
  bones->SetVerts(verts);
  bones->SetLines(lines);
  ca::AddColumn<vtkIntArray>(bones->GetPointData(), "JointId", 1, joints);
  ca::AddColumn<vtkIntArray>(bones->GetPointData(), "ParentId", 1, parents);
  ca::AddColumn<vtkIntArray>(bones->GetPointData(), "Depth", 1, depth);
  skinOut->Initialize();
  if (skin && skin->GetNumberOfPoints() > 0)
  {
    std::vector<double> moved = ca::PointsAsDouble(skin);
    const vtkIdType m = skin->GetNumberOfPoints();
    const std::vector<int> carrier =
      ca::PoseSkin(sk, this->BindTime, this->SmoothSkinning, t, moved.data(), m);
    vtkNew<vtkPoints> skinPoints = ca::NewDoublePoints(m, xyz);
    std::copy(moved.begin(), moved.end(), xyz);
    skinOut->ShallowCopy(skin);
    skinOut->SetPoints(skinPoints);
    ca::AddColumn<vtkIntArray>(skinOut->GetPointData(), "BoneJoint", 1, carrier);
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
