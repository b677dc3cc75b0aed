// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapVASPAnimationReader.h"

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
  std::string head;
  if (FILE* f = fileName ? std::fopen(fileName, "rb") : nullptr)
  {
    head.resize(65536);
    head.resize(std::fread(&head[0], 1, head.size(), f));
    std::fclose(f);
  }
  return cm::LooksLikeVaspOutput(head) ? 1 : 0;
}

void vtkCloudMapVASPAnimationReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}
