// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapNECReader.h"

#include "cmNecOutput.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cstdio>

vtkStandardNewMacro(vtkCloudMapNECReader);

vtkCloudMapNECReader::vtkCloudMapNECReader()
{
  this->SetNumberOfInputPorts(0);
}

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
  return 1;
}

int vtkCloudMapNECReader::RequestData(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPolyData* output = vtkPolyData::GetData(outInfo);
  const int piece = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  const int pieces = outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  const int ghosts =
    outInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  try
  {
    // Every rank parses the whole file (NEC output is small next to its solve time),
    // so every rank sees the same error.
    const cloudmap::SurfaceMesh mesh = cloudmap::ReadNecSurfaceMesh(this->FileName);
    cloudmap::SurfaceMeshToPolyData(mesh, piece, pieces, ghosts, output);
  }
  catch (const std::exception& e)
  {
    output->Initialize();
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
