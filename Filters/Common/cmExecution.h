// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmAnimationVTK.h
 * @brief Private glue shared by the animation filters: the requested time,
 *        bounds reduced over MPI ranks, and advertising a key time range.
 */
#ifndef cmAnimationVTK_h
#define cmAnimationVTK_h

class vtkDataObject;
class vtkDataSet;
class vtkInformation;
class vtkInformationVector;

namespace cloudmap
{
namespace anim
{
/// UPDATE_TIME_STEP of the output information, or `fallback` when none was requested.
double RequestedTime(vtkInformation* outInfo, double fallback);
/// The output information of the port that issued `request` (port 0 when unknown).
vtkInformation* RequestingPort(vtkInformation* request, vtkInformationVector* outputVector);
/// Marks `data` with the requested time (DATA_TIME_STEP), so the pipeline
/// re-executes when another time is asked for, even on a static input.
void StampTime(vtkDataObject* data, vtkInformation* outInfo);
/// Marks `data` with the time t.
void StampTime(vtkDataObject* data, double t);
/// Bounds of `data` over every MPI rank (an empty local piece contributes nothing).
/// Returns false when no rank has a point.
bool GlobalBounds(vtkDataSet* data, double bounds[6]);
/// When the output has no time information yet, advertise [t0, t1] as its
/// TIME_RANGE so ParaView's animation spans the keys.
void AdvertiseTimeRange(vtkInformation* outInfo, double t0, double t1);
}
}
#endif
