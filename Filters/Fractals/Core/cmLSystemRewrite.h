// SPDX-License-Identifier: BSD-3-Clause
/**
 * L-system rewriting, pipeline-free: every symbol of the string is replaced
 * in parallel by the successor of its rule. Context-free (0L) rules match
 * the symbol alone; context-sensitive (1L, 2L) rules also match the
 * symbols before and after it, skipping ignored symbols and branches (see
 * cmLSystem.h); the most specific matching group wins. A stochastic group
 * picks one of its rules by probability with cm::CounterUniform(seed, step,
 * position), so derivations are reproducible.
 */
#ifndef cmLSystemRewrite_h
#define cmLSystemRewrite_h

#include "cmLSystemGrammar.h"

#include <cstdint>
#include <functional>
#include <string>

namespace cm::fractal
{
/// Length of the string after n steps computed from the rules alone (count
/// vectors times the successor-count matrix): exact for deterministic
/// context-free grammars, an upper bound otherwise.
double ProjectedLength(const LGrammar& g, int n);

/// Rewrites the axiom n times in parallel. Returns false if `progressAbort`
/// asked to stop. Check ProjectedLength before calling.
bool Derive(const LGrammar& g, int n, std::uint64_t seed, std::string& out,
  const std::function<bool(double)>& progressAbort = nullptr);
}
#endif
