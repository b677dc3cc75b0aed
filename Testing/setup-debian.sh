#!/usr/bin/env bash
# Installs, with apt, whatever CloudMap needs that is missing on this Debian
# release (12 bookworm: ParaView 5.11 / Qt 5; 13 trixie: ParaView 5.13 / Qt 6;
# unstable: ParaView 6.1 on the system VTK / Qt 6), then configures and builds
# the plugin in ./build (or $CLOUDMAP_BUILD_DIR).
#   bash Testing/setup-debian.sh [--packages-only]
set -euo pipefail
packages_only=0
[ "${1:-}" = --packages-only ] && packages_only=1
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
  python3-matplotlib
  openems python3-openems python3-h5py # the openEMS reader's test (py.openems_dipole)
)
case "$release" in
  12)
    # Qt 5; clang-14 for the libFuzzer job; xmlpatterns makes the help pages.
    packages+=(clang-14 libclang-rt-14-dev qtbase5-dev qttools5-dev libqt5svg5-dev libqt5opengl5-dev
               libqt5x11extras5-dev qtxmlpatterns5-dev-tools) ;;
  *)
    # Qt 6 (ParaView 5.13 and later); the help pages are made with xsltproc.
    packages+=(qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-svg-dev qt6-5compat-dev)
    # ParaView 6 on Debian builds against the system VTK (vtkEventQtSlotConnect.h is in -qt-dev).
    if [ "$release" = unstable ] || [ "${release%%.*}" -ge 14 ] 2>/dev/null; then
      packages+=(libvtk9-dev libvtk9-qt-dev)
    fi ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

((packages_only)) && exit 0

echo "== building CloudMap in $build"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCLOUDMAP_SANITIZER_TESTS=ON >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j"${CLOUDMAP_JOBS:-$(nproc)}"
