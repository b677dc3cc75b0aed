// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOReader.h"

#include "cmColumnTableToVTK.h"
#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFekoPorts.h"
#include "cmFileStamp.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h" // ParseError

#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <cmath>

vtkStandardNewMacro(vtkCloudMapFEKOReader);

/// The parsed current tables and voltage sources, kept until the file changes.
struct vtkCloudMapFEKOReader::Internals
{
  std::vector<cm::SurfaceMesh> Blocks;
  std::vector<cm::FekoPort> Ports; ///< the voltage-source blocks (cmFekoPorts.h)
  std::vector<cm::FekoSourcePosition> Sources; ///< where the edge voltage sources sit
};

/// The output port of the Port Parameters table (the whole sweep).
static constexpr int PortParametersPort = 1;

vtkCloudMapFEKOReader::vtkCloudMapFEKOReader()
  : Internal(new Internals)
{
  this->SetOutputTypes({ "vtkPolyData", "vtkTable" }); // currents, port parameters
}

vtkCloudMapFEKOReader::~vtkCloudMapFEKOReader() = default;

int vtkCloudMapFEKOReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeFekoOutput(head) ? 1 : 0;
}

bool vtkCloudMapFEKOReader::OutputHoldsAllSteps(int port) const
{
  return port == PortParametersPort;
}

std::vector<double> vtkCloudMapFEKOReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // One read of the file for both parsers. The mesh and currents are what the reader
  // is for: their failure is the reader's one error. The voltage-source table is an
  // optional block: its failure is one warning and leaves only port 1 empty.
  const cm::FileText text = cm::ReadWholeFile(this->FileName);
  std::vector<std::string> notices;
  std::vector<cm::SurfaceMesh> meshes = cm::ParseFekoOutput(text, this->FileName, &notices);
  std::vector<cm::FekoPort> ports;
  try
  {
    ports = cm::ParseFekoPorts(text, this->FileName);
  }
  catch (const cm::ParseError& e)
  {
    this->WarnOptionalBlock(e.what(), "the Port Parameters output (port 1) is left empty");
  }
  // The source positions are optional too: a source without one is a notice.
  std::vector<cm::FekoSourcePosition> sources =
    cm::ParseFekoSourcePositions(text, this->FileName, &notices);
  for (const std::string& n : notices)
  {
    vtkWarningMacro(<< n); // once per parse of the file, not per update
  }
  in.Sources = std::move(sources);
  in.Blocks = std::move(meshes);
  in.Ports = std::move(ports);
  return cm::FrequencySteps(in.Blocks);
}

int vtkCloudMapFEKOReader::ReadMesh(int piece, int npieces, int nghosts, int step, vtkDataObject*)
{
  this->RequireParsed("FEKO output");
  const Internals& in = *this->Internal;
  vtkPolyData* out = vtkPolyData::SafeDownCast(this->PortOutput(0));
  const double f = this->Steps[static_cast<std::size_t>(step)];
  int k = 0;
  const cm::SurfaceMesh* pick = nullptr;
  for (const auto& m : in.Blocks)
  {
    // The RequestIndex-th table at the requested frequency (a mesh-only run has f = 0).
    if (std::abs(m.Frequency - f) <= 1e-9 * std::abs(f) && k++ == this->RequestIndex)
    {
      pick = &m;
    }
  }
  if (!pick)
  {
    vtkWarningMacro(<< "RequestIndex " << this->RequestIndex << " is out of range: " << k
                    << " current table(s) at " << f << " Hz");
  }
  else
  {
    cm::SurfaceMeshToPolyData(*pick, piece, npieces, nghosts, out);
    vtkNew<vtkStringArray> name;
    name->SetName("RequestName");
    name->InsertNextValue(pick->Name);
    out->GetFieldData()->AddArray(name);
    if (!in.Sources.empty())
    {
      // The edge voltage sources: SourceName and SourcePosition[m] (N x 3).
      vtkNew<vtkStringArray> names;
      names->SetName("SourceName");
      vtkNew<vtkDoubleArray> xyz;
      xyz->SetName("SourcePosition[m]");
      xyz->SetNumberOfComponents(3);
      for (const auto& src : in.Sources)
      {
        names->InsertNextValue(src.Name);
        xyz->InsertNextTuple(src.Position);
      }
      out->GetFieldData()->AddArray(names);
      out->GetFieldData()->AddArray(xyz);
    }
  }
  // Every voltage source of every frequency at once (rows on piece 0).
  cm::ColumnTableToVTK(cm::FekoPortTable(in.Ports, this->ReferenceImpedance), piece,
    vtkTable::SafeDownCast(this->PortOutput(PortParametersPort)));
  return 1;
}

void vtkCloudMapFEKOReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "RequestIndex: " << this->RequestIndex << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
