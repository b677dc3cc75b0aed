#!/usr/bin/env bash
# Builds the libFuzzer harnesses of every parser with clang-14
# (-fsanitize=fuzzer,address,undefined) and runs each for a set time,
# seeded from Testing/Data and the regression corpus.
#   Testing/Fuzz/run-fuzzers.sh [seconds per harness, default 60] [harness names...]
# Crashes are written to Testing/Fuzz/crashes/<name>/; copy each into
# Testing/Fuzz/regressions/<name>/ once fixed, so it is replayed forever.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-60}"
shift || true
out="${CLOUDMAP_FUZZ_DIR:-$root/build-fuzz}"
mkdir -p "$out"
CXX="${CXX_FUZZ:-clang++-14}"

# name : define : seed folder (relative to Testing/Data) : the parser's header
targets=(
  "mom:CM_FUZZ_MOM:.:cmMoMFormat.h"
  "nec:CM_FUZZ_NEC:nec:cmNecOutput.h"
  "feko_ffe:CM_FUZZ_FEKO_FFE:feko:cmFekoFormat.h"
  "feko_os:CM_FUZZ_FEKO_OS:feko:cmFekoFormat.h"
  "feko_out:CM_FUZZ_FEKO_OUT:feko:cmFekoFormat.h"
  "cst:CM_FUZZ_CST:cst:cmCstFarField.h"
  "gmsh:CM_FUZZ_GMSH:gmsh:cmGmshFormat.h"
)
want=("$@")
status=0
# The parsers, compiled once with coverage and sanitizers into an archive.
flags=(-std=c++17 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined)
lib="$out/libcmparsers_fuzz.a"
if [ ! -f "$lib" ] || [ -n "$(find "$root/Readers/Core" -newer "$lib" -print -quit)" ]; then
  echo "== compiling the parsers for fuzzing"
  rm -f "$out"/*.o
  for src in "$root"/Readers/Core/cm*.cpp; do
    "$CXX" "${flags[@]}" -fsanitize=fuzzer-no-link -I"$root/Readers/Core" -c "$src" \
      -o "$out/$(basename "$src" .cpp).o" &
  done
  wait
  ar rcs "$lib" "$out"/*.o
fi
for t in "${targets[@]}"; do
  IFS=: read -r name define seeds header <<<"$t"
  if ((${#want[@]})) && [[ ! " ${want[*]} " == *" $name "* ]]; then continue; fi
  if [ ! -f "$root/Readers/Core/$header" ]; then
    echo "== $name: no parser ($header) in this tree, skipped"
    continue
  fi
  bin="$out/fuzz_$name"
  if [ ! -x "$bin" ] || [ "$lib" -nt "$bin" ] || [ "$here/fuzz_parser.cpp" -nt "$bin" ]; then
    echo "== building $bin"
    "$CXX" "${flags[@]}" -fsanitize=fuzzer -D"$define" -I"$root/Readers/Core" \
      "$here/fuzz_parser.cpp" "$lib" -o "$bin"
  fi
  corpus="$out/corpus_$name"
  mkdir -p "$corpus" "$here/crashes/$name" "$here/regressions/$name"
  # Seeds: the test files of the format (small ones) and past crashes.
  find "$root/Testing/Data/$seeds" -maxdepth 1 -type f -size -300k -exec cp -n {} "$corpus/" \; 2>/dev/null || true
  echo "== fuzzing $name for ${seconds}s"
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=200000 \
      -artifact_prefix="$here/crashes/$name/" -print_final_stats=1 \
      "$corpus" "$here/regressions/$name" 2>"$out/fuzz_$name.log"; then
    echo "!! $name: a crash, see $here/crashes/$name/ and $out/fuzz_$name.log"
    tail -30 "$out/fuzz_$name.log"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/fuzz_$name.log" | sed "s/^/   $name /"
done
exit $status
