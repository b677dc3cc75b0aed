// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapSurfaceCloudMap
 * @brief   The whole colour cloud map in one step: average, refine, interpolate, band.
 *
 * Runs the chapter's chain on a surface of triangles and quads carrying a cell
 * value (input array slot 0, port 0, cell association; |J| from the readers by
 * default; a vector array is used by its magnitude):
 *  1. vtkCloudMapAreaWeightedPointData: vertex values i_v = Σ s_k i_k / Σ s_k,
 *  2. vtkCloudMapCentroidMidpointRefinement to NumberOfLevels (or per-element
 *     levels from MaximumEdgeLength),
 *  3. vtkCloudMapElementInterpolation at each sub-element centroid,
 *  4. vtkCloudMapBandedColorMap with NumberOfBands (24) from blue to red.
 *
 * Output port 0: the sub-elements with the interpolated value (same name as
 * the input array, float: the bands are taken from the double values first),
 * `BandIndex` and `BandColor`; `ParentId`, `RefinementLevel` and `ElementId`
 * only with ParentIds on. The output is lean: float values and points (it
 * is drawn in float), points shared across neighbouring parents
 * (cmRefineShared.h), 32-bit ids when they suffice: 40 bytes per sub-element. Output port 1:
 * the band table for the legend. Under MPI the band range is global and the
 * averaging sees ghost elements, so the result equals the serial one.
 *
 * With ExactBands on, steps 2 and 3 are skipped: every element is clipped at
 * the band boundaries of the field interpolated from its vertex values
 * (vtkCloudMapBandedColorMap::ExactBands), giving crisp band polygons with
 * `BandIndex`, `BandColor` (`ParentId` with ParentIds on), the vertex field (float) as a point
 * array of the input array's name, and the band range of the vertex values.
 */
#ifndef vtkCloudMapSurfaceCloudMap_h
#define vtkCloudMapSurfaceCloudMap_h

#include "CloudMapFiltersCloudMapModule.h"
#include "cmBanding.h" // cm::map::MaxBands, DefaultBands
#include "cmRefinement.h" // cm::map::MaxRefinementLevel
#include "vtkPolyDataAlgorithm.h"

#include <string>

class vtkDataArray;
class vtkTable;

class CLOUDMAPFILTERSCLOUDMAP_EXPORT vtkCloudMapSurfaceCloudMap : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapSurfaceCloudMap* New();
  vtkTypeMacro(vtkCloudMapSurfaceCloudMap, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Refinement: 0 fixed levels (default), 1 maximum sub-element edge length.
  vtkSetClampMacro(PrecisionMode, int, 0, 1);
  vtkGetMacro(PrecisionMode, int);
  vtkSetClampMacro(NumberOfLevels, int, 0, cm::map::MaxRefinementLevel);
  vtkGetMacro(NumberOfLevels, int);
  vtkSetClampMacro(MaximumEdgeLength, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(MaximumEdgeLength, double);
  vtkSetClampMacro(MaximumLevel, int, 0, cm::map::MaxRefinementLevel);
  vtkGetMacro(MaximumLevel, int);
  vtkSetClampMacro(MaximumNumberOfCells, vtkIdType, 1, VTK_ID_MAX);
  vtkGetMacro(MaximumNumberOfCells, vtkIdType);
  ///@}

  ///@{
  /// Vertex averaging: merge vertices within Tolerance (default off).
  vtkSetMacro(MergeCoincidentPoints, bool);
  vtkGetMacro(MergeCoincidentPoints, bool);
  vtkSetClampMacro(Tolerance, double, 0.0, VTK_DOUBLE_MAX);
  vtkGetMacro(Tolerance, double);
  ///@}

  ///@{
  /// Quad interpolation: 0 isoparametric (default), 1 scanline.
  vtkSetClampMacro(QuadMode, int, 0, 1);
  vtkGetMacro(QuadMode, int);
  ///@}

  ///@{
  /// Banding: number of bands (24), palette, and an optional user range.
  vtkSetClampMacro(NumberOfBands, int, 1, cm::map::MaxBands);
  vtkGetMacro(NumberOfBands, int);
  vtkSetClampMacro(Palette, int, 0, 2);
  vtkGetMacro(Palette, int);
  vtkSetMacro(UseCustomRange, bool);
  vtkGetMacro(UseCustomRange, bool);
  vtkSetVector2Macro(Range, double);
  vtkGetVector2Macro(Range, double);
  ///@}

  ///@{
  /// The per-cell extras (default off, for lean output): `ParentId` (the
  /// input element of every sub-element or band polygon), `RefinementLevel`,
  /// and the input's `ElementId` carried to every output cell.
  vtkSetMacro(ParentIds, bool);
  vtkGetMacro(ParentIds, bool);
  vtkBooleanMacro(ParentIds, bool);
  ///@}

  ///@{
  /// Exact band polygons instead of refined sub-elements (default off).
  vtkSetMacro(ExactBands, bool);
  vtkGetMacro(ExactBands, bool);
  vtkBooleanMacro(ExactBands, bool);
  ///@}

protected:
  vtkCloudMapSurfaceCloudMap();
  ~vtkCloudMapSurfaceCloudMap() override;

  int FillOutputPortInformation(int port, vtkInformation* info) override;
  int RequestUpdateExtent(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int PrecisionMode = 0;
  int NumberOfLevels = 3;
  double MaximumEdgeLength = 0.05;
  int MaximumLevel = 6;
  vtkIdType MaximumNumberOfCells = 200000000;
  bool MergeCoincidentPoints = false;
  double Tolerance = 0.0;
  int QuadMode = 0;
  int NumberOfBands = cm::map::DefaultBands;
  int Palette = 0;
  bool UseCustomRange = false;
  double Range[2] = { 0.0, 1.0 };
  bool ExactBands = false;
  bool ParentIds = false;

private:
  vtkCloudMapSurfaceCloudMap(const vtkCloudMapSurfaceCloudMap&) = delete;
  void operator=(const vtkCloudMapSurfaceCloudMap&) = delete;

  // The steps of RequestData.
  /// The cell array to map (the selection, else the active cell scalars, else
  /// |J|); `error` says why it cannot be used (empty when it can).
  vtkDataArray* MappedArray(
    vtkInformationVector** inputVector, vtkPolyData* input, std::string& error);
  /// The local stages: Area Weighted Point Data, then (unless ExactBands) the
  /// fused refinement and interpolation (the core's RefineSurface, called
  /// directly); fills `bandInput`. False when a stage failed.
  bool RunLocalStages(vtkPolyData* input, vtkDataArray* values, const std::string& name,
    bool keepGhosts, vtkPolyData* bandInput, std::string& error);
  /// The collective band stage and the outputs; RequestData's return value.
  int RunBandStage(vtkPolyData* bandInput, const std::string& name, vtkIdType expectedCells,
    vtkPolyData* output, vtkTable* table);
};

#endif
