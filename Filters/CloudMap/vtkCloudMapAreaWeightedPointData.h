// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapAreaWeightedPointData
 * @brief   Vertex values as the area-weighted mean of the neighbouring elements.
 *
 * For each vertex v: i_v = Σ s_k i_k / Σ s_k over the elements k that use v,
 * where s_k is the element's area. vtkCellDataToPointData takes the plain mean
 * instead. Works for any numeric cell array and any number of components; the
 * results are double point arrays of the same names. Cell data is passed.
 *
 * MergeCoincidentPoints treats vertices closer than Tolerance as one, for
 * meshes written element by element without shared vertices.
 *
 * Input array slot 0 (port 0, cell association) selects one array when
 * ProcessAllArrays is off.
 *
 * In parallel the filter asks its input for one ghost level, so a vertex on a
 * piece boundary sees the same elements as in the serial run.
 *
 * @sa cmAreaWeighting.h
 */
#ifndef vtkCloudMapAreaWeightedPointData_h
#define vtkCloudMapAreaWeightedPointData_h

#include "CloudMapFiltersCloudMapModule.h"
#include "vtkPolyDataAlgorithm.h"

class CLOUDMAPFILTERSCLOUDMAP_EXPORT vtkCloudMapAreaWeightedPointData : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapAreaWeightedPointData* New();
  vtkTypeMacro(vtkCloudMapAreaWeightedPointData, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Average every numeric cell array (default on) or only the selected one.
  vtkSetMacro(ProcessAllArrays, bool);
  vtkGetMacro(ProcessAllArrays, bool);
  vtkBooleanMacro(ProcessAllArrays, bool);
  ///@}

  ///@{
  /// Treat vertices within Tolerance as one vertex (default off).
  vtkSetMacro(MergeCoincidentPoints, bool);
  vtkGetMacro(MergeCoincidentPoints, bool);
  vtkBooleanMacro(MergeCoincidentPoints, bool);
  ///@}

  ///@{
  /// Distance under which vertices merge; 0 means exactly equal coordinates.
  vtkSetClampMacro(Tolerance, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(Tolerance, double);
  ///@}

protected:
  vtkCloudMapAreaWeightedPointData();
  ~vtkCloudMapAreaWeightedPointData() override;

  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  bool ProcessAllArrays = true;
  bool MergeCoincidentPoints = false;
  double Tolerance = 0.0;

private:
  vtkCloudMapAreaWeightedPointData(const vtkCloudMapAreaWeightedPointData&) = delete;
  void operator=(const vtkCloudMapAreaWeightedPointData&) = delete;
};

#endif
