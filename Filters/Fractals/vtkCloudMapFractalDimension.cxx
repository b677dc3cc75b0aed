// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFractalDimension.h"

#include "cmBoxCounting.h"
#include "cmExecution.h"

#include "vtkCell.h"
#include "vtkCellArray.h"
#include "vtkDataArray.h"
#include "vtkDataSet.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkIdList.h"
#include "vtkImageData.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkTable.h"

#include <cmath>
#include <vector>

vtkStandardNewMacro(vtkCloudMapFractalDimension);

vtkCloudMapFractalDimension::vtkCloudMapFractalDimension() = default;
vtkCloudMapFractalDimension::~vtkCloudMapFractalDimension() = default;

int vtkCloudMapFractalDimension::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkDataSet");
  return 1;
}

int vtkCloudMapFractalDimension::RequestUpdateExtent(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector*)
{
  cm::RequestWholeInput(inputVector[0]->GetInformationObject(0));
  return 1;
}

int vtkCloudMapFractalDimension::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0], 0);
  vtkTable* output = vtkTable::GetData(outputVector, 0);
  // Every rank measures the whole input; the table is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(output, outputVector);
  const bool levels = this->MinimumLevel >= 0 && this->MaximumLevel >= 0;
  if (levels && this->MaximumLevel < this->MinimumLevel)
  {
    vtkErrorMacro("Fractal Dimension: MaximumLevel "
      << this->MaximumLevel << " is below MinimumLevel " << this->MinimumLevel << ".");
    return 0;
  }
  const vtkIdType np = input ? input->GetNumberOfPoints() : 0;
  std::vector<double> xyz;
  std::vector<long long> segments;
  if (auto* image = vtkImageData::SafeDownCast(input))
  {
    vtkDataArray* s = image->GetPointData()->GetScalars();
    if (!s)
    {
      vtkErrorMacro("Fractal Dimension: the image has no point scalars to threshold.");
      return 0;
    }
    for (vtkIdType k = 0; k < np; ++k)
    {
      if (s->GetComponent(k, 0) > this->Threshold)
      {
        double x[3];
        image->GetPoint(k, x);
        xyz.insert(xyz.end(), x, x + 3);
      }
    }
  }
  else if (np > 0)
  {
    xyz.resize(std::size_t(3 * np));
    for (vtkIdType k = 0; k < np; ++k)
    {
      input->GetPoint(k, &xyz[std::size_t(3 * k)]);
    }
    // Segments of every line and polyline cell.
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; c < input->GetNumberOfCells(); ++c)
    {
      const int type = input->GetCellType(c);
      if (type == VTK_LINE || type == VTK_POLY_LINE)
      {
        input->GetCellPoints(c, ids);
        for (vtkIdType k = 0; k + 1 < ids->GetNumberOfIds(); ++k)
        {
          segments.push_back(ids->GetId(k));
          segments.push_back(ids->GetId(k + 1));
        }
      }
    }
  }
  if (xyz.empty())
  {
    vtkErrorMacro("Fractal Dimension: the input has no points in the set.");
    return 0;
  }
  // Progress: 0.1 once the points are gathered, then the grids of the count;
  // an abort leaves an empty table.
  this->UpdateProgress(0.1);
  if (this->GetAbortExecute())
  {
    output->Initialize();
    return 1;
  }
  auto progress = [this](double f) {
    this->UpdateProgress(0.1 + 0.9 * f);
    return this->GetAbortExecute() != 0;
  };
  const long long n = (long long)(xyz.size() / 3);
  const double firstM = this->MinimumLevel >= 0 ? std::ldexp(1.0, this->MinimumLevel) : 0;
  const double lastM = this->MaximumLevel >= 0 ? std::ldexp(1.0, this->MaximumLevel) : 0;
  const cm::fractal::BoxCountResult r = levels
    ? cm::fractal::BoxCount(xyz.data(), n, segments, this->MinimumLevel, this->MaximumLevel,
        this->StepsPerOctave, progress)
    : cm::fractal::BoxCountFromData(
        xyz.data(), n, segments, this->StepsPerOctave, firstM, lastM, progress);
  if (r.Aborted)
  {
    output->Initialize();
    return 1;
  }
  if (r.Count.size() < 3)
  {
    vtkErrorMacro("Fractal Dimension: only " << r.Count.size()
                                             << " box sizes fit between the data's extent and its "
                                                "resolution ("
                                             << n << " points); a slope needs at least 3.");
    return 0;
  }
  this->Dimension = r.Slope;

  const char* names[] = { "Level", "BoxSize", "LogInverseBoxSize", "BoxCount", "LogBoxCount",
    "FittedLogBoxCount" };
  vtkDoubleArray* cols[6];
  for (int c = 0; c < 6; ++c)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(names[c]);
    a->SetNumberOfTuples(vtkIdType(r.Count.size()));
    output->AddColumn(a);
    cols[c] = a;
  }
  for (std::size_t k = 0; k < r.Count.size(); ++k)
  {
    const double li = std::log(1.0 / r.BoxSize[k]);
    const double v[6] = { r.Level[k], r.BoxSize[k], li, r.Count[k], std::log(r.Count[k]),
      r.Slope * li + r.Intercept };
    for (int c = 0; c < 6; ++c)
    {
      cols[c]->SetValue(vtkIdType(k), v[c]);
    }
  }
  auto addField = [&](const char* name, double v) {
    vtkNew<vtkDoubleArray> a;
    a->SetName(name);
    a->InsertNextValue(v);
    output->GetFieldData()->AddArray(a);
  };
  addField("BoxCountingDimension", r.Slope);
  addField("Intercept", r.Intercept);
  vtkFieldData* fd = input->GetFieldData();
  vtkDataArray* sn = fd ? fd->GetArray("SimilarityN") : nullptr;
  vtkDataArray* ss = fd ? fd->GetArray("SimilarityS") : nullptr;
  if (sn && ss && sn->GetNumberOfTuples() > 0 && ss->GetNumberOfTuples() > 0)
  {
    const double N = sn->GetComponent(0, 0), S = ss->GetComponent(0, 0);
    if (N > 0 && S > 0 && S < 1)
    {
      addField("SimilarityN", N);
      addField("SimilarityS", S);
      addField("SimilarityDimension", std::log(N) / std::log(1.0 / S));
    }
  }
  return 1;
}

void vtkCloudMapFractalDimension::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "MinimumLevel: " << this->MinimumLevel << "\n";
  os << indent << "MaximumLevel: " << this->MaximumLevel << "\n";
  os << indent << "StepsPerOctave: " << this->StepsPerOctave << "\n";
  os << indent << "Threshold: " << this->Threshold << "\n";
}
