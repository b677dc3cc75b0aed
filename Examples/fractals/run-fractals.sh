#!/usr/bin/env bash
# Renders the chapter's fractal figures to out/fractals/*.png (builds the
# plugin in build/ first if needed; no display needed).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$here/out/fractals}"
build="${CLOUDMAP_BUILD_DIR:-$here/build}"
. "$here/Examples/plugin-path.sh"
plugin="$(cloudmap_plugin "$build")"
if [ ! -f "$plugin" ]; then
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build" -j"$(nproc)"
  plugin="$(cloudmap_plugin "$build")"
fi
mkdir -p "$out"
xvfb-run -a -s "-screen 0 1920x1080x24" pvbatch "$here/Examples/fractals/fractal_figures.py" \
  --plugin "$plugin" --outdir "$out"
ls -1 "$out"/*.png
