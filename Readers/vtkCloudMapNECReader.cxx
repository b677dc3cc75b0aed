// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapNECReader.h"

#include "cmExecution.h" // cm::SMPFor
#include "cmRanks.h" // cm::LocalRank
#include "cmColumnTableToVTK.h"
#include "cmFarFieldToVTK.h"
#include "cmNecNetwork.h"
#include "cmNecOutput.h"
#include "cmPortTable.h"
#include "cmNearFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDemandDrivenPipeline.h"
#include "vtkDoubleArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkIntArray.h"
#include "vtkMath.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStringArray.h"
#include "vtkStructuredGrid.h"
#include "vtkExtentTranslator.h"
#include "vtkTable.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

vtkStandardNewMacro(vtkCloudMapNECReader);

/// The parsed file, kept between REQUEST_INFORMATION and REQUEST_DATA (and across time
/// steps) until the file's name, size or modification time changes.
struct vtkCloudMapNECReader::Internals
{
  cm::NecOutput Nec;
  /// Why the file gives no N-port network ("file:line: problem"); empty when it does.
  std::string NetworkError;
};

vtkCloudMapNECReader::vtkCloudMapNECReader()
  : Internal(new Internals)
{
  // Patches, wires, pattern, port parameters, near fields, network.
  this->SetOutputTypes(
    { "vtkPolyData", "vtkPolyData", "vtkTable", "vtkTable", "vtkStructuredGrid", "vtkTable" });
}

vtkCloudMapNECReader::~vtkCloudMapNECReader() = default;

namespace
{
// Wire segments as lines (centre ± direction·length/2) with their currents.
// Wires are few, so piece 0 carries them all and the other pieces none.
void WiresToPolyData(const std::vector<cm::NecWireSegment>& wires, vtkPolyData* out)
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
  for (const auto& w : wires)
  {
    double a[3], b[3];
    for (int d = 0; d < 3; ++d)
    {
      a[d] = w.Centre[d] - 0.5 * w.Length * w.Direction[d];
      b[d] = w.Centre[d] + 0.5 * w.Length * w.Direction[d];
    }
    const vtkIdType ids[2] = { pts->InsertNextPoint(a), pts->InsertNextPoint(b) };
    lines->InsertNextCell(2, ids);
    re->InsertNextValue(w.CurrentReal);
    im->InsertNextValue(w.CurrentImag);
    mag->InsertNextValue(std::hypot(w.CurrentReal, w.CurrentImag));
    phase->InsertNextValue(std::atan2(w.CurrentImag, w.CurrentReal) * 180.0 / vtkMath::Pi());
    tag->InsertNextValue(static_cast<int>(w.Tag));
  }
  out->SetPoints(pts);
  out->SetLines(lines);
  out->GetCellData()->AddArray(re);
  out->GetCellData()->AddArray(im);
  out->GetCellData()->AddArray(mag);
  out->GetCellData()->AddArray(phase);
  out->GetCellData()->AddArray(tag);
  out->GetCellData()->SetActiveScalars("|I|");
}

void AddFrequency(vtkDataObject* d, double f)
{
  vtkNew<vtkDoubleArray> a;
  a->SetName("Frequency");
  a->InsertNextValue(f);
  d->GetFieldData()->AddArray(a);
}

/// The solve's voltage sources as field data: `SourceName` ("tag1_seg1") and
/// `SourcePosition[m]` (N x 3, the fed segment's centre from SEGMENTATION DATA, in the
/// mesh's coordinates). Every piece carries them, so a filter on any rank can use them.
void AddSources(vtkDataObject* d, const cm::SurfaceMesh& m)
{
  if (m.SourceNames.empty() || m.SourcePositions.size() != 3 * m.SourceNames.size())
  {
    return;
  }
  vtkNew<vtkStringArray> names;
  names->SetName("SourceName");
  vtkNew<vtkDoubleArray> xyz;
  xyz->SetName("SourcePosition[m]");
  xyz->SetNumberOfComponents(3);
  for (std::size_t i = 0; i < m.SourceNames.size(); ++i)
  {
    names->InsertNextValue(m.SourceNames[i]);
    xyz->InsertNextTuple(&m.SourcePositions[3 * i]);
  }
  d->GetFieldData()->AddArray(names);
  d->GetFieldData()->AddArray(xyz);
}

