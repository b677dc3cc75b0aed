// SPDX-License-Identifier: BSD-3-Clause
// The OpenEMS NF2FF Reader at VTK level over real HDF5 files: the bundled openEMS
// dipole result (Testing/Data/openems/dipole_nf2ff.h5) as the far-field table, and the
// "openems" rows of the bad-input corpus (Testing/Data/bad/MANIFEST.tsv, written by
// make_bad_hdf5.py with h5py): each "error" file must give one error naming the file
// and the manifest's fragments and leave the table empty after a good read (no partial
// or stale output); each "accept" file must give exactly the reference's table.
#include "cmCheck.h"
#include "vtkCloudMapOpenEMSReader.h"
#include "vtkDataArray.h"
#include "vtkFieldData.h"
#include "vtkInformation.h"
#include "vtkStreamingDemandDrivenPipeline.h"
#include "vtkNew.h"
#include "vtkOutputWindow.h"
#include "vtkStringOutputWindow.h"
#include "vtkTable.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace
{
std::vector<std::string> Split(const std::string& s, char sep)
{
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string cur;
  while (std::getline(in, cur, sep))
  {
    out.push_back(cur);
  }
  return out;
}

/// Every column's values and the field data, as text, for an exact comparison.
std::string Dump(vtkTable* t)
{
  std::ostringstream o;
  o.precision(17);
  o << t->GetNumberOfRows() << "\n";
  for (vtkIdType c = 0; c < t->GetNumberOfColumns(); ++c)
  {
    auto* a = vtkDataArray::SafeDownCast(t->GetColumn(c));
    o << t->GetColumnName(c) << ":";
    for (vtkIdType r = 0; a && r < a->GetNumberOfTuples(); ++r)
    {
      o << " " << a->GetTuple1(r);
    }
    o << "\n";
  }
  for (int i = 0; i < t->GetFieldData()->GetNumberOfArrays(); ++i)
  {
    vtkDataArray* a = t->GetFieldData()->GetArray(i);
    if (a)
    {
      o << a->GetName() << " " << a->GetTuple1(0) << "\n";
    }
  }
  return o.str();
}
} // namespace

