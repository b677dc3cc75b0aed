// SPDX-License-Identifier: BSD-3-Clause
// The NEC-2 reader's wire and pattern ports and its frequency time steps, on a dipole
// swept over three frequencies by nec2c during the test: TIME_STEPS are the frequencies
// in Hz on every port, each time step shows that frequency's currents and pattern, the
// pattern table follows the far-field contract, and pieces other than 0 are empty.
#include "../Core/cmTestFiles.h"
#include "cmCheck.h"
#include "vtkCellData.h"
#include "vtkCloudMapNECReader.h"
#include "vtkDataArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkNew.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace
{
void Write(const std::string& path, const char* text)
{
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fputs(text, f);
  std::fclose(f);
}
} // namespace

int TestNecReaderPatterns(int, char*[])
{
  const std::string tmp = CLOUDMAP_TEMP_DIR;
  const std::string deck = tmp + "/reader_sweep.nec", out = tmp + "/reader_sweep.out";
  Write(deck,
    "CM dipole sweep\nCE\nGW 1 21 0 0 -0.5 0 0 0.5 0.001\nGE 0\n"
    "FR 0 3 0 0 130 10\nEX 0 1 11 0 1 0\nRP 0 19 3 1000 0 0 10 45\nEN\n");
  std::remove(out.c_str());
  if (!RunNec2c(deck, out))
  {
    std::printf("FAIL: nec2c did not run on %s\n", deck.c_str());
    return EXIT_FAILURE;
  }

  vtkNew<vtkCloudMapNECReader> reader;
  reader->SetFileName(out.c_str());
  reader->UpdateInformation();
  CM_CHECK(reader->GetNumberOfFrequencies() == 3);
  for (int port = 0; port < 3; ++port)
  {
    vtkInformation* info = reader->GetOutputInformation(port);
    CM_CHECK(info->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) == 3);
    const double* t = info->Get(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    CM_CHECK(t && t[0] == 130e6 && t[1] == 140e6 && t[2] == 150e6);
    const double* r = info->Get(vtkStreamingDemandDrivenPipeline::TIME_RANGE());
    CM_CHECK(r && r[0] == 130e6 && r[1] == 150e6);
  }

  double lastPeak = -1;
  for (double f : { 130e6, 140e6, 150e6 })
  {
    reader->UpdateTimeStep(f);
    vtkPolyData* patches = vtkPolyData::SafeDownCast(reader->GetOutputDataObject(0));
    vtkPolyData* wires = vtkPolyData::SafeDownCast(reader->GetOutputDataObject(1));
    vtkTable* table = vtkTable::SafeDownCast(reader->GetOutputDataObject(2));
    CM_CHECK(patches && patches->GetNumberOfCells() == 0);
    CM_CHECK(wires && wires->GetNumberOfCells() == 21 && wires->GetNumberOfLines() == 21);
    CM_CHECK(table && table->GetNumberOfRows() == 57);
    if (!patches || !wires || !table || table->GetNumberOfRows() != 57)
    {
      break;
    }
    CM_CHECK(patches->GetFieldData()->GetArray("Frequency")->GetTuple1(0) == f);
    CM_CHECK(wires->GetFieldData()->GetArray("Frequency")->GetTuple1(0) == f);
    CM_CHECK(table->GetFieldData()->GetArray("Frequency")->GetTuple1(0) == f);
    CM_CHECK(table->GetInformation()->Get(vtkDataObject::DATA_TIME_STEP()) == f);
    CM_CHECK(table->GetFieldData()->GetArray("NumberOfTheta")->GetTuple1(0) == 19);
    CM_CHECK(table->GetFieldData()->GetArray("NumberOfPhi")->GetTuple1(0) == 3);
    auto* kind = vtkStringArray::SafeDownCast(table->GetFieldData()->GetAbstractArray("GainKind"));
    CM_CHECK(kind && kind->GetValue(0) == "Gain");
    for (const char* c : { "Theta", "Phi", "Etheta_re", "Etheta_im", "Ephi_re", "Ephi_im",
           "|Etheta|", "|Ephi|", "|E|", "Gain", "Gain_vert", "Gain_horiz", "AxialRatio", "Tilt" })
    {
      CM_CHECK(vtkDataArray::SafeDownCast(table->GetColumnByName(c)) != nullptr);
    }
    CM_CHECK(vtkStringArray::SafeDownCast(table->GetColumnByName("Sense")) != nullptr);
    vtkDataArray* th = vtkDataArray::SafeDownCast(table->GetColumnByName("Theta"));
    vtkDataArray* ph = vtkDataArray::SafeDownCast(table->GetColumnByName("Phi"));
    vtkDataArray* gain = vtkDataArray::SafeDownCast(table->GetColumnByName("Gain"));
    vtkDataArray* e = vtkDataArray::SafeDownCast(table->GetColumnByName("|E|"));
    vtkDataArray* et = vtkDataArray::SafeDownCast(table->GetColumnByName("|Etheta|"));
    // θ fastest; θ = 0 and 180 are -999.99 rows with exactly zero field.
    CM_CHECK(th->GetTuple1(1) == 10 && ph->GetTuple1(1) == 0 && th->GetTuple1(19) == 0 &&
      ph->GetTuple1(19) == 45);
    CM_CHECK(gain->GetTuple1(0) == -999.99 && e->GetTuple1(0) == 0 && e->GetTuple1(18) == 0);
    CM_CHECK(std::abs(e->GetTuple1(9) - et->GetTuple1(9)) < 1e-15 && e->GetTuple1(9) > 0);
    // The broadside gain rises towards resonance (λ/2 = 1 m near 150 MHz).
    CM_CHECK(gain->GetTuple1(9) > lastPeak);
    lastPeak = gain->GetTuple1(9);
    // The feed segment (11) carries the largest current below resonance.
    vtkDataArray* mag = wires->GetCellData()->GetArray("|I|");
    vtkIdType top = 0;
    for (vtkIdType c = 0; c < mag->GetNumberOfTuples(); ++c)
    {
      top = mag->GetTuple1(c) > mag->GetTuple1(top) ? c : top;
    }
    CM_CHECK(f == 150e6 || top == 10);
    double b[6];
    wires->GetBounds(b);
    CM_CHECK(std::abs(b[4] + 0.5) < 1e-3 && std::abs(b[5] - 0.5) < 1e-3); // metres, not wavelengths
  }

  // Piece 1 of 2: the table keeps its columns and field data but no rows.
  reader->UpdatePiece(1, 2, 0);
  vtkTable* t1 = vtkTable::SafeDownCast(reader->GetOutputDataObject(2));
  CM_CHECK(t1 && t1->GetNumberOfRows() == 0 && t1->GetNumberOfColumns() > 10);
  CM_CHECK(vtkPolyData::SafeDownCast(reader->GetOutputDataObject(1))->GetNumberOfCells() == 0);

  // A second pattern index that does not exist gives an empty table.
  reader->SetPatternIndex(1);
  std::printf("(a warning about PatternIndex is expected next)\n");
  std::fflush(stdout);
  reader->UpdatePiece(0, 1, 0);
  CM_CHECK(vtkTable::SafeDownCast(reader->GetOutputDataObject(2))->GetNumberOfRows() == 0);

  return cmReport("TestNecReaderPatterns");
}
