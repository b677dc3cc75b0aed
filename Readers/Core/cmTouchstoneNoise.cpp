// SPDX-License-Identifier: BSD-3-Clause
// Touchstone noise parameters: 1.1's rows after the network data, 2.0's [Noise Data].
#include "cmTouchstoneParser.h"

#include "cmConstants.h"

#include <cmath>
#include <string>

namespace cm
{
namespace touchstone
{
/// Touchstone 1.1: the noise parameters of a 2-port file start at a frequency not above
/// the last one (a row shorter than a network record), and run to the end.
bool Parser::NoiseStarts()
{
  double first = 0;
  return this->Sec == Network && !this->V2 && this->Ports == 2 && this->Record.empty() &&
    !this->Freq.empty() && this->Tok.size() < 9 && ParseDouble(this->Tok[0], first) &&
    first * this->O.Scale <= this->Freq.back();
}

void Parser::NoiseWarn(const std::string& what)
{
  if (!this->NoiseBad)
  {
    this->NoiseProblem = ParseError::Format(this->File, this->S.LineNumber(), what);
  }
  this->NoiseBad = true;
  this->NoiseData.clear();
}

void Parser::NoiseRow()
{
  if (this->NoiseBad)
  {
    return;
  }
  const auto& tok = this->Tok;
  if (tok.size() != 5)
  {
    this->NoiseWarn("noise parameter row has " + std::to_string(tok.size()) +
      " numbers, expected 5 (frequency, NFmin, |Gamma_opt|, angle, Rn)");
    return;
  }
  double v[5] = {};
  for (std::size_t k = 0; k < 5; ++k)
  {
    if (!ParseDouble(tok[k], v[k]) || !std::isfinite(v[k]))
    {
      this->NoiseWarn("noise parameter row: '" + std::string(tok[k]) + "' is not a finite number");
      return;
    }
  }
  if (!(v[0] > this->LastNoise))
  {
    this->NoiseWarn("noise frequency " + std::string(tok[0]) + " does not increase");
    return;
  }
  if (v[2] < 0 || v[4] < 0)
  {
    this->NoiseWarn(std::string(v[2] < 0 ? "the magnitude of Gamma_opt" : "Rn") + " '" +
      std::string(tok[v[2] < 0 ? 2 : 4]) + "' is negative");
    return;
  }
  this->LastNoise = v[0];
  this->NoiseData.push_back({ v[0], v[1], v[2], v[3], v[4] });
}

/// The noise table: frequencies in Hz, Gamma_opt also as re/im, Rn in ohms (1.x
/// normalises it to R, 2.0 gives ohms: the specification's example 18 has Rn .38 in 1.0
/// and 19 in 2.0, R 50). Gamma_opt is against port 1's reference, as the file gives it.
void Parser::BuildNoiseTable()
{
  if (!this->Info)
  {
    return;
  }
  this->Info->NoiseProblem = this->NoiseProblem;
  if (this->NoiseBad || this->NoiseData.empty())
  {
    return;
  }
  const std::size_t rows = this->NoiseData.size();
  std::vector<std::vector<double>> c(7, std::vector<double>(rows));
  for (std::size_t r = 0; r < rows; ++r)
  {
    const auto& v = this->NoiseData[r];
    const C g = std::polar(v[2], v[3] * cm::Pi / 180);
    c[0][r] = v[0] * this->O.Scale;
    c[1][r] = v[1];
    c[2][r] = v[2];
    c[3][r] = v[3];
    c[4][r] = g.real();
    c[5][r] = g.imag();
    c[6][r] = this->V2 ? v[4] : v[4] * this->O.R;
  }
  ColumnTable& t = this->Info->Noise;
  t.ReferenceImpedance = this->Refs[0];
  const char* names[] = { "Frequency", "NFmin[dB]", "GammaOpt_mag", "GammaOpt_ang[deg]",
    "GammaOpt_re", "GammaOpt_im", "Rn[Ohm]" };
  for (std::size_t k = 0; k < 7; ++k)
  {
    t.Add(names[k]) = std::move(c[k]);
  }
}
} // namespace touchstone
} // namespace cm
