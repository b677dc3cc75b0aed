// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapBandedColorMap.h"

#include "cmArrayAccess.h"
#include "cmBandClip.h"
#include "cmBandTable.h"
#include "cmBanding.h"
#include "cmExecution.h"
#include "cmRanks.h"
#include "cmSurfaceView.h"

#include "vtkCellArray.h"
#include "vtkCellData.h"
#include "vtkFloatArray.h"
#include "vtkIdTypeArray.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkTypeInt32Array.h"
#include "vtkTypeInt64Array.h"
#include "vtkDataSet.h"
#include "vtkDataSetAttributes.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkIntArray.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkSMPTools.h"
#include "vtkStringArray.h"
#include "vtkTable.h"
#include "vtkUnsignedCharArray.h"
#include "vtkUnsignedShortArray.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>

vtkStandardNewMacro(vtkCloudMapBandedColorMap);

vtkCloudMapBandedColorMap::vtkCloudMapBandedColorMap()
{
  this->SetNumberOfOutputPorts(2);
  this->SetInputArrayToProcess(
    0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS_THEN_CELLS, vtkDataSetAttributes::SCALARS);
}

vtkCloudMapBandedColorMap::~vtkCloudMapBandedColorMap() = default;

int vtkCloudMapBandedColorMap::FillOutputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkDataObject::DATA_TYPE_NAME(), "vtkTable");
    return 1;
  }
  return this->Superclass::FillOutputPortInformation(port, info);
}

int vtkCloudMapBandedColorMap::RequestDataObject(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  // Exact bands always make a new polygonal surface.
  return cm::EnsureOutputTypes(
    inputVector, outputVector, this->ExactBands ? "vtkPolyData" : nullptr, "vtkTable");
}

