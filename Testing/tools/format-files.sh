#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The C and C++ files the tree's .clang-format governs, one per line, relative to
# the source root: every .h/.c/.cpp/.cxx/.txx under Filters, Readers, Plugin,
# Testing and Examples (not the test data, the fuzz crash folder or build trees).
#   Testing/tools/format-files.sh <source root>
set -euo pipefail
cd "${1:?usage: format-files.sh <source root>}"
find Filters Readers Plugin Testing Examples \
  \( -path Testing/Data -o -path Testing/Fuzz/crashes -o -name 'build*' -o -name '.ci-chroots' \) -prune -o \
  -type f \( -name '*.h' -o -name '*.c' -o -name '*.cpp' -o -name '*.cxx' -o -name '*.txx' \) -print |
  LC_ALL=C sort
