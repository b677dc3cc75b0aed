// SPDX-License-Identifier: BSD-3-Clause
// The malformed-input corpus (Testing/Data/bad/MANIFEST.tsv) against the
// pipeline-free parsers: every "error" file must throw ParseError whose text
// names the file, the expected line and the manifest's fragments; every
// "accept" file (CRLF, BOM, tabs) must parse to exactly what its clean
// reference gives. Then, for every format, a directory given as the file, a
// missing file and a file without read permission. Nothing else may escape.
#include "cmCheck.h"
#include "cmCstFarField.h"
#include "cmFekoFormat.h"
#include "cmFekoNearField.h"
#include "cmFekoPorts.h"
#include "cmFekoOutFields.h"
#include "cmFekoWires.h"
#include "cmGmshFormat.h"
#include "cmGrasp.h"
#include "cmHfssFarField.h"
#include "cmMoMFormat.h"
#include "cmMsiPattern.h"
#include "cmPlanetPafx.h"
#include "cmZipInflate.h"
#include "cmNecOutput.h"
#include "cmPalace.h"
#include "cmTouchstone.h"
#include "cmTextScan.h"

#include <complex>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace cm;

namespace
{
std::string Data()
{
  return std::string(CLOUDMAP_DATA_DIR) + "/bad/";
}

void Put(std::ostringstream& o, const std::vector<double>& v)
{
  o << v.size() << ":";
  for (double x : v)
  {
    o << " " << x;
  }
  o << "\n";
}
void PutI(std::ostringstream& o, const std::vector<std::int64_t>& v)
{
  o << v.size() << ":";
  for (auto x : v)
  {
    o << " " << x;
  }
  o << "\n";
}
void PutMesh(std::ostringstream& o, const SurfaceMesh& m)
{
  o.precision(17);
  o << "f " << m.Frequency << "\n";
  Put(o, m.Points);
  PutI(o, m.Offsets);
  PutI(o, m.Connectivity);
  Put(o, m.JReal);
  Put(o, m.JImag);
  Put(o, m.SourcePositions);
  Put(o, m.ReceiverPositions);
  for (const auto& n : m.SourceNames)
  {
    o << n << ";";
  }
}
void PutGrid(std::ostringstream& o, const FarFieldGrid& g)
{
  o.precision(17);
  o << g.Frequency << " " << g.GainKind << " " << g.Name << " " << g.NumberOfTheta << "x"
    << g.NumberOfPhi << "\n";
  for (const auto* v :
    { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm, &g.Gain })
  {
    Put(o, *v);
  }
  for (const auto& e : g.Extra)
  {
    o << e.first;
    Put(o, e.second);
  }
}

/// A GRASP file by its extension (the reader sniffs the content; the corpus names say).
GraspFile ReadGrasp(const std::string& path)
{
  const bool grid = path.size() > 4 && path.compare(path.size() - 4, 4, ".grd") == 0;
  return grid ? ParseGraspGrid(ReadWholeFile(path), path)
              : ParseGraspCut(ReadWholeFile(path), path, {});
}

/// Reads a file with the format's parser and returns a canonical dump of the result.
std::string ReadAs(const std::string& format, const std::string& path)
{
  std::ostringstream o;
  o.precision(17);
  if (format == "mom")
  {
    PutMesh(o, ReadMoMFile(path));
  }
  else if (format == "nec")
  {
    const NecOutput n = ReadNecOutputFile(path);
    o << n.EchoPatches << " " << n.SplitPatches << " " << n.SquarePatches << "\n";
    for (const auto& s : n.Solutions)
    {
      o << s.Frequency << " " << s.Wavelength << "\n";
      PutMesh(o, s.FullMesh());
      for (const auto& w : s.Wires)
      {
        o << w.Segment << " " << w.Tag << " " << w.Centre[0] << " " << w.Centre[2] << " "
          << w.CurrentReal << " " << w.CurrentImag << "\n";
      }
      for (const auto& p : s.Patterns)
      {
        PutGrid(o, p);
      }
      for (const auto& p : s.Ports)
      {
        o << p.Tag << " " << p.Segment << " " << p.Impedance << " " << p.Current << " " << p.Power
          << "\n";
      }
      for (const auto& l : s.Loads)
      {
        o << l.Name() << " " << l.TypeName << " " << l.Impedance(s.Frequency) << "\n";
      }
      o << s.Power.Present << " " << s.Power.Input << " " << s.Power.Radiated << "\n";
    }
  }
  else if (format == "feko_ports")
  {
    // As the FEKO Output Reader: the mesh, then the voltage-source blocks.
    const FileText text = ReadWholeFile(path);
    o << ParseFekoOutput(text, path).size() << "\n";
    for (const auto& p : ParseFekoPorts(text, path))
    {
      o << p.Frequency << " " << p.Source << " " << p.Impedance << " " << p.Current << " "
        << p.Power << "\n";
    }
  }
  else if (format == "feko_wires")
  {
    // As the FEKO Output Reader on a wire model: every block, each one throwing.
    const FileText text = ReadWholeFile(path);
    o << ParseFekoOutput(text, path).size() << "\n";
    const FekoWires w = ParseFekoWires(text, path, nullptr);
    for (const auto& s : w.Segments)
    {
      o << s.Number << " " << s.Start[2] << " " << s.End[2] << " " << s.Radius << "\n";
    }
    for (const auto& t : w.Tables)
    {
      for (const auto& c : t.Current)
      {
        o << c << "\n";
      }
    }
    for (const auto& p : ParseFekoScattering(text, path).Points)
    {
      o << p.Frequency << " " << p.S[0] << " " << p.Z[0] << "\n";
    }
    for (const auto& g : ParseFekoOutFarFields(text, path, nullptr))
    {
      PutGrid(o, g);
    }
    for (const auto& g : ParseFekoOutNearFields(text, path, nullptr))
    {
      o << g.Frequency << " " << g.Grid.Count() << "\n";
      for (std::size_t k = 0; k < g.Grid.ERe.size(); ++k)
      {
        o << g.Grid.Points[k] << " " << g.Grid.ERe[k] << " " << g.Grid.EIm[k] << "\n";
      }
    }
  }
  else if (format == "touchstone")
  {
    TouchstoneInfo info;
    const ColumnTable t = ReadTouchstoneFile(path, &info);
    // The network table, then the noise table (port 1 of the reader) and the port names.
    for (const ColumnTable* table : { &t, static_cast<const ColumnTable*>(&info.Noise) })
    {
      o << table->ReferenceImpedance << "\n";
      for (std::size_t c = 0; c < table->Names.size(); ++c)
      {
        o << table->Names[c];
        for (double v : table->Columns[c])
        {
          o << " " << v;
        }
        o << "\n";
      }
    }
    for (const std::string& n : info.PortNames)
    {
      o << n << "\n";
    }
  }
  else if (format == "feko_ffe")
  {
    for (const auto& g : ReadFekoFarFieldFile(path))
    {
      PutGrid(o, g);
    }
  }
  else if (format == "feko_nf")
  {
    for (const auto& b : ReadFekoNearFieldFile(path))
    {
      o << b.Frequency << " " << b.Coordinates << "\n";
      Put(o, b.Grid.Points);
      Put(o, b.Grid.ERe);
      Put(o, b.Grid.EIm);
      Put(o, b.Grid.HRe);
      Put(o, b.Grid.HIm);
    }
  }
  else if (format == "feko_os")
  {
    for (const auto& c : ReadFekoCurrentsFile(path))
    {
      o << c.Frequency << "\n";
      for (const auto* s : { &c.Electric, &c.Magnetic })
      {
        Put(o, s->Positions);
        Put(o, s->JReal);
        Put(o, s->JImag);
        PutI(o, s->Numbers);
      }
    }
  }
  else if (format == "feko_out")
  {
    for (const auto& m : ReadFekoOutputFile(path))
    {
      PutMesh(o, m);
    }
  }
  else if (format == "cst")
  {
    PutGrid(o, ReadCstFarFieldFile(path));
  }
  else if (format == "cst_ffs")
  {
    const CstFarFieldSource f = ReadCstFarFieldSourceFile(path);
    for (const auto& g : f.Grids)
    {
      PutGrid(o, g);
    }
    CM_CHECK_MSG(f.Warnings.empty(),
      path + ": unexpected warning: " + (f.Warnings.empty() ? std::string() : f.Warnings[0]));
  }
  else if (format == "hfss")
  {
    const HfssFarField f = ParseHfssFarField(ReadWholeFile(path), path);
    for (const auto& g : f.Grids)
    {
      PutGrid(o, g);
    }
  }
  else if (format == "grasp")
  {
    for (const auto& set : ReadGrasp(path).Sets)
    {
      PutGrid(o, set.Table);
      PutGrid(o, set.Samples);
    }
  }
  else if (format == "palace")
  {
    const PalaceFarField f = ParsePalaceFarField(ReadWholeFile(path), path);
    for (const auto& b : f.Blocks)
    {
      o << b.Frequency << " " << b.Excitation << "\n";
      Put(o, b.Theta);
      Put(o, b.Phi);
      for (std::size_t k = 0; k < b.Ex.size(); ++k)
      {
        o << b.Ex[k] << b.Ey[k] << b.Ez[k] << "\n";
      }
    }
  }
  else if (format == "palace_s")
  {
    const Network n = ParsePalacePortS(ReadWholeFile(path), path, 50);
    for (const auto& pt : n.Points)
    {
      o << pt.Frequency << "\n";
      for (const auto& v : pt.S)
      {
        o << v << "\n";
      }
    }
  }
  else if (format == "msi")
  {
    const MsiPattern p = ParseMsiPattern(ReadWholeFile(path), path);
    o << p.Name << " " << p.GainDbi << " " << p.FrequencyHz << "\n";
    Put(o, p.Horizontal.Angle);
    Put(o, p.Horizontal.Attenuation);
    Put(o, p.Vertical.Angle);
    Put(o, p.Vertical.Attenuation);
  }
  else if (format == "pafx")
  {
    for (const PafxPattern& q :
      ReadPlanetPafx(ReadWholeFile(path), path, InflateRawVtkZlib).Patterns)
    {
      o << q.Entry << " " << q.Pattern.GainDbi << " " << q.Pattern.FrequencyHz << "\n";
      Put(o, q.Pattern.Horizontal.Attenuation);
      Put(o, q.Pattern.Vertical.Attenuation);
    }
  }
  else if (format == "gmsh")
  {
    const GmshMesh g = ReadGmshFile(path);
    o << g.Version << "\n";
    Put(o, g.Points);
    PutI(o, g.NodeTags);
    PutI(o, g.Offsets);
    PutI(o, g.Connectivity);
    PutI(o, g.ElementTags);
    for (const auto& v : g.Views)
    {
      o << v.Name << " " << v.Components << " " << v.Covered;
      Put(o, v.Values);
    }
  }
  else
  {
    throw std::logic_error("unknown format " + format);
  }
  return o.str();
}

std::vector<std::string> Split(const std::string& s, char sep)
{
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep))
  {
    out.push_back(cur);
  }
  return out;
}

