// SPDX-License-Identifier: BSD-3-Clause
#include "vtkCloudMapFreeFormDeformation.h"

#include "cmExecution.h"
#include "cmFFD.h"
#include "cmTweening.h"
#include "cmRanks.h"

#include "vtkCellArray.h"
#include "vtkDoubleArray.h"
#include "vtkInformation.h"
#include "vtkInformationVector.h"
#include "vtkObjectFactory.h"
#include "vtkPointData.h"
#include "vtkPointSet.h"
#include "vtkPoints.h"
#include "vtkPolyData.h"
#include "vtkSMPTools.h"
#include "vtkSmartPointer.h"
#include "vtkStreamingDemandDrivenPipeline.h"

#include <algorithm>

vtkStandardNewMacro(vtkCloudMapFreeFormDeformation);

vtkCloudMapFreeFormDeformation::vtkCloudMapFreeFormDeformation()
{
  this->SetNumberOfInputPorts(2);
  this->SetNumberOfOutputPorts(2);
}

vtkCloudMapFreeFormDeformation::~vtkCloudMapFreeFormDeformation() = default;

void vtkCloudMapFreeFormDeformation::AddDisplacement(double dx, double dy, double dz)
{
  this->Displacements.insert(this->Displacements.end(), { dx, dy, dz });
  this->Modified();
}

void vtkCloudMapFreeFormDeformation::RemoveAllDisplacements()
{
  this->Displacements.clear();
  this->Modified();
}

void vtkCloudMapFreeFormDeformation::AddDisplacementKey(double value)
{
  this->DisplacementKeys.push_back(value);
  this->Modified();
}

void vtkCloudMapFreeFormDeformation::RemoveAllDisplacementKeys()
{
  this->DisplacementKeys.clear();
  this->Modified();
}

int vtkCloudMapFreeFormDeformation::FillInputPortInformation(int port, vtkInformation* info)
{
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkPointSet");
  if (port == 1)
  {
    info->Set(vtkAlgorithm::INPUT_IS_OPTIONAL(), 1);
  }
  return 1;
}

int vtkCloudMapFreeFormDeformation::FillOutputPortInformation(int port, vtkInformation* info)
{
  if (port == 1)
  {
    info->Set(vtkDataObject::DATA_TYPE_NAME(), "vtkPolyData");
    return 1;
  }
  return this->Superclass::FillOutputPortInformation(port, info);
}

int vtkCloudMapFreeFormDeformation::RequestDataObject(
  vtkInformation*, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  return cm::EnsureOutputTypes(inputVector, outputVector, nullptr, "vtkPolyData");
}

int vtkCloudMapFreeFormDeformation::RequestInformation(
  vtkInformation*, vtkInformationVector**, vtkInformationVector* outputVector)
{
  // With keyframed displacements on a static input, the animation spans the keys.
  const std::size_t stride =
    1 + 3 * std::size_t(this->LatticeSize[0]) * this->LatticeSize[1] * this->LatticeSize[2];
  if (this->DisplacementKeys.size() >= 2 * stride && this->DisplacementKeys.size() % stride == 0)
  {
    double t0 = HUGE_VAL, t1 = -HUGE_VAL;
    for (std::size_t k = 0; k < this->DisplacementKeys.size(); k += stride)
    {
      t0 = std::min(t0, this->DisplacementKeys[k]);
      t1 = std::max(t1, this->DisplacementKeys[k]);
    }
    for (int port = 0; port < 2; ++port)
    {
      cm::AdvertiseTimeRange(outputVector->GetInformationObject(port), t0, t1);
    }
  }
  return 1;
}

