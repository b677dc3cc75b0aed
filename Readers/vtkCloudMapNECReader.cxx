// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapNECReader.h"

#include "cmColumnTableToVTK.h"
#include "cmFarFieldToVTK.h"
#include "cmNecOutput.h"
#include "cmPortTable.h"
#include "cmNearFieldToVTK.h"
#include "cmFileStamp.h"
#include "cmSurfaceMeshToVTK.h"
#include "cmTextScan.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkDataObject.h"
#include "vtkDoubleArray.h"
#include "vtkExecutive.h"
#include "vtkFieldData.h"
#include "cmReaderSync.h"

#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkMath.h"
#include "vtkNew.h"
#include "vtkObjectFactory.h"
#include "vtkSMPTools.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkStructuredGrid.h"
#include "vtkExtentTranslator.h"
#include "vtkTable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sys/stat.h>

vtkStandardNewMacro(vtkCloudMapNECReader);

cmReaderProcessRequest(vtkCloudMapNECReader)

/// The parsed file, kept between RequestInformation and RequestData (and across time
/// steps) until the file name or the file's size or modification time changes.
struct vtkCloudMapNECReader::Internals
{
  std::string File;
  long long Size = -1, MTime = -1;
  cloudmap::NecOutput Nec;
  std::vector<double> Steps; ///< distinct frequencies, Hz, ascending
};

vtkCloudMapNECReader::vtkCloudMapNECReader()
  : Internal(new Internals)
{
  this->SetNumberOfInputPorts(0);
  this->SetNumberOfOutputPorts(5); // patches, wires, pattern, port parameters, near fields
}

vtkCloudMapNECReader::~vtkCloudMapNECReader() = default;

namespace
{
// Wire segments as lines (centre ± direction·length/2) with their currents.
// Wires are few, so piece 0 carries them all and the other pieces none.
void WiresToPolyData(const std::vector<cloudmap::NecWireSegment>& wires, vtkPolyData* out)
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

bool Near(double a, double b)
{
  return std::abs(a - b) <= 1e-9 * std::abs(b);
}

/// The output port of the Port Parameters table (the whole sweep).
constexpr int PortParametersPort = 3;
/// The output port of the near-field grids (NE/NH tables).
constexpr int NearFieldPort = 4;
constexpr int NumberOfPorts = 5;

/// The NearFieldIndex-th near-field grid at frequency f, over the solutions in file order.
const cloudmap::NecNearField* PickNearField(const cloudmap::NecOutput& nec, double f, int index)
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
} // namespace

int vtkCloudMapNECReader::CanReadFile(const char* fileName)
{
  // The first 4 KB hold the header (and any long comment block).
  const std::string head = cloudmap::FileHead(fileName);
  return !head.empty() && cloudmap::LooksLikeNecOutput(head) ? 1 : 0;
}

int vtkCloudMapNECReader::GetNumberOfFrequencies() const
{
  return static_cast<int>(this->Internal->Steps.size());
}

int vtkCloudMapNECReader::FillOutputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkDataObject::DATA_TYPE_NAME(),
    port == NearFieldPort ? "vtkStructuredGrid" : (port >= 2 ? "vtkTable" : "vtkPolyData"));
  return 1;
}