/// Expects `path` to be refused with a ParseError naming it, `line` (0: none) and
/// every fragment. Returns the message.
std::string ExpectRefusal(const std::string& label, const std::string& format,
  const std::string& path, long long line, const std::vector<std::string>& frags)
{
  try
  {
    ReadAs(format, path);
  }
  catch (const ParseError& e)
  {
    const std::string msg = e.what();
    std::printf("  %-32s %s\n", label.c_str(), msg.c_str());
    CM_CHECK_MSG(msg.find(path) != std::string::npos, label + ": message does not name the file");
    CM_CHECK_MSG(e.File == path, label + ": ParseError::File is " + e.File);
    if (line > 0)
    {
      CM_CHECK_MSG(
        e.Line == line && msg.find(":" + std::to_string(line) + ": ") != std::string::npos,
        label + ": expected line " + std::to_string(line) + ", got " + std::to_string(e.Line));
    }
    for (const std::string& f : frags)
    {
      CM_CHECK_MSG(msg.find(f) != std::string::npos, label + ": message lacks '" + f + "'");
    }
    // The problem must be stated, not just located.
    CM_CHECK_MSG(msg.size() > path.size() + 12, label + ": message states no problem");
    return msg;
  }
  catch (const std::exception& e)
  {
    CM_CHECK_MSG(false, label + ": threw a non-ParseError: " + e.what());
    return "";
  }
  CM_CHECK_MSG(false, label + ": was accepted");
  return "";
}
/// The FEKO near-field partial-result rule ("warn" rows): a later block that fails is one
/// notice naming the file, `line` and every fragment; the blocks before it are read.
void ExpectFekoNearFieldNotice(const std::string& label, const std::string& path, long long line,
  const std::vector<std::string>& frags)
{
  try
  {
    std::vector<std::string> notices;
    const auto blocks = ReadFekoNearFieldFile(path, &notices);
    const std::string msg = notices.empty() ? std::string() : notices[0];
    std::printf("  %-32s warning: %s\n", label.c_str(), msg.c_str());
    CM_CHECK_MSG(
      !blocks.empty() && notices.size() == 1, label + ": expected blocks and one notice");
    CM_CHECK_MSG(msg.find(path + ":" + std::to_string(line) + ": ") == 0,
      label + ": the notice does not name the file and line");
    for (const std::string& f : frags)
    {
      CM_CHECK_MSG(msg.find(f) != std::string::npos, label + ": notice lacks '" + f + "'");
    }
  }
  catch (const std::exception& e)
  {
    CM_CHECK_MSG(false, label + ": refused: " + e.what());
  }
}

