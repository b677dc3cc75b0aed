// SPDX-License-Identifier: BSD-3-Clause
// The .cmom writer (cmMoMFormat.h describes the format; the reader is cmMoMFormat.cpp).
#include "cmMoMFormat.h"

#include <charconv> // std::to_chars
#include <string>
#include <vector>

namespace cm
{
std::string FormatMoM(const SurfaceMesh& m)
{
  // std::to_chars writes the shortest text that reads back to the same
  // double: exact round trips with short lines.
  std::string out;
  out.reserve(static_cast<std::size_t>(64 * m.NumberOfPoints() + 120 * m.NumberOfElements() + 256));
  char buf[64];
  auto num = [&](double v) {
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  };
  auto integer = [&](long long v) {
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  };
  out += "CLOUDMAP-MOM 1\nFREQUENCY ";
  num(m.Frequency);
  out += "\nVERTICES ";
  integer(m.NumberOfPoints());
  out += "\n";
  for (std::int64_t i = 0; i < m.NumberOfPoints(); ++i)
  {
    num(m.Points[3 * i]);
    out += ' ';
    num(m.Points[3 * i + 1]);
    out += ' ';
    num(m.Points[3 * i + 2]);
    out += '\n';
  }
  out += "ELEMENTS ";
  integer(m.NumberOfElements());
  out += "\n";
  for (std::int64_t e = 0; e < m.NumberOfElements(); ++e)
  {
    const std::int64_t b0 = m.Offsets[e], n = m.Offsets[e + 1] - b0;
    out += n == 3 ? "T" : "Q";
    for (std::int64_t k = 0; k < n; ++k)
    {
      out += ' ';
      integer(m.Connectivity[b0 + k]);
    }
    for (int k = 0; k < 3; ++k)
    {
      out += ' ';
      num(m.JReal[3 * e + k]);
      out += ' ';
      num(m.JImag[3 * e + k]);
    }
    out += '\n';
  }
  auto named = [&](const char* key, const std::vector<std::string>& names,
                 const std::vector<double>& xyz) {
    if (names.empty())
    {
      return;
    }
    out += key;
    out += ' ';
    integer(static_cast<long long>(names.size()));
    out += '\n';
    for (std::size_t i = 0; i < names.size(); ++i)
    {
      out += names[i];
      for (int d = 0; d < 3; ++d)
      {
        out += ' ';
        num(xyz[3 * i + d]);
      }
      out += '\n';
    }
  };
  named("SOURCES", m.SourceNames, m.SourcePositions);
  named("RECEIVERS", m.ReceiverNames, m.ReceiverPositions);
  out += "END\n";
  return out;
}
} // namespace cm
