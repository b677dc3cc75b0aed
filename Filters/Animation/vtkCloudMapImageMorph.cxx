// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapImageMorph.h"

#include "cmArrayAccess.h"
#include "cmExecution.h"
#include "cmImageMorph.h"
#include "cmTweening.h"

#include "vtkDataArray.h"
#include "vtkDoubleArray.h"
#include "vtkImageData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>

vtkStandardNewMacro(vtkCloudMapImageMorph);

namespace
{
cm::anim::ImageGrid GridOf(vtkImageData* im)
{
  cm::anim::ImageGrid g;
  im->GetOrigin(g.Origin);
  im->GetSpacing(g.Spacing);
  im->GetExtent(g.Extent);
  return g;
}

// The requested UPDATE_EXTENT, or null when none was asked for.
const int* RequestedExtent(vtkInformation* outInfo)
{
  return outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT())
    ? outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT())
    : nullptr;
}
} // namespace

vtkCloudMapImageMorph::vtkCloudMapImageMorph()
{
  this->SetNumberOfInputPorts(2);
}

vtkCloudMapImageMorph::~vtkCloudMapImageMorph() = default;

void vtkCloudMapImageMorph::AddFeatureLine(
  double p0x, double p0y, double q0x, double q0y, double p1x, double p1y, double q1x, double q1y)
{
  this->FeatureLines.insert(this->FeatureLines.end(), { p0x, p0y, q0x, q0y, p1x, p1y, q1x, q1y });
  this->Modified();
}

void vtkCloudMapImageMorph::RemoveAllFeatureLines()
{
  this->FeatureLines.clear();
  this->Modified();
}

int vtkCloudMapImageMorph::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // Any sub-extent can be computed (from the whole inputs): a piece request
  // becomes the piece's extent, and the pieces tile the whole image.
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
  if (this->UseTime)
  {
    cm::AdvertiseTimeRange(
      outputVector->GetInformationObject(0), this->TimeRange[0], this->TimeRange[1]);
  }
  return 1;
}

int vtkCloudMapImageMorph::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  // A warp reads anywhere in the sources: ask for both images whole. The
  // piece request must be reset as well: a source that splits its extent by
  // pieces (Wavelet) would otherwise turn piece r of N back into a sub-extent.
  for (int port = 0; port < 2; ++port)
  {
    cm::RequestWholeInput(inputVector[port]->GetInformationObject(0));
  }
  return 1;
}

int vtkCloudMapImageMorph::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkImageData* im0 = vtkImageData::GetData(inputVector[0], 0);
  vtkImageData* im1 = vtkImageData::GetData(inputVector[1], 0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkImageData* output = vtkImageData::GetData(outInfo);
  if (!im0 || !im1 || !output)
  {
    vtkErrorMacro(<< "Image Morph needs two images");
    return 0;
  }
  int d0[3], d1[3];
  im0->GetDimensions(d0);
  im1->GetDimensions(d1);
  std::vector<ca::FeatureLine> lines0, lines1;
  const ca::BeierNeelyWeights weights{ this->WeightA, this->WeightB, this->WeightP };
  std::string error = ca::PrepareImageMorph(d0, d1, this->FeatureLines, weights, lines0, lines1);
  double w = this->Parameter, x = 0;
  if (error.empty() && this->UseTime)
  {
    error = ca::TimeFraction(cm::RequestedTime(outInfo, this->TimeRange[0]), this->TimeRange, x);
    w = ca::EaseByCode(this->Easing, 2, x);
  }
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  // The output: the requested extent (a piece of the whole image), clipped
  // to the input's; the whole input when nothing narrower is asked for.
  const ca::ImageGrid g0 = GridOf(im0), g1 = GridOf(im1);
  int outExt[6];
  ca::ClipExtent(g0.Extent, RequestedExtent(outInfo), outExt);
  // Where each output pixel comes from (progress 0 to 0.6, then the arrays to 1).
  const vtkIdType n = ca::ExtentPixels(outExt);
  std::vector<double> from0(2 * n), from1(2 * n);
  bool aborted = false;
  ca::MorphSourcePixels(lines0, lines1, weights, w, g0, g1, outExt, from0.data(), from1.data(),
    cm::ProgressFor(this, 0.0, 0.6, aborted));
  output->SetExtent(outExt);
  output->SetOrigin(g0.Origin);
  output->SetSpacing(g0.Spacing);
  // Every point array present in both images (same name and components).
  vtkPointData* pd0 = im0->GetPointData();
  vtkPointData* pd1 = im1->GetPointData();
  const int nArrays = pd0->GetNumberOfArrays();
  for (int a = 0; a < nArrays && !aborted; ++a)
  {
    vtkDataArray* A = pd0->GetArray(a);
    vtkDataArray* B = (A && A->GetName()) ? pd1->GetArray(A->GetName()) : nullptr;
    if (!B || B->GetNumberOfComponents() != A->GetNumberOfComponents())
    {
      continue;
    }
    const int nc = A->GetNumberOfComponents();
    vtkNew<vtkDoubleArray> out;
    out->SetName(A->GetName());
    out->SetNumberOfComponents(nc);
    out->SetNumberOfTuples(n);
    ca::CrossDissolve(cm::ValuesAsDouble(A).data(), cm::ValuesAsDouble(B).data(), d0[0], d0[1], nc,
      from0.data(), from1.data(), n, w, out->GetPointer(0),
      cm::ProgressFor(this, 0.6 + 0.4 * a / nArrays, 0.6 + 0.4 * (a + 1) / nArrays, aborted));
    output->GetPointData()->AddArray(out);
    if (pd0->GetScalars() == A)
    {
      output->GetPointData()->SetActiveScalars(A->GetName());
    }
  }
  if (aborted)
  {
    output->Initialize();
    return 1; // aborted: an empty image
  }
  cm::StampTime(output, outInfo);
  return 1;
}

void vtkCloudMapImageMorph::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Parameter: " << this->Parameter << "\n"
     << indent << "UseTime: " << this->UseTime << "\n"
     << indent << "FeatureLines: " << this->FeatureLines.size() / 8 << "\n"
     << indent << "WeightA/B/P: " << this->WeightA << " " << this->WeightB << " " << this->WeightP
     << "\n";
}
