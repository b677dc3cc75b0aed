// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapSkeleton
 * @brief   A forward-kinematics joint tree posed at the requested time, with optional skinning.
 *
 * Joints are given by Parents (one per joint, a parent listed before its
 * child, −1 for a root), Offsets (3 per joint, in the parent's frame),
 * RotationKeys (rows joint, time, rx, ry, rz in degrees; x then y then z)
 * and RootKeys (rows time, x, y, z translating the roots). Preset 1 is the
 * "walker", a 16-joint biped with a two-second gait. Keys are interpolated
 * by Interpolation. The source reports time steps at FrameRate across the keys.
 *
 * Output port 0: the joints as points (JointId, ParentId, Depth) and the bones
 * as lines. Output port 1: when the optional input (port 0, vtkPolyData) is
 * connected, that mesh skinned to the skeleton: bound at BindTime to the
 * nearest bone, moved rigidly with it, or blended towards the next joint
 * near its end with SmoothSkinning.
 *
 * @sa cmSkeleton.h
 */
#ifndef vtkCloudMapSkeleton_h
#define vtkCloudMapSkeleton_h

#include "CloudMapFiltersAnimationModule.h"
#include "vtkPolyDataAlgorithm.h"

#include <vector>

class CLOUDMAPFILTERSANIMATION_EXPORT vtkCloudMapSkeleton : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapSkeleton* New();
  vtkTypeMacro(vtkCloudMapSkeleton, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// 0 Custom (the lists below), 1 Walker.
  vtkSetClampMacro(Preset, int, 0, 1);
  vtkGetMacro(Preset, int);

  ///@{
  /// The joint tree and its keys (see the class description).
  void AddParent(int parent);
  void RemoveAllParents();
  void AddOffset(double x, double y, double z);
  void RemoveAllOffsets();
  void AddRotationKey(double joint, double time, double rx, double ry, double rz);
  void RemoveAllRotationKeys();
  void AddRootKey(double time, double x, double y, double z);
  void RemoveAllRootKeys();
  ///@}

  /// 0 Step, 1 Linear, 2 Polynomial, 3 Catmull-Rom (default), 4 Kochanek-Bartels.
  vtkSetClampMacro(Interpolation, int, 0, 4);
  vtkGetMacro(Interpolation, int);

  /// Reported time steps per time unit across the keys.
  vtkSetMacro(FrameRate, double);
  vtkGetMacro(FrameRate, double);

  ///@{
  /// Skinning: the time of the bind pose and smooth (two-joint) blending.
  vtkSetMacro(BindTime, double);
  vtkGetMacro(BindTime, double);
  vtkSetMacro(SmoothSkinning, bool);
  vtkGetMacro(SmoothSkinning, bool);
  vtkBooleanMacro(SmoothSkinning, bool);
  ///@}

  /**
   * ParaView's connection of the optional input. The XML declares that input
   * at port_index 1, so that paraview.simple (which gives the port-0 input the
   * active source) leaves it empty in pvpython; ParaView passes that index,
   * and the input is this algorithm's port 0. A null output disconnects it.
   */
  void SetOptionalInputConnection(int, vtkAlgorithmOutput* output)
  {
    this->SetInputConnection(0, output);
  }

protected:
  vtkCloudMapSkeleton();
  ~vtkCloudMapSkeleton() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int Preset = 1;
  std::vector<int> Parents;
  std::vector<double> Offsets;
  std::vector<double> RotationKeys;
  std::vector<double> RootKeys;
  int Interpolation = 3;
  double FrameRate = 24.0;
  double BindTime = 0.0;
  bool SmoothSkinning = false;

private:
  vtkCloudMapSkeleton(const vtkCloudMapSkeleton&) = delete;
  void operator=(const vtkCloudMapSkeleton&) = delete;
};

#endif
