// SPDX-License-Identifier: BSD-3-Clause
#include "cmBandTable.h"

#include "vtkDoubleArray.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <initializer_list>

namespace cm::map
{
void FillBandTable(vtkTable* table, const BandSpec& spec, Palette palette)
{
  vtkNew<vtkIntArray> idx;
  idx->SetName("BandIndex");
  vtkNew<vtkDoubleArray> lower, upper;
  lower->SetName("Lower");
  upper->SetName("Upper");
  vtkNew<vtkUnsignedCharArray> red, green, blue;
  red->SetName("Red");
  green->SetName("Green");
  blue->SetName("Blue");
  vtkNew<vtkStringArray> label;
  label->SetName("Label");
  for (const BandLegendRow& row : BandLegend(spec, palette))
  {
    idx->InsertNextValue(row.Index);
    lower->InsertNextValue(row.Lower);
    upper->InsertNextValue(row.Upper);
    red->InsertNextValue(row.Color[0]);
    green->InsertNextValue(row.Color[1]);
    blue->InsertNextValue(row.Color[2]);
    label->InsertNextValue(row.Label);
  }
  table->Initialize();
  for (vtkAbstractArray* column :
    std::initializer_list<vtkAbstractArray*>{ idx, lower, upper, red, green, blue, label })
  {
    table->AddColumn(column);
  }
}
} // namespace cm::map
