// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapNECDeckWriter.h"

#include "cmNecDeck.h"

#include "vtkCellArray.h"
#include "vtkCellArrayIterator.h"
#include "vtkObjectFactory.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSmartPointer.h"

#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapNECDeckWriter);

vtkCloudMapNECDeckWriter::vtkCloudMapNECDeckWriter()
{
  this->SetInputType("vtkPolyData", "NEC deck");
}

vtkCloudMapNECDeckWriter::~vtkCloudMapNECDeckWriter() = default;

std::string vtkCloudMapNECDeckWriter::MakeText(vtkDataObject* data)
{
  vtkPolyData* input = vtkPolyData::SafeDownCast(data);
  if (input->GetNumberOfVerts() + input->GetNumberOfLines() + input->GetNumberOfStrips() > 0)
  {
    throw std::runtime_error(
      "the input has vertices, lines or strips: a NEC deck holds only "
      "triangle and quad patches (extract the surface, then triangulate strips)");
  }
  std::vector<double> pts(3 * static_cast<std::size_t>(input->GetNumberOfPoints()));
  for (vtkIdType i = 0; i < input->GetNumberOfPoints(); ++i)
  {
    input->GetPoint(i, &pts[3 * static_cast<std::size_t>(i)]);
  }
  std::vector<std::int64_t> offsets{ 0 }, conn;
  if (vtkCellArray* polys = input->GetPolys())
  {
    auto it = vtk::TakeSmartPointer(polys->NewIterator());
    for (it->GoToFirstCell(); !it->IsDoneWithTraversal(); it->GoToNextCell())
    {
      vtkIdType n;
      const vtkIdType* ids;
      it->GetCurrentCell(n, ids);
      conn.insert(conn.end(), ids, ids + n);
      offsets.push_back(static_cast<std::int64_t>(conn.size()));
    }
  }
  cm::NecDeckOptions o;
  o.Frequency = this->Frequency;
  o.AttachPatch = this->AttachPatch;
  o.AntennaName = this->AntennaName;
  o.WireLength = this->WireLength;
  o.WireSegments = this->WireSegments;
  o.WireRadius = this->WireRadius;
  o.ThetaSamples = this->ThetaSamples;
  o.PhiSamples = this->PhiSamples;
  o.FrequencySteps = this->FrequencySteps;
  o.FrequencyStep = this->FrequencyStep;
  o.ExtraPatches.assign(this->ExtraPatches.begin(), this->ExtraPatches.end());
  o.ExtraNames = this->ExtraNames;
  o.OneSolvePerPort = this->OneSolvePerPort;
  return cm::MakeNecDeck(pts, offsets, conn, o);
}

void vtkCloudMapNECDeckWriter::AddExtraAntenna(int patch, const char* name)
{
  this->ExtraPatches.push_back(patch);
  this->ExtraNames.push_back(
    name && *name ? name : "antenna" + std::to_string(this->ExtraPatches.size() + 1));
  this->Modified();
}

void vtkCloudMapNECDeckWriter::RemoveAllExtraAntennas()
{
  if (!this->ExtraPatches.empty())
  {
    this->ExtraPatches.clear();
    this->ExtraNames.clear();
    this->Modified();
  }
}

void vtkCloudMapNECDeckWriter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Frequency: " << this->Frequency << "\n";
  os << indent << "AttachPatch: " << this->AttachPatch << "\n";
  os << indent << "AntennaName: " << this->AntennaName << "\n";
  os << indent << "WireLength: " << this->WireLength << "\n";
  os << indent << "WireSegments: " << this->WireSegments << "\n";
  os << indent << "WireRadius: " << this->WireRadius << "\n";
  os << indent << "ThetaSamples: " << this->ThetaSamples << "\n";
  os << indent << "PhiSamples: " << this->PhiSamples << "\n";
  os << indent << "FrequencySteps: " << this->FrequencySteps << "\n";
  os << indent << "FrequencyStep: " << this->FrequencyStep << "\n";
  os << indent << "ExtraAntennas: " << this->ExtraPatches.size() << "\n";
  os << indent << "OneSolvePerPort: " << this->OneSolvePerPort << "\n";
}
