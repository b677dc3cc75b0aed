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

# name : define : seed folder (relative to Testing/) : the parser's header
# (Readers/Core or a Filters/<Domain>/Core). The L-system, IFS and deck-writer seeds are
# made from the presets and test strings by Fuzz/make_seeds.py.
targets=(
  "mom:CM_FUZZ_MOM:Data:cmMoMFormat.h"
  "nec:CM_FUZZ_NEC:Data/nec:cmNecOutput.h"
  "nec_parallel:CM_FUZZ_NEC_PARALLEL:Data/nec:cmNecOutput.h"
  "feko_ffe:CM_FUZZ_FEKO_FFE:Data/feko:cmFekoFormat.h"
  "feko_os:CM_FUZZ_FEKO_OS:Data/feko:cmFekoFormat.h"
  "feko_nf:CM_FUZZ_FEKO_NF:Data/feko/nearfield:cmFekoNearField.h"
  "feko_out:CM_FUZZ_FEKO_OUT:Data/feko:cmFekoFormat.h"
  "feko_ports:CM_FUZZ_FEKO_PORTS:Data/feko:cmFekoPorts.h"
  "feko_out_whole:CM_FUZZ_FEKO_OUT_WHOLE:Data/feko:cmFekoWires.h"
  "cst:CM_FUZZ_CST:Data/cst:cmCstFarField.h"
  "cst_ffs:CM_FUZZ_CST_FFS:Data/cst:cmCstFarField.h"
  "msi:CM_FUZZ_MSI:Data/msi:cmMsiPattern.h"
  "pafx:CM_FUZZ_PAFX:Data/pafx:cmPlanetPafx.h"
  "gmsh:CM_FUZZ_GMSH:Data/gmsh:cmGmshFormat.h"
  "hfss:CM_FUZZ_HFSS:Data/hfss:cmHfssFarField.h"
  "hfss_json:CM_FUZZ_HFSS_JSON:Data/hfss:cmHfssFarField.h"
  "grasp_cut:CM_FUZZ_GRASP_CUT:Data/grasp:cmGrasp.h"
  "grasp_grid:CM_FUZZ_GRASP_GRID:Data/grasp:cmGrasp.h"
  "palace:CM_FUZZ_PALACE:Data/palace:cmPalace.h"
  "palace_s:CM_FUZZ_PALACE_S:Data/palace:cmPalace.h"
  "lsystem:CM_FUZZ_LSYSTEM:Fuzz/seeds/lsystem:cmLSystem.h"
  "ifs:CM_FUZZ_IFS:Fuzz/seeds/ifs:cmIFS.h"
  "nec_deck:CM_FUZZ_NEC_DECK:Fuzz/seeds/nec_deck:cmNecDeck.h"
  "touchstone:CM_FUZZ_TOUCHSTONE:Fuzz/seeds/touchstone:cmTouchstone.h"
  "openems:CM_FUZZ_OPENEMS:Fuzz/seeds/openems:cmOpenEmsNf2ff.h"
)
want=("$@")
status=0
# The parsers, compiled once with coverage and sanitizers into an archive.
flags=(-std=c++17 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined)
lib="$out/libcmparsers_fuzz.a"
# The filter cores the parsers need: the shared base and the fractal rule parsers.
includes=(-I"$root/Readers/Core" -I"$root/Filters/Common/Core" -I"$root/Filters/Fractals/Core")
core_sources=("$root"/Readers/Core/cm*.cpp "$root"/Filters/Common/Core/cm*.cpp
  "$root"/Filters/Fractals/Core/cmLSystem*.cpp "$root/Filters/Fractals/Core/cmIFS.cpp")
if [ ! -f "$lib" ] || [ -n "$(find "${core_sources[@]}" "$root"/Readers/Core/*.h "$root"/Filters/Common/Core/*.h "$root"/Filters/Fractals/Core/*.h -newer "$lib" -print -quit)" ]; then
  echo "== compiling the parsers for fuzzing"
  rm -f "$out"/*.o
  running=0
  for src in "${core_sources[@]}"; do
    "$CXX" "${flags[@]}" -fsanitize=fuzzer-no-link "${includes[@]}" \
      -c "$src" -o "$out/$(basename "$src" .cpp).o" &
    running=$((running + 1))
    if ((running >= 2)); then wait -n; running=$((running - 1)); fi
  done
  wait
  ar rcs "$lib" "$out"/*.o
fi
# Harnesses are single-threaded: run CLOUDMAP_FUZZ_JOBS of them at a time
# (default: the number of cores), each for the full time.
jobs="${CLOUDMAP_FUZZ_JOBS:-$(nproc)}"
fuzz_one() {
  local name="$1" bin="$2" corpus="$3"
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=200000 \
      -artifact_prefix="$here/crashes/$name/" -print_final_stats=1 \
      "$corpus" "$here/regressions/$name" 2>"$out/fuzz_$name.log"; then
    return 1
  fi
}
declare -A pid_of
names=()
for t in "${targets[@]}"; do
  IFS=: read -r name define seeds header <<<"$t"
  if ((${#want[@]})) && [[ ! " ${want[*]} " == *" $name "* ]]; then continue; fi
  if [ ! -f "$root/Readers/Core/$header" ] && [ ! -f "$root/Filters/Fractals/Core/$header" ]; then
    echo "== $name: no parser ($header) in this tree, skipped"
    continue
  fi
  bin="$out/fuzz_$name"
  if [ ! -x "$bin" ] || [ "$lib" -nt "$bin" ] || [ "$here/fuzz_parser.cpp" -nt "$bin" ]; then
    echo "== building $bin"
    "$CXX" "${flags[@]}" -fsanitize=fuzzer -D"$define" "${includes[@]}" \
      "$here/fuzz_parser.cpp" "$lib" -o "$bin"
  fi
  corpus="$out/corpus_$name"
  mkdir -p "$corpus" "$here/crashes/$name" "$here/regressions/$name"
  # Seeds: the test files of the format (small ones) and past crashes.
  find "$root/Testing/$seeds" -maxdepth 1 -type f -size -300k -exec cp -n {} "$corpus/" \; 2>/dev/null || true
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
  echo "== fuzzing $name for ${seconds}s"
  fuzz_one "$name" "$bin" "$corpus" &
  pid_of[$name]=$!
  names+=("$name")
done
for name in "${names[@]}"; do
  if ! wait "${pid_of[$name]}"; then
    echo "!! $name: a crash, see $here/crashes/$name/ and $out/fuzz_$name.log"
    tail -30 "$out/fuzz_$name.log"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/fuzz_$name.log" | sed "s/^/   $name /"
done
exit $status
