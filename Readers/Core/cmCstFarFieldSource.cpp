// SPDX-License-Identifier: BSD-3-Clause
// CST farfield source files (.ffs): see cmCstFarField.h.
#include "cmCstFarField.h"

#include "cmConstants.h"

#include "cmFastLines.h"
#include "cmTextScan.h"

#include <algorithm>
#include <cmath>

namespace cm
{
namespace
{
/// A comment's words, upper case, without blanks and hyphens: "// z-Axis" -> "ZAXIS";
/// empty for a line that is no comment.
std::string Key(std::string_view line)
{
  line = Trim(line);
  if (line.substr(0, 2) != "//")
  {
    return std::string();
  }
  std::string k;
  for (char c : line.substr(2))
  {
    if (c != ' ' && c != '\t' && c != '-')
    {
      k += c;
    }
  }
  return Upper(k);
}

bool Starts(const std::string& key, const char* prefix)
{
  return key.rfind(prefix, 0) == 0;
}

/// Reads the tokens of the next non-blank line; false at end of file or at a comment
/// (which is left to be read again).
bool NextValues(LineScanner& s, std::vector<std::string_view>& tok)
{
  std::string_view line;
  while (!s.AtEnd())
  {
    const std::size_t at = s.Offset();
    const std::int64_t n = s.LineNumber();
    s.Next(line);
    if (Trim(line).empty())
    {
      continue;
    }
    if (Trim(line).substr(0, 2) == "//")
    {
      s.Seek(at, n);
      return false;
    }
    Tokenize(line, tok);
    return true;
  }
  return false;
}

/// `count` finite numbers from the lines that follow (any number per line).
bool NextNumbers(LineScanner& s, std::size_t count, std::vector<double>& v, std::string& problem,
  std::vector<std::int64_t>* lines = nullptr)
{
  v.clear();
  std::vector<std::string_view> tok;
  while (v.size() < count)
  {
    if (!NextValues(s, tok))
    {
      problem = "expected " + std::to_string(count) + " numbers, found " + std::to_string(v.size());
      return false;
    }
    for (std::string_view t : tok)
    {
      double x;
      if (!ParseDouble(t, x) || !std::isfinite(x))
      {
        problem = "expected a number, found '" + std::string(t.substr(0, 20)) + "'";
        return false;
      }
      v.push_back(x);
      if (lines)
      {
        lines->push_back(s.LineNumber());
      }
    }
  }
  if (v.size() != count)
  {
    problem = "expected " + std::to_string(count) + " numbers, found " + std::to_string(v.size());
    return false;
  }
  return true;
}
} // namespace

bool LooksLikeCstFarFieldSource(std::string_view head)
{
  LineScanner s(head, "");
  std::string_view line;
  while (s.Next(line))
  {
    if (Trim(line).empty())
    {
      continue;
    }
    const std::string k = Key(line);
    if (k == "CSTFARFIELDSOURCEFILE")
    {
      return true;
    }
    // HFSS writes the same layout without the banner, starting at #Frequencies.
    return k == "#FREQUENCIES" &&
      Upper(head).find("RADIATED/ACCEPTED/STIMULATED") != std::string::npos;
  }
  return false;
}

namespace
{
/// The CST farfield source parser: its state, and one member per block. Run() reads the
/// file comment by comment ("// <key>", then its values) and hands each to its member.
class CstSourceParser
{
public:
  CstSourceParser(
    std::string_view text, const std::string& file, const ParallelFor& parallel, bool fast)
    : S(text, file)
    , Text(text)
    , File(file)
    , Parallel(parallel)
    , Fast(fast)
    , RowLimit(static_cast<std::int64_t>(text.size() / 11) + 1) // "0 0 0 0 0 0"
  {}

  CstFarFieldSource Run();

private:
  /// One "// <key>" comment and its values.
  void ReadBlock(const std::string& k, std::string_view line);
  /// The banner, Version, Data Type, #Frequencies; false for another key.
  bool ReadSetting(const std::string& k);
  // Position, zAxis, xAxis: a warning, not the file, when bad.
  void ReadFrame(const std::string& k, std::string_view line);
  void ReadPowers();
  void ReadCounts(std::string_view line);
  // One far-field block: its header values, its rows, its checks.
  void ReadGrid();
  FarFieldGrid StartGrid(std::size_t fi, double& prad) const;
  void ReadGridRows(FarFieldGrid& g, std::size_t fi, double prad);
  /// The grid's last checks, once its rows are in.
  void EndGrid(FarFieldGrid& g, std::size_t fi, std::int64_t nTheta, std::int64_t countsLine,
    std::int64_t line) const;
  // The fast path (cmFastLines.h): a grid's rows are only counted (DeferGridRows), and
  // FlushGrids() parses all grids' rows at the end in one ParallelFor.
  void DeferGridRows(const FarFieldGrid& g, std::size_t fi, double prad);
  void NotePower(const FarFieldGrid& g, std::size_t fi, double prad);
  void FlushGrids();
  void Finish();

