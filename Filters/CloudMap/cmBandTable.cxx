// SPDX-License-Identifier: BSD-3-Clause
#include "cmBandTable.h"

#include "vtkDoubleArray.h"
#include "vtkIntArray.h"
#include "vtkNew.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"

#include <cstdint>
#include <cstdio>

namespace cloudmap
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
  char buf[96];
  for (int k = 0; k < spec.N; ++k)
  {
    std::uint8_t c[3];
    BandColor(palette, k, spec.N, c);
    idx->InsertNextValue(k);
    lower->InsertNextValue(spec.Lower(k));
    upper->InsertNextValue(spec.Upper(k));
    red->InsertNextValue(c[0]);
    green->InsertNextValue(c[1]);
    blue->InsertNextValue(c[2]);
    std::snprintf(buf, sizeof buf, "%.4g - %.4g", spec.Lower(k), spec.Upper(k));
    label->InsertNextValue(buf);
  }
  table->Initialize();
  table->AddColumn(idx);
  table->AddColumn(lower);
  table->AddColumn(upper);
  table->AddColumn(red);
  table->AddColumn(green);
  table->AddColumn(blue);
  table->AddColumn(label);
}
} // namespace cloudmap
