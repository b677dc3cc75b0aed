// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFractalDimension.h"

#include "cmArrayAccess.h"
#include "cmBoxCounting.h"
#include "cmExecution.h"
#include "cmSimilarity.h"

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

#include <algorithm>
#include <string>
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

namespace
{
// The set to measure: the points of an image whose scalar (component 0) is
// above the threshold, or all the points and the segments of every line and
// polyline cell. Returns "" or the problem.
std::string GatherSet(
  vtkDataSet* input, double threshold, std::vector<double>& xyz, std::vector<long long>& segments)
{
  const vtkIdType np = input ? input->GetNumberOfPoints() : 0;
  if (auto* image = vtkImageData::SafeDownCast(input))
  {
    vtkDataArray* s = image->GetPointData()->GetScalars();
    if (!s)
    {
      return "the image has no point scalars to threshold.";
    }
    const std::vector<double> values = cm::ScalarsOf(s, 0);
    for (long long k : cm::fractal::IndicesAbove(
           values.data(), std::min<long long>(np, (long long)values.size()), threshold))
    {
      double x[3];
      image->GetPoint(k, x);
      xyz.insert(xyz.end(), x, x + 3);
    }
    return std::string();
  }
  xyz.resize(std::size_t(3 * np));
  for (vtkIdType k = 0; k < np; ++k)
  {
    input->GetPoint(k, &xyz[std::size_t(3 * k)]);
  }
  vtkNew<vtkIdList> ids;
  for (vtkIdType c = 0; np > 0 && c < input->GetNumberOfCells(); ++c)
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
  return std::string();
}

void AddField(vtkTable* table, const char* name, double v)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName(name);
  a->InsertNextValue(v);
  table->GetFieldData()->AddArray(a);
}
}

int vtkCloudMapFractalDimension::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0], 0);
  vtkTable* output = vtkTable::GetData(outputVector, 0);
  // Every rank measures the whole input; the table is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(output, outputVector);
  std::vector<double> xyz;
  std::vector<long long> segments;
  std::string problem = cm::fractal::CheckBoxLevels(this->MinimumLevel, this->MaximumLevel);
  if (problem.empty())
  {
    problem = GatherSet(input, this->Threshold, xyz, segments);
  }
  if (problem.empty() && xyz.empty())
  {
    problem = "the input has no points in the set.";
  }
  if (!problem.empty())
  {
    vtkErrorMacro("Fractal Dimension: " << problem);
    return 0;
  }
  // Progress: 0.1 once the points are gathered, then the grids of the count;
  // an abort leaves an empty table.
  this->UpdateProgress(0.1);
  auto progress = [this](double f) {
    this->UpdateProgress(0.1 + 0.9 * f);
    return this->GetAbortExecute() != 0;
  };
  const long long n = (long long)(xyz.size() / 3);
  const cm::fractal::BoxCountResult r = this->GetAbortExecute()
    ? cm::fractal::BoxCountResult{ {}, {}, {}, 0, 0, true }
    : cm::fractal::MeasureBoxCounting(xyz.data(), n, segments, this->MinimumLevel,
        this->MaximumLevel, this->StepsPerOctave, progress);
  if (r.Aborted)
  {
    output->Initialize();
    return 1;
  }
  problem = cm::fractal::CheckBoxCount(r, n);
  if (!problem.empty())
  {
    vtkErrorMacro("Fractal Dimension: " << problem);
    return 0;
  }
  this->Dimension = r.Slope;
  const auto rows = cm::fractal::BoxCountTable(r);
  for (int c = 0; c < 6; ++c)
  {
    vtkNew<vtkDoubleArray> a;
    a->SetName(cm::fractal::BoxCountColumns[c]);
    a->SetNumberOfTuples(vtkIdType(rows.size()));
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      a->SetValue(vtkIdType(k), rows[k][std::size_t(c)]);
    }
    output->AddColumn(a);
  }
  AddField(output, "BoxCountingDimension", r.Slope);
  AddField(output, "Intercept", r.Intercept);
  vtkFieldData* fd = input->GetFieldData();
  vtkDataArray* sn = fd ? fd->GetArray("SimilarityN") : nullptr;
  vtkDataArray* ss = fd ? fd->GetArray("SimilarityS") : nullptr;
  if (sn && ss && sn->GetNumberOfTuples() > 0 && ss->GetNumberOfTuples() > 0)
  {
    for (const auto& f :
      cm::fractal::SimilarityFields(sn->GetComponent(0, 0), ss->GetComponent(0, 0)))
    {
      AddField(output, f.Name, f.Value);
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