int vtkCloudMapBandedColorMap::RequestData(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  vtkDataSet* input = vtkDataSet::GetData(inputVector[0]);
  vtkDataSet* output = vtkDataSet::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);
  // Every rank computes the band table whole; it is shown on piece 0 only.
  cm::WholeOnFirstPiece tableOnce(table, outputVector);

  // Under MPI every rank must reach the range reduction (ResolveRange), also
  // one that fails here: its error is agreed there, so all ranks fail
  // together instead of the others waiting forever. An empty piece (no points
  // and no cells, often without any array) is no error: it contributes no
  // values and gives an empty output.
  int association = -1;
  vtkDataArray* values =
    input ? this->GetInputArrayToProcess(0, inputVector, association) : nullptr;
  const bool emptyPiece =
    input && input->GetNumberOfPoints() == 0 && input->GetNumberOfCells() == 0;
  std::ostringstream error;
  if (!input || !output)
  {
    error << "Banded Color Map needs a vtkDataSet input";
  }
  else if (!values && !emptyPiece)
  {
    error << "no array to band: select a point or cell array";
  }
  else if (values && this->Component >= values->GetNumberOfComponents())
  {
    error << "array '" << values->GetName() << "' has " << values->GetNumberOfComponents()
          << " components; component " << this->Component << " does not exist";
  }
  const std::string failure = error.str();
  if (!failure.empty())
  {
    vtkErrorMacro(<< failure);
    if (!cm::SeveralRanks())
    {
      return 0;
    }
    values = nullptr;
  }
  if (this->ExactBands)
  {
    return this->RequestExactBands(input, values, association, outputVector, failure);
  }
  if (!values)
  {
    // An empty piece, or a failed rank: no values, but the range reduction.
    double range[2];
    if (!this->ResolveRange(nullptr, 0, nullptr, range, failure))
    {
      output->Initialize();
      table->Initialize();
      return 0;
    }
    std::copy(range, range + 2, this->UsedRange);
    output->ShallowCopy(input);
    cm::map::BandSpec spec;
    spec.N = this->NumberOfBands;
    spec.Min = range[0];
    spec.Max = range[1];
    cm::map::FillBandTable(table, spec, static_cast<cm::map::Palette>(this->Palette));
    return 1;
  }
  output->ShallowCopy(input);
  const bool onCells = association == vtkDataObject::FIELD_ASSOCIATION_CELLS;
  vtkDataSetAttributes* attrs = onCells
    ? static_cast<vtkDataSetAttributes*>(output->GetCellData())
    : static_cast<vtkDataSetAttributes*>(output->GetPointData());
  vtkUnsignedCharArray* ghosts = onCells ? input->GetCellGhostArray() : input->GetPointGhostArray();

  std::vector<double> store;
  const double* scalars = cm::ScalarsInPlace(values, this->Component, store);
  const vtkIdType nValues = values->GetNumberOfTuples();
  cm::map::BandSpec spec;
  spec.N = this->NumberOfBands;
  if (!this->ResolveRange(scalars, nValues, ghosts, this->UsedRange, failure))
  {
    output->Initialize();
    table->Initialize();
    return 0;
  }
  spec.Min = this->UsedRange[0];
  spec.Max = this->UsedRange[1];

  const vtkIdType n = values->GetNumberOfTuples();
  const auto palette = static_cast<cm::map::Palette>(this->Palette);
  // Colour of each band, NaN colour last.
  std::vector<std::uint8_t> lut(3 * (spec.N + 1));
  for (int k = 0; k <= spec.N; ++k)
  {
    cm::map::BandColor(palette, k, spec.N, &lut[3 * k]);
  }
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetName("BandColor");
  colors->SetNumberOfComponents(3);
  cm::ResizeLarge(colors.GetPointer(), n);
  std::uint8_t* rgb = colors->GetPointer(0);

  // In blocks, reporting progress and stopping when the user aborts.
  bool ok = true;
  auto fill = [&](auto* bandArray) {
    auto* bands = bandArray->GetPointer(0);
    // Blocks of at least 1M values (about 3 ms each): VTK 9.2 starts a new
    // thread pool for every block.
    ok = cm::ForWithProgress(
      this, n, 0.0, 1.0,
      [&](std::int64_t b, std::int64_t e) {
        cm::map::FillBands(spec, scalars, b, e, lut.data(), bands, rgb);
      },
      std::int64_t(1) << 20);
    bandArray->SetName("BandIndex");
    attrs->AddArray(bandArray);
  };
  // The smallest sufficient type: N ≤ 255 leaves room for the NaN marker N in 8 bits.
  if (spec.N <= 255)
  {
    vtkNew<vtkUnsignedCharArray> bands;
    cm::ResizeLarge(bands.GetPointer(), n);
    fill(bands.GetPointer());
  }
  else
  {
    vtkNew<vtkUnsignedShortArray> bands;
    cm::ResizeLarge(bands.GetPointer(), n);
    fill(bands.GetPointer());
  }
  if (!ok)
  {
    output->Initialize(); // aborted: an empty output (the range reduction is behind us)
    return 1;
  }
  attrs->AddArray(colors);
  attrs->SetActiveScalars("BandColor");

  cm::map::FillBandTable(table, spec, palette);
  return 1;
}

