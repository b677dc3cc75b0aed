// SPDX-License-Identifier: BSD-3-Clause
// The voltage-source blocks of FEKO .out (cmFekoPorts.h). Oracles: the impedances
// written into Testing/Data/feko/strip_ports.out (strip_altair.out with a DATA OF THE
// VOLTAGE SOURCE block, in the Altair user guide's layout, after each voltage-source
// solve: Z = 73.2 + j41.8 ohm at 500 MHz, 95 + j110 ohm at 600 MHz, 1 V); the
// reflection values by hand; the mesh parser still reading the same file; damaged
// blocks refused with the file and line. Then the look-alikes of real FEKO 2017.2,
// 2019.1 and 2021.1 runs (Testing/Data/feko/make_feko_ports.py: "Current   in A" with
// runs of spaces, the Power row after a blank line, several sources, a second request,
// a header-only current table with NOTE 34055), each impedance checked against the
// "Impedance in Ohm" row the file itself prints, read here with sscanf.
#include "cmCheck.h"
#include "cmFekoFormat.h"
#include "cmFekoPorts.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <cctype>
#include <complex>
#include <cstdio>
#include <string>

using namespace cm;

namespace
{
void ExpectError(const std::string& text, std::int64_t line, const char* words)
{
  try
  {
    ParseFekoPorts(text, "bad.out");
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
/// The impedances a file prints: the numbers after "Ohm" on every line that holds
/// "Impedance" and "Ohm" (any case), within 6 lines after a "VOLTAGE SOURCE NO." banner.
std::vector<std::complex<double>> PrintedImpedances(const std::string& text)
{
  std::vector<std::complex<double>> z;
  std::size_t banner = 0, k = 0;
  for (std::string l : Lines(text))
  {
    ++k;
    for (char& c : l)
    {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (l.find("VOLTAGE SOURCE NO.") != std::string::npos)
    {
      banner = k;
    }
    const std::size_t at = l.find("OHM");
    if (banner && k - banner <= 6 && l.find("IMPEDANCE") != std::string::npos &&
      at != std::string::npos)
    {
      double re = 0, im = 0;
      if (std::sscanf(l.c_str() + at + 3, "%lf %lf", &re, &im) == 2)
      {
        z.emplace_back(re, im);
      }
    }
  }
  return z;
}

/// Reads a look-alike: its ports must be the impedances it prints, in order.
std::vector<FekoPort> CheckPrinted(const std::string& name, std::size_t count)
{
  const std::string path = CLOUDMAP_DATA_DIR "/feko/" + name;
  const std::string text = Slurp(path);
  std::vector<FekoPort> p;
  try
  {
    p = ParseFekoPorts(text, path);
  }
  catch (const ParseError& e)
  {
    std::printf("FAIL: %s\n", e.what());
    ++cmFailures;
  }
  const std::vector<std::complex<double>> z = PrintedImpedances(text);
  std::printf(
    "  %s: %zu voltage sources, %zu printed impedances\n", name.c_str(), p.size(), z.size());
  CM_CHECK(p.size() == count && z.size() == count);
  for (std::size_t k = 0; k < p.size() && k < z.size(); ++k)
  {
    CM_NEAR(p[k].Impedance.real(), z[k].real(), 0);
    CM_NEAR(p[k].Impedance.imag(), z[k].imag(), 0);
    // The printed power (after the blank line) is read, not recomputed: ½ |I|² R to the
    // printed digits.
    CM_NEAR(p[k].Power, 0.5 * std::norm(p[k].Current) * p[k].Impedance.real(), 2e-4 * p[k].Power);
  }
  return p;
}

/// `text` with every run of spaces in the block rows made `spaces` and the labels
/// in the given case (the keyword matching must not care).
std::string Respaced(std::string text, const char* from, const char* to)
{
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1))
  {
    text.replace(at, std::string(from).size(), to);
  }
  return text;
}
} // namespace

/// The position of FEKO edge voltage sources, on a text in the layout FEKO 2019 prints
/// (cemagg/SUN-EM examples/example-1/strip_dipole.out): a strip of 4 triangles whose
/// first corner lines carry the signed edge numbers (+e on KORP, -e on KORM), and
/// EXCITATION BY VOLTAGE SOURCE AT AN EDGE blocks ending in "Indices of the edges:".
/// The oracle is the file's own printed corners: edge 2 is the side triangles 2 and 3
/// share, (1.0000E-03, 6.2500E-02, 0) - (0, 6.2500E-02, 0), so the source sits at its
/// midpoint (5.0E-04, 6.25E-02, 0); edge 3, shared by triangles 3 and 4, runs from
/// (0, 6.2500E-02, 0) to (1.0000E-03, 1.2500E-01, 0).
void TestSourcePositions()
{
  const std::string head =
    "                         DATA OF THE METALLIC TRIANGLES\n"
    "\n"
    " no.       label     x1 in m     y1 in m     z1 in m       edges \n"
    "          medium     x2 in m     y2 in m     z2 in m\n"
    "          medium     x3 in m     y3 in m     z3 in m\n"
    "                       nx          ny          nz          area in m*m\n"
    "        1 intern   0.0000E+00  0.0000E+00  0.0000E+00            1           \n"
    "          Free s   1.0000E-03  0.0000E+00  0.0000E+00\n"
    "          Free s   0.0000E+00  6.2500E-02  0.0000E+00\n"
    "                   0.0000E+00  0.0000E+00  1.0000E+00      3.1250E-05\n"
    "        2 intern   1.0000E-03  6.2500E-02  0.0000E+00           -1         2 \n"
    "          Free s   0.0000E+00  6.2500E-02  0.0000E+00\n"
    "          Free s   1.0000E-03  0.0000E+00  0.0000E+00\n"
    "                   0.0000E+00  0.0000E+00  1.0000E+00      3.1250E-05\n"
    "        3 intern   0.0000E+00  6.2500E-02  0.0000E+00           -2         3 \n"
    "          Free s   1.0000E-03  6.2500E-02  0.0000E+00\n"
    "          Free s   0.0000E+00  1.2500E-01  0.0000E+00\n"
    "                   0.0000E+00  0.0000E+00  1.0000E+00      3.1250E-05\n"
    "        4 intern   1.0000E-03  1.2500E-01  0.0000E+00           -3           \n"
    "          Free s   0.0000E+00  1.2500E-01  0.0000E+00\n"
    "          Free s   1.0000E-03  6.2500E-02  0.0000E+00\n"
    "                   0.0000E+00  0.0000E+00  1.0000E+00      3.1250E-05\n"
    "\n\n";
  const auto block = [](const char* name, int index, double freq, const char* edges) {
    char b[1200];
    std::snprintf(b, sizeof b,
      "                    EXCITATION BY VOLTAGE SOURCE AT AN EDGE\n"
      "\n"
      " Name:                          %s\n"
      " Excitation index:              %d\n"
      " Frequency in Hz:               FREQ =    %.5E\n"
      " Wavelength in m:               LAMBDA =  1.49254E+00\n"
      " Open circuit voltage in V:     |U0| =    1.00000E+00 \n"
      " Phase in degrees:              ARG(U0) =        0.00\n"
      " Attached to port:              Edge port - defined between labels\n"
      " Port between triangle labels:\n"
      "   internal_1  internal_2\n"
      " Port edge length in m:         1.00000E-03\n"
      " Number of edges:               1\n"
      " Indices of the edges:          %s\n"
      "\n\n"
      "                         DATA FOR THE GREEN'S FUNCTION\n\n",
      name, index, freq, edges);
    return std::string(b);
  };
  // Two sources at two frequencies (each source once), and one on an unknown edge.
  const std::string text = head + block("", 1, 2.00861e8, "2") +
    block("Port2", 2, 2.00861e8, "-3") + block("", 1, 3e8, "2") + block("Port2", 2, 3e8, "-3") +
    block("Lost", 3, 3e8, "9");
  std::vector<std::string> notices;
  const auto src = ParseFekoSourcePositions(text, "strip.out", &notices);
  CM_CHECK_MSG(src.size() == 2, "two positioned sources, got " + std::to_string(src.size()));
  if (src.size() == 2)
  {
    std::printf("source '%s' at %g %g %g; '%s' at %g %g %g\n", src[0].Name.c_str(),
      src[0].Position[0], src[0].Position[1], src[0].Position[2], src[1].Name.c_str(),
      src[1].Position[0], src[1].Position[1], src[1].Position[2]);
    CM_CHECK(src[0].Excitation == 1 && src[0].Name == "excitation 1");
    CM_CHECK(std::abs(src[0].Position[0] - 0.5 * 1.0e-3) < 1e-15 &&
      std::abs(src[0].Position[1] - 6.25e-2) < 1e-15 && src[0].Position[2] == 0);
    CM_CHECK(src[1].Excitation == 2 && src[1].Name == "Port2");
    CM_CHECK(std::abs(src[1].Position[0] - 0.5 * 1.0e-3) < 1e-15 &&
      std::abs(src[1].Position[1] - 0.5 * (6.25e-2 + 1.25e-1)) < 1e-15);
  }
  CM_CHECK_MSG(notices.size() == 1 && notices[0].find("strip.out:") == 0 &&
      notices[0].find("'Lost'") != std::string::npos,
    "one notice names the file, line and the source without a position");
  if (!notices.empty())
  {
    std::printf("  -> %s\n", notices[0].c_str());
  }
  // No triangle table: no positions, one notice per source, no exception.
  notices.clear();
  CM_CHECK(ParseFekoSourcePositions(block("P", 1, 1e8, "2"), "x.out", &notices).empty());
  CM_CHECK(notices.size() == 1);
}

int TestFekoPorts(int, char*[])
{
  // Real layouts (FEKO 2017.2 to 2021.1): every file with a voltage source was refused
  // ("no 'Current in A' row") before the keywords were matched as phrases.
  {
    const std::vector<FekoPort> d = CheckPrinted("dipole_2017_ports.out", 1);
    if (d.size() == 1)
    {
      CM_NEAR(d[0].Frequency, 2.99792e8, 0);
      CM_NEAR(d[0].Power, 6.58355e-3, 0); // the printed "Power in Watt:" after the blank line
      CM_CHECK(d[0].Name == "VoltageSource1");
    }
    const std::vector<FekoPort> a = CheckPrinted("array_2019_ports.out", 6);
    if (a.size() == 6)
    {
      CM_CHECK(a[0].Source == 1 && a[2].Source == 3 && a[3].Source == 1);
      // Three sources solved together print their 3 excitation blocks first: the k-th
      // data block takes the k-th name.
      CM_CHECK(a[0].Name == "VoltageSource1" && a[1].Name == "VoltageSource2" &&
        a[2].Name == "VoltageSource3" && a[3].Name == "VoltageSource1");
      CM_NEAR(a[2].Frequency, 2.99792e8, 0);
      CM_NEAR(a[3].Frequency, 3.29771e8, 0);
    }
    CheckPrinted("plate_2021_note.out", 1);
    // The mesh and currents of the same files: a second request gives a second table,
    // NOTE 34055's header-only table the mesh without currents.
    const std::string dir = CLOUDMAP_DATA_DIR "/feko/";
    const auto arr = ParseFekoOutput(Slurp(dir + "array_2019_ports.out"), "array_2019_ports.out");
    CM_CHECK(arr.size() == 3 && arr[0].NumberOfElements() == 12 && !arr[1].JReal.empty());
    CM_CHECK(arr.size() == 3 && arr[0].Name == "Currents1 (VoltageSource3)" &&
      arr[1].Name == "Currents2 (VoltageSource3)");
    std::vector<std::string> notices;
    const auto note =
      ParseFekoOutput(Slurp(dir + "plate_2021_note.out"), "plate_2021_note.out", &notices);
    CM_CHECK(note.size() == 1 && note[0].JReal.empty() && notices.size() == 1 &&
      notices[0].find("NOTE 34055") != std::string::npos);
    // Case and runs of spaces (and tabs) do not matter in any keyword.
    const std::string text = Slurp(dir + "dipole_2017_ports.out");
    std::string other = Respaced(text, "Current   in A", "CURRENT IN\tA");
    other = Respaced(other, "Impedance in Ohm", "impedance   in    ohm");
    other = Respaced(other, "Power in Watt:", "POWER  IN  WATT :");
    other = Respaced(other, "DATA OF THE VOLTAGE SOURCE NO.", "Data of the  Voltage Source No.");
    other = Respaced(other, "FREQ =", "freq=");
    const std::vector<FekoPort> o = ParseFekoPorts(other, "respaced.out");
    CM_CHECK(o.size() == 1 && text != other);
    if (o.size() == 1)
    {
      CM_NEAR(o[0].Impedance.real(), 71.204, 0);
      CM_NEAR(o[0].Impedance.imag(), -18.377, 0);
      CM_NEAR(o[0].Power, 6.58355e-3, 0);
      CM_NEAR(o[0].Frequency, 2.99792e8, 0);
    }
    const std::string mixed =
      Respaced(Respaced(text, "VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES",
                 "Values of the current  density vector on triangles"),
        "DATA OF THE METALLIC TRIANGLES", "Data Of The  Metallic Triangles");
    try
    {
      const auto m = ParseFekoOutput(mixed, "mixed.out");
      CM_CHECK(m.size() == 1 && m[0].NumberOfElements() == 8 && m[0].JReal.size() == 24);
    }
    catch (const ParseError& e)
    {
      std::printf("FAIL: %s\n", e.what());
      ++cmFailures;
    }
  }

  const std::string path = CLOUDMAP_DATA_DIR "/feko/strip_ports.out";
  const std::string text = Slurp(path);
  const std::vector<FekoPort> p = ParseFekoPorts(text, path);
  CM_CHECK(p.size() == 2);
  if (p.size() == 2)
  {
    CM_NEAR(p[0].Frequency, 5e8, 0);
    CM_NEAR(p[1].Frequency, 6e8, 0);
    CM_CHECK(p[0].Source == 1 && p[0].Name == "Port1");
    CM_NEAR(p[0].Impedance.real(), 73.2, 0);
    CM_NEAR(p[0].Impedance.imag(), 41.8, 0);
    CM_NEAR(p[1].Impedance.imag(), 110.0, 0);
    // 1 V: I = 1/Z and P = ½ |I|² R, to the 5 printed digits.
    const std::complex<double> i0 = 1.0 / std::complex<double>(73.2, 41.8);
    CM_NEAR(p[0].Current.real(), i0.real(), 1e-4 * std::abs(i0));
    CM_NEAR(p[0].Current.imag(), i0.imag(), 1e-4 * std::abs(i0));
    CM_NEAR(p[0].Power, 0.5 * std::norm(i0) * 73.2, 1e-4 * 0.5 * std::norm(i0) * 73.2);
    // Z = 95 + j110 on 50: Γ = (45 + j110)/(145 + j110), by hand.
    const ColumnTable t = FekoPortTable(p, 50);
    const std::complex<double> g = std::complex<double>(45, 110) / std::complex<double>(145, 110);
    const double vswr = (1 + std::abs(g)) / (1 - std::abs(g));
    CM_CHECK(t.Rows() == 2 && t.Find("VSWR") >= 0 && t.Find("Gamma_im") >= 0);
    if (t.Rows() == 2 && t.Find("VSWR") >= 0 && t.Find("Gamma_im") >= 0)
    {
      CM_NEAR(t.Columns[static_cast<std::size_t>(t.Find("Gamma_im"))][1], g.imag(), 1e-12);
      CM_NEAR(t.Columns[static_cast<std::size_t>(t.Find("VSWR"))][1], vswr, 1e-9);
    }
  }
  // The mesh parser reads the same file as before the blocks were added.
  CM_CHECK(ParseFekoOutput(text, path).size() ==
    ParseFekoOutput(Slurp(CLOUDMAP_DATA_DIR "/feko/strip_altair.out"), path).size());
  // A run without voltage sources has no rows and is no error.
  CM_CHECK(ParseFekoPorts(Slurp(CLOUDMAP_DATA_DIR "/feko/plate.out"), "plate.out").empty());

  std::vector<std::string> l = Lines(text);
  std::size_t b = 0;
  for (std::size_t k = 0; k < l.size() && !b; ++k)
  {
    b = l[k].find("DATA OF THE VOLTAGE SOURCE NO.") != std::string::npos ? k : 0;
  }
  CM_CHECK(b > 0 && l[b + 3].find("Current in A") != std::string::npos);
  const auto line = [&](std::size_t k) { return static_cast<std::int64_t>(k + 1); };
  std::vector<std::string> bad = l;
  bad[b + 5].replace(bad[b + 5].find("7.3200E+01"), 10, "7.9000E+01"); // re, im vs magnitude
  ExpectError(Join(bad), line(b + 5), "does not match");
  bad = l;
  bad[b + 3].replace(bad[b + 3].find("1.0302E-02"), 10, "       nan");
  ExpectError(Join(bad), line(b + 3), "not a finite number");
  bad = l;
  bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(b + 5)); // no impedance row
  ExpectError(Join(bad), line(b), "no 'Impedance in Ohm' row");
  bad = l;
  bad[b + 5] = " Impedance in Ohm";
  ExpectError(Join(bad), line(b + 5), "expected real part");
  ExpectError("                 DATA OF THE VOLTAGE SOURCE NO. 1\n Current in A 1 0 1 0\n", 1,
    "before any 'FREQ ='");
  TestSourcePositions();
  return cmReport("TestFekoPorts");
}
