// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFEKOReader.h"

#include "cmColumnTableToVTK.h"
#include "cmExecution.h" // cm::SMPFor
#include "cmFarFieldToVTK.h"
#include "cmFekoFormat.h"
#include "cmFekoOutFields.h"
#include "cmFekoPorts.h"
#include "cmFekoWires.h"
#include "cmFileStamp.h"
#include "cmNearFieldToVTK.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h" // ParseError

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDoubleArray.h"
#include "vtkExtentTranslator.h"
#include "vtkInformation.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStructuredGrid.h"
#include "vtkFieldData.h"
#include "vtkIntArray.h"
#include "vtkPoints.h"
#include "vtkSMPTools.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkStringArray.h"
#include "vtkTable.h"

#include <algorithm>
#include <exception>
#include <cmath>
#include <map>

vtkStandardNewMacro(vtkCloudMapFEKOReader);

/// The parsed current tables and voltage sources, kept until the file changes.
struct vtkCloudMapFEKOReader::Internals
{
  std::vector<cm::SurfaceMesh> Blocks;
  std::vector<cm::FekoPort> Ports; ///< the voltage-source blocks (cmFekoPorts.h)
  std::vector<cm::FekoSourcePosition> Sources; ///< where the edge and segment sources sit
  cm::FekoWires Wires; ///< DATA OF THE SEGMENTS and the segment current tables
  cm::Network Network; ///< the SCATTERING PARAMETERS blocks
  std::vector<cm::FarFieldGrid> Patterns; ///< the far-field tables, in file order
  std::vector<cm::FekoNearField> NearFields; ///< the near-field grids, in file order
};

/// The output port of the Port Parameters table (the whole sweep).
static constexpr int PortParametersPort = 1;
/// The wire segments as lines with their currents.
static constexpr int WiresPort = 2;
/// The N-port network of the SCATTERING PARAMETERS blocks (the whole sweep).
static constexpr int NetworkPort = 3;
/// The far-field table (the PatternIndex-th of the frequency).
static constexpr int PatternPort = 4;
/// The near-field grid (the NearFieldIndex-th of the frequency).
static constexpr int NearFieldPort = 5;