  struct DeferredGrid
  {
    std::size_t Grid;
    double Prad;
    std::int64_t Rows, NTheta, CountsLine, EndLine;
    std::vector<std::size_t> Starts;
  };
  std::vector<DeferredGrid> Deferred;

  CstFarFieldSource Out;
  LineScanner S;
  std::string_view Text;
  const std::string& File;
  std::vector<std::string_view> Tok;
  std::int64_t NFreq = -1;
  std::vector<std::int64_t> PowerLines;
  std::vector<double> Powers; // 4 per frequency: Prad, Pacc, Pstim, f
  std::vector<std::pair<std::string, std::vector<double>>> Frame;
  std::string Problem, NoPower;
  const std::int64_t RowLimit;
  ParallelFor Parallel;
  bool Fast;
  bool SawBanner = false;
  std::int64_t NPhi = -1, NTheta = -1, CountsLine = 0;
};

CstFarFieldSource CstSourceParser::Run()
{
  std::string_view line;
  while (this->S.Next(line))
  {
    const std::string k = Key(line);
    if (k.empty())
    {
      if (!Trim(line).empty())
      {
        this->S.Fail("unexpected line outside a block: '" + std::string(Trim(line).substr(0, 40)) +
          "' (a CST farfield source file has a // comment before each value)");
      }
      continue;
    }
    this->ReadBlock(k, line);
  }
  this->FlushGrids();
  this->Finish();
  return std::move(this->Out);
}

void CstSourceParser::ReadBlock(const std::string& k, std::string_view line)
{
  if (this->ReadSetting(k))
  {
    return;
  }
  if (k == "POSITION" || k == "ZAXIS" || k == "XAXIS")
  {
    this->ReadFrame(k, line);
  }
  else if (Starts(k, "RADIATED/ACCEPTED/STIMULATEDPOWER"))
  {
    this->ReadPowers();
  }
  else if (Starts(k, ">>TOTAL#PHISAMPLES"))
  {
    this->ReadCounts(line);
  }
  else if (Starts(k, ">>PHI,THETA"))
  {
    this->ReadGrid();
  }
  // Other comments are skipped.
}

bool CstSourceParser::ReadSetting(const std::string& k)
{
  LineScanner& s = this->S;
  std::vector<std::string_view>& tok = this->Tok;
  if (k == "CSTFARFIELDSOURCEFILE")
  {
    this->SawBanner = true;
  }
  else if (Starts(k, "VERSION"))
  {
    if (NextValues(s, tok) && !tok.empty())
    {
      this->Out.Version = std::string(tok[0]);
    }
  }
  else if (k == "DATATYPE")
  {
    if (!NextValues(s, tok) || tok.empty())
    {
      s.Fail("'// Data Type' has no value on the next line");
    }
    if (Upper(tok[0]) != "FARFIELD")
    {
      s.Fail("Data Type '" + std::string(tok[0].substr(0, 20)) +
        "': only far-field sources (Farfield) are read");
    }
  }
  else if (k == "#FREQUENCIES")
  {
    if (!NextValues(s, tok) || tok.size() != 1)
    {
      s.Fail("'// #Frequencies' needs one count on the next line");
    }
    this->NFreq = NeedCount(s, tok[0], "the number of frequencies", this->RowLimit);
    if (this->NFreq == 0)
    {
      s.Fail("#Frequencies is 0: the file holds no far field");
    }
  }
  else
  {
    return false;
  }
  return true;
}

// Where the source sits and how it is turned: for the field data only (the
// pattern is in the source's own θ, φ); a bad one costs a warning, not the file.
void CstSourceParser::ReadFrame(const std::string& k, std::string_view line)
{
  const std::int64_t at = this->S.LineNumber();
  std::vector<double> v;
  if (NextNumbers(this->S, 3, v, this->Problem))
  {
    this->Frame.emplace_back(k == "POSITION" ? "Position" : k == "ZAXIS" ? "zAxis" : "xAxis", v);
  }
  else
  {
    this->Out.Warnings.push_back(ParseError::Format(
      this->File, at + 1, "'" + std::string(Trim(line)) + "' is left out: " + this->Problem));
  }
}

void CstSourceParser::ReadPowers()
{
  LineScanner& s = this->S;
  const std::int64_t nfreq = this->NFreq;
  if (nfreq < 0)
  {
    s.Fail("the power block comes before '// #Frequencies'");
  }
  this->PowerLines.clear();
  if (!NextNumbers(
        s, static_cast<std::size_t>(4 * nfreq), this->Powers, this->Problem, &this->PowerLines))
  {
    throw ParseError(this->File, s.LineNumber() + 1,
      "the Radiated/Accepted/Stimulated Power , Frequency block of " + std::to_string(nfreq) +
        " frequencies: " + this->Problem);
  }
}

void CstSourceParser::ReadCounts(std::string_view line)
{
  LineScanner& s = this->S;
  std::vector<std::string_view>& tok = this->Tok;
  std::int64_t& nphi = this->NPhi;
  std::int64_t& ntheta = this->NTheta;
  this->CountsLine = s.LineNumber();
  if (!NextValues(s, tok) || tok.size() != 2)
  {
    s.Fail("'" + std::string(Trim(line)) + "' needs two counts on the next line");
  }
  nphi = NeedCount(s, tok[0], "the number of phi samples", this->RowLimit);
  ntheta = NeedCount(s, tok[1], "the number of theta samples", this->RowLimit);
  if (nphi == 0 || ntheta == 0)
  {
    s.Fail("no samples (" + std::to_string(nphi) + " x " + std::to_string(ntheta) + ")");
  }
  const std::int64_t left = static_cast<std::int64_t>(this->Text.size() - s.Offset());
  if (nphi * ntheta > left / 11 + 1) // a row is at least "0 0 0 0 0 0" and its end
  {
    s.Fail("announces " + std::to_string(nphi) + " x " + std::to_string(ntheta) + " = " +
      std::to_string(nphi * ntheta) + " rows, more than the " + std::to_string(left) +
      " bytes after it could hold (a cut file?)");
  }
}

void CstSourceParser::ReadGrid()
{
  LineScanner& s = this->S;
  const std::int64_t nfreq = this->NFreq;
  if (nfreq < 0 || this->Powers.empty())
  {
    s.Fail("far-field rows before '// #Frequencies' and the power block");
  }
  if (this->NPhi < 0)
  {
    s.Fail("far-field rows without '// >> Total #phi samples, total #theta samples'");
  }
  if (static_cast<std::int64_t>(this->Out.Grids.size()) >= nfreq)
  {
    s.Fail("more far-field blocks than the " + std::to_string(nfreq) + " of #Frequencies");
  }
  const std::size_t fi = this->Out.Grids.size();
  double prad = 0;
  FarFieldGrid g = this->StartGrid(fi, prad);
  if (this->Fast)
  {
    this->DeferGridRows(g, fi, prad);
  }
  else
  {
    this->ReadGridRows(g, fi, prad);
  }
  g.Values.emplace_back("RadiatedPower", std::vector<double>{ prad });
  g.Values.emplace_back("AcceptedPower", std::vector<double>{ this->Powers[4 * fi + 1] });
  g.Values.emplace_back("StimulatedPower", std::vector<double>{ this->Powers[4 * fi + 2] });
  for (const auto& f : this->Frame)
  {
    g.Values.push_back(f);
  }
  if (!this->Fast)
  {
    this->EndGrid(g, fi, this->NTheta, this->CountsLine, s.LineNumber());
  }
  this->Out.Grids.push_back(std::move(g));
  this->NPhi = this->NTheta = -1;
}

void CstSourceParser::EndGrid(FarFieldGrid& g, std::size_t fi, std::int64_t nTheta,
  std::int64_t countsLine, std::int64_t line) const
{
  FinishFarFieldGrid(g, this->File, line);
  if (g.NumberOfTheta != nTheta)
  {
    throw ParseError(this->File, line,
      "the rows of far-field block " + std::to_string(fi + 1) + " run over " +
        std::to_string(g.NumberOfTheta) + " theta values per phi, but line " +
        std::to_string(countsLine + 1) + " says " + std::to_string(nTheta) +
        " (rows go phi by phi, theta fastest)");
  }
}

void CstSourceParser::DeferGridRows(const FarFieldGrid& g, std::size_t fi, double prad)
{
  this->NotePower(g, fi, prad);
  DeferredGrid job;
  job.Grid = fi;
  job.Prad = prad;
  job.Rows = this->NPhi * this->NTheta;
  job.NTheta = this->NTheta;
  job.CountsLine = this->CountsLine;
  if (!FindLineBlocks(this->Text, this->S.Offset(), job.Rows, FastLineBlock, job.Starts))
  {
    throw FastRowsRefused();
  }
  job.EndLine = this->S.LineNumber() + job.Rows;
  this->S.Seek(job.Starts.back(), job.EndLine);
  this->Deferred.push_back(std::move(job));
}

void CstSourceParser::FlushGrids()
{
  // The grids' arrays (7 per grid: their first touch is much of the cost on a VM),
  // then every grid's row blocks, each in one For.
  std::vector<DeferredGrid>& jobs = this->Deferred;
  const std::int64_t grids = static_cast<std::int64_t>(jobs.size());
  RunFor(this->Parallel, 7 * grids, [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t k = lo; k < hi; ++k)
    {
      const DeferredGrid& job = jobs[static_cast<std::size_t>(k / 7)];
      FarFieldGrid& g = this->Out.Grids[job.Grid];
      std::vector<double>* const arrays[7] = { &g.Phi, &g.Theta, &g.EthetaRe, &g.EthetaIm,
        &g.EphiRe, &g.EphiIm, &g.Gain };
      if (k % 7 < 6 || job.Prad > 0)
      {
        ResizeLargeVector(*arrays[k % 7], static_cast<std::size_t>(job.Rows));
      }
    }
  });
  std::vector<std::int64_t> firstBlock(jobs.size() + 1, 0);
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    firstBlock[j + 1] = firstBlock[j] + static_cast<std::int64_t>(jobs[j].Starts.size()) - 1;
  }
  std::vector<char> ok(static_cast<std::size_t>(firstBlock.back()), 0);
  RunFor(this->Parallel, firstBlock.back(), [&](std::int64_t lo, std::int64_t hi) {
    for (std::int64_t b = lo; b < hi; ++b)
    {
      const std::size_t j = static_cast<std::size_t>(
        std::upper_bound(firstBlock.begin(), firstBlock.end(), b) - firstBlock.begin() - 1);
      const DeferredGrid& job = jobs[j];
      FarFieldGrid& g = this->Out.Grids[job.Grid];
      const double scale = 4 * cm::Pi / (2 * FreeSpaceWaveImpedance * job.Prad);
      const bool directivity = job.Prad > 0;
      ok[static_cast<std::size_t>(b)] = ForEachRow(this->Text, job.Starts, FastLineBlock, job.Rows,
        b - firstBlock[j], [&](std::int64_t r, std::string_view line) {
          double v[6];
          if (!FastNumbers(line.data(), line.data() + line.size(), 6, v))
          {
            return false;
          }
          for (double x : v)
          {
            if (!std::isfinite(x))
            {
              return false;
            }
          }
          const std::size_t i = static_cast<std::size_t>(r);
          g.Phi[i] = v[0];
          g.Theta[i] = v[1];
          g.EthetaRe[i] = v[2];
          g.EthetaIm[i] = v[3];
          g.EphiRe[i] = v[4];
          g.EphiIm[i] = v[5];
          if (directivity)
          {
            const double d = scale * (v[2] * v[2] + v[3] * v[3] + v[4] * v[4] + v[5] * v[5]);
            g.Gain[i] = d > 0 ? std::max(10 * std::log10(d), NoFieldDecibels) : NoFieldDecibels;
          }
          return true;
        });
    }
  });
  if (std::find(ok.begin(), ok.end(), 0) != ok.end())
  {
    throw FastRowsRefused();
  }
  for (const DeferredGrid& job : jobs)
  {
    this->EndGrid(this->Out.Grids[job.Grid], job.Grid, job.NTheta, job.CountsLine, job.EndLine);
  }
}

