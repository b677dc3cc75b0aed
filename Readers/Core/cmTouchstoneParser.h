// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmTouchstoneParser.h
 * @brief Internal to the Touchstone parser (cmTouchstone*.cpp): the parser's state and the
 * helpers its parts share. Not part of the readers' API: include cmTouchstone.h.
 *
 * One class reads the file; its members are defined by concern:
 *  - cmTouchstone.cpp: the line loop (Run), the option line, the network data records and
 *    the final checks, and the API's entry points;
 *  - cmTouchstoneKeywords.cpp: the Touchstone 2.0 keywords ([Version], [Number of Ports],
 *    [Reference], ...);
 *  - cmTouchstoneComments.cpp: what comments carry: port names and HFSS's
 *    "! Port Impedance" lines;
 *  - cmTouchstoneNoise.cpp: the noise parameters (1.1's trailing rows, 2.0's [Noise Data]);
 *  - cmTouchstoneMixedMode.cpp: 2.0's [Mixed-Mode Order] (entries, mode references, names);
 *  - cmTouchstoneTable.cpp: Y and Z to S, and the output table's columns.
 */
#ifndef cmTouchstoneParser_h
#define cmTouchstoneParser_h

#include "cmTouchstone.h"

#include "cmParallelFor.h"
#include "cmTextScan.h"