namespace
{
bool Near(double a, double b)
{
  return std::abs(a - b) <= 1e-9 * std::abs(b);
}

/// Tag per segment: its label when that is an integer, else the label's 1-based rank
/// among the distinct labels in file order (FEKO labels are names).
std::vector<int> SegmentTags(const std::vector<cm::FekoSegment>& segs)
{
  std::map<std::string, int> ranks;
  std::vector<int> tags;
  for (const auto& s : segs)
  {
    std::int64_t n = 0;
    if (cm::ParseInt(s.Label, n) && n >= 0 && n < 1000000000)
    {
      tags.push_back(static_cast<int>(n));
      continue;
    }
    const auto it = ranks.emplace(s.Label, static_cast<int>(ranks.size()) + 1).first;
    tags.push_back(it->second);
  }
  return tags;
}

/// The segments as lines (start, end) with I_real, I_imag, |I|, I_phase (A, degrees),
/// Tag and Label; without a table (`t` null) the geometry with Tag and Label only.
void WiresToPolyData(
  const std::vector<cm::FekoSegment>& segs, const cm::FekoSegmentCurrents* t, vtkPolyData* out)
{
  vtkNew<vtkPoints> pts;
  pts->SetDataTypeToDouble();
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkDoubleArray> re, im, mag, phase;
  re->SetName("I_real");
  im->SetName("I_imag");
  mag->SetName("|I|");
  phase->SetName("I_phase");
  vtkNew<vtkIntArray> tag;
  tag->SetName("Tag");
  vtkNew<vtkStringArray> label;
  label->SetName("Label");
  const std::vector<int> tags = SegmentTags(segs);
  vtkNew<vtkCellArray> verts;
  for (std::size_t i = 0; i < segs.size(); ++i)
  {
    if (segs[i].Length == 0)
    {
      // No DATA OF THE SEGMENTS: a point at the printed centre.
      const vtkIdType id = pts->InsertNextPoint(segs[i].Start);
      verts->InsertNextCell(1, &id);
    }
    else
    {
      const vtkIdType ids[2] = { pts->InsertNextPoint(segs[i].Start),
        pts->InsertNextPoint(segs[i].End) };
      lines->InsertNextCell(2, ids);
    }
    tag->InsertNextValue(tags[i]);
    label->InsertNextValue(segs[i].Label);
    if (t)
    {
      const std::complex<double> c = t->Current[i];
      re->InsertNextValue(c.real());
      im->InsertNextValue(c.imag());
      mag->InsertNextValue(std::abs(c));
      phase->InsertNextValue(std::arg(c) * 180.0 / 3.14159265358979323846);
    }
  }
  out->SetPoints(pts);
  out->SetVerts(verts);
  out->SetLines(lines);
  if (t)
  {
    out->GetCellData()->AddArray(re);
    out->GetCellData()->AddArray(im);
    out->GetCellData()->AddArray(mag);
    out->GetCellData()->AddArray(phase);
    out->GetCellData()->SetActiveScalars("|I|");
  }
  out->GetCellData()->AddArray(tag);
  out->GetCellData()->AddArray(label);
}

/// The sources as field data SourceName and SourcePosition[m] (N x 3).
void AddSources(vtkDataObject* d, const std::vector<cm::FekoSourcePosition>& sources)
{
  if (sources.empty())
  {
    return;
  }
  vtkNew<vtkStringArray> names;
  names->SetName("SourceName");
  vtkNew<vtkDoubleArray> xyz;
  xyz->SetName("SourcePosition[m]");
  xyz->SetNumberOfComponents(3);
  for (const auto& src : sources)
  {
    names->InsertNextValue(src.Name);
    xyz->InsertNextTuple(src.Position);
  }
  d->GetFieldData()->AddArray(names);
  d->GetFieldData()->AddArray(xyz);
}

void AddFieldString(vtkDataObject* d, const char* name, const std::string& value)
{
  vtkNew<vtkStringArray> a;
  a->SetName(name);
  a->InsertNextValue(value);
  d->GetFieldData()->AddArray(a);
}

void AddFrequency(vtkDataObject* d, double f)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName("Frequency");
  a->InsertNextValue(f);
  d->GetFieldData()->AddArray(a);
}

} // namespace

vtkCloudMapFEKOReader::vtkCloudMapFEKOReader()
  : Internal(new Internals)
{
  // Surface currents, port parameters, wires, network, radiation pattern, near field.
  this->SetOutputTypes(
    { "vtkPolyData", "vtkTable", "vtkPolyData", "vtkTable", "vtkTable", "vtkStructuredGrid" });
}

vtkCloudMapFEKOReader::~vtkCloudMapFEKOReader() = default;

int vtkCloudMapFEKOReader::CanReadFile(const char* fileName)
{
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeFekoOutput(head) ? 1 : 0;
}

bool vtkCloudMapFEKOReader::OutputHoldsAllSteps(int port) const
{
  return port == PortParametersPort || port == NetworkPort;
}

namespace
{
/// One parser of the .out text run beside the others: what it threw and its notices.
struct TextParse
{
  std::exception_ptr Error;
  std::vector<std::string> Notices;
  /// Appends the notices to `all` and rethrows the error, where the serial reader met them.
  void Take(std::vector<std::string>& all) const
  {
    all.insert(all.end(), this->Notices.begin(), this->Notices.end());
    if (this->Error)
    {
      std::rethrow_exception(this->Error);
    }
  }
};
}

/// What the parsers of the text made of it, before the reader takes it (ParseFile).
struct vtkCloudMapFEKOReader::Parses
{
  enum Parser
  {
    MeshRun,
    WiresRun,
    PortsRun,
    ScatteringRun,
    FarFieldsRun,
    NearFieldsRun,
    SourcesRun,
    Count
  };
  TextParse Runs[Count];
  std::vector<cm::SurfaceMesh> Meshes;
  cm::FekoWires Wires;
  std::vector<cm::FekoSourcePosition> Sources;
};

std::vector<double> vtkCloudMapFEKOReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // One read of the file for every parser. The mesh and currents (triangles, or the
  // wires of a wire-only model) are what the reader is for: their failure is the
  // reader's one error. The rest are optional blocks: a failure is one warning and
  // leaves only its own port empty.
  const cm::FileText text = cm::ReadWholeFile(this->FileName, 1ull << 34, cm::SMPFor());
  // The seven parsers each read the whole text and share nothing: they run side by side
  // on the threads (each with its own notices); their results, errors and notices are
  // then taken in the order below, the order of a serial run, so the output, the error
  // and the warnings are the same on any thread count.
  Parses p;
  const std::string& name = this->FileName;
  const std::string_view t = text;
  vtkSMPTools::For(0, Parses::Count, 1, [&](vtkIdType b, vtkIdType e) {
    for (vtkIdType k = b; k < e; ++k)
    {
      TextParse& run = p.Runs[k];
      try
      {
        switch (k)
        {
          case Parses::MeshRun:
            p.Meshes = cm::ParseFekoOutput(t, name, &run.Notices, cm::SMPFor());
            break;
          case Parses::WiresRun: p.Wires = cm::ParseFekoWires(t, name, &run.Notices); break;
          case Parses::PortsRun: in.Ports = cm::ParseFekoPorts(t, name); break;
          case Parses::ScatteringRun: in.Network = cm::ParseFekoScattering(t, name); break;
          case Parses::FarFieldsRun:
            in.Patterns = cm::ParseFekoOutFarFields(t, name, &run.Notices);
            break;
          case Parses::NearFieldsRun:
            in.NearFields = cm::ParseFekoOutNearFields(t, name, &run.Notices);
            break;
          default: p.Sources = cm::ParseFekoSourcePositions(t, name, &run.Notices);
        }
      }
      catch (...)
      {
        run.Error = std::current_exception();
      }
    }
  });
  this->TakeParses(p, t);
  // The time steps: every frequency some output has.
  std::vector<double> f = cm::FrequencySteps(in.Blocks);
  for (const auto& w : in.Wires.Tables)
  {
    f.push_back(w.Frequency);
  }
  for (const auto& g : in.Patterns)
  {
    f.push_back(g.Frequency);
  }
  for (const auto& g : in.NearFields)
  {
    f.push_back(g.Frequency);
  }
  f = cm::DistinctFrequencies(std::move(f));
  if (f.empty())
  {
    f.push_back(0); // a mesh or wires without any current table
  }
  return f;
}

void vtkCloudMapFEKOReader::TakeParses(Parses& p, std::string_view text)
{
  Internals& in = *this->Internal;
  std::vector<std::string> notices;
  std::vector<cm::SurfaceMesh> meshes;
  std::exception_ptr noMesh; // why the file has no triangles (a wire model's ParseError)
  try
  {
    p.Runs[Parses::MeshRun].Take(notices);
    meshes = std::move(p.Meshes);
  }
  catch (const cm::ParseError& e)
  {
    // A wire model without DATA OF THE SEGMENTS (CADFEKO runs print none) is refused by
    // the mesh parser; it is read when its segment current table is there.
    if (!cm::LooksLikeFekoOutput(text.substr(0, 4096)))
    {
      throw;
    }
    noMesh = std::current_exception();
  }
  cm::FekoWires wires;
  try
  {
    p.Runs[Parses::WiresRun].Take(notices);
    wires = std::move(p.Wires);
  }
  catch (const cm::ParseError& e)
  {
    if (meshes.empty())
    {
      throw; // a wire-only model: the wires are the reader's output
    }
    this->WarnOptionalBlock(e.what(), "the Wires output (port 2) is left empty");
  }
  this->ParseOptionalBlocks(p, notices);
  // A wire model without segment data is read for its other blocks (currents, sources,
  // S-parameters, fields); with none of them, the mesh parser's error stands.
  if (noMesh && wires.Segments.empty() && in.Ports.empty() && in.Network.Ports.empty() &&
    in.Patterns.empty() && in.NearFields.empty())
  {
    std::rethrow_exception(noMesh);
  }
  // The source positions are optional too: a source without one is a notice.
  p.Runs[Parses::SourcesRun].Take(notices);
  std::vector<cm::FekoSourcePosition> sources = std::move(p.Sources);
  for (auto& s : cm::FekoSegmentSourcePositions(wires, in.Ports, this->FileName, &notices))
  {
    sources.push_back(std::move(s));
  }
  for (const std::string& n : notices)
  {
    vtkWarningMacro(<< n); // once per parse of the file, not per update
  }
  in.Sources = std::move(sources);
  in.Blocks = std::move(meshes);
  in.Wires = std::move(wires);
}

