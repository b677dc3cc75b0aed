#!/usr/bin/env bash
# Installs, with apt, whatever CloudMap needs that is missing on Debian 12,
# then configures and builds the plugin in ./build (or $CLOUDMAP_BUILD_DIR).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CLOUDMAP_BUILD_DIR:-$here/build}"

packages=(
  build-essential cmake git python3 xvfb xauth nec2c openmpi-bin clang-14 libclang-rt-14-dev valgrind
  paraview paraview-dev python3-paraview
  qtbase5-dev qttools5-dev libqt5svg5-dev libqt5opengl5-dev libqt5x11extras5-dev
  qtxmlpatterns5-dev-tools libutfcpp-dev libhdf5-openmpi-dev libhdf5-dev libogg-dev
  libtheora-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libgdal-dev
  libgl2ps-dev libglew-dev libjpeg-dev liblz4-dev liblzma-dev libnetcdf-dev libpng-dev
  libtiff-dev libexpat1-dev libfreetype-dev libdouble-conversion-dev libxml2-dev python3-dev
  libopenmpi-dev libeigen3-dev libboost-dev libx11-dev libgl-dev
  python3-matplotlib
  openems python3-openems python3-h5py # the openEMS reader's test (py.openems_dipole)
)
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

echo "== building CloudMap in $build"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCLOUDMAP_SANITIZER_TESTS=ON >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j"$(nproc)"
