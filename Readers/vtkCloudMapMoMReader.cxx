// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMoMReader.h"

#include "cmMoMFormat.h"
#include "cmFileStamp.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h"

#include "cmReaderSync.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <cstdio>

vtkStandardNewMacro(vtkCloudMapMoMReader);

cmReaderProcessRequest(vtkCloudMapMoMReader)

vtkCloudMapMoMReader::vtkCloudMapMoMReader()
{
  this->SetNumberOfInputPorts(0);
}

vtkCloudMapMoMReader::~vtkCloudMapMoMReader() = default;

int vtkCloudMapMoMReader::CanReadFile(const char* fileName)
{
  // The first 4 KB hold the header (and any long comment block).
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeMoM(head) ? 1 : 0;
}

int vtkCloudMapMoMReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // Pieces are contiguous element ranges with vertex-adjacent ghost rings.
  outputVector->GetInformationObject(0)->Set(
    vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
  return 1;
}

int vtkCloudMapMoMReader::RequestData(
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
    // Every rank parses the whole file, so every rank sees the same error.
    // The rows are parsed in blocks of lines on the SMP threads.
    const cloudmap::ParallelFor parallel = [](std::int64_t n,
                                             const std::function<void(std::int64_t, std::int64_t)>& body) {
      vtkSMPTools::For(0, n, 1, [&](vtkIdType b, vtkIdType e) { body(b, e); });
    };
    // The parsed arrays become the output's where they can (no copy).
    cloudmap::SurfaceMeshToPolyData(
      cloudmap::ReadMoMFile(this->FileName, parallel), piece, pieces, ghosts, output);
  }
  catch (const std::exception& e)
  {
    output->Initialize();
    cmReaderError(<< e.what());
    return 0;
  }
  return 1;
}

void vtkCloudMapMoMReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
}
