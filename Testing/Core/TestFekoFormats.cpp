// SPDX-License-Identifier: BSD-3-Clause
// FEKO .ffe, .os and .out on hand-written files that reproduce each quirk of FORMATS.md;
// the expected numbers are read from the file text here with strtod, independently of
// the parser. Damaged copies must give ParseError naming the file and the problem.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmFekoFormat.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace cloudmap;

namespace
{




/// The numeric rows of an .ffe text (lines not starting with # or *), as doubles.
std::vector<std::vector<double>> FfeRows(const std::string& text)
{
  std::vector<std::vector<double>> rows;
  for (const std::string& l : Lines(text))
  {
    const std::size_t b = l.find_first_not_of(" \t");
    if (b == std::string::npos || l[b] == '#' || l[b] == '*')
    {
      continue;
    }
    std::vector<double> r;
    const char* p = l.c_str();
    char* end;
    for (double v = std::strtod(p, &end); end != p; v = std::strtod(p, &end))
    {
      r.push_back(v);
      p = end;
    }
    rows.push_back(r);
  }
  return rows;
}

const std::vector<double>* Extra(const FarFieldGrid& g, const char* name)
{
  for (const auto& c : g.Extra)
  {
    if (c.first == name)
    {
      return &c.second;
    }
  }
  return nullptr;
}

/// Every sample equals the file's row (9 columns: θ φ ReEθ ImEθ ReEφ ImEφ G_θ G_φ G).
void CheckAgainstRows(const std::vector<FarFieldGrid>& blocks, const std::string& text)
{
  const auto rows = FfeRows(text);
  std::size_t r = 0;
  for (const FarFieldGrid& g : blocks)
  {
    const auto* gt = Extra(g, "Gain_theta");
    const auto* gp = Extra(g, "Gain_phi");
    CM_CHECK(gt && gp);
    for (std::int64_t k = 0; k < g.NumberOfSamples() && r < rows.size(); ++k, ++r)
    {
      const auto& x = rows[r];
      CM_CHECK(x.size() == 9);
      CM_CHECK(g.Theta[k] == x[0] && g.Phi[k] == x[1]);
      CM_CHECK(g.EthetaRe[k] == x[2] && g.EthetaIm[k] == x[3]);
      CM_CHECK(g.EphiRe[k] == x[4] && g.EphiIm[k] == x[5]);
      CM_CHECK((*gt)[k] == x[6] && (*gp)[k] == x[7] && g.Gain[k] == x[8]);
    }
  }
  CM_CHECK(r == rows.size());
}

template <class F>
void ExpectError(const char* label, const std::string& path, const char* words, F&& parse)
{
  try
  {
    parse(path);
    std::printf("FAIL %s: no ParseError\n", label);
    CM_CHECK(false);
  }
  catch (const ParseError& e)
  {
    const std::string what = e.what();
    std::printf("  %s -> %s\n", label, what.c_str());
    CM_CHECK(e.File == path);
    CM_CHECK(what.find(words) != std::string::npos);
  }
}
} // namespace

