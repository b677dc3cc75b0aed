// SPDX-License-Identifier: BSD-3-Clause
// Planet 2 .pafx archives (cmPlanetPafx.h) and the bounded zip reader under them
// (cmZipArchive.h), inflated by VTK's zlib (cmZipInflate.h).
// Oracles, none from our parser:
//  - the real Sinclair Technologies SV460-SF2SNM.pafx against the four .msi files that
//    pafx2msi (Strang00/pafx2msi, a Python converter) wrote from it: the same cuts at all
//    360 angles, hence the same 3-D pattern by both reconstructions; what antenna.paf
//    says about each pattern (FrontToBackRatioDB, the beamwidths, BoresightGain);
//  - Python's zipfile, which wrote the look-alike: the CRC-32 standard check value, the
//    analytic sector antenna of make_pafx.py at every printed angle;
//  - the zip refusals on archives damaged byte by byte here.
#include "cmCheck.h"
#include "cmPlanetPafx.h"
#include "cmTestFiles.h"
#include "cmTextScan.h"
#include "cmZipArchive.h"
#include "cmZipInflate.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const std::string Dir = CLOUDMAP_DATA_DIR "/pafx/";

PafxAntenna Read(const std::string& bytes, const std::string& name = "test.pafx")
{
  return ReadPlanetPafx(bytes, name, InflateRawVtkZlib);
}

/// The −3 dB beamwidth of a cut about its peak at `centre` degrees, interpolated linearly.
double Beamwidth(const MsiCut& cut, double centre = 0)
{
  double edges[2];
  for (int side = 0; side < 2; ++side)
  {
    const double sign = side == 0 ? 1 : -1;
    double a = centre;
    while (CutAttenuation(cut, a + sign * 0.01) < 3 && std::abs(a - centre) < 180)
    {
      a += sign * 0.01;
    }
    edges[side] = a;
  }
  return edges[0] - edges[1];
}

void TestCrc()
{
  CM_EQUAL(Crc32("123456789"), 0xCBF43926u); // the standard check value of CRC-32
  CM_EQUAL(Crc32(""), 0u);
}

/// The real archive against the .msi files pafx2msi wrote from it.
void TestSinclairAgainstPafx2msi()
{
  const PafxAntenna a = Read(Slurp(Dir + "SV460-SF2SNM.pafx"), "SV460-SF2SNM.pafx");
  CM_EQUAL(a.Name, std::string("SV460-SF2SNM"));
  CM_EQUAL(a.Manufacturer, std::string("Sinclair Technologies Inc."));
  CM_EQUAL(a.Version, std::string("2.3"));
  CM_EQUAL(a.Patterns.size(), std::size_t(4));
  // The only warnings: where the vertical cut behind differs from the horizontal one
  // (0890: 22.3 and 22.1 dB), as the .msi files show too.
  for (const std::string& w : a.Warnings)
  {
    CM_CHECK_MSG(w.find("disagree where they cross (behind)") != std::string::npos, w);
  }
  const char* mhz[] = { "0890", "0920", "0940", "0960" };
  const double fileFb[] = { 22.2, 21, 21, 22.8 }, fileH[] = { 15.5, 14.5, 13.5, 13.5 },
               fileV[] = { 28.5, 29, 28, 26.5 };
  for (std::size_t k = 0; k < 4 && k < a.Patterns.size(); ++k)
  {
    const MsiPattern& p = a.Patterns[k].Pattern;
    const std::string msiName = Dir + "SV460-SF2SNM_" + mhz[k] + "_00T.msi";
    const MsiPattern m = ParseMsiPattern(Slurp(msiName), msiName);
    CM_EQUAL(p.Warnings.size(), m.Warnings.size());
    CM_NEAR(p.FrequencyHz, m.FrequencyHz, 1e-6);
    CM_NEAR(p.GainDbi, 17.15, 1e-12); // BoresightGain 15 dBd
    CM_NEAR(p.GainDbi, m.GainDbi, 1e-12);
    CM_EQUAL(p.Horizontal.Angle, m.Horizontal.Angle);
    CM_EQUAL(p.Vertical.Angle, m.Vertical.Angle);
    double worst = 0;
    for (std::size_t i = 0; i < 360; ++i)
    {
      worst = std::max({ worst, std::abs(p.Horizontal.Attenuation[i] - m.Horizontal.Attenuation[i]),
        std::abs(p.Vertical.Attenuation[i] - m.Vertical.Attenuation[i]) });
    }
    CM_NEAR(worst, 0.0, 1e-12);
    for (MsiMethod method : { MsiMethod::Summing, MsiMethod::CrossWeighted })
    {
      const FarFieldGrid g = MsiToFarField(p, method, 1, 1, "pafx");
      const FarFieldGrid h = MsiToFarField(m, method, 1, 1, "msi");
      double d = 0;
      for (std::size_t i = 0; i < g.Gain.size(); ++i)
        d = std::max(d, std::abs(g.Gain[i] - h.Gain[i]));
      CM_NEAR(d, 0.0, 1e-12);
      CM_NEAR(*std::max_element(g.Gain.begin(), g.Gain.end()), p.GainDbi, 1e-12);
    }
    // What antenna.paf says about the pattern, from its cuts.
    CM_NEAR(p.FrontToBack, fileFb[k], 1e-12);
    CM_NEAR(CutAttenuation(p.Vertical, 180), p.FrontToBack, 0.15);
    CM_NEAR(Beamwidth(p.Horizontal), fileH[k], 1.5);
    CM_NEAR(Beamwidth(p.Vertical), fileV[k], 2.0);
    CM_NEAR(p.HWidth, fileH[k], 1e-12);
  }
}

