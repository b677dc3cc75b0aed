// SPDX-License-Identifier: BSD-3-Clause
// The openEMS field-dump layout checks (cmOpenEmsDump) over an in-memory HDF5 source.
// Oracle: a dump whose field is a known function of the mesh coordinates,
// E_c(x, y, z) = (c + 1) x - 2 y + 3 c z (+ j (x y - c)), stored as openEMS stores it
// ({3, nz, ny, nx}, component slowest, x fastest): the point-major vectors must give
// f_c(X[i], Y[j], Z[k]) at point i + nx (j + ny k), component c. Time-domain steps
// listed out of order must come back by increasing time. Then every layout defect must
// throw ParseError naming the file, the dataset or attribute and the problem, reading no
// field value when the problem is in the layout.
#include "cmCheck.h"
#include "cmMemoryHdf5.h"
#include "cmOpenEmsDump.h"
#include "cmTextScan.h"

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

using namespace cm;

namespace
{
const std::string File = "/data/Efd.h5";
const std::vector<double> X{ -0.02, -0.01, 0.0, 0.015 }, Y{ 0.0 }, Z{ -0.03, 0.0, 0.01 };

double Re(int c, double x, double y, double z)
{
  return (c + 1) * x - 2 * y + 3 * c * z;
}
double Im(int c, double x, double y, double)
{
  return x * y - c;
}

std::vector<double> Field(bool imag, double scale = 1)
{
  std::vector<double> v;
  for (int c = 0; c < 3; ++c)
    for (double z : Z)
      for (double y : Y)
        for (double x : X)
          v.push_back(scale * (imag ? Im(c, x, y, z) : Re(c, x, y, z)));
  return v;
}

std::vector<std::uint64_t> Dims()
{
  return { 3, Z.size(), Y.size(), X.size() };
}

void Mesh(cmMemoryHdf5& h)
{
  h.Put("/Mesh/x", X);
  h.Put("/Mesh/y", Y);
  h.Put("/Mesh/z", Z);
}

cmMemoryHdf5 Fd(int nf = 1)
{
  cmMemoryHdf5 h;
  Mesh(h);
  std::vector<double> f;
  for (int n = 0; n < nf; ++n)
  {
    f.push_back(1e9 * (n + 1));
    const std::string b = "/FieldData/FD/f" + std::to_string(n);
    h.Put(b + "_real", Dims(), Field(false, n + 1));
    h.Put(b + "_imag", Dims(), Field(true, n + 1));
    h.Attributes[{ b + "_real", "frequency" }] = { static_cast<float>(f.back()) };
  }
  h.Attributes[{ "/FieldData/FD", "frequency" }] = f;
  return h;
}

cmMemoryHdf5 Td()
{
  cmMemoryHdf5 h;
  Mesh(h);
  const char* names[] = { "00000072", "00000000", "00000036" };
  const double times[] = { 2e-10, 0, 1e-10 };
  for (int k = 0; k < 3; ++k)
  {
    const std::string p = std::string("/FieldData/TD/") + names[k];
    h.Put(p, Dims(), Field(false, times[k] * 1e10 + 1));
    h.Attributes[{ p, "time" }] = { times[k] };
  }
  h.Order["/FieldData/TD"] = { "00000072", "00000000", "00000036" };
  return h;
}

void TestValues()
{
  cmMemoryHdf5 h = Fd(2);
  CM_CHECK(LooksLikeOpenEmsDump(h));
  const OpenEmsDump d = ReadOpenEmsDumpLayout(h, File);
  CM_CHECK(d.FrequencyDomain && d.Steps.size() == 2 && d.Points() == 12);
  CM_CHECK(h.ValuesRead == X.size() + Y.size() + Z.size()); // the layout reads the mesh only
  std::vector<double> re, im;
  ReadOpenEmsDumpStep(h, File, d, 1, re, im);
  CM_CHECK(re.size() == 36 && im.size() == 36);
  for (std::size_t k = 0; k < Z.size(); ++k)
    for (std::size_t j = 0; j < Y.size(); ++j)
      for (std::size_t i = 0; i < X.size(); ++i)
        for (int c = 0; c < 3; ++c)
        {
          const std::size_t p = 3 * (i + X.size() * (j + Y.size() * k)) + c;
          CM_NEAR(re[p], 2 * Re(c, X[i], Y[j], Z[k]), 1e-15);
          CM_NEAR(im[p], 2 * Im(c, X[i], Y[j], Z[k]), 1e-15);
        }
  CM_NEAR(d.Steps[1].Value, 2e9, 0);

  cmMemoryHdf5 t = Td();
  CM_CHECK(LooksLikeOpenEmsDump(t));
  const OpenEmsDump td = ReadOpenEmsDumpLayout(t, File);
  CM_CHECK(!td.FrequencyDomain && td.Steps.size() == 3);
  CM_CHECK(td.Steps[0].Value == 0 && td.Steps[1].Value == 1e-10 && td.Steps[2].Value == 2e-10);
  CM_CHECK(td.Steps[2].Real == "/FieldData/TD/00000072");
  ReadOpenEmsDumpStep(t, File, td, 2, re, im);
  CM_CHECK(im.empty());
  CM_NEAR(
    re[3 * 3 + 1], 3 * Re(1, X[3], Y[0], Z[0]), 1e-15); // point (3, 0, 0), scale 2e-10 * 1e10 + 1

  cmMemoryHdf5 nf = Fd();
  nf.Put("/nf2ff/P_rad/FD/f0", { 1.0 });
  CM_CHECK(!LooksLikeOpenEmsDump(nf)); // an nf2ff result is left to the NF2FF reader
}

void Expect(const char* label, const std::function<cmMemoryHdf5()>& make,
  const std::function<void(cmMemoryHdf5&)>& damage, const std::vector<std::string>& fragments,
  bool layout = true)
{
  cmMemoryHdf5 h = make();
  damage(h);
  std::vector<std::string> expected{ File };
  expected.insert(expected.end(), fragments.begin(), fragments.end());
  cmExpectError<ParseError>(
    label,
    [&] {
      const OpenEmsDump d = ReadOpenEmsDumpLayout(h, File);
      std::vector<double> re, im;
      for (std::size_t k = 0; k < d.Steps.size(); ++k)
      {
        ReadOpenEmsDumpStep(h, File, d, k, re, im);
      }
    },
    expected);
  CM_CHECK(!layout || h.ValuesRead <= X.size() + Y.size() + Z.size()); // at most the mesh was read
}

void TestDefects()
{
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::string re = "/FieldData/FD/f0_real";
  Expect(
    "no FieldData", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      h.Sets.erase("/FieldData/FD/f0_real");
      h.Sets.erase("/FieldData/FD/f0_imag");
      h.Attributes.clear();
    },
    { "group /FieldData is missing" });
  Expect(
    "nf2ff", [] { return Fd(); }, [](cmMemoryHdf5& h) { h.Groups.insert("/nf2ff"); },
    { "group /nf2ff is present" });
  Expect(
    "no z", [] { return Fd(); }, [](cmMemoryHdf5& h) { h.Sets.erase("/Mesh/z"); },
    { "dataset /Mesh/z is missing" });
  Expect(
    "cylindrical", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      h.Sets["/Mesh/rho"] = h.Sets["/Mesh/x"];
      h.Sets.erase("/Mesh/x");
    },
    { "dataset /Mesh/x is missing", "cylindrical mesh" });
  Expect(
    "2-D mesh", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      h.Sets["/Mesh/x"].Dims = { 2, 2 };
    },
    { "dataset /Mesh/x has the shape {2 x 2}" });
  Expect(
    "empty mesh", [] { return Fd(); },
    [](cmMemoryHdf5& h) { h.Put("/Mesh/y", std::vector<double>{}); },
    { "dataset /Mesh/y has the shape {0}" });
  Expect(
    "repeated line", [] { return Fd(); },
    [](cmMemoryHdf5& h) { h.Sets["/Mesh/z"].Values[1] = -0.03; },
    { "dataset /Mesh/z does not increase at value 2" });
  Expect(
    "NaN line", [nan] { return Fd(); },
    [nan](cmMemoryHdf5& h) { h.Sets["/Mesh/x"].Values[2] = nan; },
    { "dataset /Mesh/x holds a NaN or infinite mesh line (value 3)" });
  Expect(
    "huge mesh", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      std::vector<double> v(3000);
      for (std::size_t k = 0; k < v.size(); ++k)
        v[k] = static_cast<double>(k);
      h.Put("/Mesh/x", v);
      h.Put("/Mesh/y", v);
    },
    { "points, more than the 4194304" }, false);
  Expect(
    "TD and FD", [] { return Fd(); }, [](cmMemoryHdf5& h) { h.Groups.insert("/FieldData/TD"); },
    { "groups /FieldData/TD and /FieldData/FD are both present" });
  Expect(
    "no frequency", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      h.Attributes.erase({ "/FieldData/FD", "frequency" });
    },
    { "attribute frequency of /FieldData/FD is missing" });
  Expect(
    "negative frequency", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/FieldData/FD", "frequency" }] = { -1e9 };
    },
    { "attribute frequency of /FieldData/FD holds -1e+09", "expected positive Hz" });
  Expect(
    "frequency mismatch", [] { return Fd(); },
    [re](cmMemoryHdf5& h) {
      h.Attributes[{ re, "frequency" }] = { 2e9 };
    },
    { "attribute frequency of " + re + " disagrees" });
  Expect(
    "two frequencies, one set", [] { return Fd(); },
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/FieldData/FD", "frequency" }] = { 1e9, 2e9 };
    },
    { "dataset /FieldData/FD/f1_real is missing" });
  Expect(
    "no imag", [] { return Fd(); }, [](cmMemoryHdf5& h) { h.Sets.erase("/FieldData/FD/f0_imag"); },
    { "dataset /FieldData/FD/f0_imag is missing" });
  Expect(
    "transposed", [] { return Fd(); },
    [re](cmMemoryHdf5& h) {
      h.Sets[re].Dims = { 3, 4, 1, 3 };
    },
    { "dataset " + re + " has the shape {3 x 4 x 1 x 3}", "expected {3 x 3 x 1 x 4}" });
  Expect(
    "scalar field", [] { return Fd(); },
    [re](cmMemoryHdf5& h) {
      h.Sets[re].Dims = { 3, 1, 4 };
    },
    { "dataset " + re + " has the shape {3 x 1 x 4}" });
  Expect(
    "declared, not stored", [] { return Fd(); },
    [re](cmMemoryHdf5& h) { h.Sets[re].Values.resize(10); },
    { "dataset " + re + ": read 10 of 36 values" }, false);
  Expect(
    "NaN field", [] { return Fd(); },
    [nan](cmMemoryHdf5& h) { h.Sets["/FieldData/FD/f0_imag"].Values[20] = nan; },
    { "dataset /FieldData/FD/f0_imag holds a NaN or infinite value (component 1, point 8)" },
    false);
  Expect(
    "TD no time", [] { return Td(); },
    [](cmMemoryHdf5& h) {
      h.Attributes.erase({ "/FieldData/TD/00000036", "time" });
    },
    { "attribute time of /FieldData/TD/00000036 is missing" });
  Expect(
    "TD two times", [] { return Td(); },
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/FieldData/TD/00000036", "time" }] = { 1e-10, 2e-10 };
    },
    { "attribute time of /FieldData/TD/00000036 has 2 values, expected 1" });
  Expect(
    "TD same time", [] { return Td(); },
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/FieldData/TD/00000036", "time" }] = { 2e-10 };
    },
    { "are at the same time 2e-10" });
  Expect(
    "TD infinite time", [] { return Td(); },
    [](cmMemoryHdf5& h) {
      h.Attributes[{ "/FieldData/TD/00000036", "time" }] = { INFINITY };
    },
    { "attribute time of /FieldData/TD/00000036 holds a NaN or infinite value" });
  Expect(
    "TD empty", [] { return Td(); }, [](cmMemoryHdf5& h) { h.Order["/FieldData/TD"] = {}; },
    { "group /FieldData/TD holds 0 steps" });
  Expect(
    "TD a group inside", [] { return Td(); },
    [](cmMemoryHdf5& h) {
      h.Order["/FieldData/TD"].push_back("sub");
      h.Groups.insert("/FieldData/TD/sub");
    },
    { "dataset /FieldData/TD/sub is missing (or is a group)" });
}
} // namespace

int TestOpenEmsDump(int, char*[])
{
  TestValues();
  TestDefects();
  return cmReport("TestOpenEmsDump");
}
