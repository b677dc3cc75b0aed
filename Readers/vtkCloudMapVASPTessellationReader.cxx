// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapVASPTessellationReader.h"

#include "cmFileStamp.h"
#include "cmOutRouting.h"

#include "vtkObjectFactory.h"

#include <cstdio>
#include <string>

vtkStandardNewMacro(vtkCloudMapVASPTessellationReader);

vtkCloudMapVASPTessellationReader::vtkCloudMapVASPTessellationReader() = default;

vtkCloudMapVASPTessellationReader::~vtkCloudMapVASPTessellationReader() = default;

int vtkCloudMapVASPTessellationReader::CanReadFile(const char* fileName)
{
  // VASP's first time step may follow a long header: look at the first 64 KB.
  return cm::LooksLikeVaspOutput(cm::FileHead(fileName, 65536)) ? 1 : 0;
}

void vtkCloudMapVASPTessellationReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