void vtkCloudMapFEKOReader::ParseOptionalBlocks(Parses& p, std::vector<std::string>& notices)
{
  Internals& in = *this->Internal;
  // (each parser filled its own member of Internals; a failed one is emptied)
  try
  {
    p.Runs[Parses::PortsRun].Take(notices);
  }
  catch (const cm::ParseError& e)
  {
    in.Ports.clear();
    this->WarnOptionalBlock(e.what(), "the Port Parameters output (port 1) is left empty");
  }
  try
  {
    p.Runs[Parses::ScatteringRun].Take(notices);
  }
  catch (const cm::ParseError& e)
  {
    in.Network = cm::Network();
    this->WarnOptionalBlock(e.what(), "the Network output (port 3) is left empty");
  }
  try
  {
    p.Runs[Parses::FarFieldsRun].Take(notices);
  }
  catch (const cm::ParseError& e)
  {
    in.Patterns.clear();
    this->WarnOptionalBlock(e.what(), "the Radiation Pattern output (port 4) is left empty");
  }
  try
  {
    p.Runs[Parses::NearFieldsRun].Take(notices);
  }
  catch (const cm::ParseError& e)
  {
    in.NearFields.clear();
    this->WarnOptionalBlock(e.what(), "the Near Field output (port 5) is left empty");
  }
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
    if (Near(m.Frequency, f) && k++ == this->RequestIndex)
    {
      pick = &m;
    }
  }
  if (!pick && !in.Blocks.empty())
  {
    vtkWarningMacro(<< "RequestIndex " << this->RequestIndex << " is out of range: " << k
                    << " current table(s) at " << f << " Hz");
  }
  else if (pick)
  {
    cm::SurfaceMeshToPolyData(*pick, piece, npieces, nghosts, out);
    AddFieldString(out, "RequestName", pick->Name);
  }
  AddSources(out, in.Sources); // also on the empty surface of a wire-only model
  this->ReadWires(piece, f);
  // Every voltage source of every frequency at once (rows on piece 0).
  cm::ColumnTableToVTK(cm::FekoPortTable(in.Ports, this->ReferenceImpedance), piece,
    vtkTable::SafeDownCast(this->PortOutput(PortParametersPort)));
  cm::NetworkToVTK(in.Network, piece, vtkTable::SafeDownCast(this->PortOutput(NetworkPort)));
  this->ReadPattern(piece, f);
  this->ReadNearField(piece, npieces, f);
  return 1;
}

namespace
{
/// The index-th item of `items` at frequency f (nullptr when there is none); `count`
/// gets how many are at f.
template <class T>
const T* PickAt(const std::vector<T>& items, double f, int index, int& count)
{
  const T* pick = nullptr;
  count = 0;
  for (const T& it : items)
  {
    if (Near(it.Frequency, f) && count++ == index)
    {
      pick = &it;
    }
  }
  return pick;
}
} // namespace

void vtkCloudMapFEKOReader::ReadPattern(int piece, double f)
{
  const Internals& in = *this->Internal;
  vtkTable* t = vtkTable::SafeDownCast(this->PortOutput(PatternPort));
  int count = 0;
  const cm::FarFieldGrid* g = PickAt(in.Patterns, f, this->PatternIndex, count);
  if (!g)
  {
    if (count > 0 || this->PatternIndex > 0)
    {
      vtkWarningMacro(<< "PatternIndex " << this->PatternIndex << " is out of range: " << count
                      << " far-field table(s) at " << f << " Hz");
    }
    cm::EmptyFarFieldTable(f, t);
    return;
  }
  cm::FarFieldToTable(*g, piece, t);
  AddFieldString(t, "RequestName", g->Name);
  AddSources(t, in.Sources); // Antenna Pattern centres the pattern on the source
}

