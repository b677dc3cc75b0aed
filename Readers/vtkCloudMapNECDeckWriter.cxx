// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapNECDeckWriter.h"

#include "cmNecDeck.h"

#include "vtkCellArray.h"
#include "vtkCellArrayIterator.h"
#include "vtkDemandDrivenPipeline.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSmartPointer.h"

#include <cstdio>
#include <memory>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapNECDeckWriter);

vtkCloudMapNECDeckWriter::vtkCloudMapNECDeckWriter()
{
  this->SetNumberOfInputPorts(1);
  this->SetNumberOfOutputPorts(0);
}

vtkCloudMapNECDeckWriter::~vtkCloudMapNECDeckWriter() = default;

int vtkCloudMapNECDeckWriter::FillInputPortInformation(int, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPolyData");
  return 1;
}

int vtkCloudMapNECDeckWriter::Write()
{
  if (this->GetNumberOfInputConnections(0) < 1)
  {
    vtkErrorMacro(<< "no input to write");
    return 0;
  }
  // Like vtkWriter: always write, even when nothing changed upstream.
  this->Failed = false;
  this->Modified();
  this->UpdateWholeExtent();
  return this->Failed ? 0 : 1;
}

vtkTypeBool vtkCloudMapNECDeckWriter::ProcessRequest(
  vtkInformation* request, vtkInformationVector** inInfo, vtkInformationVector* outInfo)
{
  if (request->Has(vtkDemandDrivenPipeline::REQUEST_DATA()))
  {
    vtkPolyData* input = vtkPolyData::GetData(inInfo[0], 0);
    const int ok = input ? this->WriteData(input) : 0;
    if (!input)
    {
      vtkErrorMacro(<< "the input is not a vtkPolyData");
    }
    this->Failed = !ok;
    return ok;
  }
  return this->Superclass::ProcessRequest(request, inInfo, outInfo);
}

int vtkCloudMapNECDeckWriter::WriteData(vtkPolyData* input)
{
  if (this->FileName.empty())
  {
    vtkErrorMacro(<< "no file name to write the NEC deck to");
    return 0;
  }
  if (input->GetNumberOfVerts() + input->GetNumberOfLines() + input->GetNumberOfStrips() > 0)
  {
    vtkErrorMacro(<< "the input has vertices, lines or strips: a NEC deck holds only "
                     "triangle and quad patches (extract the surface, then triangulate strips)");
    return 0;
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
  cloudmap::NecDeckOptions o;
  o.Frequency = this->Frequency;
  o.AttachPatch = this->AttachPatch;
  o.AntennaName = this->AntennaName;
  o.WireLength = this->WireLength;
  o.WireSegments = this->WireSegments;
  o.WireRadius = this->WireRadius;
  o.ThetaSamples = this->ThetaSamples;
  o.PhiSamples = this->PhiSamples;
  std::string deck;
  try
  {
    deck = cloudmap::MakeNecDeck(pts, offsets, conn, o);
  }
  catch (const std::exception& e)
  {
    vtkErrorMacro(<< "cannot write " << this->FileName << ": " << e.what());
    return 0;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(this->FileName.c_str(), "wb"), &std::fclose);
  if (!f || std::fwrite(deck.data(), 1, deck.size(), f.get()) != deck.size())
  {
    vtkErrorMacro(<< "cannot write " << this->FileName);
    return 0;
  }
  return 1;
}

void vtkCloudMapNECDeckWriter::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "Frequency: " << this->Frequency << "\n";
  os << indent << "AttachPatch: " << this->AttachPatch << "\n";
  os << indent << "AntennaName: " << this->AntennaName << "\n";
  os << indent << "WireLength: " << this->WireLength << "\n";
  os << indent << "WireSegments: " << this->WireSegments << "\n";
  os << indent << "WireRadius: " << this->WireRadius << "\n";
  os << indent << "ThetaSamples: " << this->ThetaSamples << "\n";
  os << indent << "PhiSamples: " << this->PhiSamples << "\n";
}