/// The grid of frequency `fi`: its frequency, its radiated power (`prad`), and directivity
/// only where that power is positive (else one warning, kept for the end).
FarFieldGrid CstSourceParser::StartGrid(std::size_t fi, double& prad) const
{
  FarFieldGrid g;
  g.SourceFormat = "CST";
  g.FieldUnit = "V";
  g.Frequency = this->Powers[4 * fi + 3];
  prad = this->Powers[4 * fi];
  g.GainKind = prad > 0 ? "Directivity" : "";
  return g;
}

/// The warning (once per file) for a frequency without a positive radiated power.
void CstSourceParser::NotePower(const FarFieldGrid& g, std::size_t fi, double prad)
{
  if (!(prad > 0) && this->NoPower.empty())
  {
    this->NoPower = ParseError::Format(this->File, this->PowerLines[4 * fi],
      "the radiated power at " + std::to_string(g.Frequency) + " Hz is " + std::to_string(prad) +
        " W: no directivity (Gain) at such frequencies, the fields are read");
  }
}

void CstSourceParser::ReadGridRows(FarFieldGrid& g, std::size_t fi, double prad)
{
  LineScanner& s = this->S;
  std::vector<std::string_view>& tok = this->Tok;
  const bool directivity = prad > 0;
  this->NotePower(g, fi, prad);
  const std::size_t n = static_cast<std::size_t>(this->NPhi * this->NTheta);
  for (auto* v : { &g.Theta, &g.Phi, &g.EthetaRe, &g.EthetaIm, &g.EphiRe, &g.EphiIm })
  {
    v->reserve(n);
  }
  const double scale = 4 * cm::Pi / (2 * FreeSpaceWaveImpedance * prad);
  double v[6];
  for (std::size_t r = 0; r < n; ++r)
  {
    if (!NextValues(s, tok))
    {
      s.Fail("far-field block " + std::to_string(fi + 1) + " ends after " + std::to_string(r) +
        " of its " + std::to_string(n) + " rows (" + std::to_string(this->NPhi) + " phi x " +
        std::to_string(this->NTheta) + " theta, line " + std::to_string(this->CountsLine + 1) +
        ")");
    }
    if (tok.size() != 6)
    {
      s.Fail("row has " + std::to_string(tok.size()) +
        " fields, expected Phi Theta Re(E_Theta) Im(E_Theta) Re(E_Phi) Im(E_Phi)");
    }
    static const char* const names[6] = { "Phi", "Theta", "Re(E_Theta)", "Im(E_Theta)", "Re(E_Phi)",
      "Im(E_Phi)" };
    for (int c = 0; c < 6; ++c)
    {
      v[c] = NeedFinite(s, tok[static_cast<std::size_t>(c)], names[c]);
    }
    g.Phi.push_back(v[0]);
    g.Theta.push_back(v[1]);
    g.EthetaRe.push_back(v[2]);
    g.EthetaIm.push_back(v[3]);
    g.EphiRe.push_back(v[4]);
    g.EphiIm.push_back(v[5]);
    if (directivity)
    {
      const double d = scale * (v[2] * v[2] + v[3] * v[3] + v[4] * v[4] + v[5] * v[5]);
      g.Gain.push_back(d > 0 ? std::max(10 * std::log10(d), NoFieldDecibels) : NoFieldDecibels);
    }
  }
}

