// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer harness for the pipeline-free parsers. One binary per parser:
// compile with -DCM_FUZZ_<NAME> (see CMakeLists.txt). A ParseError is the
// expected answer to bad input; anything else escaping (another exception,
// a crash, a sanitizer report, a hang, an allocation beyond -rss_limit_mb)
// is a bug.
#include "cmTextScan.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(CM_FUZZ_MOM)
#include "cmMoMFormat.h"
#define CM_PARSE(text) cm::ParseMoM(text, "fuzz.cmom")
#elif defined(CM_FUZZ_NEC)
#include "cmNecOutput.h"
#define CM_PARSE(text) cm::ParseNecOutput(text, "fuzz.out")
#elif defined(CM_FUZZ_NEC_PARALLEL)
// The NEC-2 output parser on its parallel paths (blocks run last first) against its serial
// parse: the same meshes, currents and warnings, or the same first error.
#include "cmNecOutput.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
namespace
{
std::string NecResult(std::string_view text, const cm::ParallelFor& pf)
{
  std::string r;
  try
  {
    const cm::NecOutput o = cm::ParseNecOutput(text, "fuzz.out", pf);
    for (const std::string& w : o.Warnings)
      r += w + "\n";
    for (const cm::NecSolution& s : o.Solutions)
    {
      const cm::SurfaceMesh m = s.FullMesh();
      auto add = [&](const void* p, std::size_t n) { r.append(static_cast<const char*>(p), n); };
      add(m.Points.data(), 8 * m.Points.size());
      add(m.Connectivity.data(), 8 * m.Connectivity.size());
      add(m.Offsets.data(), 8 * m.Offsets.size());
      add(m.JReal.data(), 8 * m.JReal.size());
      add(m.JImag.data(), 8 * m.JImag.size());
    }
  }
  catch (const cm::ParseError& e)
  {
    r = std::string("error ") + e.what();
  }
  return r;
}
std::size_t NecSerialAndParallel(std::string_view text)
{
  const cm::ParallelFor lastFirst = [](long long n,
                                      const std::function<void(long long, long long)>& body) {
    for (long long b = n - 1; b >= 0; --b)
      body(b, b + 1);
  };
  if (NecResult(text, {}) != NecResult(text, lastFirst))
  {
    std::fprintf(stderr, "the parallel NEC-2 parse differs from the serial one\n");
    std::abort();
  }
  return 0;
}
} // namespace
#define CM_PARSE(text) NecSerialAndParallel(text)
#elif defined(CM_FUZZ_FEKO_FFE)
#include "cmFekoFormat.h"
#define CM_PARSE(text) cm::ParseFekoFarField(text, "fuzz.ffe")
#elif defined(CM_FUZZ_FEKO_NF)
#include "cmFekoNearField.h"
#define CM_PARSE(text) cm::ParseFekoNearField(text, "fuzz.efe")
#elif defined(CM_FUZZ_FEKO_OS)
#include "cmFekoFormat.h"
#define CM_PARSE(text) cm::ParseFekoCurrents(text, "fuzz.os")
#elif defined(CM_FUZZ_FEKO_OUT)
#include "cmFekoFormat.h"
#define CM_PARSE(text) cm::ParseFekoOutput(text, "fuzz.out")
#elif defined(CM_FUZZ_FEKO_PORTS)
#include "cmFekoPorts.h"
#define CM_PARSE(text) cm::FekoPortTable(cm::ParseFekoPorts(text, "fuzz.out"), 50)
#elif defined(CM_FUZZ_FEKO_OUT_WHOLE)
// The FEKO .out read whole (issue 41): wires, segment sources, S-parameters, far and near
// fields, as the FEKO Output Reader runs them (each parser throws ParseError alone).
#include "cmFekoOutFields.h"
#include "cmFekoWires.h"
namespace
{
std::size_t FekoOutWhole(std::string_view text)
{
  std::vector<std::string> notes;
  std::size_t n = 0;
  try
  {
    const cm::FekoWires w = cm::ParseFekoWires(text, "fuzz.out", &notes);
    n += cm::FekoSegmentSourcePositions(w, cm::ParseFekoPorts(text, "fuzz.out"), "fuzz.out", &notes)
           .size();
  }
  catch (const cm::ParseError&)
  {}
  try
  {
    n += cm::ParseFekoScattering(text, "fuzz.out").Points.size();
  }
  catch (const cm::ParseError&)
  {}
  try
  {
    n += cm::ParseFekoOutFarFields(text, "fuzz.out", &notes).size();
  }
  catch (const cm::ParseError&)
  {}
  return n + cm::ParseFekoOutNearFields(text, "fuzz.out", &notes).size();
}
} // namespace
#define CM_PARSE(text) FekoOutWhole(text)
#elif defined(CM_FUZZ_CST)
#include "cmCstFarField.h"
#define CM_PARSE(text) cm::ParseCstFarField(text, "fuzz.txt")
#elif defined(CM_FUZZ_CST_FFS)
#include "cmCstFarField.h"
#define CM_PARSE(text) cm::ParseCstFarFieldSource(text, "fuzz.ffs")
#elif defined(CM_FUZZ_MSI)
#include "cmMsiPattern.h"
#define CM_PARSE(text)                                                                             \
  cm::MsiToFarField(                                                                               \
    cm::ParseMsiPattern(text, "fuzz.msi"), cm::MsiMethod::CrossWeighted, 10, 10, "fuzz.msi")
