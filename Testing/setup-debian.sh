#!/usr/bin/env bash
# Installs, with apt, whatever CloudMap needs that is missing on this Debian
# release (12 bookworm: ParaView 5.11 / Qt 5; 13 trixie: ParaView 5.13 / Qt 6;
# unstable: ParaView 6.1 on the system VTK / Qt 6), then configures and builds
# the plugin in ./build (or $CLOUDMAP_BUILD_DIR).
# openEMS (openems, python3-openems) is installed only where the release ships
# it (Debian 12; not 13 nor unstable): there its tests are skipped.
#   bash Testing/setup-debian.sh [--packages-only | --ships-openems]
# --ships-openems installs nothing and exits 0 when this release has openEMS.
# Network steps (apt-get update/install) are retried 3 times; a mirror that
# stays unreachable fails with a message naming it.
set -euo pipefail
packages_only=0 ships_openems=0
case "${1:-}" in
  --packages-only) packages_only=1 ;;
  --ships-openems) ships_openems=1 ;;
esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CLOUDMAP_BUILD_DIR:-$here/build}"

# The release: VERSION_ID is 12 or 13; testing/unstable have none.
release=unstable
if [ -r /etc/os-release ]; then
  . /etc/os-release
  case "${VERSION_ID:-}" in
    12|13) release="$VERSION_ID" ;;
    "") release=unstable ;;
    *) release="$VERSION_ID" ;;
  esac
fi
echo "== Debian release: $release"

packages=(
  build-essential cmake git python3 python3-dev xvfb xauth nec2c openmpi-bin libopenmpi-dev valgrind
  paraview paraview-dev python3-paraview xsltproc
  libutfcpp-dev libhdf5-openmpi-dev libhdf5-dev libogg-dev
  libtheora-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libgdal-dev
  libgl2ps-dev libglew-dev libjpeg-dev liblz4-dev liblzma-dev libnetcdf-dev libpng-dev
  libtiff-dev libexpat1-dev libfreetype-dev libdouble-conversion-dev libxml2-dev
  libeigen3-dev libboost-dev libx11-dev libgl-dev
  python3-matplotlib python3-scikit-rf # Readers.PyTouchstoneSkrf: scikit-rf as the Touchstone oracle
  python3-h5py
  libfast-float-dev # the readers' number parser (Filters/Common/Core/cmScanDouble.cpp)
)
# Does this release have openEMS? The archive decides (apt-cache policy) when
# apt has package lists; without lists, the release number does (only Debian 12).
has_openems() {
  if apt-cache policy paraview 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    apt-cache policy openems 2>/dev/null | grep -q 'Candidate: [0-9]'
  else
    [ "$release" = 12 ]
  fi
}
if ((ships_openems)); then has_openems; exit $?; fi
case "$release" in
  12)
    # Qt 5; clang-14 for the libFuzzer job; clang-format-14 for ctest
    # lint.ClangFormat; xmlpatterns makes the help pages.
    packages+=(clang-14 clang-format-14 libclang-rt-14-dev qtbase5-dev qttools5-dev libqt5svg5-dev libqt5opengl5-dev
               libqt5x11extras5-dev qtxmlpatterns5-dev-tools) ;;
  *)
    # Qt 6 (ParaView 5.13 and later); the help pages are made with xsltproc.
    # qt6-svg-plugins: ParaView's toolbar icons are SVG (without it, with no
    # recommends, the Qt 6 GUI shows text buttons).
    packages+=(qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-svg-dev qt6-5compat-dev qt6-svg-plugins)
    # ParaView 6 on Debian builds against the system VTK (vtkEventQtSlotConnect.h is in -qt-dev).
    if [ "$release" = unstable ] || [ "${release%%.*}" -ge 14 ] 2>/dev/null; then
      packages+=(libvtk9-dev libvtk9-qt-dev)
    fi ;;
esac
# apt-get with retries (a mirror that is briefly unreachable); the message names
# the sources when it stays so.
apt_retry() {
  local i
  for i in 1 2 3; do
    $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Retries=3 -o Acquire::Languages=none "$@" && return 0
    echo "== apt-get $1 failed (attempt $i of 3)" >&2
    sleep $((i * 10))
  done
  echo "setup-debian: apt-get $1 failed 3 times: is the Debian mirror reachable? ($(grep -rhoE 'https?://[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | sort -u | tr '\n' ' '))" >&2
  return 1
}
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
is_missing() { ! dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${packages[@]}"; do is_missing "$p" && missing+=("$p"); done
# The package lists are fetched when apt has none, or when something is to be
# installed and they are older than an hour (so a fresh chroot's lists, just
# fetched, are not fetched again).
fresh_lists() { find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | grep -q .; }
if ! apt-cache policy paraview 2>/dev/null | grep -q 'Candidate: [0-9]' ||
   { ((${#missing[@]})) && ! fresh_lists; }; then
  apt_retry update -qq
fi
if has_openems; then
  for p in openems python3-openems; do is_missing "$p" && missing+=("$p"); done
else
  echo "== Debian $release ships no openEMS: not installed; its tests (Readers.PyOpenEms*) will be skipped"
fi
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  apt_retry install -y -qq --no-install-recommends "${missing[@]}"
fi

((packages_only)) && exit 0

echo "== building CloudMap in $build"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCLOUDMAP_SANITIZER_TESTS=ON >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j"${CLOUDMAP_JOBS:-$(nproc)}"