int TestOpenEmsReader(int, char*[])
{
  const std::string data = CLOUDMAP_DATA_DIR "/";
  const std::string clean = data + "openems/dipole_nf2ff.h5";
  vtkNew<vtkStringOutputWindow> window;
  vtkOutputWindow::SetInstance(window);

  vtkNew<vtkCloudMapOpenEMSReader> ref;
  CM_CHECK_MSG(ref->CanReadFile(clean.c_str()) == 1, clean);
  CM_CHECK_MSG(ref->CanReadFile((data + "nec/box_sm.out").c_str()) == 0, "a NEC file");
  ref->SetFileName(clean.c_str());
  ref->Update();
  vtkTable* t = ref->GetOutput();
  // 5-degree theta, 10-degree phi steps over the full sphere.
  CM_EQUAL(t->GetNumberOfRows(), 37 * 36);
  vtkDataArray* gain = vtkDataArray::SafeDownCast(t->GetColumnByName("Gain"));
  vtkDataArray* dmax = t->GetFieldData()->GetArray("Dmax");
  vtkDataArray* theta = vtkDataArray::SafeDownCast(t->GetColumnByName("Theta"));
  CM_CHECK_MSG(gain && dmax && theta, "columns");
  if (gain && dmax && theta)
  {
    double peak = -1e9, at = -1;
    for (vtkIdType r = 0; r < gain->GetNumberOfTuples(); ++r)
    {
      if (gain->GetTuple1(r) > peak)
      {
        peak = gain->GetTuple1(r);
        at = theta->GetTuple1(r);
      }
    }
    // openEMS's Dmax is its own maximum of 4 pi r^2 P_rad / Prad over the same grid.
    CM_CHECK_MSG(std::abs(peak - dmax->GetTuple1(0)) < 1e-6, std::to_string(peak));
    CM_CHECK_MSG(at == 90, "the dipole's maximum is broadside: " + std::to_string(at));
  }
  const std::string want = Dump(t);
  CM_CHECK_MSG(window->GetOutput().empty(), window->GetOutput());

  // Two frequencies are two time steps (make_two_frequencies.py: f1 = 2 x f0's fields).
  {
    vtkNew<vtkCloudMapOpenEMSReader> two;
    two->SetFileName((data + "openems/dipole_two_frequencies.h5").c_str());
    two->UpdateInformation();
    vtkInformation* info = two->GetOutputInformation(0);
    const double* steps = info->Get(vtkStreamingDemandDrivenPipeline::TIME_STEPS());
    CM_CHECK_MSG(info->Length(vtkStreamingDemandDrivenPipeline::TIME_STEPS()) == 2 &&
        steps[0] == 1e9 && steps[1] == 1.1e9,
      "time steps");
    two->UpdateTimeStep(1.1e9);
    vtkTable* t1 = two->GetOutput();
    auto col = [](vtkTable* tab, const char* n) {
      return vtkDataArray::SafeDownCast(tab->GetColumnByName(n));
    };
    CM_CHECK_MSG(t1->GetNumberOfRows() == t->GetNumberOfRows(), "rows at 1.1 GHz");
    bool same = t1->GetNumberOfRows() == t->GetNumberOfRows();
    for (vtkIdType r = 0; same && r < t->GetNumberOfRows(); ++r)
    {
      same = col(t1, "Etheta_im")->GetTuple1(r) == 2 * col(t, "Etheta_im")->GetTuple1(r) &&
        col(t1, "Ephi_re")->GetTuple1(r) == 2 * col(t, "Ephi_re")->GetTuple1(r) &&
        std::abs(col(t1, "Gain")->GetTuple1(r) - col(t, "Gain")->GetTuple1(r)) < 1e-9;
    }
    CM_CHECK_MSG(same, "1.1 GHz: r E twice f0's and the same directivity");
    CM_CHECK_MSG(
      t1->GetFieldData()->GetArray("Frequency")->GetTuple1(0) == 1.1e9, "Frequency field");
    CM_CHECK_MSG(std::abs(t1->GetFieldData()->GetArray("Prad")->GetTuple1(0) /
                     t->GetFieldData()->GetArray("Prad")->GetTuple1(0) -
                   4) < 1e-12,
      "Prad field");
  }

  std::ifstream manifest(data + "bad/MANIFEST.tsv");
  std::string row;
  int rows = 0;
  while (std::getline(manifest, row))
  {
    const std::vector<std::string> f = Split(row, '\t');
    if (row.empty() || row[0] == '#' || f.size() != 7 || f[1] != "openems")
    {
      continue;
    }
    ++rows;
    const std::string path = data + "bad/" + f[0];
    vtkNew<vtkCloudMapOpenEMSReader> r;
    r->SetFileName(clean.c_str());
    r->Update();
    const std::size_t mark = window->GetOutput().size();
    r->SetFileName(path.c_str());
    r->Update();
    const std::string msg = window->GetOutput().substr(mark);
    if (f[3] == "accept")
    {
      CM_CHECK_MSG(msg.empty(), f[0] + ": " + msg);
      CM_CHECK_MSG(Dump(r->GetOutput()) == want, f[0] + ": differs from " + f[6]);
      std::printf("  %-30s accepted, same table as %s\n", f[0].c_str(), f[6].c_str());
      continue;
    }
    const std::size_t line = msg.find(path + ": ");
    std::printf("  %-30s %s\n", f[0].c_str(),
      line == std::string::npos ? "<no message naming the file>"
                                : msg.substr(line, msg.find('\n', line) - line).c_str());
    CM_CHECK_MSG(line != std::string::npos, f[0] + ": the error does not name the file: " + msg);
    if (f[5] != "-")
    {
      for (const std::string& frag : Split(f[5], '|'))
      {
        CM_CHECK_MSG(msg.find(frag) != std::string::npos, f[0] + ": lacks '" + frag + "'");
      }
    }
    CM_CHECK_MSG(
      r->GetOutput()->GetNumberOfRows() == 0 && r->GetOutput()->GetNumberOfColumns() == 0,
      f[0] + ": output not empty after the error");
  }
  CM_CHECK_MSG(rows >= 20, "only " + std::to_string(rows) + " openems corpus rows");
  vtkOutputWindow::SetInstance(nullptr);
  std::printf("TestOpenEmsReader: %d corpus files\n", rows);
  return cmReport("TestOpenEmsReader");
}