namespace
{
// Everything pass 2 of the exact bands reads.
struct ExactContext
{
  const cm::SurfaceView& View;
  const std::vector<double>& Values;
  const cm::map::BandSpec& Spec;
  const std::vector<std::uint8_t>& Lut;
  const cm::LargeArray<std::int64_t>& PieceStart;
  const cm::LargeArray<std::int64_t>& CornerStart;
};

// Calls emit(band, corners, n) for every band piece of element c.
template <typename Emit>
inline void ClipCell(const ExactContext& ctx, std::int64_t c, Emit&& emit)
{
  cm::Vec3 p[4];
  double f[4];
  const int n = ctx.View.Size(c);
  const std::int64_t first = ctx.View.Offset(c);
  ctx.View.Corners(c, p);
  for (int i = 0; i < n; ++i)
  {
    f[i] = ctx.Values[ctx.View.Id(first + i)];
  }
  cm::map::ClipElementBands(p, f, n, ctx.Spec, emit);
}

// Pass 2: every element writes its pieces into its own range (no locks, and
// the same output whatever the number of threads).
template <typename PointArrayT, typename IdArrayT, typename BandArrayT>
bool WriteExact(vtkAlgorithm* self, const ExactContext& ctx, vtkPolyData* out, const char* name,
  vtkIdTypeArray* parentIds, BandArrayT* bandArray, vtkUnsignedCharArray* colors,
  vtkDoubleArray* pieceValues)
{
  using PointT = typename PointArrayT::ValueType;
  using ConnT = typename IdArrayT::ValueType;
  using BandT = typename BandArrayT::ValueType;
  const std::int64_t nIn = ctx.View.NumberOfCells();
  const std::int64_t nPieces = ctx.PieceStart[nIn], nCorners = ctx.CornerStart[nIn];
  vtkNew<PointArrayT> coords;
  coords->SetNumberOfComponents(3);
  cm::ResizeLarge(coords.GetPointer(), nCorners);
  vtkNew<vtkDoubleArray> field;
  field->SetName(name);
  cm::ResizeLarge(field.GetPointer(), nCorners);
  vtkNew<IdArrayT> offsets, conn;
  cm::ResizeLarge(offsets.GetPointer(), nPieces + 1);
  cm::ResizeLarge(conn.GetPointer(), nCorners);
  cm::ResizeLarge(parentIds, nPieces);
  cm::ResizeLarge(bandArray, nPieces);
  colors->SetNumberOfComponents(3);
  cm::ResizeLarge(colors, nPieces);
  cm::ResizeLarge(pieceValues, nPieces);
  PointT* xyz = coords->GetPointer(0);
  double* fv = field->GetPointer(0);
  ConnT* off = offsets->GetPointer(0);
  ConnT* cc = conn->GetPointer(0);
  vtkIdType* pid = parentIds->GetPointer(0);
  BandT* band = bandArray->GetPointer(0);
  std::uint8_t* rgb = colors->GetPointer(0);
  double* pv = pieceValues->GetPointer(0);
  off[nPieces] = static_cast<ConnT>(nCorners);
  const bool ok = cm::ForWithProgress(self, nIn, 0.5, 1.0, [&](std::int64_t b, std::int64_t e) {
    for (std::int64_t c = b; c < e; ++c)
    {
      std::int64_t piece = ctx.PieceStart[c], corner = ctx.CornerStart[c];
      ClipCell(ctx, c, [&](int k, const cm::map::ClipVertex* v, int n) {
        off[piece] = static_cast<ConnT>(corner);
        pid[piece] = c;
        band[piece] = static_cast<BandT>(k);
        rgb[3 * piece] = ctx.Lut[3 * k];
        rgb[3 * piece + 1] = ctx.Lut[3 * k + 1];
        rgb[3 * piece + 2] = ctx.Lut[3 * k + 2];
        double sum = 0;
        for (int i = 0; i < n; ++i, ++corner)
        {
          sum += v[i].F;
          xyz[3 * corner] = static_cast<PointT>(v[i].X[0]);
          xyz[3 * corner + 1] = static_cast<PointT>(v[i].X[1]);
          xyz[3 * corner + 2] = static_cast<PointT>(v[i].X[2]);
          fv[corner] = v[i].F;
          cc[corner] = static_cast<ConnT>(corner);
        }
        // The field at the piece's vertex centroid (exact: the field is
        // linear on a piece): inside the piece's band, so colouring by the
        // cell array shows the exact bands.
        pv[piece] = n > 0 ? sum / n : std::numeric_limits<double>::quiet_NaN();
        ++piece;
      });
    }
  });
  if (!ok)
  {
    return false;
  }
  vtkNew<vtkPoints> points;
  points->SetData(coords);
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, conn);
  out->SetPoints(points);
  out->SetPolys(polys);
  out->GetPointData()->AddArray(field);
  out->GetPointData()->SetActiveScalars(name);
  return true;
}
} // namespace

