#!/usr/bin/env bash
# The Debian package from start to end, as a user on this release gets it:
#   cpack -G DEB in the build folder -> cloudmap_<version>_<arch>.deb (Depends:
#   paraview (= the version built against)); apt-get install ./cloudmap_*.deb;
#   in a new login shell (bash -lc) pvpython has SurfaceCloudMap with no path and
#   no LoadPlugin and runs it on a nec2c output (cells = 12 per triangle, 16 per
#   quad at 2 levels), and so do the README's python blocks (no build/ there);
#   the ParaView GUI shows the Cloud Map toolbar (its Surface
#   Cloud Map button clicked by the XML playback makes the filter); lintian
#   (when installed) reports no error; apt-get remove (then purge: the hook is a
#   conffile), then ParaView no longer
#   has CloudMap and every file of the paraview package has the checksum it had
#   before the install. A trap removes the package whatever happens.
#
#   bash test_install_deb.sh <build dir> <scratch dir>      (as root)
set -euo pipefail
build="$(cd "$1" && pwd)"; tmp="$(mkdir -p "$2" && cd "$2" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$tmp/install_deb"
rm -rf "$work"; mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "SKIP: installing a package needs root"; exit 77; }
dpkg-query -W paraview >/dev/null 2>&1 || { echo "SKIP: ParaView is not a Debian package here"; exit 77; }
if dpkg-query -W -f='${Status}' cloudmap 2>/dev/null | grep -q 'ok installed'; then
  fail "a cloudmap package is already installed: this test installs and removes its own"
fi
t0=$(date +%s)
cleanup() {
  local rc=$?
  if dpkg-query -W -f='${Status}' cloudmap 2>/dev/null | grep -q 'ok installed'; then
    apt-get remove -y -qq cloudmap >/dev/null 2>&1 || dpkg -r cloudmap >/dev/null 2>&1 || true
  fi
  # Its conffile (/etc/profile.d/cloudmap.sh) stays after remove: purge it.
  if dpkg-query -W cloudmap >/dev/null 2>&1; then dpkg --purge cloudmap >/dev/null 2>&1 || true; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ParaView's files before.
dpkg-query -L paraview | while read -r f; do if [ -f "$f" ] && [ ! -L "$f" ]; then echo "$f"; fi; done | sort > "$work/pv-files"
xargs -d '\n' md5sum < "$work/pv-files" > "$work/pv-before.md5"

# 1. The package.
(cd "$build" && cpack -G DEB -B "$work/cpack" > "$work/cpack.log" 2>&1) || { tail -30 "$work/cpack.log"; fail "cpack -G DEB failed"; }
deb=$(ls "$work"/cpack/cloudmap_*.deb)
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
pvver=$(dpkg-query -W -f='${Version}' paraview)
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
case "$depends" in *"paraview (= $pvver)"*) ;; *) fail "the package does not depend on paraview (= $pvver)";; esac
dpkg-deb -c "$deb" | awk '{print $6}' > "$work/contents"
grep -q "^\./usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)/paraview-[0-9.]*/plugins/CloudMap/CloudMap.so$" "$work/contents" ||
  fail "no CloudMap.so in /usr/lib/<multiarch>/paraview-X.Y/plugins/CloudMap"
grep -q '^\./etc/profile.d/cloudmap.sh$' "$work/contents" || fail "no /etc/profile.d/cloudmap.sh"
if grep -E 'CS\.a$|^\./usr/include/[^/]*\.h$' "$work/contents"; then fail "build-time archives or headers outside include/cloudmap"; fi
if command -v lintian >/dev/null; then
  lintian --no-tag-display-limit "$deb" > "$work/lintian.txt" 2>&1 || true
  echo "lintian: $(grep -c '^E:' "$work/lintian.txt" || true) errors, $(grep -c '^W:' "$work/lintian.txt" || true) warnings"
  if grep '^E:' "$work/lintian.txt"; then fail "lintian reports errors"; fi
else
  echo "lintian is not installed: not run"
fi

# 2. Install it with apt.
apt-get install -y -qq --no-install-recommends "$deb" > "$work/apt-install.log" 2>&1 || { tail -20 "$work/apt-install.log"; fail "apt-get install failed"; }

