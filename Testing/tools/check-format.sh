#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ctest lint.ClangFormat: fails when a C/C++ file drifts from the tree's
# .clang-format, and lists the files that do (Testing/format-tree.sh formats them).
# The layout depends on clang-format's version: this is clang-format-14's, the
# one Debian 12 ships (Testing/setup-debian.sh installs it).
#   Testing/tools/check-format.sh <clang-format> <source root>
set -uo pipefail
clang_format="${1:?usage: check-format.sh <clang-format> <source root>}"
root="${2:?usage: check-format.sh <clang-format> <source root>}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mapfile -t files < <(bash "$here/format-files.sh" "$root")
if ((${#files[@]} == 0)); then
  echo "no C/C++ file found under $root"
  exit 1
fi
cd "$root"
drift=()
for f in "${files[@]}"; do
  "$clang_format" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || drift+=("$f")
done
for f in "${drift[@]}"; do
  echo "drifts from .clang-format: $f"
done
echo "${#files[@]} files checked, ${#drift[@]} drift from .clang-format$( ((${#drift[@]})) && echo " (bash Testing/format-tree.sh formats them)")"
((${#drift[@]} == 0))
