#!/usr/bin/env bash
# CloudMap's CI on another Debian release, from nothing: a debootstrap chroot
# of Debian 13 (trixie: ParaView 5.13, Qt 6) or unstable (sid: ParaView 6.1 on
# VTK 9.6, Qt 6), the packages Testing/setup-debian.sh installs there, the
# plugin built in build-<suite> of this clone, and every test except the
# fuzz, sanitizer and valgrind jobs and the benchmarks. .ci/run runs it for
# trixie after the host suite; run it for sid by hand for every change that
# touches build or compatibility code (unstable's archive moves daily).
#
#   sudo bash Testing/chroot-ci.sh <trixie|sid> [DIR]
#
# DIR (default .ci-chroots/<suite> in this clone, gitignored) is made with
# `debootstrap --variant=minbase` when it holds no system yet and is reused
# otherwise; the compiler cache is .ci-chroots/ccache-<suite>. Nothing is
# cached outside the clone. The mirror is the first Debian one of this
# machine's apt sources (else deb.debian.org); CLOUDMAP_DEBIAN_MIRROR
# overrides it, CLOUDMAP_JOBS the build's -j (default: nproc), CLOUDMAP_CI_BUILD
# the build directory's name in the clone (default build-<suite>).
# Mounts proc, sys, dev, dev/pts, dev/shm and the clone (at /src) and always
# unmounts them on exit (while it runs, DIR/src IS the clone: delete a chroot
# only with `rm -rf --one-file-system DIR`, and never during a run). Prints the
# time of each phase, the pass count and each skipped test with its reason;
# exits non-zero when a phase or a test fails. The network steps (debootstrap,
# apt) are retried 3 times; a mirror that stays unreachable fails the run with
# a message naming it (CI must not pass without having built on Qt 6).
set -euo pipefail
usage() { echo "usage: $0 <trixie|sid> [DIR]" >&2; exit 2; }
suite="${1:-}"
case "$suite" in trixie|sid) ;; *) usage ;; esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${2:-$here/.ci-chroots/$suite}"
bdir="${CLOUDMAP_CI_BUILD:-build-$suite}"   # the build tree, relative to the clone
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
[ "$(id -u)" -eq 0 ] || { echo "chroot-ci: needs root (debootstrap, mount, chroot)" >&2; exit 2; }
log="$here/.ci-chroots/$bdir.log"
mkdir -p "$here/.ci-chroots"
: > "$log"
echo "chroot-ci: $suite in $dir (log: $log)"

# ---- timing
t_start=$(date +%s)
phases=()
phase_t0=0
phase_begin() { phase_name="$1"; phase_t0=$(date +%s); echo "== [$suite] $1 ($(date -u +%H:%M:%S) UTC)"; }
phase_end() { local s=$(( $(date +%s) - phase_t0 )); phases+=("$(printf '%-12s %5d s' "$phase_name" "$s")"); }
summary() {
  echo "== [$suite] summary"
  local p
  for p in "${phases[@]}"; do echo "   $p"; done
  printf '   %-12s %5d s\n' total $(( $(date +%s) - t_start ))
}

# ---- mounts, always undone
mounted=()
cleanup() {
  local rc=$? i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null ||
      echo "chroot-ci: could not unmount ${mounted[i]}" >&2
  done
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mnt() { # mnt TARGET mount-args...
  local target="$1"; shift
  mkdir -p "$target"
  if mountpoint -q "$target"; then return; fi   # left by someone else: not ours to undo
  mount "$@" "$target"
  mounted+=("$target")
}
in_chroot() {
  chroot "$dir" /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive CCACHE_DIR="/src/.ci-chroots/ccache-$suite" \
    CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache \
    CLOUDMAP_JOBS="${CLOUDMAP_JOBS:-$(nproc)}" bash -c "$1"
}

# ---- 1. the system
mirror="${CLOUDMAP_DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -oE '^(deb|URIs:)[[:space:]]+(\[[^]]*\][[:space:]]+)?https?://[^[:space:]]+' | awk '{print $NF}' |
    grep -v -- '-security' | grep -i debian | head -n 1 || true)
  mirror="${mirror:-http://deb.debian.org/debian}"
