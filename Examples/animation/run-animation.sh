#!/usr/bin/env bash
# Writes a few frames of each animation feature (fire, morph, FFD squash and
# stretch, wiggling logo, walker, keyframe-driven property) to out/animation
# through ParaView's Save Animation. Needs the plugin built (build/ or
# $CLOUDMAP_BUILD_DIR) and an X display or xvfb-run.
#   bash Examples/animation/run-animation.sh [frames]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${CLOUDMAP_BUILD_DIR:-$here/build}"
. "$here/Examples/plugin-path.sh"
plugin="$(cloudmap_plugin "$build")"
frames="${1:-6}"
out="$here/out/animation"
run=(pvbatch)
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run > /dev/null; then
  run=(xvfb-run -a -s "-screen 0 1280x1024x24" pvbatch)
fi
"${run[@]}" "$here/Examples/animation/animation_demo.py" "$plugin" "$out" "$frames"
"${run[@]}" "$here/Examples/animation/keyframe_drive_property.py" "$plugin" "$out" "$frames"
ls "$out"