# 3. pvpython in a new login shell, no path, no LoadPlugin. The test's own
# environment may name the build tree's plugin: a login shell starts clean.
cat > "$work/use.py" <<'PY'
import sys
from paraview.simple import *
reader = NEC2OutputReader(FileName=sys.argv[1])
cloud = SurfaceCloudMap(Input=reader, NumberOfBands=24, NumberOfLevels=2)
cloud.UpdatePipeline()
from paraview import servermanager as sm
surf = sm.Fetch(reader)
cells = cloud.GetDataInformation().GetNumberOfCells()
sizes = [surf.GetCellSize(i) for i in range(surf.GetNumberOfCells())]
print("pvpython: %d triangles, %d quads read; cloud map %d cells" % (sizes.count(3), sizes.count(4), cells))
assert cells == 12 * sizes.count(3) + 16 * sizes.count(4) and cells > 0
PY
data="$(cd "$here/../Data/nec" && pwd)/box_sm.out"
env -i HOME="$work" PATH=/usr/sbin:/usr/bin:/sbin:/bin bash -lc "pvpython '$work/use.py' '$data'" > "$work/pvpython.log" 2>&1 ||
  { cat "$work/pvpython.log"; fail "pvpython in a login shell has no CloudMap"; }
grep '^pvpython:' "$work/pvpython.log"

# 3b. The README's python blocks, installed: run where no build/ exists (so a
# block that still needed LoadPlugin's build path fails), out/vehicle.out a nec2c output.
mkdir -p "$work/readme/out"
cp "$data" "$work/readme/out/vehicle.out"
python3 - "$here/../../README.md" "$work/readme" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
for i, b in enumerate(blocks):
    open("%s/readme_%d.py" % (sys.argv[2], i), "w").write(b)
print("README: %d python blocks" % len(blocks))
PY
for f in "$work"/readme/readme_*.py; do
  env -i HOME="$work" PATH=/usr/sbin:/usr/bin:/sbin:/bin bash -lc "cd '$work/readme' && pvpython '$f'" > "$f.log" 2>&1 ||
    { cat "$f.log"; fail "the README's $(basename "$f") fails with the installed package"; }
done
echo "README python blocks: ran with the installed package (no build/)"

# 4. The GUI, in a login shell: the Cloud Map toolbar's Surface Cloud Map button.
cat > "$work/gui_setup.py" <<PY
from paraview.simple import *
r = NEC2OutputReader(FileName="$data")
Show(r)
SetActiveSource(r)
PY
cat > "$work/gui_check.py" <<PY
from paraview.simple import *
n = [p for p in GetSources().values() if p.GetXMLName() == "CloudMapSurfaceCloudMap"]
open("$work/gui_status.txt", "w").write("OK %d\n" % len(n) if len(n) == 1 else "no Surface Cloud Map\n")
PY
{
  echo '<?xml version="1.0" ?>'; echo '<pqevents>'
  echo '  <pqevent object="pqClientMainWindow/CloudMapToolbar/actionSurfaceCloudMap" command="activate" arguments="" />'
  echo "  <pqevent object=\"pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget\" command=\"executeCommand\" arguments=\"exec(open('$work/gui_check.py').read())\" />"
  echo '</pqevents>'
} > "$work/gui_events.xml"
if command -v paraview >/dev/null; then
  env -i HOME="$work" PATH=/usr/sbin:/usr/bin:/sbin:/bin DISPLAY="${DISPLAY:-}" XAUTHORITY="${XAUTHORITY:-}" \
    bash -lc "paraview --dr --script='$work/gui_setup.py' --test-script='$work/gui_events.xml' --exit" \
    > "$work/gui.log" 2>&1 || true
  grep -q '^OK 1' "$work/gui_status.txt" 2>/dev/null || { tail -20 "$work/gui.log"; fail "the GUI has no Cloud Map toolbar (or its button made no filter)"; }
  echo "GUI: the Cloud Map toolbar's Surface Cloud Map made the filter"
fi

# 5. Remove it: ParaView no longer has CloudMap, its files are as before.
apt-get remove -y -qq cloudmap > "$work/apt-remove.log" 2>&1 || { tail -20 "$work/apt-remove.log"; fail "apt-get remove failed"; }
if env -i HOME="$work" PATH=/usr/sbin:/usr/bin:/sbin:/bin bash -lc "pvpython '$work/use.py' '$data'" > "$work/pvpython-after.log" 2>&1; then
  fail "pvpython still has CloudMap after apt-get remove"
fi
xargs -d '\n' md5sum < "$work/pv-files" > "$work/pv-after.md5"
diff "$work/pv-before.md5" "$work/pv-after.md5" || fail "ParaView's files changed"
dpkg --purge cloudmap > /dev/null
[ ! -e /etc/profile.d/cloudmap.sh ] || fail "/etc/profile.d/cloudmap.sh is left after purge"
echo "removed (and purged): pvpython has no CloudMap; $(wc -l < "$work/pv-files") files of the paraview package unchanged"
echo "OK: the Debian package installs, loads with no path, and removes cleanly ($(( $(date +%s) - t0 )) s)"