/// make_pafx.py's two tilts of the analytic sector at one frequency.
void TestLookAlike()
{
  const PafxAntenna a = Read(Slurp(Dir + "sector_65_18.pafx"));
  CM_EQUAL(a.Patterns.size(), std::size_t(2));
  for (std::size_t k = 0; k < a.Patterns.size(); ++k)
  {
    const MsiPattern& p = a.Patterns[k].Pattern;
    const double tilt = k == 0 ? 0 : 6;
    CM_NEAR(p.Tilt, tilt, 0);
    CM_NEAR(p.FrequencyHz, 925e6, 1e-6);
    CM_NEAR(p.GainDbi, 18.0, 1e-12);
    CM_EQUAL(p.Horizontal.Angle.size(), std::size_t(360));
    double worst = 0;
    for (std::size_t i = 0; i < 360; ++i)
    {
      const double h = p.Horizontal.Angle[i], d = std::min(h, 360 - h);
      worst =
        std::max(worst, std::abs(p.Horizontal.Attenuation[i] - std::min(12 * d * d / 4225, 25.0)));
    }
    CM_NEAR(worst, 0.0, 0.005);
    // The vertical beam is `tilt` degrees below the horizon: 0 dB there.
    CM_NEAR(CutAttenuation(p.Vertical, tilt), 0.0, 1e-12);
    CM_NEAR(Beamwidth(p.Vertical, tilt), 7.0, 0.2);
    const FarFieldGrid g = MsiToFarField(p, MsiMethod::Summing, 1, 1, "pafx");
    CM_NEAR(*std::max_element(g.Gain.begin(), g.Gain.end()), 18.0, 1e-12);
  }
  CM_EQUAL(a.Patterns[1].Entry, std::string("SECTOR-65-18_0925_T06.pap"));
}

