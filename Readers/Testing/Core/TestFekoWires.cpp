// SPDX-License-Identifier: BSD-3-Clause
// FEKO .out wire models (cmFekoWires.h): the look-alikes of Testing/Data/feko/
// make_feko_wires.py. Oracles are what each file prints about itself, read here with
// sscanf: "Number of metallic segments:", the voltage source's "Current in A" (the fed
// segment carries it) and "Impedance in Ohm" (Z from the printed S11 against the
// printed reference impedance must be it), the segment table's IZ column (the dipole
// lies along z, so I = IZ). Damaged copies are refused naming the file and line.
#include "cmCheck.h"
#include "cmFekoFormat.h"
#include "cmFekoPorts.h"
#include "cmFekoWires.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <cmath>
#include <complex>
#include <cstdio>
#include <string>

using namespace cm;

namespace
{
const double Pi = 3.14159265358979323846;

/// The first line holding `key`, and the numbers sscanf reads after it.
int Printed(const std::string& text, const char* key, const char* fmt, double* a, double* b)
{
  for (const std::string& l : Lines(text))
  {
    const std::size_t at = l.find(key);
    if (at != std::string::npos)
    {
      return std::sscanf(l.c_str() + at + std::string(key).size(), fmt, a, b);
    }
  }
  return 0;
}

void ExpectError(const std::string& text, std::int64_t line, const char* words)
{
  try
  {
    ParseFekoWires(text, "bad.out", nullptr);
    std::printf("FAIL: accepted (expected '%s')\n", words);
    ++cmFailures;
  }
  catch (const ParseError& e)
  {
    std::printf("  -> %s\n", e.what());
    CM_CHECK(e.File == "bad.out");
    CM_CHECK(e.Line == line);
    CM_CHECK(std::string(e.what()).find(words) != std::string::npos);
  }
}

void TestDipole()
{
  const std::string path = CLOUDMAP_DATA_DIR "/feko/dipole_wire_2017.out";
  const std::string text = Slurp(path);
  std::vector<std::string> notices;
  const FekoWires w = ParseFekoWires(text, path, &notices);
  double count = 0, dummy = 0;
  CM_CHECK(Printed(text, "Number of metallic segments:", "%lf", &count, &dummy) == 1);
  CM_CHECK(w.Segments.size() == static_cast<std::size_t>(count) && count == 9);
  CM_CHECK(w.Tables.size() == 1 && notices.empty());
  CM_CHECK(w.Tables[0].Name == "Currents1");
  CM_CHECK(std::abs(w.Tables[0].Frequency - 2.99792e8) < 1);
  // The wire-only model is no error for the mesh parser: no surface.
  CM_CHECK(ParseFekoOutput(text, path).empty());

  // Every segment's current is its printed IZ (the dipole lies along +z).
  std::size_t k = 0;
  const std::vector<std::string> lines = Lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i)
  {
    int n = 0;
    double x, y, z, m[3], p[3];
    if (k < w.Segments.size() && i > 0 && lines[i - 1].find("number") != std::string::npos &&
      lines[i - 1].find("x/m") != std::string::npos)
    {
      for (; k < w.Segments.size(); ++k, ++i)
      {
        CM_CHECK(std::sscanf(lines[i].c_str(), "%d %lf %lf %lf %lf %lf %lf %lf %lf %lf", &n, &x, &y,
                   &z, &m[0], &p[0], &m[1], &p[1], &m[2], &p[2]) == 10);
        const std::complex<double> iz = std::polar(m[2], p[2] * Pi / 180);
        CM_NEAR(w.Tables[0].Current[k].real(), iz.real(), 1e-12);
        CM_NEAR(w.Tables[0].Current[k].imag(), iz.imag(), 1e-12);
        CM_NEAR(0.5 * (w.Segments[k].Start[2] + w.Segments[k].End[2]), z, 1e-4);
      }
    }
  }
  CM_CHECK(k == 9);

  // The source: its printed current is the centre segment's; its position that centre.
  double ire = 0, iim = 0;
  CM_CHECK(Printed(text, "Current   in A", "%lf %lf", &ire, &iim) == 2);
  const std::vector<FekoPort> ports = ParseFekoPorts(text, path);
  CM_CHECK(ports.size() == 1);
  const std::vector<FekoSourcePosition> src = FekoSegmentSourcePositions(w, ports, path, &notices);
  CM_CHECK(src.size() == 1 && notices.empty());
  if (src.size() == 1)
  {
    CM_CHECK(src[0].Name == "VoltageSource1");
    CM_NEAR(src[0].Position[2], 0.0, 1e-6);
    CM_NEAR(std::abs(w.Tables[0].Current[4]), std::hypot(ire, iim), 1e-3 * std::hypot(ire, iim));
  }

