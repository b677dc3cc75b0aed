// SPDX-License-Identifier: BSD-3-Clause
// The voltage-source blocks of FEKO .out (cmFekoPorts.h). Oracles: the impedances
// written into Testing/Data/feko/strip_ports.out (strip_altair.out with a DATA OF THE
// VOLTAGE SOURCE block, in the Altair user guide's layout, after each voltage-source
// solve: Z = 73.2 + j41.8 ohm at 500 MHz, 95 + j110 ohm at 600 MHz, 1 V); the
// reflection values by hand; the mesh parser still reading the same file; damaged
// blocks refused with the file and line.
#include "cmCheck.h"
#include "cmFekoFormat.h"
#include "cmFekoPorts.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"

#include <complex>
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
} // namespace

int TestFekoPorts(int, char*[])
{
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
  CM_CHECK(ParseFekoOutput(text, path).size() == ParseFekoOutput(Slurp(CLOUDMAP_DATA_DIR "/feko/strip_altair.out"), path).size());
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
  return cmReport("TestFekoPorts");
}
