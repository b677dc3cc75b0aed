// SPDX-License-Identifier: BSD-3-Clause
// FEKO .os surface currents and .ol charges (cmFekoFormat.h describes the layout).
// One parser class, one member per kind of line: Run (the line loop), ReadHeaderLine
// ('#' lines: quoted column names, file type, frequency, sample counts), ReadSampleRow
// (checks, then the kept values; a row of both kinds also feeds the magnetic samples)
// and Finish.
#include "cmFekoFormat.h"

#include "cmFastRows.h"
#include "cmFekoText.h"
#include "cmTextSearch.h"
#include "cmTextScan.h"

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace cm
{
using feko::KeyValue;
using feko::QuotedNames;

bool LooksLikeFekoCurrents(std::string_view rawHead)
{
  std::string storage;
  const std::string_view head = Untabbed(rawHead, storage);
  return feko::HasPhrase(head, "##FILE TYPE: CURRENTS") ||
    feko::HasPhrase(head, "##FILE TYPE: CHARGES") ||
    feko::HasPhrase(head, "CURRENT TRIANGLE SAMPLES") ||
    feko::HasPhrase(head, "CHARGE TRIANGLE SAMPLES");
}

namespace
{
/// Where a sample row's values are: by the quoted column names when the file gives them
/// (FEKO's .os of format 4 and later add the corner magnitudes "Abs(Jcorn1..3)" and may
/// add the corner vectors), else by position.
struct SampleColumns
{
  std::size_t Fields = 0; ///< expected fields per row (0: by position)
  int Position = 1; ///< X, then Y, Z
  int Value[6] = { 4, 5, 6, 7, 8, 9 }; ///< Re/Im of x, y, z (or Re/Im(Q) and the area)
};

/// The columns of a quoted header line, for currents ("J" or "M") or charges ("Q").
bool ColumnsByName(const std::vector<std::string>& names, char kind, SampleColumns& c)
{
  auto find = [&names](const std::string& want) {
    for (std::size_t i = 0; i < names.size(); ++i)
    {
      std::string u;
      for (char ch : Upper(names[i]))
      {
        u += ch == ' ' ? "" : std::string(1, ch);
      }
      if (u == want)
      {
        return static_cast<int>(i);
      }
    }
    return -1;
  };
  const int x = find("X");
  if (x < 0 || find("Y") != x + 1 || find("Z") != x + 2)
  {
    return false;
  }
  c.Position = x;
  const char k = static_cast<char>(std::toupper(static_cast<unsigned char>(kind)));
  if (k == 'Q')
  {
    c.Value[0] = find("RE(Q)");
    c.Value[1] = find("IM(Q)");
    c.Value[2] = find("SURFACEAREA");
    if (c.Value[0] < 0 || c.Value[1] < 0)
    {
      return false;
    }
  }
  else
  {
    const char* part[2] = { "RE(", "IM(" };
    for (int d = 0; d < 3; ++d)
    {
      for (int r = 0; r < 2; ++r)
      {
        c.Value[2 * d + r] = find(std::string(part[r]) + k + "xyz"[d] + ")");
        if (c.Value[2 * d + r] < 0)
        {
          c.Value[2 * d + r] = find(std::string(part[r]) + k + static_cast<char>("XYZ"[d]) + ")");
        }
        if (c.Value[2 * d + r] < 0)
        {
          return false;
        }
      }
    }
  }
  c.Fields = names.size();
  return true;
}
/// The .os/.ol parser: its state, and one member per kind of line. Run() is the line
/// loop: '#' lines (column names, file type, frequency, sample counts) go to
/// ReadHeaderLine, the others are sample rows (ReadSampleRow).
class FekoCurrentsParser
{
public:
  /// With `parallel`, long electric sections are only counted where they stand and
  /// parsed at once on the threads (Run() may then throw DeferredRowsRefused).
  FekoCurrentsParser(std::string_view text, const std::string& file,
    std::vector<std::string>* notices, const ParallelFor& parallel = {})
    : File(file)
    , Notices(notices)
    , Text(text)
    , Parallel(parallel)
    , S(text, file)
    , Limit(static_cast<std::int64_t>(text.size() / 20) + 1)
  {}

  std::vector<FekoSurfaceCurrents> Run();

private:
  // '#' lines.
  void ReadHeaderLine(std::string_view t);
  void ReadColumnNames(std::string_view t);
  void ReadKeyValue();
  void ReadFileType();
  void ReadFrequency();
  // Sample rows.
  void ReadSampleRow(std::string_view t);
  FekoSurfaceCurrents& Block();
  void CheckRowFields(bool both) const;
  const std::string_view& Field(int i) const;
  void AddNumber(FekoSurfaceCurrents& b, FekoCurrentSamples& c);
  void ReadKeptValues(FekoCurrentSamples& c);
  void AddMagneticOfBoth(FekoSurfaceCurrents& b, const FekoCurrentSamples& c);
  // Long electric sections, on the threads.
  bool DeferSection(FekoSurfaceCurrents& b);
  void FlushSections();
  // The end of the file: missing samples, no samples.
  void Finish() const;
  /// A failure inside a magnetic section (with notices): the block's magnetic samples
  /// are dropped with one notice, and its remaining rows skipped; false otherwise.
  bool MagneticFailed(const ParseError& e);

  const std::string& File;
  std::vector<std::string>* Notices;
  std::string_view Text;
  ParallelFor Parallel;
  std::size_t LineStart = 0; ///< the offset of the line being read
  std::vector<DeferredTable> Deferred;
  std::vector<std::pair<std::size_t, SampleColumns>> DeferredBlock; ///< index in Out, columns
  bool InMagnetic = false; ///< from a magnetic count line to the next section or frequency
  bool SkipMagnetic = false; ///< the rest of a failed magnetic section
  LineScanner S;
  const std::int64_t Limit;
  std::vector<FekoSurfaceCurrents> Out;
  double Frequency = -1;
  bool Charges = false; ///< an .ol file: one complex charge and an area per triangle
  std::int64_t PendingE = 0, PendingM = 0;
  std::string Key;
  std::string_view Value;
  std::vector<std::string_view> Tok;
  SampleColumns Cols;
  /// Triangle numbers seen in the electric and magnetic samples of the current block.
  std::set<std::int64_t> Seen[2];
};

std::vector<FekoSurfaceCurrents> FekoCurrentsParser::Run()
{
  std::string_view line;
  while ((this->LineStart = this->S.Offset(), this->S.Next(line)))
  {
    const std::string_view t = Trim(line);
    if (t.empty() || StartsWith(t, "**"))
    {
      continue;
    }
    try
    {
      if (t[0] == '#')
      {
        this->ReadHeaderLine(t);
      }
      else if (!this->SkipMagnetic)
      {
        this->ReadSampleRow(t);
      }
    }
    catch (const ParseError& e)
    {
      if (!this->MagneticFailed(e))
      {
        throw;
      }
      if (t[0] == '#' && this->Key == "FREQUENCY")
      {
        this->ReadHeaderLine(t); // the next block's line that found the section short
      }
    }
  }
  this->FlushSections();
  try
  {
    this->Finish();
  }
  catch (const ParseError& e)
  {
    if (!this->MagneticFailed(e))
    {
      throw;
    }
    this->Finish();
  }
  return std::move(this->Out);
}

bool FekoCurrentsParser::MagneticFailed(const ParseError& e)
{
  if (!this->Notices || !this->InMagnetic || this->PendingE > 0 || this->Charges)
  {
    return false;
  }
  if (!this->Out.empty() && this->Out.back().Frequency == this->Frequency)
  {
    this->Out.back().Magnetic = FekoCurrentSamples();
  }
  this->Notices->push_back(std::string(e.what()) + " (in the magnetic currents: they are left " +
    "empty at this frequency, the electric currents are read)");
  this->PendingM = 0;
  this->InMagnetic = false;
  this->SkipMagnetic = true;
  return true;
}

void FekoCurrentsParser::ReadHeaderLine(std::string_view t)
{
  const std::size_t body = t.find_first_not_of('#');
  if (t.find('"') != std::string_view::npos)
  {
    this->ReadColumnNames(t);
    return;
  }
  if (body != std::string_view::npos && KeyValue(t.substr(body), this->Key, this->Value))
  {
    this->ReadKeyValue();
  }
}

/// The quoted column names of the next rows.
void FekoCurrentsParser::ReadColumnNames(std::string_view t)
{
  this->Cols = SampleColumns();
  const char kind = this->Charges ? 'Q' : this->PendingE > 0 ? 'J' : 'M';
  if (!ColumnsByName(QuotedNames(t), kind, this->Cols))
  {
    this->Cols = SampleColumns(); // unknown names: by position, as before
  }
}

void FekoCurrentsParser::ReadKeyValue()
{
  const std::string& key = this->Key;
  if (key == "FILE TYPE")
  {
    this->ReadFileType();
  }
  if (key == "FREQUENCY")
  {
    this->ReadFrequency();
  }
  else if ((key.find("ELECTRIC CURRENT") != std::string::npos ||
             key.find("ELECTRIC CHARGE") != std::string::npos) &&
    key.find("SAMPLES") != std::string::npos)
  {
    if (this->PendingE > 0 && !this->Out.empty() && !this->Out.back().Electric.Numbers.empty())
    {
      this->S.Fail(
        "truncated electric section: " + std::to_string(this->PendingE) + " samples missing");
    }
    this->InMagnetic = this->SkipMagnetic = false;
    this->PendingE =
      NeedCount(this->S, this->Value, "the number of electric current samples", this->Limit);
    this->Cols = SampleColumns();
  }
  else if (key.find("MAGNETIC CURRENT") != std::string::npos &&
    key.find("SAMPLES") != std::string::npos)
  {
    // (a magnetic section counts as one only after a complete electric section: rows
    // that an electric count left unclaimed are the electric section's error)
    this->InMagnetic = this->PendingE == 0;
    this->SkipMagnetic = false;
    this->PendingM =
      NeedCount(this->S, this->Value, "the number of magnetic current samples", this->Limit);
    this->Cols = SampleColumns();
  }
}

void FekoCurrentsParser::ReadFileType()
{
  const std::string u = Upper(this->Value);
  this->Charges = u.find("CHARGE") != std::string::npos;
  if (!this->Charges && u.find("CURRENT") == std::string::npos)
  {
    this->S.Fail("##File Type is '" + std::string(this->Value) + "', not currents or charges");
  }
}

void FekoCurrentsParser::ReadFrequency()
{
  // (checked before the new frequency is taken: the short block is the previous one)
  if (this->PendingE + this->PendingM > 0)
  {
    this->S.Fail("truncated block: " + std::to_string(this->PendingE + this->PendingM) +
      " current samples missing before the next #Frequency");
  }
  Tokenize(this->Value, this->Tok);
  this->Frequency =
    this->Tok.empty() ? -1 : NeedFinite(this->S, this->Tok[0], "the frequency (Hz)");
  this->InMagnetic = this->SkipMagnetic = false;
}

void FekoCurrentsParser::ReadSampleRow(std::string_view t)
{
  if (this->Frequency < 0)
  {
    this->S.Fail("current samples before #Frequency");
  }
  Tokenize(t, this->Tok);
  if (this->Tok.empty())
  {
    return;
  }
  std::int64_t number;
  if (!ParseInt(this->Tok[0], number))
  {
    return; // the column header line ("No.  x/m  y/m ...")
  }
  if (this->PendingE + this->PendingM == 0)
  {
    this->S.Fail(
      "more current samples than the #No. of ... Current Triangle Samples lines announce");
  }
  FekoSurfaceCurrents& b = this->Block();
  if (this->DeferSection(b))
  {
    return;
  }
  // By name: as many fields as names. By position: number, centroid, Re/Im of Jx Jy Jz
  // (a row of both kinds carries 6 more values), or number, centroid, Re/Im(Q), area.
  const bool both = this->Cols.Fields == 0 && !this->Charges && this->Tok.size() == 16;
  this->CheckRowFields(both);
  FekoCurrentSamples& c = (this->PendingE > 0) ? b.Electric : b.Magnetic;
  this->AddNumber(b, c);
  this->ReadKeptValues(c);
  for (std::size_t k = 1; k < this->Tok.size(); ++k)
  {
    NeedFinite(this->S, this->Tok[k], "a value"); // the columns not kept must still be numbers
  }
  if (both)
  {
    this->AddMagneticOfBoth(b, c);
  }
  --(this->PendingE > 0 ? this->PendingE : this->PendingM);
}

/// The block of the current frequency (a new one when the frequency changed).
FekoSurfaceCurrents& FekoCurrentsParser::Block()
{
  std::vector<FekoSurfaceCurrents>& out = this->Out;
  if (out.empty() || out.back().Frequency != this->Frequency)
  {
    out.emplace_back();
    out.back().Frequency = this->Frequency;
    out.back().Electric.Components = out.back().Magnetic.Components = this->Charges ? 1 : 3;
    this->Seen[0].clear();
    this->Seen[1].clear();
  }
  return out.back();
}

void FekoCurrentsParser::CheckRowFields(bool both) const
{
  const std::size_t n = this->Tok.size();
  if (this->Cols.Fields != 0 && n != this->Cols.Fields)
  {
    this->S.Fail(std::string(this->Charges ? "charge" : "current") + " sample row has " +
      std::to_string(n) + " fields, expected " + std::to_string(this->Cols.Fields) +
      " (the columns the header line names)");
  }
  if (this->Cols.Fields == 0 && this->Charges && n != 7)
  {
    this->S.Fail("charge sample row has " + std::to_string(n) +
      " fields, expected 7 (number, x, y, z, Re/Im of Q, surface area)");
  }
  if (this->Cols.Fields == 0 && !this->Charges && n != 10 && !both)
  {
    this->S.Fail("current sample row has " + std::to_string(n) +
      " fields, expected 10 (number, x, y, z, Re/Im of Jx, Jy, Jz)");
  }
}

/// A column the header line placed outside this row (or did not name) is an error, never
/// an index.
const std::string_view& FekoCurrentsParser::Field(int i) const
{
  if (i < 0 || static_cast<std::size_t>(i) >= this->Tok.size())
  {
    this->S.Fail("the column header line does not name every column this row needs");
  }
  return this->Tok[static_cast<std::size_t>(i)];
}

void FekoCurrentsParser::AddNumber(FekoSurfaceCurrents& b, FekoCurrentSamples& c)
{
  if (&c == &b.Electric && !this->DeferredBlock.empty() &&
    this->DeferredBlock.back().first + 1 == this->Out.size())
  {
    throw DeferredRowsRefused(); // a second electric section: the serial parse checks it
  }
  c.Numbers.push_back(NeedInt(this->S, this->Tok[0], "a triangle number"));
  if (!this->Seen[&c == &b.Electric ? 0 : 1].insert(c.Numbers.back()).second)
  {
    this->S.Fail("triangle " + std::to_string(c.Numbers.back()) + " appears twice in the " +
      (&c == &b.Electric ? "electric" : "magnetic") + " current samples of this block");
  }
}

/// The centroid and the values of a row: Re/Im of the current, or of the charge and the
/// area.
void FekoCurrentsParser::ReadKeptValues(FekoCurrentSamples& c)
{
  const SampleColumns& cols = this->Cols;
  for (int k = 0; k < 3; ++k)
  {
    c.Positions.push_back(
      NeedFinite(this->S, this->Field(cols.Position + k), "a centroid coordinate"));
  }
  if (this->Charges)
  {
    const int area = cols.Fields == 0 ? 6 : cols.Value[2];
    c.JReal.push_back(NeedFinite(this->S, this->Field(cols.Value[0]), "a charge"));
    c.JImag.push_back(NeedFinite(this->S, this->Field(cols.Value[1]), "a charge"));
    c.Area.push_back(area >= 0 ? NeedFinite(this->S, this->Field(area), "a surface area") : 0.0);
  }
  else
  {
    for (int k = 0; k < 3; ++k)
    {
      c.JReal.push_back(NeedFinite(this->S, this->Field(cols.Value[2 * k]), "a current component"));
      c.JImag.push_back(
        NeedFinite(this->S, this->Field(cols.Value[2 * k + 1]), "a current component"));
    }
  }
}

/// A row of both kinds: its last 6 values are the magnetic current at the same triangle.
void FekoCurrentsParser::AddMagneticOfBoth(FekoSurfaceCurrents& b, const FekoCurrentSamples& c)
{
  b.Magnetic.Numbers.push_back(c.Numbers.back());
  b.Magnetic.Positions.insert(b.Magnetic.Positions.end(), c.Positions.end() - 3, c.Positions.end());
  for (int k = 0; k < 3; ++k)
  {
    b.Magnetic.JReal.push_back(NeedFinite(this->S, this->Tok[10 + 2 * k], "a current component"));
    b.Magnetic.JImag.push_back(NeedFinite(this->S, this->Tok[11 + 2 * k], "a current component"));
  }
  --this->PendingM;
}

/// The first row of a long electric section (currents, with the columns by name or the
/// 10 by position): the section's rows are only counted here and left for FlushSections.
bool FekoCurrentsParser::DeferSection(FekoSurfaceCurrents& b)
{
  const SampleColumns& cols = this->Cols;
  const std::size_t fields = cols.Fields == 0 ? 10 : cols.Fields;
  bool columns = cols.Position >= 1 && fields <= 32 && this->Tok.size() == fields;
  for (int v : cols.Value)
  {
    columns = columns && v >= 1;
  }
  DeferredTable table;
  if (!this->Parallel || this->Charges || !columns || this->PendingE < FastRowMinimum ||
    !b.Electric.Numbers.empty() || !SplitRows(this->Text, this->LineStart, this->PendingE, table))
  {
    return false;
  }
  const std::size_t n = static_cast<std::size_t>(this->PendingE);
  b.Electric.Numbers.resize(n);
  b.Electric.Positions.resize(3 * n);
  b.Electric.JReal.resize(3 * n);
  b.Electric.JImag.resize(3 * n);
  table.Line = this->S.LineNumber();
  this->S.Seek(table.BlockStarts.back(), this->S.LineNumber() - 1 + this->PendingE);
  SampleColumns used = cols;
  used.Fields = fields;
  this->DeferredBlock.emplace_back(this->Out.size() - 1, used);
  this->Deferred.push_back(std::move(table));
  this->PendingE = 0;
  return true;
}

/// Every deferred section's rows in one parallel pass, with every check of ReadSampleRow
/// (numbered 1, 2, 3... so that none appears twice); a row refused throws
/// DeferredRowsRefused (the caller parses serially).
void FekoCurrentsParser::FlushSections()
{
  if (this->Deferred.empty())
  {
    return;
  }
  const bool ok = ParseDeferredRows(this->Text, this->Deferred, this->Parallel,
    [&](std::size_t j, std::int64_t i, std::string_view line) {
      const SampleColumns& cols = this->DeferredBlock[j].second;
      double x[32];
      std::int64_t n = 0;
      if (!FastNumberRow(line, static_cast<int>(cols.Fields), true, n, x) || n != i + 1)
      {
        return false;
      }
      FekoCurrentSamples& c = this->Out[this->DeferredBlock[j].first].Electric;
      const std::size_t k = static_cast<std::size_t>(i);
      c.Numbers[k] = n;
      for (int a = 0; a < 3; ++a)
      {
        c.Positions[3 * k + a] = x[cols.Position + a - 1];
        c.JReal[3 * k + a] = x[cols.Value[2 * a] - 1];
        c.JImag[3 * k + a] = x[cols.Value[2 * a + 1] - 1];
      }
      return true;
    });
  if (!ok)
  {
    throw DeferredRowsRefused();
  }
  this->Deferred.clear();
  this->DeferredBlock.clear();
}

void FekoCurrentsParser::Finish() const
{
  if (this->PendingE + this->PendingM > 0)
  {
    this->S.Fail("truncated file: " + std::to_string(this->PendingE + this->PendingM) +
      (this->Charges ? " charge" : " current") + " samples missing");
  }
  if (this->Out.empty())
  {
    throw ParseError(this->File, this->S.LineNumber(),
      this->Charges ? "no charge samples in the file" : "no current samples in the file");
  }
}
} // namespace

std::vector<FekoSurfaceCurrents> ParseFekoCurrents(std::string_view rawText,
  const std::string& file, std::vector<std::string>* notices, const ParallelFor& parallel)
{
  std::string storage;
  const std::string_view text = Untabbed(rawText, storage, parallel);
  if (!LooksLikeFekoCurrents(text.substr(0, 4096)))
  {
    throw ParseError(file, 0,
      "not a FEKO currents file: no '##File Type: Currents' (or Charges) header in the first 4 KB");
  }
  if (parallel)
  {
    // Long sections on the threads; a row the fast path refuses, or any error (which a
    // refused row above it might precede), makes the whole parse run again serially,
    // which reads or reports it: the same first error and notices on any thread count.
    const std::size_t before = notices ? notices->size() : 0;
    try
    {
      return FekoCurrentsParser(text, file, notices, parallel).Run();
    }
    catch (const DeferredRowsRefused&)
    {}
    catch (const ParseError&)
    {}
    if (notices)
    {
      notices->resize(before);
    }
  }
  FekoCurrentsParser p(text, file, notices);
  return p.Run();
}

std::vector<FekoSurfaceCurrents> ReadFekoCurrentsFile(
  const std::string& path, std::vector<std::string>* notices, const ParallelFor& parallel)
{
  return ParseFekoCurrents(ReadWholeFile(path, 1ull << 34, parallel), path, notices, parallel);
}
} // namespace cm