  // The network: S11 as printed; Z from it is the printed impedance (another block).
  const Network net = ParseFekoScattering(text, path);
  CM_CHECK(net.Ports.size() == 1 && net.Points.size() == 1);
  double zre = 0, zim = 0, s0 = 0;
  CM_CHECK(Printed(text, "Impedance in Ohm", "%lf %lf", &zre, &zim) == 2);
  CM_CHECK(Printed(text, "Reference impedance in Ohm:", "%lf", &s0, &dummy) == 1);
  CM_CHECK(net.ReferenceImpedance == s0);
  if (net.Points.size() == 1)
  {
    const NetworkPoint& pt = net.Points[0];
    std::printf("  Z from S11: %.4f %+.4f j (printed %.4f %+.4f j)\n", pt.Z[0].real(),
      pt.Z[0].imag(), zre, zim);
    CM_NEAR(pt.Z[0].real(), zre, 2e-4 * std::abs(zre));
    CM_NEAR(pt.Z[0].imag(), zim, 2e-4 * std::abs(zre));
    CM_NEAR(std::abs(pt.Y[0] * pt.Z[0]), 1.0, 1e-12);
    CM_CHECK(pt.WorstI == -1 && std::isnan(pt.WorstIsolationDb));
  }
}

void TestWiresOnPlate()
{
  const std::string path = CLOUDMAP_DATA_DIR "/feko/wires_plate_2021.out";
  const std::string text = Slurp(path);
  std::vector<std::string> notices;
  const FekoWires w = ParseFekoWires(text, path, &notices);
  CM_CHECK(w.Segments.size() == 4 && w.Tables.size() == 1);
  const std::vector<SurfaceMesh> m = ParseFekoOutput(text, path, &notices);
  CM_CHECK(m.size() == 1 && m[0].NumberOfElements() == 4 && !m[0].JReal.empty());
  const std::vector<FekoSourcePosition> src =
    FekoSegmentSourcePositions(w, ParseFekoPorts(text, path), path, &notices);
  CM_CHECK(src.size() == 1 && notices.empty());
  if (src.size() == 1)
  {
    CM_CHECK(src[0].Name == "WirePort");
    CM_NEAR(src[0].Position[2], 0.03, 1e-9); // the first segment's centre
  }
  CM_CHECK(ParseFekoScattering(text, path).Ports.empty()); // no S-parameter block
}

void TestBad()
{
  const std::string text = Slurp(CLOUDMAP_DATA_DIR "/feko/dipole_wire_2017.out");
  const std::vector<std::string> l = Lines(text);
  std::size_t seg = 0, cur = 0;
  for (std::size_t k = 0; k < l.size(); ++k)
  {
    seg = !seg && l[k].find("DATA OF THE SEGMENTS") != std::string::npos ? k : seg;
    cur = !cur && l[k].find("CURRENT IN THE SEGMENTS") != std::string::npos ? k : cur;
  }
  CM_CHECK(seg > 0 && cur > 0);
  const auto line = [](std::size_t k) { return static_cast<std::int64_t>(k + 1); };
  std::vector<std::string> bad = l;
  bad[seg + 6].replace(bad[seg + 6].find("        2"), 9, "        3");
  ExpectError(Join(bad), line(seg + 6), "out of sequence");
  bad = l;
  bad[cur + 4] = bad[cur + 4].substr(0, bad[cur + 4].rfind(' ')); // 9 fields
  ExpectError(Join(bad), line(cur + 4), "expected 10");
  bad = l;
  bad[cur + 4].replace(bad[cur + 4].find("-2.08889E-01"), 12, "-1.08889E-01");
  ExpectError(Join(bad), line(cur + 4), "not the midpoint");
  bad = l;
  bad[cur + 4].replace(bad[cur + 4].find("0.000E+00"), 9, "1.000E-03"); // IX
  ExpectError(Join(bad), line(cur + 4), "does not lie along");
  bad = l;
  bad[cur + 4].replace(bad[cur + 4].find("        1"), 9, "       12");
  ExpectError(Join(bad), line(cur + 4), "not in DATA OF THE SEGMENTS");
  // Without DATA OF THE SEGMENTS the rows are the segments (points at their centres).
  const FekoWires points = ParseFekoWires(
    "   VALUES OF THE CURRENT IN THE SEGMENTS in A\n\n    1 0.5 0.0 0.0 0.0 0 3.0 0 4.0 180\n"
    "    2 0.5 0.0 0.1 0.0 0 0.0 0 1.0 0\n\n",
    "points.out", nullptr);
  CM_CHECK(points.FromTable && points.Segments.size() == 2 && points.Tables.size() == 1);
  if (points.Tables.size() == 1 && points.Segments.size() == 2)
  {
    // |I| = |(0, 3, -4)| = 5 with the phase of the largest component (IZ, 180°).
    CM_NEAR(points.Tables[0].Current[0].real(), -5.0, 1e-12);
    CM_NEAR(points.Segments[1].Start[2], 0.1, 1e-15);
    CM_CHECK(points.Segments[1].Length == 0);
  }
  ExpectError(
    "   VALUES OF THE CURRENT IN THE SEGMENTS in A\n\n    1 0.5 0.0 0.0 0.0 0 3.0 0 4.0 180\n", 3,
    "ends inside a segment current table");
  bad = l;
  for (std::string& s : bad)
  {
    const std::size_t at = s.find("Reference impedance in Ohm:");
    if (at != std::string::npos)
    {
      s = s.substr(0, at) + "Reference impedance in Ohm:  x";
    }
  }
  try
  {
    ParseFekoScattering(Join(bad), "bad.out");
    std::printf("FAIL: a reference impedance 'x' accepted\n");
    ++cmFailures;
  }
  catch (const ParseError& e)
  {
    CM_CHECK(std::string(e.what()).find("reference impedance") != std::string::npos);
  }
}
} // namespace