int main()
{
  const std::string data = CLOUDMAP_DATA_DIR "/feko/";
  const std::string tmp = CLOUDMAP_TEMP_DIR "/";
  auto ffe = [](const std::string& p) { return ReadFekoFarFieldFile(p); };
  auto os = [](const std::string& p) { return ReadFekoCurrentsFile(p); };
  auto out = [](const std::string& p) { return ReadFekoOutputFile(p); };

  // Format 3: "##File Type: Far field", spaced quoted names, E+009 exponents, two
  // frequency blocks separated by a blank line, #Request Name given, Gain.
  const std::string f3 = Slurp(data + "dipole_format3.ffe");
  {
    const auto b = ParseFekoFarField(f3, "dipole_format3.ffe");
    CM_CHECK(b.size() == 2);
    CM_CHECK(b[0].Frequency == 1.0e9 && b[1].Frequency == 1.5e9);
    CM_CHECK(b[0].NumberOfTheta == 3 && b[0].NumberOfPhi == 2 && b[1].NumberOfSamples() == 6);
    CM_CHECK(b[0].GainKind == "Gain" && b[0].Name == "FarField1" && b[0].SourceFormat == "FEKO");
    CM_CHECK(b[0].Theta[1] == 90 && b[0].Phi[3] == 90); // θ fastest
    CheckAgainstRows(b, f3);
  }
  // Format 8: "Far Field", run-together quoted names, E+9 exponents, a single cut (one θ
  // sample), no #Request Name, Directivity then Realized Gain, extra #Efficiency keys.
  const std::string f8 = Slurp(data + "helix_format8_cut.ffe");
  {
    const auto b = ParseFekoFarField(f8, "helix_format8_cut.ffe");
    CM_CHECK(b.size() == 2);
    CM_CHECK(b[0].Frequency == 2.4e9 && b[1].Frequency == 2.5e9);
    CM_CHECK(b[0].NumberOfTheta == 1 && b[0].NumberOfPhi == 5);
    CM_CHECK(b[0].GainKind == "Directivity" && b[1].GainKind == "Realized Gain");
    CM_CHECK(b[0].Name.empty() && b[1].Name.empty());
    CheckAgainstRows(b, f8);
  }
  // Each exponent style alone, in a minimal block with only three columns.
  for (const char* e : { "E+009", "E+9", "E+09", "D+09" })
  {
    const std::string t = std::string("##File Type: Far field\n#Frequency: 1.0") + e +
      "\n#No. of Theta Samples: 2\n#No. of Phi Samples: 1\n#\"Theta\" \"Phi\" \"Gain(Total)\"\n"
      "0.0 0.0 1.5\n9.0" + (e[0] == 'D' ? "D+01" : "E+001") + " 0.0 -2.5\n";
    const auto b = ParseFekoFarField(t, e);
    CM_CHECK(b.size() == 1 && b[0].Frequency == 1e9 && b[0].Theta[1] == 90 && b[0].Gain[1] == -2.5);
    CM_CHECK(b[0].EthetaRe[0] == 0 && b[0].GainKind == "Gain");
  }

  std::printf("errors:\n");
  {
    auto l = Lines(f3);
    l.erase(l.begin() + 18); // block 1 loses its last row: the blank line comes early
    Spit(tmp + "ffe_truncated.ffe", Join(l));
    ExpectError("ffe truncated", tmp + "ffe_truncated.ffe", "truncated block 'FarField1'", ffe);
  }
  {
    auto l = Lines(f3);
    l.resize(16); // the file ends inside the first block
    Spit(tmp + "ffe_eof.ffe", Join(l));
    ExpectError("ffe end of file", tmp + "ffe_eof.ffe", "before the end of the file", ffe);
  }
  {
    auto l = Lines(f3);
    l[9] = "#No. of Theta Samples: 2"; // the count disagrees with the rows
    Spit(tmp + "ffe_count.ffe", Join(l));
    ExpectError("ffe count", tmp + "ffe_count.ffe", "theta", ffe);
  }
  {
    auto l = Lines(f3);
    l[15].replace(l[15].find("9.00000000E+001"), 15, "9.0000000QE+001");
    Spit(tmp + "ffe_nonnumeric.ffe", Join(l));
    ExpectError("ffe non-numeric", tmp + "ffe_nonnumeric.ffe", "expected Theta", ffe);
  }
  {
    auto l = Lines(f3);
    l[13] = "#No. of Header Lines: 0"; // the column line is missing
    l.erase(l.begin() + 13);
    Spit(tmp + "ffe_no_columns.ffe", Join(l));
    ExpectError("ffe no column line", tmp + "ffe_no_columns.ffe", "outside a block", ffe);
  }
  {
    auto l = Lines(f3);
    l[8] = "#Coordinate System: Cartesian";
    Spit(tmp + "ffe_cartesian.ffe", Join(l));
    ExpectError("ffe coordinates", tmp + "ffe_cartesian.ffe", "only Spherical", ffe);
  }
  {
    Spit(tmp + "ffe_other.ffe", "##File Type: Near field\n#Frequency: 1e9\n#No. of Theta Samples: 1\n");
    ExpectError("ffe other type", tmp + "ffe_other.ffe", "not a far field", ffe);
  }

  // .os: the electric section (triangle numbers 1, 2, 5: not contiguous, mixed exponent
  // styles), then a magnetic section after a blank line.
  {
    const std::string text = Slurp(data + "plate_currents.os");
    const auto b = ParseFekoCurrents(text, "plate_currents.os");
    CM_CHECK(b.size() == 1 && b[0].Frequency == 1e8);
    const auto& e = b[0].Electric;
    const auto& m = b[0].Magnetic;
    CM_CHECK(e.Numbers.size() == 3 && e.Numbers[2] == 5 && m.Numbers.size() == 2 && m.Numbers[1] == 8);
    CM_CHECK(e.Positions[1] == 6.66666667E-002 && e.JReal[0] == 1e-3 && e.JImag[0] == -2e-4);
    CM_CHECK(e.JReal[2] == 5e-5 && e.JImag[2] == 1e-5 && e.JReal[7] == -1e-4);
    CM_CHECK(m.Positions[5] == 0.1 && m.JReal[2] == 0 && m.JImag[2] == 2.0 && m.JReal[3] == 3.0);
    auto l = Lines(text);
    l.erase(l.begin() + 12);
    Spit(tmp + "os_truncated.os", Join(l));
    ExpectError("os truncated", tmp + "os_truncated.os", "", os);
    l = Lines(text);
    l[11] = l[11].substr(0, 60);
    Spit(tmp + "os_short_row.os", Join(l));
    ExpectError("os short row", tmp + "os_short_row.os", "expected 10", os);
  }

  // .out: 4 metallic triangles (the 4th printed clockwise) sharing a centre vertex, and
  // current densities as magnitude and phase.
  {
    const std::string text = Slurp(data + "plate.out");
    CM_CHECK(LooksLikeFekoOutput(text.substr(0, 4096)));
    CM_CHECK(!LooksLikeNecOutput(text.substr(0, 4096)));
    CM_CHECK(!LooksLikeFekoOutput(Slurp(CLOUDMAP_DATA_DIR "/nec/box_sm.out").substr(0, 4096)));
    const auto meshes = ParseFekoOutput(text, "plate.out");
    CM_CHECK(meshes.size() == 1);
    const SurfaceMesh& m = meshes.at(0);
    CM_CHECK(m.Frequency == 1e8 && m.NumberOfElements() == 4 && m.NumberOfPoints() == 5);
    double area = 0;
    for (std::int64_t e = 0; e < 4; ++e)
    {
      const double* a = &m.Points[3 * m.Connectivity[3 * e]];
      const double* b = &m.Points[3 * m.Connectivity[3 * e + 1]];
      const double* c = &m.Points[3 * m.Connectivity[3 * e + 2]];
      const double nz = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      CM_CHECK(nz > 0); // counter-clockwise about the printed normal +z
      area += 0.5 * nz;
    }
    CM_NEAR(area, 0.04, 1e-15);
    // Triangle 3: Jx = 3.0000E-02 at -170 degrees, Jy = 1.0000E-03 at 90 degrees.
    CM_NEAR(m.JReal[6], 3e-2 * std::cos(-170 * M_PI / 180), 1e-15);
    CM_NEAR(m.JImag[6], 3e-2 * std::sin(-170 * M_PI / 180), 1e-15);
    CM_NEAR(m.JReal[7], 0, 1e-15);
    CM_NEAR(m.JImag[7], 1e-3, 1e-15);
    auto l = Lines(text);
    std::size_t cur = 0;
    while (l[cur].find("VALUES OF THE CURRENT") == std::string::npos)
    {
      ++cur;
    }
    auto t = l;
    t.resize(cur + 7); // 2 of 4 current rows
    Spit(tmp + "out_truncated.out", Join(t));
    ExpectError("out truncated", tmp + "out_truncated.out", "truncated current density table", out);
    t = l;
    t.resize(cur);
    Spit(tmp + "out_no_currents.out", Join(t));
    ExpectError("out missing section", tmp + "out_no_currents.out", "no VALUES OF THE CURRENT", out);
    t = l;
    t[cur + 6] = t[cur + 6].substr(0, 70);
    Spit(tmp + "out_short.out", Join(t));
    ExpectError("out short row", tmp + "out_short.out", "expected 10", out);
    t = l;
    t[cur + 6].replace(t[cur + 6].find("2.0000E-02"), 10, "2.0000E-0x");
    Spit(tmp + "out_nonnumeric.out", Join(t));
    ExpectError("out non-numeric", tmp + "out_nonnumeric.out", "current magnitude", out);
  }
  return cmReport("TestFekoFormats");
}
