// SPDX-License-Identifier: BSD-3-Clause
#include "cmAnimationVTK.h"

#include "vtkCommunicator.h"
#include "vtkDataObject.h"
#include "vtkDataSet.h"
#include "vtkExecutive.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkMultiProcessController.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>

namespace cloudmap
{
namespace anim
{
double RequestedTime(vtkInformation* outInfo, double fallback)
{
  if (outInfo && outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()))
  {
    return outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP());
  }
  return fallback;
}

vtkInformation* RequestingPort(vtkInformation* request, vtkInformationVector* outputVector)
{
  int port = 0;
  if (request && request->Has(vtkExecutive::FROM_OUTPUT_PORT()))
  {
    port = request->Get(vtkExecutive::FROM_OUTPUT_PORT());
  }
  if (port < 0 || port >= outputVector->GetNumberOfInformationObjects())
  {
    port = 0;
  }
  return outputVector->GetInformationObject(port);
}

void StampTime(vtkDataObject* data, vtkInformation* outInfo)
{
  if (data && outInfo && outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()))
  {
    data->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(),
      outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_TIME_STEP()));
  }
}

void StampTime(vtkDataObject* data, double t)
{
  if (data)
  {
    data->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), t);
  }
}

bool GlobalBounds(vtkDataSet* data, double bounds[6])
{
  // Minima, and negated maxima, so one MIN reduction serves both.
  double local[6] = { HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL };
  if (data && data->GetNumberOfPoints() > 0)
  {
    double b[6];
    data->GetBounds(b);
    for (int a = 0; a < 3; ++a)
    {
      local[a] = b[2 * a];
      local[3 + a] = -b[2 * a + 1];
    }
  }
  double global[6];
  vtkMultiProcessController* c = vtkMultiProcessController::GetGlobalController();
  if (c && c->GetNumberOfProcesses() > 1)
  {
    c->AllReduce(local, global, 6, vtkCommunicator::MIN_OP);
  }
  else
  {
    for (int k = 0; k < 6; ++k)
    {
      global[k] = local[k];
    }
  }
  if (!std::isfinite(global[0]))
  {
    return false;
  }
  for (int a = 0; a < 3; ++a)
  {
    bounds[2 * a] = global[a];
    bounds[2 * a + 1] = -global[3 + a];
  }
  return true;
}

void AdvertiseTimeRange(vtkInformation* outInfo, double t0, double t1)
{
  if (!outInfo->Has(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) &&
    !outInfo->Has(vtkStreamingDemandDrivenPipeline::TIME_RANGE()) && t1 > t0)
  {
    const double range[2] = { t0, t1 };
    outInfo->Set(vtkStreamingDemandDrivenPipeline::TIME_RANGE(), range, 2);
  }
}
}
}