fi
phase_begin debootstrap
net_fail() {
  tail -20 "$log"
  echo "chroot-ci: $1 failed 3 times: is the Debian mirror $mirror reachable? (set CLOUDMAP_DEBIAN_MIRROR to another)" >&2
  exit 1
}
if [ ! -x "$dir/usr/bin/apt-get" ] || [ ! -e "$dir/var/lib/dpkg/status" ] || [ -e "$dir/debootstrap" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >>"$log" 2>&1
  echo "   debootstrap --variant=minbase $suite $dir $mirror"
  for attempt in 1 2 3 0; do
    ((attempt)) || net_fail debootstrap
    # A half-made system (an earlier attempt) is started over; nothing may be mounted in it.
    if [ -e "$dir/debootstrap" ] && ! findmnt -rno TARGET | grep -q "^$dir/"; then
      rm -rf --one-file-system "$dir" && mkdir -p "$dir"
    fi
    debootstrap --variant=minbase "$suite" "$dir" "$mirror" >>"$log" 2>&1 && break
    echo "   debootstrap failed (attempt $attempt of 3)"
    sleep $((attempt * 10))
  done
else
  echo "   reusing the system in $dir"
fi
cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
# Speed, in this chroot only: dpkg skips fsync and installs no documentation,
# man pages or translations; apt installs no recommends and fetches no
# translated descriptions, and retries downloads.
printf '%s\n' force-unsafe-io path-exclude=/usr/share/doc/* path-include=/usr/share/doc/*/copyright \
  path-exclude=/usr/share/man/* path-exclude=/usr/share/locale/* path-exclude=/usr/share/info/* \
  > "$dir/etc/dpkg/dpkg.cfg.d/99cloudmap-ci"
printf '%s\n' 'APT::Install-Recommends "false";' 'Acquire::Languages "none";' 'Acquire::Retries "3";' \
  > "$dir/etc/apt/apt.conf.d/99cloudmap-ci"
if [ "$suite" = sid ]; then
  # Unstable's Release file may be past its Valid-Until on the mirror: accept it, in this chroot only.
  echo 'Acquire::Check-Valid-Until "false";' >> "$dir/etc/apt/apt.conf.d/99cloudmap-ci"
fi
phase_end

mnt "$dir/proc" -t proc proc
mnt "$dir/sys" -t sysfs sysfs
mnt "$dir/dev" --bind /dev
mnt "$dir/dev/pts" --bind /dev/pts
if mountpoint -q /dev/shm; then mnt "$dir/dev/shm" --bind /dev/shm; fi
mnt "$dir/src" --bind "$here"

# ---- 2. packages (the README's setup script, as a user on that release runs it)
phase_begin packages
# setup-debian.sh fetches the package lists only when debootstrap's are stale,
# and retries apt; ccache then comes from the same lists.
in_chroot 'bash /src/Testing/setup-debian.sh --packages-only && apt-get install -y -qq ccache' >>"$log" 2>&1 ||
  { tail -30 "$log"; echo "chroot-ci: installing packages failed (see $log)" >&2; exit 1; }
# CLOUDMAP_REQUIRE_OPENEMS, as Testing/run-tests.sh sets it: only where the release ships openEMS.
require_openems=0
if in_chroot 'bash /src/Testing/setup-debian.sh --ships-openems' >/dev/null 2>&1; then
  require_openems=1
else
  echo "   $suite ships no openEMS: the openEMS tests are skipped"
fi
in_chroot 'dpkg-query -W -f="\${Version}" paraview; echo " (ParaView)"' | sed 's/^/   /'
phase_end

# ---- 3. build
phase_begin build
in_chroot "CLOUDMAP_BUILD_DIR=/src/$bdir bash /src/Testing/setup-debian.sh" >>"$log" 2>&1 ||
  { tail -40 "$log"; echo "chroot-ci: the build failed" >&2; exit 1; }
phase_end

# ---- 4. tests
phase_begin tests
set +e
in_chroot "cd /src/$bdir && CLOUDMAP_REQUIRE_OPENEMS=$require_openems bash ../Testing/xvfb-run-private.sh \
  ctest -E 'fuzz|sanitize|valgrind|bench|PyFractalsBench' --output-on-failure --timeout 900 --repeat until-pass:2" \
  > "$here/.ci-chroots/$bdir.ctest.log" 2>&1
test_rc=$?
set -e
phase_end
cat "$here/.ci-chroots/$bdir.ctest.log" >> "$log"
{ grep -E '^[[:space:]]*[0-9]+ - |tests passed' "$here/.ci-chroots/$bdir.ctest.log" || true; } | sed 's/^/   /'
counts=$(sed -n 's/.*tests passed, \([0-9]*\) tests* failed out of \([0-9]*\).*/\1 \2/p' \
  "$here/.ci-chroots/$bdir.ctest.log" | tail -n 1)
# Each skipped test with the reason it printed (its "SKIP: ..." line in ctest's log).
skipped=$(sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (Skipped)$/\1/p' "$here/.ci-chroots/$bdir.ctest.log" | sort -u)
for t in $skipped; do
  reason=$(awk -v t="$t" '$0 ~ "^[0-9]+/[0-9]+ Test: " && $3 == t {on=1} on && /SKIP:/ {print; exit}' \
    "$here/$bdir/Testing/Temporary/LastTest.log" 2>/dev/null)
  echo "   skipped: $t (${reason:-no reason printed})"
done
summary
if [ -n "$counts" ]; then
  read -r failed total <<<"$counts"
  nskip=$(wc -w <<<"$skipped")
  echo "== [$suite] of $total tests: $((total - failed - nskip)) passed, $nskip skipped, $failed failed"
else
  echo "== [$suite] no ctest summary (see $log)"
  test_rc=1
fi
exit $test_rc
