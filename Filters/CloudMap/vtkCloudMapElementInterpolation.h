// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapElementInterpolation
 * @brief   Value at each sub-element centroid, interpolated inside its parent element.
 *
 * Port 0 ("Input") is the output of vtkCloudMapCentroidMidpointRefinement:
 * sub-elements with the cell arrays `ParentId` and `ParentCoordinates`.
 * Port 1 ("Parents") is the parent mesh carrying vertex values, normally the
 * output of vtkCloudMapAreaWeightedPointData.
 *
 * Each sub-element's centroid Q is located in its parent P and every numeric
 * point array of the parents is interpolated there:
 *  - triangles: area coordinates, i = (s1 i1 + s2 i2 + s3 i3)/s;
 *  - quads: ISOPARAMETRIC (inverse bilinear map, the default) or SCANLINE
 *    (the chapter's construction through points A and B on the boundary).
 * The results are double cell arrays that replace the element-constant copies
 * of the same name. Degenerate and concave quads follow the fallbacks
 * documented in cmInterpolation.h; the result is never NaN for finite input.
 *
 * @sa cmInterpolation.h
 */
#ifndef vtkCloudMapElementInterpolation_h
#define vtkCloudMapElementInterpolation_h

#include "CloudMapFiltersCloudMapModule.h"
#include "vtkPolyDataAlgorithm.h"

class CLOUDMAPFILTERSCLOUDMAP_EXPORT vtkCloudMapElementInterpolation : public vtkPolyDataAlgorithm
{
public:
  static vtkCloudMapElementInterpolation* New();
  vtkTypeMacro(vtkCloudMapElementInterpolation, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  enum QuadModes
  {
    ISOPARAMETRIC = 0,
    SCANLINE = 1
  };

  ///@{
  /// Interpolation on quads: ISOPARAMETRIC (default) or SCANLINE.
  vtkSetClampMacro(QuadMode, int, ISOPARAMETRIC, SCANLINE);
  vtkGetMacro(QuadMode, int);
  ///@}

  /// Connects the parent mesh (with point data) to port 1.
  void SetParentsConnection(vtkAlgorithmOutput* output) { this->SetInputConnection(1, output); }

protected:
  vtkCloudMapElementInterpolation();
  ~vtkCloudMapElementInterpolation() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;

  int QuadMode = ISOPARAMETRIC;

private:
  vtkCloudMapElementInterpolation(const vtkCloudMapElementInterpolation&) = delete;
  void operator=(const vtkCloudMapElementInterpolation&) = delete;
};

#endif