int vtkCloudMapNECReader::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  Internals& in = *this->Internal;
  struct stat st;
  const bool exists = ::stat(this->FileName.c_str(), &st) == 0;
  const long long size = exists ? static_cast<long long>(st.st_size) : -2;
  const long long mtime = exists ? static_cast<long long>(st.st_mtime) : -2;
  if (in.File != this->FileName || in.Size != size || in.MTime != mtime)
  {
    in = Internals();
    try
    {
      // Every rank parses the whole file (NEC output is small next to its solve time),
      // so every rank sees the same error.
      // Long patch-current tables are parsed in blocks of rows on the SMP threads.
      const cloudmap::ParallelFor parallel = [](std::int64_t n,
                                               const std::function<void(std::int64_t, std::int64_t)>& body) {
        vtkSMPTools::For(0, n, 1, [&](vtkIdType b, vtkIdType e) { body(b, e); });
      };
      in.Nec = cloudmap::ReadNecOutputFile(this->FileName, parallel);
    }
    catch (const std::exception& e)
    {
      cmReaderError(<< e.what());
      return 0;
    }
    in.File = this->FileName;
    in.Size = size;
    in.MTime = mtime;
    std::vector<double> f;
    for (const auto& s : in.Nec.Solutions)
    {
      f.push_back(s.Frequency);
    }
    in.Steps = cloudmap::DistinctFrequencies(f);
  }
  for (int port = 0; port < NumberOfPorts; ++port)
  {
    vtkInformation* info = outputVector->GetInformationObject(port);
    // Patches are split into contiguous ranges with ghost rings; wires and the pattern
    // table go to piece 0; the near-field grid is split by extent.
    if (port == NearFieldPort)
    {
      // The grid of the first frequency that has one sets the extent (the same NE/NH
      // card is used at every frequency of a sweep).
      int ext[6] = { 0, -1, 0, -1, 0, -1 };
      for (double f : in.Steps)
      {
        if (const auto* g = PickNearField(in.Nec, f, this->NearFieldIndex))
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
    else
    {
      info->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
    }
    cloudmap::SetFrequencyTimeSteps(info, in.Steps);
  }
  return 1;
}

int vtkCloudMapNECReader::RequestData(
  vtkInformation* request, vtkInformationVector**, vtkInformationVector* outputVector)
{
  const Internals& in = *this->Internal;
  vtkInformation* info[NumberOfPorts];
  vtkDataObject* out[NumberOfPorts];
  for (int port = 0; port < NumberOfPorts; ++port)
  {
    info[port] = outputVector->GetInformationObject(port);
    out[port] = info[port]->Get(vtkDataObject::DATA_OBJECT());
    out[port]->Initialize();
  }
  if (in.File != this->FileName || in.Steps.empty())
  {
    cmReaderError(<< "no parsed NEC-2 output for '" << this->FileName << "'");
    return 0;
  }
  // All ports show the time and piece of the port that asked (a view may ask for one
  // port only); the executive re-runs the reader when another port wants another time.
  int from = request->Has(vtkExecutive::FROM_OUTPUT_PORT())
    ? request->Get(vtkExecutive::FROM_OUTPUT_PORT())
    : 0;
  from = from >= 0 && from < NumberOfPorts ? from : 0;
  const double f = in.Steps[cloudmap::RequestedStep(info[from], in.Steps)];
  const int piece = info[from]->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
  const int pieces = info[from]->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_PIECES());
  const int ghosts =
    info[from]->Get(vtkStreamingDemandDrivenPipeline::UPDATE_NUMBER_OF_GHOST_LEVELS());
  try
  {
    for (int port = 0; port < NumberOfPorts; ++port)
    {
      if (port == PortParametersPort)
      {
        continue; // the whole sweep at once, below
      }
      if (port == NearFieldPort)
      {
        this->NearFieldData(info, from, f, piece, pieces, vtkStructuredGrid::SafeDownCast(out[port]));
        if (in.Steps.size() > 1)
        {
          out[port]->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), f);
        }
        continue;
      }
      // The first solution at this frequency that has the table the port shows.
      const cloudmap::NecSolution* pick = nullptr;
      std::vector<const cloudmap::FarFieldGrid*> patterns;
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
        }
      }
      if (port == 0)
      {
        vtkPolyData* pd = vtkPolyData::SafeDownCast(out[0]);
        cloudmap::SurfaceMeshToPolyData(pick->Mesh, piece, pieces, ghosts, pd);
      }
      else if (port == 1)
      {
        if (piece == 0)
        {
          WiresToPolyData(pick->Wires, vtkPolyData::SafeDownCast(out[1]));
        }
        AddFrequency(out[1], f);
      }
      else
      {
        vtkTable* t = vtkTable::SafeDownCast(out[2]);
        if (this->PatternIndex < static_cast<int>(patterns.size()))
        {
          cloudmap::FarFieldToTable(*patterns[static_cast<std::size_t>(this->PatternIndex)], piece, t);
        }
        else
        {
          if (!patterns.empty())
          {
            vtkWarningMacro(<< "PatternIndex " << this->PatternIndex << " is out of range: "
                            << patterns.size() << " RADIATION PATTERNS table(s) at " << f * 1e-6
                            << " MHz");
          }
          cloudmap::EmptyFarFieldTable(f, t);
        }
      }
      if (in.Steps.size() > 1)
      {
        out[port]->GetInformation()->Set(vtkDataObject::DATA_TIME_STEP(), f);
      }
    }
    // The whole sweep, one row per source and solve (all frequencies at once).
    cloudmap::ColumnTableToVTK(cloudmap::NecPortTable(in.Nec, this->ReferenceImpedance), piece,
      vtkTable::SafeDownCast(out[PortParametersPort]));
  }
  catch (const std::exception& e)
  {
    for (vtkDataObject* d : out)
    {
      d->Initialize();
    }
    cmReaderError(<< e.what());
    return 0;
  }
  return 1;
}

void vtkCloudMapNECReader::NearFieldData(vtkInformation** info, int from, double f, int piece,
  int pieces, vtkStructuredGrid* out)
{
  const cloudmap::NecNearField* g =
    PickNearField(this->Internal->Nec, f, this->NearFieldIndex);
  int ext[6] = { 0, -1, 0, -1, 0, -1 };
  if (g)
  {
    const int whole[6] = { 0, static_cast<int>(g->Dimensions[0]) - 1, 0,
      static_cast<int>(g->Dimensions[1]) - 1, 0, static_cast<int>(g->Dimensions[2]) - 1 };
    vtkInformation* mine = info[NearFieldPort];
    if (from == NearFieldPort && mine->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT()))
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
    const auto& steps = this->Internal->Steps;
    bool any = false;
    for (double s : steps)
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
    cloudmap::NearFieldToStructuredGrid(*g, ext, f, out);
  }
  else
  {
    const int none[6] = { 0, -1, 0, -1, 0, -1 };
    cloudmap::NecNearField empty;
    cloudmap::NearFieldToStructuredGrid(empty, none, f, out);
  }
}

void vtkCloudMapNECReader::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "FileName: " << this->FileName << "\n";
  os << indent << "PatternIndex: " << this->PatternIndex << "\n";
  os << indent << "NearFieldIndex: " << this->NearFieldIndex << "\n";
  os << indent << "ReferenceImpedance: " << this->ReferenceImpedance << "\n";
}
