// SPDX-License-Identifier: BSD-3-Clause
// The FEKO .out, .ffe, .os and .efe and the HFSS .ffd parsers read long tables in blocks on the
// threads (cmFastRows.h). On texts long enough for it, in the layouts of the files under
// Testing/Data/feko: 2 threads (blocks run in reverse order, so that no block can
// depend on another) give the serial result value for value; the threads were used;
// a row the fast path refuses but the format allows ('+' signs) gives the serial
// values; and a damaged row deep in a table, alone or before a later error, gives
// the serial parse's error, message for message.
#include "cmCheck.h"
#include "cmFekoFormat.h"
#include "cmFekoNearField.h"
#include "cmHfssFarField.h"
#include "cmTextScan.h"

#include <cmath>
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>
#include <vector>

using namespace cm;

namespace
{
long long BlocksRun = 0; ///< the largest loop the two-thread ParallelFor was given

const ParallelFor TwoThreads = [](long long n,
                                 const std::function<void(long long, long long)>& body) {
  BlocksRun = std::max(BlocksRun, n);
  std::thread other([&] {
    for (long long b = n - 1; b >= n / 2; --b)
      body(b, b + 1);
  });
  for (long long b = n / 2 - 1; b >= 0; --b)
    body(b, b + 1);
  other.join();
};

std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string Format(const char* fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

/// A FEKO 2022 .out (strip_altair.out's layout): a strip of 2n triangles, 3 frequencies.
std::string FekoOut(int n)
{
  std::string t = "Altair Feko - Solver (seq) Version 2022.1-123 from 2022-03-01\n\n"
                  "                         DATA OF THE METALLIC TRIANGLES\n\n"
                  " no.       label     x1 in m     y1 in m     z1 in m       edges \n"
                  "          medium     x2 in m     y2 in m     z2 in m\n"
                  "          medium     x3 in m     y3 in m     z3 in m\n"
                  "                       nx          ny          nz          area in m*m\n";
  auto corner = [](int tri, int k, double* p) {
    static const int lo[3][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 } },
                     up[3][2] = { { 0, 0 }, { 1, 1 }, { 0, 1 } };
    const int(*c)[2] = tri % 2 ? up : lo;
    p[0] = 0.002 * c[k][0];
    p[1] = 0.001 * (tri / 2 + c[k][1]);
  };
  for (int i = 0; i < 2 * n; ++i)
  {
    double p[3][2];
    for (int k = 0; k < 3; ++k)
      corner(i, k, p[k]);
    t += Format("%9d  strip%12.4E%12.4E%12.4E%13d\n          Free s%12.4E%12.4E%12.4E\n"
                "          Free s%12.4E%12.4E%12.4E\n                %12.4E%12.4E%12.4E%17.4E\n",
      i + 1, p[0][0], p[0][1], 0.0, i + 1, p[1][0], p[1][1], 0.0, p[2][0], p[2][1], 0.0, 0.0, 0.0,
      1.0, 1e-6);
  }
  for (int f = 0; f < 3; ++f)
  {
    t += Format("\n Frequency in Hz:               FREQ =    %.5E\n\n Current request with name: "
                "Currents1\n\n\n           VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES in "
                "A/m (no averaging)\n\nTriangle        centre\nnumber           x/m\n",
      5e8 + 1e8 * f);
    for (int i = 0; i < 2 * n; ++i)
    {
      double p[3][2], c[2] = { 0, 0 };
      for (int k = 0; k < 3; ++k)
      {
        corner(i, k, p[k]);
        c[0] += p[k][0] / 3;
        c[1] += p[k][1] / 3;
      }
      t += Format("%9d%14.5E%13.5E%13.5E%10.3E%8.2f%10.3E%8.2f%10.3E%8.2f%13.3E%11.3E%11.3E\n",
        i + 1, c[0], c[1], 0.0, 1e-3 * (1 + i % 17), 3.0 * (i % 50) - f, 0.1 + 1e-4 * i, 84.0, 0.0,
        0.0, 0.5, 0.25, 0.125);
    }
  }
  return t;
}

/// A FEKO .ffe of File Format 3 (dipole_format3.ffe's layout): 3 blocks of 91 x nPhi.
std::string FekoFfe(int nPhi)
{
  std::string t = "##File Type: Far field\n##File Format: 3\n##Source: t\n";
  for (int b = 0; b < 3; ++b)
  {
    t +=
      Format("\n#Request Name: FarField1\n#Frequency:   %.8E\n#Coordinate System: Spherical\n"
             "#No. of Theta Samples: 91\n#No. of Phi Samples: %d\n#Result Type: Gain\n"
             "#No. of Header Lines: 1\n#                 \"Theta\"           \"Phi\"             "
             "\"Re(Etheta)\"      \"Im(Etheta)\"      \"Re(Ephi)\"        \"Im(Ephi)\"        "
             "\"Gain(Theta)\"     \"Gain(Phi)\"       \"Gain(Total)\"\n",
        1e9 + 1e8 * b, nPhi);
    for (int p = 0; p < nPhi; ++p)
      for (int th = 0; th < 91; ++th)
        t += Format("   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E\n", 2.0 * th,
          360.0 * p / nPhi, std::sin(0.03 * th) * (b + 1), -0.1 * p, 0.5, 1e-3 * th, -3.0,
          -300.0 + th, 1.5 * b);
  }
  return t;
}

/// A FEKO 2022 .os of File Format 6 (strip_altair.os's layout): 2 blocks of n triangles.
std::string FekoOs(int n)
{
  std::string t = "##File Type: Currents\n##File Format: 6\n##Source: t\n\n";
  for (int b = 0; b < 2; ++b)
  {
    t += Format(
      "\n#Request Name: Currents1\n#Frequency:   %.8E\n"
      "#No. of Electric Current Triangle Samples: %d\n#No. of Header Lines: 1\n"
      "#     \"Num\"                \"X\"                \"Y\"                \"Z\"           "
      "\"Re(Jx)\"           \"Im(Jx)\"           \"Re(Jy)\"           \"Im(Jy)\"           "
      "\"Re(Jz)\"           \"Im(Jz)\"      \"Abs(Jcorn1)\"      \"Abs(Jcorn2)\"      "
      "\"Abs(Jcorn3)\"\n",
      5e8 * (b + 1), n);
    for (int i = 0; i < n; ++i)
    {
      t += Format("%12d", i + 1);
      for (int c = 0; c < 12; ++c)
        t += Format("    %.8E", c == 2 ? 0.0 : std::cos(0.01 * i + c + b) * (c < 3 ? 1 : 1e-3));
      t += '\n';
    }
  }
  return t;
}

/// A FEKO 2019 .efe (dipole_2019_cartesian.efe's layout): 3 blocks of 50 x 50 x nz points.
std::string FekoEfe(int nz)
{
  std::string t = "##File Type: Electric near field\n##File Format: 6\n##Source: t\n";
  for (int b = 0; b < 3; ++b)
  {
    t +=
      Format("\n#Request Name: NearField1\n#Frequency:   %.8E\n#Coordinate System: Cartesian\n"
             "#No. of X Samples: 50\n#No. of Y Samples: 50\n#No. of Z Samples: %d\n"
             "#Result Type: Electric Field Values\n#No. of Header Lines: 1\n"
             "#         \"X\"                \"Y\"                \"Z\"              \"Re(Ex)\"    "
             "       \"Im(Ex)\"           \"Re(Ey)\"           \"Im(Ey)\"           "
             "\"Re(Ez)\"           \"Im(Ez)\"    \n",
        3e8 * (b + 1), nz);
    for (int c = 0; c < 2500 * nz; ++c)
      t += Format("%19.8E%19.8E%19.8E%19.8E%19.8E%19.8E%19.8E%19.8E%19.8E\n", 0.02 * (c % 50),
        0.02 * (c / 50 % 50) + 5, 0.02 * (c / 2500) + 7, std::cos(0.01 * c + b), -0.5, 1e-3 * c,
        0.25, -std::sin(0.02 * c), 2.0);
  }
  return t;
}

/// An HFSS .ffd (exportfield_0.ffd's layout, pyaedt-examples): theta -180..180 by 5 degrees
/// (the outer loop), nPhi phi, 3 frequencies.
std::string HfssFfd(int nPhi)
{
  std::string t = Format("-180 180 73\n0 360 %d\nFrequencies 3\n", nPhi);
  for (int b = 0; b < 3; ++b)
  {
    t += Format("Frequency %.15e\n", 5e9 + 1e8 * b);
    for (int k = 0; k < 73 * nPhi; ++k)
      t += Format("%.15e %.15e %.15e %.15e\n", std::cos(0.01 * k + b), -0.3, 1e-4 * k, 0.5);
  }
  return t;
}

/// The row that starts with triangle (or sample) `number` in the k-th table of `text`.
std::size_t RowAt(const std::string& text, const char* table, int k, const std::string& number)
{
  std::size_t at = 0;
  for (int i = 0; i <= k && at != std::string::npos; ++i)
    at = text.find(table, at + 1);
  return at == std::string::npos ? at : text.find("\n" + number, at) + 1;
}

/// The error of a parse, or "" when it succeeds.
template <typename F>
std::string ErrorOf(F&& parse)
{
  try
  {
    parse();
  }
  catch (const ParseError& e)
  {
    return e.what();
  }
  return "";
}

/// Serial and 2-thread parses of `text` and of damaged copies: the same values and errors.
template <typename Parse, typename Same>
void CheckFormat(const char* label, const std::string& text, const char* table,
  const std::string& row, const std::string& laterRow, Parse&& parse, Same&& same)
{
  BlocksRun = 0;
  const auto serial = parse(text, ParallelFor());
  const auto two = parse(text, TwoThreads);
  CM_CHECK_MSG(BlocksRun >= 4, std::string(label) + ": the rows ran in blocks on the threads");
  CM_CHECK_MSG(same(serial, two), std::string(label) + ": 2 threads give the serial result");
  // A '+' before a value: FEKO's files have none, the parser reads it, the fast path
  // refuses it: the serial parse's values.
  std::string plus = text;
  const std::size_t r = RowAt(plus, table, 1, row);
  const std::size_t v = plus.find("E", r);
  const std::size_t b = plus.rfind(' ', v) + 1;
  plus.insert(b, "+");
  const auto p1 = parse(plus, ParallelFor());
  const auto p2 = parse(plus, TwoThreads);
  CM_CHECK_MSG(
    same(p1, p2) && same(p1, serial), std::string(label) + ": a '+' sign, the serial values");
  // A damaged row deep in table 2, then also a damaged row in table 3: the first error.
  std::string bad = text;
  bad.insert(RowAt(bad, table, 1, row) + row.size() + 2, "x");
  const std::string e1 = ErrorOf([&] { parse(bad, ParallelFor()); });
  const std::string e2 = ErrorOf([&] { parse(bad, TwoThreads); });
  CM_CHECK_MSG(!e1.empty() && e1 == e2, std::string(label) + ": damaged row: '" + e2 + "'");
  bad.insert(RowAt(bad, table, 2, laterRow) + laterRow.size() + 2, "x");
  const std::string e3 = ErrorOf([&] { parse(bad, TwoThreads); });
  CM_CHECK_MSG(e3 == e1, std::string(label) + ": two damaged rows, the first error: '" + e3 + "'");
}
} // namespace