int vtkCloudMapBandedColorMap::RequestExactBands(vtkDataSet* input, vtkDataArray* values,
  int association, vtkInformationVector* outputVector, std::string error)
{
  vtkPolyData* surface = vtkPolyData::SafeDownCast(input);
  vtkPolyData* output = vtkPolyData::GetData(outputVector, 0);
  vtkTable* table = vtkTable::GetData(outputVector, 1);
  // As in RequestData: a rank that fails still reaches the range reduction.
  const bool failedBefore = !error.empty();
  cm::SurfaceView view;
  if (!failedBefore)
  {
    if (!surface || !output)
    {
      error = "Exact Bands needs a polygonal surface (vtkPolyData) of triangles and quads; "
              "extract the surface first";
    }
    else if (values && association != vtkDataObject::FIELD_ASSOCIATION_POINTS)
    {
      error = std::string("Exact Bands clips the field interpolated from vertex values, but '") +
        (values->GetName() ? values->GetName() : "") +
        "' is a cell array: run Area Weighted Point Data first and band its point array";
    }
    else if (!cm::MakeSurfaceView(surface, view, error))
    {
      // (error set)
    }
    if (!error.empty())
    {
      vtkErrorMacro(<< error);
      if (!cm::SeveralRanks())
      {
        return 0;
      }
    }
  }
  const bool failed = !error.empty();
  // An empty piece may have no values at all: it only joins the reduction.
  const std::vector<double> scalars =
    values && !failed ? cm::ScalarsOf(values, this->Component) : std::vector<double>();
  cm::map::BandSpec spec;
  spec.N = this->NumberOfBands;
  if (!this->ResolveRange(scalars.data(), static_cast<vtkIdType>(scalars.size()),
        surface && !failed ? surface->GetPointGhostArray() : nullptr, this->UsedRange, error))
  {
    if (output)
    {
      output->Initialize();
    }
    table->Initialize();
    return 0;
  }
  if (!values)
  {
    spec.Min = this->UsedRange[0];
    spec.Max = this->UsedRange[1];
    output->Initialize();
    cm::map::FillBandTable(table, spec, static_cast<cm::map::Palette>(this->Palette));
    return 1;
  }
  spec.Min = this->UsedRange[0];
  spec.Max = this->UsedRange[1];
  const auto palette = static_cast<cm::map::Palette>(this->Palette);
  std::vector<std::uint8_t> lut(3 * (spec.N + 1));
  for (int k = 0; k <= spec.N; ++k)
  {
    cm::map::BandColor(palette, k, spec.N, &lut[3 * k]);
  }

  // Pass 1: pieces and corners of every element, then prefix sums.
  const std::int64_t nIn = view.NumberOfCells();
  cm::LargeArray<std::int64_t> pieceStart(nIn + 1), cornerStart(nIn + 1); // pass 1 writes them
  pieceStart[0] = cornerStart[0] = 0;
  ExactContext ctx{ view, scalars, spec, lut, pieceStart, cornerStart };
  if (!cm::ForWithProgress(this, nIn, 0.0, 0.5, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t c = b; c < e; ++c)
        {
          std::int64_t pieces = 0, corners = 0;
          ClipCell(ctx, c, [&](int, const cm::map::ClipVertex*, int n) {
            ++pieces;
            corners += n;
          });
          pieceStart[c + 1] = pieces;
          cornerStart[c + 1] = corners;
        }
      }))
  {
    output->Initialize();
    return 1; // aborted: an empty output
  }
  for (std::int64_t c = 0; c < nIn; ++c)
  {
    pieceStart[c + 1] += pieceStart[c];
    cornerStart[c + 1] += cornerStart[c];
  }

  // Pass 2 in the smallest sufficient types: the input's point precision,
  // 32-bit connectivity when it fits, 8-bit band indices for N <= 255.
  const bool floatPoints = surface->GetPoints() && surface->GetPoints()->GetDataType() == VTK_FLOAT;
  const bool smallIds = cornerStart[nIn] < VTK_INT_MAX;
  const char* name = values->GetName() ? values->GetName() : "Value";
  vtkNew<vtkIdTypeArray> parentIds;
  parentIds->SetName("ParentId");
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetName("BandColor");
  vtkNew<vtkDoubleArray> pieceValues;
  pieceValues->SetName(name);
  vtkSmartPointer<vtkDataArray> bands;
  bool ok = false;
  auto write = [&](auto* bandArray) {
    bands = bandArray;
    if (floatPoints && smallIds)
      ok = WriteExact<vtkFloatArray, vtkTypeInt32Array>(
        this, ctx, output, name, parentIds, bandArray, colors, pieceValues);
    else if (floatPoints)
      ok = WriteExact<vtkFloatArray, vtkTypeInt64Array>(
        this, ctx, output, name, parentIds, bandArray, colors, pieceValues);
    else if (smallIds)
      ok = WriteExact<vtkDoubleArray, vtkTypeInt32Array>(
        this, ctx, output, name, parentIds, bandArray, colors, pieceValues);
    else
      ok = WriteExact<vtkDoubleArray, vtkTypeInt64Array>(
        this, ctx, output, name, parentIds, bandArray, colors, pieceValues);
  };
  if (spec.N <= 255)
  {
    write(vtkSmartPointer<vtkUnsignedCharArray>::New().GetPointer());
  }
  else
  {
    write(vtkSmartPointer<vtkUnsignedShortArray>::New().GetPointer());
  }
  if (!ok)
  {
    output->Initialize();
    return 1; // aborted
  }
  // The parent's cell values (ids, ghost flags, other arrays) follow every
  // piece; a cell array named like the banded field holds each piece's own
  // value instead of its parent's.
  vtkCellData* inCD = surface->GetCellData();
  vtkCellData* outCD = output->GetCellData();
  const std::int64_t nPieces = pieceStart[nIn];
  for (int a = 0; a < inCD->GetNumberOfArrays(); ++a)
  {
    vtkAbstractArray* src = inCD->GetAbstractArray(a);
    if (!src->GetName() || !strcmp(src->GetName(), "BandIndex") ||
      !strcmp(src->GetName(), "BandColor") || !strcmp(src->GetName(), "ParentId") ||
      !strcmp(src->GetName(), name))
    {
      continue;
    }
    vtkSmartPointer<vtkAbstractArray> dst = vtk::TakeSmartPointer(src->NewInstance());
    dst->SetName(src->GetName());
    dst->SetNumberOfComponents(src->GetNumberOfComponents());
    cm::ResizeLargeAny(dst, nPieces);
    cm::GatherTuples(src, dst, parentIds->GetPointer(0), nPieces);
    outCD->AddArray(dst);
  }
  outCD->AddArray(pieceValues);
  bands->SetName("BandIndex");
  outCD->AddArray(bands);
  outCD->AddArray(colors);
  outCD->AddArray(parentIds);
  outCD->SetActiveScalars("BandColor");
  output->GetFieldData()->PassData(surface->GetFieldData());
  cm::map::FillBandTable(table, spec, palette);
  return 1;
}

