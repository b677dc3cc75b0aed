#!/usr/bin/env bash
# valgrind memcheck over the reader tests of a normal (Release) build: the
# pipeline-free parser tests (Readers/Testing/Core) and the VTK reader tests
# (Readers/Testing/Cxx). Any invalid access, use of uninitialised memory or a
# definite/indirect leak fails. valgrind.supp may only name frames outside
# CloudMap (dynamic loader, static initialisers of ParaView's libraries).
#   Testing/sanitize/run-valgrind.sh <bin dir> [program[:arguments]...]
# A program may carry arguments after a colon: a test driver and its test
# (ReadersCoreTests:TestNecOutput), the canary and its bug (cloudmap_canary:leak).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?usage: run-valgrind.sh <bin dir> [tests...]}"
shift
tests=("$@")
if ((${#tests[@]} == 0)); then
  tests=(BadInputCoreTests:TestBadInputs)
  for t in TestMoMFormat TestNecOutput TestNecPatterns TestNecDeck TestFekoFormats TestCstFarField \
    TestGmshFormat TestParseDouble TestOpenEmsNf2ff; do
    tests+=("ReadersCoreTests:$t")
  done
  for t in TestMoMReader TestGmshReader TestFekoReaders TestNecReaderPatterns TestNecReader \
    TestOpenEmsReader; do
    tests+=("ReadersCxxTests:$t")
  done
fi
command -v valgrind >/dev/null || { echo "valgrind is not installed (Testing/setup-debian.sh)"; exit 1; }
status=0
for spec in "${tests[@]}"; do
  t="${spec%%:*}"
  args=()
  [[ "$spec" == *:* ]] && read -r -a args <<<"${spec#*:}"
  exe="$bin/$t"
  if [ ! -x "$exe" ]; then
    echo "!! $t: not built"
    status=1
    continue
  fi
  start=$(date +%s)
  log="$bin/../Testing/Temporary/valgrind_${spec//[: ]/_}.log"
  # nec2c and other child processes run natively (not traced).
  valgrind --tool=memcheck --error-exitcode=97 --leak-check=full \
    --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
    --track-origins=no --num-callers=30 --suppressions="$here/valgrind.supp" \
    --log-file="$log" "$exe" "${args[@]}" >"$log.out" 2>&1
  rc=$?
  summary=$(grep -E "ERROR SUMMARY|definitely lost|indirectly lost" "$log" | sed 's/^==[0-9]*== //' | tr '\n' ';')
  echo "== $spec: exit $rc, $(($(date +%s) - start)) s; $summary"
  if [ $rc -ne 0 ]; then
    status=1
    if [ $rc -eq 97 ]; then
      grep -A25 -E "Invalid|uninitialised|definitely lost in|indirectly lost in" "$log" | head -80
    else
      tail -20 "$log.out"
    fi
  fi
done
exit $status