#elif defined(CM_FUZZ_PAFX)
// Planet 2 .pafx: the zip directory, the entries (stored ones read, deflated ones through a
// stand-in inflater that copies at most the declared size: the fuzzer cannot make CRCs
// match deflate output, so the XML parsers are also fed the input itself), antenna.paf
// and the .pap cuts, and the reconstruction.
#include "cmPlanetPafx.h"
#include <algorithm>
#include <cstring>
namespace
{
std::string CopyInflate(std::string_view in, char* out, std::size_t size)
{
  std::memcpy(out, in.data(), std::min(in.size(), size));
  return in.size() == size ? "" : "sizes differ";
}
std::size_t Pafx(std::string_view text)
{
  std::size_t n = 0;
  try
  {
    for (const cm::PafxPattern& p : cm::ReadPlanetPafx(text, "fuzz.pafx", CopyInflate).Patterns)
      n += cm::MsiToFarField(p.Pattern, cm::MsiMethod::Summing, 30, 30, "fuzz.pafx").Gain.size();
  }
  catch (const cm::ParseError&)
  {}
  try
  {
    n += cm::ParsePlanetPaf(text, "fuzz.paf").Patterns.size();
  }
  catch (const cm::ParseError&)
  {}
  cm::MsiPattern p;
  cm::ParsePlanetPap(text, "fuzz.pap", p);
  return n + p.Horizontal.Angle.size();
}
} // namespace
#define CM_PARSE(text) Pafx(text)
#elif defined(CM_FUZZ_GMSH)
#include "cmGmshFormat.h"
#define CM_PARSE(text) cm::ParseGmsh(text, "fuzz.msh")
#elif defined(CM_FUZZ_HFSS)
#include "cmHfssFarField.h"
#define CM_PARSE(text) cm::ParseHfssFarField(text, "fuzz.ffd")
#elif defined(CM_FUZZ_PALACE)
#include "cmPalace.h"
namespace
{
/// Palace's farfield-rE.csv, and every block it gives on a coarse grid (the interpolation).
std::size_t ParsePalace(std::string_view text)
{
  const cm::PalaceFarField f = cm::ParsePalaceFarField(text, "fuzz.csv");
  std::size_t n = 0;
  for (const auto& b : f.Blocks)
  {
    n += cm::PalaceFarFieldGrid(b, 30, 30).Theta.size();
  }
  return n;
}
} // namespace
#define CM_PARSE(text) ParsePalace(text)
#elif defined(CM_FUZZ_PALACE_S)
#include "cmPalace.h"
#define CM_PARSE(text) cm::ParsePalacePortS(text, "fuzz.csv", 50)
#elif defined(CM_FUZZ_HFSS_JSON)
#include "cmHfssFarField.h"
namespace
{
/// pyaedt's metadata for the element "exportfield_0.ffd", applied to an empty result.
bool ParseMetadata(std::string_view text)
{
  cm::HfssElementPowers p;
  std::string problem;
  cm::HfssFarField ff;
  const bool ok = cm::ParsePyaedtMetadata(text, "fuzz.json", "exportfield_0.ffd", p, problem);
  cm::ApplyElementPowers(ff, p, "fuzz.json");
  return ok;
}
} // namespace
#define CM_PARSE(text) ParseMetadata(text)
#elif defined(CM_FUZZ_GRASP_CUT)
#include "cmGrasp.h"
#define CM_PARSE(text) cm::ParseGraspCut(text, "fuzz.cut", { 1e9 })
#elif defined(CM_FUZZ_GRASP_GRID)
#include "cmGrasp.h"
#define CM_PARSE(text) cm::ParseGraspGrid(text, "fuzz.grd")
#elif defined(CM_FUZZ_LSYSTEM) || defined(CM_FUZZ_IFS) || defined(CM_FUZZ_NEC_DECK) ||             \
  defined(CM_FUZZ_TOUCHSTONE) || defined(CM_FUZZ_OPENEMS)
