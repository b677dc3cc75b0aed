#!/usr/bin/env bash
# Runs a command under a private Xvfb whose display number Xvfb picks itself
# (-displayfd), so concurrent runs never share or race for a display.
#   Testing/xvfb-run-private.sh command args...
set -euo pipefail
dfile="$(mktemp)"
# -noreset: by default Xvfb resets when its last client disconnects, and a client that
# connects during the reset gets "bad X server connection" (VTK then aborts). Every test
# is a new process, so tests raced the reset now and then, and a script that deleted its
# only view before making the next one failed every time.
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset -maxclients 512 3>"$dfile" 2>/dev/null &
xpid=$!
trap 'kill $xpid 2>/dev/null || true; rm -f "$dfile"' EXIT
for _ in $(seq 1 100); do
  [ -s "$dfile" ] && break
  sleep 0.1
done
if [ ! -s "$dfile" ]; then
  echo "Xvfb did not start" >&2
  exit 1
fi
export DISPLAY=":$(head -n1 "$dfile")"
"$@"
