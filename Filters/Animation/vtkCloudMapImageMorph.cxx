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
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>

vtkStandardNewMacro(vtkCloudMapImageMorph);

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
  if (d0[0] != d1[0] || d0[1] != d1[1] || d0[2] != d1[2] || d0[2] != 1)
  {
    vtkErrorMacro(<< "Image Morph needs two 2-D images of equal size; got " << d0[0] << "x" << d0[1]
                  << "x" << d0[2] << " and " << d1[0] << "x" << d1[1] << "x" << d1[2]);
    return 0;
  }
  if (this->FeatureLines.size() % 8 != 0)
  {
    vtkErrorMacro(<< "FeatureLines must be rows of 8 numbers");
    return 0;
  }
  std::vector<ca::FeatureLine> lines0, lines1;
  for (std::size_t k = 0; k < this->FeatureLines.size(); k += 8)
  {
    const double* r = &this->FeatureLines[k];
    ca::FeatureLine a, b;
    a.P[0] = r[0];
    a.P[1] = r[1];
    a.Q[0] = r[2];
    a.Q[1] = r[3];
    b.P[0] = r[4];
    b.P[1] = r[5];
    b.Q[0] = r[6];
    b.Q[1] = r[7];
    lines0.push_back(a);
    lines1.push_back(b);
  }
  ca::BeierNeelyWeights weights{ this->WeightA, this->WeightB, this->WeightP };
  std::string error = ca::ValidateLines(lines0, lines1);
  if (error.empty())
  {
    error = weights.Validate();
  }
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  double w = this->Parameter;
  if (this->UseTime)
  {
    double x;
    if (!ca::Remap(cm::RequestedTime(outInfo, this->TimeRange[0]), this->TimeRange[0],
          this->TimeRange[1], 0.0, 1.0, x))
    {
      vtkErrorMacro(<< "TimeRange [" << this->TimeRange[0] << ", " << this->TimeRange[1]
                    << "] is empty: the time cannot be remapped to [0, 1]");
      return 0;
    }
    w = ca::EaseByCode(this->Easing, 2, x);
  }
  const std::vector<ca::FeatureLine> linesT = ca::LerpLines(lines0, lines1, w);

  const int nx = d0[0], ny = d0[1];
  double origin[3], spacing[3];
  im0->GetOrigin(origin);
  im0->GetSpacing(spacing);
  int inExt[6], inExt1[6];
  im0->GetExtent(inExt);
  im1->GetExtent(inExt1);
  double origin1[3], spacing1[3];
  im1->GetOrigin(origin1);
  im1->GetSpacing(spacing1);
  // The output: the requested extent (a piece of the whole image), clipped
  // to the input's; the whole input when nothing narrower is asked for.
  int outExt[6];
  std::copy_n(inExt, 6, outExt);
  if (outInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    int ue[6];
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), ue);
    for (int a = 0; a < 3; ++a)
    {
      outExt[2 * a] = std::max(ue[2 * a], inExt[2 * a]);
      outExt[2 * a + 1] = std::min(ue[2 * a + 1], inExt[2 * a + 1]);
    }
  }
  const int onx = std::max(0, outExt[1] - outExt[0] + 1);
  const int ony = std::max(0, outExt[3] - outExt[2] + 1);
  const bool emptyOut = outExt[5] < outExt[4];
  // Source pixel coordinates (indices from the input's first pixel) in each
  // image for every output pixel. The world position of structured index
  // (I, J) is origin + (I, J) * spacing, the extent's start included.
  const vtkIdType n = emptyOut ? 0 : static_cast<vtkIdType>(onx) * ony;
  std::vector<double> from0(2 * n), from1(2 * n);
  // Pixel by pixel in blocks, reporting progress (0 to 0.6, then the arrays
  // to 1) and stopping when the user aborts.
  if (!cm::ForWithProgress(this, n, 0.0, 0.6, [&](std::int64_t kb, std::int64_t ke) {
        for (std::int64_t k = kb; k < ke; ++k)
        {
          const vtkIdType J = outExt[2] + k / onx;
          const vtkIdType I = outExt[0] + k % onx;
          const double x[2] = { origin[0] + I * spacing[0], origin[1] + J * spacing[1] };
          double y[2];
          ca::BeierNeelyMap(linesT, lines0, weights, x, y);
          from0[2 * k] = (y[0] - origin[0]) / spacing[0] - inExt[0];
          from0[2 * k + 1] = (y[1] - origin[1]) / spacing[1] - inExt[2];
          ca::BeierNeelyMap(linesT, lines1, weights, x, y);
          from1[2 * k] = (y[0] - origin1[0]) / spacing1[0] - inExt1[0];
          from1[2 * k + 1] = (y[1] - origin1[1]) / spacing1[1] - inExt1[2];
        }
      }))
  {
    output->Initialize();
    return 1; // aborted: an empty image
  }

  output->SetExtent(outExt);
  output->SetOrigin(origin);
  output->SetSpacing(spacing);
  vtkPointData* pd0 = im0->GetPointData();
  vtkPointData* pd1 = im1->GetPointData();
  const int nArrays = pd0->GetNumberOfArrays();
  for (int a = 0; a < nArrays; ++a)
  {
    vtkDataArray* A = pd0->GetArray(a);
    vtkDataArray* B = (A && A->GetName()) ? pd1->GetArray(A->GetName()) : nullptr;
    if (!B || B->GetNumberOfComponents() != A->GetNumberOfComponents())
    {
      continue;
    }
    const int nc = A->GetNumberOfComponents();
    const std::vector<double> va = cm::ValuesAsDouble(A), vb = cm::ValuesAsDouble(B);
    vtkNew<vtkDoubleArray> out;
    out->SetName(A->GetName());
    out->SetNumberOfComponents(nc);
    out->SetNumberOfTuples(n);
    double* o = out->GetPointer(0);
    if (!cm::ForWithProgress(this, n, 0.6 + 0.4 * a / nArrays, 0.6 + 0.4 * (a + 1) / nArrays,
          [&](std::int64_t b, std::int64_t e) {
            for (std::int64_t k = b; k < e; ++k)
            {
              for (int c = 0; c < nc; ++c)
              {
                const double s0 =
                  ca::SampleBilinear(va.data(), nx, ny, nc, c, from0[2 * k], from0[2 * k + 1]);
                const double s1 =
                  ca::SampleBilinear(vb.data(), nx, ny, nc, c, from1[2 * k], from1[2 * k + 1]);
                o[k * nc + c] = ca::Lerp(s0, s1, w);
              }
            }
          }))
    {
      output->Initialize();
      return 1; // aborted: an empty image
    }
    output->GetPointData()->AddArray(out);
    if (pd0->GetScalars() == A)
    {
      output->GetPointData()->SetActiveScalars(A->GetName());
    }
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
