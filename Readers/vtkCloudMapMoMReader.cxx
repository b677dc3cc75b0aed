// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMoMReader.h"

#include "cmFileStamp.h"
#include "cmMoMFormat.h"
#include "cmSurfaceMeshToVTK.h"

#include "vtkObjectFactory.h"

vtkStandardNewMacro(vtkCloudMapMoMReader);

vtkCloudMapMoMReader::vtkCloudMapMoMReader()
{
  this->SetOutputTypes({ "vtkPolyData" });
}

vtkCloudMapMoMReader::~vtkCloudMapMoMReader() = default;

int vtkCloudMapMoMReader::CanReadFile(const char* fileName)
{
  // The first 4 KB hold the header (and any long comment block).
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeMoM(head) ? 1 : 0;
}

int vtkCloudMapMoMReader::ReadMesh(int piece, int npieces, int nghosts, int, vtkDataObject* output)
{
  // Every rank parses the whole file, so every rank sees the same error. Pieces are
  // contiguous element ranges with vertex-adjacent ghost rings. The parsed arrays become
  // the output's where they can (no copy).
  cloudmap::SurfaceMeshToPolyData(cloudmap::ReadMoMFile(this->FileName, SMPParallelFor()), piece,
    npieces, nghosts, vtkPolyData::SafeDownCast(output));
  return 1;
}

void vtkCloudMapMoMReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
