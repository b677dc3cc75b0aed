// SPDX-License-Identifier: BSD-3-Clause
// FEKO .ffe, .os and .out on hand-written files that reproduce each quirk of FORMATS.md;
// the expected numbers are read from the file text here with strtod, independently of
// the parser. Damaged copies must give ParseError naming the file and the problem.
#include "cmTestFiles.h"
#include "cmCheck.h"
#include "cmFekoFormat.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace cm;
using C = std::complex<double>;

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

/// The numbers of a current row (number first), by strtod.
std::vector<double> RowNumbers(const std::string& l)
{
  std::vector<double> r;
  const char* p = l.c_str();
  char* end;
  for (double v = std::strtod(p, &end); end != p; v = std::strtod(p, &end))
  {
    r.push_back(v);
    p = end;
  }
  return r;
}

/// The .out layouts of FEKO 2017.2 to 2024 (look-alikes written by make_feko_out.py).
void RealLayouts(const std::string& data, const std::string& tmp)
{
  auto out = [](const std::string& p) { return ReadFekoOutputFile(p); };
  // "Altair Feko - Solver" banner, 13-field rows, two frequencies, two tables at 600 MHz.
  const std::string text = Slurp(data + "strip_altair.out");
  CM_CHECK(LooksLikeFekoOutput(text.substr(0, 4096)) && !LooksLikeNecOutput(text.substr(0, 4096)));
  std::vector<std::string> notes;
  const auto b = ParseFekoOutput(text, "strip_altair.out", &notes);
  CM_CHECK(notes.empty());
  CM_CHECK(b.size() == 3);
  CM_CHECK(b[0].Frequency == 5e8 && b[1].Frequency == 6e8 && b[2].Frequency == 6e8);
  CM_CHECK(b[0].Name == "Currents1 (Port1)" && b[2].Name == "Currents1 (PlaneWave1)");
  // The rows of each table, read here with strtod.
  std::vector<std::vector<double>> rows;
  bool in = false;
  for (const std::string& l : Lines(text))
  {
    in = (in || l.find("3 corner points") != std::string::npos) &&
      l.find("SURFACE CHARGE") == std::string::npos;
    const std::vector<double> r = RowNumbers(l);
    if (in && r.size() == 13)
    {
      rows.push_back(r);
    }
  }
  CM_CHECK(rows.size() == 48);
  for (std::size_t t = 0; t < b.size() && rows.size() == 48; ++t)
  {
    const SurfaceMesh& m = b[t];
    CM_CHECK(m.NumberOfElements() == 16 && m.NumberOfPoints() == 18 && m.JReal.size() == 48);
    double area = 0;
    for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
    {
      const double* p0 = &m.Points[3 * m.Connectivity[3 * e]];
      const double* p1 = &m.Points[3 * m.Connectivity[3 * e + 1]];
      const double* p2 = &m.Points[3 * m.Connectivity[3 * e + 2]];
      const double nz = (p1[0] - p0[0]) * (p2[1] - p0[1]) - (p1[1] - p0[1]) * (p2[0] - p0[0]);
      CM_CHECK(nz > 0);
      area += 0.5 * nz;
      const std::vector<double>& r = rows[16 * t + static_cast<std::size_t>(e)];
      CM_CHECK(r[0] == e + 1);
      double mag2 = 0;
      for (int d = 0; d < 3; ++d)
      {
        const double ph = r[5 + 2 * d] * M_PI / 180;
        CM_NEAR(m.JReal[3 * e + d], r[4 + 2 * d] * std::cos(ph), 1e-15);
        CM_NEAR(m.JImag[3 * e + d], r[4 + 2 * d] * std::sin(ph), 1e-15);
        mag2 += m.JReal[3 * e + d] * m.JReal[3 * e + d] + m.JImag[3 * e + d] * m.JImag[3 * e + d];
      }
      // FEKO's currents are linear in a triangle: where the corners' currents are
      // parallel and in phase, |J| at the centroid is the mean of the 3 corner
      // magnitudes FEKO prints in the same row (3 printed digits).
      const double corners = (r[10] + r[11] + r[12]) / 3;
      CM_NEAR(std::sqrt(mag2), corners, 2e-3 * corners + 1e-6);
    }
    CM_NEAR(area, 2e-3 * 0.3, 1e-12);
  }

  // The .os of the same run (quoted names, 13 columns with the corner magnitudes) gives the
  // currents the .out printed as magnitude and phase (4 digits), at the same centroids.
  {
    const std::string ost = Slurp(data + "strip_altair.os");
    CM_CHECK(LooksLikeFekoCurrents(ost.substr(0, 4096)));
    const auto c = ParseFekoCurrents(ost, "strip_altair.os");
    CM_CHECK(c.size() == 1 && c[0].Frequency == 5e8 && c[0].Electric.Numbers.size() == 16);
    CM_CHECK(c[0].Electric.Components == 3 && c[0].Magnetic.Numbers.empty());
    const SurfaceMesh& m = b[0];
    double worst = 0, scale = 0;
    for (std::size_t k = 0; k < 48 && c.size() == 1 && m.JReal.size() == 48; ++k)
    {
      worst = std::max(worst,
        std::hypot(c[0].Electric.JReal[k] - m.JReal[k], c[0].Electric.JImag[k] - m.JImag[k]));
      scale = std::max(scale, std::hypot(m.JReal[k], m.JImag[k]));
    }
    std::printf("  .os vs .out: worst |dJ| %.2e of max |J| %.3f\n", worst, scale);
    CM_CHECK(worst <= 2e-3 * scale);
    for (std::size_t e = 0; e < 16 && c.size() == 1; ++e)
    {
      const std::int64_t* v = &m.Connectivity[3 * e];
      for (int d = 0; d < 3; ++d)
      {
        const double centroid =
          (m.Points[3 * v[0] + d] + m.Points[3 * v[1] + d] + m.Points[3 * v[2] + d]) / 3;
        CM_NEAR(c[0].Electric.Positions[3 * e + d], centroid, 1e-6);
      }
    }
    // The .ol: one complex charge density and an area per triangle. The charge of a
    // body is conserved: its sum over the strip is zero, and the areas sum to w L.
    const std::string olt = Slurp(data + "strip_altair.ol");
    CM_CHECK(LooksLikeFekoCurrents(olt.substr(0, 4096)));
    const auto q = ParseFekoCurrents(olt, "strip_altair.ol");
    CM_CHECK(q.size() == 1 && q[0].Electric.Components == 1 && q[0].Electric.Numbers.size() == 16);
    C total(0, 0);
    double area = 0, absolute = 0;
    for (std::size_t k = 0; k < 16 && q.size() == 1; ++k)
    {
      const C rho(q[0].Electric.JReal[k], q[0].Electric.JImag[k]);
      total += rho * q[0].Electric.Area[k];
      absolute += std::abs(rho) * q[0].Electric.Area[k];
      area += q[0].Electric.Area[k];
    }
    std::printf(
      "  .ol: |sum Q dA| / sum |Q| dA = %.2e, area %.6e\n", std::abs(total) / absolute, area);
    CM_CHECK(std::abs(total) < 1e-6 * absolute);
    CM_NEAR(area, 2e-3 * 0.3, 1e-12);
    auto ll = Lines(olt);
    ll[14] = ll[14].substr(0, ll[14].rfind("  ")); // row 2 loses its area
    Spit(tmp + "ol_short.ol", Join(ll));
    ExpectError("ol short row", tmp + "ol_short.ol", "expected 7",
      [](const std::string& p) { return ReadFekoCurrentsFile(p); });
  }

  // FEKO 2017.2 banner, output of currents deactivated (NOTE 34055): the header alone.
  notes.clear();
  const auto d = ReadFekoOutputFile(data + "plate_2017_deactivated.out", &notes);
  CM_CHECK(d.size() == 1 && d[0].NumberOfElements() == 4 && d[0].NumberOfPoints() == 5);
  CM_CHECK(
    d[0].JReal.empty() && d[0].Frequency == 3e8 && d[0].Name == "Currents1 (PlaneWaveSource1)");
  CM_CHECK(notes.size() == 1 && notes[0].find("NOTE 34055") != std::string::npos &&
    notes[0].find("plate_2017_deactivated.out:") != std::string::npos);
  std::printf("  notice: %s\n", notes.empty() ? "" : notes[0].c_str());
  // No current request at all.
  notes.clear();
  const auto n = ReadFekoOutputFile(data + "plate_2017_nocurrents.out", &notes);
  CM_CHECK(
    n.size() == 1 && n[0].NumberOfElements() == 4 && n[0].JReal.empty() && n[0].Frequency == 3e8);
  CM_CHECK(notes.size() == 1 && notes[0].find("no VALUES OF THE CURRENT") != std::string::npos);

  // Damaged copies.
  auto l = Lines(text);
  std::size_t cur = 0;
  while (l[cur].find("3 corner points") == std::string::npos)
  {
    ++cur;
  }
  auto t = l;
  t[cur + 3].replace(t[cur + 3].find("5.00000E-02"), 11, "5.10000E-02"); // row 3's centre moved
  Spit(tmp + "out_centre.out", Join(t));
  ExpectError("out centre", tmp + "out_centre.out", "is not its centroid", out);
  t = l;
  t.resize(cur + 1); // the file ends under the table header
  Spit(tmp + "out_header_eof.out", Join(t));
  ExpectError("out header at end", tmp + "out_header_eof.out", "before the end of the file", out);
  t = l;
  t[cur + 2] = t[cur + 2].substr(0, t[cur + 2].rfind("  ")); // row 2 loses a corner value
  Spit(tmp + "out_mixed.out", Join(t));
  ExpectError("out mixed layouts", tmp + "out_mixed.out", "fields, expected 10", out);
  Spit(tmp + "out_wires.out",
    "Altair Feko - Solver (par) Version 2021.2-8999 from 2021-08-18\n\n"
    " Number of metallic triangles:               0\n"
    " Number of metallic segments:               37\n");
  ExpectError("out wires only", tmp + "out_wires.out", "37 wire segments", out);
}
/// The partial-result rule of the .os reader: a magnetic section that fails (cut short,
/// a NaN, a huge count) leaves that block's magnetic samples empty with one notice naming
/// the file, the line and the problem; the electric samples equal the intact file's. A
/// later frequency's sections are read again; an electric failure is still an error.
void CheckMagneticOptional(const std::string& text, const FekoSurfaceCurrents& intact)
{
  auto l = Lines(text); // line 16: the magnetic count, 19 and 20 its rows
  std::vector<std::string> cut(l.begin(), l.begin() + 19), nan = l, huge = l;
  nan[19].replace(nan[19].find("3.00000000E+000"), 15, "nan");
  huge[15].replace(huge[15].find("Samples: 2"), 10, "Samples: 1000000000000");
  // Two frequencies, the first with the NaN: the second block is read whole.
  std::vector<std::string> two = nan, second(l.begin() + 7, l.end());
  second[0] = "#Frequency:   2.00000000E+008";
  two.insert(two.end(), second.begin(), second.end());
  const struct
  {
    const char* label;
    std::vector<std::string> lines;
    int line;
    const char* words;
  } cases[] = { { "cut", cut, 19, "1 current samples missing" }, { "nan", nan, 20, "'nan'" },
    { "huge count", huge, 16, "above the limit" }, { "two frequencies", two, 20, "'nan'" } };
  for (const auto& c : cases)
  {
    const std::string label = std::string("os magnetic ") + c.label;
    std::vector<std::string> notes;
    try
    {
      const auto b = ParseFekoCurrents(Join(c.lines), "m.os", &notes);
      const std::string n = notes.empty() ? std::string() : notes[0];
      std::printf("  %s -> %zu block(s), notice: %s\n", label.c_str(), b.size(), n.c_str());
      CM_CHECK_MSG(notes.size() == 1 && n.rfind("m.os:" + std::to_string(c.line) + ": ", 0) == 0 &&
          n.find(c.words) != std::string::npos && n.find("magnetic") != std::string::npos,
        label + ": one notice naming the file, line " + std::to_string(c.line) +
          " and the problem");
      CM_CHECK_MSG(!b.empty() && b[0].Magnetic.Numbers.empty() && b[0].Magnetic.JReal.empty() &&
          b[0].Electric.Numbers == intact.Electric.Numbers &&
          b[0].Electric.JReal == intact.Electric.JReal &&
          b[0].Electric.JImag == intact.Electric.JImag,
        label + ": the electric currents kept, the magnetic ones empty");
      CM_CHECK_MSG(std::string(c.label) != "two frequencies" ||
          (b.size() == 2 && b[1].Frequency == 2e8 && b[1].Magnetic.JReal == intact.Magnetic.JReal &&
            b[1].Electric.JReal == intact.Electric.JReal),
        label + ": the second frequency is read whole");
    }
    catch (const ParseError& e)
    {
      CM_CHECK_MSG(false, label + ": refused the whole file: " + e.what());
    }
    // Without a notice list the parser refuses the file, as before.
    bool threw = false;
    try
    {
      ParseFekoCurrents(Join(c.lines), "m.os");
    }
    catch (const ParseError&)
    {
      threw = true;
    }
    CM_CHECK_MSG(threw, label + ": without notices, an error");
  }
  // An electric count too large swallows the magnetic rows: still the file's error.
  auto larger = l;
  larger[8].replace(larger[8].find("Samples: 3"), 10, "Samples: 4");
  std::vector<std::string> notes;
  bool threw = false;
  try
  {
    ParseFekoCurrents(Join(larger), "m.os", &notes);
  }
  catch (const ParseError&)
  {
    threw = true;
  }
  CM_CHECK_MSG(threw && notes.empty(), "os electric count larger: still an error");
}

} // namespace