// ---------------------------------------------------------------- damaged archives
void Put32(std::string& b, std::size_t at, std::uint32_t v)
{
  for (int i = 0; i < 4; ++i)
    b[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

/// The offset of the central directory entry of `name`.
std::size_t DirectoryEntryOf(const std::string& b, const std::string& name)
{
  for (std::size_t at = b.find("PK\x01\x02"); at != std::string::npos;
       at = b.find("PK\x01\x02", at + 1))
  {
    if (b.compare(at + 46, name.size(), name) == 0)
      return at;
  }
  return std::string::npos;
}

template <class F>
void ExpectRefused(const std::string& label, F damage, const std::vector<std::string>& fragments)
{
  std::string b = Slurp(Dir + "sector_65_18.pafx");
  damage(b);
  cmExpectError<ParseError>(
    label, [&] { Read(b); }, fragments);
}

void TestDamagedArchives()
{
  const std::string t00 = "SECTOR-65-18_0925_T00.pap";
  ExpectRefused("truncated", [](std::string& b) { b.resize(b.size() / 2); },
    { "test.pafx", "no end-of-central-directory record", "truncated" });
  ExpectRefused(
    "not a zip", [](std::string& b) { b = "NAME x\r\nGAIN 1\r\n"; }, { "test.pafx", "truncated" });
  ExpectRefused("bomb",
    [](std::string& b) { Put32(b, DirectoryEntryOf(b, "antenna.paf") + 24, 3000000000u); },
    { "test.pafx", "entry 'antenna.paf'", "declares 3000000000 bytes", "beyond the limit" });
  ExpectRefused("inflates beyond",
    [](std::string& b) { Put32(b, DirectoryEntryOf(b, "antenna.paf") + 24, 100); },
    { "entry 'antenna.paf'", "inflates to more than the 100 bytes" });
  ExpectRefused("crc",
    [](std::string& b) { Put32(b, DirectoryEntryOf(b, "antenna.paf") + 16, 0x12345678u); },
    { "entry 'antenna.paf'", "CRC-32 mismatch", "12345678" });
  ExpectRefused("encrypted", [](std::string& b) { b[DirectoryEntryOf(b, "antenna.paf") + 8] |= 1; },
    { "entry 'antenna.paf'", "encrypted" });
  ExpectRefused("zip64",
    [](std::string& b) { Put32(b, DirectoryEntryOf(b, "antenna.paf") + 24, 0xFFFFFFFFu); },
    { "entry 'antenna.paf'", "zip64" });
  ExpectRefused("method", [](std::string& b) { b[DirectoryEntryOf(b, "antenna.paf") + 10] = 12; },
    { "entry 'antenna.paf'", "compression method 12" });
  // Both patterns damaged: nothing left to read.
  ExpectRefused("no pattern",
    [&](std::string& b) {
      Put32(b, DirectoryEntryOf(b, t00) + 16, 1);
      Put32(b, DirectoryEntryOf(b, "SECTOR-65-18_0925_T06.pap") + 16, 1);
    },
    { "no pattern could be read", "CRC-32 mismatch" });
}

/// The partial-result rule: one pattern whose entry fails is a warning naming the
/// archive and the entry; the other is read.
void TestPartial()
{
  std::string b = Slurp(Dir + "sector_65_18.pafx");
  Put32(b, DirectoryEntryOf(b, "SECTOR-65-18_0925_T00.pap") + 16, 0xDEADBEEFu);
  const PafxAntenna a = Read(b);
  CM_EQUAL(a.Patterns.size(), std::size_t(1));
  CM_EQUAL(a.Patterns[0].Pattern.Tilt, 6.0);
  // The tilted pattern's two "cuts disagree" warnings, and the damaged entry's.
  CM_EQUAL(a.Warnings.size(), std::size_t(3));
  const std::string w = a.Warnings.empty() ? "" : a.Warnings[0];
  std::printf("  partial: %s\n", w.c_str());
  CM_CHECK(w.find("test.pafx") != std::string::npos);
  CM_CHECK(w.find("SECTOR-65-18_0925_T00.pap") != std::string::npos);
  CM_CHECK(w.find("CRC-32 mismatch") != std::string::npos);
  CM_CHECK(w.find("the others are read") != std::string::npos);
}

/// antenna.paf names an entry the archive does not hold (renamed in both the directory
/// and the local header): one warning naming antenna.paf's Pattern line (49, counted by
/// Python on the archive), and the other pattern is read.
void TestMissingEntry()
{
  std::string b = Slurp(Dir + "sector_65_18.pafx");
  for (std::size_t at = b.find("_T06.pap"); at != std::string::npos;
       at = b.find("_T06.pap", at + 1))
  {
    b[at + 1] = 'X';
  }
  const PafxAntenna a = Read(b);
  CM_EQUAL(a.Patterns.size(), std::size_t(1));
  const std::string w = a.Warnings.empty() ? "" : a.Warnings.back();
  std::printf("  missing entry: %s\n", w.c_str());
  CM_CHECK(w.find("test.pafx[antenna.paf]:49: pattern 'SECTOR-65-18_0925_T06' names the entry "
                  "'SECTOR-65-18_0925_T06.pap', which is not in the archive") == 0);
}

/// .pap and antenna.paf errors name the entry and the line.
void TestXmlErrors()
{
  const std::string pap =
    "\xEF\xBB\xBF<?xml version=\"1.0\"?>\r\n<AntennaPatterns>\r\n"
    "  <HorizontalPatterns>\r\n    <HorizontalPattern>\r\n"
    "      <Inclination>0</Inclination>\r\n      <StartAngle>-180</StartAngle>\r\n"
    "      <EndAngle>90</EndAngle>\r\n      <Step>90</Step>\r\n"
    "      <Gains>-20;-3;0;-3</Gains>\r\n    </HorizontalPattern>\r\n"
    "  </HorizontalPatterns>\r\n  <VerticalPatterns>\r\n    <VerticalPattern>\r\n"
    "      <Orientation>0</Orientation>\r\n      <StartAngle>-180</StartAngle>\r\n"
    "      <EndAngle>180</EndAngle>\r\n      <Step>90</Step>\r\n"
    "      <Gains>-20;-10;0;-10;-20</Gains>\r\n    </VerticalPattern>\r\n"
    "  </VerticalPatterns>\r\n</AntennaPatterns>\r\n";
  MsiPattern p;
  ParsePlanetPap(pap, "a.pafx[x.pap]", p);
  CM_EQUAL(p.Horizontal.Angle, (std::vector<double>{ 0, 90, 180, 270 }));
  CM_EQUAL(p.Horizontal.Attenuation, (std::vector<double>{ 0, 3, 20, 3 }));
  CM_EQUAL(p.Vertical.Angle.size(), std::size_t(5)); // 180 twice (from −180 and 180)
  cmExpectError<ParseError>("count",
    [&] {
      MsiPattern q;
      std::string bad = pap;
      bad.replace(bad.find("-20;-3;0;-3"), 11, "-20;-3;0");
      ParsePlanetPap(bad, "a.pafx[x.pap]", q);
    },
    { "a.pafx[x.pap]:9:", "HorizontalPattern has 3 gains", "needs 4" });
  cmExpectError<ParseError>("too many",
    [&] {
      MsiPattern q;
      std::string bad = pap;
      bad.replace(bad.find("-20;-3;0;-3"), 11, "-20;-3;0;-3;-1;-2");
      ParsePlanetPap(bad, "a.pafx[x.pap]", q);
    },
    { "a.pafx[x.pap]:9:", "has 6 gains", "needs 4" });
  cmExpectError<ParseError>("nan",
    [&] {
      MsiPattern q;
      std::string bad = pap;
      bad.replace(bad.find("-20;-10;0"), 9, "-20;nan;0");
      ParsePlanetPap(bad, "a.pafx[x.pap]", q);
    },
    { "a.pafx[x.pap]:18:", "VerticalPattern gain 2 'nan' is not a finite number" });
  cmExpectError<ParseError>("step",
    [&] {
      MsiPattern q;
      std::string bad = pap;
      bad.replace(bad.find("<Step>90"), 8, "<Step>0");
      ParsePlanetPap(bad, "a.pafx[x.pap]", q);
    },
    { "a.pafx[x.pap]:4:", "0.01 degrees" });
  cmExpectError<ParseError>("no vertical",
    [&] {
      MsiPattern q;
      ParsePlanetPap(
        pap.substr(0, pap.find("<VerticalPatterns>")) + "</AntennaPatterns>", "a.pafx[x.pap]", q);
    },
    { "a.pafx[x.pap]", "no VerticalPattern" });
  const std::string paf =
    "<AntennaModel>\n<Name>A</Name>\n<Patterns>\n<Pattern>\n<Name>P</Name>\n"
    "<BoresightGain>17</BoresightGain>\n<BoresightGainUnit>dBq</BoresightGainUnit>\n"
    "<AntennaPatternsEntryName>p.pap</AntennaPatternsEntryName>\n</Pattern>\n"
    "</Patterns>\n</AntennaModel>\n";
  const PafxAntenna a = ParsePlanetPaf(paf, "a.pafx[antenna.paf]");
  CM_EQUAL(a.Patterns.size(), std::size_t(0));
  CM_CHECK(!a.Warnings.empty() &&
    a.Warnings[0].find("a.pafx[antenna.paf]:4: pattern 'P': "
                       "BoresightGainUnit 'DBQ' is neither") == 0);
}
} // namespace

int TestPlanetPafx(int, char*[])
{
  TestCrc();
  TestSinclairAgainstPafx2msi();
  TestLookAlike();
  TestDamagedArchives();
  TestPartial();
  TestMissingEntry();
  TestXmlErrors();
  return cmReport("TestPlanetPafx");
}
