// SPDX-License-Identifier: BSD-3-Clause
/**
 * The similarity dimension of a strictly self-similar set, pipeline-free:
 * N copies of itself scaled by S give D = log N / log(1/S) (the Koch curve:
 * 4 copies of 1/3, D = 1.2619). The L-system and IFS sources attach it to
 * their output as field data; Fractal Dimension passes it on beside its
 * box-counting estimate.
 */
#ifndef cmSimilarity_h
#define cmSimilarity_h

#include <cmath>
#include <vector>

namespace cm::fractal
{
/// A named value of the output's field data.
struct FieldValue
{
  const char* Name;
  double Value;
};

/// SimilarityN, SimilarityS and SimilarityDimension of N copies of scale S;
/// none unless N > 0 and 0 < S < 1.
inline std::vector<FieldValue> SimilarityFields(double N, double S)
{
  if (!(N > 0 && S > 0 && S < 1))
  {
    return {};
  }
  return { { "SimilarityN", N }, { "SimilarityS", S },
    { "SimilarityDimension", std::log(N) / std::log(1.0 / S) } };
}
}
#endif