#define CM_CUSTOM_HARNESS 1
#else
#error "define one CM_FUZZ_<parser>"
#endif

#if defined(CM_CUSTOM_HARNESS)
#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace
{
/// The input cut at the first n-1 NUL bytes into n strings (missing ones empty).
std::vector<std::string> SplitNul(std::string_view text, std::size_t n)
{
  std::vector<std::string> parts;
  std::size_t b = 0;
  for (std::size_t k = 0; k + 1 < n; ++k)
  {
    const std::size_t e = text.find('\0', b);
    if (e == std::string_view::npos)
    {
      break;
    }
    parts.emplace_back(text.substr(b, e - b));
    b = e + 1;
  }
  parts.emplace_back(b <= text.size() ? text.substr(b) : std::string_view());
  parts.resize(n);
  return parts;
}
void Fail(const char* what)
{
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what);
  std::abort();
}
} // namespace
#endif

#if defined(CM_FUZZ_LSYSTEM)
#include "cmLSystem.h"
// Input: control byte (iterations 0..7) then axiom NUL rules NUL ignore.
// Parses the grammar; when it is accepted and the projected length is small,
// derives it and runs the turtle, checking the projection bounds the result.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size < 1)
  {
    return 0;
  }
  const int n = data[0] & 7;
  const std::vector<std::string> p =
    SplitNul(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), 3);
  cm::fractal::LGrammar g;
  const std::string err = cm::fractal::ParseGrammar(p[0], p[1], p[2], g);
  if (!err.empty())
  {
    return 0;
  }
  const double projected = cm::fractal::ProjectedLength(g, n);
  if (!(projected >= 0))
  {
    Fail("ProjectedLength is negative or NaN");
  }
  if (projected > 2e5)
  {
    return 0; // the filter refuses these (its documented limit)
  }
  std::string out;
  if (!cm::fractal::Derive(g, n, 1234, out))
  {
    Fail("Derive stopped without an abort request");
  }
  if (static_cast<double>(out.size()) > projected * (1 + 1e-9) + 0.5)
  {
    Fail("the derived string is longer than ProjectedLength");
  }
  cm::fractal::TurtleParameters tp;
  cm::fractal::TurtleGeometry geo;
  cm::fractal::Interpret(out, tp, geo);
  if (geo.Offsets.empty() || geo.Offsets.back() * 3 != static_cast<long long>(geo.Points.size()))
  {
    Fail("turtle offsets do not match the points");
  }
  return 0;
}
#elif defined(CM_FUZZ_IFS)
#include "cmIFS.h"
// Input: control byte (format 0..2, given probabilities bit 2) then the map
// text. Parses, resolves probabilities and plays a short chaos game.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size < 1)
  {
    return 0;
  }
  const auto format = static_cast<cm::fractal::MapFormat>(data[0] % 3);
  const bool given = (data[0] & 4) != 0;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<cm::fractal::AffineMap> maps;
  if (!cm::fractal::ParseMaps(text, format, maps).empty())
  {
    return 0;
  }
  if (!cm::fractal::ResolveProbabilities(maps, given).empty() || maps.empty())
  {
    return 0;
  }
  double sum = 0;
  for (const cm::fractal::AffineMap& m : maps)
  {
    if (!(m.Probability >= 0) || !(m.Probability <= 1))
    {
      Fail("a resolved probability outside [0, 1]");
    }
    sum += m.Probability;
  }
  if (!(std::fabs(sum - 1) < 1e-5))
  {
    Fail("resolved probabilities do not sum to 1");
  }
  if (maps.size() > 255)
  {
    return 0;
  }
  const long long count = 5000;
  std::vector<double> xyz(3 * count);
  std::vector<unsigned char> which(count);
  cm::fractal::ChaosGame(maps, 7, 0, count, xyz.data(), which.data());
  for (long long k = 0; k < count; ++k)
  {
    if (which[k] >= maps.size())
    {
      Fail("the chaos game used a map that does not exist");
    }
  }
  return 0;
}
#elif defined(CM_FUZZ_NEC_DECK)
#include "cmNecDeck.h"
#include "cmNecOutput.h"
#include <fuzzer/FuzzedDataProvider.h>
// A fuzzed triangle/quad mesh (possibly inconsistent) is written as a NEC
// deck; the writer must refuse it with std::invalid_argument or write a deck
// whose SP/SC cards give back exactly the mesh's corners (at the printed
// precision) and whose antenna wire starts at the patch centre.
namespace
{
double Printed(double v)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v == 0 ? 0.0 : v);
  return std::strtod(buf, nullptr);
}
bool Same(double a, double b)
{
  return a == b || (std::isnan(a) && std::isnan(b));
}
}
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  FuzzedDataProvider fdp(data, size);
  const int np = fdp.ConsumeIntegralInRange<int>(0, 40);
  const int ne = fdp.ConsumeIntegralInRange<int>(0, 30);
  const bool consistent = fdp.ConsumeBool();
  std::vector<double> points;
  for (int k = 0; k < 3 * np; ++k)
  {
    points.push_back(fdp.ConsumeBool() ? fdp.ConsumeFloatingPoint<double>()
                                       : fdp.ConsumeIntegralInRange<int>(-4, 4) * 0.5);
  }
  std::vector<std::int64_t> offsets{ 0 }, conn;
  for (int e = 0; e < ne; ++e)
  {
    const int n =
      consistent ? fdp.ConsumeIntegralInRange<int>(3, 4) : fdp.ConsumeIntegralInRange<int>(-2, 6);
    if (consistent)
    {
      for (int k = 0; k < n; ++k)
      {
        conn.push_back(fdp.ConsumeIntegralInRange<std::int64_t>(-1, np));
      }
      offsets.push_back(static_cast<std::int64_t>(conn.size()));
    }
    else
    {
      offsets.push_back(offsets.back() + n);
      conn.push_back(fdp.ConsumeIntegral<std::int64_t>());
    }
  }
  cm::NecDeckOptions o;
  o.AttachPatch = fdp.ConsumeIntegralInRange<std::int64_t>(-2, ne);
  o.Frequency = fdp.ConsumeBool() ? fdp.ConsumeFloatingPoint<double>() : 120e6;
  o.WireSegments = fdp.ConsumeIntegralInRange<int>(-1, 20);
  o.ThetaSamples = fdp.ConsumeIntegralInRange<int>(-1, 50);
  o.PhiSamples = fdp.ConsumeIntegralInRange<int>(-1, 50);
  o.AntennaName = fdp.ConsumeRandomLengthString(40);
  o.Comments.push_back(fdp.ConsumeRandomLengthString(40));
  std::string deck;
  try
  {
    deck = cm::MakeNecDeck(points, offsets, conn, o);
  }
  catch (const std::invalid_argument&)
  {
    return 0;
  }
  // Parse the deck back: card by card.
  std::vector<std::string> lines;
  {
    std::size_t b = 0;
    while (b < deck.size())
    {
      std::size_t e = deck.find('\n', b);
      if (e == std::string::npos)
      {
        Fail("the deck does not end with a new line");
      }
      lines.push_back(deck.substr(b, e - b));
      b = e + 1;
    }
  }
  std::size_t li = 0;
  while (li < lines.size() && lines[li].rfind("CM", 0) == 0)
  {
    ++li;
  }
  if (li >= lines.size() || lines[li] != "CE")
  {
    Fail("the comment block is not closed by CE (a comment spans lines?)");
  }
  ++li;
  for (int e = 0; e < ne; ++e)
  {
    const std::int64_t b = offsets[e], n = offsets[e + 1] - b;
    if (li + 1 >= lines.size())
    {
      Fail("fewer SP/SC card pairs than elements");
    }
    std::vector<double> got;
    int ns = 0;
    {
      char card[3] = { 0 };
      const char* s = lines[li].c_str();
      if (std::sscanf(s, "%2s 0 %d", card, &ns) != 2 || std::string(card) != "SP")
      {
        Fail("expected an SP card");
      }
      if (ns != (n == 3 ? 2 : 3))
      {
        Fail("SP shape does not match the element's corner count");
      }
    }
    for (int c = 0; c < 2; ++c)
    {
      const std::string& line = lines[li + c];
      const char* s = line.c_str() + (c == 0 ? 6 : 6);
      char* end = nullptr;
      while (*s)
      {
        const double v = std::strtod(s, &end);
        if (end == s)
        {
          Fail("a non-number on an SP/SC card");
        }
        got.push_back(v);
        s = end;
      }
    }
    if (got.size() != static_cast<std::size_t>(3 * n))
    {
      Fail("wrong number of coordinates on the SP/SC cards");
    }
    for (std::int64_t k = 0; k < n; ++k)
    {
      const std::int64_t v = conn[static_cast<std::size_t>(b + k)];
      for (int d = 0; d < 3; ++d)
      {
        if (!Same(got[3 * k + d], Printed(points[3 * v + d])))
        {
          Fail("an SP/SC coordinate differs from the mesh");
        }
      }
    }
    li += 2;
  }
  if (o.AttachPatch >= 0)
  {
    if (li >= lines.size() || lines[li].rfind("GW 1 ", 0) != 0)
    {
      Fail("no GW card for the antenna");
    }
    ++li;
  }
  if (li >= lines.size() || lines[li] != "GE 0" || lines.back() != "EN")
  {
    Fail("the geometry is not closed by GE 0 or the deck by EN");
  }
  return 0;
}
#elif defined(CM_FUZZ_TOUCHSTONE)
#include "cmTouchstone.h"
// Input: control byte (ports 0 = guess, 1, 2) then the file text. A file that is
// accepted must write back (RI, Hz, full precision) and read again to the same rows.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size < 1)
  {
    return 0;
  }
  const int ports = data[0] % 3;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  cm::ColumnTable t;
  try
  {
    t = cm::ParseTouchstone(text, "fuzz.snp", ports);
  }
  catch (const cm::ParseError&)
  {
    return 0; // the documented refusal
  }
  if (t.Rows() == 0 || t.Find("Frequency") != 0 || !(t.ReferenceImpedance > 0))
  {
    Fail("an accepted file gave no rows, no Frequency column or no reference impedance");
  }
  cm::TouchstoneWriteOptions o;
  o.Unit = "Hz";
  std::string again;
  try
  {
    again = cm::WriteTouchstone(t, o);
  }
  catch (const std::runtime_error&)
  {
    return 0; // a parameter that overflowed to infinity in the conversion to S
  }
  try
  {
    const cm::ColumnTable u = cm::ParseTouchstone(again, "again.snp", cm::TouchstonePortsOf(t));
    if (u.Rows() != t.Rows())
    {
      Fail("a written file reads back with another number of rows");
    }
  }
  catch (const cm::ParseError& e)
  {
    std::fprintf(stderr, "%s\n", e.what());
    Fail("a written file is refused by the reader");
  }
  return 0;
}
#elif defined(CM_FUZZ_OPENEMS)
#include "../../Readers/Testing/Core/cmMemoryHdf5.h"
#include "cmOpenEmsNf2ff.h"
#include <fuzzer/FuzzedDataProvider.h>
// The HDF5 layout checks of the openEMS nf2ff reader over an in-memory Hdf5Source
// (HDF5 itself is not fuzzed here): the input builds a file around the nf2ff layout
// with each dataset correct, transposed, of random small or huge declared shape,
// stored short or missing, values from a palette with NaN, infinities, negatives and
// out-of-range angles, and random attribute counts. Every frequency is read; an
// accepted grid must be a theta-phi grid in the table's ranges, bounded by the mesh,
// have finite fields, and
// reading must never ask for more than the declared (bounded) values.
namespace
{
double Value(FuzzedDataProvider& fdp, double normal)
{
  switch (fdp.ConsumeIntegralInRange<int>(0, 9))
  {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return fdp.ConsumeBool() ? HUGE_VAL : -HUGE_VAL;
    case 2: return fdp.ConsumeFloatingPoint<double>();
    case 3: return -normal;
    case 4: return 0;
    default: return normal;
  }
}

void Grid(FuzzedDataProvider& fdp, cmMemoryHdf5& h, const std::string& path, std::uint64_t np,
  std::uint64_t nt, double normal)
{
  std::vector<std::uint64_t> dims{ np, nt };
  switch (fdp.ConsumeIntegralInRange<int>(0, 7))
  {
    case 0: return; // missing
    case 1: dims = { nt, np }; break;
    case 2:
      dims.clear();
      for (int k = fdp.ConsumeIntegralInRange<int>(0, 3); k > 0; --k)
      {
        dims.push_back(fdp.ConsumeIntegralInRange<std::uint64_t>(0, 13));
      }
      break;
    case 3: dims = { 1, np, nt, 1 }; break;
    case 4:
      dims = { np, fdp.ConsumeBool() ? (1ull << fdp.ConsumeIntegralInRange<int>(20, 63)) : nt + 1 };
      break;
    default: break;
  }
  std::uint64_t n = 1;
  for (std::uint64_t d : dims)
  {
    n = d == 0 ? 0 : (n > (1ull << 40) / d ? (1ull << 40) : n * d);
  }
  std::vector<double> v;
  const std::uint64_t stored = fdp.ConsumeIntegralInRange<int>(0, 15) == 0 ? n / 2 : n;
  for (std::uint64_t k = 0; k < stored && k < 4096; ++k)
  {
    v.push_back(
      fdp.ConsumeIntegralInRange<int>(0, 3) ? normal * (1 + 0.01 * (k % 7)) : Value(fdp, normal));
  }
  h.Put(path, dims, std::move(v));
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  FuzzedDataProvider fdp(data, size);
  const double pi = 3.14159265358979323846;
  cmMemoryHdf5 h;
  const std::uint64_t nt = fdp.ConsumeIntegralInRange<std::uint64_t>(0, 12);
  const std::uint64_t np = fdp.ConsumeIntegralInRange<std::uint64_t>(0, 12);
  for (const char* axis : { "theta", "phi" })
  {
    const std::uint64_t n = axis[0] == 't' ? nt : np;
    const double span = axis[0] == 't' ? pi : 2 * pi;
    if (fdp.ConsumeIntegralInRange<int>(0, 15) == 0)
    {
      continue; // missing
    }
    std::vector<double> v;
    for (std::uint64_t k = 0; k < n; ++k)
    {
      const double normal = n > 1 ? span * k / (n - 1) : 0;
      v.push_back(fdp.ConsumeIntegralInRange<int>(0, 7) ? normal : Value(fdp, normal * 180 / pi));
    }
    h.Put(std::string("/Mesh/") + axis, std::move(v));
  }
  if (fdp.ConsumeBool())
  {
    h.Put("/Mesh/r", { fdp.ConsumeBool() ? 1.0 : Value(fdp, 2.0) });
  }
  const int nf = fdp.ConsumeIntegralInRange<int>(0, 3);
  for (const char* a : { "Frequency", "Prad", "Dmax" })
  {
    if (fdp.ConsumeIntegralInRange<int>(0, 15) == 0)
    {
      continue;
    }
    std::vector<double> v;
    const int count =
      fdp.ConsumeIntegralInRange<int>(0, 7) ? nf : fdp.ConsumeIntegralInRange<int>(0, 4);
    for (int k = 0; k < count; ++k)
    {
      v.push_back(fdp.ConsumeIntegralInRange<int>(0, 3) ? 1e9 * (k + 1) : Value(fdp, 1.5));
    }
    h.Attributes[{ "/nf2ff", a }] = v;
  }
  for (int f = 0; f < nf; ++f)
  {
    const std::string n = "f" + std::to_string(f);
    Grid(fdp, h, "/nf2ff/E_theta/FD/" + n + "_real", np, nt, 0.5);
    Grid(fdp, h, "/nf2ff/E_theta/FD/" + n + "_imag", np, nt, -0.25);
    Grid(fdp, h, "/nf2ff/E_phi/FD/" + n + "_real", np, nt, 1e-3);
    Grid(fdp, h, "/nf2ff/E_phi/FD/" + n + "_imag", np, nt, 0);
    Grid(fdp, h, "/nf2ff/P_rad/FD/" + n, np, nt, 1e-4);
  }
  std::size_t count = 0;
  try
  {
    count = cm::OpenEmsNf2ffFrequencies(h, "fuzz.h5").size();
  }
  catch (const cm::ParseError&)
  {
    return 0;
  }
  for (std::size_t f = 0; f < count; ++f)
  {
    h.ValuesRead = 0;
    try
    {
      double dmax = 0, prad = 0;
      const cm::FarFieldGrid g = cm::ReadOpenEmsNf2ff(h, "fuzz.h5", f, &dmax, &prad);
      // Angles are taken to the table's ranges (MapToTableRanges): each θ goes to one θ
      // in [0, 180] (plus the two poles), each φ to φ or φ + 180.
      const auto NT = static_cast<std::uint64_t>(g.NumberOfTheta);
      const auto NP = static_cast<std::uint64_t>(g.NumberOfPhi);
      if (g.Theta.size() != NT * NP || NT > nt + 2 || NP > 2 * np)
      {
        Fail("an accepted grid is not a theta-phi grid bounded by the mesh");
      }
      for (std::size_t k = 0; k < g.Theta.size(); ++k)
      {
        if (!(g.Theta[k] >= 0 && g.Theta[k] <= 180 && g.Phi[k] >= -180 && g.Phi[k] < 360))
        {
          Fail("an accepted grid has an angle outside the table's ranges");
        }
      }
      for (std::size_t k = 0; k < g.Theta.size(); ++k)
      {
        if (!std::isfinite(g.EthetaRe[k] + g.EthetaIm[k] + g.EphiRe[k] + g.EphiIm[k]) ||
          std::isnan(g.Gain[k]) || !(prad > 0))
        {
          Fail("an accepted grid holds a non-finite field, a NaN gain or no radiated power");
        }
      }
    }
    catch (const cm::ParseError&)
    {}
    if (h.ValuesRead > 6 * 4096 + 2 * 12 + 1)
    {
      Fail("read more values than the file stores");
    }
  }
  return 0;
}
#else
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try
  {
    (void)CM_PARSE(text);
  }
  catch (const cm::ParseError&)
  {
    // The documented refusal.
  }
  return 0;
}
#endif