bool Near(double a, double b)
{
  return std::abs(a - b) <= 1e-9 * std::abs(b);
}

/// The output port of the Port Parameters table (the whole sweep).
constexpr int PortParametersPort = 3;
/// The output port of the near-field grids (NE/NH tables).
constexpr int NearFieldPort = 4;
/// The output port of the N-port network (one row per frequency).
constexpr int NetworkPort = 5;
constexpr int NumberOfPorts = 6;

/// The NearFieldIndex-th near-field grid at frequency f, over the solutions in file order.
const cm::NecNearField* PickNearField(const cm::NecOutput& nec, double f, int index)
{
  int k = 0;
  for (const auto& s : nec.Solutions)
  {
    if (Near(s.Frequency, f))
    {
      for (const auto& g : s.NearFields)
      {
        if (k++ == index)
        {
          return &g;
        }
      }
    }
  }
  return nullptr;
}

/// The input power (W) of the solve that printed near-field grid `g`: its POWER BUDGET,
/// else the sum of its ANTENNA INPUT PARAMETERS powers; 0 when it printed neither.
double InputPowerOf(const cm::NecOutput& nec, const cm::NecNearField* g)
{
  for (const auto& s : nec.Solutions)
  {
    if (s.NearFields.empty() || g < s.NearFields.data() ||
      g >= s.NearFields.data() + s.NearFields.size())
    {
      continue;
    }
    if (s.Power.Present)
    {
      return s.Power.Input;
    }
    double sum = 0;
    for (const auto& port : s.Ports)
    {
      sum += port.Power;
    }
    return sum;
  }
  return 0;
}
} // namespace

int vtkCloudMapNECReader::CanReadFile(const char* fileName)
{
  // The first 4 KB hold the header (and any long comment block).
  const std::string head = cm::FileHead(fileName);
  return !head.empty() && cm::LooksLikeNecOutput(head) ? 1 : 0;
}

vtkTypeBool vtkCloudMapNECReader::ProcessRequest(
  vtkInformation* request, vtkInformationVector** inputs, vtkInformationVector* outputs)
{
  this->RankDivergence.clear();
  if (request->Has(vtkDemandDrivenPipeline::REQUEST_DATA()) && cm::SeveralRanks())
  {
    // Every rank runs REQUEST_DATA together (the base's vote relies on it), so the
    // partial-result flags are compared here, before any rank can leave early.
    const cm::NecOutput& nec = this->Internal->Nec;
    const double mine[3] = { nec.PortTablesFailed ? 1.0 : 0.0, nec.NearFieldsFailed ? 1.0 : 0.0,
      nec.PatternsFailed ? 1.0 : 0.0 };
    double hi[3] = { mine[0], mine[1], mine[2] }, lo[3] = { mine[0], mine[1], mine[2] };
    cm::AllMax(hi, 3);
    cm::AllMin(lo, 3);
    for (int k = 0; k < 3; ++k)
    {
      if (hi[k] != lo[k] && mine[k] > 0 && !nec.Warnings.empty())
      {
        this->RankDivergence = nec.Warnings.front();
      }
    }
  }
  return this->Superclass::ProcessRequest(request, inputs, outputs);
}

bool vtkCloudMapNECReader::OutputHoldsAllSteps(int port) const
{
  return port == PortParametersPort || port == NetworkPort;
}

std::vector<double> vtkCloudMapNECReader::ParseFile()
{
  Internals& in = *this->Internal;
  in = Internals();
  // Every rank parses the whole file (NEC output is small next to its solve time), so
  // every rank sees the same error. Long patch-current tables are parsed in blocks of
  // rows on the SMP threads.
  in.Nec = cm::ReadNecOutputFile(this->FileName, cm::SMPFor());
  // The partial-result rule: one warning per optional block that failed (whose output
  // port stays empty), from the first rank only (every rank parses the same file).
  if (cm::LocalRank() == 0)
  {
    for (const std::string& w : in.Nec.Warnings)
    {
      vtkWarningMacro(<< w);
    }
  }
  // The N-port network (one solve per port): its problems are warned about once, here,
  // when the file is meant as one (two or more fed segments, or a PORT comment); a
  // one-source sweep is a one-port network.
  try
  {
    cm::NecNetwork(in.Nec, this->FileName, 50);
  }
  catch (const std::exception& e)
  {
    in.NetworkError = e.what();
    bool meant = false;
    std::int64_t fed = 0;
    for (const auto& c : in.Nec.Comments)
    {
      meant = meant || cm::Upper(c.second.substr(0, 5)) == "PORT ";
    }
    for (const auto& sol : in.Nec.Solutions)
    {
      for (const auto& p : sol.Ports)
      {
        meant = meant || (fed != 0 && p.Segment != fed);
        fed = p.Segment;
      }
    }
    if (meant && cm::LocalRank() == 0)
    {
      vtkWarningMacro(<< "no N-port network: " << e.what());
    }
  }
  return cm::FrequencySteps(in.Nec.Solutions);
}

