// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapNECReader.h"

#include "cmNecOutput.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkIntArray.h"
#include "vtkMath.h"
#include "vtkNew.h"
#include "vtkPoints.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cmath>
#include <cstdio>

vtkStandardNewMacro(vtkCloudMapNECReader);

vtkCloudMapNECReader::vtkCloudMapNECReader()
{
  this->SetNumberOfInputPorts(0);
  this->SetNumberOfOutputPorts(2);
}

namespace
{
// Wire segments as lines (centre ± direction·length/2) with their currents.
// Wires are few, so piece 0 carries them all and the other pieces none.
void WiresToPolyData(const std::vector<cloudmap::NecWireSegment>& wires, vtkPolyData* out)
{
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkDoubleArray> re, im, mag, phase;
  re->SetName("I_real");
  im->SetName("I_imag");
  mag->SetName("|I|");
  phase->SetName("I_phase");
  vtkNew<vtkIntArray> tag;
  tag->SetName("Tag");
  for (const auto& w : wires)
  {
    double a[3], b[3];
    for (int d = 0; d < 3; ++d)
    {
      a[d] = w.Centre[d] - 0.5 * w.Length * w.Direction[d];
      b[d] = w.Centre[d] + 0.5 * w.Length * w.Direction[d];
    }
    const vtkIdType ids[2] = { pts->InsertNextPoint(a), pts->InsertNextPoint(b) };
    lines->InsertNextCell(2, ids);
    re->InsertNextValue(w.CurrentReal);
    im->InsertNextValue(w.CurrentImag);
    mag->InsertNextValue(std::hypot(w.CurrentReal, w.CurrentImag));
    phase->InsertNextValue(std::atan2(w.CurrentImag, w.CurrentReal) * 180.0 / vtkMath::Pi());
    tag->InsertNextValue(static_cast<int>(w.Tag));
  }
  out->SetPoints(pts);
  out->SetLines(lines);
  out->GetCellData()->AddArray(re);
  out->GetCellData()->AddArray(im);
  out->GetCellData()->AddArray(mag);
  out->GetCellData()->AddArray(phase);
  out->GetCellData()->AddArray(tag);
  out->GetCellData()->SetActiveScalars("|I|");
}
} // namespace

vtkCloudMapNECReader::~vtkCloudMapNECReader() = default;

int vtkCloudMapNECReader::CanReadFile(const char* fileName)
{
  if (!fileName)
  {
    return 0;
  }
  FILE* f = std::fopen(fileName, "rb");
  if (!f)
  {
    return 0;
  }
  // The banner and the comment block come first; 4 KB also covers a long comment.
  char head[4096];
  const std::size_t n = std::fread(head, 1, sizeof head, f);
  std::fclose(f);
  return cloudmap::LooksLikeNecOutput(std::string_view(head, n)) ? 1 : 0;
}

int vtkCloudMapNECReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // Pieces are contiguous patch ranges with vertex-adjacent ghost rings.
  outputVector->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  outputVector->GetInformationObject(1)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapNECReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  vtkPolyData* wires = vtkPolyData::GetData(outputVector, 1);
  const int piece = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  const int pieces = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  const int ghosts =
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  try
  {
    // Every rank parses the whole file (NEC output is small next to its solve time),
    // so every rank sees the same error.
    const cloudmap::NecOutput nec = cloudmap::ReadNecOutputFile(this->FileName);
    cloudmap::SurfaceMeshToPolyData(nec.Solutions.front().Mesh, piece, pieces, ghosts, output);
    wires->Initialize();
    if (piece == 0 && !nec.Solutions.empty())
    {
      WiresToPolyData(nec.Solutions.front().Wires, wires);
    }
  }
  catch (const std::exception& e)
  {
    output->Initialize();
    wires->Initialize();
    vtkErrorMacro(<< e.what());
    return 0;
  }
  return 1;
}

void vtkCloudMapNECReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
}