bool vtkCloudMapBandedColorMap::ResolveRange(const double* scalars, vtkIdType n,
  vtkUnsignedCharArray* ghosts, double range[2], const std::string& error)
{
  const bool failed = !error.empty();
  if (this->UseCustomRange)
  {
    // Every rank has the same properties, so every rank returns here alike.
    if (!(this->Range[1] >= this->Range[0]))
    {
      if (!failed)
      {
        vtkErrorMacro(<< "custom range [" << this->Range[0] << ", " << this->Range[1]
                      << "] is empty or reversed");
      }
      return false;
    }
    // No reduction needed for the range, but a failure must still be agreed.
    if (cm::VoteAcrossRanks(this, failed, error).Failed)
    {
      return false;
    }
    range[0] = this->Range[0];
    range[1] = this->Range[1];
    return true;
  }
  // The failure flag rides on the range reduction: no extra collective.
  bool anyFailed = false;
  const bool found = cm::GlobalRangeOrFailure(scalars, n, ghosts, range, failed, anyFailed);
  if (anyFailed)
  {
    cm::ShareFailure(this, failed, error);
    return false;
  }
  if (!found)
  {
    // No finite value anywhere: a defined, visible result rather than garbage.
    range[0] = 0;
    range[1] = 1;
  }
  return true;
}

void vtkCloudMapBandedColorMap::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "NumberOfBands: " << this->NumberOfBands << "\n"
     << indent << "Component: " << this->Component << "\n"
     << indent << "UseCustomRange: " << this->UseCustomRange << "\n"
     << indent << "Range: " << this->Range[0] << " " << this->Range[1] << "\n"
     << indent << "Palette: " << this->Palette << "\n"
     << indent << "ExactBands: " << this->ExactBands << "\n";
}