int vtkCloudMapFreeFormDeformation::RequestData(
  vtkInformation* request, vtkInformationVector** inputVector, vtkInformationVector* outputVector)
{
  namespace ca = cm::anim;
  vtkPointSet* input = vtkPointSet::GetData(inputVector[0], 0);
  vtkPointSet* controls = vtkPointSet::GetData(inputVector[1], 0);
  vtkInformation* outInfo = outputVector->GetInformationObject(0);
  vtkPointSet* output = vtkPointSet::GetData(outInfo);
  vtkPolyData* latticeOut = vtkPolyData::GetData(outputVector, 1);
  // Every rank builds the whole lattice; it is shown on piece 0 only.
  cm::WholeOnFirstPiece latticeOnce(latticeOut, outputVector);
  // The input check may not return on some ranks only: the others would wait
  // in the bounds reduction below. With input bounds (the only collective)
  // it is agreed first under MPI (one tiny reduction); the checks after the
  // bounds depend on properties and on the global bounds only, so every rank
  // meets them alike. Without input bounds there is no collective to miss.
  const bool bad = !input || !output || !latticeOut;
  const std::string badInput = "Free Form Deformation needs a vtkPointSet input";
  if (bad)
  {
    vtkErrorMacro(<< badInput);
  }
  if (this->UseInputBounds ? cm::VoteAcrossRanks(this, bad, badInput).Failed : bad)
  {
    if (output)
    {
      output->Initialize();
    }
    if (latticeOut)
    {
      latticeOut->Initialize();
    }
    return 0;
  }

  ca::FFDLattice lattice;
  std::copy(this->LatticeSize, this->LatticeSize + 3, lattice.Size);
  if (this->UseInputBounds)
  {
    double b[6];
    if (!cm::GlobalBounds(input, b))
    {
      b[0] = b[2] = b[4] = 0;
      b[1] = b[3] = b[5] = 1;
    }
    for (int a = 0; a < 3; ++a)
    {
      // A flat direction (a planar mesh) gets a unit extent centred on it.
      const double len = b[2 * a + 1] - b[2 * a];
      lattice.Length[a] = len > 0 ? len : 1.0;
      lattice.Origin[a] = len > 0 ? b[2 * a] : b[2 * a] - 0.5;
    }
  }
  else
  {
    std::copy(this->BoxOrigin, this->BoxOrigin + 3, lattice.Origin);
    std::copy(this->BoxLength, this->BoxLength + 3, lattice.Length);
  }
  std::string error = lattice.Validate();
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }
  const std::int64_t ncp = lattice.NumberOfControlPoints();
  // The time of whichever output asked (the lattice alone may be shown).
  const double t = cm::RequestedTime(cm::RequestingPort(request, outputVector), 0.0);

  if (controls)
  {
    if (controls->GetNumberOfPoints() != ncp)
    {
      vtkErrorMacro(<< "the control-point input has " << controls->GetNumberOfPoints()
                    << " points; the lattice needs " << ncp);
      return 0;
    }
    lattice.Displacements.resize(3 * ncp);
    for (int k = 0; k < lattice.Size[2]; ++k)
      for (int j = 0; j < lattice.Size[1]; ++j)
        for (int i = 0; i < lattice.Size[0]; ++i)
        {
          const std::int64_t c = lattice.Index(i, j, k);
          double rest[3], p[3];
          lattice.RestPosition(i, j, k, rest);
          controls->GetPoint(c, p);
          for (int a = 0; a < 3; ++a)
          {
            lattice.Displacements[3 * c + a] = p[a] - rest[a];
          }
        }
  }
  else if (!this->DisplacementKeys.empty())
  {
    ca::KeyframeTrack track;
    std::vector<int> easing;
    const std::size_t rows = this->DisplacementKeys.size() / std::size_t(1 + 3 * ncp);
    if (this->KeyEasing != 0)
    {
      easing.assign(rows, this->KeyEasing);
    }
    error = track.Set(static_cast<int>(3 * ncp), this->DisplacementKeys,
      rows * std::size_t(1 + 3 * ncp) == this->DisplacementKeys.size() ? easing
                                                                       : std::vector<int>());
    if (!error.empty())
    {
      vtkErrorMacro(<< "DisplacementKeys: " << error);
      return 0;
    }
    track.SetInterpolation(static_cast<ca::TrackInterpolation>(this->KeyInterpolation));
    lattice.Displacements.resize(3 * ncp);
    track.Evaluate(t, lattice.Displacements.data());
  }
  else
  {
    lattice.Displacements = this->Displacements;
    if (this->SelectedControlPoint >= 0)
    {
      // The GUI's handle: that control point sits where the handle is.
      const std::int64_t sel = this->SelectedControlPoint;
      if (sel >= ncp)
      {
        vtkErrorMacro(<< "SelectedControlPoint " << sel << " is out of range: the lattice has "
                      << ncp << " control points");
        return 0;
      }
      if (lattice.Displacements.empty())
      {
        lattice.Displacements.assign(std::size_t(3 * ncp), 0.0);
      }
      if (static_cast<std::int64_t>(lattice.Displacements.size()) != 3 * ncp)
      {
        vtkErrorMacro(<< "Displacements has " << lattice.Displacements.size()
                      << " values; the lattice needs " << 3 * ncp);
        return 0;
      }
      const int i = static_cast<int>(sel % lattice.Size[0]);
      const int j = static_cast<int>((sel / lattice.Size[0]) % lattice.Size[1]);
      const int k = static_cast<int>(sel / (std::int64_t(lattice.Size[0]) * lattice.Size[1]));
      double rest[3];
      lattice.RestPosition(i, j, k, rest);
      for (int a = 0; a < 3; ++a)
      {
        lattice.Displacements[3 * sel + a] = this->ControlPointPosition[a] - rest[a];
      }
    }
  }
  error = lattice.Validate();
  if (!error.empty())
  {
    vtkErrorMacro(<< error);
    return 0;
  }

  // Deform every point (in parallel: each point is independent).
  const vtkIdType n = input->GetNumberOfPoints();
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  vtkPoints* inPoints = input->GetPoints();
  // In blocks, reporting progress and stopping when the user aborts (the
  // bounds reduction above is the only collective, so no rank can hang).
  if (!cm::ForWithProgress(this, n, 0.0, 0.95, [&](std::int64_t b, std::int64_t e) {
        double x[3], y[3];
        for (std::int64_t i = b; i < e; ++i)
        {
          inPoints->GetPoint(i, x);
          lattice.Deform(x, y);
          points->SetPoint(i, y);
        }
      }))
  {
    output->Initialize();
    latticeOut->Initialize();
    return 1; // aborted: empty outputs
  }
  output->ShallowCopy(input);
  output->SetPoints(points);

  // The lattice: deformed control points joined along each axis.
  vtkNew<vtkPoints> lp;
  lp->SetDataTypeToDouble();
  lp->SetNumberOfPoints(ncp);
  vtkNew<vtkDoubleArray> disp;
  disp->SetName("Displacement");
  disp->SetNumberOfComponents(3);
  disp->SetNumberOfTuples(ncp);
  vtkNew<vtkCellArray> lines;
  const int* S = lattice.Size;
  for (int k = 0; k < S[2]; ++k)
    for (int j = 0; j < S[1]; ++j)
      for (int i = 0; i < S[0]; ++i)
      {
        const std::int64_t c = lattice.Index(i, j, k);
        double p[3], d[3] = { 0, 0, 0 };
        lattice.RestPosition(i, j, k, p);
        if (!lattice.Displacements.empty())
        {
          std::copy(&lattice.Displacements[3 * c], &lattice.Displacements[3 * c] + 3, d);
        }
        lp->SetPoint(c, p[0] + d[0], p[1] + d[1], p[2] + d[2]);
        disp->SetTuple(c, d);
        const int ijk[3] = { i, j, k };
        for (int a = 0; a < 3; ++a)
        {
          if (ijk[a] + 1 < S[a])
          {
            const std::int64_t next = a == 0 ? lattice.Index(i + 1, j, k)
              : a == 1                       ? lattice.Index(i, j + 1, k)
                                             : lattice.Index(i, j, k + 1);
            const vtkIdType seg[2] = { static_cast<vtkIdType>(c), static_cast<vtkIdType>(next) };
            lines->InsertNextCell(2, seg);
          }
        }
      }
  latticeOut->Initialize();
  latticeOut->SetPoints(lp);
  latticeOut->SetLines(lines);
  latticeOut->GetPointData()->AddArray(disp);
  cm::StampTime(output, t);
  cm::StampTime(latticeOut, t);
  return 1;
}

void vtkCloudMapFreeFormDeformation::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
  os << indent << "LatticeSize: " << this->LatticeSize[0] << " " << this->LatticeSize[1] << " "
     << this->LatticeSize[2] << "\n"
     << indent << "UseInputBounds: " << this->UseInputBounds << "\n"
     << indent << "Displacements: " << this->Displacements.size() / 3 << "\n"
     << indent << "DisplacementKeys: " << this->DisplacementKeys.size() << " values\n"
     << indent << "KeyInterpolation: " << this->KeyInterpolation << "\n"
     << indent << "SelectedControlPoint: " << this->SelectedControlPoint << "\n"
     << indent << "ControlPointPosition: " << this->ControlPointPosition[0] << " "
     << this->ControlPointPosition[1] << " " << this->ControlPointPosition[2] << "\n";
}