int TestFekoParallel(int, char*[])
{
  CheckFormat(
    ".out", FekoOut(2500), "VALUES OF THE CURRENT DENSITY", "     3000", "       20",
    [](const std::string& t, const ParallelFor& pf) {
      return ParseFekoOutput(t, "big.out", nullptr, pf);
    },
    [](const std::vector<SurfaceMesh>& a, const std::vector<SurfaceMesh>& b) {
      bool same = a.size() == 3 && a.size() == b.size();
      for (std::size_t k = 0; same && k < a.size(); ++k)
        same = a[k].JReal.size() == 15000 && a[k].JReal == b[k].JReal && a[k].JImag == b[k].JImag &&
          a[k].Points == b[k].Points && a[k].Frequency == b[k].Frequency;
      return same;
    });
  CheckFormat(
    ".ffe", FekoFfe(50), "#No. of Header Lines", "   1.20000000E+02", "   2.00000000E+00",
    [](const std::string& t, const ParallelFor& pf) {
      return ParseFekoFarField(t, "big.ffe", nullptr, pf);
    },
    [](const std::vector<FarFieldGrid>& a, const std::vector<FarFieldGrid>& b) {
      bool same = a.size() == 3 && a.size() == b.size();
      for (std::size_t k = 0; same && k < a.size(); ++k)
        same = a[k].Theta.size() == 4550 && a[k].Theta == b[k].Theta && a[k].Phi == b[k].Phi &&
          a[k].EthetaRe == b[k].EthetaRe && a[k].EphiIm == b[k].EphiIm && a[k].Gain == b[k].Gain &&
          a[k].Extra == b[k].Extra && a[k].NumberOfPhi == 50 && b[k].NumberOfPhi == 50;
      return same;
    });
  CheckFormat(
    ".os", FekoOs(5000), "#No. of Header Lines", "        3000", "          20",
    [](const std::string& t, const ParallelFor& pf) {
      return ParseFekoCurrents(t, "big.os", nullptr, pf);
    },
    [](const std::vector<FekoSurfaceCurrents>& a, const std::vector<FekoSurfaceCurrents>& b) {
      bool same = a.size() == 2 && a.size() == b.size();
      for (std::size_t k = 0; same && k < a.size(); ++k)
        same = a[k].Electric.JReal.size() == 15000 && a[k].Electric.JReal == b[k].Electric.JReal &&
          a[k].Electric.JImag == b[k].Electric.JImag &&
          a[k].Electric.Positions == b[k].Electric.Positions &&
          a[k].Electric.Numbers == b[k].Electric.Numbers;
      return same;
    });
  CheckFormat(
    ".efe", FekoEfe(2), "#No. of Header Lines", "     4.00000000E-01", "     2.00000000E-01",
    [](const std::string& t, const ParallelFor& pf) {
      return ParseFekoNearField(t, "big.efe", nullptr, pf);
    },
    [](const std::vector<FekoNearFieldBlock>& a, const std::vector<FekoNearFieldBlock>& b) {
      bool same = a.size() == 3 && a.size() == b.size();
      for (std::size_t k = 0; same && k < a.size(); ++k)
        same = a[k].Grid.ERe.size() == 15000 && a[k].Grid.ERe == b[k].Grid.ERe &&
          a[k].Grid.EIm == b[k].Grid.EIm && a[k].Grid.Points == b[k].Grid.Points;
      return same;
    });
  CheckFormat(
    ".ffd", HfssFfd(80), "Frequency ", "-9.9", "9.9",
    [](const std::string& t, const ParallelFor& pf) {
      // (a later frequency block that fails is a warning, not an error: the first one
      // stands for the error here)
      HfssFarField ff = ParseHfssFarField(t, "big.ffd", pf);
      if (!ff.Warnings.empty())
        throw ParseError("", 0, ff.Warnings.front());
      return ff;
    },
    [](const HfssFarField& a, const HfssFarField& b) {
      bool same =
        a.Grids.size() == 3 && a.Grids.size() == b.Grids.size() && a.Warnings == b.Warnings;
      for (std::size_t k = 0; same && k < a.Grids.size(); ++k)
        same = a.Grids[k].Theta.size() == 5846 && a.Grids[k].Theta == b.Grids[k].Theta &&
          a.Grids[k].Phi == b.Grids[k].Phi && a.Grids[k].EthetaRe == b.Grids[k].EthetaRe &&
          a.Grids[k].EphiIm == b.Grids[k].EphiIm && a.Grids[k].Gain == b.Grids[k].Gain;
      return same;
    });
  return cmReport("TestFekoParallel");
}
