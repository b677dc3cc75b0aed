// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapMoMReader.h"

#include "cmExecution.h" // cm::SMPFor
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
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeMoM(head) ? 1 : 0;
}

int vtkCloudMapMoMReader::ReadMesh(int piece, int npieces, int nghosts, int, vtkDataObject* output)
{
  // Every rank parses the whole file, so every rank sees the same error. Pieces are
  // contiguous element ranges with vertex-adjacent ghost rings. The parsed arrays become
  // the output's where they can (no copy).
  cm::SurfaceMeshToPolyData(cm::ReadMoMFile(this->FileName, cm::SMPFor()), piece, npieces, nghosts,
    vtkPolyData::SafeDownCast(output));
  return 1;
}

void vtkCloudMapMoMReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