/// NEC-2's partial-result rule ("warn" rows): the parser itself reads the file, with one
/// warning naming it, `line` (0: none) and every fragment, and marks the failed block.
void ExpectNecWarning(const std::string& label, const std::string& path, long long line,
  const std::vector<std::string>& frags)
{
  try
  {
    const NecOutput n = ReadNecOutputFile(path);
    const std::string msg = n.Warnings.empty() ? std::string() : n.Warnings[0];
    std::printf("  %-32s warning: %s\n", label.c_str(), msg.c_str());
    CM_CHECK_MSG(n.Warnings.size() == 1, label + ": expected one warning");
    CM_CHECK_MSG(
      msg.find(path + ":" + (line > 0 ? std::to_string(line) + ": " : std::string())) == 0,
      label + ": the warning does not name the file and line");
    for (const std::string& f : frags)
    {
      CM_CHECK_MSG(msg.find(f) != std::string::npos, label + ": warning lacks '" + f + "'");
    }
    CM_CHECK_MSG(
      !n.Solutions.empty() && (n.PortTablesFailed || n.NearFieldsFailed || n.PatternsFailed),
      label + ": nothing kept, or no block marked failed");
  }
  catch (const std::exception& e)
  {
    CM_CHECK_MSG(false, label + ": refused: " + e.what());
  }
}