void vtkCloudMapNECReader::DescribeOutputPort(int port, vtkInformation* info)
{
  if (port != NearFieldPort)
  {
    // Patches are split into contiguous ranges with ghost rings; wires and the tables go
    // to piece 0.
    info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
    return;
  }
  // The near-field grid is split by extent. The grid of the first frequency that has
  // one sets the extent (the same NE/NH card is used at every frequency of a sweep).
  int ext[6] = { 0, -1, 0, -1, 0, -1 };
  for (double f : this->Steps)
  {
    if (this->Internal->Nec.NearFieldsFailed)
    {
      break; // a damaged near-field table: the port stays empty
    }
    if (const auto* g = PickNearField(this->Internal->Nec, f, this->NearFieldIndex))
    {
      for (int d = 0; d < 3; ++d)
      {
        ext[2 * d] = 0;
        ext[2 * d + 1] = static_cast<int>(g->Dimensions[d]) - 1;
      }
      break;
    }
  }
  info->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), ext, 6);
  info->Set(vtkAlgorithm::CAN_PRODUCE_SUB_EXTENT(), 1);
}

int vtkCloudMapNECReader::ReadMesh(int piece, int pieces, int ghosts, int step, vtkDataObject*)
{
  // All ports show the time and piece of the port that asked (a view may ask for one
  // port only); the executive re-runs the reader when another port wants another time.
  this->RequireParsed("NEC-2 output");
  if (!this->RankDivergence.empty())
  {
    // This rank's file lost a block that another rank read: not a partial result.
    throw std::runtime_error(this->RankDivergence);
  }
  const Internals& in = *this->Internal;
  const double f = this->Steps[static_cast<std::size_t>(step)];
  vtkDataObject* out[NumberOfPorts];
  for (int port = 0; port < NumberOfPorts; ++port)
  {
    out[port] = this->PortOutput(port);
  }
  for (int port = 0; port < NumberOfPorts; ++port)
  {
    if (port == PortParametersPort || port == NetworkPort)
    {
      continue; // the whole sweep at once, below
    }
    if (port == NearFieldPort)
    {
      if (in.Nec.NearFieldsFailed)
      {
        // A damaged near-field table (warned about when parsed): the port stays empty.
        const int none[6] = { 0, -1, 0, -1, 0, -1 };
        cm::NearFieldToStructuredGrid(
          cm::NecNearField(), none, f, vtkStructuredGrid::SafeDownCast(out[port]));
      }
      else
      {
        this->NearFieldData(f, piece, pieces, vtkStructuredGrid::SafeDownCast(out[port]));
      }
      continue;
    }
    // The first solution at this frequency that has the table the port shows.
    const cm::NecSolution* pick = nullptr;
    std::vector<const cm::FarFieldGrid*> patterns;
    std::vector<const cm::NecSolution*> patternSolves; // the solve each pattern belongs to
    for (const auto& s : in.Nec.Solutions)
    {
      if (!Near(s.Frequency, f))
      {
        continue;
      }
      const bool has = port == 0 ? s.HasPatchCurrents : !s.Wires.empty();
      if (!pick || (has && !(port == 0 ? pick->HasPatchCurrents : !pick->Wires.empty())))
      {
        pick = &s;
      }
      for (const auto& g : s.Patterns)
      {
        patterns.push_back(&g);
        patternSolves.push_back(&s);
      }
    }
    if (port == 0)
    {
      vtkPolyData* pd = vtkPolyData::SafeDownCast(out[0]);
      cm::SurfaceMeshToPolyData(pick->FullMesh(), piece, pieces, ghosts, pd);
      AddSources(pd, pick->Mesh);
    }
    else if (port == 1)
    {
      if (piece == 0)
      {
        WiresToPolyData(pick->Wires, vtkPolyData::SafeDownCast(out[1]));
      }
      AddFrequency(out[1], f);
      AddSources(out[1], pick->Mesh);
    }
    else
    {
      vtkTable* t = vtkTable::SafeDownCast(out[2]);
      if (in.Nec.PatternsFailed)
      {
        cm::EmptyFarFieldTable(f, t); // a damaged pattern table, warned about when parsed
      }
      else if (this->PatternIndex < static_cast<int>(patterns.size()))
      {
        cm::FarFieldToTable(*patterns[static_cast<std::size_t>(this->PatternIndex)], piece, t);
        // The sources of the solve that radiated this pattern: where it is centred.
        AddSources(t, patternSolves[static_cast<std::size_t>(this->PatternIndex)]->Mesh);
      }
      else
      {
        if (!patterns.empty())
        {
          vtkWarningMacro(<< "PatternIndex " << this->PatternIndex
                          << " is out of range: " << patterns.size()
                          << " RADIATION PATTERNS table(s) at " << f * 1e-6 << " MHz");
        }
        cm::EmptyFarFieldTable(f, t);
      }
    }
  }
  // The whole sweep, one row per source and solve (all frequencies at once); empty when
  // a port table was damaged (warned about when parsed).
  cm::ColumnTableToVTK(in.Nec.PortTablesFailed ? cm::ColumnTable()
                                               : cm::NecPortTable(in.Nec, this->ReferenceImpedance),
    piece, vtkTable::SafeDownCast(out[PortParametersPort]));
  // The N-port network over the sweep; empty when the file gives none (warned above).
  cm::Network net;
  if (in.NetworkError.empty())
  {
    try
    {
      net = cm::NecNetwork(in.Nec, this->FileName, this->ReferenceImpedance);
    }
    catch (const std::exception&)
    {
      net = cm::Network(); // only I + Z0 Y singular depends on Z0; same on every rank
    }
  }
  cm::NetworkToVTK(net, piece, vtkTable::SafeDownCast(out[NetworkPort]));
  return 1;
}

