// SPDX-License-Identifier: BSD-3-Clause
#include "cmIFS.h"

#include "cmConstants.h"
#include "cmScanDouble.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace cm::fractal
{
namespace
{
const long long BlockSize = 4096;
const int BurnIn = 32;

double Det(const double* A)
{
  return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
    A[2] * (A[3] * A[7] - A[4] * A[6]);
}

// Fixed point of x = A x + t, or the origin if I − A is singular.
void FixedPoint(const AffineMap& m, double x[3])
{
  double M[9];
  for (int k = 0; k < 9; ++k)
  {
    M[k] = (k % 4 == 0 ? 1.0 : 0.0) - m.A[k];
  }
  const double d = Det(M);
  x[0] = x[1] = x[2] = 0;
  if (std::abs(d) < 1e-300)
  {
    return;
  }
  // Cramer's rule.
  for (int c = 0; c < 3; ++c)
  {
    double N[9];
    std::copy_n(M, 9, N);
    for (int r = 0; r < 3; ++r)
    {
      N[3 * r + c] = m.T[r];
    }
    x[c] = Det(N) / d;
  }
}

inline void Apply(const AffineMap& m, double x[3])
{
  const double a = m.A[0] * x[0] + m.A[1] * x[1] + m.A[2] * x[2] + m.T[0];
  const double b = m.A[3] * x[0] + m.A[4] * x[1] + m.A[5] * x[2] + m.T[1];
  const double c = m.A[6] * x[0] + m.A[7] * x[1] + m.A[8] * x[2] + m.T[2];
  x[0] = a;
  x[1] = b;
  x[2] = c;
}
}

std::string ParseMaps(const std::string& text, MapFormat format, std::vector<AffineMap>& maps)
{
  maps.clear();
  const std::size_t need = format == MapFormat::Affine3D ? 12 : 6;
  std::size_t start = 0;
  int line = 0;
  while (start <= text.size())
  {
    std::size_t stop = text.find_first_of(";\n", start);
    if (stop == std::string::npos)
    {
      stop = text.size();
    }
    const std::string t = text.substr(start, stop - start);
    start = stop + 1;
    const std::size_t first = t.find_first_not_of(" \t\r,");
    if (first == std::string::npos || t[first] == '#')
    {
      continue;
    }
    ++line;
    std::vector<double> v;
    std::size_t k = 0;
    while (k < t.size())
    {
      if (t[k] == ' ' || t[k] == '\t' || t[k] == ',' || t[k] == '\r')
      {
        ++k;
        continue;
      }
      // cm::ScanDouble, not strtod: under a comma-decimal LC_NUMERIC strtod
      // reads 0.5 as 0 and stops at the '.'. A '+' is skipped as strtod did.
      const char* from = t.c_str() + k;
      const char* last = t.c_str() + t.size();
      if (*from == '+' && last - from > 1 && from[1] != '+' && from[1] != '-')
      {
        ++from;
      }
      double x = 0;
      const char* end = cm::ScanDouble(from, last, x);
      if (end == from || !std::isfinite(x))
      {
        return "map " + std::to_string(line) + " ('" + t + "'), column " + std::to_string(k + 1) +
          ": expected a number";
      }
      v.push_back(x);
      k = std::size_t(end - t.c_str());
    }
    if (v.size() != need && v.size() != need + 1)
    {
      return "map " + std::to_string(line) + " ('" + t + "'): expected " + std::to_string(need) +
        " numbers and an optional probability, found " + std::to_string(v.size());
    }
    AffineMap m;
    if (format == MapFormat::Affine3D)
    {
      std::copy_n(v.begin(), 9, m.A);
      std::copy_n(v.begin() + 9, 3, m.T);
    }
    else
    {
      double a = v[0], b = v[1], c = v[2], d = v[3];
      if (format == MapFormat::Parameters)
      {
        const double r = v[0], q = v[1];
        const double th = v[2] * cm::Pi / 180.0;
        const double ph = v[3] * cm::Pi / 180.0;
        a = r * std::cos(th);
        b = -q * std::sin(ph);
        c = r * std::sin(th);
        d = q * std::cos(ph);
      }
      const double A[9] = { a, b, 0, c, d, 0, 0, 0, 0 };
      std::copy_n(A, 9, m.A);
      m.T[0] = v[4];
      m.T[1] = v[5];
    }
    if (v.size() == need + 1)
    {
      m.Probability = v[need];
      m.HasProbability = true;
    }
    maps.push_back(m);
  }
  if (maps.empty())
  {
    return "no maps given";
  }
  if (maps.size() > 255)
  {
    return "at most 255 maps are supported";
  }
  return std::string();
}

std::string ResolveProbabilities(std::vector<AffineMap>& maps, bool given)
{
  if (given)
  {
    double sum = 0;
    for (std::size_t k = 0; k < maps.size(); ++k)
    {
      if (!maps[k].HasProbability || !(maps[k].Probability >= 0))
      {
        return "map " + std::to_string(k + 1) + " has no valid probability";
      }
      sum += maps[k].Probability;
    }
    if (std::abs(sum - 1.0) > 1e-6)
    {
      return "the probabilities sum to " + std::to_string(sum) + ", not 1";
    }
    for (AffineMap& m : maps)
    {
      m.Probability = std::min(m.Probability, 1.0); // 1 + 1e-7 beside zeros
    }
    return std::string();
  }
  double total = 0;
  std::vector<double> w(maps.size());
  for (std::size_t k = 0; k < maps.size(); ++k)
  {
    double A[9];
    std::copy_n(maps[k].A, 9, A);
    const bool planar = A[2] == 0 && A[5] == 0 && A[6] == 0 && A[7] == 0 && A[8] == 0;
    if (planar)
    {
      A[8] = 1; // the area share of a 2-D map
    }
    w[k] = std::abs(Det(A));
    total += w[k];
  }
  if (!(total > 0))
  {
    return "every map has determinant 0; give the probabilities";
  }
  if (!std::isfinite(total))
  {
    // Coefficients near 1e100 overflow the determinants: weights inf/inf.
    return "the maps' determinants overflow (coefficients too large); give the probabilities";
  }
  double sum = 0;
  for (std::size_t k = 0; k < maps.size(); ++k)
  {
    w[k] = std::max(w[k], 0.01 * total);
    sum += w[k];
  }
  for (std::size_t k = 0; k < maps.size(); ++k)
  {
    maps[k].Probability = w[k] / sum;
  }
  return std::string();
}

void ChaosGame(const std::vector<AffineMap>& maps, std::uint64_t seed, long long begin,
  long long end, double* xyz, unsigned char* mapIndex, const ParallelFor& pf)
{
  if (end <= begin || maps.empty())
  {
    return;
  }
  std::vector<double> cum(maps.size());
  double acc = 0;
  for (std::size_t k = 0; k < maps.size(); ++k)
  {
    acc += maps[k].Probability;
    cum[k] = acc;
  }
  const auto pick = [&](double u) {
    const std::size_t k =
      std::size_t(std::upper_bound(cum.begin(), cum.end(), u * acc) - cum.begin());
    return std::min(k, maps.size() - 1);
  };
  double start[3];
  FixedPoint(maps[0], start);
  const long long b0 = begin / BlockSize, b1 = (end - 1) / BlockSize + 1;
  RunFor(pf, b1 - b0, [&](long long bb, long long be) {
    for (long long blk = b0 + bb; blk < b0 + be; ++blk)
    {
      double x[3] = { start[0], start[1], start[2] };
      for (int j = 0; j < BurnIn; ++j)
      {
        Apply(maps[pick(CounterUniform(seed, 1, std::uint64_t(blk * BurnIn + j)))], x);
      }
      const long long kb = blk * BlockSize, ke = std::min(end, kb + BlockSize);
      for (long long k = kb; k < ke; ++k)
      {
        const std::size_t m = pick(CounterUniform(seed, 0, std::uint64_t(k)));
        Apply(maps[m], x);
        if (k >= begin)
        {
          std::copy_n(x, 3, xyz + 3 * (k - begin));
          mapIndex[k - begin] = static_cast<unsigned char>(m);
        }
      }
    }
  });
}

const std::vector<IFSPreset>& IFSPresets()
{
  static const std::vector<IFSPreset> presets = {
    { "Custom", MapFormat::Coefficients, "", 0, 0 },
    { "Barnsley fern", MapFormat::Coefficients,
      "0 0 0 0.16 0 0 0.01\n"
      "0.85 0.04 -0.04 0.85 0 1.6 0.85\n"
      "0.2 -0.26 0.23 0.22 0 1.6 0.07\n"
      "-0.15 0.28 0.26 0.24 0 0.44 0.07",
      0, 0 },
    { "Sierpinski gasket", MapFormat::Coefficients,
      "0.5 0 0 0.5 0 0 0.3333333333333333\n"
      "0.5 0 0 0.5 0.5 0 0.3333333333333333\n"
      "0.5 0 0 0.5 0.25 0.4330127018922193 0.3333333333333334",
      3, 0.5 },
    { "Branching tree", MapFormat::Coefficients,
      "0 0 0 0.5 0 0 0.05\n"
      "0.42 -0.42 0.42 0.42 0 0.2 0.4\n"
      "0.42 0.42 -0.42 0.42 0 0.2 0.4\n"
      "0.1 0 0 0.1 0 0.2 0.15",
      0, 0 },
    { "Sierpinski tetrahedron (3-D)", MapFormat::Affine3D,
      "0.5 0 0 0 0.5 0 0 0 0.5 0 0 0 0.25\n"
      "0.5 0 0 0 0.5 0 0 0 0.5 0.5 0 0 0.25\n"
      "0.5 0 0 0 0.5 0 0 0 0.5 0.25 0.4330127018922193 0 0.25\n"
      "0.5 0 0 0 0.5 0 0 0 0.5 0.25 0.14433756729740643 0.408248290463863 0.25",
      4, 0.5 },
  };
  return presets;
}

std::string IFSSizeProblem(long long numberOfPoints, long long maximumPoints)
{
  if (numberOfPoints <= maximumPoints)
  {
    return std::string();
  }
  std::ostringstream msg;
  msg << numberOfPoints << " points would need about " << double(numberOfPoints) * 41 / 1e9
      << " GB; the limit is " << maximumPoints << " (MaximumNumberOfPoints).";
  return msg.str();
}

bool IsCustomIFS(int preset)
{
  return preset <= 0 || preset >= int(IFSPresets().size());
}

std::string PrepareMaps(int preset, const std::string& custom, MapFormat format,
  bool useGivenProbabilities, std::vector<AffineMap>& maps)
{
  const bool isCustom = IsCustomIFS(preset);
  const IFSPreset& pre = IFSPresets()[isCustom ? 0 : std::size_t(preset)];
  std::string err =
    isCustom ? ParseMaps(custom, format, maps) : ParseMaps(pre.Maps, pre.Format, maps);
  if (err.empty())
  {
    err = ResolveProbabilities(maps, isCustom ? useGivenProbabilities : true);
  }
  return err;
}

bool ChaosGameInChunks(const std::vector<AffineMap>& maps, std::uint64_t seed, long long b,
  long long e, double* xyz, unsigned char* mapIndex, const ParallelFor& pf,
  const std::function<bool(double)>& progressAbort)
{
  // In chunks, so that progress and abort are honoured on huge requests.
  const long long chunk = 1 << 22;
  for (long long c = b; c < e; c += chunk)
  {
    if (progressAbort && progressAbort(double(c - b) / double(std::max<long long>(1, e - b))))
    {
      return false;
    }
    const long long ce = std::min(e, c + chunk);
    ChaosGame(maps, seed, c, ce, xyz + 3 * (c - b), mapIndex + (c - b), pf);
  }
  return true;
}

void VertexCells(long long n, long long* offsets, long long* connectivity, const ParallelFor& pf)
{
  RunFor(pf, n + 1, [&](long long s, long long t) {
    for (long long k = s; k < t; ++k)
    {
      offsets[k] = k;
      if (k < n)
      {
        connectivity[k] = k;
      }
    }
  });
}
}
