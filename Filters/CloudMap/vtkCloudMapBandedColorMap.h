// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapBandedColorMap
 * @brief   Splits a value range into N equal colour bands and colours each item by its band.
 *
 * Input array slot 0 (port 0, point or cell association) is the banded value;
 * a vector array is banded by its magnitude unless Component ≥ 0.
 * [min, max] comes from the data, reduced over all MPI ranks (ghost cells
 * excluded), or from Range when UseCustomRange is on. Band k covers
 * [min + k·w, min + (k+1)·w), w = (max − min)/N; the maximum is in band N−1.
 *
 * Output port 0 is the input plus, with the array's association:
 *  - `BandIndex`: uint8 when N ≤ 255, uint16 otherwise (N marks a NaN value),
 *  - `BandColor`: 8-bit RGB of the band, so the result renders exactly with
 *    Map Scalars off and no lookup table.
 * Output port 1 is the band table: BandIndex, Lower, Upper, Red, Green, Blue
 * and a Label ("lower – upper"), for legends.
 *
 * With ExactBands on, the input must be a vtkPolyData surface of triangles
 * and quads with a *point* array (e.g. from Area Weighted Point Data). Every
 * element is clipped at the band boundaries of the field interpolated from
 * its corner values (linear on triangles, bilinear on quads through the
 * saddle-consistent fan of cmBandClip.h), so the bands are crisp whatever the
 * refinement. Output port 0 is then a new vtkPolyData of band polygons with
 * cell arrays `BandIndex`, `BandColor`, `ParentId` (the input element) and the
 * input's cell arrays copied from the parent, and the clipped field as a
 * point array of the input array's name. The range is the global range of the
 * point values (the extremes of a linear or bilinear field are at corners).
 *
 * @sa cmBanding.h
 */
#ifndef vtkCloudMapBandedColorMap_h
#define vtkCloudMapBandedColorMap_h

#include "CloudMapFiltersCloudMapModule.h"
#include "cmBanding.h" // cm::map::MaxBands, DefaultBands
#include "vtkPassInputTypeAlgorithm.h"

#include <string>

class vtkDataArray;
class vtkDataSet;
class vtkUnsignedCharArray;

class CLOUDMAPFILTERSCLOUDMAP_EXPORT vtkCloudMapBandedColorMap : public vtkPassInputTypeAlgorithm
{
public:
  static vtkCloudMapBandedColorMap* New();
  vtkTypeMacro(vtkCloudMapBandedColorMap, vtkPassInputTypeAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Number of equal bands (default 24, the chapter's value).
  vtkSetClampMacro(NumberOfBands, int, 1, cm::map::MaxBands);
  vtkGetMacro(NumberOfBands, int);
  ///@}

  ///@{
  /// Component to band; -1 (default) bands the magnitude of a vector array.
  vtkSetClampMacro(Component, int, -1, 63);
  vtkGetMacro(Component, int);
  ///@}

  ///@{
  /// Use Range instead of the data's global range (default off).
  vtkSetMacro(UseCustomRange, bool);
  vtkGetMacro(UseCustomRange, bool);
  vtkBooleanMacro(UseCustomRange, bool);
  ///@}

  ///@{
  /// The user range, used when UseCustomRange is on.
  vtkSetVector2Macro(Range, double);
  vtkGetVector2Macro(Range, double);
  ///@}

  ///@{
  /// Colours: 0 blue-to-red rainbow (default), 1 Viridis, 2 Cool to Warm.
  vtkSetClampMacro(Palette, int, 0, 2);
  vtkGetMacro(Palette, int);
  ///@}

  ///@{
  /// Clip elements at the band boundaries of the interpolated point field
  /// (exact band polygons) instead of colouring items (default off).
  vtkSetMacro(ExactBands, bool);
  vtkGetMacro(ExactBands, bool);
  vtkBooleanMacro(ExactBands, bool);
  ///@}

  /// The range used by the last execution.
  vtkGetVector2Macro(UsedRange, double);

protected:
  vtkCloudMapBandedColorMap();
  ~vtkCloudMapBandedColorMap() override;

  int FillOutputPortInformation(int port, vtkInformation* info) override;
  int RequestDataObject(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  // `error`: what RequestData already found wrong on this rank (reported).
  int RequestExactBands(vtkDataSet* input, vtkDataArray* values, int association,
    vtkInformationVector* outputVector, std::string error);
  // The band range: the custom one, or the MPI-global range of the finite,
  // non-ghost values ([0, 1] when there is none). False for a bad custom range
  // or when `error` is set on any rank: every rank reaches this point, so a
  // failure on one rank is agreed here instead of leaving the others waiting
  // in the range reduction (see cm::VoteAcrossRanks).
  bool ResolveRange(const double* scalars, vtkIdType n, vtkUnsignedCharArray* ghosts,
    double range[2], const std::string& error);

  int NumberOfBands = cm::map::DefaultBands;
  int Component = -1;
  bool UseCustomRange = false;
  double Range[2] = { 0.0, 1.0 };
  int Palette = 0;
  bool ExactBands = false;
  double UsedRange[2] = { 0.0, 0.0 };

private:
  vtkCloudMapBandedColorMap(const vtkCloudMapBandedColorMap&) = delete;
  void operator=(const vtkCloudMapBandedColorMap&) = delete;
};

#endif