/// Expects `path` to be read (a non-empty mesh, or table) with one warning naming it,
/// `line` and every fragment (the formats whose parsers return warnings: gmsh, and
/// touchstone's noise block, which then leaves the noise table empty).
void ExpectWarning(const std::string& label, const std::string& format, const std::string& path,
  long long line, const std::vector<std::string>& frags)
{
  CM_CHECK_MSG(format == "gmsh" || format == "touchstone" || format == "hfss" ||
      format == "grasp" || format == "pafx" || format == "palace",
    label + ": no warnings are known for the format " + format);
  try
  {
    std::vector<std::string> warnings;
    if (format == "touchstone")
    {
      TouchstoneInfo info;
      CM_CHECK_MSG(ReadTouchstoneFile(path, &info).Rows() > 0, label + ": no data was read");
      CM_CHECK_MSG(info.Noise.Names.empty(), label + ": a noise table despite the problem");
      warnings = info.Warnings;
      if (!info.NoiseProblem.empty())
      {
        warnings.push_back(info.NoiseProblem);
      }
    }
    else if (format == "hfss")
    {
      const HfssFarField f = ParseHfssFarField(ReadWholeFile(path), path);
      CM_CHECK_MSG(!f.Grids.empty(), label + ": no frequency block was read");
      warnings = f.Warnings;
    }
    else if (format == "grasp")
    {
      const GraspFile f = ReadGrasp(path);
      CM_CHECK_MSG(!f.Sets.empty(), label + ": no set was read");
      warnings = f.Warnings;
    }
    else if (format == "pafx")
    {
      // A pattern that fails names the archive and its entry: "path[entry]:line: ...".
      const PafxAntenna a = ReadPlanetPafx(ReadWholeFile(path), path, InflateRawVtkZlib);
      CM_CHECK_MSG(!a.Patterns.empty(), label + ": no pattern was read");
      warnings = a.Warnings;
      for (std::string& w : warnings)
      {
        const std::size_t open = w.find('['), close = w.find(']');
        if (open == path.size() && close != std::string::npos)
        {
          w = w.substr(0, open) + w.substr(close + 1) + " (entry " +
            w.substr(open + 1, close - open - 1) + ")";
        }
      }
    }
    else if (format == "palace")
    {
      const PalaceFarField f = ParsePalaceFarField(ReadWholeFile(path), path);
      CM_CHECK_MSG(!f.Blocks.empty(), label + ": no block was read");
      warnings = f.Warnings;
    }
    else
    {
      const GmshMesh g = ReadGmshFile(path);
      CM_CHECK_MSG(g.NumberOfElements() > 0, label + ": the mesh was not read");
      warnings = g.Warnings;
    }
    CM_CHECK_MSG(warnings.size() == 1,
      label + ": expected one warning, got " + std::to_string(warnings.size()));
    const std::string msg = warnings.empty() ? "" : warnings[0];
    std::printf("  %-32s warned: %s\n", label.c_str(), msg.c_str());
    CM_CHECK_MSG(msg.find(path + ":" + std::to_string(line) + ": ") != std::string::npos,
      label + ": the warning does not name the file and line " + std::to_string(line));
    for (const std::string& f : frags)
    {
      CM_CHECK_MSG(msg.find(f) != std::string::npos, label + ": warning lacks '" + f + "'");
    }
  }
  catch (const std::exception& e)
  {
    CM_CHECK_MSG(false, label + ": refused: " + e.what());
  }
}
} // namespace

