// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapSurfaceCloudMap.h"

#include "vtkCloudMapAreaWeightedPointData.h"
#include "vtkCloudMapBandedColorMap.h"
#include "vtkCloudMapCentroidMidpointRefinement.h"
#include "vtkCloudMapElementInterpolation.h"

#include "vtkCellData.h"
#include "vtkDataArray.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkIdList.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapSurfaceCloudMap);

vtkCloudMapSurfaceCloudMap::vtkCloudMapSurfaceCloudMap()
{
  this->SetNumberOfOutputPorts(2);
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapSurfaceCloudMap::~vtkCloudMapSurfaceCloudMap() = default;

int vtkCloudMapSurfaceCloudMap::FillOutputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkDataObject::DATA_TYPE_NAME(), port == 1 ? "vtkTable" : "vtkPolyData");
  return 1;
}

int vtkCloudMapSurfaceCloudMap::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // One extra ghost level so vertex averages on piece boundaries match the serial run.
  vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const int ghosts =
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER(),
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER()));
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES(),
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES()));
  inInfo->Set(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS(), ghosts + 1);
  return 1;
}

int vtkCloudMapSurfaceCloudMap::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);

  int association = -1;
  vtkDataArray* values = this->GetInputArrayToProcess(0, inputVector, association);
  if (!values)
  {
    // Nothing selected (e.g. a script created the filter before the reader ran):
    // the active cell scalars, else the readers' |J|.
    values = input->GetCellData()->GetScalars();
    values = values ? values : input->GetCellData()->GetArray("|J|");
    association = vtkDataObject::FIELD_ASSOCIATION_CELLS;
  }
  if (!values || !values->GetName())
  {
    vtkErrorMacro(<< "no cell array to map: select the current magnitude (|J|) or another cell "
                     "array");
    return 0;
  }
  if (association != vtkDataObject::FIELD_ASSOCIATION_CELLS)
  {
    vtkErrorMacro(<< "array '" << values->GetName() << "' is not a cell array");
    return 0;
  }
  const std::string name = values->GetName();

  // Work on a copy that carries only the mapped value (as a scalar) and the ghosts.
  vtkNew<vtkPolyData> work;
  work->CopyStructure(input);
  if (values->GetNumberOfComponents() == 1)
  {
    work->GetCellData()->AddArray(values);
  }
  else
  {
    vtkNew<vtkDoubleArray> mag;
    mag->SetName(name.c_str());
    mag->SetNumberOfTuples(values->GetNumberOfTuples());
    for (vtkIdType i = 0; i < values->GetNumberOfTuples(); ++i)
    {
      double s = 0;
      for (int c = 0; c < values->GetNumberOfComponents(); ++c)
      {
        const double v = values->GetComponent(i, c);
        s += v * v;
      }
      mag->SetValue(i, std::sqrt(s));
    }
    work->GetCellData()->AddArray(mag);
  }
  // Global element ids (from the readers) travel with the sub-elements, for picking
  // and for comparing distributed runs.
  if (vtkDataArray* ids = input->GetCellData()->GetArray("ElementId"))
  {
    work->GetCellData()->AddArray(ids);
  }
  if (vtkDataArray* g = input->GetCellData()->GetArray(vtkDataSetAttributes::GhostArrayName()))
  {
    work->GetCellData()->AddArray(g);
  }
  work->GetFieldData()->PassData(input->GetFieldData());

  vtkNew<vtkCloudMapAreaWeightedPointData> average;
  average->SetInputData(work);
  average->SetMergeCoincidentPoints(this->MergeCoincidentPoints);
  average->SetTolerance(this->Tolerance);
  average->ProcessAllArraysOff();
  average->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, name.c_str());

  average->Update();
  if (average->GetErrorCode())
  {
    return 0;
  }
  // The extra ghost level served only the averaging: unless downstream asked
  // for ghosts, refine only the elements this piece owns.
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  const bool keepGhosts =
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS()) > 0;
  vtkSmartPointer<vtkPolyData> parents = average->GetOutput();
  vtkUnsignedCharArray* ghostFlags = parents->GetCellGhostArray();
  if (ghostFlags && !keepGhosts)
  {
    vtkNew<vtkIdList> owned;
    for (vtkIdType c = 0; c < parents->GetNumberOfCells(); ++c)
    {
      if (!(ghostFlags->GetValue(c) & vtkDataSetAttributes::DUPLICATECELL))
      {
        owned->InsertNextId(c);
      }
    }
    vtkNew<vtkPolyData> ownedParents;
    ownedParents->AllocateEstimate(owned->GetNumberOfIds(), 4);
    ownedParents->CopyCells(parents, owned);
    ownedParents->GetCellData()->RemoveArray(vtkDataSetAttributes::GhostArrayName());
    ownedParents->GetFieldData()->PassData(parents->GetFieldData());
    parents = ownedParents;
  }

  if (this->ExactBands)
  {
    // Clip the parents themselves: the bands are exact at any refinement.
    this->UpdateProgress(0.3);
    vtkNew<vtkCloudMapBandedColorMap> exact;
    exact->SetInputData(parents);
    exact->SetExactBands(true);
    exact->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, name.c_str());
    exact->SetNumberOfBands(this->NumberOfBands);
    exact->SetPalette(this->Palette);
    exact->SetUseCustomRange(this->UseCustomRange);
    exact->SetRange(this->Range);
    exact->SetAbortExecute(this->GetAbortExecute());
    exact->Update();
    vtkPolyData* result = vtkPolyData::SafeDownCast(exact->GetOutputDataObject(0));
    if (exact->GetErrorCode() || !result ||
      (parents->GetNumberOfCells() > 0 && result->GetNumberOfCells() == 0 && !this->GetAbortExecute()))
    {
      vtkErrorMacro(<< "the exact-band chain failed; see the errors above");
      return 0;
    }
    output->ShallowCopy(result);
    table->ShallowCopy(exact->GetOutputDataObject(1));
    return 1;
  }

  // The refinement copies parent cell values to every child; the mapped value
  // is replaced by the interpolation anyway, so only the ids travel.
  vtkNew<vtkPolyData> refineInput;
  refineInput->ShallowCopy(parents);
  refineInput->GetCellData()->RemoveArray(name.c_str());
  refineInput->GetPointData()->Initialize();

  vtkNew<vtkCloudMapCentroidMidpointRefinement> refine;
  refine->SetInputData(refineInput);
  refine->SetPrecisionMode(this->PrecisionMode);
  refine->SetNumberOfLevels(this->NumberOfLevels);
  refine->SetMaximumEdgeLength(this->MaximumEdgeLength);
  refine->SetMaximumLevel(this->MaximumLevel);
  refine->SetMaximumNumberOfCells(this->MaximumNumberOfCells);
  refine->InterpolatePointDataOff();

  vtkNew<vtkCloudMapElementInterpolation> interpolate;
  interpolate->SetInputConnection(0, refine->GetOutputPort());
  interpolate->SetInputData(1, parents);
  interpolate->SetQuadMode(this->QuadMode);

  vtkNew<vtkCloudMapBandedColorMap> band;
  band->SetInputConnection(interpolate->GetOutputPort());
  band->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_CELLS, name.c_str());
  band->SetNumberOfBands(this->NumberOfBands);
  band->SetPalette(this->Palette);
  band->SetUseCustomRange(this->UseCustomRange);
  band->SetRange(this->Range);
  band->Update();
  if (band->GetErrorCode() || refine->GetErrorCode())
  {
    return 0;
  }
  vtkPolyData* result = vtkPolyData::SafeDownCast(band->GetOutputDataObject(0));
  if (!result || result->GetNumberOfCells() != refine->GetOutput()->GetNumberOfCells())
  {
    vtkErrorMacro(<< "the cloud-map chain failed; see the errors above");
    return 0;
  }
  output->ShallowCopy(result);
  output->GetPointData()->Initialize();
  // Drop the per-level bookkeeping users rarely need; keep ParentId for picking.
  output->GetCellData()->RemoveArray("ParentCoordinates");
  table->ShallowCopy(band->GetOutputDataObject(1));

  output->GetCellData()->SetActiveScalars("BandColor");
  return 1;
}

void vtkCloudMapSurfaceCloudMap::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "PrecisionMode: " << this->PrecisionMode << "\n"
     << indent << "NumberOfLevels: " << this->NumberOfLevels << "\n"
     << indent << "MaximumEdgeLength: " << this->MaximumEdgeLength << "\n"
     << indent << "QuadMode: " << this->QuadMode << "\n"
     << indent << "NumberOfBands: " << this->NumberOfBands << "\n"
     << indent << "Palette: " << this->Palette << "\n"
     << indent << "ExactBands: " << this->ExactBands << "\n";
}
