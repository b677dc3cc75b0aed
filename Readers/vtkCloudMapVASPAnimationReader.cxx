// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapVASPAnimationReader.h"

#include "cmFileStamp.h"
#include "cmOutRouting.h"

#include "vtkObjectFactory.h"

#include <cstdio>
#include <string>

vtkStandardNewMacro(vtkCloudMapVASPAnimationReader);

vtkCloudMapVASPAnimationReader::vtkCloudMapVASPAnimationReader() = default;

vtkCloudMapVASPAnimationReader::~vtkCloudMapVASPAnimationReader() = default;

int vtkCloudMapVASPAnimationReader::CanReadFile(const char* fileName)
{
  // VASP's first time step may follow a long header: look at the first 64 KB.
  return cm::LooksLikeVaspOutput(cm::FileHead(fileName, 65536)) ? 1 : 0;
}

void vtkCloudMapVASPAnimationReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
