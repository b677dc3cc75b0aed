// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapCentroidMidpointRefinement.h"

#include "cmRefinedPolyData.h"
#include "cmSurfaceView.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPolyData.h"


vtkStandardNewMacro(vtkCloudMapCentroidMidpointRefinement);

vtkCloudMapCentroidMidpointRefinement::vtkCloudMapCentroidMidpointRefinement() = default;
vtkCloudMapCentroidMidpointRefinement::~vtkCloudMapCentroidMidpointRefinement() = default;

int vtkCloudMapCentroidMidpointRefinement::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  cm::SurfaceView view;
  std::string error;
  if (!cm::MakeSurfaceView(input, view, error))
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  cm::RefineRequest request;
  request.Options.Adaptive = this->PrecisionMode == MAXIMUM_EDGE_LENGTH;
  request.Options.Level = this->NumberOfLevels;
  request.Options.MaximumEdgeLength = this->MaximumEdgeLength;
  request.Options.MaximumLevel = this->MaximumLevel;
  request.MaximumNumberOfCells = this->MaximumNumberOfCells;
  request.InterpolatePointData = this->InterpolatePointData;
  if (!cm::RefinePolyData(this, input, view, request, output, error))
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  return 1;
}

void vtkCloudMapCentroidMidpointRefinement::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "PrecisionMode: " << this->PrecisionMode << "\n"
     << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n"
     << indent << "MaximumEdgeLength: " << this->MaximumEdgeLength << "\n"
     << indent << "MaximumLevel: " << this->MaximumLevel << "\n"
     << indent << "MaximumNumberOfCells: " << this->MaximumNumberOfCells << "\n"
     << indent << "InterpolatePointData: " << this->InterpolatePointData << "\n";
}