int TestBadInputs(int, char*[])
{
  std::ifstream manifest(Data() + "MANIFEST.tsv");
  CM_CHECK_MSG(manifest.good(), "no MANIFEST.tsv");
  std::map<std::string, int> byClass;
  std::string row;
  int rows = 0;
  while (std::getline(manifest, row))
  {
    if (row.empty() || row[0] == '#')
    {
      continue;
    }
    const std::vector<std::string> f = Split(row, '\t');
    CM_CHECK_MSG(f.size() == 7, "bad manifest row: " + row);
    if (f.size() != 7)
    {
      continue;
    }
    if (f[1] == "openems" || f[1] == "openems_dump")
    {
      continue; // HDF5 needs the VTK::hdf5 library: Readers.TestOpenEmsReader and py.bad_inputs
                // read these
    }
    ++rows;
    ++byClass[f[2]];
    const std::string path = Data() + f[0];
    std::vector<std::string> frags;
    if (f[5] != "-")
    {
      frags = Split(f[5], '|');
    }
    if (f[3] == "warn" && f[1] == "nec")
    {
      ExpectNecWarning(f[0], path, std::stoll(f[4]), frags);
    }
    else if (f[3] == "warn" && f[1] == "feko_nf")
    {
      ExpectFekoNearFieldNotice(f[0], path, std::stoll(f[4]), frags);
    }
    else if (f[3] == "warn" && f[1] == "touchstone")
    {
      // The noise block: the parser returns its problem (NoiseProblem) and no noise table;
      // the VTK reader warns and leaves port 1 empty (py.bad_inputs).
      ExpectWarning(f[0], f[1], path, std::stoll(f[4]), frags);
    }
    else if (f[3] == "warn" && f[6].rfind("port:", 0) == 0)
    {
      // The parser refuses the optional block; the VTK reader turns that into one warning
      // and an empty port N (py.bad_inputs and Readers.TestReaderErrors check the reader).
      ExpectRefusal(f[0], f[1], path, std::stoll(f[4]), frags);
    }
    else if (f[3] == "warn")
    {
      // The partial-result rule: the required part is read, the failed optional block is
      // one warning naming the file, the line and the problem.
      ExpectWarning(f[0], f[1], path, std::stoll(f[4]), frags);
    }
    else if (f[3] == "accept")
    {
      try
      {
        const std::string got = ReadAs(f[1], path);
        const std::string want = ReadAs(f[1], Data() + f[6]);
        CM_CHECK_MSG(got == want, f[0] + ": differs from its reference " + f[6]);
        std::printf("  %-32s accepted, same as %s\n", f[0].c_str(), f[6].c_str());
      }
      catch (const std::exception& e)
      {
        CM_CHECK_MSG(false, f[0] + ": refused: " + e.what());
      }
    }
    else
    {
      ExpectRefusal(f[0], f[1], path, std::stoll(f[4]), frags);
    }
  }
  CM_CHECK_MSG(rows >= 40, "fewer than 40 corpus files");

  // Files that cannot be read, for every format's reader.
  const std::string tmp = std::string(CLOUDMAP_TEMP_DIR) + "/bad_inputs";
  ::mkdir(tmp.c_str(), 0755);
  const std::string dir = tmp + "/a_directory.cmom";
  ::mkdir(dir.c_str(), 0755);
  const std::string missing = tmp + "/no_such_file.out";
  std::remove(missing.c_str());
  const std::string locked = tmp + "/no_permission.txt";
  {
    std::ofstream(locked) << "CLOUDMAP-MOM 1\n";
  }
  ::chmod(locked.c_str(), 0);
  for (const char* format :
    { "mom", "nec", "feko_ffe", "feko_os", "feko_out", "cst", "gmsh", "touchstone", "feko_ports" })
  {
    const std::string fm = format;
    ExpectRefusal(fm + " directory", fm, dir, 0, { "directory" });
    ExpectRefusal(fm + " missing", fm, missing, 0, { "No such file" });
    ++byClass["directory"];
    ++byClass["missing"];
    // root reads through mode 000, so the check runs in a child that drops to
    // the "nobody" user when the test runs as root.
    std::fflush(stdout);
    const int failuresBefore = cmFailures;
    const pid_t pid = ::fork();
    if (pid == 0)
    {
      if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
      {
        std::printf("  cannot drop root privileges: skipped\n");
        std::_Exit(2);
      }
      ExpectRefusal(fm + " no permission", fm, locked, 0, { "Permission denied" });
      std::fflush(stdout);
      std::_Exit(cmFailures == failuresBefore ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    CM_CHECK_MSG(WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 2),
      fm + ": the no-permission check failed");
    ++byClass["no-permission"];
  }
  ::chmod(locked.c_str(), 0644);
  std::printf("bad inputs by class:");
  int total = 0;
  for (const auto& c : byClass)
  {
    std::printf(" %s=%d", c.first.c_str(), c.second);
    total += c.second;
  }
  std::printf(" (total %d)\n", total);
  return cmReport("TestBadInputs");
}