/// The .out sniffer wants FEKO's banner, not the word FEKO.
void TestSniffer()
{
  for (const char* name : { "array_2019_ports.out", "dipole_2017_ports.out", "plate.out",
         "plate_2017_deactivated.out", "plate_2017_nocurrents.out", "plate_2021_note.out",
         "strip_altair.out", "strip_ports.out", "dipole_wire_2017.out", "wires_plate_2021.out" })
  {
    const std::string text = Slurp(std::string(CLOUDMAP_DATA_DIR "/feko/") + name);
    CM_CHECK_MSG(LooksLikeFekoOutput(text.substr(0, 4096)), name);
  }
  // A runfeko console log, as a PBS job writes it into <job>.out (the layout of cemagg/
  // SUN-EM-CMOM chpc/results/feko_test/*.out, written here): it names FEKO everywhere,
  // even the solver's banner, but is no .out of the solver.
  const std::string log = "core file size          (blocks, -c) 0\n"
                          "data seg size           (kbytes, -d) unlimited\n\n"
                          "Altair Feko - RUNFEKO Version 2018.2.1-12 from 2018-10-19\n"
                          "          Copyright (c) 2014-2018 Altair Engineering, Inc.\n\n"
                          "Altair Feko - Solver (seq) Version 2018.2.1-566 from 2018-12-13\n"
                          "          Copyright (c) 2014-2018 Altair Engineering, Inc.\n\n"
                          "File:     dipole\n"
                          "    See also message in the output file dipole.out\n"
                          " Calculate the far field\n\nFinished\n";
  CM_CHECK(!LooksLikeFekoOutput(log));
  // A script and a note that mention FEKO and quote its tables.
  CM_CHECK(!LooksLikeFekoOutput("# Reads FEKO .out files (FEKO Version 2017.2)\nimport numpy\n"));
  CM_CHECK(!LooksLikeFekoOutput("%  FEKO result:\n%   VALUES OF THE CURRENT IN THE SEGMENTS in A\n"
                                "%  1  1.4E+00  2.3E-01 -1.1E+00 2.1E-05 90.00\n"));
  CM_CHECK(!LooksLikeFekoOutput("FEKO Version notes\nnothing else\n")); // no version number
  CM_CHECK(!LooksLikeFekoOutput(""));
  CM_CHECK(!LooksLikeFekoOutput(Slurp(CLOUDMAP_DATA_DIR "/nec/box_sm.out").substr(0, 4096)));
  // Blank lines before the banner are allowed (a file copied with a leading newline).
  CM_CHECK(LooksLikeFekoOutput("\n\nFEKO      Version 7.0.2-482 from 2015-01-21\n"
                               "          PREFEKO Version 7.0.2-44 from 2015-01-21\n"));
}

/// FEKO 2021's segment source prints its location: taken as printed, once per name.
void TestPrintedLocation()
{
  const std::string path = CLOUDMAP_DATA_DIR "/feko/dipole_nogeom_2021.out";
  const std::string text = Slurp(path);
  const FekoWires w = ParseFekoWires(text, path, nullptr);
  CM_CHECK(w.FromTable && w.Segments.size() == 9 && w.Tables.size() == 1);
  CM_CHECK(w.Locations.size() == 1);
  double x = 0, y = 0;
  CM_CHECK(Printed(text, "Location of the port in m:     x =", "%lf, y = %lf", &x, &y) == 2);
  if (w.Locations.size() == 1)
  {
    CM_CHECK(w.Locations[0].Name == "VoltageSource1");
    CM_NEAR(w.Locations[0].Position[0], x, 1e-15);
    CM_NEAR(w.Locations[0].Position[1], y, 1e-15);
  }
  const auto src = FekoSegmentSourcePositions(w, ParseFekoPorts(text, path), path, nullptr);
  CM_CHECK(src.size() == 1); // the printed location, not also the matched segment
}

int TestFekoWires(int, char*[])
{
  TestPrintedLocation();
  TestSniffer();
  TestDipole();
  TestWiresOnPlate();
  TestBad();
  return cmReport("TestFekoWires");
}
