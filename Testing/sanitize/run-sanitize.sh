#!/usr/bin/env bash
# The sanitizer job: configures this project with the Asan build type (gcc
# ASan + UBSan, cmake/CloudMapBuildTypes.cmake) in $1 (default build-asan),
# builds the C++ test programs with 2 jobs (target cloudmap_test_programs:
# the cores, the Filters and Readers modules, every test driver and the
# canary; not the plugin's GUI, XML or Python) and runs every Core and Cxx
# test there, and the canaries (ctest label "asan"). Any ASan report, UBSan
# report (-fno-sanitize-recover) or leak fails the test that caused it.
# Leaks from frames outside CloudMap (ParaView's VTK, MPI, Python) are
# suppressed by lsan.supp.
#   Testing/sanitize/run-sanitize.sh [build dir] [ctest -R regex]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${1:-$root/build-asan}"
regex="${2:-.}"
start=$(date +%s)
mkdir -p "$build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Asan -DCLOUDMAP_SANITIZER_TESTS=OFF \
  >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
nice cmake --build "$build" --target cloudmap_test_programs -j2 2>&1 |
  grep -E "error|warning: .*runtime|Error" || true
cmake --build "$build" --target cloudmap_test_programs -j2 >/dev/null # fails the job if the build failed
built=$(date +%s)
echo "== sanitizer build: $((built - start)) s"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# nec2c is a system binary: keep the sanitizer runtime out of its environment.
cd "$build"
status=0
ctest -L '^asan$' -R "$regex" -j2 --output-on-failure --timeout 600 || status=1
echo "== sanitizer tests: $(($(date +%s) - built)) s"
exit $status
