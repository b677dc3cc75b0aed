#!/usr/bin/env bash
# Batch pictures with pvbatch under a private Xvfb (no display needed):
#   bash Examples/batch/render-batch.sh OUTDIR [render_batch.py options]
# e.g.
#   bash Examples/batch/render-batch.sh out/batch --sweep sweep.out --currents runs/ \
#        --animate out/vehicle.out --sweep-strip out/batch/sweep_strip.png
# Writes one PNG per frequency / current file / phase, index.html and index.json
# to OUTDIR. CLOUDMAP_BUILD_DIR picks the build directory (default build/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ $# -lt 1 ]; then
  echo "usage: $0 OUTDIR [--sweep FILE] [--currents DIR] [--animate FILE] [...]" >&2
  exit 2
fi
out="$1"
shift
build="${CLOUDMAP_BUILD_DIR:-$here/build}"
. "$here/Examples/plugin-path.sh"
plugin="$(cloudmap_plugin "$build")"
if [ ! -f "$plugin" ]; then
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build" -j"$(nproc)"
  plugin="$(cloudmap_plugin "$build")"
fi
mkdir -p "$out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/batch/render_batch.py" \
  --plugin "$plugin" --outdir "$out" "$@"