int TestFekoFormats(int, char*[])
{
  // Partial results: a second request that fails is an optional block when the caller
  // takes notices (the readers do): the blocks before it are kept, one notice names the
  // file, the line and the problem. Without notices it stays an error.
  {
    // .ffe: dipole_format3.ffe (request FarField1, 2 frequencies), then a truncated
    // block of a second request.
    const std::string ffe = Slurp(CLOUDMAP_DATA_DIR "/feko/dipole_format3.ffe");
    const std::vector<std::string> l = Lines(ffe);
    std::string second = "\n#Request Name: FarField2\n";
    for (std::size_t k = 0; k < l.size(); ++k)
    {
      if (l[k].rfind("#Frequency", 0) == 0 || l[k].rfind("#Coordinate", 0) == 0 ||
        l[k].rfind("#No.", 0) == 0 || l[k].rfind("#Result", 0) == 0 ||
        l[k].find("\"Theta\"") != std::string::npos)
      {
        second += l[k] + "\n";
        if (l[k].find("\"Theta\"") != std::string::npos)
        {
          second += l[k + 1] + "\n" + l[k + 2] + "\n"; // 2 of 6 rows, then the end
          break;
        }
      }
    }
    const std::string two = ffe + second;
    const std::int64_t last = static_cast<std::int64_t>(Lines(two).size());
    std::vector<std::string> notices;
    try
    {
      const auto g = ParseFekoFarField(two, "two.ffe", &notices);
      CM_CHECK(g.size() == 2 && g[0].Name == "FarField1" && g[1].Name == "FarField1");
      CM_CHECK(notices.size() == 1 && notices[0].find("two.ffe:") == 0 &&
        notices[0].find("truncated block 'FarField2'") != std::string::npos &&
        notices[0].find("request 'FarField2'") != std::string::npos);
      std::printf("  -> %s\n", notices.empty() ? "<no notice>" : notices[0].c_str());
    }
    catch (const ParseError& e)
    {
      std::printf("FAIL: a failing second request refused the file: %s\n", e.what());
      ++cmFailures;
    }
    bool threw = false;
    try
    {
      ParseFekoFarField(two, "two.ffe");
    }
    catch (const ParseError& e)
    {
      threw = e.Line >= last - 2;
    }
    CM_CHECK(threw);
    // A failing block of the first request is still an error, with notices too.
    std::string firstBad = ffe;
    firstBad.replace(
      firstBad.find("9.00000000E+001   0.00000000E+000   5.0"), 15, "            nan");
    threw = false;
    try
    {
      ParseFekoFarField(firstBad, "bad.ffe", &notices);
    }
    catch (const ParseError&)
    {
      threw = true;
    }
    CM_CHECK(threw);

    // .out: array_2019_ports.out has Currents1 and Currents2 at the first frequency and
    // Currents1 at the second. A damaged row in Currents2: Currents1 is kept.
    const std::string out = Slurp(CLOUDMAP_DATA_DIR "/feko/array_2019_ports.out");
    std::vector<std::string> ol = Lines(out);
    std::size_t row = 0;
    for (std::size_t k = 0, tables = 0; k < ol.size() && !row; ++k)
    {
      tables += ol[k].find("VALUES OF THE CURRENT DENSITY") != std::string::npos;
      row = tables == 2 && ol[k].rfind("        3 ", 0) == 0 ? k : 0;
    }
    CM_CHECK(row > 0);
    ol[row] = ol[row].substr(0, 60); // a row cut short
    const std::string cut = Join(ol);
    notices.clear();
    try
    {
      const auto m = ParseFekoOutput(cut, "cut.out", &notices);
      CM_CHECK(
        m.size() == 1 && m[0].Name == "Currents1 (VoltageSource3)" && m[0].JReal.size() == 36);
      const std::string where = "cut.out:" + std::to_string(row + 1) + ": ";
      CM_CHECK(notices.size() == 1 && notices[0].find(where) == 0 &&
        notices[0].find("not read (the 1 before it are)") != std::string::npos);
      std::printf("  -> %s\n", notices.empty() ? "<no notice>" : notices[0].c_str());
    }
    catch (const ParseError& e)
    {
      std::printf("FAIL: a failing second current table refused the file: %s\n", e.what());
      ++cmFailures;
    }
    threw = false;
    try
    {
      ParseFekoOutput(cut, "cut.out");
    }
    catch (const ParseError&)
    {
      threw = true;
    }
    CM_CHECK(threw);
  }

  // Keywords without regard to case and runs of spaces (FEKO versions differ): the
  // .ffe and .os headers respaced and recased read exactly like the originals.
  {
    auto respace = [](std::string t, const std::string& from, const std::string& to) {
      const std::size_t at = t.find(from);
      CM_CHECK(at != std::string::npos);
      return at == std::string::npos ? t : t.replace(at, from.size(), to);
    };
    const std::string ffe = Slurp(CLOUDMAP_DATA_DIR "/feko/dipole_format3.ffe");
    std::string f2 = respace(ffe, "##File Type: Far field", "##FILE TYPE:   far  field");
    f2 = respace(f2, "#No. of Theta Samples: 3", "#no.  of   THETA samples: 3");
    f2 = respace(f2, "#No. of Phi Samples: 2", "#NO. OF\tPHI  SAMPLES:  2");
    f2 = respace(f2, "#Result Type: Gain", "#Result   Type: Gain");
    CM_CHECK(LooksLikeFekoFarField(f2));
    try
    {
      const auto a = ParseFekoFarField(ffe, "a.ffe"), b = ParseFekoFarField(f2, "b.ffe");
      CM_CHECK(a.size() == b.size() && !a.empty() && a[0].NumberOfTheta == b[0].NumberOfTheta &&
        a[0].NumberOfPhi == b[0].NumberOfPhi && a[0].GainKind == b[0].GainKind &&
        a[0].Gain == b[0].Gain);
    }
    catch (const ParseError& e)
    {
      std::printf("FAIL: %s\n", e.what());
      ++cmFailures;
    }
    const std::string os = Slurp(CLOUDMAP_DATA_DIR "/feko/plate_currents.os");
    std::string o2 = respace(os, "##File Type: Currents", "##File   type: CURRENTS");
    o2 = respace(o2, "#No. of Electric Current Triangle Samples: 3",
      "#No.  of Electric  Current TRIANGLE Samples: 3");
    CM_CHECK(LooksLikeFekoCurrents(o2));
    try
    {
      const auto a = ParseFekoCurrents(os, "a.os"), b = ParseFekoCurrents(o2, "b.os");
      CM_CHECK(a.size() == b.size() && !a.empty() && a[0].Electric.JReal == b[0].Electric.JReal &&
        a[0].Electric.Positions == b[0].Electric.Positions && b[0].Electric.Numbers.size() == 3);
    }
    catch (const ParseError& e)
    {
      std::printf("FAIL: %s\n", e.what());
      ++cmFailures;
    }
  }

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
      "0.0 0.0 1.5\n9.0" +
      (e[0] == 'D' ? "D+01" : "E+001") + " 0.0 -2.5\n";
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
    Spit(tmp + "ffe_other.ffe",
      "##File Type: Near field\n#Frequency: 1e9\n#No. of Theta Samples: 1\n");
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
    CM_CHECK(
      e.Numbers.size() == 3 && e.Numbers[2] == 5 && m.Numbers.size() == 2 && m.Numbers[1] == 8);
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
    CheckMagneticOptional(text, b[0]);
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
    {
      // No current table: the mesh alone, with one notice.
      std::vector<std::string> notes;
      const auto m0 = ReadFekoOutputFile(tmp + "out_no_currents.out", &notes);
      CM_CHECK(m0.size() == 1 && m0[0].NumberOfElements() == 4 && m0[0].JReal.empty());
      CM_CHECK(notes.size() == 1 && notes[0].find("no VALUES OF THE CURRENT") != std::string::npos);
    }
    t = l;
    t[cur + 6] = t[cur + 6].substr(0, 70);
    Spit(tmp + "out_short.out", Join(t));
    ExpectError("out short row", tmp + "out_short.out", "expected 10", out);
    t = l;
    t[cur + 6].replace(t[cur + 6].find("2.0000E-02"), 10, "2.0000E-0x");
    Spit(tmp + "out_nonnumeric.out", Join(t));
    ExpectError("out non-numeric", tmp + "out_nonnumeric.out", "current magnitude", out);
  }
  RealLayouts(data, tmp);
  return cmReport("TestFekoFormats");
}