/// What the whole file must have held; the warnings for what it lacked.
void CstSourceParser::Finish()
{
  const std::string& file = this->File;
  const LineScanner& s = this->S;
  const std::int64_t nfreq = this->NFreq;
  CstFarFieldSource& out = this->Out;
  if (!this->SawBanner && nfreq < 0)
  {
    throw ParseError(file, 0,
      "not a CST farfield source file: no '// CST Farfield Source File' banner and no '// "
      "#Frequencies'");
  }
  if (nfreq < 0)
  {
    throw ParseError(file, s.LineNumber(), "'// #Frequencies' is missing");
  }
  if (this->Powers.empty())
  {
    throw ParseError(file, s.LineNumber(),
      "the '// Radiated/Accepted/Stimulated Power , Frequency' block is missing");
  }
  if (out.Grids.empty())
  {
    throw ParseError(file, s.LineNumber(),
      "no far-field block ('// >> Phi, Theta, Re(E_Theta), Im(E_Theta), Re(E_Phi), Im(E_Phi):' and "
      "its rows)");
  }
  if (static_cast<std::int64_t>(out.Grids.size()) < nfreq)
  {
    out.Warnings.push_back(ParseError::Format(file, s.LineNumber(),
      "#Frequencies says " + std::to_string(nfreq) + " but the file ends after " +
        std::to_string(out.Grids.size()) + " far-field block(s); those are read"));
  }
  if (!this->NoPower.empty())
  {
    out.Warnings.push_back(this->NoPower);
  }
}
} // namespace

CstFarFieldSource ParseCstFarFieldSource(
  std::string_view text, const std::string& file, const ParallelFor& parallel)
{
  // The fast path first; any row it refuses, or any error, and the serial parse words
  // what is wrong, so the values and the first error are the same on any thread count.
  try
  {
    return CstSourceParser(text, file, parallel, true).Run();
  }
  catch (const FastRowsRefused&)
  {}
  catch (const ParseError&)
  {}
  return CstSourceParser(text, file, parallel, false).Run();
}

CstFarFieldSource ReadCstFarFieldSourceFile(const std::string& path, const ParallelFor& parallel)
{
  return ParseCstFarFieldSource(ReadWholeFile(path, 1ull << 34, parallel), path, parallel);
}
} // namespace cm