#include <array>
#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cm
{
namespace touchstone
{
using C = std::complex<double>;

/// The largest [Number of Ports] read: 3 N² columns per table (999 ports: 3 million).
constexpr std::int64_t MaxPorts = 999;

struct Options
{
  double Scale = 1e9; // GHz
  char Parameter = 'S';
  std::string Format = "MA";
  double R = 50;
};

/// The option line "# <unit> <parameter> <format> R <n>" into o (cmTouchstone.cpp).
void ParseOptions(const LineScanner& s, std::string_view line, Options& o);

/// One pair of numbers as the option line's format gives it (RI, MA or DB).
C FromPair(const LineScanner& s, double a, double b, const std::string& format);

/// x = b a⁻¹ for n × n row-major matrices; false when a is singular (cmTouchstoneTable.cpp).
bool RightDivide(std::vector<C> b, std::vector<C> a, std::size_t n, std::vector<C>& x);

/// The file's keyword, upper-case with single spaces ("[Number of Ports] 2" → "NUMBER OF
/// PORTS"), and what follows the bracket (cmTouchstoneKeywords.cpp).
std::string Keyword(const LineScanner& s, std::string_view line, std::string_view& rest);

/// The Touchstone parser: its state, and one member per part of the file. Run() reads
/// each line (the "! Port Impedance" comments, the option line, the 2.0 keywords, the
/// network data and the noise block), then checks what the file declared, converts Y and
/// Z to S and builds the table.
class Parser
{
public:
  Parser(std::string_view text, const std::string& file, int ports, TouchstoneInfo* info,
    const ParallelFor& parallel = {})
    : S(text, file)
    , File(file)
    , Ports(ports)
    , Info(info)
    , Text(text)
    , Parallel(parallel)
  {}

  ColumnTable Run();

private:
  enum Section
  {
    Header,
    Network,
    Noise,
    Done
  };

  void ReadLine(std::string_view line);
  // "! Port[k] = name" (HFSS, scikit-rf) and CST's "! Touchstone port k = CST MWS port m
  // ("label")": kept with their lines, checked against the port count at the end.
  void PortNameComment(std::string_view comment);
  void CstPortName(std::string_view rest);
  void AddPortName(std::string_view index, std::string name);
  void ResolvePortNames();
  // HFSS's "! Port Impedance re1 im1 ... reN imN" after each frequency's record (older
  // versions glue the first number to the word: "! Port Impedance50 0 50 0").
  bool PortImpedanceComment(std::string_view line, std::size_t bang);
  void ContinuePortImpedance(std::string_view line, std::size_t bang);
  void AddPortImpedances();
  [[noreturn]] void FailPortImpedanceCount() const;
  void OptionLine(std::string_view line);
  // Touchstone 2.0 keywords.
  void KeywordLine(std::string_view line);
  void VersionKeyword(std::string_view rest);
  /// [Begin Information], [End], [Noise Data]; false for the other keywords.
  bool BlockKeyword(const std::string& k);
  void NoiseDataKeyword();
  /// The keywords of the header, before [Network Data].
  void HeaderKeyword(const std::string& k, std::string_view rest);
  std::string_view One(const std::string& k, const char* what) const;
  void CountKeyword(const std::string& k);
  void OrderKeyword(const std::string& k);
  void NetworkDataKeyword();
  /// [Reference]'s impedances on its line or the lines after it.
  void ReadReferences();
  void CheckReferencesComplete() const;
  // [Mixed-Mode Order] (cmTouchstoneMixedMode.cpp).
  void MixedModeKeyword();
  void AddModeEntry(const std::string& text);
  void CheckModeEntries() const;
  void ApplyModeReferences();
  std::string ParameterName(std::size_t i, std::size_t j, std::size_t n) const;
  // Network data and noise parameters.
  void DataLine(std::string_view line);
  void FirstDataLine();
  void StartNetwork();
  std::string PerText() const;
  bool NoiseStarts();
  void NoiseWarn(const std::string& what);
  void NoiseRow();
  void BuildNoiseTable();
  void NetworkLine();
  void StartRecord();
  void FinishRecord();
  /// A record's pairs (as numbers) into the N × N matrix m (Full, Lower, Upper; the 2-port
  /// orders).
  void PlaceRecord(const std::vector<C>& in, std::vector<C>& m) const;
  /// The fast path of the network data (cmTouchstoneFast.cpp): every record from the line
  /// at LineStart on, in blocks on the threads; false (nothing changed) when the serial
  /// loop must read them.
  bool NetworkFast();
  // After the last line.
  void FinalChecks();
  void ConvertToS();
  ColumnTable BuildTable();
  void AddParameterColumns(ColumnTable& t, std::size_t n, std::size_t rows) const;
  void AddPortImpedanceColumns(ColumnTable& t, std::size_t n, std::size_t rows) const;

  LineScanner S;
  const std::string& File;
  int Ports;
  TouchstoneInfo* Info;
  Options O;
  bool HaveOptions = false;
  // Version 2.0 state.
  bool V2 = false, SawContent = false, KeywordPorts = false, InInfo = false;
  int Order = 0; // [Two-Port Data Order]: 0 not given, 21 for 21_12, 12 for 12_21
  char Matrix = 'F'; // [Matrix Format] Full, Lower, Upper
  std::int64_t NFreqDeclared = -1, NNoiseDeclared = -1, NFreqLine = 0, NNoiseLine = 0;
  std::vector<double> Refs; // [Reference], one per port
  std::size_t RefsWanted = 0;
  std::int64_t RefLine = 0;
  Section Sec = Header;
  // The record being read: the frequency, then the values, and the line it starts on.
  std::vector<double> Record;
  std::size_t Per = 0; // numbers per record
  std::int64_t RecordLine = 0;
  std::vector<double> Freq;
  std::vector<std::int64_t> FreqLine;
  std::vector<C> Values; // per frequency, N² entries row-major (as the file's matrix)
  // Noise parameters (2 ports): a bad block is one problem and no noise table.
  bool NoiseBad = false;
  std::string NoiseProblem;
  std::vector<std::array<double, 5>> NoiseData; // the rows as the file gives them
  double LastNoise = -1;
  std::int64_t NoiseLine = 0;
  struct PortName
  {
    std::int64_t Index; // 1-based, as the comment gives it
    std::string Name;
    std::int64_t Line;
  };
  std::vector<PortName> PortNames;
  /// A [Mixed-Mode Order] entry: S<A>, D<A>,<B> or C<A>,<B>, the row it names.
  struct ModeEntry
  {
    char Mode = 'S'; // 'S', 'D' or 'C'
    int A = 0, B = 0; // ports (B 0 for S)
    int Logical = 0; // the pair's or port's number in the names (1, 2, ... as first named)
    std::string Text; // as the file gives it, upper case
  };
  std::vector<ModeEntry> Modes; // empty: single-ended
  std::int64_t ModeLine = 0;
  std::vector<double> PortRefs; // mixed-mode: the ports' own references (Refs: the rows')
  std::vector<std::string_view> Tok;
  std::vector<C> PortZ; // per frequency, N impedances
  std::size_t PortZLines = 0;
  std::int64_t FirstPortZLine = 0;
  // A "! Port Impedance" line being read (HFSS wraps it after 4 ports).
  bool ZPending = false;
  std::int64_t ZLine = 0;
  std::vector<double> ZNumbers;
  bool OtherZ = false; // port impedances other than R become columns
  // The fast path: the text, where the current line starts, the threads.
  std::string_view Text;
  std::size_t LineStart = 0;
  bool FastTried = false;
  ParallelFor Parallel;
};

} // namespace touchstone
} // namespace cm
#endif