void vtkCloudMapNECReader::NearFieldData(double f, int piece, int pieces, vtkStructuredGrid* out)
{
  const cm::NecNearField* g = PickNearField(this->Internal->Nec, f, this->NearFieldIndex);
  int ext[6] = { 0, -1, 0, -1, 0, -1 };
  if (g)
  {
    const int whole[6] = { 0, static_cast<int>(g->Dimensions[0]) - 1, 0,
      static_cast<int>(g->Dimensions[1]) - 1, 0, static_cast<int>(g->Dimensions[2]) - 1 };
    vtkInformation* mine = this->GetOutputInformation(NearFieldPort);
    if (this->RequestPort == NearFieldPort &&
      mine->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
    {
      mine->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), ext);
      // Clamp to this frequency's grid (a sweep's grids have the same card).
      for (int d = 0; d < 3; ++d)
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
        piece, pieces, 0, const_cast<int*>(whole), ext, vtkExtentTranslator::BLOCK_MODE, 0);
    }
  }
  else
  {
    bool any = false;
    for (double s : this->Steps)
    {
      any = any || PickNearField(this->Internal->Nec, s, this->NearFieldIndex) != nullptr;
    }
    if (any || this->NearFieldIndex > 0)
    {
      vtkWarningMacro(<< "NearFieldIndex " << this->NearFieldIndex
                      << " is out of range: no such near-field grid at " << f * 1e-6 << " MHz");
    }
  }
  if (g)
  {
    cm::NearFieldToStructuredGrid(*g, ext, f, out);
    // The fields are for the solve's source voltages: Exposure Ratio scales them to a
    // transmit power with this.
    const double power = InputPowerOf(this->Internal->Nec, g);
    if (power > 0)
    {
      vtkNew<vtkDoubleArray> p;
      p->SetName("InputPower[W]");
      p->InsertNextValue(power);
      out->GetFieldData()->AddArray(p);
    }
  }
  else
  {
    const int none[6] = { 0, -1, 0, -1, 0, -1 };
    cm::NecNearField empty;
    cm::NearFieldToStructuredGrid(empty, none, f, out);
  }
}

void vtkCloudMapNECReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "PatternIndex: " << this->PatternIndex << "\n";
  os << indent << "NearFieldIndex: " << this->NearFieldIndex << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
