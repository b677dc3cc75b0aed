#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Formats every C/C++ file of the tree (Testing/tools/format-files.sh) in place
# with the tree's .clang-format, using clang-format-14 (the version ctest
# lint.ClangFormat checks against; another version lays code out differently).
#   bash Testing/format-tree.sh [clang-format executable]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
clang_format="${1:-clang-format-14}"
command -v "$clang_format" >/dev/null ||
  { echo "$clang_format not found (Debian 12: apt-get install clang-format-14)"; exit 1; }
cd "$root"
bash Testing/tools/format-files.sh "$root" | xargs -d '\n' "$clang_format" --style=file -i
echo "formatted $(bash Testing/tools/format-files.sh "$root" | wc -l) files"
