// SPDX-License-Identifier: BSD-3-Clause
// Mesh morph against its definition: the correspondence checks (counts By
// Index, an empty target), scaling into the unit cube of the bounds (corners
// to 0 and 1, a flat axis to ½), matching through a brute-force nearest
// point, and the blend exact at both ends (w = 0 the source, w = 1 the
// partner) and linear between, serial and in blocks.
#include "cmCheck.h"
#include "cmMeshMorph.h"

#include <cstdint>
#include <vector>

using namespace cm::anim;

int TestMeshMorph(int, char*[])
{
  // Correspondence checks, with the text the filter reports.
  CM_EQUAL(ValidateCorrespondence(MorphCorrespondence::ByIndex, 4, 4), std::string());
  CM_EQUAL(ValidateCorrespondence(MorphCorrespondence::ByIndex, 4, 5),
    std::string("the inputs have 4 and 5 points; By Index needs equal counts (or choose "
                "Nearest Normalized Point)"));
  CM_EQUAL(ValidateCorrespondence(MorphCorrespondence::NearestNormalizedPoint, 4, 0),
    std::string("the target has no points"));
  CM_EQUAL(
    ValidateCorrespondence(MorphCorrespondence::NearestNormalizedPoint, 0, 0), std::string());
  CM_EQUAL(
    ValidateCorrespondence(MorphCorrespondence::NearestNormalizedPoint, 3, 7), std::string());

  // Unit cube of the bounds; z is flat.
  const std::vector<double> pts = { -1, 2, 5, 3, 6, 5, 1, 3, 5 };
  const double bounds[6] = { -1, 3, 2, 6, 5, 5 };
  const std::vector<double> nrm = NormalizedToBounds(pts.data(), 3, bounds);
  const std::vector<double> expected = { 0, 0, 0.5, 1, 1, 0.5, 0.5, 0.25, 0.5 };
  CM_EQUAL(nrm, expected);

  // Matching: every query gets what the closest function says.
  const std::vector<double> targets = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
  auto brute = [&](const double* q) {
    std::int64_t best = 0;
    double bestD = 1e300;
    for (std::int64_t j = 0; j < 3; ++j)
    {
      double d = 0;
      for (int a = 0; a < 3; ++a)
      {
        d += (q[a] - targets[3 * j + a]) * (q[a] - targets[3 * j + a]);
      }
      if (d < bestD)
      {
        bestD = d;
        best = j;
      }
    }
    return best;
  };
  const std::vector<double> queries = { 0.9, 0.1, 0, 0.1, 0.8, 0, 0.1, 0.1, 0, 2, -1, 0 };
  cm::ParallelFor blocks = [](long long n, const std::function<void(long long, long long)>& body) {
    for (long long b = 0; b < n; b += 3)
    {
      body(b, std::min(n, b + 3));
    }
  };
  const std::vector<std::int64_t> match = MatchPoints(queries.data(), 4, brute, blocks);
  CM_EQUAL(match, (std::vector<std::int64_t>{ 1, 2, 0, 1 }));

  // The blend: exact ends, linear between, by index or through the match.
  const std::vector<double> a = { 1, 2, 3, 4, 5, 6, 7, 8 }; // 4 tuples of 2
  const std::vector<double> b = { 10, 20, 30, 40, 50, 60, 70, 80 };
  std::vector<double> out(8);
  LerpMatched(a.data(), b.data(), nullptr, 4, 2, 0.0, out.data(), nullptr);
  CM_EQUAL(out, a);
  LerpMatched(a.data(), b.data(), nullptr, 4, 2, 1.0, out.data(), blocks);
  CM_EQUAL(out, b);
  const std::vector<std::int64_t> reversed = { 3, 2, 1, 0 };
  LerpMatched(a.data(), b.data(), reversed.data(), 4, 2, 0.25, out.data(), blocks);
  for (int i = 0; i < 4; ++i)
  {
    for (int c = 0; c < 2; ++c)
    {
      CM_NEAR(out[2 * i + c], 0.75 * a[2 * i + c] + 0.25 * b[2 * (3 - i) + c], 1e-14);
    }
  }
  return cmReport("TestMeshMorph");
}
