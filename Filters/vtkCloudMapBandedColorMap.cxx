// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapBandedColorMap.h"

#include "cmBanding.h"
#include "cmVTKAccess.h"

#include "vtkCellData.h"
#include "vtkDataSet.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkSMPTools.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"
#include "vtkUnsignedShortArray.h"

#include <cstdio>

vtkStandardNewMacro(vtkCloudMapBandedColorMap);

vtkCloudMapBandedColorMap::vtkCloudMapBandedColorMap()
{
  this->SetNumberOfOutputPorts(2);
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapBandedColorMap::~vtkCloudMapBandedColorMap() = default;

int vtkCloudMapBandedColorMap::FillOutputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkDataObject::DATA_TYPE_NAME(), "vtkTable");
    return 1;
  }
  return this->Superclass::FillOutputPortInformation(port, info);
}

int vtkCloudMapBandedColorMap::RequestDataObject(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataObject* input = vtkDataObject::GetData(inputVector[0]);
  if (!input)
  {
    return 0;
  }
  vtkInformation* info0 = outputVector->GetInformationObject(0);
  vtkDataObject* out0 = vtkDataObject::GetData(info0);
  if (!out0 || !out0->IsA(input->GetClassName()))
  {
    vtkSmartPointer<vtkDataObject> o = vtk::TakeSmartPointer(input->NewInstance());
    info0->Set(vtkDataObject::DATA_OBJECT(), o);
  }
  vtkInformation* info1 = outputVector->GetInformationObject(1);
  if (!vtkTable::GetData(info1))
  {
    vtkNew<vtkTable> t;
    info1->Set(vtkDataObject::DATA_OBJECT(), t);
  }
  return 1;
}

int vtkCloudMapBandedColorMap::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkDataSet* output = vtkDataSet::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);
  if (!input || !output)
  {
    vtkErrorMacro(<< "Banded Color Map needs a vtkDataSet input");
    return 0;
  }
  output->ShallowCopy(input);

  int association = -1;
  vtkDataArray* values = this->GetInputArrayToProcess(0, inputVector, association);
  if (!values)
  {
    vtkErrorMacro(<< "no array to band: select a point or cell array");
    return 0;
  }
  if (this->Component >= values->GetNumberOfComponents())
  {
    vtkErrorMacro(<< "array '" << values->GetName() << "' has "
                  << values->GetNumberOfComponents() << " components; component "
                  << this->Component << " does not exist");
    return 0;
  }
  const bool onCells = association == vtkDataObject::FIELD_ASSOCIATION_CELLS;
  vtkDataSetAttributes* attrs = onCells ? static_cast<vtkDataSetAttributes*>(output->GetCellData())
                                        : static_cast<vtkDataSetAttributes*>(output->GetPointData());
  vtkUnsignedCharArray* ghosts = onCells ? input->GetCellGhostArray() : input->GetPointGhostArray();

  const std::vector<double> scalars = cloudmap::ScalarsOf(values, this->Component);
  cloudmap::BandSpec spec;
  spec.N = this->NumberOfBands;
  if (this->UseCustomRange)
  {
    if (!(this->Range[1] >= this->Range[0]))
    {
      vtkErrorMacro(<< "custom range [" << this->Range[0] << ", " << this->Range[1]
                    << "] is empty or reversed");
      return 0;
    }
    spec.Min = this->Range[0];
    spec.Max = this->Range[1];
  }
  else
  {
    double r[2];
    if (!cloudmap::GlobalRange(scalars, ghosts, r))
    {
      // No finite value anywhere: a defined, visible result rather than garbage.
      r[0] = 0;
      r[1] = 1;
    }
    spec.Min = r[0];
    spec.Max = r[1];
  }
  this->UsedRange[0] = spec.Min;
  this->UsedRange[1] = spec.Max;

  const vtkIdType n = values->GetNumberOfTuples();
  const auto palette = static_cast<cloudmap::Palette>(this->Palette);
  // Colour of each band, NaN colour last.
  std::vector<std::uint8_t> lut(3 * (spec.N + 1));
  for (int k = 0; k <= spec.N; ++k)
  {
    cloudmap::BandColor(palette, k, spec.N, &lut[3 * k]);
  }
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetName("BandColor");
  colors->SetNumberOfComponents(3);
  colors->SetNumberOfTuples(n);
  std::uint8_t* rgb = colors->GetPointer(0);

  auto fill = [&](auto* bandArray) {
    auto* bands = bandArray->GetPointer(0);
    vtkSMPTools::For(0, n, [&](vtkIdType b, vtkIdType e) {
      for (vtkIdType i = b; i < e; ++i)
      {
        const int k = spec.Band(scalars[i]);
        bands[i] = static_cast<std::remove_reference_t<decltype(bands[i])>>(k);
        rgb[3 * i] = lut[3 * k];
        rgb[3 * i + 1] = lut[3 * k + 1];
        rgb[3 * i + 2] = lut[3 * k + 2];
      }
    });
    bandArray->SetName("BandIndex");
    attrs->AddArray(bandArray);
  };
  // The smallest sufficient type: N ≤ 255 leaves room for the NaN marker N in 8 bits.
  if (spec.N <= 255)
  {
    vtkNew<vtkUnsignedCharArray> bands;
    bands->SetNumberOfTuples(n);
    fill(bands.GetPointer());
  }
  else
  {
    vtkNew<vtkUnsignedShortArray> bands;
    bands->SetNumberOfTuples(n);
    fill(bands.GetPointer());
  }
  attrs->AddArray(colors);
  attrs->SetActiveScalars("BandColor");

  cloudmap::FillBandTable(table, spec, palette);
  return 1;
}

void vtkCloudMapBandedColorMap::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "NumberOfBands: " << this->NumberOfBands << "\n"
     << indent << "Component: " << this->Component << "\n"
     << indent << "UseCustomRange: " << this->UseCustomRange << "\n"
     << indent << "Range: " << this->Range[0] << " " << this->Range[1] << "\n"
     << indent << "Palette: " << this->Palette << "\n";
}