void vtkCloudMapFEKOReader::ReadNearField(int piece, int pieces, double f)
{
  const Internals& in = *this->Internal;
  vtkStructuredGrid* out = vtkStructuredGrid::SafeDownCast(this->PortOutput(NearFieldPort));
  int count = 0;
  const cm::FekoNearField* g = PickAt(in.NearFields, f, this->NearFieldIndex, count);
  int ext[6] = { 0, -1, 0, -1, 0, -1 };
  if (!g)
  {
    if (count > 0 || this->NearFieldIndex > 0)
    {
      vtkWarningMacro(<< "NearFieldIndex " << this->NearFieldIndex << " is out of range: " << count
                      << " near-field grid(s) at " << f << " Hz");
    }
    cm::NearFieldToStructuredGrid(cm::NecNearField(), ext, f, out);
    return;
  }
  int whole[6];
  for (int d = 0; d < 3; ++d)
  {
    whole[2 * d] = 0;
    whole[2 * d + 1] = static_cast<int>(g->Grid.Dimensions[d]) - 1;
  }
  vtkInformation* mine = this->GetOutputInformation(NearFieldPort);
  if (this->RequestPort == NearFieldPort &&
    mine->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
  {
    mine->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), ext);
    for (int d = 0; d < 3; ++d) // clamp to this frequency's grid
    {
      ext[2 * d] = std::max(ext[2 * d], whole[2 * d]);
      ext[2 * d + 1] = std::min(ext[2 * d + 1], whole[2 * d + 1]);
    }
  }
  else
  {
    // Another port asked: the same split the executive makes from a piece number.
    vtkNew<vtkExtentTranslator> split;
    split->PieceToExtentThreadSafe(
      piece, pieces, 0, whole, ext, vtkExtentTranslator::BLOCK_MODE, 0);
  }
  cm::NearFieldToStructuredGrid(g->Grid, ext, f, out);
  AddFieldString(out, "RequestName", g->Name);
  // The fields are for the solve's source voltages: Exposure Ratio scales them to a
  // transmit power with the sum of the input powers of the voltage sources at f.
  double power = 0;
  for (const auto& p : in.Ports)
  {
    power += Near(p.Frequency, f) ? p.Power : 0.0;
  }
  if (power > 0)
  {
    vtkNew<vtkDoubleArray> p;
    p->SetName("InputPower[W]");
    p->InsertNextValue(power);
    out->GetFieldData()->AddArray(p);
  }
}

void vtkCloudMapFEKOReader::DescribeOutputPort(int port, vtkInformation* info)
{
  if (port != NearFieldPort)
  {
    info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
    return;
  }
  // The near-field grid is split by extent; the first frequency's grid sets the extent.
  int ext[6] = { 0, -1, 0, -1, 0, -1 };
  for (double f : this->Steps)
  {
    int count = 0;
    const cm::FekoNearField* g = PickAt(this->Internal->NearFields, f, this->NearFieldIndex, count);
    if (g)
    {
      for (int d = 0; d < 3; ++d)
      {
        ext[2 * d] = 0;
        ext[2 * d + 1] = static_cast<int>(g->Grid.Dimensions[d]) - 1;
      }
      break;
    }
  }
  info->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  info->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
}

void vtkCloudMapFEKOReader::ReadWires(int piece, double f)
{
  const Internals& in = *this->Internal;
  vtkPolyData* wires = vtkPolyData::SafeDownCast(this->PortOutput(WiresPort));
  // The RequestIndex-th segment current table at f, as for the triangles.
  const cm::FekoSegmentCurrents* table = nullptr;
  int k = 0;
  for (const auto& t : in.Wires.Tables)
  {
    if (Near(t.Frequency, f) && k++ == this->RequestIndex)
    {
      table = &t;
    }
  }
  // Wires are few: piece 0 carries them all; every piece carries the field data.
  if (piece == 0 && !in.Wires.Segments.empty())
  {
    WiresToPolyData(in.Wires.Segments, table, wires);
  }
  AddFrequency(wires, f);
  AddFieldString(wires, "RequestName", table ? table->Name : std::string());
  AddSources(wires, in.Sources);
}

void vtkCloudMapFEKOReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "RequestIndex: " << this->RequestIndex << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
  os << indent << "PatternIndex: " << this->PatternIndex << "\n";
  os << indent << "NearFieldIndex: " << this->NearFieldIndex << "\n";
}
